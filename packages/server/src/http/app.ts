import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { AppError, ErrorCode, MAX_TEXT_FILES } from '@sqltune/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';

import type { Config } from '../config.ts';
import type { AppDatabase } from '../db/client.ts';
import type { ExampleMaker } from '../examples/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createPaymentProvider } from '../payments/index.ts';
import type { AnalysisPool } from '../tasks/analysis-pool.ts';
import { FIELD_BYTE_LIMITS, MAX_FIELD_BYTES } from '../tasks/limits.ts';
import { authPlugin } from './auth-plugin.ts';
import { failure, toAppError } from './envelope.ts';
import { openApiPlugin } from './openapi/plugin.ts';
import {
  allowedMethods,
  clientErrorHandler,
  frameworkErrors,
  languageOf,
  methodNotAllowed,
} from './protocol-errors.ts';
import { routeInputPlugin } from './route-input.ts';
import { authRoutes } from './routes/auth.ts';
import { chatRoutes } from './routes/chat.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { healthRoutes } from './routes/health.ts';
import { optimizeRoutes } from './routes/optimizes.ts';
import { paymentRoutes } from './routes/payments.ts';
import { productRoutes } from './routes/products.ts';
import { redeemRoutes } from './routes/redeem.ts';
import { shareRoutes } from './routes/shares.ts';
import { siteRoutes } from './routes/site.ts';
import { userRoutes } from './routes/user.ts';
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts';

export interface AppDeps {
  config: Config;
  database: AppDatabase;
  analysis: AnalysisPool;
  log: FastifyBaseLogger;
  /** Called after a task is stored: an in-process worker looks for it at once. */
  onTaskCreated: () => void;
  mailer: Mailer;
  /** Makes the live examples (null when they are off); a visit to a failed one asks it to make that one again. */
  examples: ExampleMaker | null;
}

/**
 * A JSON body holds every field at its limit plus 1 MiB for JSON's escapes (a newline or quote takes two bytes): a
 * larger body is refused with 413 before it is parsed.
 */
export const MAX_JSON_BODY_BYTES = Object.values(FIELD_BYTE_LIMITS).reduce((sum, bytes) => sum + bytes, 1024 * 1024);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: MAX_JSON_BODY_BYTES,
    clientErrorHandler,
    frameworkErrors,
    trustProxy: deps.config.trustProxy,
  });
  const payments = createPaymentProvider(deps.config.payments);
  if (payments.name === 'local' && !/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|$)/.test(deps.config.publicUrl)) {
    deps.log.warn(
      { publicUrl: deps.config.publicUrl },
      'checkout is the local test provider: any signed-in user can add any plan with the test card; set SQLTUNE_PAYMENT_PROVIDER=fastspring to take payments',
    );
  }
  const setSecurityHeaders = securityHeaders(contentSecurityPolicy(payments.contentSecurity));
  app.addHook('onSend', async (request, reply) => {
    setSecurityHeaders(request, reply);
  });
  // The API reads JSON and multipart only: any other body type is 415, not a string handed to a route.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  // A field or file over the largest limit is marked truncated by the parser; the route refuses it (4207).
  await app.register(multipart, {
    limits: { files: MAX_TEXT_FILES, fileSize: MAX_FIELD_BYTES, fieldSize: MAX_FIELD_BYTES, fields: 10, parts: 11 },
  });

  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === ErrorCode.INTERNAL) request.log.error({ err: error }, 'unhandled error');
    if (appError.detail.retryAfterSeconds) void reply.header('retry-after', String(appError.detail.retryAfterSeconds));
    void reply.status(appError.httpStatus).send(failure(appError.detail, languageOf(request)));
  });

  // Before the routes: it collects each one as it is registered.
  await app.register(openApiPlugin);
  await app.register(
    async (api) => {
      await api.register(authPlugin, deps);
      await api.register(routeInputPlugin);
      await api.register(healthRoutes, deps);
      await api.register(authRoutes, deps);
      await api.register(userRoutes, deps);
      await api.register(optimizeRoutes, deps);
      await api.register(productRoutes, deps);
      await api.register(redeemRoutes, deps);
      await api.register(paymentRoutes, { ...deps, payments });
      await api.register(siteRoutes, { ...deps, payments });
      await api.register(shareRoutes, deps);
      await api.register(feedbackRoutes, deps);
      await api.register(chatRoutes, deps);
      // A path under /api that no route takes: 405 with Allow when another method takes it, else 404, as envelopes.
      api.setNotFoundHandler((request, reply) => {
        const allowed = allowedMethods(app, request.url);
        const error =
          allowed.length > 0 ? methodNotAllowed(request, allowed) : noSuchEndpoint(request.method, request.url);
        if (allowed.length > 0) void reply.header('allow', allowed.join(', '));
        return reply.status(error.httpStatus).send(failure(error.detail, languageOf(request)));
      });
    },
    { prefix: '/api' },
  );
  await app.register(async (web) => registerWeb(web, deps.config.webDist), { prefix: '/app' });
  app.get('/', (_request, reply) => reply.redirect('/app/'));
  // Anything else is no page of ours: the app's start page.
  app.setNotFoundHandler((_request, reply) => reply.redirect('/app/'));
  return app;
}

function noSuchEndpoint(method: string, url: string): AppError {
  return new AppError(ErrorCode.NOT_FOUND, {
    message: { zh: `接口不存在：${method} ${url}`, en: `no such endpoint: ${method} ${url}` },
  });
}

/** The built web app under /app: its files, and index.html for every other /app path (client routes). */
function registerWeb(web: FastifyInstance, webDist: string): void {
  if (!existsSync(webDist)) {
    web.log.warn({ webDist }, 'web app is not built: run `npm run build:web`');
    web.setNotFoundHandler((_request, reply) =>
      reply.status(404).type('text/plain').send('The web app is not built: run `npm run build:web`.\n'),
    );
    return;
  }
  void web.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: ['index.html'] });
  // History fallback: every /app path is a client route.
  web.setNotFoundHandler((_request, reply) => reply.type('text/html').sendFile('index.html', webDist));
}
