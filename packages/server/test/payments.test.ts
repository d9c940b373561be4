import { createHmac, randomUUID } from 'node:crypto';
import type { LocalPaid, SiteConfig, UserProductInfo } from '@sqltune/contracts';
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
import { loadConfig } from '../src/config.ts';
import type { Runtime } from '../src/runtime.ts';

const SECRET = 'fastspring-webhook-secret-for-tests';
const STOREFRONT = 'sqltune.test.onfastspring.com/popup-sqltune';
const CONCURRENT = 20;

interface Started extends AppUnderTest {
  postgres?: RunningPostgres;
}

async function start(env: Record<string, string>, withPostgres = false): Promise<Started> {
  const postgres = withPostgres ? await startPostgres() : undefined;
  const app = await startApp({
    name: 'payments',
    worker: false,
    env: { LOG_LEVEL: 'silent', ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...env },
  });
  return Object.assign(app, postgres ? { postgres } : {});
}

async function stop(started: Started | undefined): Promise<void> {
  await started?.stop();
  await started?.postgres?.stop();
}

/** A FastSpring `order.completed` event for the account and product, as the Store Builder's tags make it. */
function orderEvent(email: string, productId: string, eventId = randomUUID()) {
  return {
    events: [
      {
        id: eventId,
        type: 'order.completed',
        live: false,
        data: {
          id: randomUUID(),
          reference: `SQL${eventId.slice(0, 6)}`,
          tags: { email, product: productId },
          customer: { email: 'card-holder@example.net' },
          items: [{ product: productId, quantity: 1 }],
        },
      },
    ],
  };
}

const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('base64');

async function postWebhook(base: string, body: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['X-FS-Signature'] = signature;
  const response = await fetch(`${base}/api/v1/payments/webhook`, { method: 'POST', headers, body });
  return { status: response.status, ...((await response.json()) as { code: number; data: unknown }) };
}

async function purchaseGrants(runtime: Runtime, email: string): Promise<number> {
  const { rows } = await runtime.database.executeSql(
    "SELECT count(*)::int AS n FROM plan_grants WHERE source = 'purchase' AND user_id = (SELECT id FROM users WHERE email = $1)",
    [email],
  );
  return (rows[0] as { n: number }).n;
}

/** The webhook's signature and idempotence; run on PGlite and, when installed, on PostgreSQL. */
function webhookSuite(label: string, withPostgres: boolean) {
  describe(`FastSpring webhook, ${label}`, () => {
    let started: Started;
    let api: ApiClient;
    const email = 'buyer@example.com';

    beforeAll(async () => {
      started = await start(
        {
          SQLTUNE_PAYMENT_PROVIDER: 'fastspring',
          FASTSPRING_STOREFRONT: STOREFRONT,
          FASTSPRING_WEBHOOK_SECRET: SECRET,
          SQLTUNE_HELP_URL: 'https://help.example.com/sqltune',
          SQLTUNE_SUPPORT_URL: 'mailto:support@example.com',
          SQLTUNE_BLOG_URL: 'https://blog.example.com/sqltune-1-1',
        },
        withPostgres,
      );
      api = new ApiClient(started.base, outboxOf(started.dataDir));
      await api.register(email);
    });

    afterAll(() => stop(started));

    it('adds the plan of an order signed with the secret, and the buyer sees its validity', async () => {
      const body = JSON.stringify(orderEvent(email, 'sqltune-starter-monthly'));
      const answer = await postWebhook(started.base, body, sign(body));
      expect(answer).toMatchObject({ status: 200, code: 0 });
      expect(answer.data).toMatchObject({ orders: [{ items: [{ outcome: 'granted' }] }] });
      const info = await api.must<UserProductInfo>('GET', '/api/v1/user_product_info');
      const starter = info.vipValidity.find((entry) => entry.plan === 'starter');
      expect(starter).toMatchObject({ period: 'monthly', sqlCnt: 200, xmlCnt: 50 });
      const days = (Date.parse(starter!.validUntil) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(27);
      expect(days).toBeLessThanOrEqual(31);
      expect(info.sqlLimit).toBe(220);
    });

    it('refuses a wrong, missing or stale signature and grants nothing', async () => {
      const before = await purchaseGrants(started.runtime, email);
      const body = JSON.stringify(orderEvent(email, 'sqltune-plus-yearly'));
      const tampered = body.replace('plus-yearly', 'plus-monthly');
      for (const [text, signature] of [
        [body, sign(body, 'not-the-secret')],
        [body, undefined],
        [body, ''],
        [body, 'bm90IGEgc2lnbmF0dXJl'],
        [tampered, sign(body)],
      ] as const) {
        const answer = await postWebhook(started.base, text, signature);
        expect(answer).toMatchObject({ status: 403, code: 4604 });
      }
      expect(await purchaseGrants(started.runtime, email)).toBe(before);
    });

    it('processes a replayed event once', async () => {
      const before = await purchaseGrants(started.runtime, email);
      const body = JSON.stringify(orderEvent(email, 'sqltune-plus-monthly'));
      const first = await postWebhook(started.base, body, sign(body));
      expect(first.data).toMatchObject({ orders: [{ items: [{ outcome: 'granted' }] }] });
      const again = await postWebhook(started.base, body, sign(body));
      expect(again).toMatchObject({ status: 200, code: 0 });
      expect(again.data).toMatchObject({ orders: [{ items: [{ outcome: 'already processed' }] }] });
      expect(await purchaseGrants(started.runtime, email)).toBe(before + 1);
    });

    it(`grants once when the same event arrives ${CONCURRENT} times at once`, async () => {
      const before = await purchaseGrants(started.runtime, email);
      const body = JSON.stringify(orderEvent(email, 'sqltune-starter-yearly'));
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, () => postWebhook(started.base, body, sign(body))),
      );
      expect(answers.every((answer) => answer.code === 0)).toBe(true);
      const outcomes = answers.map(
        (answer) =>
          (answer.data as { orders: Array<{ items: Array<{ outcome: string }> }> }).orders[0]!.items[0]!.outcome,
      );
      expect(outcomes.filter((outcome) => outcome === 'granted')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'already processed')).toHaveLength(CONCURRENT - 1);
      expect(await purchaseGrants(started.runtime, email)).toBe(before + 1);
    });

    if (withPostgres) return;

    it('credits no unknown account and no product that is not for sale, and refuses a malformed order', async () => {
      const before = await purchaseGrants(started.runtime, email);
      const stranger = JSON.stringify(orderEvent('nobody@example.com', 'sqltune-starter-monthly'));
      const free = JSON.stringify(orderEvent(email, 'sqltune-free'));
      const strangerAnswer = await postWebhook(started.base, stranger, sign(stranger));
      expect(strangerAnswer.data).toMatchObject({ orders: [{ items: [{ outcome: 'unknown account' }] }] });
      const freeAnswer = await postWebhook(started.base, free, sign(free));
      expect(freeAnswer.data).toMatchObject({ orders: [{ items: [{ outcome: 'not for sale' }] }] });
      const other = JSON.stringify({ events: [{ id: randomUUID(), type: 'subscription.canceled', data: {} }] });
      expect((await postWebhook(started.base, other, sign(other))).data).toEqual({ orders: [] });
      const malformed = JSON.stringify({ events: [{ id: 'x', type: 'order.completed', data: { items: 'none' } }] });
      expect(await postWebhook(started.base, malformed, sign(malformed))).toMatchObject({ status: 400, code: 4605 });
      expect(await postWebhook(started.base, 'not json', sign('not json'))).toMatchObject({ code: 4605 });
      expect(await purchaseGrants(started.runtime, email)).toBe(before);
    });

    it('serves the Store Builder settings and the links, and lets the CSP load only FastSpring besides the app', async () => {
      const response = await fetch(`${started.base}/api/v1/site_config`);
      const site = ((await response.json()) as { data: SiteConfig }).data;
      expect(site).toEqual({
        links: {
          help: 'https://help.example.com/sqltune',
          support: 'mailto:support@example.com',
          blog: 'https://blog.example.com/sqltune-1-1',
        },
        languageRefresh: false,
        payments: {
          provider: 'fastspring',
          storefront: STOREFRONT,
          scriptUrl: 'https://sbl.onfastspring.com/sbl/1.0.3/fastspring-builder.min.js',
        },
      });
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self' https://sbl.onfastspring.com https://sqltune.test.onfastspring.com;");
      expect(csp).toContain("frame-src 'self' https://sqltune.test.onfastspring.com;");
      expect(csp).toContain("frame-ancestors 'none'");
      // No test checkout where real money is taken.
      const pay = await api.call('POST', '/api/v1/payments/local/pay', { productId: 'sqltune-starter-monthly' });
      expect(pay.status).toBe(404);
    });
  });
}

webhookSuite('embedded PGlite', false);
describe.runIf(serviceAvailable('PostgreSQL', postgresBinDir))('on PostgreSQL', () => {
  webhookSuite('PostgreSQL via DATABASE_URL', true);
});

describe('local test checkout (the embedded default)', () => {
  let started: Started;
  let api: ApiClient;
  const email = 'local-buyer@example.com';
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Test Buyer' };

  beforeAll(async () => {
    started = await start({});
    api = new ApiClient(started.base, outboxOf(started.dataDir));
    await api.register(email);
  });

  afterAll(() => stop(started));

  it('pays with the test card through its own signed webhook and shows the new validity', async () => {
    const paid = await api.must<LocalPaid>('POST', '/api/v1/payments/local/pay', {
      productId: 'sqltune-plus-yearly',
      ...card,
    });
    expect(paid.orderReference).toMatch(/^LOCAL-/);
    expect(paid.grant).toMatchObject({ plan: 'plus', period: 'yearly', sqlCnt: 12000, xmlCnt: 3000 });
    const info = await api.must<UserProductInfo>('GET', '/api/v1/user_product_info');
    expect(info.vipValidity).toContainEqual(paid.grant);
    expect(info.sqlLimit).toBe(12020);
    expect(await purchaseGrants(started.runtime, email)).toBe(1);
    const { rows } = await started.runtime.database.executeSql(
      'SELECT provider, order_reference, product_id FROM purchases',
    );
    expect(rows).toEqual([
      { provider: 'local', order_reference: paid.orderReference, product_id: 'sqltune-plus-yearly' },
    ]);
  });

  it('declines the decline card and refuses other cards, bad expiry and CVC, and the free plan', async () => {
    const pay = (extra: Record<string, string>) =>
      api.call('POST', '/api/v1/payments/local/pay', { productId: 'sqltune-starter-monthly', ...card, ...extra });
    expect(await pay({ cardNumber: '4000 0000 0000 0002' })).toMatchObject({ code: 4602 });
    expect(await pay({ cardNumber: '5555 5555 5555 4444' })).toMatchObject({ code: 4603 });
    expect(await pay({ expiry: '01/20' })).toMatchObject({ code: 4603, data: { field: 'expiry' } });
    expect(await pay({ expiry: '13/39' })).toMatchObject({ code: 4603, data: { field: 'expiry' } });
    expect(await pay({ cvc: '12' })).toMatchObject({ code: 4603, data: { field: 'cvc' } });
    expect(await pay({ productId: 'sqltune-free' })).toMatchObject({ code: 4601 });
    expect(await pay({ productId: 'no-such-product' })).toMatchObject({ code: 4601 });
    const guest = new ApiClient(started.base);
    expect(
      (await guest.call('POST', '/api/v1/payments/local/pay', { productId: 'sqltune-starter-monthly', ...card })).code,
    ).toBe(401);
    expect(await purchaseGrants(started.runtime, email)).toBe(1);
  });

  it('accepts no webhook signed by anyone but itself', async () => {
    const body = JSON.stringify(orderEvent(email, 'sqltune-plus-yearly'));
    expect(await postWebhook(started.base, body, sign(body))).toMatchObject({ status: 403, code: 4604 });
    expect(await purchaseGrants(started.runtime, email)).toBe(1);
  });

  it('serves the local provider and placeholder links, and a CSP with no outside script', async () => {
    const response = await fetch(`${started.base}/api/v1/site_config`);
    const site = ((await response.json()) as { data: SiteConfig }).data;
    expect(site.payments).toEqual({ provider: 'local' });
    expect(site.links.help).toMatch(/^https:\/\//);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('onfastspring');
  });
});

describe('payment configuration', () => {
  it('refuses FastSpring without its storefront and secret, and links that are not http(s) or mailto', () => {
    expect(() => loadConfig({ SQLTUNE_PAYMENT_PROVIDER: 'fastspring', FASTSPRING_STOREFRONT: STOREFRONT })).toThrow(
      /FASTSPRING_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ SQLTUNE_HELP_URL: 'javascript:alert(1)' })).toThrow(/http/);
    expect(loadConfig({}).payments).toEqual({ provider: 'local' });
    expect(loadConfig({ SQLTUNE_HELP_URL: 'https://help.example.com' }).links.support).toBe('https://help.example.com');
  });
});
