import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authPlugin } from './auth-plugin.ts';
import { routeInputPlugin } from './route-input.ts';
import { healthRoutes } from './routes/health.ts';
import { shareRoutes } from './routes/shares.ts';

describe('route groups as plugins', () => {
  it('refuses to start a route group registered without the sign-in and input checks it names', async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(shareRoutes, {} as never)).rejects.toThrow(/sqltune-auth/);
    await app.close();
  });

  it('starts one registered after them, under its own name', async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin, {} as never);
    await app.register(routeInputPlugin);
    await app.register(healthRoutes, {} as never);
    await app.ready();
    expect(app.hasPlugin('sqltune-routes-health')).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/v1/health' })).toBe(true);
    await app.close();
  });
});
