import { Language } from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userInfo } from '../../accounts/quota.ts';
import { users } from '../../db/schema.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { parseBody } from '../validate.ts';

const UserPatch = z.union([
  z.object({ language: Language }).strict(),
  z.object({ is_newsletter_subscribed: z.literal(true) }).strict(),
]);

export async function userRoutes(app: FastifyInstance, { database, config }: AppDeps) {
  const { db } = database;

  app.get('/v1/user', async (request) => ok(await userInfo(db, config.catalogue, await request.requireUser())));

  app.patch('/v1/user', async (request) => {
    const user = await request.requireUser();
    const patch = parseBody(UserPatch, request.body);
    const [updated] = await db
      .update(users)
      .set('language' in patch ? { language: patch.language } : { newsletter: true })
      .where(eq(users.id, user.id))
      .returning();
    return ok(await userInfo(db, config.catalogue, updated!));
  });
}
