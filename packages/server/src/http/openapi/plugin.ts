import { createRequire } from 'node:module';
import { API_PREFIX } from '@sqltune/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildOpenApiDocument, type OpenApiDocument, type RegisteredRoute } from './document.ts';
import { renderApiPage } from './page.ts';
import { documented, type RouteDoc } from './route-doc.ts';

const appVersion: string = createRequire(import.meta.url)('../../../package.json').version;

export const API_DOCS_PATH = `${API_PREFIX}/docs`;
export const API_DOCS_JSON_PATH = `${API_PREFIX}/docs/openapi.json`;

/**
 * Collects every API route as it is registered (with the documentation in its options) and serves the OpenAPI
 * document built from them, as JSON and as a page. Register it before the routes: Fastify tells a hook only of
 * routes added after it.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: RegisteredRoute[] = [];
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(`${API_PREFIX}/`) || route.method === 'HEAD') return;
      const doc = route.config?.doc;
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, doc });
    });
    let built: OpenApiDocument | undefined;
    const document = () => {
      built ??= buildOpenApiDocument(routes, appVersion);
      return built;
    };
    app.get(
      API_DOCS_JSON_PATH,
      documented({ summary: 'This document (OpenAPI 3.1)', tag: 'docs', auth: 'public' }),
      async () => document(),
    );
    app.get(
      API_DOCS_PATH,
      documented({ summary: 'This document as a page', tag: 'docs', auth: 'public' }),
      async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(renderApiPage(document(), API_DOCS_JSON_PATH)),
    );
  },
  { name: 'sqltune-openapi' },
);
