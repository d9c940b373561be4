/**
 * What every end-to-end test in Chromium shares: the built web app served by a real runtime on a throwaway data
 * directory, Debian's Chromium launched without network side channels, the two screen sizes, accounts made the way an
 * administrator makes them, and sign-in through the login form.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type AppUnderTest, type AppUnderTestOptions, startApp } from './app.ts';
import { findBinary, serviceAvailable } from './services.ts';

export type { AppUnderTest, AppUnderTestOptions } from './app.ts';

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

/** The app under test serving the built web app (built first when it has not been). */
export async function startAppUnderTest(options: AppUnderTestOptions): Promise<AppUnderTest> {
  if (!existsSync(join(webDist, 'index.html'))) execFileSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
  mkdirSync(screenshotDir, { recursive: true });
  return startApp({ ...options, name: `e2e-${options.name}` });
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
