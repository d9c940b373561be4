/**
 * What every end-to-end test in Chromium shares: the built web app served by a real runtime on a throwaway data
 * directory, Debian's Chromium launched without network side channels, the two screen sizes, accounts made the way an
 * administrator makes them, and sign-in through the login form.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { runAdmin } from '../packages/server/src/admin.ts';
import { type Config, loadConfig } from '../packages/server/src/config.ts';
import { type Runtime, startRuntime } from '../packages/server/src/runtime.ts';
import { findBinary, freePort, serviceAvailable } from './services.ts';

export const chromiumPath = findBinary(['/usr/bin/chromium', '/usr/bin/chromium-browser']);
/** For `describe.runIf`: a loud skip when Chromium is missing, a failure under SQLTUNE_REQUIRE_SERVICES=1. */
export const chromiumAvailable = (): boolean => serviceAvailable('Chromium', chromiumPath);

/** Screenshots land here for a person to look at; CI keeps them with the test results. */
export const screenshotDir = new URL('../test-results/screenshots', import.meta.url).pathname;
const webDist = new URL('../packages/web/dist', import.meta.url).pathname;

export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
/** The two sizes every page is checked at; the phone's user agent is what makes the app pick its mobile pages. */
export const devices = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, userAgent: PHONE_USER_AGENT },
} as const;
export type Device = keyof typeof devices;

/** No background traffic, no QUIC, no GPU: the browser talks only to the app under test. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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

/** Builds the web app when it has not been built, then starts the runtime serving it. */
export async function startAppUnderTest(options: AppUnderTestOptions): Promise<AppUnderTest> {
  if (!existsSync(join(webDist, 'index.html'))) execFileSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
  mkdirSync(screenshotDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), `sqltune-e2e-${options.name}-`));
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
    const context = { db: runtime.database.db, catalogue: config.catalogue, mailer: runtime.mailer, publicUrl: base };
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

/** Debian's Chromium, headless; downloads land in `downloadsPath` when given. */
export function launchChromium(downloadsPath?: string): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, downloadsPath, args: CHROMIUM_ARGS });
}

/** Signs in through the login form and waits for the signed-in header. */
export async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/app/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

/** Collects every Content-Security-Policy violation `page` reports into `into`: the built app must cause none. */
export function watchCsp(page: Page, into: string[]): void {
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) into.push(message.text());
  });
}
