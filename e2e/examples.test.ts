import { join } from 'node:path';
import type { TaskDetail } from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples, tasks } from '../packages/server/src/db/schema.ts';
import { ApiClient } from '../test-support/api-client.ts';
import {
  type AppUnderTest,
  chromiumAvailable,
  devices,
  launchChromium,
  screenshotDir as shots,
  startAppUnderTest,
} from '../test-support/e2e.ts';
import { waitFor } from '../test-support/services.ts';

const EXAMPLE_PATHS = [
  '/api/v1/share/optimizes/sql/example_sql',
  '/api/v1/share/optimizes/sql/example_postgresql',
  '/api/v1/share/optimizes/mybatis/example_mybatis',
];

/**
 * The live examples in Chromium, signed out: opened from the home page, the login page's demo entries and the
 * /domeIndex gallery, at desktop and phone size, in zh and en; and the "being prepared" state (4701) with its retry.
 */
describe.runIf(chromiumAvailable())('live examples in Chromium', () => {
  let app: AppUnderTest;
  let browser: Browser;
  let base: string;

  async function guestPage(device: keyof typeof devices, language: 'zh' | 'en'): Promise<Page> {
    const context = await browser.newContext({ ...devices[device] });
    await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
    return context.newPage();
  }

  const completed = (page: Page, timeout = 60_000) =>
    page.locator('[data-testid="result-state"][data-state="completed"]').waitFor({ timeout });

  beforeAll(async () => {
    app = await startAppUnderTest({ name: 'examples', env: { SQLTUNE_EXAMPLES: 'on' } });
    base = app.base;
    browser = await launchChromium();
    // The examples are made in the background at start: wait until the pipeline has made all three.
    const guest = new ApiClient(base);
    await waitFor(async () => {
      for (const path of EXAMPLE_PATHS) {
        const answer = await guest.call<TaskDetail>('GET', path);
        if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.message}`);
      }
    }, 240_000);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const device of ['desktop', 'phone'] as const) {
    for (const language of ['zh', 'en'] as const) {
      it(`a signed-out visitor opens both examples from home and from login (${device}, ${language})`, {
        timeout: 180_000,
      }, async () => {
        const page = await guestPage(device, language);
        const sqlResult =
          device === 'phone' ? /\/mbsqlResult\?shareid=example_sql$/ : /\/sqlResult\?shareid=example_sql$/;
        const xmlResult =
          device === 'phone' ? /\/mbxmlResult\?shareid=example_mybatis$/ : /\/xmlResult\?shareid=example_mybatis$/;
        try {
          for (const [start, link, result] of [
            ['/app/', 'home-demo-sql', sqlResult],
            ['/app/', 'home-demo-xml', xmlResult],
            ['/app/login', 'demo-sql', sqlResult],
            ['/app/login', 'demo-xml', xmlResult],
          ] as const) {
            await page.goto(`${base}${start}`);
            await page.getByTestId(link).click();
            await page.waitForURL(result);
            await completed(page);
            await page.getByTestId('example-tag').waitFor();
            // Nothing on an example result asks the visitor to sign in.
            expect(await page.getByTestId('share-button').count()).toBe(0);
          }
          await page.screenshot({ path: join(shots, `example-mybatis-${device}-${language}.png`), fullPage: true });
          await page.goto(`${base}/app/sqlResult?shareid=example_sql`);
          await completed(page);
          await page.screenshot({ path: join(shots, `example-sql-${device}-${language}.png`), fullPage: true });
        } finally {
          await page.context().close();
        }
      });
    }
  }

  it('the demo entry page is a gallery of the examples, each opening its result', { timeout: 120_000 }, async () => {
    for (const [device, language] of [
      ['desktop', 'en'],
      ['phone', 'zh'],
    ] as const) {
      const page = await guestPage(device, language);
      try {
        await page.goto(`${base}/app/domeIndex`);
        for (const name of ['example_sql', 'example_postgresql', 'example_mybatis']) {
          await page.locator(`[data-testid="example-card-${name}"][data-state="Completed"]`).waitFor();
        }
        await page.screenshot({ path: join(shots, `example-gallery-${device}-${language}.png`), fullPage: true });
        await page.getByTestId('example-card-example_postgresql').getByTestId('example-open').click();
        await page.waitForURL(/sqlResult\?shareid=example_postgresql$/);
        await completed(page);
        expect(await page.getByTestId('result-state').textContent()).toMatch(/CREATE INDEX/i);
      } finally {
        await page.context().close();
      }
    }
  });

  it('shows "being prepared" with a retry while an example is made, then the result', {
    timeout: 240_000,
  }, async () => {
    const { db } = app.runtime.database;
    // The example's run is gone and nothing else can be shown: the server answers 4701 until it is made again.
    const [row] = await db.select().from(examples).where(eq(examples.name, 'example_mybatis'));
    await db.delete(tasks).where(eq(tasks.id, row!.taskId!));
    const page = await guestPage('desktop', 'en');
    try {
      await page.goto(`${base}/app/xmlResult?shareid=example_mybatis`);
      await page.locator('[data-testid="result-state"][data-state="preparing"]').waitFor({ timeout: 30_000 });
      await page.getByTestId('example-retry').waitFor();
      await page.screenshot({ path: join(shots, 'example-preparing-desktop-en.png'), fullPage: true });
      await app.runtime.examples!.refresh();
      await page.getByTestId('example-retry').click();
      // The page also asks again by itself until the pipeline has made the example.
      await completed(page, 180_000);
    } finally {
      await page.context().close();
    }
  });
});
