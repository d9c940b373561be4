import {
  type CreatedTask,
  type Envelope,
  ErrorCode,
  MAX_TEXT_FILES,
  type Message,
  type TaskDetail,
} from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, rawHttp } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { outboxOf } from '../../../test-support/mail.ts';
import { FIELD_BYTE_LIMITS, MAX_STATEMENTS } from '../src/tasks/limits.ts';

const MiB = 1024 * 1024;

/**
 * Every refusal in the envelope with its own code, sent as real requests (raw bytes where fetch would not send
 * them): the HTTP-level errors, the bounds of a submission, and NUL characters. The API only, on PGlite: nothing
 * here needs a task to run.
 */
describe('errors and bounds of the API', () => {
  let app: AppUnderTest;
  let dataDir: string;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startApp({ name: 'errors', worker: false });
    dataDir = app.dataDir;
    api = new ApiClient(app.base, outboxOf(dataDir));
    await api.register('errors@example.com');
  });

  afterAll(async () => {
    await app?.stop();
  });

  const form = (fields: Record<string, string | Blob>, fileName?: string) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value instanceof Blob) data.append(name, value, fileName);
      else data.append(name, value);
    }
    return data;
  };

  /** A raw request's envelope: the body must be one, whatever the status. */
  const envelopeOf = (body: string) => JSON.parse(body) as Envelope<Message>;

  describe('HTTP-level refusals', () => {
    it('answers a method a path does not take with 405, code 405 and Allow', async () => {
      const response = await fetch(`${api.base}/api/v1/health`, {
        method: 'DELETE',
        headers: { 'accept-language': 'en' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      const body = (await response.json()) as Envelope<Message>;
      expect(body.code).toBe(405);
      expect(body.message).toBe('this endpoint does not accept this method: DELETE; allowed: GET, HEAD');
      expect(body.data.message.zh).toContain('该接口不支持此请求方法');
      // A parameterized path too; a path no route has stays 404.
      expect((await api.call('PUT', '/api/v1/optimizes/sql/00000000-0000-0000-0000-000000000000')).code).toBe(405);
      expect((await api.call('PUT', '/api/v1/nothing-here')).code).toBe(404);
    });

    it('answers a body over the limit with 413, code 413', async () => {
      const huge = JSON.stringify({ dialect: 'mysql', sql: 'x'.repeat(7 * MiB) });
      const response = await fetch(`${api.base}/api/v1/optimizes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${api.token}` },
        body: huge,
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as Envelope<Message>).code).toBe(413);
    });

    it(`answers a form with more than ${MAX_TEXT_FILES} file with 413, code 4211 (the shared limit)`, async () => {
      const data = new FormData();
      data.append('dialect', 'mysql');
      data.append('file', new Blob(['SELECT 1']), 'a.sql');
      data.append('file', new Blob(['SELECT 2']), 'b.sql');
      const refused = await api.call<Message>('POST', '/api/v1/optimizes', data);
      expect(refused).toMatchObject({ status: 413, code: 4211, data: { field: 'file' } });
      expect(refused.message).toMatch(/too many files/);
    });

    it('answers a body type the API does not read with 415, code 415', async () => {
      for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
        const response = await fetch(`${api.base}/api/v1/optimizes`, {
          method: 'POST',
          headers: { 'content-type': type, authorization: `Bearer ${api.token}` },
          body: 'dialect=mysql&sql=SELECT 1',
        });
        expect(response.status, type).toBe(415);
        expect(((await response.json()) as Envelope<Message>).code, type).toBe(415);
      }
    });

    it("answers headers over Node's limit with 431, code 431 (Node refuses them before Fastify)", async () => {
      const response = await rawHttp(
        api.base,
        `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
      );
      expect(response.status).toBe(431);
      expect(response.headers).toMatch(/content-type: application\/json/i);
      expect(envelopeOf(response.body)).toMatchObject({ code: 431, data: { code: 431 } });
    });

    it('answers malformed URLs with 400, code 4001', async () => {
      for (const path of ['/api/v1/optimizes/sql/%E0%A4%A', '/api/v1/optimizes/%zz', '/api/%']) {
        const response = await rawHttp(api.base, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        expect(response.status, path).toBe(400);
        expect(envelopeOf(response.body).code, path).toBe(4001);
      }
      // A control character Node's HTTP parser refuses in the URL, before Fastify sees the request.
      const control = await rawHttp(
        api.base,
        'GET /api/v1/he\x01alth HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      expect(control.status).toBe(400);
      expect(envelopeOf(control.body).code).toBe(4001);
      // A request that is not HTTP at all: the envelope with the plain 400.
      const garbage = await rawHttp(api.base, 'GARBAGE\r\n\r\n');
      expect(garbage.status).toBe(400);
      expect(envelopeOf(garbage.body).code).toBe(400);
    });

    it('answers an unknown path by its prefix: an envelope under /api, the app page under /app, else the start page', async () => {
      const api404 = await fetch(`${api.base}/api/v1/no-such-thing`);
      expect(api404.status).toBe(404);
      expect(((await api404.json()) as Envelope<Message>).code).toBe(404);
      const clientRoute = await fetch(`${api.base}/app/xmlResult?id=1`);
      expect(clientRoute.status).toBe(200);
      expect(await clientRoute.text()).toMatch(/<div id="root">/);
      for (const path of ['/no-such-page', '/apix']) {
        const elsewhere = await fetch(`${api.base}${path}`, { redirect: 'manual' });
        expect(elsewhere.status, path).toBe(302);
        expect(elsewhere.headers.get('location'), path).toBe('/app/');
      }
    });

    it("checks a route's body and query against the schemas its documentation declares, before the handler", async () => {
      // A body field of the wrong shape: 400 naming the field.
      const share = await api.call('POST', '/api/v1/share/optimizes', { id: 42 });
      expect(share).toMatchObject({ code: ErrorCode.BAD_REQUEST, data: { field: 'id' } });
      // A query is parsed too: a page size out of its range is refused, a written number is read as one.
      const tooBig = await api.call('GET', '/api/v1/optimizes?pageSize=1000');
      expect(tooBig).toMatchObject({ code: ErrorCode.BAD_REQUEST, data: { field: 'pageSize' } });
      const page = await api.call<{ pageSize: number }>('GET', '/api/v1/optimizes?pageSize=7');
      expect(page.code).toBe(0);
      expect(page.data.pageSize).toBe(7);
      // A route whose contract names its own refusal code keeps it: an unsubscribe link without its id.
      const unsubscribe = await api.call('GET', '/api/v1/user_unsubscribe');
      expect(unsubscribe).toMatchObject({ code: ErrorCode.UNSUBSCRIBE_FAILED, data: { field: 'id' } });
    });
  });

  describe('bounds of a submission', () => {
    it(`refuses more than ${MAX_STATEMENTS} statements with 4208 and the line of the first one over`, async () => {
      const sql = Array.from({ length: MAX_STATEMENTS + 1 }, (_, i) => `SELECT ${i} FROM t;`).join('\n');
      const refused = await api.call<Message>('POST', '/api/v1/optimizes', { dialect: 'mysql', sql });
      expect(refused.status).toBe(413);
      expect(refused.code).toBe(4208);
      expect(refused.data).toMatchObject({ field: 'sql', line: MAX_STATEMENTS + 1, column: 1 });
      expect(refused.message).toContain(`at most ${MAX_STATEMENTS} statements per submission`);
      // Many more, tiny ones: refused as fast, from a prefix.
      const flood = await api.call('POST', '/api/v1/optimizes', { dialect: 'mysql', sql: 'SELECT 1;'.repeat(200_000) });
      expect(flood.code).toBe(4208);
    });

    it(`accepts exactly ${MAX_STATEMENTS} statements`, async () => {
      const sql = Array.from({ length: MAX_STATEMENTS }, (_, i) => `SELECT a FROM t WHERE b = ${i};`).join('\n');
      const accepted = await api.call<CreatedTask>('POST', '/api/v1/optimizes', { dialect: 'mysql', sql });
      expect(accepted.code).toBe(0);
    });

    it('refuses a field over its limit with 4207 naming it, as JSON, as a multipart field and as a file', async () => {
      const overSql = `SELECT '${'x'.repeat(FIELD_BYTE_LIMITS.sql)}'`;
      const json = await api.call<Message>('POST', '/api/v1/optimizes', { dialect: 'mysql', sql: overSql });
      expect(json).toMatchObject({ status: 413, code: 4207, data: { field: 'sql' } });
      expect(json.message).toBe('sql is over its size limit: at most 2 MiB (2,097,152 bytes) per submission');
      const schema = await api.call<Message>('POST', '/api/v1/optimizes', {
        dialect: 'mysql',
        sql: 'SELECT 1',
        schema: `-- ${'y'.repeat(FIELD_BYTE_LIMITS.schema)}`,
      });
      expect(schema).toMatchObject({ code: 4207, data: { field: 'schema' } });
      const field = await api.call<Message>('POST', '/api/v1/optimizes', form({ dialect: 'mysql', sql: overSql }));
      expect(field).toMatchObject({ code: 4207, data: { field: 'sql' } });
      const plan = await api.call<Message>(
        'POST',
        '/api/v1/optimizes',
        form({ dialect: 'mysql', sql: 'SELECT 1', plan: 'p'.repeat(FIELD_BYTE_LIMITS.plan + 1) }),
      );
      expect(plan).toMatchObject({ code: 4207, data: { field: 'plan' } });
      const file = await api.call<Message>(
        'POST',
        '/api/v1/optimizes',
        form({ dialect: 'mysql', file: new Blob([overSql]) }, 'big.sql'),
      );
      expect(file).toMatchObject({ code: 4207, data: { field: 'file' } });
    });

    it('stores a 1.5 MB statement sent as a multipart field whole, never cut at 1 MiB', async () => {
      const sql = `SELECT '${'z'.repeat(1_500_000)}' AS long_text`;
      const created = await api.call<CreatedTask>('POST', '/api/v1/optimizes', form({ dialect: 'mysql', sql }));
      expect(created.code).toBe(0);
      const detail = await api.call<TaskDetail>('GET', `/api/v1/optimizes/sql/${created.data.id}`);
      expect(detail.data.input.sql).toBe(sql);
    });
  });

  describe('NUL characters', () => {
    it('refuses a NUL in the SQL with 4202 at its line and column (JSON and multipart)', async () => {
      const sql = 'SELECT a\nFROM t WHERE b = 1\0';
      for (const body of [{ dialect: 'mysql', sql }, form({ dialect: 'mysql', sql })]) {
        const refused = await api.call<Message>('POST', '/api/v1/optimizes', body);
        expect(refused.status).toBe(400);
        expect(refused.code).toBe(4202);
        expect(refused.data).toMatchObject({ field: 'sql', line: 2, column: 19 });
        expect(refused.message).toBe(
          'sql holds a NUL character (\\0) at line 2, column 19: remove it and submit again',
        );
      }
    });

    it('refuses a NUL in the table structure and statistics with 4203, in the plan with 4204, in a file with 4202', async () => {
      const post = (fields: Record<string, string>) =>
        api.call<Message>('POST', '/api/v1/optimizes', { dialect: 'postgresql', sql: 'SELECT 1', ...fields });
      expect((await post({ schema: 'CREATE TABLE t (\0a int);' })).data).toMatchObject({
        code: 4203,
        field: 'schema',
        line: 1,
        column: 17,
      });
      expect((await post({ schema: 'CREATE TABLE t (a int);', stats: '{"tables":\r\n\0}' })).data).toMatchObject({
        code: 4203,
        field: 'stats',
        line: 2,
        column: 1,
      });
      expect((await post({ plan: 'Seq Scan on t\0' })).data).toMatchObject({ code: 4204, field: 'plan', line: 1 });
      const file = await api.call<Message>(
        'POST',
        '/api/v1/optimizes',
        form({ dialect: 'mysql', file: new Blob(['SELECT 1;\nSELECT \0 2;']) }, 'q.sql'),
      );
      expect(file.data).toMatchObject({ code: 4202, field: 'file', line: 2, column: 8 });
    });

    it('stores nothing and takes no quota for a refused submission', async () => {
      const user = await api.call<{ sqlUsed: number }>('GET', '/api/v1/user');
      const page = await api.call<{ total: number }>('GET', '/api/v1/optimizes');
      // The two accepted submissions above, nothing else.
      expect(user.data.sqlUsed).toBe(2);
      expect(page.data.total).toBe(2);
    });
  });
});
