import { randomBytes } from 'node:crypto';
import { AppError, ErrorCode, type Language } from '@sqltune/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { productUpdateMail, subscribedMail } from '../mail/templates.ts';

export function unsubscribeUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/app/unsubscribe?id=${encodeURIComponent(id)}`;
}

/** Subscribes the user to update mails (keeping an existing unsubscribe id) and mails the confirmation. */
export async function subscribe(db: Database, mailer: Mailer, publicUrl: string, userId: string): Promise<void> {
  const fresh = randomBytes(32).toString('base64url');
  const [user] = await db
    .update(users)
    .set({ newsletter: true, unsubscribeId: sql`coalesce(${users.unsubscribeId}, ${fresh})` })
    .where(eq(users.id, userId))
    .returning();
  const language: Language = user!.language === 'en' ? 'en' : 'zh';
  await mailer.send(subscribedMail(user!.email, language, unsubscribeUrl(publicUrl, user!.unsubscribeId!)));
}

/** Whose link this is (the address, to show before confirming); "Unsubscribe failed" (4501) for an unknown id. */
export async function unsubscribeTarget(db: Database, id: string): Promise<{ email: string; subscribed: boolean }> {
  const [user] = await db.select().from(users).where(eq(users.unsubscribeId, id)).limit(1);
  if (!user) throw new AppError(ErrorCode.UNSUBSCRIBE_FAILED, { field: 'id' });
  return { email: user.email, subscribed: user.newsletter };
}

export async function unsubscribe(db: Database, id: string): Promise<{ email: string }> {
  const [user] = await db
    .update(users)
    .set({ newsletter: false })
    .where(eq(users.unsubscribeId, id))
    .returning({ email: users.email });
  if (!user) throw new AppError(ErrorCode.UNSUBSCRIBE_FAILED, { field: 'id' });
  return user;
}

/** Mails a Markdown product update to every subscriber, each with their own unsubscribe link; answers how many. */
export async function sendProductUpdate(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  markdown: string,
): Promise<number> {
  const subscribers = await db
    .select()
    .from(users)
    .where(and(eq(users.newsletter, true), isNotNull(users.unsubscribeId)));
  for (const user of subscribers) {
    const language: Language = user.language === 'en' ? 'en' : 'zh';
    await mailer.send(
      productUpdateMail(user.email, language, markdown, unsubscribeUrl(publicUrl, user.unsubscribeId!)),
    );
  }
  return subscribers.length;
}
