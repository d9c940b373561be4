import type { ErrorCode } from '@sqltune/contracts';
import type { z } from 'zod';

/** Who may call a route: anyone, or a signed-in user (the session cookie or the bearer token). */
export type RouteAuth = 'public' | 'user';

/**
 * What the API documentation says about one route. The schemas are the ones the route itself parses its input with
 * and builds its answer from (packages/contracts), so the document cannot drift from the code.
 */
export interface RouteDoc {
  /** One line, as a heading: what the call does. */
  readonly summary: string;
  /** More about it: rules, limits, side effects. */
  readonly description?: string;
  /** The group it is listed under (auth, tasks, plans, ...). */
  readonly tag: string;
  readonly auth: RouteAuth;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** A multipart form (field name → description) accepted instead of, or besides, the JSON body. */
  readonly multipart?: Readonly<Record<string, string>>;
  /** The envelope's `data` on success; omitted when it is null. */
  readonly data?: z.ZodType;
  /** The codes of this route's own refusals; the ones every route can answer are added by the document. */
  readonly errors?: readonly ErrorCode[];
  /**
   * How the `body` and `query` above reach the handler (route-input.ts). `parsed` (the default): checked against
   * the schemas before the handler runs, which then reads them typed and already parsed; a refusal is 400 naming
   * the field (400, or 4109 for an email), or `refusal` when the route's contract names another code. `raw`: the
   * handler gets what was sent, because its service checks it field by field with codes of its own (feedback), or
   * the bytes matter (a signed webhook), or it comes as a multipart form (a submission).
   */
  readonly input?: 'parsed' | 'raw';
  /** The code a body or query that fails its schema is refused with, instead of 400. */
  readonly refusal?: ErrorCode;
}

/** Route options carrying the documentation: `app.get(path, documented({...}), handler)`. */
export function documented(doc: RouteDoc): { config: { doc: RouteDoc } } {
  return { config: { doc } };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's API documentation (openapi/plugin.ts collects it). */
    doc?: RouteDoc;
  }
}
