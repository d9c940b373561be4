import type { CreatedTask } from '@sqltune/contracts';
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
import { type Runtime, startRuntime } from '../src/runtime.ts';

/** The same migrations and queue on a real PostgreSQL server (production mode: DATABASE_URL). */
describe.runIf(serviceAvailable('PostgreSQL', postgresBinDir))('API on PostgreSQL via DATABASE_URL', () => {
  let postgres: RunningPostgres;
  let runtime: Runtime;
  let api: ApiClient;

  beforeAll(async () => {
    postgres = await startPostgres();
    const port = await freePort();
    runtime = await startRuntime(
      loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: postgres.url, LOG_LEVEL: 'warn' }),
      { api: true, worker: true },
    );
    api = new ApiClient(`http://127.0.0.1:${port}`);
  });

  afterAll(async () => {
    await runtime?.stop();
    await postgres?.stop();
  });

  it('applies the migrations and reports the server version', async () => {
    const health = await api.call<{ database: { kind: string; version: string } }>('GET', '/api/v1/health');
    expect(health.data.database).toEqual({ kind: 'postgresql', version: expect.stringMatching(/^PostgreSQL 1\d/) });
  });

  it('runs a task through the queue on PostgreSQL', async () => {
    const session = await api.call<{ token: string }>('POST', '/api/v1/auth/register', {
      email: 'pg@example.com',
      password: 'Str0ng!pass',
      acceptTerms: true,
    });
    api.token = session.data.token;
    const created = await api.call<CreatedTask>('POST', '/api/v1/optimizes', {
      dialect: 'mysql',
      sql: 'SELECT * FROM t ORDER BY RAND()',
    });
    const detail = await api.finishedTask(created.data.id);
    expect(detail.state).toBe('Completed');
    expect(detail.report!.statements[0]!.rules.map((r) => r.id)).toContain('order-by-random');
  });
});
