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

/** The distribution part of one column's statistics, or undefined when there is none. */
export function distributionOf(column: TableStatistics['columns'][number]): ColumnDistribution | undefined {
  const { mostCommonValues, histogramBounds, correlation } = column;
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
