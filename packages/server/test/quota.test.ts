import type { TaskPage, UserInfo } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { outboxOf } from '../../../test-support/mail.ts';
import {
  postgresBinDir,
  type RunningPostgres,
  serviceAvailable,
  startPostgres,
} from '../../../test-support/services.ts';
import { DEFAULT_CATALOGUE } from '../src/accounts/catalogue.ts';
import type { Runtime } from '../src/runtime.ts';

const CONCURRENT = 100;
const FREE = DEFAULT_CATALOGUE.find((product) => product.plan === 'free')!;
const LEFT = 3;

/**
 * 100 submissions at once against the last units of a user's quota: exactly the units left are accepted, every other
 * one gets 4301, and sqlUsed ends at the limit (the spec's rule: the limit is reached at sqlUsed >= the sum of sqlCnt).
 */
async function submitAtOnce(runtime: Runtime, api: ApiClient, email: string) {
  await api.register(email);
  await runtime.database.executeSql(
    `UPDATE plan_grants SET sql_used = ${FREE.sqlCnt - LEFT} WHERE user_id = (SELECT id FROM users WHERE email = '${email}')`,
  );
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) =>
      api.call('POST', '/api/v1/optimizes', { dialect: 'mysql', sql: `SELECT a FROM t WHERE b = ${i}` }),
    ),
  );
  const codes = answers.map((answer) => answer.code);
  const user = await api.call<UserInfo>('GET', '/api/v1/user');
  const page = await api.call<TaskPage>('GET', '/api/v1/optimizes?pageSize=100');
  return {
    accepted: codes.filter((code) => code === 0).length,
    refused: codes.filter((code) => code === 4301).length,
    sqlUsed: user.data.sqlUsed,
    tasks: page.data.total,
  };
}

const expected = { accepted: LEFT, refused: CONCURRENT - LEFT, sqlUsed: FREE.sqlCnt, tasks: LEFT };

describe('quota under concurrent submissions, embedded PGlite', () => {
  let app: AppUnderTest;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startApp({ name: 'quota', worker: false });
    api = new ApiClient(app.base, outboxOf(app.dataDir));
  });

  afterAll(async () => {
    await app?.stop();
  });

  it(`accepts exactly the ${LEFT} units left of ${CONCURRENT} concurrent submissions`, async () => {
    expect(await submitAtOnce(app.runtime, api, 'quota-pglite@example.com')).toEqual(expected);
  });
});

describe.runIf(serviceAvailable('PostgreSQL', postgresBinDir))(
  'quota under concurrent submissions, PostgreSQL via DATABASE_URL',
  () => {
    let postgres: RunningPostgres;
    let app: AppUnderTest;
    let api: ApiClient;

    beforeAll(async () => {
      postgres = await startPostgres();
      app = await startApp({ name: 'quota-pg', worker: false, env: { DATABASE_URL: postgres.url } });
      api = new ApiClient(app.base, outboxOf(app.dataDir));
    });

    afterAll(async () => {
      await app?.stop();
      await postgres?.stop();
    });

    it(`accepts exactly the ${LEFT} units left of ${CONCURRENT} concurrent submissions`, async () => {
      expect(await submitAtOnce(app.runtime, api, 'quota-pg@example.com')).toEqual(expected);
    });
  },
);
