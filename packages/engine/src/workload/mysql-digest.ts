import { readClientOutput } from '../schema/client-output.ts';
import { readNumber, type Workload, type WorkloadEntry, workloadError } from './model.ts';

/** performance_schema timers count picoseconds. */
const PICOSECONDS_PER_MS = 1e9;

/**
 * `performance_schema.events_statements_summary_by_digest` (MySQL 5.6+, MariaDB 10.0+) as the mysql/mariadb client
 * prints it: boxed (interactive, `-t`), `\G` vertical, or tab-separated (`-e`, `--batch`). Columns read:
 * DIGEST_TEXT, COUNT_STAR, SUM_TIMER_WAIT (picoseconds) and SUM_ROWS_SENT / SUM_ROWS_AFFECTED when present.
 * A digest cut at performance_schema_max_digest_length ends with `...` outside a value list: it is kept, marked
 * truncated, and not planned.
 */
export function readStatementsByDigest(text: string): Workload {
  const isDigestHeader = (headers: string[]) => {
    const upper = headers.map((h) => h.toUpperCase());
    return upper.includes('DIGEST_TEXT') && upper.includes('COUNT_STAR');
  };
  const { pieces } = readClientOutput(text, (headers) => (isDigestHeader(headers) ? { multiline: true } : undefined));
  const table = pieces.flatMap((p) => (p.kind === 'table' && isDigestHeader(p.table.headers) ? [p.table] : []))[0];
  if (!table) {
    throw workloadError(
      { line: 1, column: 1 },
      'no events_statements_summary_by_digest result with the columns DIGEST_TEXT and COUNT_STAR was found',
      '未找到包含 DIGEST_TEXT 和 COUNT_STAR 列的 events_statements_summary_by_digest 结果',
    );
  }
  const column = (name: string) => table.headers.findIndex((h) => h.toUpperCase() === name);
  const digest = column('DIGEST_TEXT');
  const count = column('COUNT_STAR');
  const wait = column('SUM_TIMER_WAIT');
  const sent = column('SUM_ROWS_SENT');
  const affected = column('SUM_ROWS_AFFECTED');
  if (wait < 0) {
    throw workloadError(
      { line: table.line, column: 1 },
      'events_statements_summary_by_digest needs the SUM_TIMER_WAIT column',
      'events_statements_summary_by_digest 需要 SUM_TIMER_WAIT 列',
    );
  }
  const entries: WorkloadEntry[] = [];
  let skipped = 0;
  for (const row of table.rows) {
    const cell = row.cells[digest]!;
    const digestText = cell.text.trim();
    if (!digestText || digestText === 'NULL') {
      skipped++;
      continue;
    }
    const rowsOf = (index: number) =>
      index >= 0 && row.cells[index]!.text.trim() ? readNumber(row.cells[index]!.text, row.cells[index]!, 'rows') : 0;
    const rows = rowsOf(sent) + rowsOf(affected);
    entries.push({
      text: digestText,
      calls: readNumber(row.cells[count]!.text, row.cells[count]!, 'COUNT_STAR'),
      totalMs: readNumber(row.cells[wait]!.text, row.cells[wait]!, 'SUM_TIMER_WAIT') / PICOSECONDS_PER_MS,
      ...(sent >= 0 || affected >= 0 ? { rows } : {}),
      line: cell.line,
      column: cell.column,
      truncated: digestText.endsWith('...') && !/[(,]\s*\.\.\.$/.test(digestText),
    });
  }
  return { format: 'statements_by_digest', entries, skipped };
}
