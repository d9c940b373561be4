import {
  type CreatedTask,
  ErrorCode,
  FEEDBACK_DETAIL_MAX_CHARS,
  type Feedback,
  type FeedbackIssueTypes,
  type SiteConfig,
} from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, ownerOtherAndGuest } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { loadConfig } from '../src/config.ts';
import { feedback } from '../src/db/schema.ts';

const OWNER = 'feedback-owner@example.com';
const OTHER = 'feedback-other@example.com';

/** Feedback on a result (GET/POST /api/v1/feedback/...) on the real app: embedded PGlite, no worker needed. */
describe('feedback on a result', () => {
  let app: AppUnderTest;
  let owner: ApiClient;
  let other: ApiClient;
  let guest: ApiClient;
  let taskId: string;
  let path: string;

  beforeAll(async () => {
    app = await startApp({ name: 'feedback', worker: false, env: { SQLTUNE_LANGUAGE_REFRESH: 'true' } });
    ({ owner, other, guest } = await ownerOtherAndGuest(app, { owner: OWNER, other: OTHER }));
    // Queued, never run (no worker): feedback does not wait for the result.
    taskId = (await owner.must<CreatedTask>('POST', '/api/v1/optimizes', { dialect: 'mysql', sql: 'SELECT a FROM t' }))
      .id;
    path = `/api/v1/feedback/optimizes/${taskId}`;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('serves the issue types with labels in both languages, without sign-in', async () => {
    const { items } = await guest.must<FeedbackIssueTypes>('GET', '/api/v1/feedback/issue_types');
    expect(items.length).toBeGreaterThan(3);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) {
      expect(item.label.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(item.label.en).toMatch(/^[A-Z]/);
    }
    expect(items.map((item) => item.id)).toContain('other');
  });

  it('has no feedback at first, then keeps one per user and task that sending again edits', async () => {
    expect(await owner.must('GET', path)).toBeNull();
    const sent = await owner.must<Feedback>('POST', path, {
      rating: 'dislike',
      issueType: 'index_advice',
      detail: ' x ',
    });
    expect(sent).toMatchObject({ taskId, rating: 'dislike', issueType: 'index_advice', detail: 'x' });
    expect(await owner.must('GET', path)).toEqual(sent);

    const edited = await owner.must<Feedback>('POST', path, { rating: 'like', issueType: 'helpful' });
    expect(edited).toMatchObject({ taskId, rating: 'like', issueType: 'helpful', detail: '' });
    expect(edited.createdAt).toBe(sent.createdAt);
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(sent.updatedAt));
    expect(await owner.must('GET', path)).toEqual(edited);
    const rows = await app.runtime.database.db.select().from(feedback).where(eq(feedback.taskId, taskId));
    expect(rows).toHaveLength(1);
  });

  it('requires an issue type (4801) and a rating (4802), and refuses an unknown type (4803)', async () => {
    owner.language = 'zh';
    const noType = await owner.call('POST', path, { rating: 'like', detail: 'no type' });
    expect(noType).toMatchObject({ status: 400, code: ErrorCode.FEEDBACK_TYPE_REQUIRED, message: '请选择问题类型' });
    owner.language = 'en';
    const blank = await owner.call('POST', path, { rating: 'like', issueType: '  ' });
    expect(blank).toMatchObject({ code: 4801, message: 'please select an issue type', data: { field: 'issueType' } });
    expect(await owner.call('POST', path, { issueType: 'other' })).toMatchObject({ code: 4802 });
    expect(await owner.call('POST', path, { rating: 'meh', issueType: 'other' })).toMatchObject({ code: 4802 });
    expect(await owner.call('POST', path, { rating: 'like', issueType: 'nope' })).toMatchObject({ code: 4803 });
    expect(await owner.call('POST', path)).toMatchObject({ code: 4801 });
    // Refusals changed nothing.
    expect(await owner.must<Feedback>('GET', path)).toMatchObject({ rating: 'like', issueType: 'helpful' });
  });

  it(`holds the detail to ${FEEDBACK_DETAIL_MAX_CHARS} characters: 4804 beyond, never cut`, async () => {
    const longest = '字'.repeat(FEEDBACK_DETAIL_MAX_CHARS);
    const fits = await owner.must<Feedback>('POST', path, { rating: 'dislike', issueType: 'other', detail: longest });
    expect(fits.detail).toBe(longest);
    const over = await owner.call('POST', path, { rating: 'dislike', issueType: 'other', detail: `${longest}!` });
    expect(over).toMatchObject({ status: 413, code: ErrorCode.FEEDBACK_DETAIL_TOO_LONG, data: { field: 'detail' } });
    expect(over.message).toContain(String(FEEDBACK_DETAIL_MAX_CHARS));
    expect(await owner.call('POST', path, { rating: 'like', issueType: 'other', detail: 42 })).toMatchObject({
      code: 400,
    });
    expect((await owner.must<Feedback>('GET', path)).detail).toBe(longest);
  });

  it("answers 404 for another account's task, an unknown id and a malformed one; 401 signed out", async () => {
    for (const client of [other]) {
      expect(await client.call('GET', path)).toMatchObject({ status: 404, code: 404 });
      expect(await client.call('POST', path, { rating: 'like', issueType: 'other' })).toMatchObject({ status: 404 });
    }
    const unknown = '/api/v1/feedback/optimizes/00000000-0000-4000-8000-000000000000';
    expect(await owner.call('GET', unknown)).toMatchObject({ status: 404 });
    expect(
      await owner.call('POST', '/api/v1/feedback/optimizes/not-a-task', { rating: 'like', issueType: 'other' }),
    ).toMatchObject({ status: 404 });
    expect(await guest.call('GET', path)).toMatchObject({ code: 401 });
    expect(await guest.call('POST', path, { rating: 'like', issueType: 'other' })).toMatchObject({ code: 401 });
    // The other account's attempts left the owner's feedback as it was.
    expect(await owner.must<Feedback>('GET', path)).toMatchObject({ rating: 'dislike', issueType: 'other' });
  });

  it('lists the latest feedback for the admin (npm run admin -- feedback list)', async () => {
    const otherTask = (
      await other.must<CreatedTask>('POST', '/api/v1/optimizes', { dialect: 'postgresql', sql: 'SELECT b FROM u' })
    ).id;
    await other.must('POST', `/api/v1/feedback/optimizes/${otherTask}`, {
      rating: 'like',
      issueType: 'rewrite',
      detail: 'line one\nline\ttwo',
    });
    const lines = await app.admin(['feedback', 'list']);
    expect(lines).toHaveLength(2);
    // Newest first, one line each (the detail's line break and tab escaped).
    expect(lines[0]).toContain(OTHER);
    expect(lines[0]).toContain(`sql ${otherTask}\tlike\trewrite\t"line one\\nline\\ttwo"`);
    expect(lines[1]).toContain(OWNER);
    expect(lines[1]).toContain(`${taskId}\tdislike\tother`);
    expect(await app.admin(['feedback', 'list', '1'])).toEqual([lines[0]]);
    await expect(app.admin(['feedback', 'list', '0'])).rejects.toThrow(/COUNT/);
  });

  it('deletes the feedback with its task', async () => {
    await owner.must('DELETE', `/api/v1/optimizes/${taskId}`);
    expect(await owner.call('GET', path)).toMatchObject({ status: 404 });
  });

  it('documents the feedback routes at /api/docs, and its page points no one at a repository path', async () => {
    const document = (await (await fetch(`${owner.base}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/api/v1/feedback/optimizes/{id}'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(document.paths['/api/v1/feedback/issue_types']).toHaveProperty('get');
    const page = await (await fetch(`${owner.base}/api/docs`)).text();
    expect(page).toContain('4801');
    expect(page).not.toMatch(/(?<!api\/)\b(docs|packages|test-support|scripts)\/[\w-]|README|\.md\b/);
  });

  it('serves the language refresh flag in the site configuration', async () => {
    const site = await guest.must<SiteConfig>('GET', '/api/v1/site_config');
    expect(site.languageRefresh).toBe(true);
    expect(loadConfig({}).languageRefresh).toBe(false);
  });
});
