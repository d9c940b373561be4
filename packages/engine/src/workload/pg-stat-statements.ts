import { type Cell, type OutputRow, type OutputTable, readClientOutput } from '../schema/client-output.ts';
import { readNumber, type Workload, type WorkloadEntry, workloadError } from './model.ts';

/**
 * `pg_stat_statements` as psql prints it (aligned, `\x` expanded, `-A` unaligned) or as `\copy (...) TO STDOUT
 * WITH CSV HEADER` writes it. Columns read: query, calls, total_exec_time (PostgreSQL 13+) or total_time (older),
 * else mean_exec_time / mean_time times calls; rows when present. Other columns are ignored.
 */
export function readPgStatStatements(text: string): Workload {
  const csv = looksLikeCsv(text);
  const table = csv ? readCsv(text, csv) : findTable(text);
  const column = (...names: string[]) => {
    for (const name of names) {
      const index = table.headers.findIndex((h) => h.toLowerCase() === name);
      if (index >= 0) return index;
    }
    return -1;
  };
  const query = column('query');
  const calls = column('calls');
  const total = column('total_exec_time', 'total_time');
  const mean = column('mean_exec_time', 'mean_time');
  const rows = column('rows');
  if (total < 0 && mean < 0) {
    throw workloadError(
      { line: table.line, column: 1 },
      'pg_stat_statements needs a time column: total_exec_time (or total_time, mean_exec_time)',
      'pg_stat_statements 需要耗时列：total_exec_time（或 total_time、mean_exec_time）',
    );
  }
  const entries: WorkloadEntry[] = [];
  let skipped = 0;
  for (const row of csv ? table.rows : joinWrappedCells(table.rows, query)) {
    const queryCell = row.cells[query]!;
    if (!queryCell.text.trim() || queryCell.text.trim() === '<insufficient privilege>') {
      skipped++;
      continue;
    }
    const callCount = readNumber(row.cells[calls]!.text, row.cells[calls]!, 'calls');
    const totalMs =
      total >= 0
        ? readNumber(row.cells[total]!.text, row.cells[total]!, 'total_exec_time')
        : readNumber(row.cells[mean]!.text, row.cells[mean]!, 'mean_exec_time') * callCount;
    entries.push({
      text: queryCell.text.trim(),
      calls: callCount,
      totalMs,
      ...(rows >= 0 && row.cells[rows]!.text.trim()
        ? { rows: readNumber(row.cells[rows]!.text, row.cells[rows]!, 'rows') }
        : {}),
      line: queryCell.line,
      column: queryCell.column,
      truncated: false,
    });
  }
  return { format: 'pg_stat_statements', entries, skipped };
}

const isStatsHeader = (headers: string[]) => {
  const lower = headers.map((h) => h.toLowerCase());
  return lower.includes('query') && lower.includes('calls');
};

function findTable(text: string): OutputTable {
  const { pieces } = readClientOutput(text, (headers) => (isStatsHeader(headers) ? { multiline: true } : undefined));
  for (const piece of pieces) if (piece.kind === 'table' && isStatsHeader(piece.table.headers)) return piece.table;
  throw workloadError(
    { line: 1, column: 1 },
    'no pg_stat_statements result with the columns query and calls was found',
    '未找到包含 query 和 calls 列的 pg_stat_statements 结果',
  );
}

/** psql's aligned layout wraps a cell with newlines onto the next lines, marking each wrapped line with `+`. */
function joinWrappedCells(rows: OutputRow[], query: number): OutputRow[] {
  const joined: OutputRow[] = [];
  let wrapping: Cell | undefined;
  for (const row of rows) {
    const cell = row.cells[query]!;
    if (wrapping) {
      wrapping.text = `${wrapping.text.replace(/\s*\+$/, '')}\n${cell.text}`;
    } else {
      joined.push({ line: row.line, cells: row.cells.map((c) => ({ ...c })) });
    }
    const current = joined.at(-1)!.cells[query]!;
    wrapping = current.text.endsWith('+') ? current : undefined;
  }
  return joined;
}

/** A CSV header naming query and calls (the `\copy ... CSV HEADER` form): its line index, else undefined. */
function looksLikeCsv(text: string): { start: number } | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() !== '');
  if (start < 0) return undefined;
  const header = lines[start]!;
  if (header.includes('|') || header.includes('\t') || !header.includes(',')) return undefined;
  return isStatsHeader(header.split(',').map((h) => h.trim().replace(/^"|"$/g, ''))) ? { start } : undefined;
}

/** RFC 4180 as PostgreSQL writes it: fields quoted with `"` when they hold a comma, quote or newline. */
function readCsv(text: string, { start }: { start: number }): OutputTable {
  const records: Cell[][] = [];
  let line = 1;
  let column = 1;
  let i = 0;
  for (let skip = 0; skip < start; skip++) {
    i = text.indexOf('\n', i) + 1;
    line++;
  }
  let record: Cell[] = [];
  while (i <= text.length) {
    const cell: Cell = { text: '', line, column };
    if (text[i] === '"') {
      i++;
      column++;
      for (;;) {
        if (i >= text.length) throw workloadError(cell, 'a quoted CSV field is not closed', 'CSV 字段的引号没有闭合');
        const c = text[i]!;
        if (c === '"' && text[i + 1] === '"') {
          cell.text += '"';
          i += 2;
          column += 2;
        } else if (c === '"') {
          i++;
          column++;
          break;
        } else {
          cell.text += c;
          i++;
          if (c === '\n') {
            line++;
            column = 1;
          } else column++;
        }
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\n') {
        cell.text += text[i];
        i++;
        column++;
      }
    }
    record.push(cell);
    if (text[i] === ',') {
      i++;
      column++;
      continue;
    }
    if (record.length > 1 || record[0]!.text.trim() !== '') records.push(record);
    record = [];
    i++;
    line++;
    column = 1;
  }
  const [header, ...rows] = records;
  const headers = header!.map((c) => c.text.trim());
  for (const row of rows) {
    if (row.length !== headers.length) {
      throw workloadError(
        row[0]!,
        `this CSV row has ${row.length} fields, the header ${headers.length}`,
        `该 CSV 行有 ${row.length} 个字段，表头有 ${headers.length} 个`,
      );
    }
  }
  return {
    layout: 'delimited',
    headers,
    rows: rows.map((cells) => ({ line: cells[0]!.line, cells })),
    line: header![0]!.line,
  };
}
