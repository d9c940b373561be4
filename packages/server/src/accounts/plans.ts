import type { TaskType, UserInfo, VipValidity } from '@sqltune/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { planGrants, type users } from '../db/schema.ts';

/**
 * Quota of the free plan granted at sign-up. The spec does not give numbers; these are ours
 * (docs/plans.md) until the billing issue sets the real ones.
 */
export const FREE_PLAN = { plan: 'free', period: 'monthly', sqlCnt: 20, xmlCnt: 5 } as const;

export async function grantFreePlan(db: Database, userId: string): Promise<void> {
  const validUntil = new Date();
  validUntil.setMonth(validUntil.getMonth() + 1);
  await db.insert(planGrants).values({ userId, ...FREE_PLAN, validUntil });
}

export async function activeGrants(db: Database, userId: string): Promise<VipValidity[]> {
  const rows = await db
    .select()
    .from(planGrants)
    .where(and(eq(planGrants.userId, userId), gt(planGrants.validUntil, new Date())));
  return rows.map((row) => ({
    plan: row.plan as VipValidity['plan'],
    period: row.period as VipValidity['period'],
    sqlCnt: row.sqlCnt,
    xmlCnt: row.xmlCnt,
    validUntil: row.validUntil.toISOString(),
  }));
}

export async function userInfo(db: Database, user: typeof users.$inferSelect): Promise<UserInfo> {
  return {
    email: user.email,
    language: user.language === 'en' ? 'en' : 'zh',
    is_newsletter_subscribed: user.newsletter,
    sqlUsed: user.sqlUsed,
    xmlUsed: user.xmlUsed,
    vipValidity: await activeGrants(db, user.id),
  };
}

/**
 * The spec's rule: the SQL limit is reached when sqlUsed >= the sum of sqlCnt over all entries (missing = 0), the
 * XML limit (mapper tasks) when xmlUsed >= the sum of xmlCnt.
 */
export function quotaReached(info: UserInfo, type: TaskType): boolean {
  if (type === 'mybatis') return info.xmlUsed >= info.vipValidity.reduce((sum, v) => sum + (v.xmlCnt ?? 0), 0);
  return info.sqlUsed >= info.vipValidity.reduce((sum, v) => sum + (v.sqlCnt ?? 0), 0);
}
