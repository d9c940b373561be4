import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreatedTask } from '@sqltune/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { outboxOf } from '../../../test-support/mail.ts';
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
  const dataDir = mkdtempSync(join(tmpdir(), 'sqltune-pg-'));

  beforeAll(async () => {
    postgres = await startPostgres();
    const port = await freePort();
    runtime = await startRuntime(
      loadConfig({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: postgres.url,
        SQLTUNE_DATA_DIR: dataDir,
        SQLTUNE_EXAMPLES: 'off',
        LOG_LEVEL: 'warn',
      }),
      { api: true, worker: true },
    );
    api = new ApiClient(`http://127.0.0.1:${port}`, outboxOf(dataDir));
  });

  afterAll(async () => {
    await runtime?.stop();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
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
