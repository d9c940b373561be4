import type { Worker } from 'node:worker_threads';
import { AppError, ErrorCode, type Message } from '@sqltune/contracts';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { FairQueue } from '../threads/fair-queue.ts';
import { startTsThread } from '../threads/ts-thread.ts';
import type { CheckedSubmission, SubmissionText } from './check-submission.ts';

export interface AnalysisRequest {
  id: number;
  input: SubmissionText;
}

export type AnalysisReply =
  | { id: number; ok: true; checked: CheckedSubmission }
  | { id: number; ok: false; refusal: { code: ErrorCode; detail: Message; status: number } }
  | { id: number; ok: false; failure: string };

interface Job {
  request: AnalysisRequest;
  resolve(checked: CheckedSubmission): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
}

const threadEntry = new URL('./analysis-thread.ts', import.meta.url);
const RESTART_DELAY_MS = 5000;

/**
 * Threads that check submissions (checkSubmission) for the API, so that parsing and analyzing up to MAX_STATEMENTS
 * statements never blocks its event loop. Waiting checks are served round robin between users (FairQueue); a check
 * that runs past the time limit is refused with 4209 and its thread is replaced.
 */
export class AnalysisPool {
  private readonly slots = new Set<Slot>();
  private readonly waiting = new FairQueue<Job>();
  private nextId = 1;
  private closed = false;

  private constructor(
    private readonly timeoutMs: number,
    private readonly log: Logger,
  ) {}

  static async start(options: { threads: number; timeoutSeconds: number; log: Logger }): Promise<AnalysisPool> {
    const pool = new AnalysisPool(options.timeoutSeconds * 1000, options.log);
    await Promise.all(Array.from({ length: options.threads }, () => pool.addThread()));
    return pool;
  }

  /** Checks a submission of `owner` (a user id); resolves to what it is stored with or rejects with its AppError. */
  check(owner: string, input: SubmissionText): Promise<CheckedSubmission> {
    if (this.closed) return Promise.reject(new Error('the analysis pool is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push(owner, { request: { id: this.nextId++, input }, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.drain()) job.reject(new Error('the server is stopping'));
    await Promise.all(
      [...this.slots].map(async (slot) => {
        this.release(slot)?.reject(new Error('the server is stopping'));
        await slot.worker.terminate();
      }),
    );
    this.slots.clear();
  }

  private async addThread(): Promise<void> {
    const worker = await startTsThread(threadEntry, null);
    if (this.closed) {
      await worker.terminate();
      return;
    }
    const slot: Slot = { worker, job: undefined, timer: undefined };
    worker.on('message', (reply: AnalysisReply) => this.settle(slot, reply));
    worker.on('error', (error) => this.log.error({ err: error }, 'analysis thread failed'));
    worker.on('exit', () => this.replace(slot, new Error('the analysis thread stopped')));
    this.slots.add(slot);
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.waiting.shift();
      if (!job) return;
      slot.job = job;
      slot.timer = setTimeout(() => this.timeOut(slot), this.timeoutMs);
      slot.worker.postMessage(job.request);
    }
  }

  private settle(slot: Slot, reply: AnalysisReply): void {
    const job = this.release(slot);
    if (!job || job.request.id !== reply.id) return;
    if (reply.ok) job.resolve(reply.checked);
    else if ('refusal' in reply)
      job.reject(new AppError(reply.refusal.code, reply.refusal.detail, reply.refusal.status));
    else job.reject(new Error(`submission check failed: ${reply.failure}`));
    this.dispatch();
  }

  private timeOut(slot: Slot): void {
    const seconds = this.timeoutMs / 1000;
    this.log.warn({ seconds }, 'a submission check ran out of time; its thread is replaced');
    this.release(slot)?.reject(
      new AppError(ErrorCode.ANALYSIS_TOO_SLOW, {
        message: {
          zh: `提交的内容过于复杂，${seconds} 秒内未能完成校验，请拆分后再提交`,
          en: `the submission could not be checked within ${seconds} s: split it and submit the parts`,
        },
      }),
    );
    void slot.worker.terminate();
  }

  /** A thread that stopped (timed out, crashed) fails its job and is replaced by a new one. */
  private replace(slot: Slot, reason: Error): void {
    if (!this.slots.delete(slot)) return;
    this.release(slot)?.reject(reason);
    if (this.closed) return;
    const retry = () => {
      if (this.closed) return;
      this.addThread().catch((error) => {
        this.log.error({ err: error }, 'could not start an analysis thread; trying again');
        setTimeout(retry, RESTART_DELAY_MS).unref();
      });
    };
    retry();
  }

  private release(slot: Slot): Job | undefined {
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = undefined;
    slot.timer = undefined;
    return job;
  }
}
