import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskPage, UserInfo } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { outboxOf } from '../../../test-support/mail.ts';
import {
  freePort,
  postgresBinDir,
  type RunningPostgres,
  serviceAvailable,
  startPostgres,
} from '../../../test-support/services.ts';
import { DEFAULT_CATALOGUE } from '../src/accounts/catalogue.ts';
import { loadConfig } from '../src/config.ts';
import { type Runtime, startRuntime } from '../src/runtime.ts';

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
  let runtime: Runtime;
  let dataDir: string;
  let api: ApiClient;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sqltune-quota-'));
    const port = await freePort();
    runtime = await startRuntime(
      loadConfig({
        PORT: String(port),
        HOST: '127.0.0.1',
        SQLTUNE_DATA_DIR: dataDir,
        SQLTUNE_EXAMPLES: 'off',
        LOG_LEVEL: 'warn',
      }),
      { api: true, worker: false },
    );
    api = new ApiClient(`http://127.0.0.1:${port}`, outboxOf(dataDir));
  });

  afterAll(async () => {
    await runtime?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`accepts exactly the ${LEFT} units left of ${CONCURRENT} concurrent submissions`, async () => {
    expect(await submitAtOnce(runtime, api, 'quota-pglite@example.com')).toEqual(expected);
  });
});

describe.runIf(serviceAvailable('PostgreSQL', postgresBinDir))(
  'quota under concurrent submissions, PostgreSQL via DATABASE_URL',
  () => {
    let postgres: RunningPostgres;
    let runtime: Runtime;
    let api: ApiClient;
    const dataDir = mkdtempSync(join(tmpdir(), 'sqltune-quota-pg-'));

    beforeAll(async () => {
      postgres = await startPostgres();
      const port = await freePort();
      runtime = await startRuntime(
        loadConfig({
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: postgres.url,
          SQLTUNE_DATA_DIR: dataDir,
          SQLTUNE_EXAMPLES: 'off',
          LOG_LEVEL: 'warn',
        }),
        { api: true, worker: false },
      );
      api = new ApiClient(`http://127.0.0.1:${port}`, outboxOf(dataDir));
    });

    afterAll(async () => {
      await runtime?.stop();
      await postgres?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(`accepts exactly the ${LEFT} units left of ${CONCURRENT} concurrent submissions`, async () => {
      expect(await submitAtOnce(runtime, api, 'quota-pg@example.com')).toEqual(expected);
    });
  },
);
