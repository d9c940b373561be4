import { readFileSync } from 'node:fs';
import type { CreatedTask, TaskPage, UserInfo } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { outboxOf } from '../../../test-support/mail.ts';

/** The API against a real embedded database (PGlite) and the in-process worker. */
describe('API on embedded PGlite', () => {
  let app: AppUnderTest;
  let dataDir: string;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startApp({ name: 'api' });
    dataDir = app.dataDir;
    api = new ApiClient(app.base, outboxOf(dataDir));
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('answers health with the app and database versions', async () => {
    const health = await api.call<{ app: { version: string }; database: { kind: string; version: string } }>(
      'GET',
      '/api/v1/health',
    );
    expect(health.code).toBe(0);
    expect(health.data.app.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.data.database).toEqual({ kind: 'pglite', version: expect.stringMatching(/^PostgreSQL 1\d/) });
  });

  it('answers unknown API paths with a JSON 404, and / redirects to the app', async () => {
    const missing = await api.call('GET', '/api/v1/does-not-exist');
    expect(missing.status).toBe(404);
    expect(missing.code).toBe(404);
    const root = await fetch(api.base, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/app/');
  });

  it('answers 401 in body and status when logged out', async () => {
    const user = await api.call('GET', '/api/v1/user');
    expect(user.status).toBe(401);
    expect(user.code).toBe(401);
  });

  it('signs up through the mailed code and activation link (every message: test/accounts.test.ts)', async () => {
    expect(await api.register('Dev@Example.com')).toMatch(/^[\w-]{40,}$/);
    api.token = undefined;
  });

  it('signs in, serves the user, and signs out', async () => {
    expect((await api.call('POST', '/api/v1/auth/login', { email: 'nobody@example.com', password: 'x' })).code).toBe(
      4103,
    );
    expect(
      (await api.call('POST', '/api/v1/auth/login', { email: 'dev@example.com', password: 'Wrong!pass1' })).code,
    ).toBe(4105);
    const login = await api.call<{ token: string }>('POST', '/api/v1/auth/login', {
      email: 'dev@example.com',
      password: 'Str0ng!pass',
    });
    expect(login.code).toBe(0);
    api.token = login.data.token;
    const user = await api.call<UserInfo>('GET', '/api/v1/user');
    expect(user.data).toMatchObject({ email: 'dev@example.com', sqlUsed: 0, vipValidity: [{ plan: 'free' }] });
    expect((await api.call<UserInfo>('PATCH', '/api/v1/user', { language: 'en' })).data.language).toBe('en');
    expect((await api.call('PATCH', '/api/v1/user', { language: 'fr' })).code).toBe(400);

    const other = new ApiClient(api.base);
    other.token = (
      await api.call<{ token: string }>('POST', '/api/v1/auth/login', {
        email: 'dev@example.com',
        password: 'Str0ng!pass',
      })
    ).data.token;
    await other.call('POST', '/api/v1/auth/logout');
    expect((await other.call('GET', '/api/v1/user')).code).toBe(401);
    expect((await api.call('GET', '/api/v1/user')).code).toBe(0);
  });

  it('rejects bad input at once with its code and position', async () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.append(k, v);
      return data;
    };
    const syntax = await api.call<{ line: number; column: number }>(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'mysql', sql: 'SELECT a\nFROM t WHERE ((' }),
    );
    expect(syntax.code).toBe(4202);
    expect(syntax.data).toMatchObject({ line: 2, column: 16 });
    const insert = await api.call(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'mysql', sql: 'INSERT INTO t VALUES (1)' }),
    );
    expect(insert.code).toBe(4205);
    const ddl = await api.call<{ line: number }>(
      'POST',
      '/api/v1/optimizes',
      form({
        dialect: 'mysql',
        sql: 'SELECT 1',
        schema: "CREATE TABLE t (a int);\nLOAD DATA INFILE '/etc/passwd' INTO TABLE t;",
      }),
    );
    expect(ddl.code).toBe(4203);
    expect(ddl.data.line).toBe(2);
    const plan = await api.call(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'mysql', sql: 'SELECT 1', plan: 'hello' }),
    );
    expect(plan.code).toBe(4204);
    const stats = await api.call<{ field: string }>(
      'POST',
      '/api/v1/optimizes',
      form({
        dialect: 'mysql',
        sql: 'SELECT 1',
        schema: 'CREATE TABLE t (a int);',
        stats: '{"tables": {"u": {"rows": 1}}}',
      }),
    );
    expect(stats.code).toBe(4203);
    expect(stats.data.field).toBe('stats');
    const empty = await api.call('POST', '/api/v1/optimizes', form({ dialect: 'mysql', sql: '  ' }));
    expect(empty.code).toBe(4206);
  });

  it('stores a task, runs it on the queue and serves its report', async () => {
    const data = new FormData();
    data.append('dialect', 'postgresql');
    data.append(
      'file',
      new Blob(['SELECT * FROM orders WHERE o_custkey IN (SELECT DISTINCT c_custkey FROM customer);']),
      'q.sql',
    );
    const created = await api.call<CreatedTask>('POST', '/api/v1/optimizes', data);
    expect(created.code).toBe(0);
    expect(created.data.state).toBe('In Progress');

    const detail = await api.finishedTask(created.data.id);
    expect(detail.state).toBe('Completed');
    expect(detail.object).toBe('q.sql');
    const statement = detail.report!.statements[0]!;
    expect(statement.rules.map((r) => r.id)).toEqual(expect.arrayContaining(['select-star', 'subquery-distinct']));
    expect(statement.scores).toHaveLength(6);

    const page = await api.call<TaskPage>('GET', '/api/v1/optimizes?page=1&pageSize=10');
    expect(page.data.items[0]).toMatchObject({
      id: created.data.id,
      state: 'Completed',
      totalRules: statement.rules.length,
    });
    expect((await api.call<UserInfo>('GET', '/api/v1/user')).data.sqlUsed).toBe(1);

    expect((await api.call('DELETE', `/api/v1/optimizes/${created.data.id}`)).code).toBe(0);
    expect((await api.call('GET', `/api/v1/optimizes/sql/${created.data.id}`)).code).toBe(404);
  });

  it('takes pasted statement statistics in place of SQL, and refuses unreadable ones with 4210 and the place', async () => {
    const captured = readFileSync(
      new URL('../../engine/src/workload/fixtures/pg-stat-statements-aligned.txt', import.meta.url),
      'utf8',
    );
    const form = (workload: string) => {
      const data = new FormData();
      data.append('dialect', 'postgresql');
      data.append(
        'schema',
        'CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL, status varchar(10) NOT NULL,\n' +
          '  created_at date NOT NULL, total numeric(10,2) NOT NULL);\n' +
          'CREATE TABLE customers (id int PRIMARY KEY, email varchar(100) NOT NULL, country char(2) NOT NULL);\n' +
          '-- sqltune:stats orders rows=5000000\n-- sqltune:stats orders.customer_id distinct=100000',
      );
      data.append('workload', workload);
      return data;
    };
    const broken = await api.call<{ field: string; line: number }>(
      'POST',
      '/api/v1/optimizes',
      form(captured.replace('|    40 |', '|    4x |')),
    );
    expect(broken.code).toBe(4210);
    expect(broken.data).toMatchObject({ field: 'workload', line: 3 });

    const created = await api.call<CreatedTask>('POST', '/api/v1/optimizes', form(captured));
    expect(created.code).toBe(0);
    const detail = await api.finishedTask(created.data.id);
    expect(detail.state).toBe('Completed');
    expect(detail.input.workload).toBe(captured);
    const workload = detail.report!.workload!;
    expect(workload.source).toMatchObject({ format: 'pg_stat_statements', weighting: 'time' });
    const k = workload.indexes.findIndex((i) => i.table === 'orders' && i.columns[0] === 'customer_id');
    expect(workload.usage![k]!.serves).toContain(1);
  });
});
