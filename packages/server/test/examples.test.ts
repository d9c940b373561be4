import { createRequire } from 'node:module';
import type { TaskDetail, TaskPage, UserInfo } from '@sqltune/contracts';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { outboxOf } from '../../../test-support/mail.ts';
import { waitFor } from '../../../test-support/services.ts';
import { examples, tasks } from '../src/db/schema.ts';
import { EXAMPLES } from '../src/examples/service.ts';
import type { Runtime } from '../src/runtime.ts';
import { sharedDetail } from '../src/shares/service.ts';

const engineVersion: string = createRequire(import.meta.url)('../package.json').version;

const paths = {
  example_sql: '/api/v1/share/optimizes/sql/example_sql',
  example_postgresql: '/api/v1/share/optimizes/sql/example_postgresql',
  example_mybatis: '/api/v1/share/optimizes/mybatis/example_mybatis',
} as const;

/** Generous: the examples queue behind each other on one slot, on a machine shared with other test files. */
const READY_MS = 150_000;

/**
 * The live examples on the real app (embedded PGlite, its worker, the real pipeline): made at start from the inputs in
 * packages/server/src/examples/inputs, served without sign-in as shares, 4701 while being made, made again when the
 * engine version differs; their tasks belong to nobody.
 */
describe('live examples', () => {
  let app: AppUnderTest;
  let runtime: Runtime;
  let guest: ApiClient;
  let user: ApiClient;

  /** Polls a signed-out GET of the example until it answers a completed result (optionally another run than `not`). */
  async function ready(name: keyof typeof paths, not?: string): Promise<TaskDetail> {
    let detail!: TaskDetail;
    await waitFor(async () => {
      const answer = await guest.call<TaskDetail>('GET', paths[name]);
      if (answer.code !== 0) throw new Error(`${name}: ${answer.code} ${answer.message}`);
      if (answer.data.id === not) throw new Error(`${name}: still the earlier run`);
      detail = answer.data;
    }, READY_MS);
    return detail;
  }

  beforeAll(async () => {
    app = await startApp({ name: 'examples', env: { SQLTUNE_EXAMPLES: 'on' } });
    runtime = app.runtime;
    guest = new ApiClient(app.base);
    user = new ApiClient(app.base, outboxOf(app.dataDir));
    await user.register('examples-user@example.com');
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('makes each example with the pipeline at start and serves it signed out', async () => {
    const sqlExample = await ready('example_sql');
    expect(sqlExample.state).toBe('Completed');
    expect(sqlExample.dialect).toBe('mysql');
    expect(sqlExample.report?.engine.version).toBe(engineVersion);
    const [statement] = sqlExample.report?.statements ?? [];
    // The inputs were chosen so the report shows both halves of the product: an index and a rewrite.
    expect(statement?.indexes.length).toBeGreaterThan(0);
    expect(statement?.optimized).not.toBe(statement?.original);
    expect(sqlExample.totalIndexes).toBeGreaterThan(0);
    expect(sqlExample.performanceGain).toBeGreaterThan(0);
    expect(sqlExample.input.schema).toContain('CREATE TABLE orders');

    const pgExample = await ready('example_postgresql');
    expect(pgExample.dialect).toBe('postgresql');
    expect(pgExample.report?.statements[0]?.indexes.length).toBeGreaterThan(0);
    expect(pgExample.report?.statements[0]?.optimized).not.toBe(pgExample.report?.statements[0]?.original);

    const mapperExample = await ready('example_mybatis');
    expect(mapperExample.type).toBe('mybatis');
    expect(mapperExample.report?.mapper).toBeTruthy();
    expect(mapperExample.input.sql).toContain('<mapper namespace="shop.OrderMapper">');

    // The rows record the engine version each was made with.
    const rows = await runtime.database.db.select().from(examples);
    expect(rows.map((row) => row.name).sort()).toEqual(EXAMPLES.map((example) => example.name).sort());
    for (const row of rows) expect(row.engineVersion).toBe(engineVersion);

    // Each route answers only for its own type, and an unknown example name is an ordinary missing share.
    expect((await guest.call('GET', '/api/v1/share/optimizes/mybatis/example_sql')).code).toBe(404);
    expect((await guest.call('GET', '/api/v1/share/optimizes/sql/example_mybatis')).code).toBe(404);
    expect((await guest.call('GET', '/api/v1/share/optimizes/sql/example_nope')).code).toBe(404);
    // SQLTUNE_EXAMPLES=off: the names are no shares at all.
    await expect(sharedDetail(runtime.database.db, 'example_sql', 'sql', false)).rejects.toMatchObject({ code: 404 });
  });

  it('belongs to nobody: in no task list, no quota used', async () => {
    const ownerless = await runtime.database.db.select({ id: tasks.id }).from(tasks).where(isNull(tasks.userId));
    expect(ownerless.length).toBeGreaterThanOrEqual(EXAMPLES.length);
    const page = await user.must<TaskPage>('GET', '/api/v1/optimizes?page=1&pageSize=50');
    expect(page.total).toBe(0);
    const info = await user.must<UserInfo>('GET', '/api/v1/user');
    expect(info.sqlUsed).toBe(0);
    expect(info.xmlUsed).toBe(0);
    // Nor can a user read one as their own task.
    const id = ownerless[0]!.id;
    expect((await user.call('GET', `/api/v1/optimizes/sql/${id}`)).code).toBe(404);
    expect((await user.call('GET', `/api/v1/optimizes/mybatis/${id}`)).code).toBe(404);
  });

  it('makes a failed example again when a visitor opens it, not at the next start', async () => {
    const before = await ready('example_mybatis');
    await runtime.database.db.update(tasks).set({ state: 'Failed' }).where(eq(tasks.id, before.id));
    // The failed run is what there is to show (the page says why); the visit asks for a new run.
    const failed = await guest.call<TaskDetail>('GET', paths.example_mybatis);
    expect(failed.code).toBe(0);
    expect(failed.data).toMatchObject({ id: before.id, state: 'Failed' });
    const after = await ready('example_mybatis', before.id);
    expect(after.state).toBe('Completed');
    expect(after.report?.mapper).toBeTruthy();
  });

  it('answers 4701 while an example is being made, and makes it again when the engine version differs', async () => {
    const { db } = runtime.database;
    const examplesRow = async (name: string) => (await db.select().from(examples).where(eq(examples.name, name)))[0]!;
    const sqlBefore = await ready('example_sql');

    // An example whose run is gone (and none to show meanwhile) is being prepared: 4701, HTTP 503, in both languages.
    const pgBefore = await ready('example_postgresql');
    await db.delete(tasks).where(eq(tasks.id, pgBefore.id));
    const preparing = await fetch(`${guest.base}${paths.example_postgresql}`, { headers: { 'accept-language': 'zh' } });
    expect(preparing.status).toBe(503);
    expect(preparing.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await preparing.json()) as { code: number; message: string };
    expect(body.code).toBe(4701);
    expect(body.message).toContain('示例');
    guest.language = 'en';
    expect((await guest.call('GET', paths.example_postgresql)).message).toMatch(/being prepared/);

    // An example made by another engine version is made again; its earlier result is shown until then.
    await db.update(examples).set({ engineVersion: '0.0.0-earlier' }).where(eq(examples.name, 'example_sql'));
    await runtime.examples!.refresh();
    const remade = await examplesRow('example_sql');
    expect(remade.engineVersion).toBe(engineVersion);
    expect(remade.taskId).not.toBe(sqlBefore.id);
    expect(remade.previousTaskId).toBe(sqlBefore.id);
    const meanwhile = await guest.call<TaskDetail>('GET', paths.example_sql);
    expect(meanwhile.code).toBe(0);
    expect([sqlBefore.id, remade.taskId]).toContain(meanwhile.data.id);

    const sqlAfter = await ready('example_sql', sqlBefore.id);
    expect(sqlAfter.id).toBe(remade.taskId);
    expect(sqlAfter.state).toBe('Completed');
    const pgAfter = await ready('example_postgresql');
    expect(pgAfter.state).toBe('Completed');
    expect(pgAfter.id).not.toBe(pgBefore.id);
    // The replaced run is dropped once its successor completed.
    await waitFor(async () => {
      const left = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, sqlBefore.id));
      if (left.length > 0) throw new Error('the replaced run is still there');
    }, 30_000);
    expect((await examplesRow('example_sql')).previousTaskId).toBeNull();
  });
});
