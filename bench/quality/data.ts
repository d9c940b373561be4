/**
 * The corpus samples, multiplied so that plans matter. Copy k of a copied table (k = 0 .. scale-1) adds k * offset
 * to each key column of the benchmark's key families, so every join of the original data matches within its copy
 * and copies never join each other; tables that are not copied are shared by every copy.
 * - TPC-H: every table but nation and region is copied, keys orderkey, custkey, partkey, suppkey. Copy k also adds
 *   k cents to l_extendedprice and o_totalprice: without that, the 20 copies of an order would tie exactly on
 *   revenue and total price, and TPC-H's ORDER BY ... LIMIT queries (Q3, Q10, Q18) would return an arbitrary subset
 *   of the tied rows, which a different (correct) plan may pick differently.
 * - TPC-DS: the six sales and returns tables, item, inventory and store are copied, keys ticket_number (store),
 *   order_number (catalog, web), item_sk and store_sk, so a return still joins its sale and a sale its item and
 *   store; the other dimensions (completed as tpcds.ts says) are shared. Copy k of an item keeps its item id, brand,
 *   class, category and price (as the versions of an item in TPC-DS do) and moves its manufacturer and manager ids
 *   k steps around their domains; copy k of the store (the sample has one) moves its market id and its name
 *   (dsdgen's words for a store's number). The 360 items of the sample carry 233 of the 1,000 manufacturer ids and
 *   the store one of 10 markets, so a query's `i_manufact_id = 977`, `s_market_id = 8` or `s_store_name = 'ese'`
 *   matched nothing, every join after it was skipped, and the query was timed planning only; ten copies cover about
 *   93% of the manufacturers and every market and name. The copies of a sale share its customer and date.
 */
import { TPCDS_TABLES, tpcdsTables } from '../../packages/planner/src/test-support/tpcds.ts';
import { tpchRows } from '../../packages/planner/src/test-support/tpch.ts';

/** TPC-H's load order: referenced tables first (the PostgreSQL schema has foreign keys). */
export const TABLES = ['region', 'nation', 'part', 'supplier', 'partsupp', 'customer', 'orders', 'lineitem'] as const;

/** A value as text, as in the corpus, or NULL. */
export type Value = string | null;

export interface TableData {
  name: string;
  columns: string[];
  /** Rows of the multiplied table, generated on demand. */
  rows(): Generator<Value[]>;
  rowCount: number;
}

interface Multiplication {
  /** Load order. */
  tables: readonly string[];
  copied(table: string): boolean;
  /** Key column suffixes (after the table prefix: o_orderkey is orderkey) whose values copies shift. */
  keyFamilies: readonly string[];
  /** Decimal columns to which copy k adds k cents. */
  perturbed: ReadonlySet<string>;
  /** Columns that copy k moves k steps around their domain: ids 1..size, or a list of values. */
  cycled: ReadonlyMap<string, Cycle>;
}

type Cycle = { step: number } & ({ size: number } | { values: readonly string[] });

/** A value moved k steps around its cycle's domain; a value outside a list of values stays. */
function cycledValue(value: string, k: number, cycle: Cycle): string {
  if ('size' in cycle) return String(((Number(value) - 1 + k * cycle.step) % cycle.size) + 1);
  const at = cycle.values.indexOf(value);
  return at < 0 ? value : cycle.values[(at + k * cycle.step) % cycle.values.length]!;
}

/** The words dsdgen spells a store's number with, digit by digit (store 1 is "ought"). */
const TPCDS_STORE_NAMES = ['bar', 'ought', 'able', 'pri', 'ese', 'anti', 'cally', 'ation', 'eing', 'n st'];

const TPCH: Multiplication = {
  tables: TABLES,
  copied: (table) => table !== 'region' && table !== 'nation',
  keyFamilies: ['orderkey', 'custkey', 'partkey', 'suppkey'],
  perturbed: new Set(['l_extendedprice', 'o_totalprice']),
  cycled: new Map(),
};

const TPCDS_FACTS = new Set([
  'store_sales',
  'store_returns',
  'catalog_sales',
  'catalog_returns',
  'web_sales',
  'web_returns',
]);
/** Copied with the facts: dimensions whose sample is too small to carry the ids the queries ask for. */
const TPCDS_COPIED_DIMENSIONS = new Set(['item', 'inventory', 'store']);
const TPCDS: Multiplication = {
  tables: TPCDS_TABLES,
  copied: (table) => TPCDS_FACTS.has(table) || TPCDS_COPIED_DIMENSIONS.has(table),
  keyFamilies: ['ticket_number', 'order_number', 'item_sk', 'store_sk'],
  perturbed: new Set(),
  // Steps coprime with the domain's size, so the first copies never land on the same id.
  cycled: new Map([
    ['i_manufact_id', { size: 1000, step: 389 }],
    ['i_manager_id', { size: 100, step: 37 }],
    ['s_market_id', { size: 10, step: 3 }],
    ['s_store_name', { values: TPCDS_STORE_NAMES, step: 1 }],
  ]),
};

/** The TPC-H sample multiplied `scale` times, in load order. */
export function multipliedTables(scale: number): TableData[] {
  return multiply(new Map(TABLES.map((name) => [name, tpchRows(name)] as const)), TPCH, scale);
}

/** The TPC-DS sample, its dimensions completed, multiplied `scale` times, in load order. */
export function multipliedTpcdsTables(scale: number): TableData[] {
  return multiply(tpcdsTables(), TPCDS, scale);
}

function multiply(
  corpus: Map<string, { columns: string[]; rows: Value[][] }>,
  rule: Multiplication,
  scale: number,
): TableData[] {
  const keyFamily = (column: string): string | undefined => {
    const suffix = column.slice(column.indexOf('_') + 1);
    return rule.keyFamilies.includes(suffix) ? suffix : undefined;
  };
  // Offset per key family: the next power of ten above the largest key, so copies are disjoint and readable.
  const max = new Map<string, number>();
  for (const { columns, rows } of corpus.values()) {
    columns.forEach((column, i) => {
      const family = keyFamily(column);
      if (!family) return;
      for (const row of rows) if (row[i] !== null) max.set(family, Math.max(max.get(family) ?? 0, Number(row[i])));
    });
  }
  const offsets = new Map([...max].map(([family, value]) => [family, 10 ** Math.ceil(Math.log10(value + 1))]));
  for (const [family, offset] of offsets) {
    if ((scale - 1) * offset + (max.get(family) ?? 0) > 2_147_483_647) {
      throw new Error(`scale ${scale} overflows INT for ${family} keys (offset ${offset})`);
    }
  }
  return rule.tables.map((name) => {
    const { columns, rows } = corpus.get(name)!;
    const copies = rule.copied(name) ? scale : 1;
    const shift = columns.map((column) => {
      const family = keyFamily(column);
      return family ? offsets.get(family)! : 0;
    });
    const perturbed = columns.map((column) => rule.perturbed.has(column));
    const cycled = columns.map((column) => rule.cycled.get(column));
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
              if (value === null) return value;
              if (shift[i]) return String(Number(value) + k * shift[i]!);
              if (perturbed[i]) return String((Math.round(Number(value) * 100) + k) / 100);
              const cycle = cycled[i];
              if (cycle) return cycledValue(value, k, cycle);
              return value;
            });
          }
        }
      },
    };
  });
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
export function distributionJson(stats: MeasuredStatistics, tableNames: readonly string[]): string | undefined {
  const tables: Record<string, { rows: number; columns: Record<string, Record<string, unknown>> }> = {};
  for (const table of tableNames) {
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

/** `-- sqltune:stats` lines for the schema text given to optimize(), table by table in the given order. */
export function statisticsLines(stats: MeasuredStatistics, tableNames: readonly string[]): string {
  const lines: string[] = [];
  for (const table of tableNames) {
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
