import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreatedTask } from '@sqltune/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { spawnApp } from '../../../test-support/app-process.ts';
import { outboxOf } from '../../../test-support/mail.ts';
import { mariadbBinary, postgresBinDir, serviceAvailable, waitFor } from '../../../test-support/services.ts';

const available = serviceAvailable('MariaDB', mariadbBinary) && serviceAvailable('PostgreSQL+HypoPG', postgresBinDir);

/** The sandbox run directories (docs/security.md, F1) whose owner marker names `pid`. */
function runDirectoriesOf(pid: number): string[] {
  const found: string[] = [];
  for (const parent of [tmpdir(), '/dev/shm']) {
    let names: string[] = [];
    try {
      names = readdirSync(parent);
    } catch {
      continue;
    }
    for (const name of names.filter((n) => /^sqltune-(pg|mariadb)-/.test(n) && !n.includes('-template-'))) {
      try {
        const owner = JSON.parse(readFileSync(join(parent, name, '.sqltune-owner'), 'utf8')) as { pid: number };
        if (owner.pid === pid) found.push(join(parent, name));
      } catch {
        // not a marked run directory
      }
    }
  }
  return found;
}

/** The app as `npm start` runs it, in a process group of its own, with both sandbox servers enabled. */
async function startApp(dataDir: string): Promise<{ app: ChildProcess; api: ApiClient }> {
  const { child: app, base } = await spawnApp({
    dataDir,
    detached: true,
    env: {
      SQLTUNE_POSTGRES_PLANNER: 'sandbox',
      POSTGRES_SANDBOX_URL: '',
      MYSQL_SANDBOX_URL: '',
      SQLTUNE_WORKER_CONCURRENCY: '1',
    },
  });
  const api = new ApiClient(base, outboxOf(dataDir));
  return { app, api };
}

async function killGroup(app: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  process.kill(-app.pid!, signal);
  await waitFor(async () => {
    try {
      process.kill(-app.pid!, 0);
    } catch {
      return;
    }
    throw new Error('the group is still alive');
  }, 60_000).catch(() => process.kill(-app.pid!, 'SIGKILL'));
}

/**
 * After the app's whole process group is stopped (SIGKILL takes the sandbox servers' watchdogs with it), starting the
 * app again leaves no sandbox file of the earlier run (issue 10).
 */
describe.runIf(available)('sandbox files after the app is killed', () => {
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    it(`are gone once the app has started again after ${signal} to its process group`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'sqltune-kill-'));
      dataDirs.push(dataDir);
      const first = await startApp(dataDir);
      await first.api.register(`kill-${signal.toLowerCase()}@example.com`);
      for (const dialect of ['mysql', 'postgresql'] as const) {
        const created = await first.api.call<CreatedTask>('POST', '/api/v1/optimizes', {
          dialect,
          sql: "SELECT id FROM orders WHERE status = 'open'",
          schema: 'CREATE TABLE orders (id int PRIMARY KEY, status varchar(10));\n-- sqltune:stats orders rows=100000',
        });
        expect(created.code).toBe(0);
        expect((await first.api.finishedTask(created.data.id)).state).toBe('Completed');
      }
      const left = runDirectoriesOf(first.app.pid!);
      expect(left.length).toBeGreaterThanOrEqual(2);
      await killGroup(first.app, signal);

      const second = await startApp(dataDir);
      try {
        // The optimizer thread sweeps as it starts; the app answers once its worker is up.
        await waitFor(async () => {
          if (left.some((dir) => existsSync(dir))) throw new Error('not swept yet');
        }, 60_000);
        for (const dir of left) expect(existsSync(dir), dir).toBe(false);
      } finally {
        await killGroup(second.app, 'SIGTERM');
      }
    }, 300_000);
  }
});
