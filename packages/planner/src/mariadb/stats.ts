/**
 * Statistics injection for MariaDB: makes the optimizer plan as if the (empty) tables held the user's data.
 *
 * What works on MariaDB 10.11 (measured, see backend.test.ts):
 *  - InnoDB persistent statistics: `mysql.innodb_table_stats` (n_rows, clustered_index_size,
 *    sum_of_other_index_sizes, in 16 KB pages) and `mysql.innodb_index_stats` (n_diff_pfxNN per index prefix,
 *    including the primary key columns InnoDB appends to secondary indexes, n_leaf_pages, size). The tables are
 *    switched to STATS_PERSISTENT=1 STATS_AUTO_RECALC=0 after the user's DDL so nothing recomputes them.
 *  - Engine-independent statistics (EITS), read because the session runs with use_stat_tables='preferably':
 *    `mysql.table_stats` (cardinality), `mysql.index_stats` (avg_frequency = rows per distinct prefix value; InnoDB
 *    alone would halve its rows-per-key estimate, so `WHERE o_custkey = 42` on 1.5M rows / 100,000 values would show
 *    7 rows instead of 15), `mysql.column_stats` (nulls_ratio, avg_length, avg_frequency for columns the user gave
 *    statistics for; with optimizer_use_condition_selectivity=4 an equality on a non-indexed column then gets
 *    filtered = 1 / distinct).
 *  - Both are loaded when a table is opened, so the injector reloads them with a double RENAME TABLE (from 10.11.12
 *    FLUSH TABLES no longer reloads InnoDB statistics). ALTER TABLE ... ADD/DROP INDEX recomputes InnoDB statistics
 *    (n_rows = 0): inject again after it (`apply(tables)`).
 *  - Range predicates on an indexed column are estimated by reading the index (records_in_range), which is empty:
 *    they show rows = 1 whatever the statistics (with eq_range_index_dive_limit=1, IN lists and equalities use the
 *    statistics instead). A range on a non-indexed column uses the column's histogram when the user gave one
 *    (min/max and a JSON_HB histogram in `mysql.column_stats`, see jsonHistogram), else MariaDB's default selectivity.
 *
 * Defaults: a table without user statistics gets the rows the user's pasted plan shows of it (PlanRequest.rowsFromPlan),
 * else DEFAULT_TABLE_ROWS (1000) rows so plans are not degenerate
 * (an empty InnoDB table would make every access look free). An index column without a distinct count is assumed to
 * repeat each value DEFAULT_ROWS_PER_VALUE (10) times when it leads the index prefix, and to multiply the prefix's
 * distinct values by 10 when it follows other columns; a prefix that covers a primary or unique key is unique.
 */

import type { Localized } from '@sqltune/contracts';
import type mysql from 'mysql2/promise';
import { tooWideNote } from '../column-distribution.ts';
import { type DefaultedTable, defaultedTablesNote } from '../defaulted-tables.ts';
import { rowsFromPlanNote } from '../plan-rows-note.ts';
import type { PlanTableRows, TableStatistics } from '../types.ts';
import { quoteIdent } from './sql-text.ts';

/** Rows assumed for a table the user gave no statistics for. */
export const DEFAULT_TABLE_ROWS = 1000;
/** Rows per value assumed for an index column without a distinct count. */
export const DEFAULT_ROWS_PER_VALUE = 10;

const PAGE_SIZE = 16384;
/** Usable bytes of a 16 KB page (headers, infimum/supremum, trailer) at InnoDB's 15/16 fill for ordered inserts. */
const PAGE_USABLE = Math.floor((PAGE_SIZE - 38 - 56 - 26 - 8) * (15 / 16));

export interface CatalogColumn {
  name: string;
  /** information_schema DATA_TYPE, lower case: int, varchar, decimal, ... */
  dataType: string;
  /** information_schema COLUMN_TYPE: int(11) unsigned, enum('a','b'), ... */
  columnType: string;
  charMax: number | null;
  numericPrecision: number | null;
  numericScale: number | null;
  datetimePrecision: number | null;
  nullable: boolean;
  /** information_schema EXTRA: auto_increment, VIRTUAL GENERATED, STORED GENERATED, ... */
  extra: string;
}

export interface CatalogIndex {
  name: string;
  unique: boolean;
  columns: string[];
  /** BTREE, HASH, FULLTEXT, SPATIAL. */
  type: string;
}

export interface CatalogTable {
  name: string;
  kind: 'table' | 'view' | 'sequence';
  engine: string | null;
  columns: CatalogColumn[];
  indexes: CatalogIndex[];
}

type Queryable = Pick<mysql.Connection, 'query'> | Pick<mysql.Pool, 'query'>;

/** Reads the tables, views, columns and indexes of database `db` (optionally only `tables`). */
export async function readCatalog(db: Queryable, database: string, tables?: string[]): Promise<CatalogTable[]> {
  const filter = tables && tables.length > 0 ? ` AND TABLE_NAME IN (${tables.map(() => '?').join(', ')})` : '';
  const params = [database, ...(tables ?? [])];
  const [tableRows] = await db.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_NAME AS name, TABLE_TYPE AS type, ENGINE AS engine FROM information_schema.TABLES
      WHERE TABLE_SCHEMA = ?${filter} ORDER BY CREATE_TIME, TABLE_NAME`,
    params,
  );
  const [columnRows] = await db.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS name, DATA_TYPE AS dataType, COLUMN_TYPE AS columnType,
            CHARACTER_MAXIMUM_LENGTH AS charMax, NUMERIC_PRECISION AS numericPrecision, NUMERIC_SCALE AS numericScale,
            DATETIME_PRECISION AS datetimePrecision, IS_NULLABLE AS nullable, EXTRA AS extra
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ?${filter} ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    params,
  );
  const [indexRows] = await db.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_NAME AS t, INDEX_NAME AS name, NON_UNIQUE AS nonUnique, COLUMN_NAME AS col, INDEX_TYPE AS type
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ?${filter} ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    params,
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const out: CatalogTable[] = tableRows.map((r) => ({
    name: String(r.name),
    kind: r.type === 'VIEW' ? 'view' : r.type === 'SEQUENCE' ? 'sequence' : 'table',
    engine: r.engine === null || r.engine === undefined ? null : String(r.engine),
    columns: [],
    indexes: [],
  }));
  const byName = new Map(out.map((t) => [t.name, t]));
  for (const r of columnRows) {
    byName.get(String(r.t))?.columns.push({
      name: String(r.name),
      dataType: String(r.dataType).toLowerCase(),
      columnType: String(r.columnType),
      charMax: num(r.charMax),
      numericPrecision: num(r.numericPrecision),
      numericScale: num(r.numericScale),
      datetimePrecision: num(r.datetimePrecision),
      nullable: r.nullable === 'YES',
      extra: String(r.extra ?? ''),
    });
  }
  for (const r of indexRows) {
    const table = byName.get(String(r.t));
    if (!table) continue;
    let index = table.indexes.find((i) => i.name === String(r.name));
    if (!index) {
      index = { name: String(r.name), unique: Number(r.nonUnique) === 0, columns: [], type: String(r.type) };
      table.indexes.push(index);
    }
    if (r.col !== null && r.col !== undefined) index.columns.push(String(r.col));
  }
  return out;
}

/** Bytes of a DECIMAL's digits: 4 per 9 digits plus the leftover digits. */
function decimalBytes(digits: number): number {
  const leftover = [0, 1, 1, 2, 2, 3, 3, 4, 4, 4];
  return Math.floor(digits / 9) * 4 + leftover[digits % 9];
}

/** Average stored width of a column, close to what a typical loaded table holds. */
export function defaultColumnWidth(column: CatalogColumn): number {
  const fsp = Math.ceil((column.datetimePrecision ?? 0) / 2);
  const chars = column.charMax ?? 0;
  switch (column.dataType) {
    case 'tinyint':
    case 'year':
      return 1;
    case 'smallint':
      return 2;
    case 'mediumint':
    case 'date':
      return 3;
    case 'int':
    case 'integer':
    case 'float':
    case 'inet4':
      return 4;
    case 'bigint':
    case 'double':
    case 'real':
      return 8;
    case 'decimal':
    case 'numeric': {
      const p = column.numericPrecision ?? 10;
      const s = column.numericScale ?? 0;
      return decimalBytes(p - s) + decimalBytes(s);
    }
    case 'time':
      return 3 + fsp;
    case 'datetime':
      return 5 + fsp;
    case 'timestamp':
      return 4 + fsp;
    case 'char':
    case 'binary':
      return Math.max(1, chars);
    case 'varchar':
    case 'varbinary':
      return chars > 0 ? Math.min(chars, 32) + Math.floor(Math.max(0, chars - 32) / 4) + 1 : 32;
    case 'enum':
      return 1;
    case 'set':
      return 2;
    case 'bit':
      return Math.max(1, Math.ceil((column.numericPrecision ?? 1) / 8));
    case 'uuid':
    case 'inet6':
      return 16;
    default:
      // text, blob, json, geometry: stored off-page when long; a typical inline share.
      return 64;
  }
}

export interface IndexPlan {
  name: string;
  unique: boolean;
  /** Key columns followed by the primary key columns InnoDB appends (for secondary indexes). */
  extendedColumns: string[];
  keyLength: number;
  leafPages: number;
  pages: number;
}

export interface ColumnPlan {
  name: string;
  /** Distinct non-NULL values, when the user gave them. */
  distinct?: number;
  nullFraction?: number;
  averageWidth?: number;
  width: number;
  /** From the user's histogram bounds: MariaDB's JSON_HB histogram and the column's range. */
  histogram?: { min: string; max: string; json: string; buckets: number };
}

export interface TablePlan {
  name: string;
  rows: number;
  /** True when the user gave no statistics for this table, nor its plan a size, and DEFAULT_TABLE_ROWS was used. */
  defaulted: boolean;
  columns: ColumnPlan[];
  indexes: IndexPlan[];
  clusteredPages: number;
  otherIndexPages: number;
  uniqueKeys: string[][];
}

export interface StatisticsPlan {
  tables: TablePlan[];
  notes: Localized[];
}

function sameName(a: string, b: string): boolean {
  return a === b || a.toLowerCase() === b.toLowerCase();
}

function unqualified(name: string): string {
  return (name.split('.').pop() ?? name).replace(/^[`"](.*)[`"]$/, '$1');
}

/** The user's statistics (or a plan's row count) for a table, by name, exact case first. */
function statisticsFor<T extends { table: string }>(table: CatalogTable, stats: readonly T[]): T | undefined {
  return stats.find((s) => s.table === table.name) ?? stats.find((s) => sameName(unqualified(s.table), table.name));
}

function pagesFor(rows: number, recordBytes: number): { leaf: number; total: number } {
  if (rows <= 0) return { leaf: 1, total: 1 };
  const perPage = Math.max(2, Math.floor(PAGE_USABLE / (recordBytes + 0.5)));
  const leaf = Math.max(1, Math.ceil(rows / perPage));
  let total = leaf;
  // Node pointers: key + child page number (4) + record header (5).
  for (let level = leaf; level > 1; ) {
    level = Math.ceil(level / Math.max(2, Math.floor(PAGE_USABLE / 40)));
    total += level;
  }
  return { leaf, total };
}

/**
 * The widest histogram bound kept, in bytes: `mysql.column_stats.min_value`/`max_value` are VARBINARY(255), and
 * ANALYZE ... PERSISTENT FOR never stores a wider value. A wider one given by the user is left out (it failed the
 * whole session with the server's "Data too long" before).
 */
export const MAX_BOUND_BYTES = 255;

/**
 * A JSON_HB histogram (MariaDB 10.8+, the form ANALYZE ... PERSISTENT FOR writes with histogram_type = 'JSON_HB':
 * buckets with `start`, the last one also `end`, each with its share of the non-NULL rows and its distinct values)
 * from PostgreSQL-style equi-depth bounds. Each pair of neighbouring bounds becomes one bucket of equal share.
 * PostgreSQL's bounds leave out the most common values; MariaDB has no separate list for them, so the buckets
 * stand for every non-NULL row (a skewed value is then estimated as an average one).
 */
export function jsonHistogram(
  given: string[] | undefined,
  distinct: number | undefined,
): ColumnPlan['histogram'] | undefined {
  const bounds = given?.filter((b) => Buffer.byteLength(b, 'utf8') <= MAX_BOUND_BYTES);
  if (!bounds || bounds.length < 2) return undefined;
  const buckets = bounds.length - 1;
  const size = 1 / buckets;
  const ndv = distinct !== undefined ? Math.max(1, Math.round(distinct / buckets)) : undefined;
  const hb = bounds.slice(0, -1).map((start, i) => ({
    start,
    ...(i === buckets - 1 ? { end: bounds[buckets] } : {}),
    size: Number(size.toFixed(6)),
    ndv: ndv ?? 1,
  }));
  return {
    min: bounds[0]!,
    max: bounds[buckets]!,
    json: JSON.stringify({ target_histogram_size: buckets, histogram_hb: hb }),
    buckets,
  };
}

/** Distinct values of a column list: unique when it covers a unique key, else the product of per-column counts. */
export function prefixDistinct(table: Pick<TablePlan, 'rows' | 'columns' | 'uniqueKeys'>, columns: string[]): number {
  const rows = table.rows;
  if (rows <= 0) return 0;
  const lower = columns.map((c) => c.toLowerCase());
  if (lower.some((c) => c === 'db_row_id' || c === 'fts_doc_id')) return rows;
  if (table.uniqueKeys.some((key) => key.length > 0 && key.every((k) => lower.includes(k.toLowerCase())))) return rows;
  let product = 1;
  lower.forEach((name, i) => {
    const column = table.columns.find((c) => c.name.toLowerCase() === name);
    if (column?.distinct !== undefined) product *= Math.max(1, column.distinct);
    else if (i === 0) product *= Math.max(1, rows / DEFAULT_ROWS_PER_VALUE);
    else product *= DEFAULT_ROWS_PER_VALUE;
  });
  return Math.max(1, Math.min(rows, Math.round(product)));
}

/**
 * Computes what to inject for every base table. Pure. A table's rows are the user's statistics', else what the
 * pasted plan shows, else the default.
 */
export function planStatistics(
  catalog: CatalogTable[],
  stats: TableStatistics[],
  rowsFromPlan: readonly PlanTableRows[] = [],
): StatisticsPlan {
  const notes: Localized[] = [];
  const tables: TablePlan[] = [];
  const defaulted: DefaultedTable[] = [];
  for (const table of catalog) {
    if (table.kind !== 'table') continue;
    const s = statisticsFor(table, stats);
    const planned = s ? undefined : statisticsFor(table, rowsFromPlan);
    const rowsRaw = s ? s.rows : (planned?.rows ?? DEFAULT_TABLE_ROWS);
    const rows = Math.max(0, Math.round(Number.isFinite(rowsRaw) ? rowsRaw : DEFAULT_TABLE_ROWS));
    if (planned) notes.push(rowsFromPlanNote(table.name, rows));
    else if (!s) defaulted.push({ name: table.name, readAs: [table.name] });
    const columns: ColumnPlan[] = table.columns.map((column) => {
      const given =
        s?.columns.find((c) => c.column === column.name) ?? s?.columns.find((c) => sameName(c.column, column.name));
      const plan: ColumnPlan = { name: column.name, width: defaultColumnWidth(column) };
      if (!given) return plan;
      if (given.nullFraction !== undefined && Number.isFinite(given.nullFraction))
        plan.nullFraction = Math.min(1, Math.max(0, given.nullFraction));
      if (given.averageWidth !== undefined && Number.isFinite(given.averageWidth) && given.averageWidth > 0) {
        plan.averageWidth = given.averageWidth;
        plan.width = Math.max(1, Math.round(given.averageWidth));
      }
      if (given.distinct !== undefined && Number.isFinite(given.distinct) && given.distinct !== 0) {
        const nonNull = rows * (1 - (plan.nullFraction ?? 0));
        const d = given.distinct < 0 ? Math.min(1, -given.distinct) * rows : given.distinct;
        plan.distinct = Math.max(1, Math.min(Math.max(1, Math.round(nonNull)), Math.round(d)));
      }
      const histogram = jsonHistogram(given.histogramBounds, plan.distinct);
      if (histogram) plan.histogram = histogram;
      const leftOut = (given.histogramBounds ?? []).filter(
        (b) => Buffer.byteLength(b, 'utf8') > MAX_BOUND_BYTES,
      ).length;
      if (leftOut > 0) notes.push(tooWideNote(table.name, column.name, leftOut, MAX_BOUND_BYTES));
      return plan;
    });
    for (const c of s?.columns ?? []) {
      if (!table.columns.some((col) => sameName(col.name, c.column)))
        notes.push({
          zh: `统计信息中的列 ${table.name}.${c.column} 在表结构中不存在，已忽略`,
          en: `statistics for ${table.name}.${c.column} ignored: no such column`,
        });
    }
    const widthOf = (name: string) => columns.find((c) => sameName(c.name, name))?.width ?? 8;
    const primary = table.indexes.find((i) => i.name === 'PRIMARY');
    const uniqueKeys = table.indexes.filter((i) => i.unique && i.type !== 'FULLTEXT').map((i) => i.columns);
    const nullableCount = table.columns.filter((c) => c.nullable).length;
    const variable = table.columns.filter((c) =>
      ['varchar', 'varbinary', 'text', 'blob', 'json', 'char'].some((t) => c.dataType.includes(t)),
    ).length;
    const rowBytes =
      columns.reduce((sum, c) => sum + c.width, 0) +
      5 +
      6 +
      7 +
      Math.ceil(nullableCount / 8) +
      variable +
      (primary ? 0 : 6);
    const clustered = pagesFor(rows, rowBytes);
    const pkColumns = primary?.columns ?? [];
    const indexes: IndexPlan[] = [];
    let otherIndexPages = 0;
    for (const index of table.indexes) {
      if (index.type === 'FULLTEXT') continue;
      const isPrimary = index.name === 'PRIMARY';
      const extendedColumns = isPrimary
        ? [...index.columns]
        : [...index.columns, ...pkColumns.filter((c) => !index.columns.some((k) => sameName(k, c)))];
      const keyLength = index.columns.reduce((sum, c) => sum + widthOf(c), 0);
      let leafPages = clustered.leaf;
      let pages = clustered.total;
      if (!isPrimary) {
        const entry = extendedColumns.reduce((sum, c) => sum + widthOf(c), 0) + (primary ? 0 : 6) + 5 + 1;
        const p = pagesFor(rows, entry);
        leafPages = p.leaf;
        pages = p.total;
        otherIndexPages += pages;
      }
      indexes.push({ name: index.name, unique: index.unique, extendedColumns, keyLength, leafPages, pages });
    }
    tables.push({
      name: table.name,
      rows,
      defaulted: !s && !planned,
      columns,
      indexes,
      clusteredPages: clustered.total,
      otherIndexPages,
      uniqueKeys,
    });
  }
  for (const s of stats) {
    if (!catalog.some((t) => t.kind === 'table' && statisticsFor(t, [s])))
      notes.push({
        zh: `统计信息中的表 ${s.table} 在表结构中不存在，已忽略`,
        en: `statistics for table ${s.table} ignored: no such table`,
      });
  }
  if (defaulted.length > 0) notes.push(defaultedTablesNote(defaulted, DEFAULT_TABLE_ROWS));
  return { tables, notes };
}

function sqlValue(v: string | number | null): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NULL';
  return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function valuesList(rows: Array<Array<string | number | null>>): string {
  return rows.map((r) => `(${r.map(sqlValue).join(', ')})`).join(',\n');
}

/**
 * Writes a plan into the statistics tables (through `admin`, which may write `mysql.*`) and reloads the tables
 * (through `session`, which owns the database). `eits` = false for MySQL, which has no engine-independent statistics.
 */
export class StatisticsInjector {
  constructor(
    private readonly admin: Queryable,
    private readonly session: Queryable,
    private readonly database: string,
    private plan: StatisticsPlan,
    private readonly eits = true,
  ) {}

  get tables(): TablePlan[] {
    return this.plan.tables;
  }

  /** Replaces the plan of some tables (after an index was added or dropped) and keeps the others. */
  replaceTables(tables: TablePlan[]): void {
    const names = new Set(tables.map((t) => t.name));
    this.plan = { ...this.plan, tables: [...this.plan.tables.filter((t) => !names.has(t.name)), ...tables] };
  }

  /** Injects the statistics of `only` (table names; default all) and reloads those tables. */
  async apply(only?: string[]): Promise<void> {
    const tables = only ? this.plan.tables.filter((t) => only.includes(t.name)) : this.plan.tables;
    if (tables.length === 0) return;
    const db = this.database;
    const names = tables.map((t) => t.name);
    const inList = names.map(sqlValue).join(', ');

    // The InnoDB statistics and each table of the engine-independent ones are written at once on connections of the
    // admin pool (different tables, each chain in its order): a change of what-if set injects them every time.
    const innodb = async () => {
      // InnoDB: the rows exist after CREATE TABLE (persistent statistics); upsert so a missing one is created.
      const tableStats = tables.map((t) => [db, t.name, t.rows, t.clusteredPages, t.otherIndexPages]);
      await this.admin.query(
        `INSERT INTO mysql.innodb_table_stats (database_name, table_name, n_rows, clustered_index_size, sum_of_other_index_sizes)
         VALUES ${valuesList(tableStats)}
         ON DUPLICATE KEY UPDATE n_rows = VALUES(n_rows), clustered_index_size = VALUES(clustered_index_size),
           sum_of_other_index_sizes = VALUES(sum_of_other_index_sizes), last_update = NOW()`,
      );
      const [existing] = await this.admin.query<mysql.RowDataPacket[]>(
        `SELECT table_name AS t, index_name AS i, stat_name AS s, stat_description AS d FROM mysql.innodb_index_stats
          WHERE database_name = ? AND table_name IN (${inList})`,
        [db],
      );
      const indexStats: Array<Array<string | number | null>> = [];
      for (const table of tables) {
        for (const index of table.indexes) {
          const rowsOf = existing.filter((r) => r.t === table.name && r.i === index.name);
          const described = rowsOf.filter((r) => /^n_diff_pfx\d+$/.test(String(r.s)));
          const prefixes =
            described.length > 0
              ? described.map((r) => ({ stat: String(r.s), columns: String(r.d).split(',') }))
              : index.extendedColumns.map((_, k) => ({
                  stat: `n_diff_pfx${String(k + 1).padStart(2, '0')}`,
                  columns: index.extendedColumns.slice(0, k + 1),
                }));
          for (const p of prefixes) {
            indexStats.push([
              db,
              table.name,
              index.name,
              p.stat,
              prefixDistinct(table, p.columns),
              Math.min(20, Math.max(1, index.leafPages)),
              p.columns.join(','),
            ]);
          }
          indexStats.push([
            db,
            table.name,
            index.name,
            'n_leaf_pages',
            index.leafPages,
            null,
            'Number of leaf pages in the index',
          ]);
          indexStats.push([db, table.name, index.name, 'size', index.pages, null, 'Number of pages in the index']);
        }
      }
      if (indexStats.length > 0) {
        await this.admin.query(
          `INSERT INTO mysql.innodb_index_stats (database_name, table_name, index_name, stat_name, stat_value, sample_size, stat_description)
           VALUES ${valuesList(indexStats)}
           ON DUPLICATE KEY UPDATE stat_value = VALUES(stat_value), sample_size = VALUES(sample_size), last_update = NOW()`,
        );
      }
    };
    // Engine-independent statistics: each table of them deleted and written again on its own connection.
    const replaced = async (statsTable: string, insert: (() => Promise<unknown>) | undefined) => {
      await this.admin.query(`DELETE FROM mysql.${statsTable} WHERE db_name = ? AND table_name IN (${inList})`, [db]);
      await insert?.();
    };
    const engineIndependent = () => {
      if (!this.eits) return [];
      const eitsIndex: Array<Array<string | number | null>> = [];
      for (const table of tables) {
        for (const index of table.indexes) {
          index.extendedColumns.forEach((_, k) => {
            const distinct = prefixDistinct(table, index.extendedColumns.slice(0, k + 1));
            eitsIndex.push([
              db,
              table.name,
              index.name,
              k + 1,
              table.rows > 0 ? Math.min(99_999_999, Math.max(1, table.rows / Math.max(1, distinct))) : null,
            ]);
          });
        }
      }
      const indexRows = () =>
        this.admin.query(
          `INSERT INTO mysql.index_stats (db_name, table_name, index_name, prefix_arity, avg_frequency) VALUES ${valuesList(eitsIndex)}`,
        );
      const eitsColumns: Array<Array<string | number | null>> = [];
      for (const table of tables) {
        for (const c of table.columns) {
          if (
            c.distinct === undefined &&
            c.nullFraction === undefined &&
            c.averageWidth === undefined &&
            c.histogram === undefined
          )
            continue;
          const nonNull = table.rows * (1 - (c.nullFraction ?? 0));
          const frequency = c.distinct !== undefined && table.rows > 0 ? Math.max(1, nonNull / c.distinct) : null;
          eitsColumns.push([
            db,
            table.name,
            c.name,
            c.nullFraction ?? null,
            c.averageWidth ?? null,
            frequency === null ? null : Math.min(frequency, 99_999_999),
            c.histogram?.min ?? null,
            c.histogram?.max ?? null,
            c.histogram ? Math.min(255, c.histogram.buckets) : null,
            c.histogram ? 'JSON_HB' : null,
            c.histogram?.json ?? null,
          ]);
        }
      }
      const columnRows = () =>
        this.admin.query(
          `INSERT INTO mysql.column_stats (db_name, table_name, column_name, nulls_ratio, avg_length, avg_frequency, min_value, max_value, hist_size, hist_type, histogram) VALUES ${valuesList(eitsColumns)}`,
        );
      return [
        replaced('table_stats', () =>
          this.admin.query(
            `INSERT INTO mysql.table_stats (db_name, table_name, cardinality) VALUES ${valuesList(tables.map((t) => [db, t.name, t.rows]))}`,
          ),
        ),
        replaced('index_stats', eitsIndex.length > 0 ? indexRows : undefined),
        replaced('column_stats', eitsColumns.length > 0 ? columnRows : undefined),
      ];
    };
    const written = await Promise.allSettled([innodb(), ...engineIndependent()]);
    // Every chain has ended before an error is thrown: nothing writes behind the caller's back.
    for (const w of written) if (w.status === 'rejected') throw w.reason;
    await this.reload(names);
  }

  /**
   * Closes and reopens the tables so both kinds of statistics are read again: a double RENAME TABLE, both ways in
   * one statement (one round trip and one metadata lock instead of two).
   */
  async reload(names: string[]): Promise<void> {
    if (names.length === 0) return;
    const pairs = names.map((n, i) => [quoteIdent(n), quoteIdent(`__sqltune_reload_${i}`)] as const);
    const away = pairs.map(([a, b]) => `${a} TO ${b}`);
    const back = pairs.map(([a, b]) => `${b} TO ${a}`);
    await this.session.query(`RENAME TABLE ${[...away, ...back].join(', ')}`);
  }
}
