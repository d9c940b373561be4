import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreatedTask } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { spawnApp } from '../../../test-support/app-process.ts';
import { outboxOf } from '../../../test-support/mail.ts';

/**
 * The app as `npm start` runs it (node --import tsx, its own process): its threads (the embedded database, the
 * analysis threads, the optimizer threads) load their TypeScript there as they do under vitest, and SIGTERM stops
 * them all.
 */
describe('the app started as npm start does', () => {
  let server: ChildProcess;
  let dataDir: string;
  let api: ApiClient;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sqltune-start-'));
    const app = await spawnApp({ dataDir });
    server = app.child;
    api = new ApiClient(app.base, outboxOf(dataDir));
    await api.register('start@example.com');
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('checks a submission in an analysis thread and optimizes it in an optimizer thread', async () => {
    const refused = await api.call('POST', '/api/v1/optimizes', { dialect: 'mysql', sql: 'SELECT a FROM t WHERE ((' });
    expect(refused.code).toBe(4202);
    const created = await api.call<CreatedTask>('POST', '/api/v1/optimizes', {
      dialect: 'postgresql',
      sql: "SELECT * FROM orders WHERE status = 'open'",
      schema: 'CREATE TABLE orders (id int PRIMARY KEY, status text);\n-- sqltune:stats orders rows=100000',
    });
    expect(created.code).toBe(0);
    const detail = await api.finishedTask(created.data.id);
    expect(detail.state).toBe('Completed');
    expect(detail.report!.statements[0]!.plan.before).toBeTruthy();
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
