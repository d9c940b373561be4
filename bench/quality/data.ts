/**
 * The TPC-H data of the shared corpus, multiplied: copy k of every table (k = 0 .. scale-1) adds k * offset to
 * each key column (orderkey, custkey, partkey, suppkey; nation and region are not copied), so every join of the
 * original data matches within its copy and copies never join each other. Copy k also adds k cents to
 * l_extendedprice and o_totalprice: without that, the 20 copies of an order would tie exactly on revenue and
 * total price, and TPC-H's ORDER BY ... LIMIT queries (Q3, Q10, Q18) would return an arbitrary subset of the
 * tied rows, which a different (correct) plan may pick differently.
 */
import { TPCH_SCHEMA, tpchRows } from '../../packages/planner/src/test-support/tpch.ts';

/** Load order: referenced tables first (the PostgreSQL schema has foreign keys). */
export const TABLES = ['region', 'nation', 'part', 'supplier', 'partsupp', 'customer', 'orders', 'lineitem'] as const;
const NOT_COPIED = new Set(['region', 'nation']);
const KEY_FAMILIES = ['orderkey', 'custkey', 'partkey', 'suppkey'] as const;
const PERTURBED = new Set(['l_extendedprice', 'o_totalprice']);

export interface TableData {
  name: string;
  columns: string[];
  /** Rows of the multiplied table, generated on demand (values as text, as in the corpus). */
  rows(): Generator<string[]>;
  rowCount: number;
}

function keyFamily(column: string): string | undefined {
  const suffix = column.slice(column.indexOf('_') + 1);
  return (KEY_FAMILIES as readonly string[]).includes(suffix) ? suffix : undefined;
}

/** The corpus tables multiplied `scale` times, in load order. */
export function multipliedTables(scale: number): TableData[] {
  const corpus = new Map(TABLES.map((name) => [name, tpchRows(name)] as const));
  // Offset per key family: the next power of ten above the largest key, so copies are disjoint and readable.
  const max = new Map<string, number>();
  for (const { columns, rows } of corpus.values()) {
    columns.forEach((column, i) => {
      const family = keyFamily(column);
      if (!family) return;
      for (const row of rows) max.set(family, Math.max(max.get(family) ?? 0, Number(row[i])));
    });
  }
  const offsets = new Map([...max].map(([family, value]) => [family, 10 ** Math.ceil(Math.log10(value + 1))]));
  for (const [family, offset] of offsets) {
    if ((scale - 1) * offset + (max.get(family) ?? 0) > 2_147_483_647) {
      throw new Error(`scale ${scale} overflows INT for ${family} keys (offset ${offset})`);
    }
  }
  return TABLES.map((name) => {
    const { columns, rows } = corpus.get(name)!;
    const copies = NOT_COPIED.has(name) ? 1 : scale;
    const shift = columns.map((column) => {
      const family = keyFamily(column);
      return family ? offsets.get(family)! : 0;
    });
    const perturbed = columns.map((column) => PERTURBED.has(column));
    return {
      name,
      columns,
      rowCount: rows.length * copies,
      *rows() {
        for (let k = 0; k < copies; k++) {
          for (const row of rows) {
            if (k === 0) {
              yield row;
              continue;
            }
            yield row.map((value, i) => {
              if (shift[i]) return String(Number(value) + k * shift[i]!);
              if (perturbed[i]) return String((Math.round(Number(value) * 100) + k) / 100);
              return value;
            });
          }
        }
      },
    };
  });
}

/**
 * TPC-H_SCHEMA in MySQL syntax: INT, DECIMAL, CHAR/VARCHAR, DATE and the primary keys. No foreign keys: InnoDB
 * would create an index for each, and both databases should start from the same physical design (primary keys only).
 */
export function mysqlSchema(): string {
  const text = TPCH_SCHEMA.replace(/\s+REFERENCES \w+ \([\w, ]+\)/g, '')
    .replace(/,\n\s*FOREIGN KEY [^\n]*/g, '')
    .replace(/\binteger\b/g, 'INT')
    .replace(/\bnumeric\(/g, 'DECIMAL(')
    .replace(/\bvarchar\(/g, 'VARCHAR(')
    .replace(/\bchar\(/g, 'CHAR(')
    .replace(/\bdate\b/g, 'DATE');
  if (/REFERENCES|FOREIGN|integer|numeric/i.test(text))
    throw new Error('mysqlSchema: conversion left PostgreSQL syntax');
  return text;
}

/** Statistics measured in a loaded database. */
export interface MeasuredStatistics {
  rows: Map<string, number>;
  /** table -> column -> figures */
  columns: Map<string, Map<string, ColumnFigures>>;
}

export interface ColumnFigures {
  distinct: number;
  nulls?: number;
  width?: number;
  /** PostgreSQL array text of pg_stats, when the statistics come from PostgreSQL. */
  mostCommonValues?: string;
  mostCommonFrequencies?: number[];
  histogramBounds?: string;
}

/**
 * The distributions (most common values, histogram bounds) as the statistics field's JSON, pasted the way a user
 * would from pg_stats; undefined when the measured statistics have none (MariaDB).
 */
export function distributionJson(stats: MeasuredStatistics): string | undefined {
  const tables: Record<string, { rows: number; columns: Record<string, Record<string, unknown>> }> = {};
  for (const table of TABLES) {
    const rows = stats.rows.get(table);
    if (rows === undefined) continue;
    const columns: Record<string, Record<string, unknown>> = {};
    for (const [column, f] of stats.columns.get(table) ?? []) {
      const entry: Record<string, unknown> = {};
      if (f.mostCommonValues && f.mostCommonFrequencies) {
        entry.most_common_vals = f.mostCommonValues;
        entry.most_common_freqs = f.mostCommonFrequencies;
      }
      if (f.histogramBounds) entry.histogram_bounds = f.histogramBounds;
      if (Object.keys(entry).length > 0) columns[column] = { ndv: f.distinct, ...entry };
    }
    if (Object.keys(columns).length > 0) tables[table] = { rows, columns };
  }
  return Object.keys(tables).length > 0 ? JSON.stringify({ tables }) : undefined;
}

/** `-- sqltune:stats` lines for the schema text given to optimize(). */
export function statisticsLines(stats: MeasuredStatistics): string {
  const lines: string[] = [];
  for (const table of TABLES) {
    const rows = stats.rows.get(table);
    if (rows === undefined) continue;
    lines.push(`-- sqltune:stats ${table} rows=${rows}`);
    for (const [column, figures] of stats.columns.get(table) ?? []) {
      const extra = [
        figures.nulls ? ` nulls=${figures.nulls}` : '',
        figures.width !== undefined ? ` width=${figures.width}` : '',
      ].join('');
      lines.push(`-- sqltune:stats ${table}.${column} distinct=${figures.distinct}${extra}`);
    }
  }
  return lines.join('\n');
}
