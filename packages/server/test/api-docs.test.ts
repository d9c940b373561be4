import { errorMessages } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { type OpenApiDocument, openApiPath } from '../src/http/openapi/document.ts';
import type { Runtime } from '../src/runtime.ts';

/**
 * Every API route Fastify has, read from its own route table (not from the hook the document is built from). The table
 * is a tree: each line's depth is its indent (4 characters a level), its path the parent's path plus its segment.
 */
function registeredApiRoutes(runtime: Runtime): Array<{ method: string; path: string }> {
  const parents: string[] = [];
  const routes: Array<{ method: string; path: string }> = [];
  for (const line of runtime.app!.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    if (!path.startsWith('/api/') || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method, path: openApiPath(path) });
  }
  return routes;
}

function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsOf(inner),
  );
}

describe('the API documentation at /api/docs', () => {
  let app: AppUnderTest;
  let runtime: Runtime;
  let base: string;
  let document: OpenApiDocument;

  beforeAll(async () => {
    app = await startApp({ name: 'api-docs', worker: false });
    runtime = app.runtime;
    base = app.base;
    document = (await (await fetch(`${base}/api/docs/openapi.json`)).json()) as OpenApiDocument;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('refuses every route documented as signed-in only with 401 without a session, and opens the others', async () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { security?: unknown[] }>).map(([method, operation]) => ({
        method: method.toUpperCase(),
        // Path parameters get a value of the right shape that names nothing.
        url: `${base}${path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`,
        signedIn: (operation.security ?? []).length > 0,
      })),
    );
    expect(operations.filter((o) => o.signedIn).length).toBeGreaterThan(15);
    for (const { method, url, signedIn } of operations) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
      const headers = body ? { 'content-type': 'application/json' } : undefined;
      for (const authorization of [undefined, 'Bearer not-a-session']) {
        const answer = await fetch(url, {
          method,
          body,
          headers: { ...headers, ...(authorization ? { authorization } : {}) },
        });
        const label = `${method} ${url.slice(base.length)} ${authorization ?? 'no token'}`;
        if (signedIn) expect(answer.status, label).toBe(401);
        else expect(answer.status, label).not.toBe(401);
      }
    }
  });

  it('lists every registered API route, each documented', () => {
    const routes = registeredApiRoutes(runtime);
    expect(routes.length).toBeGreaterThan(15);
    for (const { method, path } of routes) {
      const operation = document.paths[path]?.[method.toLowerCase()] as Record<string, unknown> | undefined;
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!['x-undocumented'], `${method} ${path} has no documentation`).toBeUndefined();
      expect(operation!.summary).toEqual(expect.any(String));
    }
  });

  it('names each path parameter, resolves each reference, and gives each refusal code its two messages', () => {
    const components = new Set(Object.keys(document.components.schemas).map((name) => `#/components/schemas/${name}`));
    expect(refsOf(document).filter((ref) => !components.has(ref))).toEqual([]);
    for (const [path, methods] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const operation of Object.values(methods) as Array<Record<string, unknown>>) {
        const parameters = (operation.parameters ?? []) as Array<{ name: string; in: string }>;
        expect(parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(names);
        for (const entry of (operation['x-error-codes'] ?? []) as Array<{
          code: number;
          status: number;
          zh: string;
          en: string;
        }>) {
          expect(errorMessages[entry.code as keyof typeof errorMessages]).toEqual({ zh: entry.zh, en: entry.en });
          expect(entry.status).toBeGreaterThanOrEqual(400);
        }
      }
    }
    const login = document.paths['/api/v1/auth/login']!.post as Record<string, unknown>;
    expect(JSON.stringify(login.requestBody)).toContain('"password"');
    expect(login['x-error-codes']).toContainEqual(expect.objectContaining({ code: 4105, status: 400 }));
    expect(login['x-error-codes']).toContainEqual(expect.objectContaining({ code: 4111, status: 429 }));
    const create = document.paths['/api/v1/optimizes']!.post as Record<string, unknown>;
    expect(create.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(Object.keys((create.requestBody as { content: object }).content)).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
  });

  it('serves a page listing every operation, under the app security headers', async () => {
    const response = await fetch(`${base}/api/docs`);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    for (const path of Object.keys(document.paths)) expect(html).toContain(path.replace(/&/g, '&#38;'));
  });
});
