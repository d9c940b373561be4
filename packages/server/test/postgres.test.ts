import type { CreatedTask } from '@sqltune/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { outboxOf } from '../../../test-support/mail.ts';
import {
  postgresBinDir,
  type RunningPostgres,
  serviceAvailable,
  startPostgres,
} from '../../../test-support/services.ts';

/** The same migrations and queue on a real PostgreSQL server (production mode: DATABASE_URL). */
describe.runIf(serviceAvailable('PostgreSQL', postgresBinDir))('API on PostgreSQL via DATABASE_URL', () => {
  let postgres: RunningPostgres;
  let app: AppUnderTest;
  let api: ApiClient;

  beforeAll(async () => {
    postgres = await startPostgres();
    app = await startApp({ name: 'pg', env: { DATABASE_URL: postgres.url } });
    api = new ApiClient(app.base, outboxOf(app.dataDir));
  });

  afterAll(async () => {
    await app?.stop();
    await postgres?.stop();
  });

  it('applies the migrations and reports the server version', async () => {
    const health = await api.call<{ database: { kind: string; version: string } }>('GET', '/api/v1/health');
    expect(health.data.database).toEqual({ kind: 'postgresql', version: expect.stringMatching(/^PostgreSQL 1\d/) });
  });

  it('runs a task through the queue on PostgreSQL', async () => {
    await api.register('pg@example.com');
    const created = await api.call<CreatedTask>('POST', '/api/v1/optimizes', {
      dialect: 'mysql',
      sql: 'SELECT * FROM t ORDER BY RAND()',
    });
    const detail = await api.finishedTask(created.data.id);
    expect(detail.state).toBe('Completed');
    expect(detail.report!.statements[0]!.rules.map((r) => r.id)).toContain('order-by-random');
  });

  it('keeps serving after the server ends its idle connections (a restart, an administrator)', async () => {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      const ended = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database()',
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The lost connections' errors reach the pool's listener, not the process; the next request reconnects.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const health = await api.call<{ database: { kind: string } }>('GET', '/api/v1/health');
    expect(health.data.database.kind).toBe('postgresql');
  });
});
