/**
 * The MariaDB server the MySQL-family planner talks to: either an external one (`MYSQL_SANDBOX_URL`,
 * mysql://user:pass@host:port, a user that may create databases, users and write the `mysql.*` statistics tables)
 * or a throwaway server started from the machine's binaries, one per process, lazily on the first open().
 *
 * The local server:
 *  - data directory: a copy of a template made once per machine, MariaDB version and OS user by
 *    `mariadb-install-db` (kept in the OS temp dir as sqltune-mariadb-template-<version>-<uid>, a 0700 directory);
 *  - `mariadbd --no-defaults` on 127.0.0.1:<free port> and a unix socket in a private 0700 directory (on /dev/shm
 *    when it is a memory file system with room, SQLTUNE_MARIADB_DIR to choose: see serverParentDir), small buffers,
 *    no binary log, no durability (the data is thrown away), `secure_file_priv` pointed at an empty directory so no
 *    statement can read or write the machine's files, InnoDB persistent statistics without automatic recalculation;
 *  - root gets a random password through `--init-file` before the first connection is accepted, and every planner
 *    session works as its own user restricted to its own databases (see backend.ts);
 *  - a watchdog shell reads the server's stdin pipe: when this process dies (even by SIGKILL) the pipe closes, the
 *    watchdog kills mariadbd and removes the temp directory.
 *
 * Start-up measured on this machine (Node 20.20, 2 cores, MariaDB 10.11.19):
 *   first start on a machine (mariadb-install-db builds the template): 1.3-1.7 s; every later start (copy the 22 MB
 *   template, start mariadbd, first connection): about 0.25-0.4 s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import {
  freeLocalPort,
  runDirectory,
  runSandboxCommand,
  SANDBOX_CHILD_ENV,
  serverParentDir,
  sweepAbandonedRunDirectories,
} from '../sandbox-files.ts';
import { plannerSettings } from '../settings.ts';

export const MARIADBD_CANDIDATES = [
  '/usr/sbin/mariadbd',
  '/usr/bin/mariadbd',
  '/usr/local/mysql/bin/mariadbd',
  '/usr/libexec/mariadbd',
];
export const INSTALL_DB_CANDIDATES = [
  '/usr/bin/mariadb-install-db',
  '/usr/local/mysql/scripts/mariadb-install-db',
  '/usr/scripts/mariadb-install-db',
];

function findBinary(candidates: string[]): string | undefined {
  return candidates.find((path) => existsSync(path));
}

/** Where a planner can connect: host/port or socket, and an administrative user. */
export interface ServerEndpoint {
  host: string;
  port: number;
  socketPath?: string;
  user: string;
  password: string;
  /** "10.11.19-MariaDB-0+deb12u1" as SELECT VERSION() says. */
  version: string;
  /** True for the throwaway server this process started. */
  local: boolean;
}

/** Whether a MariaDB server can be had: a server URL is set or the local binaries exist. */
export function mariadbAvailable(): boolean {
  return (
    Boolean(plannerSettings().mariadb.sandboxUrl) ||
    (findBinary(MARIADBD_CANDIDATES) !== undefined && findBinary(INSTALL_DB_CANDIDATES) !== undefined)
  );
}

interface LocalServer {
  endpoint: ServerEndpoint;
  child: ChildProcess;
  dir: string;
  exited: Promise<void>;
}

let starting: Promise<ServerEndpoint> | undefined;
let local: LocalServer | undefined;
let adminPool: mysql.Pool | undefined;

/** The server endpoint, starting the local server on first use. */
export function getServer(): Promise<ServerEndpoint> {
  if (!starting) {
    const settings = plannerSettings().mariadb;
    starting = (settings.sandboxUrl ? externalServer(settings.sandboxUrl) : startLocalServer(settings.serverDir)).catch(
      (error) => {
        starting = undefined;
        throw error;
      },
    );
  }
  return starting;
}

/** Connection options for `user` on the endpoint (socket when local). */
export function connectionOptions(
  endpoint: ServerEndpoint,
  user = endpoint.user,
  password = endpoint.password,
  database?: string,
): mysql.ConnectionOptions {
  const base: mysql.ConnectionOptions = endpoint.socketPath
    ? { socketPath: endpoint.socketPath }
    : { host: endpoint.host, port: endpoint.port };
  return {
    ...base,
    user,
    password,
    database,
    multipleStatements: false,
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
    decimalNumbers: false,
    connectTimeout: 10_000,
    charset: 'utf8mb4_general_ci',
  };
}

/** A small pool of administrative connections (statistics injection, CREATE DATABASE / USER). */
export async function getAdminPool(): Promise<{ pool: mysql.Pool; endpoint: ServerEndpoint }> {
  const endpoint = await getServer();
  if (!adminPool)
    adminPool = mysql.createPool({
      ...connectionOptions(endpoint),
      connectionLimit: 4,
      maxIdle: 2,
      idleTimeout: 30_000,
    });
  return { pool: adminPool, endpoint };
}

async function externalServer(url: string): Promise<ServerEndpoint> {
  const u = new URL(url);
  const endpoint: ServerEndpoint = {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password || ''),
    version: '',
    local: false,
  };
  const socket = u.searchParams.get('socket');
  if (socket) endpoint.socketPath = socket;
  const connection = await mysql.createConnection(connectionOptions(endpoint));
  try {
    const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT VERSION() AS v');
    endpoint.version = String(rows[0]?.v ?? '');
  } finally {
    await connection.end().catch(() => undefined);
  }
  return endpoint;
}

const asRoot = process.getuid?.() === 0;

/** Options shared by the bootstrap and the server: the template's InnoDB files must match. */
const INNODB_FILE_OPTIONS = ['--innodb-log-file-size=8M', '--innodb-data-file-path=ibdata1:12M:autoextend'];

/** A template data directory for this MariaDB version, built once with mariadb-install-db. */
async function templateDir(mariadbd: string): Promise<string> {
  const { stdout } = await runSandboxCommand(mariadbd, ['--version'], 10_000);
  const version = /Ver\s+(\S+)/.exec(stdout)?.[1]?.replace(/[^A-Za-z0-9.+-]/g, '_') ?? 'unknown';
  const dir = join(tmpdir(), `sqltune-mariadb-template-${version}-${process.getuid?.() ?? 'u'}`);
  if (trustedTemplate(dir)) return dir;
  const installDb = findBinary(INSTALL_DB_CANDIDATES);
  if (!installDb) throw new Error('mariadb-install-db not found');
  const work = runDirectory('sqltune-mariadb-build-');
  try {
    const data = join(work, 'data');
    await runSandboxCommand(
      installDb,
      [
        '--no-defaults',
        `--datadir=${data}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        '--skip-name-resolve',
        ...(asRoot ? ['--user=root'] : []),
        ...INNODB_FILE_OPTIONS,
        '--innodb-buffer-pool-size=32M',
        '--skip-log-bin',
      ],
      120_000,
    );
    writeFileSync(join(data, 'READY'), version);
    chmodSync(data, 0o700);
    try {
      renameSync(data, dir);
    } catch {
      // Another process built it first: use theirs.
      if (!trustedTemplate(dir)) throw new Error(`could not create the MariaDB template ${dir}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

/**
 * A template is used only when this user made it and nobody else can change it: the temp directory is shared, and
 * a planted template could hold accounts of someone else's making.
 */
function trustedTemplate(dir: string): boolean {
  try {
    const s = lstatSync(dir);
    const uid = process.getuid?.();
    return (
      s.isDirectory() &&
      (uid === undefined || s.uid === uid) &&
      (s.mode & 0o077) === 0 &&
      existsSync(join(dir, 'READY'))
    );
  } catch {
    return false;
  }
}

/**
 * The watchdog: runs mariadbd in the background and waits; when our end of its stdin closes (this process
 * exited or shutdownMariaDb() closed it) it kills mariadbd and removes the directory.
 */
const WATCHDOG = `
dir="$1"; shift
exec 3<&0
"$@" </dev/null 3<&- &
pid=$!
( cat <&3 >/dev/null; kill -9 "$pid" 2>/dev/null ) &
exec 3<&-
wait "$pid"
status=$?
rm -rf "$dir"
exit $status
`;

async function startLocalServer(serverDir: string | undefined): Promise<ServerEndpoint> {
  const mariadbd = findBinary(MARIADBD_CANDIDATES);
  if (!mariadbd) throw new Error('mariadbd not found: install mariadb-server or set MYSQL_SANDBOX_URL');
  sweepAbandonedRunDirectories();
  const template = await templateDir(mariadbd);
  const dir = runDirectory('sqltune-mariadb-', serverParentDir(serverDir));
  const data = join(dir, 'data');
  cpSync(template, data, { recursive: true });
  const files = join(dir, 'files');
  mkdirSync(files, { mode: 0o700 });
  const password = randomBytes(18).toString('base64url');
  const initFile = join(dir, 'init.sql');
  writeFileSync(
    initFile,
    `UPDATE mysql.global_priv SET priv = JSON_SET(priv, '$.plugin', 'mysql_native_password', '$.authentication_string', PASSWORD('${password}')) WHERE User = 'root';\nFLUSH PRIVILEGES;\n`,
    { mode: 0o600 },
  );
  const socketPath = join(dir, 'sock');
  const port = await freeLocalPort();
  const args = [
    '--no-defaults',
    `--datadir=${data}`,
    `--socket=${socketPath}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    ...(asRoot ? ['--user=root'] : []),
    `--pid-file=${join(dir, 'mariadbd.pid')}`,
    `--log-error=${join(dir, 'error.log')}`,
    `--init-file=${initFile}`,
    `--secure-file-priv=${files}`,
    `--tmpdir=${dir}`,
    '--skip-name-resolve',
    '--skip-log-bin',
    // The defaults, and DATA DIRECTORY / INDEX DIRECTORY ignored: no table file outside the data directory.
    '--sql-mode=STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION,NO_DIR_IN_CREATE',
    '--local-infile=0',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_general_ci',
    ...INNODB_FILE_OPTIONS,
    '--innodb-buffer-pool-size=64M',
    '--innodb-flush-log-at-trx-commit=0',
    '--innodb-doublewrite=0',
    '--innodb-stats-persistent=ON',
    '--innodb-stats-auto-recalc=OFF',
    '--use-stat-tables=PREFERABLY',
    '--optimizer-use-condition-selectivity=4',
    '--eq-range-index-dive-limit=1',
    '--max-connections=400',
    '--max-statement-time=30',
    '--performance-schema=OFF',
    '--skip-innodb-adaptive-hash-index',
    '--table-open-cache=4000',
  ];
  const child = spawn('sh', ['-c', WATCHDOG, 'sqltune-mariadb', dir, mariadbd, ...args], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: SANDBOX_CHILD_ENV,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin?.on('error', () => undefined);
  // The watchdog keeps the server tied to this process; do not keep the event loop alive for it.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  const endpoint: ServerEndpoint = {
    host: '127.0.0.1',
    port,
    socketPath,
    user: 'root',
    password,
    version: '',
    local: true,
  };
  local = { endpoint, child, dir, exited };
  // If the server dies, forget it: the next getServer() starts a new one (sessions rebuild themselves on it).
  void exited.then(() => {
    if (local?.child !== child) return;
    local = undefined;
    starting = undefined;
    const pool = adminPool;
    adminPool = undefined;
    void pool?.end().catch(() => undefined);
  });
  const deadline = Date.now() + 30_000;
  let died = false;
  void exited.then(() => {
    died = true;
  });
  for (;;) {
    try {
      const connection = await mysql.createConnection({ ...connectionOptions(endpoint), connectTimeout: 2_000 });
      try {
        const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT VERSION() AS v');
        endpoint.version = String(rows[0]?.v ?? '');
      } finally {
        await connection.end().catch(() => undefined);
      }
      break;
    } catch (error) {
      if (died || Date.now() > deadline) {
        const log = readLog(join(dir, 'error.log'));
        await stopLocal();
        throw new Error(`MariaDB did not start: ${error instanceof Error ? error.message : String(error)}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  }
  rmSync(initFile, { force: true });
  return endpoint;
}

function readLog(path: string): string {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

async function stopLocal(): Promise<void> {
  const server = local;
  local = undefined;
  if (!server) return;
  server.child.stdin?.end();
  server.child.stdin?.destroy();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000));
  await Promise.race([server.exited, timeout]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(server.dir, { recursive: true, force: true });
}

/** The running local server's data directory and process id (tests), or undefined. */
export function localServerInfo(): { dir: string; pid: number | undefined } | undefined {
  if (!local) return undefined;
  let pid: number | undefined;
  try {
    pid = Number(readFileSync(join(local.dir, 'mariadbd.pid'), 'utf8').trim()) || undefined;
  } catch {
    pid = undefined;
  }
  return { dir: local.dir, pid };
}

/**
 * After a connection failure: when the local server no longer answers, forget it (as its exit handler
 * would, which under load can run late) so the next getServer() starts a new server instead of handing
 * out the dead one's endpoint. Nothing to do for an external server or a live one.
 */
export async function settleLostServer(): Promise<void> {
  const server = local;
  if (!server) return;
  try {
    const probe = await mysql.createConnection({ ...connectionOptions(server.endpoint), connectTimeout: 2_000 });
    await probe.end();
    return;
  } catch {
    // Not answering: treat it as dead.
  }
  if (local !== server) return;
  const pid = localServerInfo()?.pid;
  if (pid !== undefined) {
    try {
      process.kill(pid, 'SIGKILL'); // an overloaded but live server must not be left behind
    } catch {
      // already gone
    }
  }
  local = undefined;
  starting = undefined;
  const pool = adminPool;
  adminPool = undefined;
  void pool?.end().catch(() => undefined);
  server.child.kill('SIGKILL');
  await Promise.race([server.exited, new Promise<void>((resolve) => setTimeout(resolve, 5_000))]);
  rmSync(server.dir, { recursive: true, force: true });
}

/** Closes the admin pool, stops the local server and removes its directory. A later open() starts a new one. */
export async function shutdownMariaDb(): Promise<void> {
  const pool = adminPool;
  adminPool = undefined;
  const wasStarting = starting;
  starting = undefined;
  if (pool) await pool.end().catch(() => undefined);
  if (wasStarting) await wasStarting.catch(() => undefined);
  await stopLocal();
}
