import { AppError, ErrorCode, TOKEN_COOKIE } from '@sqltune/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { userForToken } from '../accounts/sessions.ts';
import type { users } from '../db/schema.ts';
import type { AppDeps } from './app.ts';

type User = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user of a route documented with `auth: 'user'`: resolved before the handler runs, and such a
     * route answers 401 (which starts the client's logout flow) without a valid session. Reading it in a route not
     * documented so is a programming error.
     */
    readonly user: User;
    sessionToken(): string | undefined;
  }
}

/** The token comes as `Authorization: Bearer <token>` (the spec's client) or the Admin-Token cookie. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[TOKEN_COOKIE] || undefined;
}

/**
 * Who may call a route is said once, in its documentation (`documented({ auth })`): the same field the API
 * document shows is the one enforced here, so a route cannot be documented as signed-in only and be open.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, deps: AppDeps) => {
    const signedIn = new WeakMap<FastifyRequest, User>();
    app.decorateRequest('sessionToken', function (this: FastifyRequest) {
      return tokenOf(this);
    });
    app.decorateRequest('user', {
      getter(this: FastifyRequest): User {
        const user = signedIn.get(this);
        if (!user)
          throw new Error(`${this.routeOptions.url} reads request.user but is not documented with auth: 'user'`);
        return user;
      },
    });
    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.config.doc?.auth !== 'user') return;
      const token = tokenOf(request);
      const user = token ? await userForToken(deps.database.db, token) : undefined;
      if (!user) throw new AppError(ErrorCode.UNAUTHORIZED);
      signedIn.set(request, user);
    });
  },
  { name: 'sqltune-auth' },
);
