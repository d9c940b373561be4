import { AppError, ErrorCode, RedeemBody } from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userInfo } from '../../accounts/quota.ts';
import { hit, RATE_LIMITS } from '../../accounts/rate-limits.ts';
import { codeInfo, redeemCode } from '../../accounts/redeem.ts';
import { users } from '../../db/schema.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { parseBody } from '../validate.ts';

/** Redeem codes: look one up, and redeem it for the signed-in account. Both are rate limited (codes are guessable). */
export async function redeemRoutes(app: FastifyInstance, { database, config }: AppDeps) {
  const { db } = database;

  const limited = async (request: FastifyRequest, userId: string) => {
    await hit(db, RATE_LIMITS.redeemPerAddress, request.ip);
    await hit(db, RATE_LIMITS.redeemPerAccount, userId);
  };

  app.get<{ Params: { code: string } }>('/v1/redeem_codes/:code', async (request) => {
    const user = await request.requireUser();
    await limited(request, user.id);
    return ok(await codeInfo(db, request.params.code));
  });

  app.post('/v1/redeem_vip', async (request) => {
    const user = await request.requireUser();
    const body = parseBody(RedeemBody, request.body);
    if (!body.code) throw new AppError(ErrorCode.REDEEM_CODE_REQUIRED, { field: 'code' });
    if (body.email) {
      // The form may name the account to credit: it must exist, and be the caller's own.
      const [named] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
      if (!named) throw new AppError(ErrorCode.USER_NOT_FOUND, { field: 'email' });
      if (named.id !== user.id) throw new AppError(ErrorCode.FORBIDDEN, { field: 'email' });
    }
    await limited(request, user.id);
    const validUntil = await redeemCode(db, config.catalogue, user.id, body.code);
    return ok({ validUntil: validUntil.toISOString(), user: await userInfo(db, config.catalogue, user) });
  });
}
