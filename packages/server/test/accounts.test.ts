import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserInfo } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, TEST_PASSWORD } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { codeOf, linkOf, SmtpCatcher } from '../../../test-support/mail.ts';
import type { Runtime } from '../src/runtime.ts';

/**
 * Accounts through the API, with every login message of the spec's catalogue (section 8) reached, and the mails read
 * from a real SMTP server (smtp-server in this process) the app sends to through SMTP_URL.
 */
describe('accounts over the API, mails through SMTP', () => {
  let app: AppUnderTest;
  let runtime: Runtime;
  let smtp: SmtpCatcher;
  let api: ApiClient;
  let base: string;

  beforeAll(async () => {
    smtp = await SmtpCatcher.start();
    app = await startApp({
      name: 'accounts',
      worker: false,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'SQLTune <no-reply@sqltune.test>',
        SQLTUNE_PUBLIC_URL: 'https://sqltune.test',
      },
    });
    ({ runtime, base } = app);
    api = new ApiClient(base, smtp);
  });

  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  const signUp = (email: string, code: string, extra: Record<string, unknown> = {}) =>
    api.call('POST', '/api/v1/auth/register', { email, password: TEST_PASSWORD, code, acceptTerms: true, ...extra });

  it('refuses sign-up before a code was sent: "verification code not sent"', async () => {
    const answer = await signUp('first@example.com', '');
    expect(answer).toMatchObject({ status: 400, code: 4107, message: 'verification code not sent' });
    expect((await signUp('first@example.com', '123456')).code).toBe(4107);
  });

  it('mails a code in the requested language, as text and HTML, and throttles a resend', async () => {
    const sent = await api.call<{ resendAfterSeconds: number }>('POST', '/api/v1/auth/code', {
      email: 'first@example.com',
      purpose: 'register',
    });
    expect(sent).toMatchObject({ code: 0, data: { resendAfterSeconds: 60, expiresInSeconds: 600 } });
    const mail = await smtp.next('first@example.com', /verification code/);
    const code = codeOf(mail);
    expect(mail.text).toContain(`To sign up, enter this verification code. It is valid for 10 minutes:\n\n${code}`);
    expect(mail.html).toContain(`>${code}</p>`);
    expect(mail.raw).toMatch(/^From: SQLTune <no-reply@sqltune\.test>/m);

    const again = await fetch(`${base}/api/v1/auth/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ email: 'first@example.com', purpose: 'register' }),
    });
    const body = (await again.json()) as { code: number; message: string; data: { retryAfterSeconds: number } };
    expect(again.status).toBe(429);
    expect(body.code).toBe(4111);
    expect(body.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.data.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(again.headers.get('retry-after')).toBe(String(body.data.retryAfterSeconds));
    expect(body.message).toBe(`too many attempts, try again in ${body.data.retryAfterSeconds} s`);
  });

  it('checks terms, password strength and the code, then asks for activation: "email account is not activated"', async () => {
    const terms = await signUp('first@example.com', '000000', { acceptTerms: false });
    expect(terms).toMatchObject({ code: 4106, message: 'please agree and check the Terms of Service' });
    expect((await signUp('first@example.com', '000000', { password: 'weakpass' })).code).toBe(4108);
    expect((await signUp('first@example.com', 'not-it')).code).toBe(4110);

    // The code mailed in the test before is still the live one.
    const [codeMail] = smtp.received.filter((m) => m.to === 'first@example.com');
    const created = await signUp('first@example.com', codeOf(codeMail!));
    expect(created).toMatchObject({ code: 0, data: { email: 'first@example.com', activated: false } });
    // A code works once.
    expect((await signUp('first@example.com', codeOf(codeMail!))).code).toBe(4101);

    const early = await api.call('POST', '/api/v1/auth/login', { email: 'first@example.com', password: TEST_PASSWORD });
    expect(early).toMatchObject({ code: 4102, message: 'email account is not activated' });

    const mail = await smtp.next('first@example.com', /Activate/);
    const link = linkOf(mail, '/app/login/activation?token=');
    expect(link.origin).toBe('https://sqltune.test');
    expect(mail.html).toContain('Activate account</a>');
    const session = await api.call<{ token: string }>('POST', '/api/v1/auth/activate', {
      token: link.searchParams.get('token'),
    });
    expect(session.code).toBe(0);
    api.token = session.data.token;
    expect((await api.call<UserInfo>('GET', '/api/v1/user')).data.email).toBe('first@example.com');

    const twice = await api.call('POST', '/api/v1/auth/activate', { token: link.searchParams.get('token') });
    expect(twice).toMatchObject({ code: 4104, message: 'email account is activated' });
    expect((await api.call('POST', '/api/v1/auth/activate', { token: 'forged' })).code).toBe(4112);
    expect((await api.call('POST', '/api/v1/auth/activation-mail', { email: 'first@example.com' })).code).toBe(4104);
  });

  it('answers an address already registered, an unknown address and a wrong password', async () => {
    const taken = await api.call('POST', '/api/v1/auth/code', { email: 'first@example.com', purpose: 'register' });
    expect(taken).toMatchObject({ code: 4101, message: 'this email is already registered' });
    const unknown = await api.call('POST', '/api/v1/auth/login', { email: 'nobody@example.com', password: 'x' });
    expect(unknown).toMatchObject({ code: 4103, message: 'email account does not exist' });
    const wrong = await api.call('POST', '/api/v1/auth/login', { email: 'first@example.com', password: 'Wr0ng!pass' });
    expect(wrong).toMatchObject({ code: 4105, message: 'incorrect email or password' });
  });

  it('voids an expired code and a code guessed too often', async () => {
    await api.must('POST', '/api/v1/auth/code', { email: 'late@example.com', purpose: 'register' });
    const code = codeOf(await smtp.next('late@example.com', /\d{6}/));
    await runtime.database.executeSql(
      "UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE email = 'late@example.com'",
    );
    expect((await signUp('late@example.com', code)).code).toBe(4110);
    await runtime.database.executeSql(
      "UPDATE verification_codes SET expires_at = now() + interval '10 minutes', attempts = 5 WHERE email = 'late@example.com'",
    );
    expect((await signUp('late@example.com', code)).code).toBe(4110);
  });

  it('mails in Chinese to a Chinese client, and answers it in Chinese', async () => {
    const zh = new ApiClient(base, smtp);
    zh.language = 'zh';
    await zh.must('POST', '/api/v1/auth/code', { email: 'zh@example.com', purpose: 'register' });
    const mail = await smtp.next('zh@example.com', /验证码/);
    expect(mail.subject).toBe(`SQLTune 验证码：${codeOf(mail)}`);
    expect(mail.text).toContain('您正在注册账号，验证码如下，10 分钟内有效：');
    const notSent = await zh.call('POST', '/api/v1/auth/code', { email: 'first@example.com', purpose: 'register' });
    expect(notSent.message).toBe('该邮箱已注册');
  });

  it('resets a forgotten password with a mailed code and signs every session out', async () => {
    const unknown = await api.call('POST', '/api/v1/auth/code', { email: 'nobody@example.com', purpose: 'reset' });
    expect(unknown.code).toBe(4103);
    const other = new ApiClient(base);
    other.token = (
      await other.must<{ token: string }>('POST', '/api/v1/auth/login', {
        email: 'first@example.com',
        password: TEST_PASSWORD,
      })
    ).token;
    const reset = { email: 'first@example.com', password: 'N3w!password' };
    expect((await api.call('POST', '/api/v1/auth/reset', { ...reset, code: '123456' })).code).toBe(4107);
    await api.must('POST', '/api/v1/auth/code', { email: 'first@example.com', purpose: 'reset' });
    const code = codeOf(await smtp.next('first@example.com', /verification code/));
    expect((await api.call('POST', '/api/v1/auth/reset', { ...reset, code: '000000' })).code).toBe(4110);
    expect((await api.call('POST', '/api/v1/auth/reset', { ...reset, password: 'weak', code })).code).toBe(4108);
    expect((await api.call('POST', '/api/v1/auth/reset', { ...reset, code })).code).toBe(0);
    await smtp.next('first@example.com', /password was changed/);

    expect((await api.call('GET', '/api/v1/user')).code).toBe(401);
    expect((await other.call('GET', '/api/v1/user')).code).toBe(401);
    const old = await api.call('POST', '/api/v1/auth/login', { email: 'first@example.com', password: TEST_PASSWORD });
    expect(old.code).toBe(4105);
    api.token = (await api.must<{ token: string }>('POST', '/api/v1/auth/login', reset)).token;
  });

  it('changes the password with the old one, signing every other session out', async () => {
    const other = new ApiClient(base);
    other.token = (
      await other.must<{ token: string }>('POST', '/api/v1/auth/login', {
        email: 'first@example.com',
        password: 'N3w!password',
      })
    ).token;
    const wrongOld = await api.call('POST', '/api/v1/auth/password', { oldPassword: 'x', password: 'An0ther!pass' });
    expect(wrongOld).toMatchObject({ code: 4105, data: { field: 'oldPassword' } });
    const weak = await api.call('POST', '/api/v1/auth/password', { oldPassword: 'N3w!password', password: 'weakpass' });
    expect(weak).toMatchObject({ code: 4108, data: { field: 'password' } });
    const signedOut = await new ApiClient(base).call('POST', '/api/v1/auth/password', {
      oldPassword: 'N3w!password',
      password: 'An0ther!pass',
    });
    expect(signedOut.code).toBe(401);
    // Neither refusal changed anything: the other session still works.
    expect((await other.call('GET', '/api/v1/user')).code).toBe(0);
    const changed = await api.must<{ token: string }>('POST', '/api/v1/auth/password', {
      oldPassword: 'N3w!password',
      password: 'An0ther!pass',
    });
    expect((await other.call('GET', '/api/v1/user')).code).toBe(401);
    expect((await api.call('GET', '/api/v1/user')).code).toBe(401);
    api.token = changed.token;
    expect((await api.call('GET', '/api/v1/user')).code).toBe(0);
    const login = (password: string) =>
      api.call('POST', '/api/v1/auth/login', { email: 'first@example.com', password });
    expect((await login('N3w!password')).code).toBe(4105);
    expect((await login('An0ther!pass')).code).toBe(0);
    await smtp.next('first@example.com', /password was changed/);
  });

  it('upgrades a scrypt hash to argon2id at the next sign-in', async () => {
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64url')}$${scryptSync('Legacy!pass1', salt, 64).toString('base64url')}`;
    await runtime.database.executeSql('INSERT INTO users (email, password_hash, activated_at) VALUES ($1, $2, now())', [
      'legacy@example.com',
      legacy,
    ]);
    await api.must('POST', '/api/v1/auth/login', { email: 'legacy@example.com', password: 'Legacy!pass1' });
    const { rows } = await runtime.database.executeSql('SELECT password_hash FROM users WHERE email = $1', [
      'legacy@example.com',
    ]);
    expect((rows[0] as { password_hash: string }).password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await api.must('POST', '/api/v1/auth/login', { email: 'legacy@example.com', password: 'Legacy!pass1' });
  });

  it('stops sign-in after 10 failures for an account, with the seconds to wait, and a right password after', async () => {
    const attempt = (password: string) =>
      api.call<{ retryAfterSeconds?: number }>('POST', '/api/v1/auth/login', { email: 'legacy@example.com', password });
    // A right password does not count.
    await api.must('POST', '/api/v1/auth/login', { email: 'legacy@example.com', password: 'Legacy!pass1' });
    for (let i = 0; i < 10; i++) expect((await attempt(`Wrong!pass${i}`)).code).toBe(4105);
    const stopped = await attempt('Legacy!pass1');
    expect(stopped).toMatchObject({ status: 429, code: 4111 });
    expect(stopped.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(stopped.data.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it('confirms a subscription to update mails, mails an update to subscribers, and unsubscribes by its link', async () => {
    const subscribed = await api.must<UserInfo>('PATCH', '/api/v1/user', { is_newsletter_subscribed: true });
    expect(subscribed.is_newsletter_subscribed).toBe(true);
    const confirmation = await smtp.next('first@example.com', /subscribed to SQLTune updates/);
    const link = linkOf(confirmation, '/app/unsubscribe?id=');
    // Header lines may be folded.
    expect(confirmation.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(`List-Unsubscribe: <${link.href}>`);
    const id = link.searchParams.get('id')!;
    expect(await api.must('GET', `/api/v1/user_unsubscribe?id=${encodeURIComponent(id)}`)).toEqual({
      email: 'first@example.com',
      subscribed: true,
    });

    const dir = mkdtempSync(join(tmpdir(), 'sqltune-update-'));
    const update = join(dir, 'update.md');
    writeFileSync(update, '# SQLTune 1.1 is out\n\nRedeem codes & <faster> plans.\n');
    expect(await app.admin(['newsletter', 'send', update])).toEqual(['sent to 1 subscriber']);
    const mail = await smtp.next('first@example.com', /^SQLTune 1\.1 is out$/);
    expect(mail.html).toContain('<p>Redeem codes &#38; &#60;faster&#62; plans.</p>');
    expect(linkOf(mail, '/app/unsubscribe?id=').href).toBe(link.href);

    const failed = await new ApiClient(base).call('POST', '/api/v1/user_unsubscribe', { id: 'forged' });
    expect(failed).toMatchObject({ code: 4501, message: 'Unsubscribe failed' });
    expect((await new ApiClient(base).call('GET', '/api/v1/user_unsubscribe?id=forged')).code).toBe(4501);
    expect(await new ApiClient(base).must('POST', '/api/v1/user_unsubscribe', { id })).toEqual({
      email: 'first@example.com',
    });
    expect((await api.must<UserInfo>('GET', '/api/v1/user')).is_newsletter_subscribed).toBe(false);
    expect(await app.admin(['newsletter', 'send', update])).toEqual(['sent to 0 subscribers']);
    rmSync(dir, { recursive: true, force: true });
  });
});
