import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Real services for tests, started from the machine's binaries on 127.0.0.1 with throwaway data
 * directories. A missing binary skips the tests that need it, loudly; with SQLTUNE_REQUIRE_SERVICES=1
 * it is a failure instead.
 */
export const requireServices = process.env.SQLTUNE_REQUIRE_SERVICES === '1';

export function findBinary(candidates: string[]): string | undefined {
  return candidates.find((path) => existsSync(path));
}

/**
 * Returns whether tests needing something outside the repository can run: when it is missing, a loud skip naming what
 * is skipped, or a failure under SQLTUNE_REQUIRE_SERVICES=1 (as in CI).
 */
export function prerequisiteAvailable(present: boolean, missing: string, needing: string): boolean {
  if (present) return true;
  const message = `${missing}: tests that need ${needing} are SKIPPED. Install it (see .ci/run) or set SQLTUNE_REQUIRE_SERVICES=1 to fail instead.`;
  if (requireServices) throw new Error(message);
  console.warn(`\n!!!!!!!! ${message}\n`);
  return false;
}

/** Returns whether tests needing `name` can run; logs a loud skip or throws under SQLTUNE_REQUIRE_SERVICES. */
export function serviceAvailable(name: string, binary: string | undefined): boolean {
  return prerequisiteAvailable(binary !== undefined, `${name} binary not found`, name);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export const postgresBinDir = [
  '/usr/lib/postgresql/15/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/17/bin',
].find((dir) => existsSync(join(dir, 'postgres')));

export interface RunningPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /** `shared_preload_libraries`, e.g. ['pg_stat_statements'] (it can only be loaded at start). */
  preloadLibraries?: string[];
}

/** initdb + postgres in a temp dir as the current user (root needs a non-root owner: we use `postgres`). */
export async function startPostgres(options: PostgresOptions = {}): Promise<RunningPostgres> {
  if (!postgresBinDir) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'sqltune-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  run(join(postgresBinDir, 'initdb'), [
    '-D',
    join(dir, 'data'),
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const args = ['-D', join(dir, 'data'), '-p', String(port), '-k', dir, '-h', '127.0.0.1', '-c', 'fsync=off'];
  if (options.preloadLibraries?.length)
    args.push('-c', `shared_preload_libraries=${options.preloadLibraries.join(',')}`);
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', join(postgresBinDir, 'postgres'), ...args], { stdio: 'ignore' })
    : spawn(join(postgresBinDir, 'postgres'), args, { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // If the test process ends without calling stop() (a timeout, a crash), take the server down with it.
  const stopOnExit = () => {
    try {
      run(join(postgresBinDir!, 'pg_ctl'), ['stop', '-D', join(dir, 'data'), '-m', 'immediate']);
    } catch {
      // already stopped
    }
  };
  process.once('exit', stopOnExit);
  await waitFor(async () => {
    execFileSync(join(postgresBinDir, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'pipe' });
  }, 30_000);
  return {
    url,
    port,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      // runuser does not pass signals on to postgres; pg_ctl stops the server itself.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      run(join(postgresBinDir!, 'pg_ctl'), ['stop', '-D', join(dir, 'data'), '-m', 'fast', '-w']);
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function waitFor(check: () => Promise<unknown>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The MariaDB server binary (mariadb-server), for the MySQL-family planner tests. */
export const mariadbBinary = findBinary(['/usr/sbin/mariadbd', '/usr/bin/mariadbd']);

export interface RunningMariadb {
  port: number;
  /** Unix socket; the user is root without a password (a throwaway server on 127.0.0.1 only). */
  socket: string;
  stop(): Promise<void>;
}

export interface MariadbOptions {
  /** Turn on performance_schema (events_statements_summary_by_digest). */
  performanceSchema?: boolean;
  /** Write a slow query log of every statement (long_query_time=0) to this file. */
  slowLogFile?: string;
}

/**
 * A throwaway MariaDB (mariadb-install-db + mariadbd --no-defaults) for tests and fixture capture. The planner's own
 * sandbox server (packages/planner/src/mariadb/server.ts) is locked down for user input; this one is for scripts that
 * need server features the sandbox leaves off, such as performance_schema or the slow log.
 */
export async function startMariadb(options: MariadbOptions = {}): Promise<RunningMariadb> {
  const installDb = findBinary(['/usr/bin/mariadb-install-db', '/usr/scripts/mariadb-install-db']);
  if (!mariadbBinary || !installDb) throw new Error('MariaDB binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'sqltune-mariadb-'));
  const asRoot = process.getuid?.() === 0;
  const userArgs = asRoot ? ['--user=root'] : [];
  execFileSync(
    installDb,
    ['--no-defaults', `--datadir=${join(dir, 'data')}`, '--auth-root-authentication-method=normal', ...userArgs],
    { stdio: 'pipe' },
  );
  const port = await freePort();
  const socket = join(dir, 'mariadb.sock');
  const args = [
    '--no-defaults',
    `--datadir=${join(dir, 'data')}`,
    `--socket=${socket}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--pid-file=${join(dir, 'mariadbd.pid')}`,
    '--innodb-buffer-pool-size=32M',
    '--skip-log-bin',
    ...userArgs,
    ...(options.performanceSchema ? ['--performance-schema=ON'] : []),
    ...(options.slowLogFile
      ? ['--slow-query-log=1', `--slow-query-log-file=${options.slowLogFile}`, '--long-query-time=0']
      : []),
  ];
  const child = spawn(mariadbBinary, args, { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stopOnExit = () => child.kill('SIGKILL');
  process.once('exit', stopOnExit);
  await waitFor(async () => {
    execFileSync('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot', '-e', 'SELECT 1'], { stdio: 'pipe' });
  }, 30_000);
  return {
    port,
    socket,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
