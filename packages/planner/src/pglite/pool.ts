/**
 * A small pool of long-lived PGlite instances, each in its own worker thread.
 *
 * Why workers: PGlite runs PostgreSQL (wasm) synchronously on the thread that owns it, and
 * `statement_timeout` does not fire in PGlite (measured: a 30 s query ran to its end with a 100 ms timeout).
 * In a worker the caller's event loop stays free, and a runaway statement is stopped by terminating the worker
 * (its memory goes with it; the pool clones a fresh instance).
 *
 * Why a template: measured on this machine (Node 20.20, 2 cores, PGlite 0.5.16):
 *   - first `PGlite.create()` (initdb):                      2.2-3.6 s, RSS about 650-900 MB while it runs
 *   - `dumpDataDir('none')` of a fresh cluster:              0.2-0.5 s, 40 MB tar
 *   - clone with `loadDataDir` + precompiled wasm module:     0.3-0.5 s (up to 1.2 s when the other core is busy)
 *   - memory per cloned worker: about 350 MB with the default shared_buffers, about 270 MB with shared_buffers=16MB
 *     (shared_buffers does not change plans; the planner uses effective_cache_size, left at its default)
 *   - terminating a worker returns its memory (closing PGlite inside one isolate does not)
 * So the template is created once (and cached on disk, keyed by the PGlite version and start parameters, so the
 * next process skips initdb), and every pooled instance is a clone of it.
 *
 * Isolation (docs/security.md): every session gets an instance of its own that served nobody before and is
 * terminated when the session ends, so nothing of one session (tables, statistics, WAL, large objects, catalog
 * leftovers) can be read by another. Inside it, everything the session sends runs as SANDBOX_ROLE, an
 * unprivileged role that owns `public` (the user's DDL runs as written: `public.t`, `nextval('public.t_id_seq')`):
 * the instance switches to it with SET SESSION AUTHORIZATION before the session gets it, and the template takes
 * EXECUTE on set_config away from PUBLIC, the one function that could switch back (PGlite runs in single-user
 * mode, where the authenticated user is the bootstrap superuser). The wasm file system is in memory: no host file
 * is there to read. When a session ends, a spare instance is started for the next one (up to `size` in all), so a
 * session seldom waits for a clone.
 *
 * Extensions (extensions.ts): PGlite loads an extension's bundle (SQL scripts and a wasm side module) when an instance
 * is constructed, and CREATE EXTENSION needs the bootstrap superuser. A session whose table structure names allowed
 * extensions gets an instance started for it with just those bundles, on which the extensions are created as the
 * superuser before the switch to SANDBOX_ROLE, while nothing of the user's exists yet; spares carry none. Measured
 * (load 6.6-8.5, alternating, one instance per process): a clone starts in 520-560 ms, with all twenty bundles
 * loaded in 690-750 ms (1.3x) and 25-50 MB more memory; creating all of them adds 670-810 ms and 110-145 MB, five
 * (citext, hstore, ltree, pg_trgm, uuid-ossp) 260 ms and 50 MB, pg_trgm alone 45-85 ms. Every request would pay
 * that for the few schemas that use extensions, so only they do. The template is unchanged.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { plannerSettings } from '../settings.ts';
import { createExtensionSql, type ExtensionRequest, extensionsToLoad, pgliteContribExport } from './extensions.ts';
import { quoteIdent } from './sql-text.ts';
import { WORKER_SOURCE } from './worker-source.ts';

const require = createRequire(import.meta.url);

/** A compiled WebAssembly.Module (the project's TS lib has no WebAssembly types; Node has the global). */
type WasmModule = object;
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;

/** Where PGlite keeps its data directory inside the wasm file system. */
export const PGLITE_DATA_DIR = '/pglite/data';

/** PGlite's default start parameters plus ours: no parallelism, small shared buffers, little WAL. */
export const PGLITE_START_PARAMS: readonly string[] = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'io_method=sync',
  '-c',
  'jit=off',
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_level=minimal',
  '-c',
  'max_wal_senders=0',
  '-c',
  'max_wal_size=64MB',
  '-c',
  'min_wal_size=32MB',
  '-c',
  'autovacuum=off',
];

/** The unprivileged role every session's SQL runs as (see the file comment). */
export const SANDBOX_ROLE = 'sqltune_sandbox';

/**
 * Run once, one statement at a time, as the bootstrap superuser on the instance the template is dumped from.
 * set_config is the only way a query could change its session's identity (SET SESSION AUTHORIZATION and SET ROLE
 * are statements, which user text never reaches the instance as); pg_read_server_files and the other predefined
 * roles are not granted. template0 and template1 go: no session creates a database, and every clone then unpacks
 * 15 MB less (measured: 20 % less start-up time).
 */
export const TEMPLATE_SETUP: readonly string[] = [
  `CREATE ROLE ${SANDBOX_ROLE} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`,
  `ALTER SCHEMA public OWNER TO ${SANDBOX_ROLE}`,
  'REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC',
  'REVOKE CREATE, TEMPORARY ON DATABASE postgres FROM PUBLIC',
  // The user's own schemas (pg_dump of an app in schema `shop`), owned by the sandbox role.
  `GRANT CREATE ON DATABASE postgres TO ${SANDBOX_ROLE}`,
  "UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')",
  'DROP DATABASE template0',
  'DROP DATABASE template1',
  'CHECKPOINT',
];

export interface PgField {
  name: string;
  dataTypeID: number;
}

export interface PgResult<Row> {
  rows: Row[];
  fields: PgField[];
  /** Rows an INSERT / UPDATE / DELETE touched (query only). */
  affectedRows?: number;
}

/** A PostgreSQL error as it crossed the worker boundary. `position` is 1-based characters in the query. */
export class PgError extends Error {
  readonly code?: string;
  readonly position?: number;
  readonly detail?: string;
  readonly hint?: string;
  constructor(e: { message: string; code?: string; position?: string | number; detail?: string; hint?: string }) {
    super(e.message);
    this.name = 'PgError';
    this.code = e.code;
    const p = e.position === undefined ? undefined : Number(e.position);
    this.position = p !== undefined && Number.isFinite(p) ? p : undefined;
    this.detail = e.detail;
    this.hint = e.hint;
  }
}

/** A request ran longer than allowed; the instance was terminated. */
export class PgliteTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the embedded PostgreSQL did not answer within ${timeoutMs} ms`);
    this.name = 'PgliteTimeoutError';
  }
}

/** The instance is gone (terminated after a timeout, or it crashed). */
export class PgliteDeadError extends Error {
  constructor(message = 'the embedded PostgreSQL instance is no longer available') {
    super(message);
    this.name = 'PgliteDeadError';
  }
}

export interface RequestOptions {
  /** Milliseconds before the worker is terminated; default the instance's default (30 s). */
  timeoutMs?: number;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; code?: string; position?: string } };

/** One PGlite in a worker thread. Requests are answered in order; the caller serializes its transactions. */
export class PgliteInstance {
  readonly version: string;
  private worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private deadReason: Error | undefined;

  private constructor(
    worker: Worker,
    version: string,
    private readonly defaultTimeoutMs: number,
  ) {
    this.worker = worker;
    this.version = version;
    worker.on('message', (reply: WorkerReply) => this.onReply(reply));
    worker.on('error', (error) => this.fail(error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', () => this.fail(new PgliteDeadError()));
    worker.unref();
  }

  static async start(options: {
    template?: Uint8Array;
    wasmModule?: WasmModule;
    startParams: readonly string[];
    /** Allowed extensions (extensions.ts) whose bundles the instance loads; CREATE EXTENSION is the caller's. */
    extensions?: readonly string[];
    defaultTimeoutMs?: number;
    startTimeoutMs?: number;
  }): Promise<PgliteInstance> {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Nothing of the app's environment (API keys, DATABASE_URL) is visible inside the thread.
      env: {},
      workerData: {
        pglitePath: require.resolve('@electric-sql/pglite'),
        wasmModule: options.wasmModule,
        template: options.template,
        startParams: [...options.startParams],
        dataDir: PGLITE_DATA_DIR,
        // Bundles are local files of the package (dist/*.tar.gz), read by PGlite's own contrib modules.
        extensions: (options.extensions ?? []).map((name) => {
          const exported = pgliteContribExport(name);
          return { name, exported, modulePath: require.resolve(`@electric-sql/pglite/contrib/${exported}`) };
        }),
      },
    });
    const startTimeoutMs = options.startTimeoutMs ?? 120_000;
    const version = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new PgliteTimeoutError(startTimeoutMs));
      }, startTimeoutMs);
      worker.once('message', (m: { ready: boolean; version?: string; error?: { message: string } }) => {
        clearTimeout(timer);
        if (m.ready && m.version) resolve(m.version);
        else {
          void worker.terminate();
          reject(new Error(`PGlite failed to start: ${m.error?.message ?? 'unknown error'}`));
        }
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    return new PgliteInstance(worker, version, options.defaultTimeoutMs ?? 30_000);
  }

  get dead(): boolean {
    return this.deadReason !== undefined;
  }

  query<Row = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
    options: RequestOptions & { rowMode?: 'object' | 'array' } = {},
  ): Promise<PgResult<Row>> {
    return this.request({ op: 'query', sql, params, rowMode: options.rowMode }, options.timeoutMs) as Promise<
      PgResult<Row>
    >;
  }

  /** Simple-protocol execution: several statements, no parameters. Only for text we built or checked. */
  exec(sql: string, options: RequestOptions = {}): Promise<PgResult<Record<string, unknown>>[]> {
    return this.request({ op: 'exec', sql }, options.timeoutMs) as Promise<PgResult<Record<string, unknown>>[]>;
  }

  /** Sets the size of a relation file (path relative to the data directory, from pg_relation_filepath). */
  async setRelationSize(relPath: string, bytes: number): Promise<void> {
    await this.request({ op: 'setRelationSize', relPath, bytes });
  }

  async dump(): Promise<Uint8Array> {
    return (await this.request({ op: 'dump' }, 120_000)) as Uint8Array;
  }

  async terminate(): Promise<void> {
    this.fail(new PgliteDeadError('the embedded PostgreSQL instance was shut down'));
    await this.worker.terminate();
  }

  private request(message: Record<string, unknown>, timeoutMs = this.defaultTimeoutMs): Promise<unknown> {
    if (this.deadReason) return Promise.reject(this.deadReason);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = new PgliteTimeoutError(timeoutMs);
        this.fail(error);
        void this.worker.terminate();
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...message, id });
    });
  }

  private onReply(reply: WorkerReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(new PgError(reply.error));
  }

  private fail(error: Error): void {
    if (!this.deadReason) this.deadReason = error;
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
      this.pending.delete(id);
    }
    this.worker.unref();
  }
}

export interface PoolOptions {
  /** Instances at most, leased and spare together (default 2: one per core on the reference machine). */
  size?: number;
  /** Directory for the cached template (default the OS temp directory); null: none. */
  cacheDir?: string | null;
  /** Default per-request timeout in ms (default 30 s). */
  requestTimeoutMs?: number;
}

export interface PgliteLease {
  /** An instance no other session has used, already running as SANDBOX_ROLE. */
  readonly db: PgliteInstance;
  /** Ends the session: the instance is terminated and a fresh spare started in its place. Idempotent. */
  release(): Promise<void>;
}

interface Waiter {
  /** What the session's instance must have created (empty: any spare does). */
  extensions: readonly ExtensionRequest[];
  /** An instance is being started for this waiter. */
  served: boolean;
  resolve: (lease: PgliteLease) => void;
  reject: (error: Error) => void;
}

export class PglitePool {
  private readonly size: number;
  private readonly cacheDir: string | null;
  private readonly requestTimeoutMs: number;
  /** Started, never leased instances. */
  private readonly spares: PgliteInstance[] = [];
  /** Instances alive: spares and leased ones. */
  private alive = 0;
  private starting = 0;
  private readonly waiters: Waiter[] = [];
  /** Plain instances starting (spares, or for a plain waiter: any plain waiter takes the first one ready). */
  private startingPlain = 0;
  private readonly instances = new Set<PgliteInstance>();
  private template: Promise<Uint8Array> | undefined;
  private wasmModule: Promise<WasmModule> | undefined;
  private closed = false;

  constructor(options: PoolOptions = {}) {
    this.size = Math.max(1, options.size ?? 2);
    this.cacheDir = options.cacheDir === undefined ? tmpdir() : options.cacheDir;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  }

  /**
   * Waits for an instance of its own, with these extensions created (see the file comment). Always release the lease
   * (try/finally).
   */
  acquire(extensions: readonly ExtensionRequest[] = []): Promise<PgliteLease> {
    if (this.closed) return Promise.reject(new PgliteDeadError('the PGlite pool is shut down'));
    let spare = extensions.length === 0 ? this.spares.shift() : undefined;
    while (spare?.dead) {
      this.forget(spare);
      spare = this.spares.shift();
    }
    const promise = spare
      ? Promise.resolve(this.lease(spare))
      : new Promise<PgliteLease>((resolve, reject) =>
          this.waiters.push({ extensions, served: false, resolve, reject }),
        );
    this.grow();
    return promise;
  }

  /** Terminates every instance; waiting acquirers are rejected. The pool can not be used afterwards. */
  async shutdown(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new PgliteDeadError('the PGlite pool is shut down'));
    const instances = [...this.instances];
    this.instances.clear();
    this.spares.length = 0;
    this.alive = 0;
    await Promise.all(instances.map((i) => i.terminate().catch(() => undefined)));
  }

  /**
   * Starts an instance for every waiter that has none coming, within the pool's room (a waiter for extensions may
   * take a spare's place: spares have none); with `spare`, also one more for the next session (after a session ends:
   * a process that opens one session, the CLI, never starts a spare). A plain instance goes to the first plain
   * waiter, whoever it was started for.
   */
  private grow(spare = false): void {
    let plainComing = this.startingPlain - this.waiters.filter((w) => w.served && w.extensions.length === 0).length;
    for (const waiter of this.waiters) {
      if (waiter.served) continue;
      if (waiter.extensions.length === 0 && plainComing > 0) {
        plainComing--;
        waiter.served = true;
        continue;
      }
      if (!this.makeRoom(waiter.extensions.length > 0)) return;
      waiter.served = true;
      this.launch(waiter.extensions.length > 0 ? waiter : undefined);
    }
    if (spare && this.makeRoom(false)) this.launch(undefined);
  }

  private makeRoom(evictSpare: boolean): boolean {
    if (this.closed) return false;
    if (this.alive + this.starting < this.size) return true;
    const spare = evictSpare ? this.spares.shift() : undefined;
    if (spare) this.forget(spare);
    return spare !== undefined;
  }

  /** Starts a plain instance (`for` undefined) or one with the extensions of the waiter it is started for. */
  private launch(forWaiter: Waiter | undefined): void {
    this.starting++;
    if (!forWaiter) this.startingPlain++;
    const done = () => {
      this.starting--;
      if (!forWaiter) this.startingPlain--;
    };
    this.startInstance(forWaiter?.extensions ?? []).then(
      (instance) => {
        done();
        if (this.closed) {
          void instance.terminate();
          return;
        }
        this.alive++;
        this.instances.add(instance);
        const index = forWaiter
          ? this.waiters.indexOf(forWaiter)
          : this.waiters.findIndex((w) => w.extensions.length === 0);
        const waiter = index >= 0 ? this.waiters.splice(index, 1)[0] : undefined;
        if (waiter) waiter.resolve(this.lease(instance));
        else if (forWaiter) this.forget(instance);
        else {
          this.spares.push(instance);
          // A waiter for extensions that found the pool full of starting spares takes this one's place.
          if (this.waiters.some((w) => !w.served)) this.grow();
        }
      },
      (error: Error) => {
        done();
        if (forWaiter) {
          const index = this.waiters.indexOf(forWaiter);
          if (index >= 0) this.waiters.splice(index, 1);
          forWaiter.reject(error);
          return;
        }
        // Nothing can start: fail everyone waiting instead of hanging (the next acquire tries again). Else plain
        // waiters wait for the next start (at the next acquire or release).
        if (this.alive + this.starting === 0) {
          for (const waiter of this.waiters.splice(0)) waiter.reject(error);
        }
        for (const waiter of this.waiters) if (waiter.extensions.length === 0) waiter.served = false;
      },
    );
  }

  private forget(instance: PgliteInstance): void {
    if (!this.instances.delete(instance)) return;
    this.alive--;
    void instance.terminate().catch(() => undefined);
  }

  private lease(instance: PgliteInstance): PgliteLease {
    let released = false;
    return {
      db: instance,
      release: async () => {
        if (released) return;
        released = true;
        this.forget(instance);
        this.grow(true);
      },
    };
  }

  /** A clone of the template with these extensions created, switched to SANDBOX_ROLE for good. */
  private async startInstance(extensions: readonly ExtensionRequest[]): Promise<PgliteInstance> {
    const instance = await this.startClone(extensionsToLoad(extensions));
    try {
      // As the bootstrap superuser, before any statement of the user's: an extension's script meets nothing of theirs.
      // A schema named for an extension is the session's, as if its own CREATE SCHEMA had made it.
      for (const request of extensions) {
        if (request.schema !== undefined)
          await instance.query(
            `CREATE SCHEMA IF NOT EXISTS ${quoteIdent(request.schema)} AUTHORIZATION ${SANDBOX_ROLE}`,
          );
        await instance.query(createExtensionSql(request), [], { timeoutMs: 30_000 });
      }
      await instance.query(`SET SESSION AUTHORIZATION ${SANDBOX_ROLE}`, [], { timeoutMs: 10_000 });
      const who = await instance.query<{ current_user: string; session_user: string; rolsuper: boolean }>(
        'SELECT current_user, session_user, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS rolsuper',
      );
      const row = who.rows[0];
      // The identity every session relies on: refuse to hand out an instance that is not in it.
      if (row?.current_user !== SANDBOX_ROLE || row.session_user !== SANDBOX_ROLE || String(row.rolsuper) !== 'f')
        throw new Error(`a PGlite instance did not switch to ${SANDBOX_ROLE}`);
      return instance;
    } catch (error) {
      await instance.terminate().catch(() => undefined);
      throw error;
    }
  }

  private async startClone(extensions: readonly string[]): Promise<PgliteInstance> {
    const wasmModule = await this.loadWasmModule();
    const template = await this.loadTemplate();
    try {
      return await PgliteInstance.start({
        template,
        wasmModule,
        startParams: PGLITE_START_PARAMS,
        extensions,
        defaultTimeoutMs: this.requestTimeoutMs,
      });
    } catch (error) {
      // A damaged cache file: forget it and build the template again once.
      const file = this.templateFile();
      if (file) rmSync(file, { force: true });
      this.template = undefined;
      return PgliteInstance.start({
        template: await this.loadTemplate(),
        wasmModule,
        startParams: PGLITE_START_PARAMS,
        extensions,
        defaultTimeoutMs: this.requestTimeoutMs,
      }).catch(() => {
        throw error;
      });
    }
  }

  private loadWasmModule(): Promise<WasmModule> {
    this.wasmModule ??= Promise.resolve().then(() =>
      wasm.compile(readFileSync(require.resolve('@electric-sql/pglite/pglite.wasm'))),
    );
    return this.wasmModule;
  }

  private templateFile(): string | undefined {
    if (!this.cacheDir) return undefined;
    const version = pgliteVersion();
    const hash = createHash('sha256')
      .update(`${PGLITE_START_PARAMS.join(' ')}\n${TEMPLATE_SETUP.join(';\n')}`)
      .digest('hex')
      .slice(0, 12);
    return join(this.cacheDir, `sqltune-pglite-${version}-${hash}.tar`);
  }

  private loadTemplate(): Promise<Uint8Array> {
    this.template ??= (async () => {
      const file = this.templateFile();
      if (file && trustedFile(file)) {
        try {
          const bytes = readFileSync(file);
          if (bytes.length > 1024 * 1024) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
        } catch {
          // not cached yet
        }
      }
      const creator = await PgliteInstance.start({
        wasmModule: await this.loadWasmModule(),
        startParams: PGLITE_START_PARAMS,
      });
      try {
        for (const statement of TEMPLATE_SETUP) await creator.exec(statement);
        const bytes = await creator.dump();
        if (file) {
          try {
            mkdirSync(dirname(file), { recursive: true });
            const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
            writeFileSync(temporary, bytes, { mode: 0o600 });
            renameSync(temporary, file);
          } catch {
            // a read-only temp directory only costs start-up time
          }
        }
        return bytes;
      } finally {
        await creator.terminate();
      }
    })();
    this.template.catch(() => {
      this.template = undefined;
    });
    return this.template;
  }
}

/**
 * A cached template is loaded only when this user wrote it and nobody else may change it: the temp directory is
 * shared, and a planted template could hold a role or function of someone else's making.
 */
function trustedFile(file: string): boolean {
  try {
    const s = lstatSync(file);
    const uid = process.getuid?.();
    return s.isFile() && (uid === undefined || s.uid === uid) && (s.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

function pgliteVersion(): string {
  try {
    const pkg = JSON.parse(
      readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8'),
    ) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

let shared: PglitePool | undefined;

/** The process-wide pool used by the PostgreSQL planner backend. */
export function getPglitePool(): PglitePool {
  const { poolSize, cacheDir } = plannerSettings().pglite;
  shared ??= new PglitePool({ size: poolSize, cacheDir });
  return shared;
}

/** Shuts the process-wide pool down; the next `getPglitePool()` makes a new one. */
export async function shutdownSharedPglitePool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  if (pool) await pool.shutdown();
}
