import type { Dialect, Localized, PlanTree, Verification } from '@sqltune/contracts';
import type { PlanTableRows, TableStatistics } from '@sqltune/engine';

export type { ColumnStatistics, PlanTableRows, TableStatistics } from '@sqltune/engine';

/** What a planner needs to reproduce the user's database without its data. */
export interface PlanRequest {
  dialect: Dialect;
  /** The user's CREATE TABLE / CREATE INDEX text, in the request's dialect. */
  schemaSql: string;
  statistics: TableStatistics[];
  /**
   * Row counts the user's pasted plan shows for tables without statistics (the engine's tableRowsFromPlan): such a
   * table is planned at that size instead of the default, and the session's notes say where the size came from.
   * A table in `statistics` keeps the user's numbers.
   */
  rowsFromPlan?: PlanTableRows[];
  /**
   * Allowed extensions (pglite/extensions.ts) the statements' index candidates need and the structure may not create
   * (pg_trgm for a trigram GIN): made beside the structure's own, so the what-if index can be built and costed.
   */
  adviceExtensions?: string[];
}

/** Options for differential verification: data sets are generated from the schema. */
export interface VerifyOptions {
  /** Literals that appear in the statements; generated data includes them and their neighbours. */
  literals: Array<string | number>;
  /** How many generated databases to compare on (default 5). */
  databases?: number;
  /** Rows per table per database (default 40). */
  rowsPerTable?: number;
  /** Seed for the data generator, so a failure can be reproduced. */
  seed?: number;
  /**
   * Time limit in ms for one statement on one generated database (default 10,000). When it is exceeded the
   * sandbox instance is replaced and the verdict is 'not-run'.
   */
  statementTimeoutMs?: number;
}

/** One opened copy of the user's schema in a real optimizer. Close it when done. */
export interface PlannerSession {
  /** Which optimizer answers, e.g. "PostgreSQL 18.6 (embedded PGlite)". */
  readonly source: string;
  /**
   * What the session assumed or ignored while reproducing the schema, for the report (e.g. "no statistics for
   * orders: planned as 1000 rows", "CREATE EXTENSION ignored"). Optional so other backends need not fill it.
   */
  readonly notes?: readonly Localized[];
  /** EXPLAIN the statement, optionally with hypothetical indexes (CREATE INDEX statements) in place. */
  explain(sql: string, whatIfIndexes?: string[]): Promise<PlanTree>;
  /** Runs both statements on generated databases and compares their results as multisets (or lists when ordered). */
  verify(original: string, candidate: string, options: VerifyOptions): Promise<Verification>;
  close(): Promise<void>;
}

export interface PlannerBackend {
  readonly dialect: Dialect;
  open(request: PlanRequest): Promise<PlannerSession>;
}
