/**
 * The sandbox servers' processes and files on this machine (docs/security.md):
 *  - child processes (initdb, postgres, mariadbd, the watchdog shells) start with SANDBOX_CHILD_ENV, never with
 *    this process's environment, which holds the app's secrets (DATABASE_URL, LLM_API_KEY, SMTP_URL ...);
 *  - every directory a sandbox server runs in is made by runDirectory(), which marks it with its owner (this
 *    process's pid and start time). A server's watchdog removes its directory when this process ends, but a
 *    SIGKILL of the whole process group takes the watchdog too: sweepAbandonedRunDirectories() removes, at the
 *    next start, every marked directory whose owner is gone.
 */
import { execFile } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { plannerSettings } from './settings.ts';

/** The whole environment of a sandbox child process. */
export const SANDBOX_CHILD_ENV: Readonly<Record<string, string>> = Object.freeze({
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  LANG: 'C',
  LC_ALL: 'C',
  TZ: 'UTC',
});

/** Runs a sandbox tool (initdb, mariadb-install-db, cp...) with SANDBOX_CHILD_ENV; its stderr goes into the error. */
export function runSandboxCommand(
  file: string,
  args: string[],
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const options = { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, env: SANDBOX_CHILD_ENV };
    execFile(file, args, options, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} failed: ${error.message}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** A TCP port of 127.0.0.1 free right now, for a sandbox server to listen on. */
export function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** Directory name prefixes of sandbox runs and template builds (cached templates are named `...-template-...`). */
export const RUN_DIRECTORY_PREFIXES = ['sqltune-pg-', 'sqltune-mariadb-'] as const;

const OWNER_FILE = '.sqltune-owner';

interface Owner {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), when known. */
  start: string | null;
}

/** A process's start time, which tells a live owner from a later process that got the same pid. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) is in parentheses and may hold blanks: count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = startTimeOf(owner.pid);
  return owner.start === null || start === null || start === owner.start;
}

/**
 * A new private (0700) directory `<parent>/<prefix>XXXXXX` marked as this process's, owned by `chownTo` when given
 * (the server's OS user when this process is root).
 */
export function runDirectory(prefix: string, parent = tmpdir(), chownTo?: { uid: number; gid: number }): string {
  const dir = mkdtempSync(join(parent, prefix));
  const owner: Owner = { pid: process.pid, start: startTimeOf(process.pid) };
  writeFileSync(join(dir, OWNER_FILE), JSON.stringify(owner), { mode: 0o644 });
  if (chownTo) chownSync(dir, chownTo.uid, chownTo.gid);
  return dir;
}

function ownerOf(dir: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(join(dir, OWNER_FILE), 'utf8')) as Owner;
    return Number.isInteger(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes the marked run directories under `parents` whose owner process is gone; returns what it removed.
 * Unmarked directories (cached templates, someone else's) are never touched.
 */
export function sweepAbandonedRunDirectories(parents: readonly string[] = defaultParents()): string[] {
  const removed: string[] = [];
  for (const parent of new Set(parents)) {
    let names: string[];
    try {
      names = readdirSync(parent);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!RUN_DIRECTORY_PREFIXES.some((p) => name.startsWith(p)) || name.includes('-template-')) continue;
      const dir = join(parent, name);
      const owner = ownerOf(dir);
      if (!owner || alive(owner)) continue;
      rmSync(dir, { recursive: true, force: true });
      if (!existsSync(dir)) removed.push(dir);
    }
  }
  return removed;
}

/** Where run directories are made: the OS temp dir, /dev/shm, and the servers' directories the settings name. */
function defaultParents(): string[] {
  const parents = [tmpdir(), '/dev/shm'];
  const { postgres, mariadb } = plannerSettings();
  for (const chosen of [postgres.serverDir, mariadb.serverDir]) if (chosen) parents.push(chosen);
  return parents;
}

/**
 * Where a throwaway local server's directory goes: `chosen` (the server's environment setting) when given, else
 * /dev/shm when it is a memory file system with 2 GB free, else the OS temp dir. Nothing there needs to outlive
 * the process, and on a busy disk the servers' file writes and syncs (CREATE/ALTER TABLE above all) dominate:
 * PostgreSQL starts and verifies about twice as fast, and the MariaDB what-if indexes of a 200-statement mapper
 * took 13 s instead of 53 s (bench:mybatis, load 15 on 2 cores).
 */
export function serverParentDir(chosen: string | undefined): string {
  if (chosen) return chosen;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize >= 2 * 1024 ** 3) return '/dev/shm';
  } catch {
    // No /dev/shm.
  }
  return tmpdir();
}
