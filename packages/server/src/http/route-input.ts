import { AppError } from '@sqltune/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { RouteDoc } from './openapi/route-doc.ts';
import { parseBody } from './validate.ts';

/**
 * A route's input is checked against the schemas its documentation declares (`documented({ body, query })`), so
 * the document and the check cannot differ and no handler parses its own input: the handler reads `request.body`
 * and `request.query` already parsed, typed by the route's generics (`app.post<{ Body: SignUpBody }>`).
 *
 * It runs after the sign-in check (auth-plugin.ts), so a caller without a session learns 401 before anything
 * about the shape of what they sent.
 */
export const routeInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      const doc = request.routeOptions.config.doc;
      if (!doc || doc.input === 'raw') return;
      if (doc.query) request.query = checked(doc, doc.query, request.query);
      if (doc.body) request.body = checked(doc, doc.body, request.body);
    });
  },
  { name: 'sqltune-route-input', dependencies: ['sqltune-auth'] },
);

function checked(doc: RouteDoc, schema: z.ZodType, input: unknown): unknown {
  if (!doc.refusal) return parseBody(schema, input);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new AppError(doc.refusal, { field: result.error.issues[0]!.path.join('.') || 'body' });
}
