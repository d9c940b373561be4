import type { Worker } from 'node:worker_threads';
import type { Message } from '@sqltune/contracts';
import type { AiSettings, OptimizeInput, OptimizeMapperInput, PlannerSettings } from '@sqltune/planner';
import { startTsThread } from '../threads/ts-thread.ts';
import type { CompletedRun } from './task-queue.ts';

/** What an optimizer thread is started with (plain data: it crosses the thread boundary). */
export interface OptimizerSettings {
  engineVersion: string;
  ai: AiSettings | undefined;
  planners: PlannerSettings;
}

/** What a task asks of the optimizer: submitted SQL (optimize) or a mapper (optimizeMapper). */
export type OptimizerJob = { kind: 'sql'; input: OptimizeInput } | { kind: 'mybatis'; input: OptimizeMapperInput };

export type OptimizerRequest = { type: 'run'; taskId: string; job: OptimizerJob } | { type: 'shutdown' };

/** How a run ended: a report, the user's input refused (AppError), or a failure on our side (retried). */
export type RunOutcome =
  | { type: 'completed'; run: CompletedRun }
  | { type: 'refused'; error: Message }
  | { type: 'crashed'; reason: string };

export type OptimizerReply =
  | ({ taskId: string } & RunOutcome)
  | { type: 'progress'; taskId: string; done: number }
  | { type: 'closed' };

const threadEntry = new URL('./optimizer-thread.ts', import.meta.url);
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * One optimizer thread, running one task at a time. optimize() and its analysis run there, off the worker's event
 * loop; the planner's optimizers (a PGlite instance, a local MariaDB, a PostgreSQL sandbox) are module singletons,
 * so each thread starts its own on first use (docs/design.md, "Tasks and workers": memory per thread).
 */
export class OptimizerThread {
  private current: { taskId: string; resolve(outcome: RunOutcome): void; onProgress(done: number): void } | undefined;
  private exited = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: OptimizerReply) => {
      if (reply.type === 'closed' || reply.taskId !== this.current?.taskId) return;
      if (reply.type === 'progress') this.current.onProgress(reply.done);
      else this.finish(reply);
    });
    worker.on('exit', (code) => {
      this.exited = true;
      this.finish({ type: 'crashed', reason: `the optimizer thread stopped (exit code ${code})` });
    });
  }

  static async start(settings: OptimizerSettings): Promise<OptimizerThread> {
    return new OptimizerThread(await startTsThread(threadEntry, settings));
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** Runs a task; `onProgress` hears the statements (a mapper's variants) done so far. */
  run(taskId: string, job: OptimizerJob, onProgress: (done: number) => void): Promise<RunOutcome> {
    if (this.current) return Promise.reject(new Error('an optimizer thread runs one task at a time'));
    if (this.exited) return Promise.resolve({ type: 'crashed', reason: 'the optimizer thread had stopped' });
    return new Promise((resolve) => {
      this.current = { taskId, resolve, onProgress };
      const request: OptimizerRequest = { type: 'run', taskId, job };
      this.worker.postMessage(request);
    });
  }

  /** Lets the thread stop its optimizers (sandbox servers, PGlite workers), then ends it. */
  async close(): Promise<void> {
    if (this.exited) return;
    const closed = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, SHUTDOWN_TIMEOUT_MS);
      this.worker.on('message', (reply: OptimizerReply) => reply.type === 'closed' && done());
      this.worker.on('exit', done);
    });
    const request: OptimizerRequest = { type: 'shutdown' };
    this.worker.postMessage(request);
    await closed;
    await this.worker.terminate();
  }

  private finish(outcome: RunOutcome): void {
    const current = this.current;
    this.current = undefined;
    current?.resolve(outcome);
  }
}
