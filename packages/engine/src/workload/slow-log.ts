import type { Dialect } from '@sqltune/contracts';
import { codeTokens, lex } from '../text/lexer.ts';
import { readNumber, type Workload, type WorkloadEntry, workloadError } from './model.ts';

/** Lines the server writes around a statement that are not the statement: `use db;` and `SET timestamp=N;`. */
const sessionLine = /^\s*(?:use\s+\S+;|SET\s+timestamp\s*=\s*(?:\d+|N);)\s*$/i;

/** What the server writes at the top of the log at each start. */
const serverBanner = /^(?:\S+, Version: .*started with:|Tcp port: \d+|Time\s+Id\s+Command\s+Argument)\s*$/;

/**
 * mysqldumpslow / mariadb-dumpslow output: one block per normalized statement,
 * `Count: 40  Time=0.02s (0s)  Lock=... Rows_sent=10.0 (400), ...` and the statement indented under it (numbers as
 * `N`, strings as `'S'`). The total time is the average times the count (the total is printed rounded to seconds).
 */
export function readDumpSlow(text: string): Workload {
  const lines = text.split('\n');
  const entries: WorkloadEntry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^Count: (\S+)\s+Time=(\S+?)s \((\S+?)s\)(.*)$/.exec(lines[i]!);
    if (!head) continue;
    const at = { line: i + 1, column: 1 };
    const calls = readNumber(head[1]!, { line: i + 1, column: 8 }, 'Count');
    const average = readNumber(head[2]!, { line: i + 1, column: head[0].indexOf('Time=') + 6 }, 'Time');
    const rows = /Rows_sent=\S+ \((\d+)\)/.exec(head[4]!)?.[1];
    const affected = /Rows_affected=\S+ \((\d+)\)/.exec(head[4]!)?.[1];
    const body: string[] = [];
    let first = i + 2;
    for (let k = i + 1; k < lines.length && lines[k]!.trim() !== '' && !lines[k]!.startsWith('Count: '); k++) {
      if (sessionLine.test(lines[k]!)) continue;
      if (body.length === 0) first = k + 1;
      body.push(lines[k]!.replace(/^ {2}/, ''));
    }
    if (body.length === 0)
      throw workloadError(at, 'this Count: line has no statement under it', '该 Count: 行下面没有语句');
    entries.push({
      text: body.join('\n').trim(),
      calls,
      totalMs: average * calls * 1000,
      ...(rows !== undefined || affected !== undefined ? { rows: Number(rows ?? 0) + Number(affected ?? 0) } : {}),
      line: first,
      column: 3,
      truncated: false,
    });
  }
  if (entries.length === 0) {
    throw workloadError(
      { line: 1, column: 1 },
      'no "Count: N  Time=..." block was found',
      '未找到 "Count: N  Time=..." 段落',
    );
  }
  return { format: 'mysqldumpslow', entries, skipped: 0 };
}

/**
 * A raw MySQL/MariaDB slow query log: entries of `# Time:`, `# User@Host:`, `# Query_time: 0.02 Lock_time: ...
 * Rows_sent: 10 Rows_examined: ...` header lines and the statement up to the next header. Statements that differ only
 * in their literals are one statement (as a digest would count them); its first text, with real values, is kept.
 */
export function readSlowLog(text: string, dialect: Dialect = 'mysql'): Workload {
  const lines = text.split('\n');
  const byShape = new Map<string, WorkloadEntry>();
  let pending: { queryMs: number; rows: number } | undefined;
  let body: { line: number; lines: string[] } | undefined;
  const flush = () => {
    if (!pending || !body) return;
    const statement = body.lines.join('\n').trim().replace(/;\s*$/, '');
    if (statement) {
      const shape = shapeOf(statement, dialect);
      const entry = byShape.get(shape);
      if (entry) {
        entry.calls++;
        entry.totalMs += pending.queryMs;
        entry.rows = (entry.rows ?? 0) + pending.rows;
      } else {
        byShape.set(shape, {
          text: statement,
          calls: 1,
          totalMs: pending.queryMs,
          rows: pending.rows,
          line: body.line,
          column: 1,
          truncated: false,
        });
      }
    }
    pending = undefined;
    body = undefined;
  };
  let sawHeader = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('# ')) {
      const time = /^# Query_time: (\S+)\s+Lock_time: \S+\s+Rows_sent: (\S+)/.exec(line);
      if (time) {
        flush();
        sawHeader = true;
        const queryTime = readNumber(time[1]!, { line: i + 1, column: 15 }, 'Query_time');
        pending = {
          queryMs: queryTime * 1000,
          rows: readNumber(time[2]!, { line: i + 1, column: line.indexOf('Rows_sent') + 12 }, 'Rows_sent'),
        };
      } else if (body) flush();
      continue;
    }
    if (serverBanner.test(line)) {
      flush();
      continue;
    }
    if (!pending || sessionLine.test(line)) continue;
    body ??= { line: i + 1, lines: [] };
    body.lines.push(line);
  }
  flush();
  if (!sawHeader) {
    throw workloadError({ line: 1, column: 1 }, 'no "# Query_time:" line was found', '未找到 "# Query_time:" 行');
  }
  return { format: 'slow_log', entries: [...byShape.values()], skipped: 0 };
}

/** The statement with every literal made `?` and IN lists collapsed: what tells two runs of one statement apart. */
function shapeOf(statement: string, dialect: Dialect): string {
  return codeTokens(lex(statement, { mysql: dialect === 'mysql' }))
    .map((t) => (t.kind === 'string' || /^\d/.test(t.text) ? '?' : t.kind === 'word' ? t.text.toLowerCase() : t.text))
    .join(' ')
    .replace(/\? (?:, \? )+/g, '? ');
}
