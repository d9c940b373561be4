import { API_PREFIX, AppError, ErrorCode, errorMessages, Message } from '@sqltune/contracts';
import { z } from 'zod';
import type { RouteDoc } from './route-doc.ts';

/** A route as Fastify registered it, with the documentation it was given (none for an undocumented route). */
export interface RegisteredRoute {
  readonly method: string;
  /** Fastify's form: `/api/v1/optimizes/:id`. */
  readonly url: string;
  readonly doc?: RouteDoc;
}

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

/** Codes any route can answer: a malformed request, a body of the wrong kind or size, an internal error. */
const COMMON_ERRORS: readonly ErrorCode[] = [
  ErrorCode.BAD_REQUEST,
  ErrorCode.BODY_TOO_LARGE,
  ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  ErrorCode.INTERNAL,
];

/** Fastify's `:id` → OpenAPI's `{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/**
 * The OpenAPI 3.1 document of the registered routes. Every route appears; an undocumented one is listed with
 * `x-undocumented: true` (a test fails on it). Shared sub-schemas of the zod contracts become components.
 */
export function buildOpenApiDocument(routes: readonly RegisteredRoute[], version: string): OpenApiDocument {
  const components: Record<string, JsonSchema> = { Envelope: envelopeSchema() };
  const toSchema = (owner: string, schema: z.ZodType, io: 'input' | 'output') =>
    hoisted(owner, z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io }), components);
  components.Message = toSchema('Message', Message, 'output');
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))) {
    const path = openApiPath(route.url);
    const method = route.method.toLowerCase();
    const id = operationId(route.method, route.url);
    paths[path] ??= {};
    if (!route.doc) {
      paths[path][method] = { operationId: id, summary: 'undocumented', 'x-undocumented': true, responses: {} };
      continue;
    }
    const doc = route.doc;
    tags.add(doc.tag);
    paths[path][method] = {
      operationId: id,
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      tags: [doc.tag],
      ...(doc.auth === 'user' ? { security: [{ bearer: [] }, { cookie: [] }] } : { security: [] }),
      parameters: [
        ...parametersOf('path', doc.params && toSchema(`${id}Params`, doc.params, 'input')),
        ...parametersOf('query', doc.query && toSchema(`${id}Query`, doc.query, 'input')),
      ],
      ...requestBodyOf(doc, (schema) => toSchema(`${id}Body`, schema, 'input')),
      responses: {
        '200': {
          description: 'The envelope: code 0 and the data, or a refusal with its code (see x-error-codes).',
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/Envelope' },
                  { properties: { data: doc.data ? toSchema(`${id}Data`, doc.data, 'output') : { type: 'null' } } },
                ],
              },
            },
          },
        },
      },
      'x-error-codes': errorCodesOf(doc),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'SQLTune API',
      version,
      description:
        'Every answer is an envelope { code, message, data }: code 0 is success; any other code is a refusal whose ' +
        'data holds the bilingual message, the field and, for content errors, the line and column. Each operation ' +
        'lists its refusal codes with the HTTP status they answer with.',
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/v1/auth/login.' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'Admin-Token' },
      },
    },
  };
}

function operationId(method: string, url: string): string {
  const words = url
    .slice(API_PREFIX.length)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

function errorCodesOf(doc: RouteDoc): Array<{ code: number; status: number; zh: string; en: string }> {
  const codes = new Set<ErrorCode>([...(doc.errors ?? []), ...COMMON_ERRORS]);
  if (doc.auth === 'user') codes.add(ErrorCode.UNAUTHORIZED);
  return [...codes]
    .sort((a, b) => a - b)
    .map((code) => ({
      code,
      status: new AppError(code).httpStatus,
      zh: errorMessages[code].zh,
      en: errorMessages[code].en,
    }));
}

function parametersOf(where: 'path' | 'query', schema: JsonSchema | undefined): unknown[] {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function requestBodyOf(doc: RouteDoc, toSchema: (schema: z.ZodType) => JsonSchema): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  if (doc.body) content['application/json'] = { schema: toSchema(doc.body) };
  if (doc.multipart) {
    content['multipart/form-data'] = {
      schema: {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(doc.multipart).map(([name, description]) => [
            name,
            name === 'file' ? { type: 'string', format: 'binary', description } : { type: 'string', description },
          ]),
        ),
      },
    };
  }
  return Object.keys(content).length > 0 ? { requestBody: { required: true, content } } : {};
}

/**
 * A zod JSON Schema keeps its shared parts in `$defs` with `#/$defs/...` references, which in an OpenAPI document
 * would resolve against the document's root: they move to components under a name prefixed with their owner.
 */
function hoisted(owner: string, schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const rename = (name: string) => `${owner}_${name}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) =>
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? [key, `#/components/schemas/${rename(inner.slice('#/$defs/'.length))}`]
          : [key, rewrite(inner)],
      ),
    );
  };
  for (const [name, definition] of Object.entries($defs ?? {}))
    components[rename(name)] = rewrite(definition) as JsonSchema;
  return rewrite(rest) as JsonSchema;
}

function envelopeSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: {
      code: { type: 'integer', description: '0 on success, else the refusal code.' },
      message: { type: 'string', description: "'success', or the refusal in the request's language." },
      data: { description: "The call's answer, or the refusal's Message." },
    },
  };
}
