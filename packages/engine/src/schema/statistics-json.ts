import { AppError, ErrorCode } from '@sqltune/contracts';
import { positionAt } from '../text/position.ts';
import type { ColumnStatistics, SchemaModel, TableStatistics } from './model.ts';
import { findTable } from './model.ts';

/**
 * Statistics as JSON, the form scripts produce:
 *   {"tables": {"orders": {"rows": 10000000, "columns": {"o_custkey": {"ndv": 1000, "null_frac": 0, "avg_width": 4}}}}}
 * `ndv` may be negative (a fraction of the rows, as PostgreSQL's n_distinct). Unknown tables and
 * malformed values are 4203 errors that name the path (`tables.orders.rows`).
 */
export function parseStatisticsJson(text: string): TableStatistics[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec(String((error as Error).message))?.[1] ?? 0);
    throw statsError(
      `invalid JSON: ${(error as Error).message}`,
      `JSON 格式错误：${(error as Error).message}`,
      positionAt(text, offset),
    );
  }
  const tables = isObject(value) ? value.tables : undefined;
  if (!isObject(tables)) throw statsError('expected {"tables": {...}}', '应为 {"tables": {...}} 格式');
  return Object.entries(tables).map(([table, entry]) => tableStatistics(table, entry));
}

function tableStatistics(table: string, entry: unknown): TableStatistics {
  if (!isObject(entry)) throw statsError(`tables.${table} must be an object`, `tables.${table} 应为对象`);
  const rows = entry.rows;
  if (typeof rows !== 'number' || !Number.isFinite(rows) || rows < 0) {
    throw statsError(`tables.${table}.rows must be a number >= 0`, `tables.${table}.rows 应为不小于 0 的数字`);
  }
  const columns = entry.columns === undefined ? {} : entry.columns;
  if (!isObject(columns))
    throw statsError(`tables.${table}.columns must be an object`, `tables.${table}.columns 应为对象`);
  return {
    table,
    rows,
    columns: Object.entries(columns).map(([column, stats]) =>
      columnStatistics(`tables.${table}.columns.${column}`, column, stats),
    ),
  };
}

const columnFields = { ndv: 'distinct', null_frac: 'nullFraction', avg_width: 'averageWidth' } as const;

function columnStatistics(path: string, column: string, stats: unknown): ColumnStatistics {
  if (!isObject(stats)) throw statsError(`${path} must be an object`, `${path} 应为对象`);
  const result: ColumnStatistics = { column };
  for (const [key, field] of Object.entries(columnFields)) {
    const value = stats[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw statsError(`${path}.${key} must be a number`, `${path}.${key} 应为数字`);
    }
    result[field] = value;
  }
  if (result.nullFraction !== undefined && (result.nullFraction < 0 || result.nullFraction > 1)) {
    throw statsError(`${path}.null_frac must be between 0 and 1`, `${path}.null_frac 应在 0 到 1 之间`);
  }
  return result;
}

/** Puts JSON statistics onto the schema's tables; they win over `-- sqltune:stats` lines for the same table. */
export function mergeStatistics(schema: SchemaModel, statistics: TableStatistics[]): void {
  for (const stats of statistics) {
    const table = findTable(schema, stats.table);
    if (!table) {
      throw statsError(
        `tables.${stats.table}: no such table in the table structure`,
        `tables.${stats.table}：表结构中没有该表`,
      );
    }
    table.statistics = { ...stats, table: table.name };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function statsError(en: string, zh: string, at: { line: number; column: number } = { line: 1, column: 1 }): AppError {
  return new AppError(ErrorCode.TABLE_STRUCTURE_INVALID, {
    field: 'stats',
    ...at,
    message: { zh: `统计信息有误：${zh}`, en: `statistics: ${en}` },
  });
}
