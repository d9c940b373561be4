import { createRequire } from 'node:module';
import { Health } from '@sqltune/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { routePlugin } from '../route-plugin.ts';

const appVersion: string = createRequire(import.meta.url)('../../../package.json').version;

export const healthRoutes = routePlugin('health', async (app: FastifyInstance, deps: AppDeps) => {
  app.get(
    '/v1/health',
    documented({
      summary: 'The app, database and queue versions (for monitoring)',
      tag: 'service',
      auth: 'public',
      data: Health,
    }),
    async () => {
      const health: Health = {
        app: { name: 'sqltune', version: appVersion },
        database: { kind: deps.database.kind, version: await deps.database.version() },
        // The queue is the app's own tasks table (queue/task-queue.ts): it has the app's version.
        queue: { name: 'sqltune tasks', version: appVersion },
      };
      return ok(health);
    },
  );
});
