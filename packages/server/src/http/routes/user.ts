import { AppError, ErrorCode, Language, UnsubscribeBody, UserInfo } from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { subscribe, unsubscribe, unsubscribeTarget } from '../../accounts/newsletter.ts';
import { userInfo } from '../../accounts/quota.ts';
import { users } from '../../db/schema.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { routePlugin } from '../route-plugin.ts';
import { parseBody } from '../validate.ts';

const UserPatch = z.union([
  z.object({ language: Language }).strict(),
  z.object({ is_newsletter_subscribed: z.literal(true) }).strict(),
]);
type UserPatch = z.infer<typeof UserPatch>;

export const userRoutes = routePlugin('user', async (app: FastifyInstance, { database, config, mailer }: AppDeps) => {
  const { db } = database;

  app.get(
    '/v1/user',
    documented({
      summary: 'The signed-in user: email, language, update-mail subscription, usage and active grants',
      tag: 'user',
      auth: 'user',
      data: UserInfo,
    }),
    async (request) => ok(await userInfo(db, config.catalogue, request.user)),
  );

  app.patch<{ Body: UserPatch }>(
    '/v1/user',
    documented({
      summary: "Set the user's language, or subscribe to product-update mails (a confirmation is mailed)",
      tag: 'user',
      auth: 'user',
      body: UserPatch,
      data: UserInfo,
    }),
    async (request) => {
      const user = request.user;
      const patch = request.body;
      if ('language' in patch) await db.update(users).set({ language: patch.language }).where(eq(users.id, user.id));
      else await subscribe(db, mailer, config.publicUrl, user.id);
      const [updated] = await db.select().from(users).where(eq(users.id, user.id));
      return ok(await userInfo(db, config.catalogue, updated!));
    },
  );

  // The link of an update mail: GET tells whose subscription it is, POST ends it. No sign-in: the id is the key.
  app.get<{ Querystring: UnsubscribeBody }>(
    '/v1/user_unsubscribe',
    documented({
      summary: "Whose subscription an update mail's unsubscribe link is for",
      tag: 'user',
      auth: 'public',
      query: UnsubscribeBody,
      data: z.object({ email: z.string(), subscribed: z.boolean() }),
      errors: [ErrorCode.UNSUBSCRIBE_FAILED],
      refusal: ErrorCode.UNSUBSCRIBE_FAILED,
    }),
    async (request) => ok(await unsubscribeTarget(db, request.query.id)),
  );

  app.post<{ Body: UnsubscribeBody }>(
    '/v1/user_unsubscribe',
    documented({
      summary: "End the subscription an update mail's link names",
      tag: 'user',
      auth: 'public',
      body: UnsubscribeBody,
      data: z.object({ email: z.string() }),
      errors: [ErrorCode.UNSUBSCRIBE_FAILED],
      refusal: ErrorCode.UNSUBSCRIBE_FAILED,
    }),
    async (request) => ok(await unsubscribe(db, request.body.id)),
  );
});
