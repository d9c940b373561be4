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
 * Isolation: a session leases one instance exclusively and uses its `public` schema, so the user's DDL runs as
 * written (schema-qualified `public.t`, `nextval('public.t_id_seq')`, pg_dump output). On release the instance is
 * reset (every non-system schema dropped, `public` recreated); after `recycleAfter` sessions, or when anything
 * failed or timed out, the worker is terminated and replaced, which also bounds catalog bloat (no autovacuum).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
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
  /** Sessions served so far. */
  sessions = 0;
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
    defaultTimeoutMs?: number;
    startTimeoutMs?: number;
  }): Promise<PgliteInstance> {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pglitePath: require.resolve('@electric-sql/pglite'),
        wasmModule: options.wasmModule,
        template: options.template,
        startParams: [...options.startParams],
        dataDir: PGLITE_DATA_DIR,
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
  /** Instances at most (env SQLTUNE_PGLITE_POOL_SIZE, default 2: one per core on the reference machine). */
  size?: number;
  /** Replace an instance after this many sessions (default 200). */
  recycleAfter?: number;
  /** Directory for the cached template (env SQLTUNE_PGLITE_CACHE_DIR, default the OS temp directory); null: none. */
  cacheDir?: string | null;
  /** Default per-request timeout in ms (default 30 s). */
  requestTimeoutMs?: number;
}

export interface PgliteLease {
  readonly db: PgliteInstance;
  /** Gives the instance back (reset for the next session), or drops it when it is broken. Idempotent. */
  release(options?: { broken?: boolean }): Promise<void>;
}

interface Waiter {
  resolve: (lease: PgliteLease) => void;
  reject: (error: Error) => void;
}

export class PglitePool {
  private readonly size: number;
  private readonly recycleAfter: number;
  private readonly cacheDir: string | null;
  private readonly requestTimeoutMs: number;
  private readonly idle: PgliteInstance[] = [];
  private readonly all = new Set<PgliteInstance>();
  private starting = 0;
  private readonly waiters: Waiter[] = [];
  private template: Promise<Uint8Array> | undefined;
  private wasmModule: Promise<WasmModule> | undefined;
  private closed = false;

  constructor(options: PoolOptions = {}) {
    const envSize = Number.parseInt(process.env.SQLTUNE_PGLITE_POOL_SIZE ?? '', 10);
    this.size = Math.max(1, options.size ?? (Number.isFinite(envSize) ? envSize : 2));
    this.recycleAfter = Math.max(1, options.recycleAfter ?? 200);
    this.cacheDir =
      options.cacheDir === undefined ? (process.env.SQLTUNE_PGLITE_CACHE_DIR ?? tmpdir()) : options.cacheDir;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  }

  /** Waits for an instance of its own. Always release the lease (try/finally). */
  acquire(): Promise<PgliteLease> {
    if (this.closed) return Promise.reject(new PgliteDeadError('the PGlite pool is shut down'));
    const instance = this.idle.pop();
    if (instance) return Promise.resolve(this.lease(instance));
    const promise = new Promise<PgliteLease>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.grow();
    return promise;
  }

  /** Terminates every instance; waiting acquirers are rejected. The pool can not be used afterwards. */
  async shutdown(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new PgliteDeadError('the PGlite pool is shut down'));
    const instances = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(instances.map((i) => i.terminate().catch(() => undefined)));
  }

  /** Starts instances while callers wait and the pool has room. */
  private grow(): void {
    while (!this.closed && this.waiters.length > this.starting && this.all.size + this.starting < this.size) {
      this.starting++;
      this.startInstance().then(
        (instance) => {
          this.starting--;
          if (this.closed) {
            void instance.terminate();
            return;
          }
          this.all.add(instance);
          this.handOut(instance);
        },
        (error: Error) => {
          this.starting--;
          // Nothing can start: fail everyone waiting instead of hanging.
          if (this.all.size + this.starting === 0) {
            for (const waiter of this.waiters.splice(0)) waiter.reject(error);
          }
        },
      );
    }
  }

  private handOut(instance: PgliteInstance): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(this.lease(instance));
    else this.idle.push(instance);
  }

  private lease(instance: PgliteInstance): PgliteLease {
    instance.sessions++;
    let released = false;
    return {
      db: instance,
      release: async (options = {}) => {
        if (released) return;
        released = true;
        let healthy = !options.broken && !instance.dead && !this.closed;
        if (healthy) {
          try {
            await resetInstance(instance);
          } catch {
            healthy = false;
          }
        }
        if (!healthy || instance.sessions >= this.recycleAfter) {
          this.all.delete(instance);
          await instance.terminate().catch(() => undefined);
          this.grow();
          return;
        }
        this.handOut(instance);
      },
    };
  }

  private async startInstance(): Promise<PgliteInstance> {
    const wasmModule = await this.loadWasmModule();
    const template = await this.loadTemplate();
    try {
      return await PgliteInstance.start({
        template,
        wasmModule,
        startParams: PGLITE_START_PARAMS,
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
    const hash = createHash('sha256').update(PGLITE_START_PARAMS.join(' ')).digest('hex').slice(0, 12);
    return join(this.cacheDir, `sqltune-pglite-${version}-${hash}.tar`);
  }

  private loadTemplate(): Promise<Uint8Array> {
    this.template ??= (async () => {
      const file = this.templateFile();
      if (file) {
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
        const bytes = await creator.dump();
        if (file) {
          try {
            mkdirSync(dirname(file), { recursive: true });
            const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
            writeFileSync(temporary, bytes);
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

/** Drops everything a session created: every non-system schema, then an empty `public`. */
async function resetInstance(instance: PgliteInstance): Promise<void> {
  // A session may have left a transaction open after an error.
  await instance.exec('ROLLBACK', { timeoutMs: 10_000 }).catch(() => undefined);
  const schemas = await instance.query<{ nspname: string }>(
    `SELECT nspname FROM pg_namespace
      WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND nspname NOT LIKE 'pg\\_%'`,
    [],
    { timeoutMs: 10_000 },
  );
  const drops = schemas.rows.map((r) => `DROP SCHEMA "${r.nspname.replace(/"/g, '""')}" CASCADE;`).join('\n');
  await instance.exec(`${drops}\nCREATE SCHEMA public;\nRESET ALL;`, { timeoutMs: 20_000 });
}

let shared: PglitePool | undefined;

/** The process-wide pool used by the PostgreSQL planner backend. */
export function getPglitePool(): PglitePool {
  shared ??= new PglitePool();
  return shared;
}

/** Shuts the process-wide pool down; the next `getPglitePool()` makes a new one. */
export async function shutdownSharedPglitePool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  if (pool) await pool.shutdown();
}
