/**
 * No sandbox file outlives its run: after the whole process group of a run is killed (SIGKILL, or SIGTERM, which
 * the servers' watchdogs do not survive either), the next start removes what was left (docs/security.md, claim F1).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, postgresBinDir, serviceAvailable } from '../../../../test-support/services.ts';
import { sweepAbandonedRunDirectories } from '../../src/sandbox-files.ts';

const available = serviceAvailable('MariaDB', mariadbBinary) && serviceAvailable('PostgreSQL+HypoPG', postgresBinDir);
const holder = new URL('./hold-sandboxes.ts', import.meta.url).pathname;

/**
 * The held runs' servers go in a parent directory of this test's own: any other process that starts a sandbox server
 * sweeps abandoned run directories of the shared parents (the OS temp dir, /dev/shm), which would take a killed run's
 * directories before this test looks at them. Traversable (0755): the PostgreSQL server runs as its own OS user.
 */
const parent = mkdtempSync(join(tmpdir(), 'sqltune-files-test-'));
chmodSync(parent, 0o755);
const sweep = () => sweepAbandonedRunDirectories([parent]);

/** Starts a run in a process group of its own; resolves with its pid and the directories its servers run in. */
async function startRun(): Promise<{ pid: number; dirs: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', holder], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      POSTGRES_SANDBOX_URL: '',
      MYSQL_SANDBOX_URL: '',
      SQLTUNE_POSTGRES_DIR: parent,
      SQLTUNE_MARIADB_DIR: parent,
    },
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the run exited early (${code})`)));
  });
  const { mariadb, postgres } = JSON.parse(line) as { mariadb: string; postgres: string };
  return { pid: child.pid!, dirs: [mariadb, postgres] };
}

async function killGroup(pid: number, signal: NodeJS.Signals): Promise<void> {
  process.kill(-pid, signal);
  // Wait until every process of the group is gone.
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(-pid, 'SIGKILL');
}

describe.runIf(available)('sandbox files after the run is killed', () => {
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    it(`are removed at the next start after ${signal} to the whole process group`, async () => {
      const run = await startRun();
      for (const dir of run.dirs) expect(existsSync(dir)).toBe(true);
      await killGroup(run.pid, signal);
      const left = run.dirs.filter((dir) => existsSync(dir));
      // SIGKILL takes the watchdogs with the run: nothing removed the directories.
      if (signal === 'SIGKILL') expect(left).toEqual(run.dirs);
      // The next start sweeps whatever the kill left behind.
      const removed = sweep();
      expect(removed).toEqual(expect.arrayContaining(left));
      for (const dir of run.dirs) expect(existsSync(dir), `${dir} after ${signal}`).toBe(false);
    }, 120_000);
  }

  it('leaves the directories of a live run alone', async () => {
    const run = await startRun();
    try {
      sweep();
      for (const dir of run.dirs) expect(existsSync(dir)).toBe(true);
    } finally {
      await killGroup(run.pid, 'SIGKILL');
      sweep();
    }
  }, 120_000);
});
