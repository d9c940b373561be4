import { AppError, ErrorCode, TOKEN_COOKIE } from '@sqltune/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { userForToken } from '../accounts/sessions.ts';
import type { users } from '../db/schema.ts';
import type { AppDeps } from './app.ts';

type User = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or throws 401 (which starts the client's logout flow). */
    requireUser(): Promise<User>;
    sessionToken(): string | undefined;
  }
}

/** The token comes as `Authorization: Bearer <token>` (the spec's client) or the Admin-Token cookie. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[TOKEN_COOKIE] || undefined;
}

export const authPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  app.decorateRequest('sessionToken', function (this: FastifyRequest) {
    return tokenOf(this);
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const token = tokenOf(this);
    const user = token ? await userForToken(deps.database.db, token) : undefined;
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED);
    return user;
  });
});
