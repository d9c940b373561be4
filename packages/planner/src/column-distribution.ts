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
