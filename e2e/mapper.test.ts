import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMapperFile, sourceFile } from '@sqltune/engine';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppUnderTest,
  chromiumAvailable,
  devices,
  launchChromium,
  screenshotDir as shots,
  signIn,
  startAppUnderTest,
} from '../test-support/e2e.ts';

const mapperPath = fileURLToPath(new URL('../test-support/fixtures/OrderMapper.xml', import.meta.url));
const schemaPath = fileURLToPath(new URL('../test-support/fixtures/orders-schema.sql', import.meta.url));
const EMAIL = 'e2e-mapper@example.com';
const PASSWORD = 'Str0ng!pass';
const phone = devices.phone.viewport;

/** A mapper end to end in Debian Chromium: upload on /xmlConfig, read the result, download the patched XML. */
describe.runIf(chromiumAvailable())('mapper end to end in Chromium', () => {
  let app: AppUnderTest;
  let browser: Browser;
  let page: Page;
  let base: string;
  let downloadDir: string;
  let resultPath = '';

  beforeAll(async () => {
    app = await startAppUnderTest({ name: 'mapper' });
    base = app.base;
    await app.addAccount(EMAIL, PASSWORD);
    downloadDir = mkdtempSync(join(tmpdir(), 'sqltune-e2e-download-'));
    browser = await launchChromium(downloadDir);
    page = await browser.newPage({ ...devices.desktop, locale: 'zh-CN', acceptDownloads: true });
    await signIn(page, base, EMAIL, PASSWORD);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
  });

  it('uploads a mapper, opens a statement and downloads the patched XML', async () => {
    await page.goto(`${base}/app/xmlConfig`);
    await expect.poll(() => page.title()).toBe('xmlConfig');
    await page.getByTestId('dialect-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'PostgreSQL' }).click();
    await page.locator('input[type="file"][accept^=".xml"]').setInputFiles(mapperPath);
    await expect.poll(() => page.getByTestId('xml-input').innerText()).toContain('shop.OrderMapper');
    await page.getByTestId('schema-input').fill(readFileSync(schemaPath, 'utf8'));
    await page.screenshot({ path: join(shots, 'xmlconfig-zh-desktop.png'), fullPage: true });
    await page.getByTestId('optimize-submit').click();

    await page.waitForURL(/\/app\/xmlResult\?id=/);
    await expect.poll(() => page.title()).toBe('xmlResult');
    await page.locator('[data-testid="result-state"][data-state="completed"]').waitFor({ timeout: 180_000 });
    resultPath = new URL(page.url()).pathname + new URL(page.url()).search;
    const list = page.getByTestId('mapper-statements');
    expect(await list.innerText()).toMatch(/thisYear[\s\S]*search[\s\S]*purge/);
    // The ${sort} statement is critical: its count shows in the list.
    expect(await page.getByTestId('mapper-statement-search').innerText()).toMatch(/严重\s*1/);

    await page.getByTestId('mapper-statement-search').click();
    await expect
      .poll(() => page.getByTestId('mapper-statement-detail').innerText())
      .toContain('shop.OrderMapper.search');
    await page.getByTestId('mapper-statement-thisYear').click();
    const findings = page.getByTestId('mapper-findings');
    await findings.getByTestId('rule-year-to-range').waitFor();
    // Its place in the XML: the WHERE of line 6.
    expect(await findings.getByTestId('rule-year-to-range').innerText()).toMatch(/第 6 行/);
    await expect.poll(() => page.getByTestId('mapper-rewrites').innerText()).toMatch(/已写回 XML/);
    // The first variant's own SQL report, with its radar, reused from the SQL result.
    await page.getByTestId('mapper-variant-1').getByTestId('result-radar').waitFor();
    await expect.poll(() => page.getByTestId('mapper-indexes').innerText()).toMatch(/\S/);
    await expect
      .poll(() => page.getByTestId('mapper-patched').getByTestId('result-diff').innerText())
      .toMatch(/EXTRACT\(YEAR FROM created_at\)/);
    await page.screenshot({ path: join(shots, 'xmlresult-zh-desktop.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-patched').click()]);
    expect(download.suggestedFilename()).toBe('OrderMapper.xml');
    const saved = join(downloadDir, 'OrderMapper.xml');
    await download.saveAs(saved);
    const patched = readFileSync(saved, 'utf8');
    expect(patched).toContain("created_at >= '2024-01-01' AND created_at &lt; '2025-01-01'");
    expect(patched).not.toContain('EXTRACT(YEAR FROM created_at)');
    // Well-formed, and still the same mapper: the engine's reader (no DTD, positions) reads it back.
    const again = readMapperFile(sourceFile('OrderMapper.xml', patched), 'mybatis');
    expect(again.statements.map((s) => s.id)).toEqual(['thisYear', 'search', 'purge']);

    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('mapper-rewrites').innerText()).toMatch(/written back into the XML/);
    expect(await findings.getByTestId('rule-year-to-range').innerText()).toMatch(/line 6, column/);
    await page.screenshot({ path: join(shots, 'xmlresult-en-desktop.png'), fullPage: true });

    await page.goto(`${base}/app/task`);
    await expect.poll(() => page.getByTestId('task-table').innerText()).toMatch(/MyBatis XML[\s\S]*OrderMapper\.xml/);
  });

  it('fits a phone screen in both languages', async () => {
    expect(resultPath).toMatch(/xmlResult\?id=/);
    const mobile = await browser.newPage(devices.phone);
    await mobile.context().addCookies(await page.context().cookies());
    const overflow = () => mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const language of ['zh', 'en']) {
      await mobile.goto(`${base}/app/`);
      await mobile.evaluate((lang) => localStorage.setItem('language', lang), language);
      await mobile.goto(`${base}/app/xmlConfig`);
      await mobile.getByTestId('xml-input').waitFor();
      await mobile.getByTestId('fill-example').click();
      await expect.poll(() => mobile.getByTestId('copy-xml').isEnabled()).toBe(true);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await mobile.screenshot({ path: join(shots, `xmlconfig-${language}-phone.png`), fullPage: true });

      // A phone opening a desktop result link lands on the mobile result page, query kept.
      await mobile.goto(`${base}${resultPath}`);
      await mobile.waitForURL(/\/app\/mbxmlResult\?id=/);
      await mobile.locator('[data-testid="result-state"][data-state="completed"]').waitFor();
      // One variant (ORDER BY ${sort} has no condition), counted in the language's own plural form.
      expect(await mobile.getByTestId('mapper-statement-search').innerText()).toMatch(
        language === 'en' ? /\b1 variant\b(?!s)/ : /1 个变体/,
      );
      await mobile.getByTestId('mapper-statement-thisYear').click();
      await mobile.getByTestId('mapper-findings').getByTestId('rule-year-to-range').waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      const download = await mobile.getByTestId('download-patched').boundingBox();
      expect(download).not.toBeNull();
      expect(download!.x + download!.width).toBeLessThanOrEqual(phone.width);
      // The patched mapper's title and its download button both on screen.
      const title = mobile.getByTestId('mapper-patched').locator('.ant-card-head-title');
      expect(await title.innerText()).toMatch(/OrderMapper\.xml/);
      expect((await title.boundingBox())!.width).toBeGreaterThan(phone.width / 2);
      await mobile.screenshot({ path: join(shots, `xmlresult-${language}-phone.png`), fullPage: true });
    }
    await mobile.close();
  });
});
