import type { CreatedTask, ProductInfo, RedeemCodeInfo, UserInfo, UserProductInfo } from '@sqltune/contracts';
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
import { UsageError } from '../src/admin.ts';
import type { Runtime } from '../src/runtime.ts';

/** The API without a worker (no task here needs running), on PGlite or on the given PostgreSQL. */
async function start(name: string, databaseUrl?: string) {
  const app = await startApp({ name, worker: false, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  return { app, runtime: app.runtime, admin: (...args: string[]) => app.admin(args) };
}

const submit = (api: ApiClient, n: number) =>
  api.call<CreatedTask>('POST', '/api/v1/optimizes', { dialect: 'mysql', sql: `SELECT a FROM t WHERE b = ${n}` });

describe('plans, renewing quota and redeem codes on embedded PGlite', () => {
  let app: AppUnderTest;
  let runtime: Runtime;
  let admin: (...args: string[]) => Promise<string[]>;
  let dataDir: string;
  let api: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    ({ app, runtime, admin } = await start('plans'));
    dataDir = app.dataDir;
    api = new ApiClient(app.base, outboxOf(dataDir));
    other = new ApiClient(app.base, outboxOf(dataDir));
    await api.register('plans@example.com');
    await other.register('other@example.com');
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('lists the catalogue to anyone and the grants and usage to their owner only', async () => {
    const catalogue = await new ApiClient(api.base).must<ProductInfo>('GET', '/api/v1/product_info');
    expect(catalogue.products.map((p) => `${p.plan}/${p.period}/${p.productId}`)).toEqual([
      'free/monthly/sqltune-free',
      'starter/monthly/sqltune-starter-monthly',
      'starter/yearly/sqltune-starter-yearly',
      'plus/monthly/sqltune-plus-monthly',
      'plus/yearly/sqltune-plus-yearly',
    ]);
    expect((await new ApiClient(api.base).call('GET', '/api/v1/user_product_info')).code).toBe(401);
    const mine = await api.must<UserProductInfo>('GET', '/api/v1/user_product_info');
    expect(mine).toMatchObject({ email: 'plans@example.com', sqlUsed: 0, sqlLimit: 20, xmlLimit: 5 });
    expect(mine.vipValidity).toEqual([expect.objectContaining({ plan: 'free', period: 'monthly', sqlCnt: 20 })]);
    expect(mine.freeRenewsAt).toBe(mine.vipValidity[0]!.validUntil);
  });

  it('renews the free quota when the next monthly cycle of the account starts', async () => {
    expect((await submit(api, 1)).code).toBe(0);
    expect((await submit(api, 2)).code).toBe(0);
    expect((await api.must<UserInfo>('GET', '/api/v1/user')).sqlUsed).toBe(2);
    // The account and its first cycle as if signed up a month and a day ago: that cycle has ended.
    await runtime.database.executeSql(`
      UPDATE users SET created_at = created_at - interval '1 month 1 day' WHERE email = 'plans@example.com';
      UPDATE plan_grants SET valid_from = valid_from - interval '1 month 1 day',
        valid_until = valid_until - interval '1 month 1 day'
      WHERE user_id = (SELECT id FROM users WHERE email = 'plans@example.com')`);
    const renewed = await api.must<UserInfo>('GET', '/api/v1/user');
    expect(renewed.sqlUsed).toBe(0);
    expect(renewed.vipValidity).toEqual([expect.objectContaining({ plan: 'free', sqlCnt: 20 })]);
    const { rows } = await runtime.database.executeSql(
      `SELECT valid_from, valid_until, sql_used FROM plan_grants
       WHERE user_id = (SELECT id FROM users WHERE email = 'plans@example.com') ORDER BY valid_from`,
    );
    const cycles = rows as Array<{ valid_from: Date; valid_until: Date; sql_used: number }>;
    expect(cycles).toHaveLength(2);
    // The new cycle starts where the old one ended; the old one keeps its usage.
    expect(new Date(cycles[1]!.valid_from).getTime()).toBe(new Date(cycles[0]!.valid_until).getTime());
    expect(cycles.map((c) => c.sql_used)).toEqual([2, 0]);
  });

  it('refuses at the limit (sqlUsed >= the sum of sqlCnt) and a granted plan adds its counts', async () => {
    await runtime.database.executeSql(
      `UPDATE plan_grants SET sql_used = sql_cnt WHERE valid_until > now()
       AND user_id = (SELECT id FROM users WHERE email = 'plans@example.com')`,
    );
    expect((await submit(api, 3)).code).toBe(4301);
    expect(await admin('user', 'grant', 'plans@example.com', 'starter', 'month')).toEqual([
      expect.stringMatching(/^granted starter monthly to plans@example\.com, valid until \d{4}-/),
    ]);
    expect((await submit(api, 4)).code).toBe(0);
    const info = await api.must<UserProductInfo>('GET', '/api/v1/user_product_info');
    expect(info).toMatchObject({ sqlUsed: 21, sqlLimit: 220 });
    expect(info.vipValidity.map((v) => v.plan)).toEqual(['free', 'starter']);
    await expect(admin('user', 'grant', 'plans@example.com', 'free', 'month')).rejects.toThrow(UsageError);
    await expect(admin('user', 'grant', 'nobody@example.com', 'plus', 'year')).rejects.toThrow(/no account/);
  });

  it('adds an activated account from the admin command', async () => {
    expect(await admin('user', 'add', 'ops@example.com', 'Ops!pass123')).toEqual([
      'added ops@example.com (activated, free plan)',
    ]);
    await api.must('POST', '/api/v1/auth/login', { email: 'ops@example.com', password: 'Ops!pass123' });
    await expect(admin('user', 'add', 'ops@example.com', 'Ops!pass123')).rejects.toThrow(/already registered/);
    await expect(admin('user', 'add', 'weak@example.com', 'weak')).rejects.toThrow(UsageError);
  });

  it("redeems a minted code once, with the spec's messages", async () => {
    const [code] = await admin('codes', 'mint', 'plus', 'year');
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const typed = code!.toLowerCase().replaceAll('-', ' ');
    const info = await api.must<RedeemCodeInfo>('GET', `/api/v1/redeem_codes/${encodeURIComponent(typed)}`);
    expect(info).toEqual({ code, plan: 'plus', period: 'yearly', redeemed: false });
    const missing = await api.call('GET', '/api/v1/redeem_codes/NOPE-NOPE');
    expect(missing).toMatchObject({ status: 404, code: 4401, message: 'redeem code does not exist' });

    const empty = await api.call('POST', '/api/v1/redeem_vip', { code: '  ' });
    expect(empty).toMatchObject({ code: 4404, message: 'please enter your redemption code' });
    const noUser = await api.call('POST', '/api/v1/redeem_vip', { code, email: 'nobody@example.com' });
    expect(noUser).toMatchObject({ code: 4402, message: 'user does not exist' });
    // One user cannot credit another's account.
    expect((await api.call('POST', '/api/v1/redeem_vip', { code, email: 'other@example.com' })).code).toBe(403);
    expect((await new ApiClient(api.base).call('POST', '/api/v1/redeem_vip', { code })).code).toBe(401);

    const redeemed = await api.must<{ validUntil: string; user: UserInfo }>('POST', '/api/v1/redeem_vip', {
      code: typed,
      email: 'plans@example.com',
    });
    expect(redeemed.user.vipValidity.map((v) => v.plan)).toContain('plus');
    const again = await other.call('POST', '/api/v1/redeem_vip', { code });
    expect(again).toMatchObject({ code: 4403, message: 'failed: this code has already been redeemed' });
    expect((await other.must<RedeemCodeInfo>('GET', `/api/v1/redeem_codes/${code}`)).redeemed).toBe(true);
    const listed = await admin('codes', 'list');
    expect(listed).toEqual([
      expect.stringMatching(new RegExp(`^${code}\\tplus\\tyearly\\t.*redeemed .* by plans@example\\.com$`)),
    ]);
  });

  it("never shows or deletes one user's tasks to another", async () => {
    const created = await submit(other, 9);
    expect(created.code).toBe(0);
    expect((await api.call('GET', `/api/v1/optimizes/sql/${created.data.id}`)).code).toBe(404);
    expect((await api.call('DELETE', `/api/v1/optimizes/${created.data.id}`)).code).toBe(404);
    expect((await other.call('GET', `/api/v1/optimizes/sql/${created.data.id}`)).code).toBe(0);
  });

  it('grants a code redeemed by two users at once exactly once', async () => {
    // Two fresh accounts: the ones above have used most of their hourly redeem attempts.
    const first = new ApiClient(api.base, outboxOf(dataDir));
    const second = new ApiClient(api.base, outboxOf(dataDir));
    await first.register('first@example.com');
    await second.register('second@example.com');
    expect(await redeemAtOnce(admin, first, second)).toEqual({ granted: 1, failed: 15, grants: 1 });
  });
});

/** 16 redemptions of one code at once, 8 by each of two users: one grant, 15 "failed". */
async function redeemAtOnce(admin: (...args: string[]) => Promise<string[]>, first: ApiClient, second: ApiClient) {
  const [code] = await admin('codes', 'mint', 'starter', 'month');
  const answers = await Promise.all(
    Array.from({ length: 16 }, (_, i) => (i % 2 ? first : second).call('POST', '/api/v1/redeem_vip', { code })),
  );
  const grants = (await admin('codes', 'list')).filter((line) => line.startsWith(code!) && /\tredeemed /.test(line));
  return {
    granted: answers.filter((a) => a.code === 0).length,
    failed: answers.filter((a) => a.code === 4403).length,
    grants: grants.length,
  };
}

describe.runIf(serviceAvailable('PostgreSQL', postgresBinDir))('redeem codes on PostgreSQL', () => {
  let postgres: RunningPostgres;
  let app: AppUnderTest;

  afterAll(async () => {
    await app?.stop();
    await postgres?.stop();
  });

  it('grants a code redeemed by two users at once exactly once', async () => {
    postgres = await startPostgres();
    const started = await start('plans-pg', postgres.url);
    app = started.app;
    const first = new ApiClient(app.base, outboxOf(app.dataDir));
    const second = new ApiClient(app.base, outboxOf(app.dataDir));
    await first.register('a@example.com');
    await second.register('b@example.com');
    expect(await redeemAtOnce(started.admin, first, second)).toEqual({ granted: 1, failed: 15, grants: 1 });
    const { rows } = await app.runtime.database.executeSql(
      "SELECT count(*)::int AS n FROM plan_grants WHERE source = 'redeem'",
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
