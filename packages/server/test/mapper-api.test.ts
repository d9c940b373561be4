import { readFileSync } from 'node:fs';
import type { CreatedTask, TaskDetail, TaskPage, UserInfo } from '@sqltune/contracts';
import { readMapperFile, sourceFile } from '@sqltune/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { outboxOf } from '../../../test-support/mail.ts';
import { DEFAULT_CATALOGUE } from '../src/accounts/catalogue.ts';
import type { Runtime } from '../src/runtime.ts';
import { MAX_MAPPER_STATEMENTS } from '../src/tasks/limits.ts';

const FREE_PLAN = DEFAULT_CATALOGUE.find((product) => product.plan === 'free')!;
const fixtures = new URL('../../../test-support/fixtures/', import.meta.url);
const mapper = readFileSync(new URL('OrderMapper.xml', fixtures), 'utf8');
const schema = readFileSync(new URL('orders-schema.sql', fixtures), 'utf8');

function form(fields: Record<string, string>, file?: { name: string; text: string }): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append('file', new Blob([file.text]), file.name);
  return data;
}

/** Mapper submissions (POST /api/v1/optimizes with `orm`) on the real app: embedded PGlite and the in-process worker. */
describe('mapper tasks on embedded PGlite', () => {
  let app: AppUnderTest;
  let runtime: Runtime;
  let dataDir: string;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startApp({ name: 'mapper-api' });
    ({ runtime, dataDir } = app);
    api = new ApiClient(app.base, outboxOf(dataDir));
    await api.register('mapper-api@example.com');
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('refuses malformed XML at submission with 4202 at its line and column, in both languages', async () => {
    const broken = '<mapper namespace="a">\n  <select id="x">SELECT 1</selec>\n</mapper>';
    const answer = await api.call<{ line: number; column: number; message: { zh: string; en: string } }>(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'postgresql', orm: 'mybatis', sql: broken }),
    );
    expect(answer.code).toBe(4202);
    expect(answer.data).toMatchObject({ line: 2 });
    expect(answer.data.column).toBeGreaterThan(1);
    expect(answer.data.message.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(answer.data.message.zh).toContain('2');
    expect(answer.data.message.en).toMatch(/line|:2:/i);
    // The ORM chosen must be the file's: an iBatis sqlMap is not a MyBatis mapper.
    const wrongRoot = await api.call(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'postgresql', orm: 'mybatis' }, { name: 'Legacy.xml', text: '<sqlMap namespace="a"/>' }),
    );
    expect(wrongRoot.code).toBe(4202);
    const noStatement = await api.call(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'postgresql', orm: 'mybatis', sql: '<mapper namespace="a"></mapper>' }),
    );
    expect(noStatement.code).toBe(4206);
    const sqlFile = await api.call<{ field: string }>(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'postgresql', orm: 'mybatis' }, { name: 'q.sql', text: 'SELECT 1' }),
    );
    expect(sqlFile.code).toBe(4202);
    expect(sqlFile.data.field).toBe('file');
    const badOrm = await api.call('POST', '/api/v1/optimizes', form({ dialect: 'postgresql', orm: 'hibernate' }));
    expect(badOrm.code).toBe(400);
  });

  it(`refuses more than ${MAX_MAPPER_STATEMENTS} statements with 4208 at the first one over`, async () => {
    const statements = Array.from(
      { length: MAX_MAPPER_STATEMENTS + 1 },
      (_, i) => `  <select id="s${i}">SELECT ${i}</select>`,
    );
    const text = ['<mapper namespace="big">', ...statements, '</mapper>'].join('\n');
    const answer = await api.call<{ line: number; field: string }>(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'postgresql', orm: 'mybatis' }, { name: 'Big.xml', text }),
    );
    expect(answer.code).toBe(4208);
    expect(answer.data).toMatchObject({ field: 'file', line: MAX_MAPPER_STATEMENTS + 2 });
    const atTheLimit = ['<mapper namespace="big">', ...statements.slice(0, -1), '</mapper>'].join('\n');
    expect(readMapperFile(sourceFile('Big.xml', atTheLimit)).statements).toHaveLength(MAX_MAPPER_STATEMENTS);
  });

  it('runs an uploaded mapper in the worker and serves its detail under /mybatis/ only', async () => {
    const created = await api.call<CreatedTask>(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'postgresql', orm: 'mybatis', schema }, { name: 'OrderMapper.xml', text: mapper }),
    );
    expect(created.code).toBe(0);
    const detail = await api.finishedTask(created.data.id, 180_000, 'mybatis');
    expect(detail).toMatchObject({ type: 'mybatis', state: 'Completed', object: 'OrderMapper.xml' });
    const report = detail.report!;
    expect(report.kind).toBe('mybatis');
    expect(report.mapper!.statements.map((s) => s.key)).toEqual([
      'shop.OrderMapper.thisYear',
      'shop.OrderMapper.search',
      'shop.OrderMapper.purge',
    ]);
    for (const statement of report.statements) expect(statement.scores.length).toBeGreaterThan(0);
    const [file] = report.mapper!.files;
    expect(file!.patched).toContain("created_at >= '2024-01-01'");
    expect(file!.diff).toMatch(/^-\s+WHERE EXTRACT\(YEAR FROM created_at\) = 2024$/m);
    expect(detail.totalRules).toBe(report.mapper!.statements.reduce((sum, s) => sum + s.findings.length, 0));

    const page = await api.call<TaskPage>('GET', '/api/v1/optimizes?page=1&pageSize=10');
    expect(page.data.items.find((t) => t.id === created.data.id)).toMatchObject({ type: 'mybatis' });
    expect((await api.call('GET', `/api/v1/optimizes/sql/${created.data.id}`)).code).toBe(404);
    const user = await api.call<UserInfo>('GET', '/api/v1/user');
    expect(user.data).toMatchObject({ xmlUsed: 1, sqlUsed: 0 });
  });

  it('takes a pasted iBatis sqlMap as mapper.xml', async () => {
    const sqlMap = [
      '<sqlMap namespace="Legacy">',
      '  <select id="byName">SELECT id FROM orders <dynamic prepend="WHERE">',
      '    <isNotEmpty property="status">status = #status#</isNotEmpty></dynamic></select>',
      '</sqlMap>',
    ].join('\n');
    const created = await api.call<CreatedTask>(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'postgresql', orm: 'ibatis', sql: sqlMap, schema }),
    );
    expect(created.code).toBe(0);
    const detail: TaskDetail = await api.finishedTask(created.data.id, 180_000, 'mybatis');
    expect(detail).toMatchObject({ state: 'Completed', object: 'mapper.xml' });
    expect(detail.report!.mapper!.statements[0]).toMatchObject({ key: 'Legacy.byName', framework: 'ibatis' });
  });

  it('reads an .xml file sent without orm by its root element', async () => {
    const sqlMap = '<sqlMap namespace="Legacy">\n  <select id="all">SELECT id FROM orders</select>\n</sqlMap>';
    const created = await api.call<CreatedTask>(
      'POST',
      '/api/v1/optimizes',
      form({ dialect: 'postgresql', schema }, { name: 'Legacy.xml', text: sqlMap }),
    );
    expect(created.code).toBe(0);
    const detail = await api.finishedTask(created.data.id, 180_000, 'mybatis');
    expect(detail).toMatchObject({ type: 'mybatis', state: 'Completed', object: 'Legacy.xml' });
    expect(detail.report!.mapper!.files[0]).toMatchObject({ name: 'Legacy.xml', framework: 'ibatis' });
  });

  it('enforces the XML quota atomically: of concurrent submissions only the units left are accepted', async () => {
    const concurrent = 20;
    const left = 2;
    const other = new ApiClient(api.base, api.mailbox);
    await other.register('mapper-quota@example.com');
    await runtime.database.executeSql(
      `UPDATE plan_grants SET xml_used = ${FREE_PLAN.xmlCnt - left} WHERE user_id = (SELECT id FROM users WHERE email = 'mapper-quota@example.com')`,
    );
    const answers = await Promise.all(
      Array.from({ length: concurrent }, (_, i) =>
        other.call('POST', '/api/v1/optimizes', {
          dialect: 'postgresql',
          orm: 'mybatis',
          sql: `<mapper namespace="q"><select id="s">SELECT ${i}</select></mapper>`,
        }),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(left);
    expect(codes.filter((c) => c === 4301)).toHaveLength(concurrent - left);
    const user = await other.call<UserInfo>('GET', '/api/v1/user');
    expect(user.data).toMatchObject({ xmlUsed: FREE_PLAN.xmlCnt, sqlUsed: 0 });
    // The SQL quota is its own: still open.
    expect((await other.call('POST', '/api/v1/optimizes', { dialect: 'postgresql', sql: 'SELECT 1' })).code).toBe(0);
  });
});
