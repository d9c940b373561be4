import type { Localized } from '@sqltune/contracts';
import type { TableStatistics } from './types.ts';

/**
 * A column's value distribution as PostgreSQL's statistics take it (most common values with their frequencies,
 * histogram bounds, correlation), values as text in the column type's input syntax. Both PostgreSQL injectors
 * (PGlite's pg_restore_attribute_stats and PostgreSQL 15's pg_statistic writer) read it.
 */
export interface ColumnDistribution {
  mostCommonValues?: string[];
  mostCommonFrequencies?: number[];
  /** Sorted ascending, at least two. */
  histogramBounds?: string[];
  /** Physical order vs. sort order, -1..1 (ANALYZE's correlation). */
  correlation?: number;
}

/**
 * ANALYZE's WIDTH_THRESHOLD: it keeps no value wider than this (in bytes) among the most common values or the
 * histogram bounds, so statistics read from a real database never hold one. A wider value is left out here too:
 * the type's input function (run by the server on every value) then never reads a user's megabyte, nor JSON or an
 * array nested thousands deep (which hung the embedded PostgreSQL past its request timeout).
 */
export const MAX_STATISTICS_VALUE_BYTES = 1024;

const fits = (value: string) => Buffer.byteLength(value, 'utf8') <= MAX_STATISTICS_VALUE_BYTES;

/** How many of the column's most common values and histogram bounds are too wide to inject (left out). */
export function tooWideValues(column: TableStatistics['columns'][number]): number {
  const values = [...(column.mostCommonValues ?? []).map((m) => m.value), ...(column.histogramBounds ?? [])];
  return values.filter((value) => !fits(value)).length;
}

/** The note that says which values were left out, so a plan's estimate is not read as resting on them. */
export function tooWideNote(table: string, column: string, count: number, limitBytes: number): Localized {
  return {
    zh: `统计信息中 ${table}.${column} 有 ${count} 个值（最常见值或直方图边界）超过 ${limitBytes} 字节，已忽略（数据库的 ANALYZE 也不保存这样宽的值）`,
    en: `${count} value(s) of ${table}.${column} (most common values or histogram bounds) are wider than ${limitBytes} bytes and were left out (the database's own ANALYZE keeps none so wide)`,
  };
}

/** The distribution part of one column's statistics, or undefined when there is none. */
export function distributionOf(column: TableStatistics['columns'][number]): ColumnDistribution | undefined {
  const { correlation } = column;
  const mostCommonValues = column.mostCommonValues?.filter((m) => fits(m.value));
  const histogramBounds = column.histogramBounds?.filter(fits);
  const distribution: ColumnDistribution = {};
  if (mostCommonValues?.length) {
    distribution.mostCommonValues = mostCommonValues.map((m) => m.value);
    distribution.mostCommonFrequencies = mostCommonValues.map((m) => m.frequency);
  }
  if (histogramBounds && histogramBounds.length >= 2) distribution.histogramBounds = histogramBounds;
  if (correlation !== undefined && Number.isFinite(correlation))
    distribution.correlation = Math.max(-1, Math.min(1, correlation));
  return Object.keys(distribution).length > 0 ? distribution : undefined;
}

/** A PostgreSQL array literal of text elements, every element quoted. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
