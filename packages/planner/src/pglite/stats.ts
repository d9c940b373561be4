/**
 * Statistics injection: makes PostgreSQL plan as if the (empty) tables held the user's data.
 *
 * What works on PGlite 0.5.16 / PostgreSQL 18.6 (measured, see stats.test.ts):
 *  - The planner does not trust pg_class alone: it takes reltuples/relpages as a density and multiplies it by the
 *    heap file's physical block count, so an empty file means 0 rows whatever pg_class says (and setting only
 *    reltuples on a 1-page table gets rows right but undercosts I/O).
 *  - So each heap (and index) file is extended to the computed page count as a zero-filled file that costs no
 *    RSS (emscripten MEMFS: empty heap files are pointed at one lazily zeroed 1 GB buffer, copy-on-write, see
 *    worker-source.ts; index files, which already hold a metapage, get a lazily zeroed buffer of their own;
 *    files above 1 GB are split into PostgreSQL's 1 GB segments `N`, `N.1`, ...), then
 *    `pg_restore_relation_stats` sets relpages/reltuples/relallvisible and `pg_restore_attribute_stats` sets
 *    null_frac/avg_width/n_distinct. 1,000,000 rows inject in about 1 ms and EXPLAIN shows rows=1000000 with a
 *    seq scan cost of pages + rows * cpu_tuple_cost.
 *  - Index files get the same treatment, because the planner reads an index's page count from its file too
 *    (index scan costs would otherwise assume a 1-page index).
 *  - ANALYZE / VACUUM would overwrite the injected values: tables get autovacuum_enabled = false, and nothing
 *    here ever runs ANALYZE. CREATE INDEX and TRUNCATE reset relpages/reltuples (and TRUNCATE swaps the files):
 *    call `refresh()` after them.
 *  - Reading a sparse heap is not free (CREATE INDEX on a 10 GB sparse heap took 4.2 s), so a what-if index is
 *    built after TRUNCATE (new empty files, rolled back afterwards) and the sizes are restored by `refresh()`.
 *
 * Defaults: a table without user statistics gets the rows the user's pasted plan shows of it (PlanRequest.rowsFromPlan),
 * else DEFAULT_TABLE_ROWS (1000) rows so plans are not degenerate;
 * columns without statistics get PostgreSQL's own defaults (unique indexes still imply distinct values).
 * Most common values, histogram bounds and correlation are injected when the user gives them (from pg_stats, say);
 * without a histogram, range predicates get PostgreSQL's default selectivity (1/3 for an inequality).
 */

import type { Localized } from '@sqltune/contracts';
import {
  arrayLiteral,
  type ColumnDistribution,
  distributionOf,
  MAX_STATISTICS_VALUE_BYTES,
  tooWideNote,
  tooWideValues,
} from '../column-distribution.ts';
import { type DefaultedTable, defaultedTablesNote } from '../defaulted-tables.ts';
import { rowsFromPlanNote } from '../plan-rows-note.ts';
import type { PlanTableRows, TableStatistics } from '../types.ts';
import type { PgliteInstance } from './pool.ts';
import { quoteIdent, quoteLiteral } from './sql-text.ts';

/** Rows assumed for a table the user gave no statistics for. */
export const DEFAULT_TABLE_ROWS = 1000;

const BLOCK_SIZE = 8192;
const PAGE_HEADER = 24;
const HEAP_TUPLE_HEADER = 24;
const ITEM_ID = 4;

export interface CatalogColumn {
  attnum: number;
  name: string;
  typeName: string;
  typlen: number;
  typmod: number;
}

export interface CatalogIndex {
  oid: number;
  name: string;
  am: string;
  /** Attribute numbers of key and INCLUDE columns; 0 for an expression. */
  attnums: number[];
  /** pg_get_expr of the predicate of a partial index. */
  predicate: string | null;
  path: string;
}

export interface CatalogTable {
  oid: number;
  schema: string;
  name: string;
  /** r: table, p: partitioned table (no storage), m: materialized view. */
  kind: 'r' | 'p' | 'm';
  /** Oid of the partitioned parent when this is a partition. */
  parentOid: number | null;
  path: string | null;
  columns: CatalogColumn[];
  indexes: CatalogIndex[];
}

export interface ColumnStatsToApply {
  column: string;
  nullFraction?: number;
  averageWidth?: number;
  /** PostgreSQL's n_distinct: positive count, or negative fraction of rows. */
  nDistinct?: number;
  /** Most common values, histogram and correlation, when the user gave them. */
  distribution?: ColumnDistribution;
}

export interface RelationSize {
  oid: number;
  pages: number;
  tuples: number;
}

export interface TablePlan extends RelationSize {
  schema: string;
  name: string;
  kind: CatalogTable['kind'];
  /** True when the user gave no statistics for this table, nor its plan a size, and DEFAULT_TABLE_ROWS was used. */
  defaulted: boolean;
  columns: ColumnStatsToApply[];
  /** Average width of each column (user value or type default), by attribute number. */
  widths: Map<number, number>;
}

export interface StatisticsPlan {
  tables: TablePlan[];
  notes: Localized[];
}

/**
 * The planner's estimate of the rows of `table` where `predicate` holds (a partial index's tuples), at least 1; half
 * of `fallback` when the predicate cannot be planned.
 */
export async function estimateRowsWhere(
  db: PgliteInstance,
  table: Pick<CatalogTable, 'schema' | 'name'>,
  predicate: string,
  fallback: number,
): Promise<number> {
  try {
    const r = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM ONLY ${quoteIdent(table.schema)}.${quoteIdent(table.name)} WHERE ${predicate}`,
    );
    const plan = JSON.parse(String(r.rows[0]['QUERY PLAN'])) as Array<{ Plan: { 'Plan Rows': number } }>;
    return Math.max(1, Math.round(plan[0].Plan['Plan Rows']));
  } catch {
    return Math.max(1, Math.round(fallback / 2));
  }
}

/** Reads the user's tables (every schema but the system ones) with columns and indexes. */
export async function readCatalog(db: PgliteInstance, tableOids?: number[]): Promise<CatalogTable[]> {
  const result = await db.query<{ info: string }>(
    `SELECT json_build_object(
        'oid', c.oid::int, 'schema', n.nspname, 'name', c.relname, 'kind', c.relkind,
        'parentOid', (SELECT inhparent::int FROM pg_inherits WHERE inhrelid = c.oid LIMIT 1),
        'path', CASE WHEN c.relkind IN ('r', 'm') THEN pg_relation_filepath(c.oid) END,
        'columns', COALESCE((SELECT json_agg(json_build_object('attnum', a.attnum, 'name', a.attname,
              'typeName', t.typname, 'typlen', t.typlen, 'typmod', a.atttypmod) ORDER BY a.attnum)
            FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
           WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '[]'::json),
        'indexes', COALESCE((SELECT json_agg(json_build_object('oid', i.indexrelid::int, 'name', ic.relname,
              'am', am.amname, 'attnums', i.indkey::int2[], 'predicate', pg_get_expr(i.indpred, i.indrelid),
              'path', pg_relation_filepath(i.indexrelid)) ORDER BY i.indexrelid)
            FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
           WHERE i.indrelid = c.oid AND ic.relkind = 'i'), '[]'::json)
      )::text AS info
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'm')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg\\_%'
        AND ($1::int[] IS NULL OR c.oid::int = ANY($1::int[]))
      ORDER BY c.oid`,
    [tableOids ? `{${tableOids.join(',')}}` : null],
  );
  return result.rows.map((r) => JSON.parse(r.info) as CatalogTable);
}

/** Default average width of a column, close to what ANALYZE would measure on typical data. */
export function defaultColumnWidth(column: Pick<CatalogColumn, 'typeName' | 'typlen' | 'typmod'>): number {
  if (column.typlen > 0) return column.typlen;
  const chars = column.typmod > 4 ? column.typmod - 4 : 0;
  switch (column.typeName) {
    case 'bpchar':
      return chars > 0 ? chars + 1 : 2;
    case 'varchar':
      return chars > 0 ? Math.min(chars, 32) + Math.floor(Math.max(0, chars - 32) / 4) + 1 : 32;
    case 'numeric': {
      const precision = column.typmod > 4 ? ((column.typmod - 4) >> 16) & 0xffff : 10;
      return 5 + Math.ceil(precision / 4) * 2;
    }
    case 'json':
    case 'jsonb':
      return 64;
    default:
      return 32;
  }
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}

/** Heap pages for `rows` rows of the given column widths (fillfactor 100, as a freshly loaded table). */
export function heapPages(rows: number, widths: number[]): number {
  if (rows <= 0) return 0;
  const data = widths.reduce((sum, w) => sum + (w >= 8 ? align(w, 4) : w), 0);
  const tuple = align(HEAP_TUPLE_HEADER + data, 8) + ITEM_ID;
  const perPage = Math.max(1, Math.floor((BLOCK_SIZE - PAGE_HEADER) / tuple));
  return Math.max(1, Math.ceil(rows / perPage));
}

/** Index pages for `tuples` entries with the given key widths, by access method (btree leaves 90% full). */
export function indexPages(am: string, tuples: number, keyWidths: number[]): number {
  if (tuples <= 0) return 1;
  const key = keyWidths.reduce((sum, w) => sum + w, 0);
  switch (am) {
    case 'brin':
      return 3;
    case 'hash': {
      const perPage = Math.floor(((BLOCK_SIZE - PAGE_HEADER - 16) * 0.75) / (8 + 8 + ITEM_ID));
      return Math.ceil(tuples / perPage) + 2;
    }
    default: {
      const entry = align(8 + key, 8) + ITEM_ID;
      const fill = am === 'btree' ? 0.9 : 0.7;
      const perPage = Math.max(2, Math.floor(((BLOCK_SIZE - PAGE_HEADER - 16) * fill) / entry));
      const leaves = Math.ceil(tuples / perPage);
      let pages = leaves + 1;
      for (let level = leaves; level > 1; level = Math.ceil(level / perPage)) pages += Math.ceil(level / perPage);
      return pages;
    }
  }
}

function sameName(a: string, b: string): boolean {
  return a === b || a.toLowerCase() === b.toLowerCase();
}

/** Finds the user's statistics (or a plan's row count) for a table: by `schema.name` or by name alone, exact case first. */
function statisticsFor<T extends { table: string }>(table: CatalogTable, stats: readonly T[]): T | undefined {
  const qualified = `${table.schema}.${table.name}`;
  return (
    stats.find((s) => s.table === qualified || s.table === table.name) ??
    stats.find(
      (s) => sameName(s.table, qualified) || sameName(s.table, table.name) || sameName(unquote(s.table), table.name),
    )
  );
}

function unquote(name: string): string {
  const last = name.split('.').pop() ?? name;
  return last.replace(/^"(.*)"$/, '$1');
}

/**
 * Computes what to inject for every table: rows, pages, column statistics. Pure. A table's rows are the user's
 * statistics', else an even share of its partitioned parent's, else what the pasted plan shows, else the default.
 */
export function planStatistics(
  catalog: CatalogTable[],
  stats: TableStatistics[],
  rowsFromPlan: readonly PlanTableRows[] = [],
): StatisticsPlan {
  const notes: Localized[] = [];
  const tables: TablePlan[] = [];
  const leavesOf = (oid: number): CatalogTable[] => {
    const children = catalog.filter((t) => t.parentOid === oid);
    return children.flatMap((c) => (c.kind === 'p' ? leavesOf(c.oid) : [c]));
  };
  // Rows for partitions come from their own statistics, or an even share of the nearest parent's.
  const inherited = new Map<number, { stats: TableStatistics; share: number }>();
  for (const table of catalog) {
    if (table.kind !== 'p') continue;
    const s = statisticsFor(table, stats);
    if (!s) continue;
    const leaves = leavesOf(table.oid).filter((leaf) => !statisticsFor(leaf, stats));
    for (const leaf of leaves) inherited.set(leaf.oid, { stats: s, share: 1 / Math.max(1, leaves.length) });
  }
  const defaulted: DefaultedTable[] = [];
  for (const table of catalog) {
    const own = statisticsFor(table, stats);
    const fromParent = own ? undefined : inherited.get(table.oid);
    const s = own ?? fromParent?.stats;
    const planned = s || table.kind === 'p' ? undefined : statisticsFor(table, rowsFromPlan);
    const rowsRaw = own
      ? own.rows
      : fromParent
        ? fromParent.stats.rows * fromParent.share
        : (planned?.rows ?? DEFAULT_TABLE_ROWS);
    const rows = Math.max(0, Math.round(Number.isFinite(rowsRaw) ? rowsRaw : DEFAULT_TABLE_ROWS));
    if (planned) notes.push(rowsFromPlanNote(table.name, rows));
    else if (!s && table.kind !== 'p') defaulted.push({ name: table.name, readAs: namesReadBy(table, catalog) });
    const widths = new Map<number, number>();
    const columns: ColumnStatsToApply[] = [];
    for (const column of table.columns) {
      const given =
        s?.columns.find((c) => c.column === column.name) ?? s?.columns.find((c) => sameName(c.column, column.name));
      const width =
        given?.averageWidth !== undefined && given.averageWidth > 0
          ? Math.round(given.averageWidth)
          : defaultColumnWidth(column);
      widths.set(column.attnum, width);
      if (!given) continue;
      const entry: ColumnStatsToApply = { column: column.name };
      if (given.nullFraction !== undefined && Number.isFinite(given.nullFraction))
        entry.nullFraction = Math.min(1, Math.max(0, given.nullFraction));
      if (given.averageWidth !== undefined && given.averageWidth > 0)
        entry.averageWidth = Math.round(given.averageWidth);
      if (given.distinct !== undefined && Number.isFinite(given.distinct) && given.distinct !== 0) {
        if (given.distinct < 0) entry.nDistinct = Math.max(-1, given.distinct);
        else entry.nDistinct = rows > 0 && given.distinct >= rows ? -1 : Math.max(1, Math.round(given.distinct));
      }
      const distribution = distributionOf(given);
      if (distribution) entry.distribution = distribution;
      const leftOut = tooWideValues(given);
      if (leftOut > 0) notes.push(tooWideNote(table.name, column.name, leftOut, MAX_STATISTICS_VALUE_BYTES));
      columns.push(entry);
    }
    for (const c of s?.columns ?? []) {
      if (!table.columns.some((col) => sameName(col.name, c.column)))
        notes.push({
          zh: `统计信息中的列 ${table.name}.${c.column} 在表结构中不存在，已忽略`,
          en: `statistics for ${table.name}.${c.column} ignored: no such column`,
        });
    }
    const pages = table.kind === 'p' ? 0 : heapPages(rows, [...widths.values()]);
    tables.push({
      oid: table.oid,
      schema: table.schema,
      name: table.name,
      kind: table.kind,
      pages,
      tuples: rows,
      defaulted: !s && !planned,
      columns,
      widths,
    });
  }
  for (const s of stats) {
    if (!catalog.some((t) => statisticsFor(t, [s])))
      notes.push({
        zh: `统计信息中的表 ${s.table} 在表结构中不存在，已忽略`,
        en: `statistics for table ${s.table} ignored: no such table`,
      });
  }
  if (defaulted.length > 0) notes.push(defaultedTablesNote(defaulted, DEFAULT_TABLE_ROWS));
  return { tables, notes };
}

/** A table's own name and its partitioned ancestors': a statement reading the parent plans the partition. */
function namesReadBy(table: CatalogTable, catalog: readonly CatalogTable[]): string[] {
  const names = [table.name];
  const seen = new Set<number>([table.oid]);
  let parent = catalog.find((t) => t.oid === table.parentOid);
  while (parent && !seen.has(parent.oid)) {
    names.push(parent.name);
    seen.add(parent.oid);
    parent = catalog.find((t) => t.oid === parent!.parentOid);
  }
  return names;
}

/**
 * pg_restore_attribute_stats arguments for a column's distribution. PostgreSQL checks the values against the
 * column's type and, for a value it cannot read, skips that statistic with a warning instead of failing.
 */
function distributionArguments(d: ColumnDistribution | undefined): string[] {
  if (!d) return [];
  const args: string[] = [];
  const { mostCommonValues: values, mostCommonFrequencies: freqs } = d;
  if (values && freqs && values.length === freqs.length) {
    args.push(`'most_common_vals', ${quoteLiteral(arrayLiteral(values))}::text`);
    args.push(`'most_common_freqs', ${quoteLiteral(`{${freqs.join(',')}}`)}::real[]`);
  }
  if (d.histogramBounds) args.push(`'histogram_bounds', ${quoteLiteral(arrayLiteral(d.histogramBounds))}::text`);
  if (d.correlation !== undefined) args.push(`'correlation', ${d.correlation}::real`);
  return args;
}

/**
 * Applies a statistics plan to an instance and keeps it applied: `apply()` once after the DDL,
 * `refresh()` after anything that may have reset sizes (CREATE INDEX, TRUNCATE), inside the same transaction.
 */
export class StatisticsInjector {
  /** The relation file each relation had when its size was last set, by oid. */
  private readonly applied = new Map<number, string>();

  constructor(
    private readonly db: PgliteInstance,
    readonly plan: StatisticsPlan,
  ) {}

  /** Extends files and restores relation and column statistics of every table and index. */
  async apply(): Promise<void> {
    const catalog = await readCatalog(this.db);
    await this.disableAutovacuum(catalog);
    await this.applyRelations(catalog, true);
  }

  /** Re-applies sizes for relations whose files changed and sizes new indexes (what-if indexes). */
  async refresh(): Promise<void> {
    await this.applyRelations(await this.readRelationFiles(), false);
  }

  /** The planned tables with their current files and indexes: a flat catalog read, cheaper than readCatalog. */
  private async readRelationFiles(): Promise<
    Array<Pick<CatalogTable, 'oid' | 'schema' | 'name' | 'kind' | 'path' | 'indexes'>>
  > {
    const oids = `{${this.plan.tables.map((t) => t.oid).join(',')}}`;
    const r = await this.db.query<{
      oid: string;
      path: string | null;
      table_oid: string | null;
      name: string;
      am: string | null;
      attnums: string | null;
      predicate: string | null;
    }>(
      `SELECT c.oid::int AS oid, pg_relation_filepath(c.oid) AS path, i.indrelid::int AS table_oid, c.relname AS name,
              am.amname AS am, array_to_string(i.indkey::int2[], ',') AS attnums,
              pg_get_expr(i.indpred, i.indrelid) AS predicate
         FROM pg_class c
         LEFT JOIN pg_index i ON i.indexrelid = c.oid
         LEFT JOIN pg_am am ON am.oid = c.relam
        WHERE c.oid::int = ANY($1::int[]) OR (i.indrelid::int = ANY($1::int[]) AND c.relkind = 'i')`,
      [oids],
    );
    const tables = this.plan.tables.map((t) => ({
      oid: t.oid,
      schema: t.schema,
      name: t.name,
      kind: t.kind,
      path: null as string | null,
      indexes: [] as CatalogIndex[],
    }));
    const byOid = new Map(tables.map((t) => [t.oid, t]));
    for (const row of r.rows) {
      if (row.table_oid === null) {
        const table = byOid.get(Number(row.oid));
        if (table && table.kind !== 'p') table.path = row.path;
        continue;
      }
      const table = byOid.get(Number(row.table_oid));
      if (!table || row.path === null) continue;
      table.indexes.push({
        oid: Number(row.oid),
        name: row.name,
        am: row.am ?? 'btree',
        attnums: (row.attnums ?? '')
          .split(',')
          .filter((x) => x !== '')
          .map(Number),
        predicate: row.predicate,
        path: row.path,
      });
    }
    return tables;
  }

  private async disableAutovacuum(catalog: CatalogTable[]): Promise<void> {
    const statements = catalog
      .filter((t) => t.kind === 'r' || t.kind === 'm')
      .map(
        (t) =>
          `ALTER ${t.kind === 'm' ? 'MATERIALIZED VIEW' : 'TABLE'} ${quoteIdent(t.schema)}.${quoteIdent(t.name)} SET (autovacuum_enabled = false);`,
      );
    if (statements.length > 0) await this.db.exec(statements.join('\n'));
  }

  private async applyRelations(
    catalog: Array<Pick<CatalogTable, 'oid' | 'schema' | 'name' | 'kind' | 'path' | 'indexes'>>,
    withColumns: boolean,
  ): Promise<void> {
    const calls: string[] = [];
    const partial: Array<{
      table: Pick<CatalogTable, 'schema' | 'name'>;
      index: CatalogIndex;
      keyWidths: number[];
      tuples: number;
    }> = [];
    for (const table of catalog) {
      const plan = this.plan.tables.find((t) => t.oid === table.oid);
      if (!plan) continue;
      const rel = `'schemaname', ${quoteLiteral(table.schema)}`;
      if (table.path && this.applied.get(table.oid) !== table.path) {
        await this.db.setRelationSize(table.path, plan.pages * BLOCK_SIZE);
        calls.push(
          `pg_restore_relation_stats(${rel}, 'relname', ${quoteLiteral(table.name)}, 'relpages', ${plan.pages}::int, 'reltuples', ${plan.tuples}::real, 'relallvisible', ${plan.pages}::int)`,
        );
        this.applied.set(table.oid, table.path);
      } else if (table.kind === 'p' && !this.applied.has(table.oid)) {
        calls.push(
          `pg_restore_relation_stats(${rel}, 'relname', ${quoteLiteral(table.name)}, 'reltuples', ${plan.tuples}::real)`,
        );
        this.applied.set(table.oid, '');
      }
      if (withColumns) {
        for (const c of plan.columns) {
          const args = [
            `${rel}`,
            `'relname', ${quoteLiteral(table.name)}`,
            `'attname', ${quoteLiteral(c.column)}`,
            `'inherited', ${table.kind === 'p'}`,
          ];
          if (c.nullFraction !== undefined) args.push(`'null_frac', ${c.nullFraction}::real`);
          if (c.averageWidth !== undefined) args.push(`'avg_width', ${c.averageWidth}::int`);
          if (c.nDistinct !== undefined) args.push(`'n_distinct', ${c.nDistinct}::real`);
          args.push(...distributionArguments(c.distribution));
          if (args.length > 4) calls.push(`pg_restore_attribute_stats(${args.join(', ')})`);
        }
      }
      for (const index of table.indexes) {
        if (this.applied.get(index.oid) === index.path) continue;
        const keyWidths = index.attnums.map((n) => (n === 0 ? 8 : (plan.widths.get(n) ?? 8)));
        if (index.predicate) {
          partial.push({ table, index, keyWidths, tuples: plan.tuples });
          continue;
        }
        const pages = indexPages(index.am, plan.tuples, keyWidths);
        await this.db.setRelationSize(index.path, pages * BLOCK_SIZE);
        calls.push(
          `pg_restore_relation_stats(${rel}, 'relname', ${quoteLiteral(index.name)}, 'relpages', ${pages}::int, 'reltuples', ${plan.tuples}::real)`,
        );
        this.applied.set(index.oid, index.path);
      }
    }
    await this.run(calls);
    // Partial indexes hold only the rows matching their predicate: ask the planner (heap stats are in place now).
    if (partial.length > 0) {
      const partialCalls: string[] = [];
      for (const p of partial) {
        const tuples = await estimateRowsWhere(this.db, p.table, p.index.predicate ?? 'true', p.tuples);
        const pages = indexPages(p.index.am, tuples, p.keyWidths);
        await this.db.setRelationSize(p.index.path, pages * BLOCK_SIZE);
        partialCalls.push(
          `pg_restore_relation_stats('schemaname', ${quoteLiteral(p.table.schema)}, 'relname', ${quoteLiteral(p.index.name)}, 'relpages', ${pages}::int, 'reltuples', ${tuples}::real)`,
        );
        this.applied.set(p.index.oid, p.index.path);
      }
      await this.run(partialCalls);
    }
  }

  private async run(calls: string[]): Promise<void> {
    for (let i = 0; i < calls.length; i += 50) {
      const chunk = calls.slice(i, i + 50);
      await this.db.query(`SELECT ${chunk.map((c, k) => `${c} AS r${k}`).join(', ')}`);
    }
  }
}
