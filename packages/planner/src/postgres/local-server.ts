/**
 * A throwaway PostgreSQL + HypoPG server started from this machine's binaries, one per process, for the sandbox:
 *  - data directory: a copy of a template made once per machine, PostgreSQL/HypoPG version and OS user (initdb,
 *    the template database, then a clean shutdown; kept in the OS temp dir as sqltune-pg-template-..., 0700);
 *  - runs as the `postgres` OS user when this process is root (setpriv; PostgreSQL refuses root), otherwise as
 *    this user, on 127.0.0.1:<free port> (password authentication only, and no role has a known password but the
 *    session roles) and a unix socket in a private 0700 directory (trust: only this process's user and root reach
 *    it), with `fsync=off`, `autovacuum=off`, `max_parallel_workers_per_gather=0`, `shared_preload_libraries=''`,
 *    `jit=off`, C locale, UTC, English messages;
 *  - a watchdog shell reads the server's stdin pipe: when this process dies (even by SIGKILL) the pipe closes and the
 *    watchdog stops the server (SIGINT, then SIGQUIT, then SIGKILL) and removes its directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  freeLocalPort,
  runDirectory,
  runSandboxCommand,
  SANDBOX_CHILD_ENV,
  serverParentDir,
  sweepAbandonedRunDirectories,
} from '../sandbox-files.ts';
import {
  type ClientConfigFor,
  ensureTemplate,
  fileAccessOf,
  readFacts,
  type SandboxServer,
  type ServerHandle,
  TEMPLATE_DATABASE,
} from './sandbox-server.ts';

/** Changes when the cached data directory is made differently (initdb options). */
const DATA_DIR_FORMAT = 'w1';

/** PostgreSQL versions whose local binaries are used, in order of preference (the brief's server is 15). */
const LOCAL_VERSIONS = ['15', '16', '17'];

export interface LocalInstall {
  major: string;
  binDir: string;
  /** hypopg.control in the server's extension directory. */
  hypopgControl: string;
}

/** The local PostgreSQL binaries with HypoPG installed, if any. */
export function findLocalInstall(): LocalInstall | undefined {
  for (const major of LOCAL_VERSIONS) {
    const binDir = `/usr/lib/postgresql/${major}/bin`;
    const hypopgControl = `/usr/share/postgresql/${major}/extension/hypopg.control`;
    if (existsSync(join(binDir, 'postgres')) && existsSync(join(binDir, 'initdb')) && existsSync(hypopgControl))
      return { major, binDir, hypopgControl };
  }
  return undefined;
}

export interface LocalProcess {
  child: ChildProcess;
  dir: string;
  exited: Promise<void>;
}

/** Whether the server's postmaster still runs (its watchdog may not have noticed yet). */
export function postmasterAlive(local: LocalProcess): boolean {
  try {
    const pid = Number(readFileSync(join(local.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const asRoot = process.getuid?.() === 0;
/** The OS user the local server runs as when this process is root. */
const SERVER_OS_USER = 'postgres';

/** A command run as the server's OS user (setpriv execs, so signals and pids are the program's own). */
function asServerUser(command: string[]): string[] {
  return asRoot
    ? ['setpriv', `--reuid=${SERVER_OS_USER}`, `--regid=${SERVER_OS_USER}`, '--init-groups', '--', ...command]
    : command;
}

function serverOwner(): { uid: number; gid: number } | undefined {
  if (!asRoot) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${SERVER_OS_USER}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error(`running as root needs the OS user ${SERVER_OS_USER}`);
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * The watchdog: runs the server in the background and waits; when our end of its stdin closes (this process exited
 * or shutdownPostgresSandbox() closed it) it stops the server, then removes the directory unless told to keep it.
 */
const WATCHDOG = `
dir="$1"; keep="$2"; shift 2
exec 3<&0
"$@" </dev/null 3<&- >>"$dir/server.log" 2>&1 &
pid=$!
( cat <&3 >/dev/null; kill -INT "$pid" 2>/dev/null; sleep 5; kill -QUIT "$pid" 2>/dev/null; sleep 2; kill -KILL "$pid" 2>/dev/null ) &
stopper=$!
exec 3<&-
wait "$pid"
status=$?
kill "$stopper" 2>/dev/null
# Backends orphaned by a killed server may still write a file while the directory goes: try again.
[ "$keep" = keep ] || rm -rf "$dir" 2>/dev/null || { sleep 2; rm -rf "$dir"; }
exit $status
`;

function serverArgs(install: LocalInstall, dir: string, port: number): string[] {
  const settings = [
    'listen_addresses=127.0.0.1',
    `unix_socket_directories=${dir}`,
    'unix_socket_permissions=0700',
    'fsync=off',
    'full_page_writes=off',
    'synchronous_commit=off',
    'wal_level=minimal',
    'max_wal_senders=0',
    'autovacuum=off',
    'max_parallel_workers_per_gather=0',
    'shared_preload_libraries=',
    'jit=off',
    'max_connections=200',
    'shared_buffers=32MB',
    'lc_messages=C',
    'TimeZone=UTC',
    'logging_collector=off',
    'log_min_messages=warning',
    'password_encryption=scram-sha-256',
    // Dynamic shared memory as files in the data directory: they go with it even when the server is killed.
    'dynamic_shared_memory_type=mmap',
    'min_wal_size=16MB',
    'max_wal_size=64MB',
  ];
  return [
    join(install.binDir, 'postgres'),
    '-D',
    join(dir, 'data'),
    '-p',
    String(port),
    ...settings.flatMap((s) => ['-c', s]),
  ];
}

async function spawnServer(
  install: LocalInstall,
  dir: string,
  keep: boolean,
): Promise<{ process: LocalProcess; port: number }> {
  const port = await freeLocalPort();
  const child = spawn(
    'sh',
    [
      '-c',
      WATCHDOG,
      'sqltune-postgres',
      dir,
      keep ? 'keep' : 'remove',
      ...asServerUser(serverArgs(install, dir, port)),
    ],
    { stdio: ['pipe', 'ignore', 'ignore'], env: SANDBOX_CHILD_ENV },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.on('error', () => undefined);
  // The watchdog ties the server to this process; it must not keep the event loop alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  const local: LocalProcess = { child, dir, exited };
  let died = false;
  void exited.then(() => {
    died = true;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return { process: local, port };
    } catch (error) {
      await client.end().catch(() => undefined);
      if (died || Date.now() > deadline) {
        const log = readLog(join(dir, 'server.log'));
        await stopProcess(local);
        throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }
}

function readLog(path: string): string {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

export async function stopProcess(local: LocalProcess): Promise<void> {
  local.child.stdin?.end();
  local.child.stdin?.destroy();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000));
  await Promise.race([local.exited, timeout]);
  if (local.child.exitCode === null) local.child.kill('SIGKILL');
}

function localConfig(dir: string, port: number): ClientConfigFor {
  return (database, role) => ({
    host: dir,
    port,
    database,
    user: role?.name ?? 'postgres',
    application_name: 'sqltune-planner',
  });
}

/**
 * A private directory (0700) marked as this process's (swept after a crash, see sandbox-files.ts), owned by the
 * server's OS user when running as root.
 */
function privateDir(prefix: string, parent = tmpdir()): string {
  return runDirectory(prefix, parent, serverOwner());
}

/** The cached template data directory for this PostgreSQL and HypoPG version, built once. */
async function templateDataDir(install: LocalInstall): Promise<string> {
  const { stdout } = await runSandboxCommand(join(install.binDir, 'postgres'), ['--version'], 10_000);
  const version = /\(PostgreSQL\)\s+(\S+)/.exec(stdout)?.[1] ?? install.major;
  const hypopg = /default_version\s*=\s*'([^']+)'/.exec(readFileSync(install.hypopgControl, 'utf8'))?.[1] ?? 'x';
  const key = `${version}-hypopg${hypopg}-${TEMPLATE_DATABASE}-${DATA_DIR_FORMAT}`.replace(/[^A-Za-z0-9.+-_]/g, '_');
  const cache = join(tmpdir(), `sqltune-pg-template-${key}-${process.getuid?.() ?? 'u'}`);
  if (trustedCache(cache)) return join(cache, 'data');
  const work = privateDir('sqltune-pg-build-');
  try {
    await runSandboxCommand(
      asServerUser([join(install.binDir, 'initdb')])[0],
      [
        ...asServerUser([join(install.binDir, 'initdb')]).slice(1),
        '-D',
        join(work, 'data'),
        '-U',
        'postgres',
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        '-E',
        'UTF8',
        '--no-locale',
        '--no-sync',
        // 1 MB WAL segments: the copied data directory is 15 MB smaller.
        '--wal-segsize=1',
      ],
      120_000,
    );
    const { process: local, port } = await spawnServer(install, work, true);
    const configFor = localConfig(work, port);
    const admin = new pg.Pool({ ...configFor('postgres'), max: 2 });
    admin.on('error', () => undefined);
    try {
      await ensureTemplate(admin, configFor, true);
      // Only the owners of session databases may connect to them; nobody else anywhere.
      await admin.query('REVOKE ALL ON DATABASE postgres FROM PUBLIC');
      await admin.query('REVOKE ALL ON DATABASE template1 FROM PUBLIC');
    } finally {
      await admin.end().catch(() => undefined);
      await stopProcess(local);
    }
    rmSync(join(work, 'server.log'), { force: true });
    writeFileSync(join(work, 'READY'), key);
    try {
      renameSync(work, cache);
    } catch {
      // Another process built it first: use theirs.
      if (!trustedCache(cache)) throw new Error(`could not create the PostgreSQL template ${cache}`);
      rmSync(work, { recursive: true, force: true });
    }
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  return join(cache, 'data');
}

/** A cached template is used only if it is a real directory, private, owned by the expected user, and complete. */
function trustedCache(cache: string): boolean {
  try {
    const s = lstatSync(cache);
    const owner = serverOwner()?.uid ?? process.getuid?.();
    return (
      s.isDirectory() &&
      (s.mode & 0o077) === 0 &&
      (owner === undefined || s.uid === owner) &&
      existsSync(join(cache, 'READY')) &&
      existsSync(join(cache, 'data', 'PG_VERSION'))
    );
  } catch {
    return false;
  }
}

export async function startLocal(serverDir: string | undefined): Promise<ServerHandle & { local: LocalProcess }> {
  const install = findLocalInstall();
  if (!install)
    throw new Error(
      'PostgreSQL with HypoPG not found: install postgresql-15 and postgresql-15-hypopg, or set POSTGRES_SANDBOX_URL',
    );
  sweepAbandonedRunDirectories();
  const template = await templateDataDir(install);
  const dir = privateDir('sqltune-pg-', serverParentDir(serverDir));
  try {
    await runSandboxCommand('cp', ['-a', '--sparse=always', template, join(dir, 'data')], 60_000);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const { process: local, port } = await spawnServer(install, dir, false);
  const configFor = localConfig(dir, port);
  const admin = new pg.Pool({ ...configFor('postgres'), max: 4, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
  admin.on('error', () => undefined);
  try {
    const facts = await readFacts(admin);
    const template = await ensureTemplate(admin, configFor, true);
    const files = fileAccessOf(facts);
    const server: SandboxServer = {
      local: true,
      version: facts.version,
      hypopgVersion: template.hypopgVersion,
      hypopgSchema: template.hypopgSchema,
      sizing: files ? 'files' : 'one-page',
      sessionRoles: true,
      autovacuum: facts.autovacuum,
    };
    if (files) server.files = files;
    return { server, admin, configFor, local };
  } catch (error) {
    await admin.end().catch(() => undefined);
    await stopProcess(local);
    throw error;
  }
}
