/**
 * The app as `npm start` runs it: `packages/server/src/main.ts` in a process of its own (node --import tsx), on a free
 * port of 127.0.0.1 and a given data directory, waited for until `/api/v1/health` answers. For the tests and benches
 * that need the real process (signals, process groups, threads loading their TypeScript); the others use `startApp`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, waitFor } from './services.ts';

const repoRoot = new URL('../', import.meta.url).pathname;

export interface AppProcessOptions {
  readonly dataDir: string;
  /** Settings beyond the port, host, data directory, log level and live examples (off). */
  readonly env?: Record<string, string>;
  /** A process group of its own, so a test can signal the app with its sandbox servers. */
  readonly detached?: boolean;
  /** Where the app's stdout goes (stderr always reaches the test's output). */
  readonly stdout?: 'ignore' | 'inherit';
}

export interface AppProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
}

export async function spawnApp(options: AppProcessOptions): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    detached: options.detached ?? false,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLTUNE_DATA_DIR: options.dataDir,
      SQLTUNE_EXAMPLES: 'off',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exitedEarly = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the app exited with ${code} before it answered`))),
  );
  exitedEarly.catch(() => {}); // only a rejection while waiting below is an error
  await Promise.race([
    exitedEarly,
    waitFor(async () => {
      const response = await fetch(`${base}/api/v1/health`);
      if (!response.ok) throw new Error('not up yet');
    }, 120_000),
  ]);
  return { child, base };
}
