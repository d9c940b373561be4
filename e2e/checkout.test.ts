import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppUnderTest,
  chromiumAvailable,
  devices,
  launchChromium,
  screenshotDir as shots,
  signIn,
  startAppUnderTest,
  watchCsp as watchCspInto,
} from '../test-support/e2e.ts';
import { freePort } from '../test-support/services.ts';

const desktop = devices.desktop.viewport;
const links = {
  help: 'https://help.example.test/sqltune',
  support: 'https://support.example.test/contact',
  blog: 'https://blog.example.test/sqltune-1-1',
};
const EMAIL = 'buyer@example.com';
const PASSWORD = 'Str0ng!pass';
const TEST_CARD = '4242 4242 4242 4242';

/**
 * A stand-in for FastSpring's Store Builder (the real one needs FastSpring's servers): it records the calls the app
 * makes, in order, and closes its "popup" at checkout by calling the function the script tag names in
 * data-popup-closed, as FastSpring does. The calls are kept in sessionStorage to be read after the reload.
 */
const STORE_BUILDER_STAND_IN = `(function () {
  var script = document.getElementById('fsc-api');
  var calls = [];
  window.fastspring = { builder: {
    reset: function () { calls.push(['reset']); },
    tag: function (tags) { calls.push(['tag', tags]); },
    add: function (path) { calls.push(['add', path]); },
    checkout: function () {
      calls.push(['checkout', script.getAttribute('data-storefront')]);
      sessionStorage.setItem('storeBuilderCalls', JSON.stringify(calls));
      window[script.getAttribute('data-popup-closed')]();
    }
  } };
})();`;

/** Checkout through the local test provider, the configured links and the password change, in Debian Chromium. */
describe.runIf(chromiumAvailable())('checkout and account in Chromium', () => {
  let app: AppUnderTest;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  const cspViolations: string[] = [];
  const watchCsp = (watched: Page) => watchCspInto(watched, cspViolations);
  const noSidewaysScroll = async (watched: Page) =>
    expect(await watched.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
  const phonePage = async (language: 'zh' | 'en') => {
    const mobile = await browser.newPage(devices.phone);
    watchCsp(mobile);
    await mobile.context().addCookies(await context.cookies());
    await mobile.goto(`${base}/app/`);
    await mobile.evaluate((lang) => localStorage.setItem('language', lang), language);
    return mobile;
  };

  beforeAll(async () => {
    app = await startAppUnderTest({
      name: 'checkout',
      env: { SQLTUNE_HELP_URL: links.help, SQLTUNE_SUPPORT_URL: links.support, SQLTUNE_BLOG_URL: links.blog },
      // No worker: a task stored after the purchase is what shows the quota is there again.
      worker: false,
    });
    base = app.base;
    await app.addAccount(EMAIL, PASSWORD);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: desktop, locale: 'en-US' });
    // The configured outside addresses answer from here: no network in tests.
    await context.route(/^https:\/\/[a-z]+\.example\.test\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>outside</title>' }),
    );
    page = await context.newPage();
    watchCsp(page);
    await page.goto(`${base}/app/login`);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await signIn(page, base, EMAIL, PASSWORD);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('leads Help, the banner and Contact Support to the configured addresses', async () => {
    await page.goto(`${base}/app/`);
    await expect.poll(() => page.getByTestId('nav-help').getAttribute('href')).toBe(links.help);
    expect(await page.getByTestId('banner').locator('a').first().getAttribute('href')).toBe(links.blog);

    await app.runtime.database.executeSql(
      `UPDATE plan_grants SET sql_used = sql_cnt WHERE user_id = (SELECT id FROM users WHERE email = '${EMAIL}')`,
    );
    await page.goto(`${base}/app/sqlConfig`);
    await page.getByTestId('fill-example').click();
    await page.getByTestId('optimize-submit').click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect.poll(() => dialog.innerText()).toMatch(/Contact Support/);
    const popup = page.waitForEvent('popup');
    // A real link: the browser opens it from the click itself, with no popup blocker in the way.
    await dialog.getByRole('link', { name: 'Contact Support' }).click();
    const support = await popup;
    await expect.poll(() => support.url()).toBe(links.support);
    await support.close();
  });

  it('buys a plan from the limit dialog through the local test checkout and sees its validity (en, desktop)', async () => {
    await page.goto(`${base}/app/sqlConfig`);
    await page.getByTestId('fill-example').click();
    await page.getByTestId('optimize-submit').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByRole('button', { name: 'Upgrade Now' }).click();
    await page.waitForURL(/\/app\/subscribe$/);
    await page.getByTestId('local-checkout-note').waitFor();
    await expect
      .poll(() => page.getByTestId('quota-starter').innerText())
      .toBe('200 SQL queries and 50 XML files a month');
    await expect.poll(() => page.getByTestId('choose-starter').isEnabled()).toBe(true);
    await page.screenshot({
      path: join(shots, 'subscribe-checkout-en-desktop.png'),
      fullPage: true,
      animations: 'disabled',
    });

    await page.getByTestId('choose-starter').click();
    await page.waitForURL(/\/app\/checkout\?product=sqltune-starter-monthly$/);
    expect(await page.getByTestId('checkout-test-notice').innerText()).toMatch(/test checkout: nothing is charged/);
    expect(await page.getByTestId('checkout-summary').innerText()).toMatch(/Starter[\s\S]*billed monthly/);
    await page.getByTestId('card-name').fill('Test Buyer');
    await page.getByTestId('card-number').fill('4000 0000 0000 0002');
    await page.getByTestId('card-expiry').fill('12/39');
    await page.getByTestId('card-cvc').fill('123');
    await page.getByTestId('checkout-pay').click();
    await page.locator('.ant-form-item-explain-error', { hasText: 'the card was declined' }).waitFor();
    await page.screenshot({ path: join(shots, 'checkout-declined-en-desktop.png') });

    await page.getByTestId('card-number').fill(TEST_CARD);
    await page.getByTestId('checkout-pay').click();
    await page.getByTestId('checkout-done').waitFor();
    const validity = page.getByTestId('checkout-validity');
    expect(await validity.locator('[data-plan="starter"]').innerText()).toMatch(
      /^Starter · billed monthly · valid until \w+ \d+, \d{4}$/,
    );
    await page.screenshot({ path: join(shots, 'checkout-done-en-desktop.png') });

    await page.getByTestId('checkout-back').click();
    await page.waitForURL(/\/app\/subscribe$/);
    await expect
      .poll(() => page.getByTestId('current-plan').locator('[data-plan="starter"]').innerText())
      .toMatch(/valid until/);

    // The quota is there again: the same submission is stored as a task.
    await page.goto(`${base}/app/sqlConfig`);
    await page.getByTestId('fill-example').click();
    await page.getByTestId('optimize-submit').click();
    await page.waitForURL(/sqlResult\?id=/);
  });

  it('shows the checkout in zh on a desktop and buys the yearly enterprise plan on a phone in zh', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await page.goto(`${base}/app/checkout?product=sqltune-plus-yearly`);
    await expect.poll(() => page.getByTestId('checkout-test-notice').innerText()).toMatch(/测试收银台/);
    await page.screenshot({ path: join(shots, 'checkout-zh-desktop.png') });
    await page.evaluate(() => localStorage.setItem('language', 'en'));

    const mobile = await phonePage('zh');
    await mobile.goto(`${base}/app/subscribe`);
    await mobile.getByTestId('period-toggle').getByText('按年').click();
    await expect.poll(() => mobile.getByTestId('quota-plus').innerText()).toMatch(/每年 12,000 条 SQL/);
    await mobile.getByTestId('choose-plus').click();
    await mobile.waitForURL(/\/app\/checkout\?product=sqltune-plus-yearly$/);
    await mobile.getByTestId('card-number').fill(TEST_CARD);
    await mobile.getByTestId('card-expiry').fill('01/40');
    await mobile.getByTestId('card-cvc').fill('321');
    await noSidewaysScroll(mobile);
    await mobile.screenshot({ path: join(shots, 'checkout-zh-phone.png'), fullPage: true });
    await mobile.getByTestId('checkout-pay').click();
    await mobile.getByTestId('checkout-done').waitFor();
    expect(await mobile.getByTestId('checkout-validity').locator('[data-plan="plus"]').innerText()).toMatch(
      /^企业版 · 按年计费 · 有效期至 \d{4}年\d{1,2}月\d{1,2}日$/,
    );
    await noSidewaysScroll(mobile);
    await mobile.screenshot({ path: join(shots, 'checkout-done-zh-phone.png'), fullPage: true });
    await mobile.close();

    const english = await phonePage('en');
    await english.goto(`${base}/app/checkout?product=sqltune-starter-yearly`);
    await english.getByTestId('checkout-pay').waitFor();
    await noSidewaysScroll(english);
    await english.screenshot({ path: join(shots, 'checkout-en-phone.png'), fullPage: true });
    await english.close();
  });

  it('changes the password from the user menu; the other sessions are signed out, this one stays', async () => {
    const elsewhere = await browser.newContext({ viewport: desktop });
    await elsewhere.addCookies(await context.cookies());
    const before = await elsewhere.newPage();
    await before.goto(`${base}/app/task`);
    await before.getByTestId('task-table').waitFor();
    // Closed now: its task list polls every 5 s, and a poll landing after the change would sign it out (and clear
    // its cookie) before the check below, which then could not see the 401 lead to Login.
    await before.close();

    await page.goto(`${base}/app/`);
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'Change password' }).click();
    await page.waitForURL(/\/app\/account\/password$/);
    await page.getByTestId('password-old').fill('Wr0ng!pass');
    await page.getByTestId('password-new').fill('weak');
    await expect.poll(() => page.getByTestId('password-strength').innerText()).toMatch(/missing number/);
    await page.getByTestId('password-new').fill('N3w!password');
    await expect.poll(() => page.getByTestId('password-strength').innerText()).toMatch(/strong password/);
    await page.getByTestId('password-submit').click();
    await page.locator('.ant-form-item-explain-error', { hasText: 'incorrect email or password' }).waitFor();
    await page.screenshot({ path: join(shots, 'password-en-desktop.png') });
    await page.getByTestId('password-old').fill(PASSWORD);
    await page.getByTestId('password-submit').click();
    await page.getByTestId('password-done').waitFor();

    // The other browser's next call is refused: it is signed out and sent to sign in.
    const other = await elsewhere.newPage();
    await other.goto(`${base}/app/task`);
    await other.waitForURL(/\/app\/login\?redirect=%2Ftask/);
    await elsewhere.close();
    // This browser goes on with the session the change answered.
    await page.goto(`${base}/app/task`);
    await page.getByTestId('task-table').waitFor();

    const mobile = await phonePage('zh');
    await mobile.goto(`${base}/app/account/password`);
    await mobile.getByTestId('password-submit').waitFor();
    await noSidewaysScroll(mobile);
    await mobile.screenshot({ path: join(shots, 'password-zh-phone.png') });
    await mobile.close();
  });

  it('causes no Content-Security-Policy violation', () => {
    expect(cspViolations).toEqual([]);
  });

  describe('with FastSpring configured', () => {
    const secret = 'e2e-webhook-secret';
    const storefront = 'sqltune.test.onfastspring.com/popup-sqltune';
    let fastspring: AppUnderTest;
    let fsBase: string;
    let scriptServer: Server;

    beforeAll(async () => {
      scriptServer = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/javascript' });
        response.end(STORE_BUILDER_STAND_IN);
      });
      const scriptPort = await freePort();
      await new Promise<void>((resolve) => scriptServer.listen(scriptPort, '127.0.0.1', resolve));
      fastspring = await startAppUnderTest({
        name: 'fastspring',
        env: {
          SQLTUNE_PAYMENT_PROVIDER: 'fastspring',
          FASTSPRING_STOREFRONT: storefront,
          FASTSPRING_WEBHOOK_SECRET: secret,
          FASTSPRING_SCRIPT_URL: `http://127.0.0.1:${scriptPort}/sbl/fastspring-builder.min.js`,
        },
        worker: false,
      });
      fsBase = fastspring.base;
      await fastspring.addAccount(EMAIL, PASSWORD);
    });

    afterAll(async () => {
      await fastspring?.stop();
      scriptServer?.close();
    });

    it("runs the Store Builder flow on Choose, reloads when the popup closes, and shows the webhook's grant", async () => {
      const login = await fetch(`${fsBase}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
      const { data } = (await login.json()) as { data: { token: string } };
      const buyer = await browser.newContext({ viewport: desktop, locale: 'en-US' });
      await buyer.addCookies([{ name: 'Admin-Token', value: data.token, url: fsBase }]);
      const shop = await buyer.newPage();
      watchCsp(shop);
      await shop.goto(`${fsBase}/app/`);
      await shop.evaluate(() => localStorage.setItem('language', 'en'));
      await shop.goto(`${fsBase}/app/subscribe`);
      await expect.poll(() => shop.getByTestId('choose-starter').isEnabled()).toBe(true);
      // The outside script is not loaded until a plan is chosen, and no test checkout is offered.
      expect(await shop.evaluate(() => document.getElementById('fsc-api'))).toBeNull();
      expect(await shop.getByTestId('local-checkout-note').count()).toBe(0);
      await shop.evaluate(() => {
        (window as unknown as { beforeCheckout: boolean }).beforeCheckout = true;
      });

      await shop.getByTestId('choose-starter').click();
      // The stand-in records the calls and closes its popup at once, which reloads the page: a read that lands in the
      // reload finds no page to run in and is simply tried again (sessionStorage outlives the reload).
      let recorded: string | null = null;
      const calls = async () => {
        recorded = await shop.evaluate(() => sessionStorage.getItem('storeBuilderCalls')).catch(() => null);
        return recorded;
      };
      await expect.poll(calls).not.toBeNull();
      expect(JSON.parse(recorded!)).toEqual([
        ['reset'],
        ['tag', { email: EMAIL, product: 'sqltune-starter-monthly' }],
        ['add', 'sqltune-starter-monthly'],
        ['checkout', storefront],
      ]);
      // The popup closed: the page was loaded again.
      await expect
        .poll(() => shop.evaluate(() => (window as unknown as { beforeCheckout?: boolean }).beforeCheckout ?? false))
        .toBe(false);

      // FastSpring's webhook for that order, signed with the shared secret, adds the plan.
      const body = JSON.stringify({
        events: [
          {
            id: randomUUID(),
            type: 'order.completed',
            data: {
              reference: 'E2E-ORDER',
              tags: { email: EMAIL, product: 'sqltune-starter-monthly' },
              items: [{ product: 'sqltune-starter-monthly' }],
            },
          },
        ],
      });
      const webhook = await fetch(`${fsBase}/api/v1/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-fs-signature': createHmac('sha256', secret).update(body).digest('base64'),
        },
        body,
      });
      expect(((await webhook.json()) as { code: number }).code).toBe(0);
      await shop.reload();
      await expect
        .poll(() => shop.getByTestId('current-plan').locator('[data-plan="starter"]').innerText())
        .toMatch(/valid until/);
      await shop.screenshot({ path: join(shots, 'subscribe-fastspring-en-desktop.png'), animations: 'disabled' });
      await buyer.close();
      expect(cspViolations).toEqual([]);
    });
  });
});
