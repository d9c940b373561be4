import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Browser, BrowserContext } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import {
  type AppUnderTest,
  chromiumAvailable,
  devices,
  launchChromium,
  screenshotDir as shots,
  startAppUnderTest,
} from '../test-support/e2e.ts';
import { outboxOf } from '../test-support/mail.ts';

/** The QR code in the bottom of a share image (its footer), decoded. */
function decodeFooterQr(file: string): string | null {
  const png = PNG.sync.read(readFileSync(file));
  const rows = Math.min(png.height, 2400);
  const footer = new PNG({ width: png.width, height: rows });
  PNG.bitblt(png, footer, 0, png.height - rows, png.width, rows, 0, 0);
  return jsQR(new Uint8ClampedArray(footer.data), footer.width, footer.height)?.data ?? null;
}

/** Sharing a result in Chromium: the owner shares, a signed-out browser reads it, the owner revokes it. */
describe.runIf(chromiumAvailable())('sharing a result in Chromium', () => {
  let app: AppUnderTest;
  let browser: Browser;
  let base: string;
  let token: string;
  let taskPath = '';

  async function contextFor(device: keyof typeof devices, language: 'zh' | 'en', signedIn: boolean) {
    const context = await browser.newContext({ ...devices[device], acceptDownloads: true });
    if (signedIn) await context.addCookies([{ name: 'Admin-Token', value: token, url: base }]);
    await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
    return context;
  }

  beforeAll(async () => {
    app = await startAppUnderTest({ name: 'share' });
    base = app.base;
    token = await new ApiClient(base, outboxOf(app.dataDir)).register('share-e2e@example.com');
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('the owner optimizes a statement and sees the share button on its result', { timeout: 120_000 }, async () => {
    const context = await contextFor('desktop', 'zh', true);
    const page = await context.newPage();
    await page.goto(`${base}/app/sqlConfig`);
    await page.getByTestId('fill-example').click();
    await page.getByTestId('optimize-submit').click();
    await page.waitForURL(/sqlResult\?id=/);
    await page.locator('[data-testid="result-state"][data-state="completed"]').waitFor({ timeout: 90_000 });
    await page.getByTestId('share-button').waitFor();
    taskPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await context.close();
  });

  for (const device of ['desktop', 'phone'] as const) {
    for (const language of ['zh', 'en'] as const) {
      it(`shares, shows it signed out, exports the image and revokes (${device}, ${language})`, {
        timeout: 180_000,
      }, async () => {
        expect(taskPath).toMatch(/sqlResult\?id=/);
        const owner = await contextFor(device, language, true);
        const guest: BrowserContext = await contextFor(device, language, false);
        try {
          const page = await owner.newPage();
          await page.goto(`${base}/app${taskPath.replace(/^\/app/, '')}`);
          await page.waitForURL(device === 'phone' ? /\/mbsqlResult\?id=/ : /\/sqlResult\?id=/);
          await page.locator('[data-testid="result-state"][data-state="completed"]').waitFor({ timeout: 60_000 });
          await page.getByTestId('share-button').click();
          const linkBox = page.getByTestId('share-link');
          await linkBox.waitFor();
          const link = await linkBox.inputValue();
          expect(link).toMatch(new RegExp(`^${base}/app/sqlResult\\?shareid=[A-Za-z0-9_-]{32}$`));
          expect(await page.getByRole('dialog').innerText()).toMatch(language === 'zh' ? /分享/ : /Share/);
          // The dialog zooms in; the screenshot waits until it has settled.
          await page.waitForFunction(
            () => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-leave'),
          );
          await page.screenshot({ path: join(shots, `share-dialog-${language}-${device}.png`) });

          // The image: 分享.png, whose QR code holds the link.
          const [download] = await Promise.all([
            page.waitForEvent('download', { timeout: 120_000 }),
            page.getByTestId('share-image').click(),
          ]);
          expect(download.suggestedFilename()).toBe('分享.png');
          const imageFile = join(shots, `share-image-${language}-${device}.png`);
          await download.saveAs(imageFile);
          const png = PNG.sync.read(readFileSync(imageFile));
          const cssWidth = devices[device].viewport.width;
          // Drawn at the export scale (5) unless the result is too long for a canvas: far above screen pixels.
          expect(png.width).toBeGreaterThan(cssWidth);
          expect(decodeFooterQr(imageFile)).toBe(link);

          // Signed out, another browser: the result read-only, nothing of the owner's controls.
          const visitor = await guest.newPage();
          await visitor.goto(link);
          if (device === 'phone') await visitor.waitForURL(/\/mbsqlResult\?shareid=/);
          await visitor
            .locator('[data-testid="result-state"]:not([data-state="loading"])')
            .waitFor({ timeout: 60_000 });
          const visitorState = visitor.getByTestId('result-state');
          expect(`${await visitorState.getAttribute('data-state')}: ${await visitorState.innerText()}`).toMatch(
            /^completed: /,
          );
          await visitor.getByTestId('shared-tag').waitFor();
          expect(await visitor.getByTestId('share-button').count()).toBe(0);
          expect(await visitor.locator('body').innerText()).not.toContain('share-e2e@example.com');
          expect(await visitor.getByTestId('user-menu').count()).toBe(0);
          await visitor.screenshot({ path: join(shots, `shared-result-${language}-${device}.png`), fullPage: true });

          // The owner revokes; the link now shows a clear not-found state. The request is watched from the click
          // on: a confirm click that lands while the popconfirm still opens (CI, loaded) sends nothing and is pressed
          // again, and a failed request is named by its status (its message has gone by the time a wait times out).
          const isRevoke = (r: { method(): string; url(): string }) =>
            r.method() === 'DELETE' && r.url().includes('/v1/share/optimizes/');
          let sent = false;
          page.on('request', (r) => {
            if (isRevoke(r)) sent = true;
          });
          const revoked = page.waitForResponse((r) => isRevoke(r.request()), { timeout: 90_000 });
          await page.getByTestId('share-revoke').click();
          const confirm = page.getByTestId('share-revoke-confirm');
          await expect
            .poll(
              async () => {
                if (!sent && (await confirm.isVisible()))
                  await confirm.click({ timeout: 5_000 }).catch(() => undefined);
                return sent;
              },
              { timeout: 60_000, interval: 2_000 },
            )
            .toBe(true);
          expect((await revoked).status(), 'the revoke request').toBeLessThan(300);
          await page
            .getByTestId('share-link')
            .waitFor({ state: 'hidden', timeout: 60_000 })
            .catch(async (error: unknown) => {
              // Name what the page said (a failed revoke shows its error as a message) instead of a bare timeout.
              const notices = await page
                .locator('.ant-message')
                .innerText({ timeout: 1_000 })
                .catch(() => '');
              throw new Error(`the share dialog stayed open after revoking; messages: ${notices || 'none'}; ${error}`);
            });
          await visitor.reload();
          await visitor.locator('[data-testid="result-state"][data-state="not-found"]').waitFor({ timeout: 30_000 });
          expect(await visitor.getByTestId('result-state').innerText()).toMatch(
            language === 'zh' ? /分享不存在/ : /Share not found/,
          );
          await visitor.screenshot({ path: join(shots, `share-revoked-${language}-${device}.png`) });
        } finally {
          await owner.close();
          await guest.close();
        }
      });
    }
  }
});
