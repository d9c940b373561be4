/**
 * The PostgreSQL + HypoPG sandbox server: either an external one (`POSTGRES_SANDBOX_URL`,
 * postgres://user:password@host:port/database) or a throwaway server started from this machine's binaries, one per
 * process, lazily on the first use.
 *
 * Every planner session gets a database of its own, copied from a template database (`sqltune_template_v3`) that
 * holds HypoPG (schema `hypopg`) and the statistics functions (schema `sqltune`, see stats.ts), and an
 * unprivileged login role of its own that owns the database: the user's DDL, the EXPLAINs and the verification
 * queries run as that role, so a CHECK constraint or a DEFAULT can not read files, signal other backends or touch
 * another session. (A schema per session would not do: PostgreSQL's catalog lists every schema's tables, and the
 * shared catalog reading and verification code works on all of them.) Databases are dropped on close; a few spare
 * ones are created ahead so open() does not wait for CREATE DATABASE.
 *
 * The local server:
 *  - data directory: a copy of a template made once per machine, PostgreSQL/HypoPG version and OS user (initdb,
 *    the template database, then a clean shutdown; kept in the OS temp dir as sqltune-pg-template-..., 0700);
 *  - runs as the `postgres` OS user when this process is root (setpriv; PostgreSQL refuses root), otherwise as
 *    this user, on 127.0.0.1:<free port> (password authentication only, and no role has a known password but the
 *    session roles) and a unix socket in a private 0700 directory (trust: only this process's user and root reach
 *    it), with `fsync=off`, `autovacuum=off`, `max_parallel_workers_per_gather=0`, `shared_preload_libraries=''`,
 *    `jit=off`, C locale, UTC, English messages;
 *  - a watchdog shell reads the server's stdin pipe: when this process dies (even by SIGKILL) the pipe closes and the
 *    watchdog stops the server (SIGINT, then SIGQUIT, then SIGKILL) and removes its directory.
 *
 * An external server (POSTGRES_SANDBOX_URL): its role needs
 *  - CREATEDB (a database per session) - required;
 *  - SUPERUSER for the rest: installing HypoPG into the template database (it is not a trusted extension; without
 *    superuser it must already be installed in template1), creating the statistics functions in the template (once:
 *    later processes may connect with less), and a login role per session (without it sessions run as the URL's
 *    role). A template without the statistics functions means no statistics are injected (notes say so);
 *  - statistics with full-size costs need the relation files extended, which works only when this process can
 *    write the server's data directory (same machine, checked by comparing pg_control's system identifier as a
 *    superuser reads it; POSTGRES_SANDBOX_FILES=off forbids it). Otherwise tables get one
 *    physical page: row estimates right, I/O costed as one page (notes say so).
 *  Session databases are named sqltune_s_<random> (roles sqltune_r_<random>); ones a crashed process left behind are
 *  dropped by the next process after a day.
 *
 * Environment: POSTGRES_SANDBOX_URL, POSTGRES_SANDBOX_FILES=off, SQLTUNE_POSTGRES_SPARES (spare databases kept
 * ready, default 2), SQLTUNE_POSTGRES_DIR (where the local server's directory goes; default /dev/shm when it has
 * 2 GB free, else the OS temp dir).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { quoteIdent, quoteLiteral } from '../pglite/sql-text.ts';
import { runDirectory, SANDBOX_CHILD_ENV, serverParentDir, sweepAbandonedRunDirectories } from '../sandbox-files.ts';
import { plannerSettings } from '../settings.ts';
import { PgConnection } from './connection.ts';
import { type FileAccess, type SizingMode, STATS_FUNCTIONS_SQL } from './stats.ts';

/** The template every session database is copied from; the suffix changes when its content changes. */
export const TEMPLATE_DATABASE = 'sqltune_template_v3';
const TEMPLATE_MARK = 'sqltune template v3 ready';
const SESSION_DATABASE_PREFIX = 'sqltune_s_';
const SESSION_ROLE_PREFIX = 'sqltune_r_';

/** Changes when the cached data directory is made differently (initdb options). */
const DATA_DIR_FORMAT = 'w1';

/** PostgreSQL versions whose local binaries are used, in order of preference (the brief's server is 15). */
const LOCAL_VERSIONS = ['15', '16', '17'];

export interface LocalInstall {
  major: string;
  binDir: string;
  /** hypopg.control in the server's extension directory. */
  hypopgControl: string;
}

/** The local PostgreSQL binaries with HypoPG installed, if any. */
export function findLocalInstall(): LocalInstall | undefined {
  for (const major of LOCAL_VERSIONS) {
    const binDir = `/usr/lib/postgresql/${major}/bin`;
    const hypopgControl = `/usr/share/postgresql/${major}/extension/hypopg.control`;
    if (existsSync(join(binDir, 'postgres')) && existsSync(join(binDir, 'initdb')) && existsSync(hypopgControl))
      return { major, binDir, hypopgControl };
  }
  return undefined;
}

/** Whether a PostgreSQL + HypoPG sandbox can be had: a server URL is set, or local binaries + HypoPG. */
export function postgresSandboxAvailable(): boolean {
  return Boolean(plannerSettings().postgres.sandboxUrl) || findLocalInstall() !== undefined;
}

/** What the sandbox server is and what it allows. */
export interface SandboxServer {
  local: boolean;
  /** "15.14" */
  version: string;
  /** "1.3.1" */
  hypopgVersion: string;
  /** The schema HypoPG's functions are in, in every session database. */
  hypopgSchema: string;
  sizing: SizingMode;
  files?: FileAccess;
  /** Sessions run as their own unprivileged role (false: as the URL's role). */
  sessionRoles: boolean;
  /** Autovacuum runs on the server: tables must opt out, or it would ANALYZE the injected statistics away. */
  autovacuum: boolean;
}

export interface SandboxDatabase {
  name: string;
  role?: { name: string; password: string };
}

interface LocalProcess {
  child: ChildProcess;
  dir: string;
  exited: Promise<void>;
}

interface State {
  server: SandboxServer;
  admin: pg.Pool;
  /** Client settings for a database (and role) of this server. */
  configFor(database: string, role?: SandboxDatabase['role']): pg.ClientConfig;
  local?: LocalProcess;
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
      (state) => {
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

function postmasterAlive(local: LocalProcess): boolean {
  try {
    const pid = Number(readFileSync(join(local.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
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

// ---------------------------------------------------------------------------------------------------------------
// Server facts shared by both kinds

interface RoleFacts {
  autovacuum: boolean;
  superuser: boolean;
  createdb: boolean;
  version: string;
  blockSize: number;
  segmentBlocks: number;
  dataDir?: string;
  systemIdentifier?: string;
}

async function readFacts(admin: pg.Pool): Promise<RoleFacts> {
  const r = await admin.query<{
    rolsuper: boolean;
    rolcreatedb: boolean;
    autovacuum: string;
    version: string;
    block_size: string;
    segment_size: string;
  }>(
    `SELECT r.rolsuper, r.rolcreatedb, current_setting('autovacuum') AS autovacuum,
            current_setting('server_version') AS version,
            current_setting('block_size') AS block_size,
            (SELECT setting FROM pg_settings WHERE name = 'segment_size') AS segment_size
       FROM pg_roles r WHERE r.rolname = current_user`,
  );
  const row = r.rows[0];
  const facts: RoleFacts = {
    autovacuum: row?.autovacuum !== 'off',
    superuser: Boolean(row?.rolsuper),
    createdb: Boolean(row?.rolcreatedb),
    version: (row?.version ?? '').split(' ')[0],
    blockSize: Number(row?.block_size ?? 8192),
    segmentBlocks: Number(row?.segment_size ?? 131072),
  };
  try {
    const d = await admin.query<{ dir: string; id: string }>(
      `SELECT current_setting('data_directory') AS dir, (SELECT system_identifier::text FROM pg_control_system()) AS id`,
    );
    facts.dataDir = d.rows[0]?.dir;
    facts.systemIdentifier = d.rows[0]?.id;
  } catch {
    // Not allowed to read them: no file access.
  }
  return facts;
}

/** File access to the server's data directory, when it is on this machine and writable from this process. */
function fileAccessOf(facts: RoleFacts): FileAccess | undefined {
  if (!plannerSettings().postgres.fileAccess) return undefined;
  if (!facts.dataDir || !facts.systemIdentifier) return undefined;
  try {
    // pg_control starts with the cluster's system identifier (uint64, this machine's byte order).
    const control = readFileSync(join(facts.dataDir, 'global', 'pg_control'));
    const id = control.length >= 8 ? control.readBigUInt64LE(0).toString() : '';
    if (id !== facts.systemIdentifier) return undefined;
    accessSync(join(facts.dataDir, 'base'), constants.W_OK);
    const s = statSync(facts.dataDir);
    const access: FileAccess = {
      dataDir: facts.dataDir,
      blockSize: facts.blockSize,
      segmentBlocks: facts.segmentBlocks,
    };
    if (process.getuid && s.uid !== process.getuid()) access.owner = { uid: s.uid, gid: s.gid };
    return access;
  } catch {
    return undefined;
  }
}

/**
 * Makes sure the template database exists (HypoPG, and the statistics functions when the role is a superuser).
 * Returns HypoPG's schema and version and whether the statistics functions are there.
 */
async function ensureTemplate(
  admin: pg.Pool,
  configFor: State['configFor'],
  superuser: boolean,
): Promise<{ hypopgSchema: string; hypopgVersion: string; statsFunctions: boolean }> {
  const readMark = async () => {
    const r = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [TEMPLATE_DATABASE],
    );
    return r.rows.length === 0 ? undefined : (r.rows[0].comment ?? '');
  };
  const parse = (mark: string) => {
    const fields = new Map(
      mark
        .slice(TEMPLATE_MARK.length)
        .trim()
        .split(/\s+/)
        .map((kv) => kv.split('=') as [string, string]),
    );
    return {
      hypopgSchema: fields.get('hypopg') ?? 'hypopg',
      hypopgVersion: fields.get('hypopg_version') ?? '',
      statsFunctions: fields.get('stats') === 'on',
    };
  };
  const mark = await readMark();
  if (mark?.startsWith(TEMPLATE_MARK)) return parse(mark);
  const lockClient = await admin.connect();
  try {
    // One process builds it; others wait for the lock and find it ready.
    await lockClient.query(`SELECT pg_advisory_lock(hashtext($1))`, [TEMPLATE_DATABASE]);
    const again = await readMark();
    if (again?.startsWith(TEMPLATE_MARK)) return parse(again);
    if (again !== undefined) {
      // Left half-made by a process that died: start over.
      await lockClient
        .query(`ALTER DATABASE ${quoteIdent(TEMPLATE_DATABASE)} IS_TEMPLATE false`)
        .catch(() => undefined);
      await lockClient.query(`DROP DATABASE ${quoteIdent(TEMPLATE_DATABASE)} WITH (FORCE)`);
    }
    await lockClient.query(`CREATE DATABASE ${quoteIdent(TEMPLATE_DATABASE)} TEMPLATE template1`);
    const t = new pg.Client(configFor(TEMPLATE_DATABASE));
    t.on('error', () => undefined);
    await t.connect();
    let result: { hypopgSchema: string; hypopgVersion: string; statsFunctions: boolean };
    try {
      const existing = await t.query<{ schema: string; version: string }>(
        `SELECT extnamespace::regnamespace::text AS schema, extversion AS version FROM pg_extension WHERE extname = 'hypopg'`,
      );
      let hypopgSchema = existing.rows[0]?.schema;
      let hypopgVersion = existing.rows[0]?.version;
      if (!hypopgSchema) {
        try {
          await t.query('CREATE SCHEMA hypopg');
          await t.query('CREATE EXTENSION hypopg SCHEMA hypopg');
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(
            `the PostgreSQL sandbox has no usable HypoPG extension (${message}): install HypoPG on the server (Debian: postgresql-<major>-hypopg) and connect as a superuser, or create the extension in template1`,
          );
        }
        const v = await t.query<{ version: string }>(
          `SELECT extversion AS version FROM pg_extension WHERE extname = 'hypopg'`,
        );
        hypopgSchema = 'hypopg';
        hypopgVersion = v.rows[0]?.version ?? '';
      }
      await t.query(`GRANT USAGE ON SCHEMA ${quoteIdent(hypopgSchema)} TO PUBLIC`);
      let statsFunctions = false;
      if (superuser) {
        await t.query(STATS_FUNCTIONS_SQL);
        statsFunctions = true;
      }
      result = { hypopgSchema, hypopgVersion: hypopgVersion ?? '', statsFunctions };
    } finally {
      await t.end().catch(() => undefined);
    }
    // A template (so roles with CREATEDB but not its owner may copy it) nobody connects to.
    await lockClient.query(`ALTER DATABASE ${quoteIdent(TEMPLATE_DATABASE)} IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    const newMark = `${TEMPLATE_MARK} hypopg=${result.hypopgSchema} hypopg_version=${result.hypopgVersion} stats=${result.statsFunctions ? 'on' : 'off'}`;
    await lockClient.query(`COMMENT ON DATABASE ${quoteIdent(TEMPLATE_DATABASE)} IS ${quoteLiteral(newMark)}`);
    return result;
  } finally {
    await lockClient.query(`SELECT pg_advisory_unlock(hashtext($1))`, [TEMPLATE_DATABASE]).catch(() => undefined);
    lockClient.release();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// External server

async function connectExternal(url: string): Promise<State> {
  const configFor = (database: string, role?: SandboxDatabase['role']): pg.ClientConfig => {
    const u = new URL(url);
    u.pathname = `/${encodeURIComponent(database)}`;
    if (role) {
      u.username = encodeURIComponent(role.name);
      u.password = encodeURIComponent(role.password);
    }
    return { connectionString: u.toString(), connectionTimeoutMillis: 10_000, application_name: 'sqltune-planner' };
  };
  const admin = new pg.Pool({
    connectionString: url,
    max: 4,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
    connectionTimeoutMillis: 10_000,
    application_name: 'sqltune-planner-admin',
  });
  admin.on('error', () => undefined);
  try {
    const facts = await readFacts(admin);
    if (!facts.superuser && !facts.createdb)
      throw new Error(
        'the POSTGRES_SANDBOX_URL role may not create databases: grant it CREATEDB (each planner session gets a database), and SUPERUSER to inject statistics',
      );
    const template = await ensureTemplate(admin, configFor, facts.superuser);
    const files = template.statsFunctions ? fileAccessOf(facts) : undefined;
    const server: SandboxServer = {
      local: false,
      version: facts.version,
      hypopgVersion: template.hypopgVersion,
      hypopgSchema: template.hypopgSchema,
      sizing: template.statsFunctions ? (files ? 'files' : 'one-page') : 'none',
      sessionRoles: facts.superuser,
      autovacuum: facts.autovacuum,
    };
    if (files) server.files = files;
    const state: State = { server, admin, configFor, spares: [], creating: Promise.resolve(), pending: new Set() };
    void dropAbandoned(state);
    return state;
  } catch (error) {
    await admin.end().catch(() => undefined);
    throw error;
  }
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

// ---------------------------------------------------------------------------------------------------------------
// Local server

const asRoot = process.getuid?.() === 0;
/** The OS user the local server runs as when this process is root. */
const SERVER_OS_USER = 'postgres';

function run(file: string, args: string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const options = { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, env: SANDBOX_CHILD_ENV };
    execFile(file, args, options, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} failed: ${error.message}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** A command run as the server's OS user (setpriv execs, so signals and pids are the program's own). */
function asServerUser(command: string[]): string[] {
  return asRoot
    ? ['setpriv', `--reuid=${SERVER_OS_USER}`, `--regid=${SERVER_OS_USER}`, '--init-groups', '--', ...command]
    : command;
}

function serverOwner(): { uid: number; gid: number } | undefined {
  if (!asRoot) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${SERVER_OS_USER}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error(`running as root needs the OS user ${SERVER_OS_USER}`);
  return { uid: Number(uid), gid: Number(gid) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/**
 * The watchdog: runs the server in the background and waits; when our end of its stdin closes (this process exited
 * or shutdownPostgresSandbox() closed it) it stops the server, then removes the directory unless told to keep it.
 */
const WATCHDOG = `
dir="$1"; keep="$2"; shift 2
exec 3<&0
"$@" </dev/null 3<&- >>"$dir/server.log" 2>&1 &
pid=$!
( cat <&3 >/dev/null; kill -INT "$pid" 2>/dev/null; sleep 5; kill -QUIT "$pid" 2>/dev/null; sleep 2; kill -KILL "$pid" 2>/dev/null ) &
stopper=$!
exec 3<&-
wait "$pid"
status=$?
kill "$stopper" 2>/dev/null
# Backends orphaned by a killed server may still write a file while the directory goes: try again.
[ "$keep" = keep ] || rm -rf "$dir" 2>/dev/null || { sleep 2; rm -rf "$dir"; }
exit $status
`;

function serverArgs(install: LocalInstall, dir: string, port: number): string[] {
  const settings = [
    'listen_addresses=127.0.0.1',
    `unix_socket_directories=${dir}`,
    'unix_socket_permissions=0700',
    'fsync=off',
    'full_page_writes=off',
    'synchronous_commit=off',
    'wal_level=minimal',
    'max_wal_senders=0',
    'autovacuum=off',
    'max_parallel_workers_per_gather=0',
    'shared_preload_libraries=',
    'jit=off',
    'max_connections=200',
    'shared_buffers=32MB',
    'lc_messages=C',
    'TimeZone=UTC',
    'logging_collector=off',
    'log_min_messages=warning',
    'password_encryption=scram-sha-256',
    // Dynamic shared memory as files in the data directory: they go with it even when the server is killed.
    'dynamic_shared_memory_type=mmap',
    'min_wal_size=16MB',
    'max_wal_size=64MB',
  ];
  return [
    join(install.binDir, 'postgres'),
    '-D',
    join(dir, 'data'),
    '-p',
    String(port),
    ...settings.flatMap((s) => ['-c', s]),
  ];
}

async function spawnServer(
  install: LocalInstall,
  dir: string,
  keep: boolean,
): Promise<{ process: LocalProcess; port: number }> {
  const port = await freePort();
  const child = spawn(
    'sh',
    [
      '-c',
      WATCHDOG,
      'sqltune-postgres',
      dir,
      keep ? 'keep' : 'remove',
      ...asServerUser(serverArgs(install, dir, port)),
    ],
    { stdio: ['pipe', 'ignore', 'ignore'], env: SANDBOX_CHILD_ENV },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.on('error', () => undefined);
  // The watchdog ties the server to this process; it must not keep the event loop alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  const local: LocalProcess = { child, dir, exited };
  let died = false;
  void exited.then(() => {
    died = true;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return { process: local, port };
    } catch (error) {
      await client.end().catch(() => undefined);
      if (died || Date.now() > deadline) {
        const log = readLog(join(dir, 'server.log'));
        await stopProcess(local);
        throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }
}

function readLog(path: string): string {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

async function stopProcess(local: LocalProcess): Promise<void> {
  local.child.stdin?.end();
  local.child.stdin?.destroy();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000));
  await Promise.race([local.exited, timeout]);
  if (local.child.exitCode === null) local.child.kill('SIGKILL');
}

function localConfig(dir: string, port: number) {
  return (database: string, role?: SandboxDatabase['role']): pg.ClientConfig => ({
    host: dir,
    port,
    database,
    user: role?.name ?? 'postgres',
    application_name: 'sqltune-planner',
  });
}

/**
 * A private directory (0700) marked as this process's (swept after a crash, see sandbox-files.ts), owned by the
 * server's OS user when running as root.
 */
function privateDir(prefix: string, parent = tmpdir()): string {
  return runDirectory(prefix, parent, serverOwner());
}

/** The cached template data directory for this PostgreSQL and HypoPG version, built once. */
async function templateDataDir(install: LocalInstall): Promise<string> {
  const { stdout } = await run(join(install.binDir, 'postgres'), ['--version'], 10_000);
  const version = /\(PostgreSQL\)\s+(\S+)/.exec(stdout)?.[1] ?? install.major;
  const hypopg = /default_version\s*=\s*'([^']+)'/.exec(readFileSync(install.hypopgControl, 'utf8'))?.[1] ?? 'x';
  const key = `${version}-hypopg${hypopg}-${TEMPLATE_DATABASE}-${DATA_DIR_FORMAT}`.replace(/[^A-Za-z0-9.+-_]/g, '_');
  const cache = join(tmpdir(), `sqltune-pg-template-${key}-${process.getuid?.() ?? 'u'}`);
  if (trustedCache(cache)) return join(cache, 'data');
  const work = privateDir('sqltune-pg-build-');
  try {
    await run(
      asServerUser([join(install.binDir, 'initdb')])[0],
      [
        ...asServerUser([join(install.binDir, 'initdb')]).slice(1),
        '-D',
        join(work, 'data'),
        '-U',
        'postgres',
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        '-E',
        'UTF8',
        '--no-locale',
        '--no-sync',
        // 1 MB WAL segments: the copied data directory is 15 MB smaller.
        '--wal-segsize=1',
      ],
      120_000,
    );
    const { process: local, port } = await spawnServer(install, work, true);
    const configFor = localConfig(work, port);
    const admin = new pg.Pool({ ...configFor('postgres'), max: 2 });
    admin.on('error', () => undefined);
    try {
      await ensureTemplate(admin, configFor, true);
      // Only the owners of session databases may connect to them; nobody else anywhere.
      await admin.query('REVOKE ALL ON DATABASE postgres FROM PUBLIC');
      await admin.query('REVOKE ALL ON DATABASE template1 FROM PUBLIC');
    } finally {
      await admin.end().catch(() => undefined);
      await stopProcess(local);
    }
    rmSync(join(work, 'server.log'), { force: true });
    writeFileSync(join(work, 'READY'), key);
    try {
      renameSync(work, cache);
    } catch {
      // Another process built it first: use theirs.
      if (!trustedCache(cache)) throw new Error(`could not create the PostgreSQL template ${cache}`);
      rmSync(work, { recursive: true, force: true });
    }
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  return join(cache, 'data');
}

/** A cached template is used only if it is a real directory, private, owned by the expected user, and complete. */
function trustedCache(cache: string): boolean {
  try {
    const s = lstatSync(cache);
    const owner = serverOwner()?.uid ?? process.getuid?.();
    return (
      s.isDirectory() &&
      (s.mode & 0o077) === 0 &&
      (owner === undefined || s.uid === owner) &&
      existsSync(join(cache, 'READY')) &&
      existsSync(join(cache, 'data', 'PG_VERSION'))
    );
  } catch {
    return false;
  }
}

async function startLocal(serverDir: string | undefined): Promise<State> {
  const install = findLocalInstall();
  if (!install)
    throw new Error(
      'PostgreSQL with HypoPG not found: install postgresql-15 and postgresql-15-hypopg, or set POSTGRES_SANDBOX_URL',
    );
  sweepAbandonedRunDirectories();
  const template = await templateDataDir(install);
  const dir = privateDir('sqltune-pg-', serverParentDir(serverDir));
  try {
    await run('cp', ['-a', '--sparse=always', template, join(dir, 'data')], 60_000);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const { process: local, port } = await spawnServer(install, dir, false);
  const configFor = localConfig(dir, port);
  const admin = new pg.Pool({ ...configFor('postgres'), max: 4, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
  admin.on('error', () => undefined);
  try {
    const facts = await readFacts(admin);
    const template = await ensureTemplate(admin, configFor, true);
    const files = fileAccessOf(facts);
    const server: SandboxServer = {
      local: true,
      version: facts.version,
      hypopgVersion: template.hypopgVersion,
      hypopgSchema: template.hypopgSchema,
      sizing: files ? 'files' : 'one-page',
      sessionRoles: true,
      autovacuum: facts.autovacuum,
    };
    if (files) server.files = files;
    const state: State = {
      server,
      admin,
      configFor,
      local,
      spares: [],
      creating: Promise.resolve(),
      pending: new Set(),
    };
    // If the server dies, forget it: the next use starts a new one (sessions rebuild themselves on it).
    void local.exited.then(() => {
      if (current?.local !== local) return;
      current = undefined;
      starting = undefined;
      void admin.end().catch(() => undefined);
    });
    return state;
  } catch (error) {
    await admin.end().catch(() => undefined);
    await stopProcess(local);
    throw error;
  }
}
