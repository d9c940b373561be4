import { readFileSync } from 'node:fs';
import type { CreatedTask, TaskDetail } from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, ownerOtherAndGuest } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { users } from '../src/db/schema.ts';
import type { Runtime } from '../src/runtime.ts';

const fixtures = new URL('../../../test-support/fixtures/', import.meta.url);
const mapper = readFileSync(new URL('OrderMapper.xml', fixtures), 'utf8');

const OWNER = 'share-owner@example.com';
const OTHER = 'share-other@example.com';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

/** Read-only share links (POST/GET/DELETE /api/v1/share/optimizes) on the real app: embedded PGlite and its worker. */
describe('sharing a result', () => {
  let app: AppUnderTest;
  let runtime: Runtime;
  let owner: ApiClient;
  let other: ApiClient;
  let guest: ApiClient;
  let sqlTask: TaskDetail;
  let ownerOnlyTaskId: string;

  beforeAll(async () => {
    app = await startApp({ name: 'share' });
    ({ runtime } = app);
    ({ owner, other, guest } = await ownerOtherAndGuest(app, { owner: OWNER, other: OTHER }));
    const created = await owner.must<CreatedTask>(
      'POST',
      '/api/v1/optimizes',
      form({
        dialect: 'postgresql',
        sql: 'SELECT * FROM orders WHERE o_custkey IN (SELECT DISTINCT c_custkey FROM customer)',
      }),
    );
    sqlTask = await owner.finishedTask(created.id);
    // A second task of the owner that is never shared: a share must not lead to it.
    ownerOnlyTaskId = (
      await owner.must<CreatedTask>(
        'POST',
        '/api/v1/optimizes',
        form({ dialect: 'mysql', sql: 'SELECT secret_col FROM t' }),
      )
    ).id;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('gives the owner an unguessable id, the same one again until revoked', async () => {
    expect(sqlTask.state).toBe('Completed');
    const share = await owner.must<{ shareId: string; type: string }>('POST', '/api/v1/share/optimizes', {
      id: sqlTask.id,
    });
    expect(share.type).toBe('sql');
    // 32 base64url characters: 192 random bits.
    expect(share.shareId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(share.shareId).not.toContain(sqlTask.id);
    const again = await owner.must<{ shareId: string }>('POST', '/api/v1/share/optimizes', { id: sqlTask.id });
    expect(again.shareId).toBe(share.shareId);
    // Another task gets its own id: ids are random, not derived from the task or a counter.
    const second = await owner.must<{ shareId: string }>('POST', '/api/v1/share/optimizes', { id: ownerOnlyTaskId });
    expect(second.shareId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.shareId).not.toBe(share.shareId);
    await owner.must('DELETE', `/api/v1/share/optimizes/${second.shareId}`);
  });

  it('serves the result signed out, read-only, with nothing else of the owner', async () => {
    const { shareId } = await owner.must<{ shareId: string }>('POST', '/api/v1/share/optimizes', { id: sqlTask.id });
    const response = await fetch(`${guest.base}/api/v1/share/optimizes/sql/${shareId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const shared = (JSON.parse(text) as { code: number; data: TaskDetail }).data;
    expect(shared.report).toEqual(sqlTask.report);
    expect(shared.input).toEqual(sqlTask.input);
    expect(shared).toMatchObject({ id: sqlTask.id, type: 'sql', state: 'Completed', etaMinutes: null });
    // Nothing of the owner: no email (in any case), no user id, no other task.
    const [ownerRow] = await runtime.database.db.select({ id: users.id }).from(users).where(eq(users.email, OWNER));
    expect(ownerRow?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(text.toLowerCase()).not.toContain(OWNER);
    expect(text).not.toContain('share-owner');
    expect(text).not.toContain(ownerRow!.id);
    expect(text).not.toContain(ownerOnlyTaskId);
    expect(text).not.toContain('secret_col');
    expect(Object.keys(shared).sort()).toEqual(Object.keys(sqlTask).sort());
    // The mapper route does not answer for a SQL task's share, and the owner-only routes stay closed.
    expect((await guest.call('GET', `/api/v1/share/optimizes/mybatis/${shareId}`)).status).toBe(404);
    expect((await guest.call('GET', `/api/v1/optimizes/sql/${sqlTask.id}`)).status).toBe(401);
  });

  it('does not let another user share, or revoke a share of, my task', async () => {
    const denied = await other.call('POST', '/api/v1/share/optimizes', { id: sqlTask.id });
    expect(denied.status).toBe(404);
    expect(denied.code).toBe(404);
    expect((await guest.call('POST', '/api/v1/share/optimizes', { id: sqlTask.id })).status).toBe(401);
    expect((await other.call('POST', '/api/v1/share/optimizes', { id: 'not-a-task' })).status).toBe(404);
    expect((await other.call('POST', '/api/v1/share/optimizes', {})).status).toBe(400);
    const { shareId } = await owner.must<{ shareId: string }>('POST', '/api/v1/share/optimizes', { id: sqlTask.id });
    expect((await other.call('DELETE', `/api/v1/share/optimizes/${shareId}`)).status).toBe(404);
    expect((await guest.call('DELETE', `/api/v1/share/optimizes/${shareId}`)).status).toBe(401);
    expect((await guest.call('GET', `/api/v1/share/optimizes/sql/${shareId}`)).code).toBe(0);
  });

  it('answers 404 for a revoked share, and a new share is a new id', async () => {
    const { shareId } = await owner.must<{ shareId: string }>('POST', '/api/v1/share/optimizes', { id: sqlTask.id });
    expect((await owner.call('DELETE', `/api/v1/share/optimizes/${shareId}`)).code).toBe(0);
    for (const language of ['zh', 'en'] as const) {
      guest.language = language;
      const gone = await guest.call('GET', `/api/v1/share/optimizes/sql/${shareId}`);
      expect(gone.status).toBe(404);
      expect(gone.code).toBe(404);
      expect(gone.message).toMatch(language === 'zh' ? /分享/ : /share/);
    }
    expect((await owner.call('DELETE', `/api/v1/share/optimizes/${shareId}`)).status).toBe(404);
    const renewed = await owner.must<{ shareId: string }>('POST', '/api/v1/share/optimizes', { id: sqlTask.id });
    expect(renewed.shareId).not.toBe(shareId);
    expect((await guest.call('GET', `/api/v1/share/optimizes/sql/${renewed.shareId}`)).code).toBe(0);
  });

  it('answers 404 for ids it never made, of any shape', async () => {
    for (const id of ['A'.repeat(32), 'example_sql', sqlTask.id, "x' OR '1'='1"]) {
      expect((await guest.call('GET', `/api/v1/share/optimizes/sql/${encodeURIComponent(id)}`)).status).toBe(404);
    }
  });

  it('shares a mapper result on the mybatis route, and deleting the task ends its share', async () => {
    const created = await owner.must<CreatedTask>(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'postgresql', orm: 'mybatis', sql: mapper }),
    );
    const task = await owner.finishedTask(created.id, 60_000, 'mybatis');
    const share = await owner.must<{ shareId: string; type: string }>('POST', '/api/v1/share/optimizes', {
      id: task.id,
    });
    expect(share.type).toBe('mybatis');
    const shared = await guest.call<TaskDetail>('GET', `/api/v1/share/optimizes/mybatis/${share.shareId}`);
    expect(shared.code).toBe(0);
    expect(shared.data.report).toEqual(task.report);
    expect((await guest.call('GET', `/api/v1/share/optimizes/sql/${share.shareId}`)).status).toBe(404);
    await owner.must('DELETE', `/api/v1/optimizes/${task.id}`);
    expect((await guest.call('GET', `/api/v1/share/optimizes/mybatis/${share.shareId}`)).status).toBe(404);
  });
});
