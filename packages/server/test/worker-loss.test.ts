import { type ChildProcess, spawn } from 'node:child_process';
import type { CreatedTask } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { outboxOf } from '../../../test-support/mail.ts';
import {
  postgresBinDir,
  type RunningPostgres,
  serviceAvailable,
  startPostgres,
  waitFor,
} from '../../../test-support/services.ts';
import type { Runtime } from '../src/runtime.ts';
import { MAX_STATEMENTS } from '../src/tasks/limits.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;

/**
 * A submission of MAX_STATEMENTS statements of some size: its run takes seconds (each statement is parsed and every
 * rule runs on it), so a worker can be caught holding it. Nothing in the worker is slowed down for the test.
 */
const longSubmission = Array.from({ length: MAX_STATEMENTS }, (_, i) => {
  const columns = Array.from({ length: 12 }, (_, k) => `o.c${k} AS a${k}`).join(', ');
  const conditions = Array.from({ length: 8 }, (_, k) => `o.f${k} = ${i * 10 + k}`).join(' AND ');
  return `SELECT ${columns}, c.name FROM orders o JOIN customer c ON c.id = o.customer_id WHERE ${conditions} AND o.customer_id IN (SELECT DISTINCT c2.id FROM customer c2 WHERE c2.segment = 'S${i}') ORDER BY o.total DESC LIMIT ${i + 1};`;
}).join('\n');

interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
}

/**
 * Workers as on other machines: `npm run worker` processes on one PostgreSQL (DATABASE_URL). A worker is killed by
 * SIGKILL while it holds a task, or paused by SIGSTOP past its lease; the task must finish once, its result written
 * once (tasks.result_writes), and a restart must apply a changed SQLTUNE_JOB_EXPIRE_SECONDS.
 */
describe.runIf(serviceAvailable('PostgreSQL', postgresBinDir))('a worker lost mid-job', () => {
  let postgres: RunningPostgres;
  let app: AppUnderTest;
  let runtime: Runtime;
  let api: ApiClient;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    // The long submission's check takes seconds on a quiet machine; the 60 s default refused it (4209) at load 17.
    const env = { DATABASE_URL: postgres.url, SQLTUNE_ANALYSIS_TIMEOUT_SECONDS: '600' };
    app = await startApp({ name: 'worker-loss', worker: false, env });
    runtime = app.runtime;
    api = new ApiClient(app.base, outboxOf(app.dataDir));
    await api.register('w@example.com');
    await runtime.database.executeSql('UPDATE plan_grants SET sql_cnt = 1000');
  });

  afterAll(async () => {
    for (const { child } of workers) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    }
    await app?.stop();
    await postgres?.stop();
  });

  function startWorker(expireSeconds: number): WorkerProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/worker-main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: postgres.url,
        LOG_LEVEL: 'info',
        SQLTUNE_WORKER_CONCURRENCY: '1',
        SQLTUNE_JOB_EXPIRE_SECONDS: String(expireSeconds),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const worker = { child, output: () => output };
    workers.push(worker);
    return worker;
  }

  async function stopWorker({ child }: WorkerProcess): Promise<void> {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  const started = (worker: WorkerProcess) =>
    waitFor(async () => {
      if (!worker.output().includes('worker started')) throw new Error('not started yet');
    }, 60_000);

  interface LeaseRow {
    lease_token: string | null;
    leased_by: string | null;
    lease_seconds: number | null;
    attempts: number;
    result_writes: number;
    state: string;
  }

  async function taskRow(id: string): Promise<LeaseRow> {
    const { rows } = await runtime.database.executeSql(
      `SELECT lease_token, leased_by, extract(epoch FROM lease_expires_at - started_at)::float AS lease_seconds,
         attempts, result_writes, state FROM tasks WHERE id = $1`,
      [id],
    );
    return rows[0] as LeaseRow;
  }

  /** Waits until the worker with this pid holds the task (its id is host:pid:random). */
  async function heldBy(id: string, worker: WorkerProcess): Promise<LeaseRow> {
    let row!: LeaseRow;
    await waitFor(async () => {
      row = await taskRow(id);
      if (!row.lease_token || !row.leased_by?.includes(`:${worker.child.pid}:`)) throw new Error('not held yet');
    }, 60_000);
    return row;
  }

  async function submitLong(): Promise<string> {
    const created = await api.call<CreatedTask>('POST', '/api/v1/optimizes', { dialect: 'mysql', sql: longSubmission });
    expect(created.code).toBe(0);
    return created.data.id;
  }

  it('finishes the task of a killed worker once, after the expiry the restart set', { timeout: 300_000 }, async () => {
    // The queue has been used with a 600 s expiry before ...
    const before = startWorker(600);
    await started(before);
    const first = await api.call<CreatedTask>('POST', '/api/v1/optimizes', { dialect: 'mysql', sql: 'SELECT 1' });
    expect((await api.finishedTask(first.data.id)).state).toBe('Completed');
    await stopWorker(before);

    // ... and is restarted with 2 s: the next lease lasts 2 s (plus renewals), not 600.
    const doomed = startWorker(2);
    await started(doomed);
    const id = await submitLong();
    const held = await heldBy(id, doomed);
    expect(held.lease_seconds).toBeGreaterThanOrEqual(2);
    expect(held.lease_seconds).toBeLessThan(60);
    doomed.child.kill('SIGKILL');

    const successor = startWorker(2);
    const detail = await api.finishedTask(id, 240_000);
    expect(detail.state).toBe('Completed');
    expect(detail.report!.statements).toHaveLength(MAX_STATEMENTS);
    const row = await taskRow(id);
    expect(row).toMatchObject({ state: 'Completed', attempts: 2, result_writes: 1, lease_token: null });
    expect(row.leased_by).toContain(`:${successor.child.pid}:`);
  });

  it('never writes the result of a run whose lease was taken over', { timeout: 300_000 }, async () => {
    const paused = workers.at(-1)!;
    const id = await submitLong();
    const held = await heldBy(id, paused);
    // Paused past its 2 s lease: the task goes to another worker, which finishes it.
    paused.child.kill('SIGSTOP');
    const successor = startWorker(2);
    const takenOver = await heldBy(id, successor);
    expect(takenOver.lease_token).not.toBe(held.lease_token);
    expect((await api.finishedTask(id, 240_000)).state).toBe('Completed');

    // Resumed, the first worker finishes its run too, and finds it may not write.
    paused.child.kill('SIGCONT');
    await waitFor(async () => {
      const discarded = paused
        .output()
        .split('\n')
        .some((line) => line.includes(id) && line.includes('lease lost: result discarded'));
      if (!discarded) throw new Error('the paused run has not finished yet');
    }, 240_000);
    const row = await taskRow(id);
    expect(row).toMatchObject({ state: 'Completed', result_writes: 1 });
    expect(row.leased_by).toContain(`:${successor.child.pid}:`);
  });
});
