import type { Worker } from 'node:worker_threads';
import type { Results, RowMode } from '@electric-sql/pglite';
import { startTsThread } from '../threads/ts-thread.ts';

export interface PgliteThreadSettings {
  path: string;
  migrationsFolder: string;
}

type DatabaseCall =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: RowMode; textTypes: number[] }
  | { op: 'exec'; sql: string }
  | { op: 'close' };

export type DatabaseRequest = DatabaseCall & { id: number };

export type DatabaseReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; code?: unknown; detail?: unknown; position?: unknown } };

const threadEntry = new URL('./pglite-thread.ts', import.meta.url);

/**
 * The embedded database in a thread of its own. PGlite runs PostgreSQL (wasm) synchronously on the thread that owns
 * it: on the main thread, storing a report of tens of megabytes held the event loop for seconds (measured: 1-2 s
 * for 21 MB, text or jsonb). This client has the part of PGlite's interface drizzle uses (query, exec) and sends each
 * call to that thread; queries still run one at a time, as on any single PGlite connection.
 */
export class PgliteThreadClient {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: DatabaseReply) => this.settle(reply));
    worker.on('exit', (code) => {
      this.stopped = new Error(`the database thread stopped (exit code ${code})`);
      for (const { reject } of this.pending.values()) reject(this.stopped);
      this.pending.clear();
    });
  }

  /** Opens (creating when new) the database under `path` and applies the migrations. */
  static async open(settings: PgliteThreadSettings): Promise<PgliteThreadClient> {
    return new PgliteThreadClient(await startTsThread(threadEntry, settings));
  }

  query<T>(
    sql: string,
    params: unknown[] = [],
    options: { rowMode?: RowMode; parsers?: Record<number, unknown> } = {},
  ): Promise<Results<T>> {
    const textTypes = Object.keys(options.parsers ?? {}).map(Number);
    return this.request({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', textTypes }) as Promise<
      Results<T>
    >;
  }

  /** Several statements without parameters (PGlite's simple protocol). */
  exec(sql: string): Promise<Results[]> {
    return this.request({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /** The app runs no multi-statement transactions: each write is one statement (see queue/task-queue.ts). */
  transaction(): never {
    throw new Error('transactions are not available on the embedded database thread');
  }

  async close(): Promise<void> {
    await this.request({ op: 'close' });
    await this.worker.terminate();
  }

  private request(call: DatabaseCall): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const request: DatabaseRequest = { ...call, id };
      this.worker.postMessage(request);
    });
  }

  private settle(reply: DatabaseReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(Object.assign(new Error(reply.error.message), reply.error));
  }
}
