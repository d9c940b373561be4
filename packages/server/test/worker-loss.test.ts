import { type ChildProcess, spawn } from 'node:child_process';
import type { CreatedTask } from '@sqltune/contracts';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import {
  freePort,
  postgresBinDir,
  type RunningPostgres,
  serviceAvailable,
  startPostgres,
} from '../../../test-support/services.ts';
import { loadConfig } from '../src/config.ts';
import { OPTIMIZE_QUEUE, QUEUE_SCHEMA } from '../src/queue/queue.ts';
import { type Runtime, startRuntime } from '../src/runtime.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;

/**
 * A worker that takes a job and dies must not lose the task. The dead worker is a pg-boss client that
 * fetches the job and never answers (as a killed process would); a real worker process started
 * afterwards (`npm run worker`, as on another machine) must pick the job up once it expires.
 */
describe.runIf(serviceAvailable('PostgreSQL', postgresBinDir))('a worker lost mid-job', () => {
  let postgres: RunningPostgres;
  const runtimes: Runtime[] = [];
  let deadWorker: PgBoss | undefined;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    postgres = await startPostgres();
  });

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    for (const runtime of runtimes) await runtime.stop();
    await deadWorker?.stop({ graceful: false, wait: true });
    await postgres?.stop();
  });

  it('is retried by another worker and the task completes', async () => {
    const env = {
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      LOG_LEVEL: 'warn',
      SQLTUNE_JOB_EXPIRE_SECONDS: '2',
      SQLTUNE_QUEUE_MAINTENANCE_SECONDS: '1',
    };
    const port = await freePort();
    runtimes.push(await startRuntime(loadConfig({ ...env, PORT: String(port) }), { api: true, worker: false }));
    const api = new ApiClient(`http://127.0.0.1:${port}`);
    api.token = (
      await api.call<{ token: string }>('POST', '/api/v1/auth/register', {
        email: 'w@example.com',
        password: 'Str0ng!pass',
        acceptTerms: true,
      })
    ).data.token;
    const created = await api.call<CreatedTask>('POST', '/api/v1/optimizes', {
      dialect: 'mysql',
      sql: 'SELECT * FROM t',
    });

    deadWorker = new PgBoss({
      connectionString: postgres.url,
      schema: QUEUE_SCHEMA,
      supervise: false,
      schedule: false,
    });
    await deadWorker.start();
    const [taken] = await deadWorker.fetch(OPTIMIZE_QUEUE);
    expect(taken?.data).toEqual({ taskId: created.data.id });

    worker = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/worker-main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const detail = await api.finishedTask(created.data.id);
    expect(detail.state).toBe('Completed');
  });
});
