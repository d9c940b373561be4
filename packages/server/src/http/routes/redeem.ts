import { AppError, ErrorCode, RedeemBody, RedeemCodeInfo, UserInfo } from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userInfo } from '../../accounts/quota.ts';
import { hit, RATE_LIMITS } from '../../accounts/rate-limits.ts';
import { codeInfo, redeemCode } from '../../accounts/redeem.ts';
import { users } from '../../db/schema.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { routePlugin } from '../route-plugin.ts';
import { parseBody } from '../validate.ts';

/** Redeem codes: look one up, and redeem it for the signed-in account. Both are rate limited (codes are guessable). */
export const redeemRoutes = routePlugin('redeem', async (app: FastifyInstance, { database, config }: AppDeps) => {
  const { db } = database;

  const limited = async (request: FastifyRequest, userId: string) => {
    await hit(db, RATE_LIMITS.redeemPerAddress, request.ip);
    await hit(db, RATE_LIMITS.redeemPerAccount, userId);
  };

  app.get<{ Params: { code: string } }>(
    '/v1/redeem_codes/:code',
    documented({
      summary: 'What a redeem code grants, and whether it is still unused',
      tag: 'plans',
      auth: 'user',
      params: z.object({ code: z.string() }),
      data: RedeemCodeInfo,
      errors: [ErrorCode.REDEEM_CODE_NOT_FOUND, ErrorCode.TOO_MANY_REQUESTS],
    }),
    async (request) => {
      const user = request.user;
      await limited(request, user.id);
      return ok(await codeInfo(db, request.params.code));
    },
  );

  app.post<{ Body: RedeemBody }>(
    '/v1/redeem_vip',
    documented({
      summary: "Redeem a code for the signed-in user's account (each code once)",
      tag: 'plans',
      auth: 'user',
      body: RedeemBody,
      data: z.object({ validUntil: z.iso.datetime(), user: UserInfo }),
      errors: [
        ErrorCode.REDEEM_CODE_REQUIRED,
        ErrorCode.REDEEM_CODE_NOT_FOUND,
        ErrorCode.REDEEM_FAILED,
        ErrorCode.USER_NOT_FOUND,
        ErrorCode.FORBIDDEN,
        ErrorCode.TOO_MANY_REQUESTS,
      ],
    }),
    async (request) => {
      const user = request.user;
      const body = request.body;
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
    },
  );
});
