import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMapperFile, sourceFile } from '@sqltune/engine';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../packages/server/src/admin.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { type Runtime, startRuntime } from '../packages/server/src/runtime.ts';
import { findBinary, freePort, serviceAvailable } from '../test-support/services.ts';

const chromiumPath = findBinary(['/usr/bin/chromium', '/usr/bin/chromium-browser']);
const webDist = new URL('../packages/web/dist', import.meta.url).pathname;
const shots = new URL('../test-results/screenshots', import.meta.url).pathname;
const mapperPath = fileURLToPath(new URL('../test-support/fixtures/OrderMapper.xml', import.meta.url));
const schemaPath = fileURLToPath(new URL('../test-support/fixtures/orders-schema.sql', import.meta.url));
const desktop = { width: 1440, height: 900 };
const EMAIL = 'e2e-mapper@example.com';
const PASSWORD = 'Str0ng!pass';
const phone = { width: 390, height: 844 };

/** A mapper end to end in Debian Chromium: upload on /xmlConfig, read the result, download the patched XML. */
describe.runIf(serviceAvailable('Chromium', chromiumPath))('mapper end to end in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let base: string;
  let dataDir: string;
  let downloadDir: string;
  let resultPath = '';

  beforeAll(async () => {
    if (!existsSync(join(webDist, 'index.html'))) execFileSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
    mkdirSync(shots, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'sqltune-e2e-mapper-'));
    downloadDir = mkdtempSync(join(tmpdir(), 'sqltune-e2e-download-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLTUNE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SQLTUNE_PUBLIC_URL: base,
    });
    runtime = await startRuntime(config, { api: true, worker: true });
    // An activated account (sign-up by mail is app.test.ts's subject).
    await runAdmin(
      ['user', 'add', EMAIL, PASSWORD],
      { db: runtime.database.db, catalogue: config.catalogue, mailer: runtime.mailer, publicUrl: base },
      () => {},
    );
    browser = await chromium.launch({
      executablePath: chromiumPath,
      downloadsPath: downloadDir,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage({ viewport: desktop, locale: 'zh-CN', acceptDownloads: true });
    await page.goto(`${base}/app/login`);
    await page.getByTestId('login-email').fill(EMAIL);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(downloadDir, { recursive: true, force: true });
  });

  it('uploads a mapper, opens a statement and downloads the patched XML', async () => {
    await page.goto(`${base}/app/xmlConfig`);
    await expect.poll(() => page.title()).toBe('xmlConfig');
    await page.getByTestId('dialect-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'PostgreSQL' }).click();
    await page.locator('input[type="file"][accept=".xml"]').setInputFiles(mapperPath);
    await expect.poll(() => page.getByTestId('xml-input').inputValue()).toContain('shop.OrderMapper');
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
    const mobile = await browser.newPage({
      viewport: phone,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    });
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
