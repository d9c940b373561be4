import { join } from 'node:path';
import type { CreatedTask } from '@sqltune/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, TEST_PASSWORD } from '../test-support/api-client.ts';
import {
  type AppUnderTest,
  chromiumAvailable,
  type Device,
  devices,
  launchChromium,
  screenshotDir as shots,
  startAppUnderTest,
  watchCsp,
} from '../test-support/e2e.ts';
import { type OpenAiTestServer, startOpenAiServer, TEST_MODEL } from '../test-support/openai-server.ts';

const EMAIL = 'chat-e2e@example.com';
const SQL = 'SELECT o_orderkey FROM orders WHERE EXTRACT(YEAR FROM o_orderdate) = 1995 AND o_custkey = 42';
/** A large table with statistics, so the report advises an index the assistant can explain. */
const SCHEMA = [
  'CREATE TABLE orders (o_orderkey INT PRIMARY KEY, o_custkey INT NOT NULL, o_orderdate DATE NOT NULL, o_comment VARCHAR(79));',
  '-- sqltune:stats orders rows=1500000',
  '-- sqltune:stats orders.o_custkey distinct=100000',
].join('\n');

/** One app, one account and one completed task: every case of the file reuses them. */
interface Setup {
  app: AppUnderTest;
  token: string;
  taskId: string;
  api: ApiClient;
}

async function setUp(name: string, env?: Record<string, string>): Promise<Setup> {
  const app = await startAppUnderTest({ name, env });
  await app.addAccount(EMAIL, TEST_PASSWORD);
  const api = new ApiClient(app.base);
  api.token = (
    await api.must<{ token: string }>('POST', '/api/v1/auth/login', { email: EMAIL, password: TEST_PASSWORD })
  ).token;
  const created = await api.must<CreatedTask>('POST', '/api/v1/optimizes', {
    dialect: 'postgresql',
    sql: SQL,
    schema: SCHEMA,
  });
  const task = await api.finishedTask(created.id, 120_000);
  expect(task.state).toBe('Completed');
  return { app, token: api.token, taskId: created.id, api };
}

/** The chat under a result in Chromium: answers streamed from the local OpenAI server, and by the built-in assistant. */
describe.runIf(chromiumAvailable())('chat about a result in Chromium', () => {
  let openai: OpenAiTestServer;
  let withModel: Setup;
  let builtIn: Setup;
  let browser: Browser;
  const csp: string[] = [];

  beforeAll(async () => {
    openai = await startOpenAiServer(() => 'unused');
    // Both apps and their one optimization each start together.
    [withModel, builtIn] = await Promise.all([
      setUp('chat-llm', { LLM_BASE_URL: openai.baseUrl, LLM_MODEL: TEST_MODEL, LLM_TIMEOUT_MS: '20000' }),
      setUp('chat-builtin'),
    ]);
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await withModel?.app.stop();
    await builtIn?.app.stop();
    await openai?.close();
  });

  async function resultPage(setup: Setup, device: Device, language: 'zh' | 'en'): Promise<Page> {
    const context = await browser.newContext({ ...devices[device] });
    await context.addCookies([{ name: 'Admin-Token', value: setup.token, url: setup.app.base }]);
    await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    watchCsp(page, csp);
    await page.goto(`${setup.app.base}/app/sqlResult?id=${setup.taskId}`);
    await page.locator('[data-testid="result-state"][data-state="completed"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('chat-panel').waitFor();
    return page;
  }

  const cases = [
    { device: 'desktop', language: 'zh' },
    { device: 'phone', language: 'en' },
  ] as const;

  for (const { device, language } of cases) {
    it(`streams an answer from the model, typed and sent with Enter (${device}, ${language})`, async () => {
      const words =
        language === 'zh'
          ? ['这次', '改写', '把', 'EXTRACT', '改成了', '日期', '范围', '，', '可以', '走索引。']
          : [
              'The ',
              'rewrite ',
              'turns ',
              'EXTRACT ',
              'into ',
              'a ',
              'date ',
              'range, ',
              'which ',
              'can ',
              'use ',
              'an ',
              'index.',
            ];
      const full = words.join('');
      openai.setScript(() => ({ content: full, chunks: words, chunkDelayMs: 250 }));
      const page = await resultPage(withModel, device, language);
      try {
        const input = page.getByTestId('chat-input');
        // Shift+Enter adds a line; Enter sends.
        await input.fill(language === 'zh' ? '改写做了什么？' : 'What did the rewrite do?');
        await input.press('Shift+Enter');
        await input.pressSequentially(language === 'zh' ? '安全吗' : 'Is it safe');
        expect(await input.inputValue()).toContain('\n');
        await input.press('Enter');
        // The answer shows while it is written, before it is complete.
        const streaming = page.getByTestId('chat-streaming');
        await streaming.getByText(words[0]!.trim(), { exact: false }).waitFor();
        await page.getByTestId('chat-assistant').filter({ hasText: full }).waitFor({ timeout: 30_000 });
        expect(await page.getByTestId('chat-streaming').count()).toBe(0);
        expect(await page.getByTestId('chat-assistant').last().innerText()).toMatch(
          language === 'zh' ? /AI 模型/ : /AI model/,
        );
        expect(await input.inputValue()).toBe('');
        const sent = openai.chatRequests().at(-1)!;
        expect(sent.messages.at(-1)!.content).toContain('\n');
        await page.screenshot({ path: join(shots, `chat-llm-${language}-${device}.png`), fullPage: true });
      } finally {
        await page.context().close();
      }
    });
  }

  const builtInCases = [
    { device: 'desktop', language: 'en' },
    { device: 'phone', language: 'zh' },
  ] as const;

  for (const { device, language } of builtInCases) {
    it(`answers a suggested question with the built-in assistant (${device}, ${language})`, async () => {
      const page = await resultPage(builtIn, device, language);
      try {
        const empty = await page.getByTestId('chat-empty').count();
        if (empty > 0) {
          await page.getByTestId('chat-suggest-index').click();
        } else {
          await page.getByTestId('chat-input').fill(language === 'zh' ? '为什么推荐这个索引？' : 'Why this index?');
          await page.getByTestId('chat-send').click();
        }
        const answer = page.getByTestId('chat-assistant').last();
        await answer.filter({ hasText: 'CREATE INDEX' }).waitFor({ timeout: 30_000 });
        const text = await answer.innerText();
        expect(text).toMatch(
          language === 'zh' ? /内置助手[\s\S]*建索引的代价/ : /Built-in assistant[\s\S]*Building it/,
        );
        await page.screenshot({ path: join(shots, `chat-builtin-${language}-${device}.png`), fullPage: true });

        // A question outside the report is said to be so.
        await page
          .getByTestId('chat-input')
          .fill(language === 'zh' ? '明天天气怎么样？' : 'What is the weather tomorrow?');
        await page.getByTestId('chat-input').press('Enter');
        await page
          .getByTestId('chat-assistant')
          .filter({ hasText: language === 'zh' ? '超出了我能回答的范围' : 'outside what I know' })
          .last()
          .waitFor({ timeout: 30_000 });
      } finally {
        await page.context().close();
      }
    });
  }

  it('shows the chat read-only on a shared result', async () => {
    const { shareId } = await builtIn.api.must<{ shareId: string }>('POST', '/api/v1/share/optimizes', {
      id: builtIn.taskId,
    });
    const context = await browser.newContext({ ...devices.desktop });
    const page = await context.newPage();
    try {
      await page.goto(`${builtIn.app.base}/app/sqlResult?shareid=${shareId}`);
      await page.getByTestId('chat-panel').waitFor({ timeout: 60_000 });
      await page.getByTestId('chat-assistant').first().waitFor();
      expect(await page.getByTestId('chat-input').count()).toBe(0);
      expect(await page.getByTestId('chat-user').count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(shots, 'chat-shared-zh-desktop.png'), fullPage: true });
    } finally {
      await context.close();
    }
    expect(csp).toEqual([]);
  });
});
