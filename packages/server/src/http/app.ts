import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { AppError, ErrorCode, languageFromHeader } from '@sqltune/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { AppDatabase } from '../db/client.ts';
import type { JobQueue } from '../queue/queue.ts';
import { authPlugin } from './auth-plugin.ts';
import { failure, toAppError } from './envelope.ts';
import { authRoutes } from './routes/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { optimizeRoutes } from './routes/optimizes.ts';
import { userRoutes } from './routes/user.ts';

export interface AppDeps {
  config: Config;
  database: AppDatabase;
  queue: JobQueue;
}

/** Upload limit of the spec: one SQL or XML file (or up to three images, which come with OCR later). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel },
    genReqId: () => crypto.randomUUID(),
    bodyLimit: MAX_UPLOAD_BYTES,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10 } });

  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === ErrorCode.INTERNAL) request.log.error({ err: error }, 'unhandled error');
    void reply
      .status(appError.httpStatus)
      .send(failure(appError.detail, languageFromHeader(request.headers['accept-language'])));
  });

  await app.register(
    async (api) => {
      await api.register(authPlugin, deps);
      await api.register(healthRoutes, deps);
      await api.register(authRoutes, deps);
      await api.register(userRoutes, deps);
      await api.register(optimizeRoutes, deps);
    },
    { prefix: '/api' },
  );

  registerWeb(app, deps.config.webDist);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api')) {
      const error = new AppError(ErrorCode.NOT_FOUND, {
        message: {
          zh: `接口不存在：${request.method} ${request.url}`,
          en: `no such endpoint: ${request.method} ${request.url}`,
        },
      });
      return reply.status(404).send(failure(error.detail, languageFromHeader(request.headers['accept-language'])));
    }
    if (request.url.startsWith('/app') && existsSync(`${deps.config.webDist}/index.html`)) {
      // History fallback: every /app path is a client route.
      return reply.type('text/html').sendFile('index.html', deps.config.webDist);
    }
    return reply.redirect('/app/');
  });
  return app;
}

function registerWeb(app: FastifyInstance, webDist: string): void {
  app.get('/', (_request, reply) => reply.redirect('/app/'));
  if (!existsSync(webDist)) {
    app.log.warn({ webDist }, 'web app is not built: run `npm run build:web`');
    return;
  }
  void app.register(fastifyStatic, { root: webDist, prefix: '/app/', wildcard: false, index: ['index.html'] });
}
