import { join } from 'node:path';
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
  watchCsp,
} from '../test-support/e2e.ts';

const EMAIL = 'e2e-editor@example.com';
const PASSWORD = 'Str0ng!pass';
/** The statement drawn into the image OCR reads: large, dark on white, as a screenshot of an editor would be. */
const PICTURED_SQL = 'SELECT name FROM users WHERE id = 42';

/** A PNG of `text` drawn by Chromium itself (a page rendered and captured), the image a user would upload. */
async function pictureOf(browser: Browser, text: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 900, height: 120 } });
  try {
    await page.setContent(
      `<body style="margin:0;background:#fff"><pre id="sql" style="margin:0;padding:24px;font:32px 'DejaVu Sans Mono',monospace;color:#111">${text}</pre></body>`,
    );
    return await page.locator('#sql').screenshot({ type: 'png' });
  } finally {
    await page.close();
  }
}

async function useLanguage(page: Page, base: string, language: 'zh' | 'en'): Promise<void> {
  await page.goto(`${base}/app/`);
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
}

/** The editor's text: CodeMirror's lines (all of them are drawn for the short texts of these tests). */
const editorText = (page: Page, testId: string) => page.getByTestId(testId).innerText();

/** The code editor of the submission forms (issue 15, item 6) in Debian Chromium: zh and en, desktop and phone. */
describe.runIf(chromiumAvailable())('code editor and uploads in Chromium', () => {
  let app: AppUnderTest;
  let browser: Browser;
  let page: Page;
  let base: string;
  let picture: Buffer;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    app = await startAppUnderTest({ name: 'editor', worker: false });
    base = app.base;
    await app.addAccount(EMAIL, PASSWORD);
    browser = await launchChromium();
    picture = await pictureOf(browser, PICTURED_SQL);
    page = await browser.newPage({ ...devices.desktop });
    watchCsp(page, cspViolations);
    await signIn(page, base, EMAIL, PASSWORD);
    await useLanguage(page, base, 'en');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('numbers the lines, highlights SQL and marks the line and column of a 4202', async () => {
    await page.goto(`${base}/app/sqlConfig`);
    const editor = page.getByTestId('sql-input');
    await editor.fill('SELECT id, total\nFROM orders\nWHERE id = = 42');
    await expect
      .poll(() => page.locator('.cm-lineNumbers .cm-gutterElement').allInnerTexts())
      .toEqual(expect.arrayContaining(['1', '2', '3']));
    // Highlighting: the keyword is drawn in a colour of its own, not the text's.
    const colours = await editor.evaluate((content) => {
      const spans = Array.from(content.querySelectorAll('.cm-line span'));
      const keyword = spans.find((span) => span.textContent === 'SELECT');
      return {
        keyword: keyword ? getComputedStyle(keyword).color : null,
        text: getComputedStyle(content).color,
      };
    });
    expect(colours.keyword).not.toBeNull();
    expect(colours.keyword).not.toBe(colours.text);

    await page.getByTestId('optimize-submit').click();
    const marked = page.getByTestId('editor-error-line');
    await marked.waitFor();
    // The server's position, as its message gives it, is the line the editor marks.
    const explain = page.locator('.ant-form-item-explain-error').first();
    await expect.poll(() => explain.innerText()).toMatch(/line \d+, column \d+/);
    const reported = Number(/line (\d+), column/.exec(await explain.innerText())![1]);
    expect(await marked.getAttribute('data-line')).toBe(String(reported));
    expect(reported).toBe(3);
    expect(await marked.innerText()).toContain('WHERE id = = 42');
    expect(await page.locator('.cm-lint-marker-error').count()).toBe(1);
    expect(await page.locator('.cm-lintRange-error').count()).toBe(1);
    await page.screenshot({ path: join(shots, 'editor-error-en-desktop.png'), fullPage: true });

    // Editing the field takes the marker away.
    await editor.press('End');
    await editor.pressSequentially(' ');
    await expect.poll(() => marked.count()).toBe(0);
  });

  it('fills the editor from an uploaded file and refuses more files than allowed', async () => {
    await page.goto(`${base}/app/sqlConfig`);
    const input = page.locator('input[type="file"][accept^=".sql"]');
    await input.setInputFiles({
      name: 'report.sql',
      mimeType: 'application/sql',
      buffer: Buffer.from('-- monthly report\nSELECT o_custkey, SUM(o_totalprice)\nFROM orders\nGROUP BY o_custkey\n'),
    });
    await expect.poll(() => editorText(page, 'sql-input')).toContain('GROUP BY o_custkey');
    expect(await page.locator('.file-chip').innerText()).toBe('report.sql');

    const image = (n: number) => ({ name: `shot-${n}.png`, mimeType: 'image/png', buffer: picture });
    await input.setInputFiles([1, 2, 3, 4].map(image));
    await expect.poll(() => page.getByTestId('sql-upload-error').innerText()).toMatch(/At most 3 images.*4211/);
    // Nothing was read or changed.
    expect(await editorText(page, 'sql-input')).toContain('GROUP BY o_custkey');
  });

  it('reads an image of a statement into the editor by OCR', async () => {
    await page.goto(`${base}/app/sqlConfig`);
    await page
      .locator('input[type="file"][accept^=".sql"]')
      .setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: picture });
    await page.getByTestId('ocr-done').waitFor({ timeout: 60_000 });
    const text = await editorText(page, 'sql-input');
    expect(text.replace(/\s+/g, ' ')).toMatch(/SELECT name FROM users WHERE id = 42/i);
    await page.screenshot({ path: join(shots, 'editor-ocr-en-desktop.png'), fullPage: true });
    expect(cspViolations).toEqual([]);
  });

  it('works on a phone in Chinese: the mapper editor, and OCR with the Chinese data loaded', async () => {
    const phone = await browser.newPage({ ...devices.phone });
    watchCsp(phone, cspViolations);
    await phone.context().addCookies(await page.context().cookies());
    await useLanguage(phone, base, 'zh');
    await phone.goto(`${base}/app/xmlConfig`);
    await phone.getByTestId('fill-example').click();
    await expect.poll(() => editorText(phone, 'xml-input')).toContain('<mapper');
    expect(await phone.locator('[data-language="xml"] .cm-lineNumbers').count()).toBe(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: join(shots, 'editor-xml-zh-phone.png') });

    await phone.goto(`${base}/app/sqlConfig`);
    await phone
      .locator('input[type="file"][accept^=".sql"]')
      .setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: picture });
    await phone.getByTestId('ocr-done').waitFor({ timeout: 90_000 });
    expect(await phone.getByTestId('ocr-done').innerText()).toMatch(/[\u4e00-\u9fff]/);
    const text = await editorText(phone, 'sql-input');
    expect(text.replace(/\s+/g, ' ')).toMatch(/SELECT name FROM users WHERE id = 42/i);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: join(shots, 'editor-ocr-zh-phone.png'), fullPage: true });
    await phone.close();
    expect(cspViolations).toEqual([]);
  });
});
