import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ErrorCode, messageOf } from '@sqltune/contracts';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../db/client.ts';
import { type OptimizerJob, type OptimizerSettings, OptimizerThread, type RunOutcome } from './optimizer.ts';
import {
  type ClaimedTask,
  claimTask,
  completeTask,
  failTask,
  forgetEarlierRun,
  MAX_ATTEMPTS,
  releaseTask,
  removeWorker,
  renewLease,
  retryTask,
  sweep,
  touchWorker,
} from './task-queue.ts';

/** How often a worker looks for tasks created elsewhere (an API process, another machine). */
const POLL_INTERVAL_MS = 500;
const THREAD_RESTART_DELAY_MS = 5000;

export interface TaskWorkerOptions {
  /** Optimizer threads: tasks run at once. */
  slots: number;
  expireSeconds: number;
  optimizer: OptimizerSettings;
  log: Logger;
  /** The embedded database has one process: leases left by an earlier run of it are released at start. */
  soleOwner: boolean;
}

interface Lease {
  task: ClaimedTask;
  /** Set when a renewal found the lease taken over: the run goes on, but its result will not be written. */
  lost: boolean;
  /** Statements done so far, written with the next renewal. */
  done: number;
}

/**
 * Runs tasks from the queue (task-queue.ts) on `slots` optimizer threads: takes one whenever a thread is idle,
 * renews its lease every third of the expiry while it runs, and records the outcome only while still holding the
 * lease. Its own event loop only talks to the database and the threads.
 */
export class TaskWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly threads = new Set<OptimizerThread>();
  private readonly idle: OptimizerThread[] = [];
  private readonly leases = new Map<string, Lease>();
  private readonly timers: NodeJS.Timeout[] = [];
  private claiming: Promise<void> | undefined;
  private claimAgain = false;
  private stopping = false;

  private constructor(
    private readonly db: Database,
    private readonly options: TaskWorkerOptions,
  ) {}

  static async start(db: Database, options: TaskWorkerOptions): Promise<TaskWorker> {
    if (options.soleOwner) await forgetEarlierRun(db);
    const worker = new TaskWorker(db, options);
    const threads = await Promise.all(
      Array.from({ length: options.slots }, () => OptimizerThread.start(options.optimizer)),
    );
    for (const thread of threads) worker.addIdle(thread);
    await touchWorker(db, worker.id, options.slots, options.expireSeconds);
    const heartbeatMs = Math.max(100, (options.expireSeconds * 1000) / 3);
    worker.timers.push(
      setInterval(() => worker.wake(), POLL_INTERVAL_MS),
      setInterval(() => void worker.heartbeat(), heartbeatMs),
    );
    worker.wake();
    return worker;
  }

  /** Looks for tasks now (one was just created in this process) instead of at the next poll. */
  wake(): void {
    if (this.stopping) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = this.claimWhileIdle()
      .catch((error) => this.options.log.error({ err: error }, 'could not take a task'))
      .finally(() => {
        this.claiming = undefined;
        if (this.claimAgain) {
          this.claimAgain = false;
          this.wake();
        }
      });
  }

  /** Stops taking tasks, gives the running ones back (another worker or the next start takes them at once). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.claiming;
    for (const { task } of this.leases.values()) await releaseTask(this.db, task.id, task.token);
    await removeWorker(this.db, this.id);
    await Promise.all([...this.threads].map((thread) => thread.close()));
  }

  private async claimWhileIdle(): Promise<void> {
    if (this.idle.length === 0) return;
    await sweep(this.db, messageOf(ErrorCode.INTERNAL));
    while (!this.stopping && this.idle.length > 0) {
      const task = await claimTask(this.db, { id: this.id, expireSeconds: this.options.expireSeconds });
      if (!task) return;
      void this.run(task, this.idle.pop()!);
    }
  }

  private async run(task: ClaimedTask, thread: OptimizerThread): Promise<void> {
    const lease: Lease = { task, lost: false, done: 0 };
    this.leases.set(task.id, lease);
    try {
      const common = { dialect: task.dialect, schemaText: task.schema, statsText: task.stats };
      const job: OptimizerJob = task.mapper
        ? {
            kind: 'mybatis',
            input: {
              ...common,
              files: [{ name: task.mapper.fileName, text: task.sql }],
              framework: task.mapper.framework,
            },
          }
        : { kind: 'sql', input: { ...common, sql: task.sql, planText: task.plan, workloadText: task.workload } };
      const outcome = await thread.run(task.id, job, (done) => {
        lease.done = done;
      });
      // At shutdown the lease was given back: whoever takes the task next writes its result.
      if (this.stopping) return;
      if (!(await this.record(task, outcome))) {
        this.options.log.warn({ taskId: task.id, outcome: outcome.type }, 'lease lost: result discarded');
      }
    } catch (error) {
      this.options.log.error({ err: error, taskId: task.id }, 'could not record a task');
    } finally {
      this.leases.delete(task.id);
      this.returnThread(thread);
      this.wake();
    }
  }

  /** Writes the outcome if the lease is still ours; false when it is not (nothing was written). */
  private record(task: ClaimedTask, outcome: RunOutcome): Promise<boolean> {
    switch (outcome.type) {
      case 'completed':
        return completeTask(this.db, task.id, task.token, outcome.run);
      case 'refused':
        return failTask(this.db, task.id, task.token, outcome.error);
      case 'crashed': {
        const final = task.attempts >= MAX_ATTEMPTS;
        this.options.log.error(
          { taskId: task.id, attempt: task.attempts, final, reason: outcome.reason },
          'run failed',
        );
        return final
          ? failTask(this.db, task.id, task.token, messageOf(ErrorCode.INTERNAL))
          : retryTask(this.db, task.id, task.token);
      }
    }
  }

  private async heartbeat(): Promise<void> {
    try {
      await touchWorker(this.db, this.id, this.options.slots, this.options.expireSeconds);
      for (const lease of this.leases.values()) {
        if (lease.lost || this.stopping) continue;
        const { id, token } = lease.task;
        if (await renewLease(this.db, { id, token, done: lease.done }, this.options.expireSeconds)) continue;
        lease.lost = true;
        this.options.log.warn({ taskId: lease.task.id }, 'lease lost: another worker has the task, or it was deleted');
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'heartbeat failed');
    }
  }

  private addIdle(thread: OptimizerThread): void {
    this.threads.add(thread);
    this.idle.push(thread);
  }

  /** A thread that stopped (crashed) is replaced; its optimizers went with it. */
  private returnThread(thread: OptimizerThread): void {
    if (thread.alive) {
      this.idle.push(thread);
      return;
    }
    this.threads.delete(thread);
    const replace = () => {
      if (this.stopping) return;
      OptimizerThread.start(this.options.optimizer)
        .then((fresh) => {
          if (this.stopping) return fresh.close();
          this.addIdle(fresh);
          this.wake();
        })
        .catch((error) => {
          this.options.log.error({ err: error }, 'could not start an optimizer thread; trying again');
          setTimeout(replace, THREAD_RESTART_DELAY_MS).unref();
        });
    };
    replace();
  }
}
