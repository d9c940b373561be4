import {
  AppError,
  Credentials,
  ErrorCode,
  isStrongPassword,
  type SessionData,
  SignUpBody,
  TOKEN_COOKIE,
} from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hashPassword, verifyPassword } from '../../accounts/passwords.ts';
import { grantFreePlan } from '../../accounts/plans.ts';
import { createSession, deleteSession, SESSION_DAYS } from '../../accounts/sessions.ts';
import { users } from '../../db/schema.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { parseBody } from '../validate.ts';

/**
 * Email + password sign-up and sign-in. Activation by email, verification codes and password reset
 * arrive with the accounts issue; until then a new account is active at once.
 */
export async function authRoutes(app: FastifyInstance, { database }: AppDeps) {
  const { db } = database;

  app.post('/v1/auth/register', async (request, reply) => {
    const body = parseBody(SignUpBody, request.body);
    if (!body.acceptTerms) throw new AppError(ErrorCode.TERMS_NOT_ACCEPTED, { field: 'acceptTerms' });
    if (!isStrongPassword(body.password)) throw new AppError(ErrorCode.WEAK_PASSWORD, { field: 'password' });
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
    if (existing) throw new AppError(ErrorCode.EMAIL_REGISTERED, { field: 'email' });
    const language = request.headers['accept-language']?.toLowerCase().startsWith('en') ? 'en' : 'zh';
    const [user] = await db
      .insert(users)
      .values({ email: body.email, passwordHash: await hashPassword(body.password), language })
      .returning();
    await grantFreePlan(db, user!.id);
    return signedIn(reply, await createSession(db, user!.id), user!.email);
  });

  app.post('/v1/auth/login', async (request, reply) => {
    const body = parseBody(Credentials, request.body);
    const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
    if (!user) throw new AppError(ErrorCode.EMAIL_NOT_FOUND, { field: 'email' });
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      throw new AppError(ErrorCode.WRONG_CREDENTIALS, { field: 'password' });
    }
    return signedIn(reply, await createSession(db, user.id), user.email);
  });

  app.post('/v1/auth/logout', async (request, reply) => {
    const token = request.sessionToken();
    if (token) await deleteSession(db, token);
    void reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    return ok(null);
  });
}

/** The web app reads the cookie to know it is signed in, so it is not httpOnly; it also sends the bearer header. */
function signedIn(reply: FastifyReply, token: string, email: string) {
  void reply.setCookie(TOKEN_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    maxAge: SESSION_DAYS * 24 * 3600,
  });
  const data: SessionData = { token, email };
  return ok(data);
}
