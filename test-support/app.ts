/**
 * The app under test for API and browser tests: a real runtime (the API and, by default, the task worker) on embedded
 * PGlite (or `DATABASE_URL` given in `env`), a free port of 127.0.0.1 and a throwaway data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdmin } from '../packages/server/src/admin.ts';
import { type Config, loadConfig } from '../packages/server/src/config.ts';
import { type Runtime, startRuntime } from '../packages/server/src/runtime.ts';
import { freePort } from './services.ts';

/** The app under test: a real runtime (API and, by default, the worker) on a throwaway data directory. */
export interface AppUnderTest {
  /** `http://127.0.0.1:<port>`, the public URL mails and share links use. */
  readonly base: string;
  readonly dataDir: string;
  readonly config: Config;
  readonly runtime: Runtime;
  /** An activated account, made as `npm run admin -- user add` makes it (sign-up by mail is app.test.ts's subject). */
  addAccount(email: string, password: string): Promise<void>;
  /** Runs one admin command against this app's database and mailer; returns the lines it printed. */
  admin(args: string[]): Promise<string[]>;
  /** Stops the runtime and removes its data directory. */
  stop(): Promise<void>;
}

export interface AppUnderTestOptions {
  /** Names the data directory, so a leftover one says which test left it. */
  readonly name: string;
  /** Settings beyond the port, host, data directory, log level and public URL. */
  readonly env?: Record<string, string>;
  /** Whether this process also runs the task worker (default true). */
  readonly worker?: boolean;
}

/** Starts the runtime on a free port of 127.0.0.1 and a throwaway data directory. */
export async function startApp(options: AppUnderTestOptions): Promise<AppUnderTest> {
  const dataDir = mkdtempSync(join(tmpdir(), `sqltune-${options.name}-`));
  const base = `http://127.0.0.1:${await freePort()}`;
  const config = loadConfig({
    PORT: new URL(base).port,
    HOST: '127.0.0.1',
    SQLTUNE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SQLTUNE_PUBLIC_URL: base,
    // The live examples cost three optimizations per start: only a test that opens them turns them on.
    SQLTUNE_EXAMPLES: 'off',
    ...options.env,
  });
  let runtime: Runtime;
  try {
    runtime = await startRuntime(config, { api: true, worker: options.worker ?? true });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const admin = async (args: string[]) => {
    const lines: string[] = [];
    const context = {
      db: runtime.database.db,
      catalogue: config.catalogue,
      mailer: runtime.mailer,
      publicUrl: config.publicUrl,
    };
    await runAdmin(args, context, (line) => lines.push(line));
    return lines;
  };
  return {
    base,
    dataDir,
    config,
    runtime,
    admin,
    addAccount: async (email, password) => void (await admin(['user', 'add', email, password])),
    stop: async () => {
      await runtime.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
