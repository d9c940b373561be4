/**
 * The session databases of the PostgreSQL + HypoPG sandbox, on its server (started or connected lazily on the
 * first use, one per process).
 *
 * Every planner session gets a database of its own, copied from a template database (`sqltune_template_v3`) that
 * holds HypoPG (schema `hypopg`) and the statistics functions (schema `sqltune`, see stats.ts), and an
 * unprivileged login role of its own that owns the database: the user's DDL, the EXPLAINs and the verification
 * queries run as that role, so a CHECK constraint or a DEFAULT can not read files, signal other backends or touch
 * another session. (A schema per session would not do: PostgreSQL's catalog lists every schema's tables, and the
 * shared catalog reading and verification code works on all of them.) Databases are dropped on close; a few spare
 * ones are created ahead so open() does not wait for CREATE DATABASE.
 *
 * The server is an external one (POSTGRES_SANDBOX_URL, external-server.ts) or a throwaway one started from this
 * machine's binaries (local-server.ts); what both are and the template: sandbox-server.ts.
 *
 * Environment: POSTGRES_SANDBOX_URL, POSTGRES_SANDBOX_FILES=off, SQLTUNE_POSTGRES_SPARES (spare databases kept
 * ready, default 2), SQLTUNE_POSTGRES_DIR (where the local server's directory goes; default /dev/shm when it has
 * 2 GB free, else the OS temp dir).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quoteIdent, quoteLiteral } from '../pglite/sql-text.ts';
import { plannerSettings } from '../settings.ts';
import { PgConnection } from './connection.ts';
import { connectExternal } from './external-server.ts';
import { findLocalInstall, type LocalProcess, postmasterAlive, startLocal, stopProcess } from './local-server.ts';
import { type SandboxDatabase, type SandboxServer, type ServerHandle, TEMPLATE_DATABASE } from './sandbox-server.ts';

export type { SandboxDatabase, SandboxServer } from './sandbox-server.ts';
export { TEMPLATE_DATABASE } from './sandbox-server.ts';

const SESSION_DATABASE_PREFIX = 'sqltune_s_';
const SESSION_ROLE_PREFIX = 'sqltune_r_';

/** Whether a PostgreSQL + HypoPG sandbox can be had: a server URL is set, or local binaries + HypoPG. */
export function postgresSandboxAvailable(): boolean {
  return Boolean(plannerSettings().postgres.sandboxUrl) || findLocalInstall() !== undefined;
}

/** A reached server with the session databases made ahead of use and those being dropped. */
interface State extends ServerHandle {
  spares: Array<Promise<Spare>>;
  /** The chain spare databases are created on, one at a time. */
  creating: Promise<unknown>;
  /** Drops in progress (awaited by shutdown). */
  pending: Set<Promise<unknown>>;
}

let starting: Promise<State> | undefined;
let current: State | undefined;

function getState(): Promise<State> {
  if (!starting) {
    const settings = plannerSettings().postgres;
    starting = (settings.sandboxUrl ? connectExternal(settings.sandboxUrl) : startLocal(settings.serverDir)).then(
      (handle) => {
        const state: State = { ...handle, spares: [], creating: Promise.resolve(), pending: new Set() };
        if (state.local) forgetWhenGone(state, state.local);
        else void dropAbandoned(state);
        current = state;
        for (let i = 0; i < spareCount(); i++) addSpare(state);
        return state;
      },
      (error) => {
        starting = undefined;
        throw error;
      },
    );
  }
  return starting;
}

/** If the local server dies, forget it: the next use starts a new one (sessions rebuild themselves on it). */
function forgetWhenGone(state: State, local: LocalProcess): void {
  void local.exited.then(() => {
    if (current !== state) return;
    current = undefined;
    starting = undefined;
    void state.admin.end().catch(() => undefined);
  });
}

/** The sandbox server, started or connected on first use. */
export async function getPostgresSandbox(): Promise<SandboxServer> {
  return (await getState()).server;
}

/** Longest an EXPLAIN, a DDL statement or a catalog read may run, in ms (verification sets its own limit). */
export const SESSION_STATEMENT_TIMEOUT_MS = 30_000;

/** Settings of every session connection (startup options; no spaces inside values). */
export const SESSION_SETTINGS: readonly string[] = [
  'search_path=public',
  `statement_timeout=${SESSION_STATEMENT_TIMEOUT_MS}`,
  'max_parallel_workers_per_gather=0',
  'jit=off',
  'TimeZone=UTC',
  'DateStyle=ISO,MDY',
  'idle_in_transaction_session_timeout=600000',
  // A backend whose client went away (client-side timeout, process death) stops its statement within a second.
  'client_connection_check_interval=1000',
];

/** A session's database with its connection (as the session's role), ready for the user's DDL. */
export interface SandboxLease {
  server: SandboxServer;
  database: SandboxDatabase;
  connection: PgConnection;
}

/**
 * A database (and role) of its own for one session, with an open connection to it: a spare made ahead when one is
 * ready (its connection already open, which spares the new backend's start), else a new one.
 */
export async function acquireSandboxDatabase(): Promise<SandboxLease> {
  try {
    return await leaseFrom(await getState());
  } catch (error) {
    // The local server died (its watchdog exits right after it): start a new one and try once more.
    const state = current;
    if (!state?.local || postmasterAlive(state.local)) throw error;
    const gone = await Promise.race([
      state.local.exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3_000)),
    ]);
    if (!gone) throw error;
    if (current === state) {
      current = undefined;
      starting = undefined;
    }
    return leaseFrom(await getState());
  }
}

async function leaseFrom(state: State): Promise<SandboxLease> {
  let spare: Spare | undefined;
  const next = state.spares.shift();
  if (next) spare = await next.catch(() => undefined);
  addSpare(state);
  spare ??= await createSpare(state);
  if (spare.connection.dead) {
    await spare.connection.end();
    try {
      spare.connection = await connectSession(state, spare.database);
    } catch (error) {
      void releaseSandboxDatabase(spare.database);
      throw error;
    }
  }
  return { server: state.server, database: spare.database, connection: spare.connection };
}

interface Spare {
  database: SandboxDatabase;
  connection: PgConnection;
}

function connectSession(state: State, database: SandboxDatabase): Promise<PgConnection> {
  return PgConnection.connect({
    ...state.configFor(database.name, database.role),
    options: SESSION_SETTINGS.map((s) => `-c ${s}`).join(' '),
  });
}

async function createSpare(state: State): Promise<Spare> {
  const database = await createDatabase(state);
  try {
    return { database, connection: await connectSession(state, database) };
  } catch (error) {
    await dropDatabase(state, database);
    throw error;
  }
}

/** Drops a session's database and role (in the background; shutdown waits for it). */
export function releaseSandboxDatabase(database: SandboxDatabase): Promise<void> {
  const state = current;
  if (!state) return Promise.resolve();
  const work = dropDatabase(state, database).finally(() => state.pending.delete(work));
  state.pending.add(work);
  return work;
}

function spareCount(): number {
  return Math.min(plannerSettings().postgres.spareDatabases, 8);
}

function addSpare(state: State): void {
  if (state.spares.length >= spareCount()) return;
  const next = state.creating.then(() => createSpare(state));
  state.creating = next.catch(() => undefined);
  next.catch(() => undefined);
  state.spares.push(next);
}

async function createDatabase(state: State): Promise<SandboxDatabase> {
  const id = randomBytes(6).toString('hex');
  const database: SandboxDatabase = { name: `${SESSION_DATABASE_PREFIX}${id}` };
  const { admin, server } = state;
  if (server.sessionRoles) {
    database.role = { name: `${SESSION_ROLE_PREFIX}${id}`, password: randomBytes(18).toString('base64url') };
    await admin.query(
      `CREATE ROLE ${quoteIdent(database.role.name)} LOGIN PASSWORD ${quoteLiteral(database.role.password)} NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS CONNECTION LIMIT 4`,
    );
  }
  try {
    const owner = database.role ? ` OWNER ${quoteIdent(database.role.name)}` : '';
    await admin.query(`CREATE DATABASE ${quoteIdent(database.name)} TEMPLATE ${quoteIdent(TEMPLATE_DATABASE)}${owner}`);
    await admin.query(`REVOKE ALL ON DATABASE ${quoteIdent(database.name)} FROM PUBLIC`);
    await admin.query(
      `COMMENT ON DATABASE ${quoteIdent(database.name)} IS ${quoteLiteral(`sqltune planner session ${new Date().toISOString()}`)}`,
    );
  } catch (error) {
    await dropDatabase(state, database);
    throw error;
  }
  return database;
}

async function dropDatabase(state: State, database: SandboxDatabase): Promise<void> {
  await state.admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(database.name)} WITH (FORCE)`).catch(() => undefined);
  if (database.role)
    await state.admin.query(`DROP ROLE IF EXISTS ${quoteIdent(database.role.name)}`).catch(() => undefined);
}

/**
 * Stops the local server (and removes its directory) or, for an external server, drops the spare databases and
 * waits for pending drops. A later use starts again.
 */
export async function shutdownPostgresSandbox(): Promise<void> {
  const wasStarting = starting;
  starting = undefined;
  const state = current ?? (await wasStarting?.catch(() => undefined));
  current = undefined;
  if (!state) return;
  const spares = await Promise.all(state.spares.splice(0).map((s) => s.catch(() => undefined)));
  await Promise.all(
    spares.map(async (spare) => {
      if (!spare) return;
      await spare.connection.end();
      if (!state.local) await dropDatabase(state, spare.database);
    }),
  );
  await Promise.all([...state.pending]);
  await state.admin.end().catch(() => undefined);
  if (state.local) await stopProcess(state.local);
}

/** The running local server's directory and postmaster pid (tests), or undefined. */
export function localServerInfo(): { dir: string; dataDir: string; pid: number | undefined } | undefined {
  const local = current?.local;
  if (!local) return undefined;
  const dataDir = join(local.dir, 'data');
  let pid: number | undefined;
  try {
    pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    pid = undefined;
  }
  return { dir: local.dir, dataDir, pid };
}

/** Drops session databases (and roles) a crashed process left on an external server more than a day ago. */
async function dropAbandoned(state: State): Promise<void> {
  try {
    const r = await state.admin.query<{ name: string; comment: string | null }>(
      `SELECT d.datname AS name, shobj_description(d.oid, 'pg_database') AS comment FROM pg_database d
        WHERE d.datname LIKE 'sqltune\\_s\\_%'
          AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datid = d.oid)`,
    );
    const dayAgo = Date.now() - 24 * 3600_000;
    for (const row of r.rows) {
      const created = Date.parse(/session (\S+)$/.exec(row.comment ?? '')?.[1] ?? '');
      if (!Number.isFinite(created) || created > dayAgo) continue;
      const id = row.name.slice(SESSION_DATABASE_PREFIX.length);
      await dropDatabase(state, { name: row.name, role: { name: `${SESSION_ROLE_PREFIX}${id}`, password: '' } });
    }
  } catch {
    // Best effort.
  }
}
