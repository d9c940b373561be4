import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';

/** The plugins every group of API routes relies on: who is signed in, and input checked from the route's schemas. */
const ROUTE_DEPENDENCIES = ['sqltune-auth', 'sqltune-route-input'];

/**
 * A group of API routes as a Fastify plugin that says its name and what it needs: registering it where the
 * sign-in check or the input check is missing fails at start, not at the first request. It stays encapsulated
 * (its hooks and decorations are its own), as a plain route plugin is.
 */
export function routePlugin<Deps extends FastifyPluginOptions>(
  name: string,
  register: FastifyPluginAsync<Deps>,
): FastifyPluginAsync<Deps> {
  return fp(register, { name: `sqltune-routes-${name}`, dependencies: ROUTE_DEPENDENCIES, encapsulate: true });
}
