import { AppError, ErrorCode, Language, UnsubscribeBody } from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { subscribe, unsubscribe, unsubscribeTarget } from '../../accounts/newsletter.ts';
import { userInfo } from '../../accounts/quota.ts';
import { users } from '../../db/schema.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { parseBody } from '../validate.ts';

const UserPatch = z.union([
  z.object({ language: Language }).strict(),
  z.object({ is_newsletter_subscribed: z.literal(true) }).strict(),
]);

export async function userRoutes(app: FastifyInstance, { database, config, mailer }: AppDeps) {
  const { db } = database;

  app.get('/v1/user', async (request) => ok(await userInfo(db, config.catalogue, await request.requireUser())));

  app.patch('/v1/user', async (request) => {
    const user = await request.requireUser();
    const patch = parseBody(UserPatch, request.body);
    if ('language' in patch) await db.update(users).set({ language: patch.language }).where(eq(users.id, user.id));
    else await subscribe(db, mailer, config.publicUrl, user.id);
    const [updated] = await db.select().from(users).where(eq(users.id, user.id));
    return ok(await userInfo(db, config.catalogue, updated!));
  });

  // The link of an update mail: GET tells whose subscription it is, POST ends it. No sign-in: the id is the key.
  app.get<{ Querystring: { id?: string } }>('/v1/user_unsubscribe', async (request) =>
    ok(await unsubscribeTarget(db, request.query.id ?? '')),
  );

  app.post('/v1/user_unsubscribe', async (request) => {
    const parsed = UnsubscribeBody.safeParse(request.body ?? {});
    if (!parsed.success) throw new AppError(ErrorCode.UNSUBSCRIBE_FAILED, { field: 'id' });
    return ok(await unsubscribe(db, parsed.data.id));
  });
}
