import type { Dialect } from '@sqltune/contracts';
import { columnStatistics, findColumn, type TableDef } from '../schema/model.ts';

/**
 * Bytes a column takes in an index entry: the statistics' average width when given, else a typical width for
 * its type (strings are guessed at 16 bytes: the declared length is a maximum, not what rows hold).
 */
function columnWidth(table: TableDef, column: string): number {
  const stats = columnStatistics(table, column);
  if (stats?.averageWidth !== undefined && stats.averageWidth > 0) return stats.averageWidth;
  const type = findColumn(table, column)?.type ?? '';
  if (/^(TINYINT|BOOL|BOOLEAN)$/.test(type)) return 1;
  if (/^(SMALLINT|YEAR)$/.test(type)) return 2;
  if (/^(INT|INTEGER|MEDIUMINT|SERIAL|REAL|FLOAT|DATE)$/.test(type)) return 4;
  if (/^(BIGINT|BIGSERIAL|DOUBLE|DATETIME|TIMESTAMP|TIMESTAMPTZ|TIME)$/.test(type)) return 8;
  if (/^(DECIMAL|NUMERIC)$/.test(type)) return 8;
  if (type === 'UUID') return 16;
  return 16;
}

/** Leaf pages are filled to about this share (B-tree leaves after random inserts settle near 70-90%). */
const FILL = 0.8;

/**
 * Estimated size of a B-tree index on `columns` once the table holds the statistics' row count: entries of key
 * width plus per-entry overhead (PostgreSQL: 8-byte tuple header + 4-byte line pointer, aligned to 8; InnoDB: a
 * 5-byte record header, a 2-byte directory share and the primary key columns every secondary entry carries),
 * over the fill factor, plus about 1% of inner pages. Undefined when the statistics give no row count: the
 * size would be a guess of a guess.
 */
export function estimatedIndexBytes(dialect: Dialect, table: TableDef, columns: string[]): number | undefined {
  const rows = table.statistics?.rows;
  if (rows === undefined) return undefined;
  const key = columns.reduce((sum, column) => sum + columnWidth(table, column), 0);
  let entry: number;
  if (dialect === 'postgresql') {
    entry = Math.ceil((8 + key) / 8) * 8 + 4;
  } else {
    const primary = table.indexes.find((index) => index.primary)?.columns ?? [];
    const carried = primary
      .filter((c) => !columns.some((k) => k.toLowerCase() === c.toLowerCase()))
      .reduce((sum, column) => sum + columnWidth(table, column), primary.length === 0 ? 6 : 0);
    entry = 5 + 2 + key + carried;
  }
  return Math.round(((rows * entry) / FILL) * 1.01);
}

/**
 * Estimated size of a table's rows once it holds the statistics' row count: column widths plus a row header of
 * about 24 bytes (PostgreSQL's tuple header; InnoDB's is close with its hidden columns). 0 without a row count.
 */
export function estimatedTableBytes(table: TableDef): number {
  const rows = table.statistics?.rows ?? 0;
  const width = table.columns.reduce((sum, column) => sum + columnWidth(table, column.name), 24);
  return rows * width;
}
