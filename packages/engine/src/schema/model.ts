import type { Localized } from '@sqltune/contracts';

/** The user's tables as the engine understands them: from DDL or pasted client output, plus statistics. */

export interface ColumnStatistics {
  column: string;
  /** Distinct values; negative means a fraction of rows, as PostgreSQL's n_distinct. */
  distinct?: number;
  nullFraction?: number;
  averageWidth?: number;
  /**
   * The most common values with the fraction of rows holding each (PostgreSQL's most_common_vals /
   * most_common_freqs), values as text in the column's input syntax.
   */
  mostCommonValues?: Array<{ value: string; frequency: number }>;
  /**
   * Equi-depth histogram bounds, ascending, as text (PostgreSQL's histogram_bounds): each pair of neighbours
   * holds the same share of the rows that are not NULL and not among the most common values.
   */
  histogramBounds?: string[];
  /** How closely the physical row order follows the sort order, -1..1 (PostgreSQL's correlation). */
  correlation?: number;
}

export interface TableStatistics {
  table: string;
  rows: number;
  columns: ColumnStatistics[];
}

export interface ColumnDef {
  name: string;
  /** Upper-case base type without length, e.g. VARCHAR, INT, DATE. */
  type: string;
  nullable: boolean;
  /** Declared length of a string type (VARCHAR(200): 200), when the structure gives one. */
  length?: number;
  /**
   * MySQL: the collation a text column compares with (lower case), when the structure shows it: the column's own
   * COLLATE, else the table's COLLATE= (as SHOW CREATE TABLE always prints). Unset when it depends on a character
   * set's or the server's default, which differ between MySQL and MariaDB versions.
   */
  collation?: string;
}

export interface IndexDef {
  name: string | null;
  /** Key columns, then INCLUDE ones; '' for a key on an expression (its text is in `expressions`). */
  columns: string[];
  /**
   * The text of each key that is an expression, not a column (MySQL 8 `KEY idx ((lower(email)))`, PostgreSQL
   * `(a + b)` or `lower(email)`), as model/expression-text.ts prints it (as written, blanks reduced to one, where it
   * prints none), aligned with `columns` (whose entry is then ''; null for a column key); absent when no key is one.
   */
  expressions?: Array<string | null>;
  /** Keys stored descending (`col DESC`), aligned with `columns`; absent when none is. */
  descending?: boolean[];
  /** PostgreSQL partial index: its predicate as expressionText prints it ('' when not printable). */
  where?: string;
  /** MySQL prefix lengths (`KEY (username(2))`), aligned with `columns` (null for a whole column); absent without any. */
  prefixLengths?: Array<number | null>;
  unique: boolean;
  primary: boolean;
  /**
   * The access method when not a B-tree: PostgreSQL's CREATE INDEX ... USING (lower case: gin, hnsw...), MySQL's
   * FULLTEXT and SPATIAL keys ('fulltext', 'spatial'). Absent for a B-tree.
   */
  method?: string;
  /**
   * PostgreSQL: each key's operator class and collation as written (`varchar_pattern_ops`, `COLLATE "C"`, '' for
   * none), aligned with `columns`; absent when no key has either. They decide which operators the index serves.
   */
  keyOptions?: string[];
}

export interface TableDef {
  name: string;
  columns: ColumnDef[];
  indexes: IndexDef[];
  /** 1-based line of the CREATE TABLE in the schema text. */
  line: number;
  statistics?: TableStatistics;
  /** A PostgreSQL materialized view (materialized-view.ts): read like a table, but it has no keys and takes no writes. */
  materializedView?: true;
  /** A PostgreSQL foreign table (foreign-data.ts): planned as the table of its columns, but it takes no index or key. */
  foreignTable?: true;
  /**
   * A table the statements read that the structure left out, planned with the columns they read of it and types
   * inferred from their use (inferred-tables.ts): no fact of the user's database, so the rules never see it.
   */
  inferred?: true;
  /** MySQL: the storage engine the CREATE TABLE names (`ENGINE=MyISAM`: 'MYISAM', upper case); absent when none. */
  engine?: string;
}

export interface SchemaModel {
  tables: TableDef[];
  /** The names of the views the structure creates (their columns are the sandbox's to know, not the model's). */
  views?: string[];
  /**
   * The structure as CREATE TABLE / CREATE INDEX text of the dialect, for the planners to run: the input itself
   * when it was plain DDL, otherwise DDL built from the pasted client output (SHOW CREATE TABLE, SHOW INDEX).
   */
  ddl: string;
  /** What reading the structure left out and the report should say (a dump's data rows skipped). */
  notes?: Localized[];
}

/**
 * Names are compared without case, but a name written exactly as one of the schema's is that one: PostgreSQL's
 * quoted `"User"` (Prisma) and `"user"` (TypeORM), or `"Users"` (EF Core) and `users` (Rails), are different tables
 * of one database, as MySQL's `Users` and `users` are on a case-sensitive file system.
 */
function byName<T extends { name: string }>(items: readonly T[] | undefined, name: string): T | undefined {
  const exact = unquote(name);
  const wanted = exact.toLowerCase();
  return items?.find((t) => t.name === exact) ?? items?.find((t) => t.name.toLowerCase() === wanted);
}

export function findTable(schema: SchemaModel, name: string): TableDef | undefined {
  return byName(schema.tables, name);
}

export function findColumn(table: TableDef | undefined, name: string): ColumnDef | undefined {
  return byName(table?.columns, name);
}

/** A column's statistics, when the user gave any. */
export function columnStatistics(table: TableDef, column: string): ColumnStatistics | undefined {
  const wanted = column.toLowerCase();
  return table.statistics?.columns.find((c) => c.column.toLowerCase() === wanted);
}

/** Distinct values of a column from the statistics (a negative count is a share of the rows, as n_distinct). */
export function distinctValues(table: TableDef, column: string): number | undefined {
  const distinct = columnStatistics(table, column)?.distinct;
  if (distinct === undefined) return undefined;
  return distinct < 0 ? -distinct * (table.statistics?.rows ?? 0) : distinct;
}

/**
 * Whether an index can serve =, a range, ORDER BY or a join on its leading keys. MySQL's FULLTEXT and SPATIAL keys
 * cannot (they serve MATCH ... AGAINST and geometry predicates only); PostgreSQL's methods are left to the callers
 * that compare methods (a hash or btree_gin index serves equality).
 */
export function servesComparisons(index: IndexDef): boolean {
  return index.method !== 'fulltext' && index.method !== 'spatial';
}

/** Whether a column is the first column of an index of its table that serves comparisons (a lookup on it can use it). */
export function leadsIndex(table: TableDef, column: string): boolean {
  const wanted = column.toLowerCase();
  return table.indexes.some((index) => servesComparisons(index) && index.columns[0]?.toLowerCase() === wanted);
}

/** An index's keys as text: each column's name, or an expression key's text (`lower(email)`) where it is one. */
export function keyTexts(index: IndexDef): string[] {
  return index.columns.map((column, k) => index.expressions?.[k] ?? column);
}

/**
 * Whether every column of some unique index (or the primary key) is in `bound` (lower case). A partial unique index
 * (`... WHERE deleted_at IS NULL`) is unique only among the rows its predicate holds: not a key of the table.
 */
export function coversUniqueKey(def: TableDef, bound: Set<string>): boolean {
  return def.indexes.some(
    (index) =>
      (index.unique || index.primary) &&
      index.where === undefined &&
      index.columns.length > 0 &&
      index.columns.every((c) => bound.has(c.toLowerCase())),
  );
}

export function unquote(name: string): string {
  return name.replace(/^[`"]|[`"]$/g, '');
}
