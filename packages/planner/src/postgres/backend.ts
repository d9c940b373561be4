/**
 * The PostgreSQL planner backend on a real PostgreSQL 15 server with HypoPG (local throwaway server or
 * POSTGRES_SANDBOX_URL, see server.ts).
 *
 * open(request): a database of its own copied from the sandbox template and an unprivileged role that owns it (a
 * spare one when ready); the user's DDL runs statement by statement as that role through the same whitelist as
 * PGlite (../pglite/ddl.ts; an error becomes 4203 at the line/column of the user's text; the allowed contrib
 * extensions of ../pglite/extensions.ts are created by the sandbox's own statement - trusted ones such as pg_trgm
 * install - and the others noted); the statistics are injected
 * (stats.ts; tables without statistics are planned as DEFAULT_TABLE_ROWS = 1000 rows and `notes` says so).
 * explain(sql, whatIf): in a transaction that is always rolled back: the what-if indexes as HypoPG hypothetical
 * indexes (hypopg_create_index, hypopg_reset() afterwards; nothing is built), then EXPLAIN (FORMAT JSON) and the text
 * EXPLAIN, read-only; HypoPG's index names are replaced by the candidates' own (hypo.ts). `$1` parameters: PostgreSQL
 * 15 has no EXPLAIN (GENERIC_PLAN), so the statement is PREPAREd and its generic plan explained
 * (plan_cache_mode = force_generic_plan). An error becomes 4202 at the line/column of the statement.
 * verify(original, candidate): differential verification (../verify/differential.ts) on the session's connection, in
 * a transaction that is rolled back; each statement on generated data runs under statement_timeout.
 * close(): ends the connection; the database and role are dropped in the background.
 * Sessions are independent (own database, role and connection); calls on one session run one at a time. If the
 * connection is lost (server restarted), the session is rebuilt on the next call.
 *
 * Timings measured on this machine (Node 20.20, 2 cores shared with other test runs, load about 2; PostgreSQL 15.20,
 * HypoPG 1.3.1; TPC-H schema: 8 tables, 8 primary keys, 9 foreign keys, SF1 statistics; 20 sessions of a script doing
 * what backend.test.ts does; the server directory in /dev/shm, see server.ts):
 *   start-up:  0.18-0.27 s once per process, on the first use (copy the cached 38 MB template data directory, start,
 *              first connection), then about 50 ms for the first spare database; 0.6-1.7 s with the server directory
 *              on this (busy) disk; +0.9-2 s once per machine and version to build the template (initdb, template
 *              database with HypoPG and the statistics functions, clean shutdown)
 *   open():    median 32 ms (23-88 ms) with a spare database and connection ready: DDL 15-40 ms, catalog read,
 *              statistics injection (sparse files + 2 statements); 75 ms median (39-370 ms) on disk; without a spare
 *              ready add CREATE DATABASE (120-450 ms)
 *   explain(): 0.6-1 ms for a one-table statement (the first of a session 15-40 ms: the new backend's catalog caches
 *              are cold); 2 ms on average over the TPC-H queries (JSON + text EXPLAIN)
 *   what-if explain: median 2.3 ms (1.7-3.7 ms) with one index (hypopg_create_index, EXPLAIN x2, ROLLBACK,
 *              hypopg_reset)
 *   verify():  median 32 ms (25-70 ms) for 2 tables, 67 ms (41-102 ms) for TPC-H Q5 vs its rewrite (6 tables),
 *              5 databases x 40 rows
 *   close():   3.5-5 ms (the database and role are dropped in the background: 15-70 ms)
 */
import { AppError, ErrorCode, type Localized, type PlanTree, type Verification } from '@sqltune/contracts';
import { classifyDdl, rejectedDdlError, whatIfIndexSql } from '../pglite/ddl.ts';
import { explainStatement, GENERIC_STATEMENT, parameterCount } from '../pglite/explain.ts';
import { createdSchemaName, createExtensionSql, requestedExtensions } from '../pglite/extensions.ts';
import { planTreeFromExplainJson } from '../pglite/plan-json.ts';
import { PgError } from '../pglite/pool.ts';
import { quoteIdent } from '../pglite/sql-text.ts';
import {
  newStructureRun,
  runStructureStatement,
  type StandIn,
  type StructureRun,
  standInHint,
  structureRunNotes,
} from '../pglite/stand-ins.ts';
import { type CatalogTable, planStatistics, readCatalog } from '../pglite/stats.ts';
import { reduceServerText } from '../server-text.ts';
import { SandboxSession } from '../session-base.ts';
import { singleStatement, splitStatements, tokenize } from '../sql-text.ts';
import type { PlannerBackend, PlannerSession, PlanRequest, VerifyOptions } from '../types.ts';
import { verifyDifferential } from '../verify/differential.ts';
import { readWhatIfIndexes, whatIfIndexError } from '../what-if.ts';
import { asPgliteInstance, type PgConnection, PostgresConnectionLost } from './connection.ts';
import { defaultIndexName, readIndexShape, renameIndexesInJson, renameIndexesInText } from './hypo.ts';
import { acquireSandboxDatabase, releaseSandboxDatabase, type SandboxDatabase, type SandboxServer } from './server.ts';
import { Pg15StatisticsInjector } from './stats.ts';

export { postgresSandboxAvailable, shutdownPostgresSandbox } from './server.ts';

function sourceLabel(server: SandboxServer): string {
  const hypopg = server.hypopgVersion ? ` + HypoPG ${server.hypopgVersion}` : ' + HypoPG';
  return `PostgreSQL ${server.version}${hypopg} (${server.local ? 'local sandbox' : 'sandbox server'})`;
}

interface Ready {
  conn: PgConnection;
  server: SandboxServer;
  database: SandboxDatabase;
  tableRows: Map<string, number>;
  /** Names of existing relations by schema (for the default names of unnamed what-if indexes). */
  relationNames: Set<string>;
  /** Columns planned as stand-ins for types the sandbox does not know. */
  standIns: StandIn[];
}

class PostgresSession extends SandboxSession<Ready> implements PlannerSession {
  source = 'PostgreSQL + HypoPG (sandbox)';

  constructor(private readonly request: PlanRequest) {
    super();
  }

  /** A database and role of its own, the schema and the statistics. */
  protected async prepare(): Promise<Ready> {
    const { server, database, connection: conn } = await acquireSandboxDatabase();
    try {
      const run = newStructureRun();
      const schemaNotes = await runSchema(conn, this.request.schemaSql, run);
      const catalog = await readCatalog(asPgliteInstance(conn));
      const plan = planStatistics(catalog, this.request.statistics, this.request.rowsFromPlan);
      const injector = new Pg15StatisticsInjector(conn, plan, {
        mode: server.sizing,
        files: server.files,
        autovacuum: server.autovacuum,
      });
      const injectionNotes = await injector.apply(catalog);
      this.notes = [...schemaNotes, ...injectionNotes, ...plan.notes];
      this.source = sourceLabel(server);
      return {
        conn,
        server,
        database,
        tableRows: new Map(plan.tables.map((t) => [t.name, t.tuples])),
        relationNames: relationNamesOf(catalog),
        standIns: run.standIns,
      };
    } catch (error) {
      await conn.end();
      void releaseSandboxDatabase(database);
      throw error;
    }
  }

  protected alive(ready: Ready): boolean {
    return !ready.conn.dead;
  }

  protected async dispose(ready: Ready): Promise<void> {
    await ready.conn.end();
    void releaseSandboxDatabase(ready.database);
  }

  protected override lostConnection(error: unknown): boolean {
    return error instanceof PostgresConnectionLost;
  }

  explain(sql: string, whatIfIndexes: string[] = []): Promise<PlanTree> {
    return this.serialize((ready) => this.explainNow(ready, sql, whatIfIndexes));
  }

  private async explainNow(ready: Ready, sql: string, whatIfIndexes: string[]): Promise<PlanTree> {
    const { statement, tokens } = singleStatement(sql, 'postgresql');
    const { conn } = ready;
    const parameters = parameterCount(tokens);
    let names = new Map<string, string>();
    try {
      await conn.query('BEGIN');
      if (whatIfIndexes.length > 0) names = await this.createWhatIfIndexes(ready, whatIfIndexes);
      await conn.query('SET LOCAL transaction_read_only = on');
      let { json, text } = await explainStatement(asPgliteInstance(conn), statement, tokens);
      if (names.size > 0) {
        json = renameIndexesInJson(json, names);
        text = renameIndexesInText(text, names);
      }
      return planTreeFromExplainJson(json, text, { tableRows: ready.tableRows });
    } catch (error) {
      throw standInHint(error, ready.standIns);
    } finally {
      if (!conn.dead) {
        await conn.query('ROLLBACK').catch(() => undefined);
        // Neither PREPARE nor HypoPG's indexes are transactional.
        if (parameters > 0) await conn.query(`DEALLOCATE ${GENERIC_STATEMENT}`).catch(() => undefined);
        if (names.size > 0 || whatIfIndexes.length > 0)
          await conn.query(`SELECT ${quoteIdent(ready.server.hypopgSchema)}.hypopg_reset()`).catch(() => undefined);
      }
    }
  }

  /** Creates the hypothetical indexes; returns HypoPG's name -> the readable name for each. */
  private async createWhatIfIndexes(ready: Ready, indexes: string[]): Promise<Map<string, string>> {
    const prepared = readWhatIfIndexes(indexes, 'postgresql', (text, tokens) => whatIfIndexSql(tokens, text));
    const names = new Map<string, string>();
    const taken = new Set(ready.relationNames);
    for (const sql of prepared) {
      const shape = readIndexShape(tokenize(sql, 'postgresql'));
      const readable = shape.name ?? defaultIndexName(shape.table ?? 'index', shape.columns, taken);
      taken.add(readable);
      try {
        const r = await ready.conn.query<{ indexname: string }>(
          `SELECT indexname FROM ${quoteIdent(ready.server.hypopgSchema)}.hypopg_create_index($1)`,
          [sql],
        );
        for (const row of r.rows) names.set(row.indexname, readable);
      } catch (error) {
        if (!(error instanceof PgError)) throw error;
        throw whatIfIndexError(sql, error.message, this.request.schemaSql, error.code);
      }
    }
    return names;
  }

  verify(original: string, candidate: string, options: VerifyOptions): Promise<Verification> {
    return this.serialize(({ conn }) => verifyDifferential(asPgliteInstance(conn), original, candidate, options));
  }
}

function relationNamesOf(catalog: CatalogTable[]): Set<string> {
  const names = new Set<string>();
  for (const t of catalog) {
    names.add(t.name);
    for (const i of t.indexes) names.add(i.name);
  }
  return names;
}

const NOT_ALLOWED = { zh: '不在 PostgreSQL 沙箱允许的扩展之列', en: 'not allowed in the PostgreSQL sandbox' };

/**
 * Runs the user's DDL as the session's role; throws 4203 at the offending statement. Types and objects of extensions
 * the sandbox does not have get stand-ins (../pglite/stand-ins.ts), added to `run`. Returns notes.
 */
async function runSchema(conn: PgConnection, schemaSql: string, run: StructureRun): Promise<Localized[]> {
  // The allowed contrib extensions (../pglite/extensions.ts) are created first, before any object of the user exists
  // that a script could meet, by the sandbox's own statement: PostgreSQL installs trusted ones (pg_trgm, citext...)
  // for the database owner, their scripts running with privilege; an untrusted one (bloom, earthdistance) is
  // refused, as the session's role is no superuser, and noted.
  const { requests, notes } = requestedExtensions(schemaSql, NOT_ALLOWED);
  const extensionSchemas = new Set<string>();
  for (const request of requests) {
    const sql = createExtensionSql(request);
    try {
      if (request.schema !== undefined) {
        await conn.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(request.schema)}`);
        extensionSchemas.add(request.schema);
      }
      await conn.query(sql);
    } catch (error) {
      if (!(error instanceof PgError)) throw error;
      const message = reduceServerText(error.message, [sql], error.code);
      notes.push({
        zh: `CREATE EXTENSION ${request.name} 已忽略（${message}）`,
        en: `CREATE EXTENSION ${request.name} ignored (${message})`,
      });
    }
  }
  for (const statement of splitStatements(schemaSql, 'postgresql')) {
    const decision = classifyDdl(statement.tokens);
    if (decision.action === 'skip') continue;
    if (decision.action === 'reject') throw rejectedDdlError(schemaSql, statement, decision);
    const schema = decision.kind === 'CREATE SCHEMA' ? createdSchemaName(statement.tokens) : undefined;
    if (schema !== undefined && extensionSchemas.has(schema)) continue;
    notes.push(...(await runStructureStatement((sql) => conn.query(sql), schemaSql, statement, decision, run)));
  }
  return [...notes, ...structureRunNotes(run)];
}

export const postgresPlanner: PlannerBackend = {
  dialect: 'postgresql',
  async open(request: PlanRequest): Promise<PlannerSession> {
    if (request.dialect !== 'postgresql') {
      throw new AppError(ErrorCode.BAD_REQUEST, {
        message: {
          zh: `PostgreSQL 沙箱只能规划 PostgreSQL 语句，收到 ${request.dialect}`,
          en: `the PostgreSQL sandbox plans PostgreSQL statements only, got ${request.dialect}`,
        },
      });
    }
    const session = new PostgresSession(request);
    await session.setup();
    return session;
  },
};
