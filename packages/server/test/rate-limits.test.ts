import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import {
  postgresBinDir,
  type RunningPostgres,
  serviceAvailable,
  startPostgres,
} from '../../../test-support/services.ts';

/**
 * Two API processes' worth of runtimes on one PostgreSQL, as behind a load balancer: a limit counted by one holds at
 * the other. The second trusts its proxy's X-Forwarded-Proto, so HTTPS there gives a Secure cookie and HSTS.
 */
describe.runIf(serviceAvailable('PostgreSQL', postgresBinDir))('rate limits and headers across API processes', () => {
  let postgres: RunningPostgres;
  const apps: AppUnderTest[] = [];
  let first: ApiClient;
  let second: ApiClient;

  beforeAll(async () => {
    postgres = await startPostgres();
    for (const trustProxy of ['false', 'true']) {
      const env = { DATABASE_URL: postgres.url, SQLTUNE_TRUST_PROXY: trustProxy };
      apps.push(await startApp({ name: 'limits', worker: false, env }));
    }
    await apps[0]!.addAccount('limits@example.com', 'Str0ng!pass');
    [first, second] = apps.map((app) => new ApiClient(app.base)) as [ApiClient, ApiClient];
  });

  afterAll(async () => {
    for (const app of apps) await app.stop();
    await postgres?.stop();
  });

  it('stops sign-in after 10 failures for the account, counted on both processes together', async () => {
    for (let i = 0; i < 10; i++) {
      const api = i % 2 ? second : first;
      const answer = await api.call('POST', '/api/v1/auth/login', {
        email: 'limits@example.com',
        password: `Bad!pass${i}`,
      });
      expect(answer.code).toBe(4105);
    }
    for (const api of [first, second]) {
      const stopped = await api.call<{ retryAfterSeconds: number }>('POST', '/api/v1/auth/login', {
        email: 'limits@example.com',
        password: 'Str0ng!pass',
      });
      expect(stopped).toMatchObject({ status: 429, code: 4111 });
      expect(stopped.message).toBe(`too many attempts, try again in ${stopped.data.retryAfterSeconds} s`);
    }
  });

  it('sends the security headers on API answers', async () => {
    const response = await fetch(`${first.base}/api/v1/health`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('marks the session cookie Secure when served over HTTPS, and only then', async () => {
    const signIn = (api: ApiClient, proto?: string) =>
      fetch(`${api.base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(proto ? { 'x-forwarded-proto': proto } : {}) },
        body: JSON.stringify({ email: 'other@example.com', password: 'x' }),
      });
    await apps[0]!.addAccount('other@example.com', 'Str0ng!pass');
    const login = (api: ApiClient, proto?: string) =>
      fetch(`${api.base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(proto ? { 'x-forwarded-proto': proto } : {}) },
        body: JSON.stringify({ email: 'other@example.com', password: 'Str0ng!pass' }),
      });
    expect((await signIn(second, 'https')).status).toBe(400);
    const secure = await login(second, 'https');
    expect(secure.headers.get('set-cookie')).toMatch(/^Admin-Token=[^;]+;.*Secure/);
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const plain = await login(second);
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
    // A process that does not trust a proxy ignores the header.
    const untrusted = await login(first, 'https');
    expect(untrusted.headers.get('set-cookie')).not.toMatch(/Secure/);
  });
});
