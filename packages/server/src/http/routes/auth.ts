import { createHash, randomBytes } from 'node:crypto';
import {
  ActivationBody,
  ActivationMailBody,
  AppError,
  ChangePasswordBody,
  CodeSent,
  Credentials,
  ErrorCode,
  isStrongPassword,
  type Language,
  languageFromHeader,
  ResetPasswordBody,
  SendCodeBody,
  SessionData,
  SignedUp,
  SignUpBody,
  TOKEN_COOKIE,
} from '@sqltune/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_TTL_SECONDS, consumeCode, issueCode, RESEND_SECONDS, withdrawCode } from '../../accounts/codes.ts';
import { hashPassword, verifyPassword } from '../../accounts/passwords.ts';
import { ensureFreeGrant } from '../../accounts/quota.ts';
import { hit, RATE_LIMITS, undoHit } from '../../accounts/rate-limits.ts';
import { createSession, deleteAllSessions, deleteSession, SESSION_DAYS } from '../../accounts/sessions.ts';
import { users } from '../../db/schema.ts';
import { activationMail, passwordChangedMail, verificationCodeMail } from '../../mail/templates.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { routePlugin } from '../route-plugin.ts';
import { parseBody } from '../validate.ts';

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function requestLanguage(request: FastifyRequest): Language {
  return languageFromHeader(request.headers['accept-language']);
}

/**
 * Accounts: a mailed verification code before sign-up, activation by a mailed link, sign-in (activated accounts
 * only; scrypt hashes upgraded to argon2id), password reset by a mailed code and password change (both sign every
 * session out), sign-out. docs/design.md lists the calls and their answers.
 */
export const authRoutes = routePlugin('auth', async (app: FastifyInstance, { database, mailer, config }: AppDeps) => {
  const { db } = database;

  const findUser = async (email: string) => (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

  const activationUrl = (token: string) =>
    `${config.publicUrl}/app/login/activation?token=${encodeURIComponent(token)}`;

  /** A new activation token for the account (the previous link stops working) and its mail. */
  const sendActivation = async (userId: string, email: string, language: Language) => {
    const token = randomBytes(32).toString('base64url');
    await db
      .update(users)
      .set({ activationTokenHash: tokenHash(token) })
      .where(eq(users.id, userId));
    await mailer.send(activationMail(email, language, activationUrl(token)));
  };

  const storePasswordHash = async (userId: string, password: string) => {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, userId));
  };

  /** A reset or a change: the new password, every session signed out, and the notice mailed to the account. */
  const replacePassword = async (user: { id: string; email: string; language: string }, password: string) => {
    await storePasswordHash(user.id, password);
    await deleteAllSessions(db, user.id);
    await mailer.send(passwordChangedMail(user.email, user.language === 'en' ? 'en' : 'zh'));
  };

  app.post<{ Body: SendCodeBody }>(
    '/v1/auth/code',
    documented({
      summary: 'Mail a verification code for sign-up or a password reset',
      description:
        'The code expires; a new one can be asked for after resendAfterSeconds. Rate limited per address and per email.',
      tag: 'auth',
      auth: 'public',
      body: SendCodeBody,
      data: CodeSent,
      errors: [
        ErrorCode.INVALID_EMAIL,
        ErrorCode.EMAIL_REGISTERED,
        ErrorCode.EMAIL_NOT_FOUND,
        ErrorCode.TOO_MANY_REQUESTS,
      ],
    }),
    async (request) => {
      const body = request.body;
      const user = await findUser(body.email);
      if (body.purpose === 'register' && user) throw new AppError(ErrorCode.EMAIL_REGISTERED, { field: 'email' });
      if (body.purpose === 'reset' && !user) throw new AppError(ErrorCode.EMAIL_NOT_FOUND, { field: 'email' });
      await hit(db, RATE_LIMITS.codePerAddress, request.ip);
      await hit(db, RATE_LIMITS.codePerAccount, body.email);
      const code = await issueCode(db, body.email, body.purpose);
      const language = user?.language === 'en' || user?.language === 'zh' ? user.language : requestLanguage(request);
      try {
        await mailer.send(verificationCodeMail(body.email, language, body.purpose, code, CODE_TTL_SECONDS / 60));
      } catch (error) {
        await withdrawCode(db, body.email, body.purpose);
        throw error;
      }
      const sent: CodeSent = { resendAfterSeconds: RESEND_SECONDS, expiresInSeconds: CODE_TTL_SECONDS };
      return ok(sent);
    },
  );

  app.post<{ Body: SignUpBody }>(
    '/v1/auth/register',
    documented({
      summary: 'Sign up with the mailed code; an activation link is mailed',
      tag: 'auth',
      auth: 'public',
      body: SignUpBody,
      data: SignedUp,
      errors: [
        ErrorCode.INVALID_EMAIL,
        ErrorCode.TERMS_NOT_ACCEPTED,
        ErrorCode.WEAK_PASSWORD,
        ErrorCode.EMAIL_REGISTERED,
        ErrorCode.CODE_NOT_SENT,
        ErrorCode.CODE_INVALID,
        ErrorCode.TOO_MANY_REQUESTS,
      ],
    }),
    async (request) => {
      const body = request.body;
      if (!body.acceptTerms) throw new AppError(ErrorCode.TERMS_NOT_ACCEPTED, { field: 'acceptTerms' });
      if (!isStrongPassword(body.password)) throw new AppError(ErrorCode.WEAK_PASSWORD, { field: 'password' });
      if (await findUser(body.email)) throw new AppError(ErrorCode.EMAIL_REGISTERED, { field: 'email' });
      await hit(db, RATE_LIMITS.signUpPerAddress, request.ip);
      await consumeCode(db, body.email, 'register', body.code);
      const language = requestLanguage(request);
      const [user] = await db
        .insert(users)
        .values({ email: body.email, passwordHash: await hashPassword(body.password), language })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!user) throw new AppError(ErrorCode.EMAIL_REGISTERED, { field: 'email' });
      await ensureFreeGrant(db, config.catalogue, user.id);
      await sendActivation(user.id, user.email, language);
      const data: SignedUp = { email: user.email, activated: false };
      return ok(data);
    },
  );

  app.post<{ Body: ActivationBody }>(
    '/v1/auth/activate',
    documented({
      summary: 'Activate an account with the token of its mailed link; signs it in',
      tag: 'auth',
      auth: 'public',
      body: ActivationBody,
      data: SessionData,
      errors: [ErrorCode.EMAIL_ACTIVATED, ErrorCode.LINK_INVALID],
    }),
    async (request, reply) => {
      const { token } = request.body;
      const hash = tokenHash(token);
      const [activated] = await db
        .update(users)
        .set({ activatedAt: new Date() })
        .where(and(eq(users.activationTokenHash, hash), isNull(users.activatedAt)))
        .returning();
      if (activated) return signedIn(request, reply, await createSession(db, activated.id), activated.email);
      const [known] = await db.select({ id: users.id }).from(users).where(eq(users.activationTokenHash, hash)).limit(1);
      throw new AppError(known ? ErrorCode.EMAIL_ACTIVATED : ErrorCode.LINK_INVALID);
    },
  );

  app.post<{ Body: ActivationMailBody }>(
    '/v1/auth/activation-mail',
    documented({
      summary: 'Mail a new activation link (the previous one stops working)',
      tag: 'auth',
      auth: 'public',
      body: ActivationMailBody,
      errors: [
        ErrorCode.INVALID_EMAIL,
        ErrorCode.EMAIL_NOT_FOUND,
        ErrorCode.EMAIL_ACTIVATED,
        ErrorCode.TOO_MANY_REQUESTS,
      ],
    }),
    async (request) => {
      const { email } = request.body;
      const user = await findUser(email);
      if (!user) throw new AppError(ErrorCode.EMAIL_NOT_FOUND, { field: 'email' });
      if (user.activatedAt) throw new AppError(ErrorCode.EMAIL_ACTIVATED, { field: 'email' });
      await hit(db, RATE_LIMITS.codePerAddress, request.ip);
      await hit(db, RATE_LIMITS.codePerAccount, email);
      await sendActivation(user.id, user.email, user.language === 'en' ? 'en' : 'zh');
      return ok(null);
    },
  );

  app.post<{ Body: Credentials }>(
    '/v1/auth/login',
    documented({
      summary: 'Sign in: answers the session token and sets the Admin-Token cookie',
      description: 'Failed attempts are rate limited per account and per address.',
      tag: 'auth',
      auth: 'public',
      body: Credentials,
      data: SessionData,
      errors: [
        ErrorCode.INVALID_EMAIL,
        ErrorCode.EMAIL_NOT_FOUND,
        ErrorCode.WRONG_CREDENTIALS,
        ErrorCode.EMAIL_NOT_ACTIVATED,
        ErrorCode.TOO_MANY_REQUESTS,
      ],
    }),
    async (request, reply) => {
      const body = request.body;
      await hit(db, RATE_LIMITS.signInPerAddress, request.ip);
      await hit(db, RATE_LIMITS.signInPerAccount, body.email);
      const user = await findUser(body.email);
      if (!user) throw new AppError(ErrorCode.EMAIL_NOT_FOUND, { field: 'email' });
      const check = await verifyPassword(body.password, user.passwordHash);
      if (!check.ok) throw new AppError(ErrorCode.WRONG_CREDENTIALS, { field: 'password' });
      // Only failed sign-ins count against the limits.
      await undoHit(db, RATE_LIMITS.signInPerAccount, body.email);
      await undoHit(db, RATE_LIMITS.signInPerAddress, request.ip);
      if (!user.activatedAt) throw new AppError(ErrorCode.EMAIL_NOT_ACTIVATED, { field: 'email' });
      if (check.needsRehash) await storePasswordHash(user.id, body.password);
      return signedIn(request, reply, await createSession(db, user.id), user.email);
    },
  );

  app.post<{ Body: ResetPasswordBody }>(
    '/v1/auth/reset',
    documented({
      summary: 'Set a new password with the mailed reset code; every session is signed out',
      tag: 'auth',
      auth: 'public',
      body: ResetPasswordBody,
      errors: [
        ErrorCode.INVALID_EMAIL,
        ErrorCode.WEAK_PASSWORD,
        ErrorCode.EMAIL_NOT_FOUND,
        ErrorCode.CODE_NOT_SENT,
        ErrorCode.CODE_INVALID,
      ],
    }),
    async (request) => {
      const body = request.body;
      if (!isStrongPassword(body.password)) throw new AppError(ErrorCode.WEAK_PASSWORD, { field: 'password' });
      const user = await findUser(body.email);
      if (!user) throw new AppError(ErrorCode.EMAIL_NOT_FOUND, { field: 'email' });
      await consumeCode(db, body.email, 'reset', body.code);
      await replacePassword(user, body.password);
      return ok(null);
    },
  );

  app.post<{ Body: ChangePasswordBody }>(
    '/v1/auth/password',
    documented({
      summary: "Change the signed-in user's password; other sessions are signed out, this one gets a new token",
      tag: 'auth',
      auth: 'user',
      body: ChangePasswordBody,
      data: SessionData,
      errors: [ErrorCode.WRONG_CREDENTIALS, ErrorCode.WEAK_PASSWORD],
    }),
    async (request, reply) => {
      const user = request.user;
      const body = request.body;
      const check = await verifyPassword(body.oldPassword, user.passwordHash);
      if (!check.ok) throw new AppError(ErrorCode.WRONG_CREDENTIALS, { field: 'oldPassword' });
      if (!isStrongPassword(body.password)) throw new AppError(ErrorCode.WEAK_PASSWORD, { field: 'password' });
      await replacePassword(user, body.password);
      // Every other session is gone; this client goes on with a new one.
      return signedIn(request, reply, await createSession(db, user.id), user.email);
    },
  );

  app.post(
    '/v1/auth/logout',
    documented({ summary: 'Sign out this session', tag: 'auth', auth: 'public' }),
    async (request, reply) => {
      const token = request.sessionToken();
      if (token) await deleteSession(db, token);
      void reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      return ok(null);
    },
  );
});

/**
 * The web app reads the cookie to know it is signed in, so it is not httpOnly; it also sends the bearer header.
 * Served over HTTPS (directly, or behind a proxy with SQLTUNE_TRUST_PROXY), the cookie is Secure.
 */
function signedIn(request: FastifyRequest, reply: FastifyReply, token: string, email: string) {
  void reply.setCookie(TOKEN_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_DAYS * 24 * 3600,
  });
  const data: SessionData = { token, email };
  return ok(data);
}
