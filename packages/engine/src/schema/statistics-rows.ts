import type { Cell, OutputRow, OutputTable } from './client-output.ts';
import { readClientOutput } from './client-output.ts';
import { statisticsError } from './input-errors.ts';
import type { ColumnStatistics } from './model.ts';
import { cellReader, classifyOutput, outputKind } from './output-kinds.ts';
import { cardinalityFacts, readPastedIndexes } from './pasted-indexes.ts';
import { parsePgArray } from './pg-array.ts';
import { cellNumber, checkColumnStatistics, noFacts, type StatisticsFacts } from './statistics-facts.ts';
import { isStatsComment, statsCommentFacts } from './stats-comments.ts';

const accepted =
  'JSON ({"tables": ...}) or the pasted output of SHOW TABLE STATUS, SHOW INDEX, information_schema.TABLES / STATISTICS / COLUMNS, pg_class or pg_stats';
const acceptedZh =
  'JSON（{"tables": ...}），或 SHOW TABLE STATUS、SHOW INDEX、information_schema.TABLES / STATISTICS / COLUMNS、pg_class、pg_stats 的输出';

/**
 * Statistics pasted as client output (see client-output.ts for the layouts), one or more results one after
 * another, told apart by their headers; `-- sqltune:stats` lines may sit between them.
 */
export function statisticsFactsFromRows(text: string): StatisticsFacts {
  const facts = noFacts();
  for (const piece of readClientOutput(text, classifyOutput).pieces) {
    if (piece.kind === 'text') readTextLines(piece.text, piece.line, facts);
    else readResult(piece.table, facts);
  }
  return facts;
}

function readTextLines(text: string, firstLine: number, facts: StatisticsFacts): void {
  text.split('\n').forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed || isStatsComment(line)) return;
    if (trimmed.startsWith('--') || trimmed.startsWith('#')) return;
    const column = line.length - line.trimStart().length + 1;
    throw statisticsError(
      'stats',
      { line: firstLine + i, column },
      `cannot read this line; statistics are ${accepted}, with a header line`,
      `无法识别此行；统计信息应为${acceptedZh}，并带表头行`,
    );
  });
  statsCommentFacts(text, firstLine, 'stats', facts);
}

function readResult(table: OutputTable, facts: StatisticsFacts): void {
  const kind = outputKind(table.headers);
  const at = { line: table.line, column: 1 };
  if (kind === 'create-table') {
    throw statisticsError(
      'stats',
      at,
      'this is SHOW CREATE TABLE output: it belongs in the table structure',
      '这是 SHOW CREATE TABLE 的输出，应填写在表结构中',
    );
  }
  if (!kind) {
    throw statisticsError(
      'stats',
      at,
      `cannot tell which result this is (columns ${table.headers.join(', ')}); expected ${accepted}`,
      `无法识别该结果（列为 ${table.headers.join(', ')}）；应为${acceptedZh}`,
    );
  }
  if (kind === 'indexes') cardinalityFacts(readPastedIndexes(table, 'stats'), false, facts);
  else readers[kind](table, facts);
}

type Reader = (table: OutputTable, facts: StatisticsFacts) => void;

const readers: Record<'table-status' | 'tables' | 'columns' | 'pg-class' | 'pg-stats', Reader> = {
  'table-status': (table, facts) => {
    const cell = cellReader(table);
    for (const row of table.rows) {
      // Views are listed too, with no engine and no rows.
      if (cell(row, 'comment')?.text.toUpperCase() === 'VIEW') continue;
      rowCount(cell(row, 'name'), cell(row, 'rows'), 'Rows', facts);
    }
  },
  tables: (table, facts) => {
    const cell = cellReader(table);
    for (const row of table.rows) {
      if (/VIEW/i.test(cell(row, 'table_type')?.text ?? '')) continue;
      rowCount(cell(row, 'table_name'), cell(row, 'table_rows'), 'TABLE_ROWS', facts);
    }
  },
  columns: (table, facts) => {
    const cell = cellReader(table);
    for (const row of table.rows) {
      const tableCell = cell(row, 'table_name')!;
      const column = cell(row, 'column_name')!;
      if (!tableCell.text || !column.text) continue;
      const nullable = cell(row, 'is_nullable');
      const said = nullable?.text.toUpperCase();
      facts.checks.push({
        table: tableCell.text,
        column: column.text,
        at: column,
        ...(nullable && (said === 'YES' || said === 'NO') ? { nullable: { value: said === 'YES', at: nullable } } : {}),
      });
    }
  },
  'pg-class': (table, facts) => {
    const cell = cellReader(table);
    for (const row of table.rows) {
      // Indexes, sequences, views and TOAST tables are pg_class rows as well.
      const kind = cell(row, 'relkind')?.text;
      if (kind && kind !== 'r' && kind !== 'p') continue;
      const tuples = cell(row, 'reltuples');
      const name = cell(row, 'relname');
      if (tuples && cellNumber(tuples, 'stats', 'reltuples') === -1) {
        throw statisticsError(
          'stats',
          tuples,
          `reltuples is -1: PostgreSQL has not analysed ${name?.text} yet; run ANALYZE ${name?.text} and copy the rows again`,
          `reltuples 为 -1：PostgreSQL 尚未分析 ${name?.text}；请执行 ANALYZE ${name?.text} 后重新复制`,
        );
      }
      rowCount(name, tuples, 'reltuples', facts);
    }
  },
  'pg-stats': (table, facts) => {
    const cell = cellReader(table);
    // A parent of inheritance children has two rows per column; the one without the children describes its own rows.
    const own = (row: OutputRow) => cell(row, 'inherited')?.text !== 't';
    const key = (row: OutputRow) => `${cell(row, 'tablename')?.text}\u0000${cell(row, 'attname')?.text}`;
    const hasOwn = new Set(table.rows.filter(own).map(key));
    for (const row of table.rows) {
      if (!own(row) && hasOwn.has(key(row))) continue;
      const tableCell = cell(row, 'tablename')!;
      const column = cell(row, 'attname')!;
      if (!tableCell.text || !column.text) continue;
      facts.columns.push({
        table: tableCell.text,
        column: column.text,
        statistics: pgColumnStatistics(row, cell),
        at: column,
      });
    }
  },
};

function rowCount(name: Cell | undefined, rows: Cell | undefined, what: string, facts: StatisticsFacts): void {
  const count = cellNumber(rows, 'stats', what);
  if (!name?.text || count === undefined) return;
  if (count < 0) throw statisticsError('stats', rows!, `${what} must be >= 0`, `${what} 应不小于 0`);
  facts.rowCounts.push({ table: name.text, rows: count, at: name });
}

function pgColumnStatistics(
  row: OutputRow,
  cell: (row: OutputRow, ...names: string[]) => Cell | undefined,
): Omit<ColumnStatistics, 'column'> {
  const stats: Omit<ColumnStatistics, 'column'> = {};
  const distinct = cellNumber(cell(row, 'n_distinct'), 'stats', 'n_distinct');
  // 0 is PostgreSQL's "unknown".
  if (distinct) stats.distinct = distinct;
  const nulls = cellNumber(cell(row, 'null_frac'), 'stats', 'null_frac');
  if (nulls !== undefined) stats.nullFraction = nulls;
  const width = cellNumber(cell(row, 'avg_width'), 'stats', 'avg_width');
  if (width !== undefined) stats.averageWidth = width;
  const valuesCell = cell(row, 'most_common_vals');
  const freqsCell = cell(row, 'most_common_freqs');
  const values = arrayCell(valuesCell);
  const freqs = arrayCell(freqsCell);
  if (values || freqs) {
    if (!values || !freqs || values.length !== freqs.length) {
      throw statisticsError(
        'stats',
        (freqs ? freqsCell : valuesCell)!,
        `most_common_vals has ${values?.length ?? 0} values but most_common_freqs has ${freqs?.length ?? 0}`,
        `most_common_vals 有 ${values?.length ?? 0} 个值，most_common_freqs 却有 ${freqs?.length ?? 0} 个`,
      );
    }
    stats.mostCommonValues = values.map((value, i) => ({
      value,
      frequency: cellNumber({ ...freqsCell!, text: freqs[i]! }, 'stats', 'most_common_freqs') ?? Number.NaN,
    }));
  }
  const bounds = arrayCell(cell(row, 'histogram_bounds'));
  if (bounds) stats.histogramBounds = bounds;
  const problem = checkColumnStatistics(stats);
  if (problem) {
    const at = {
      distinct: 'n_distinct',
      nullFraction: 'null_frac',
      averageWidth: 'avg_width',
      mostCommonValues: 'most_common_freqs',
      histogramBounds: 'histogram_bounds',
    }[problem.value];
    throw statisticsError('stats', cell(row, at) ?? { line: row.line, column: 1 }, problem.en, problem.zh);
  }
  return stats;
}

/** PostgreSQL array text in a cell; undefined when the cell is empty. NULL elements are not statistics. */
function arrayCell(cell: Cell | undefined): string[] | undefined {
  if (!cell?.text) return undefined;
  const parsed = parsePgArray(cell.text);
  if ('error' in parsed) {
    throw statisticsError(
      'stats',
      { line: cell.line, column: cell.column + parsed.offset },
      `cannot read the array: ${parsed.error}`,
      '无法读取 PostgreSQL 数组',
    );
  }
  if (parsed.values.some((v) => v === null)) {
    throw statisticsError('stats', cell, 'NULL cannot be a statistics value', 'NULL 不能作为统计值');
  }
  return parsed.values as string[];
}
