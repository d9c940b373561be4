/**
 * The PostgreSQL planner backend on embedded PGlite (PostgreSQL 18.6 in wasm).
 *
 * open(request): lease a pooled instance (its `public` schema is the session's, see pool.ts; one started with the
 * allowed contrib extensions the table structure names, created before the role switch: extensions.ts), run the user's
 * DDL statement by statement (only table structure statements, see ddl.ts; an error becomes 4203 at the
 * line/column of the user's text), inject the statistics (stats.ts; tables without statistics are planned as
 * DEFAULT_TABLE_ROWS = 1000 rows and the session's `notes` say so).
 * explain(sql, whatIf): in a transaction that is always rolled back: optional what-if indexes (real indexes on
 * empty tables, built after a TRUNCATE so the sparse heap is not read, then resized by the injector), then
 * EXPLAIN (FORMAT JSON) and the text EXPLAIN for display, read-only. `$1` parameters get GENERIC_PLAN.
 * An error becomes 4202 at the line/column of the statement.
 * verify(original, candidate): differential verification (../verify/differential.ts).
 * If the instance dies (a runaway statement is stopped by terminating its worker), the session transparently
 * re-opens on a fresh instance at its next call.
 *
 * Timings measured on this machine (Node 20.20, 2 cores, nothing else running; TPC-H schema: 8 tables, 8 primary
 * keys, 9 foreign keys, SF1 statistics; scripts like backend.test.ts, 20-100 repetitions each):
 *   start-up:  first open() of a process 0.8-1.1 s with the template cached on disk (wasm compile, clone 0.4-0.6 s,
 *              DDL, statistics); +2.2-3.6 s once per machine and PGlite version to create the template (initdb)
 *   open():    50-110 ms on a warm pool (DDL about 40 ms, catalog read + statistics injection 10-20 ms)
 *   explain(): 2.1 ms for a one-table statement, 5.4 ms on average over the TPC-H queries (JSON + text EXPLAIN)
 *   what-if explain: 21-25 ms with one index (TRUNCATE ... CASCADE, CREATE INDEX, re-sizing the truncated tables,
 *              EXPLAIN, ROLLBACK); it was 30-40 ms before sized files shared one copy-on-write zero buffer
 *   verify():  about 50 ms for 2 tables and 100 ms for 6 tables (TPC-H Q5 vs its rewrite), 5 databases x 40 rows
 *   close():   7-10 ms (schema reset); the instance is replaced after 200 sessions (0.4-0.6 s, off the caller's path
 *              unless a session is waiting)
 *   a whole session (open, 4 TPC-H explains, 1 what-if, 1 verify, close): about 180 ms; one instance's process
 *   RSS stayed at 540-570 MB over 60 such sessions.
 */
import { AppError, ErrorCode, type Localized, type PlanTree, type Verification } from '@sqltune/contracts';
import { SandboxSession } from '../session-base.ts';
import { hasParameters, singleStatement, splitStatements, tokenize } from '../sql-text.ts';
import type { PlannerBackend, PlannerSession, PlanRequest, VerifyOptions } from '../types.ts';
import { verifyDifferential } from '../verify/differential.ts';
import { readWhatIfIndexes, whatIfIndexError } from '../what-if.ts';
import { classifyDdl, indexTargetTable, rejectedDdlError, whatIfIndexSql } from './ddl.ts';
import { explainStatement, GENERIC_STATEMENT } from './explain.ts';
import { ALLOWED_EXTENSIONS, createdSchemaName, requestedExtensions } from './extensions.ts';
import { planTreeFromExplainJson } from './plan-json.ts';
import { getPglitePool, PgError, type PgliteInstance, type PgliteLease, shutdownSharedPglitePool } from './pool.ts';
import {
  newStructureRun,
  runStructureStatement,
  type StandIn,
  type StructureRun,
  standInHint,
  structureRunNotes,
} from './stand-ins.ts';
import { planStatistics, readCatalog, StatisticsInjector } from './stats.ts';

const EMBEDDED = { zh: '内置 PostgreSQL 中没有此扩展', en: 'not available in the embedded PostgreSQL' };

function versionLabel(version: string): string {
  const m = /PostgreSQL (\d+(?:\.\d+)?)/.exec(version);
  return `PostgreSQL ${m ? m[1] : ''} (embedded PGlite)`.replace('  ', ' ');
}

/**
 * Runs the user's DDL; throws 4203 at the offending statement. The extensions were created with the instance; types
 * and objects of others get stand-ins (stand-ins.ts), added to `run`. Returns the notes.
 */
async function runSchema(
  db: PgliteInstance,
  schemaSql: string,
  extensionSchemas: Set<string>,
  run: StructureRun,
): Promise<Localized[]> {
  const notes: Localized[] = [];
  for (const statement of splitStatements(schemaSql, 'postgresql')) {
    const decision = classifyDdl(statement.tokens);
    if (decision.action === 'skip') continue;
    if (decision.action === 'reject') throw rejectedDdlError(schemaSql, statement, decision);
    // The schema an extension went in exists already, the session's own.
    const schema = decision.kind === 'CREATE SCHEMA' ? createdSchemaName(statement.tokens) : undefined;
    if (schema !== undefined && extensionSchemas.has(schema)) continue;
    notes.push(...(await runStructureStatement((sql) => db.query(sql), schemaSql, statement, decision, run)));
  }
  return [...notes, ...structureRunNotes(run)];
}

interface Ready {
  lease: PgliteLease;
  injector: StatisticsInjector;
  tableRows: Map<string, number>;
  /** Columns planned as stand-ins for types the sandbox does not know. */
  standIns: StandIn[];
}

class PgliteSession extends SandboxSession<Ready> implements PlannerSession {
  source = 'PostgreSQL (embedded PGlite)';

  constructor(private readonly request: PlanRequest) {
    super();
  }

  /** Leases an instance and builds the schema. */
  protected async prepare(): Promise<Ready> {
    const { requests, notes: extensionNotes } = requestedExtensions(this.request.schemaSql, EMBEDDED);
    for (const name of this.request.adviceExtensions ?? [])
      if (ALLOWED_EXTENSIONS.includes(name) && !requests.some((r) => r.name === name)) requests.push({ name });
    const lease = await getPglitePool().acquire(requests);
    try {
      const db = lease.db;
      this.source = versionLabel(db.version);
      const run = newStructureRun();
      const extensionSchemas = new Set(requests.flatMap((r) => (r.schema ? [r.schema] : [])));
      const schemaNotes = await runSchema(db, this.request.schemaSql, extensionSchemas, run);
      const catalog = await readCatalog(db);
      const plan = planStatistics(catalog, this.request.statistics, this.request.rowsFromPlan);
      const injector = new StatisticsInjector(db, plan);
      await injector.apply();
      this.notes = [...extensionNotes, ...schemaNotes, ...plan.notes];
      const tableRows = new Map(plan.tables.map((t) => [t.name, t.tuples]));
      return { lease, injector, tableRows, standIns: run.standIns };
    } catch (error) {
      await lease.release();
      throw error;
    }
  }

  protected alive(ready: Ready): boolean {
    return !ready.lease.db.dead;
  }

  protected dispose(ready: Ready): Promise<void> {
    return ready.lease.release();
  }

  explain(sql: string, whatIfIndexes: string[] = []): Promise<PlanTree> {
    return this.serialize((ready) => this.explainNow(ready, sql, whatIfIndexes));
  }

  private async explainNow(ready: Ready, sql: string, whatIfIndexes: string[]): Promise<PlanTree> {
    const { statement, tokens } = singleStatement(sql, 'postgresql');
    const { lease, injector, tableRows } = ready;
    const db = lease.db;
    const generic = hasParameters(tokens);
    try {
      await db.query('BEGIN');
      if (whatIfIndexes.length > 0) await this.createWhatIfIndexes(db, injector, whatIfIndexes);
      await db.query('SET LOCAL transaction_read_only = on');
      const { json, text } = await explainStatement(db, statement, tokens);
      return planTreeFromExplainJson(json, text, { tableRows });
    } catch (error) {
      throw standInHint(error, ready.standIns);
    } finally {
      if (!db.dead) {
        await db.query('ROLLBACK').catch(() => undefined);
        // A prepared statement outlives the transaction.
        if (generic) await db.query(`DEALLOCATE ${GENERIC_STATEMENT}`).catch(() => undefined);
      }
    }
  }

  private async createWhatIfIndexes(
    db: PgliteInstance,
    injector: StatisticsInjector,
    indexes: string[],
  ): Promise<void> {
    const prepared = readWhatIfIndexes(indexes, 'postgresql', (text, tokens) => whatIfIndexSql(tokens, text)).map(
      (sql) => ({ sql, table: indexTargetTable(tokenize(sql, 'postgresql'), sql) }),
    );
    // Building an index reads the whole (sparse) heap: empty the tables first; the rollback brings them back.
    const targets = new Set<string>();
    for (const p of prepared) {
      if (!p.table) continue;
      await db.query('SAVEPOINT sqltune_target');
      const r = await db
        .query<{ oid: string | null }>('SELECT to_regclass($1)::oid::text AS oid', [p.table])
        .catch(async () => {
          await db.query('ROLLBACK TO SAVEPOINT sqltune_target');
          return undefined;
        });
      await db.query('RELEASE SAVEPOINT sqltune_target');
      const oid = r?.rows[0]?.oid;
      if (oid) targets.add(oid);
    }
    if (targets.size > 0) {
      const names = await db.query<{ name: string }>(
        `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.oid = ANY($1::oid[]) AND c.relkind IN ('r', 'm')`,
        [`{${[...targets].join(',')}}`],
      );
      if (names.rows.length > 0) await db.query(`TRUNCATE ${names.rows.map((r) => r.name).join(', ')} CASCADE`);
    }
    for (const p of prepared) {
      try {
        await db.query(p.sql);
      } catch (error) {
        if (!(error instanceof PgError)) throw error;
        throw whatIfIndexError(p.sql, error.message, this.request.schemaSql, error.code);
      }
    }
    await injector.refresh();
  }

  verify(original: string, candidate: string, options: VerifyOptions): Promise<Verification> {
    return this.serialize(({ lease }) => verifyDifferential(lease.db, original, candidate, options));
  }
}

export const pglitePlanner: PlannerBackend = {
  dialect: 'postgresql',
  async open(request: PlanRequest): Promise<PlannerSession> {
    if (request.dialect !== 'postgresql') {
      throw new AppError(ErrorCode.BAD_REQUEST, {
        message: {
          zh: `PGlite 只能规划 PostgreSQL 语句，收到 ${request.dialect}`,
          en: `PGlite plans PostgreSQL only, got ${request.dialect}`,
        },
      });
    }
    const session = new PgliteSession(request);
    await session.setup();
    return session;
  },
};

/** Closes every pooled PGlite instance (tests, server shutdown). A later open() starts a new pool. */
export async function shutdownPglitePool(): Promise<void> {
  await shutdownSharedPglitePool();
}
