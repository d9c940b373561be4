import type { BillingPeriod, PlanId, UserInfo, UserProductInfo, VipValidity } from '@sqltune/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { users } from '../db/schema.ts';
import type { Catalogue } from './catalogue.ts';

type User = typeof users.$inferSelect;

/**
 * Quota as the spec states it: the SQL limit is reached when sqlUsed >= the sum of sqlCnt over vipValidity (the same
 * for XML). Usage is counted per grant: vipValidity lists the grants active now and sqlUsed sums what was used of
 * exactly those, so when a period ends its count and its usage leave together. The free plan is a grant per monthly
 * cycle of the account (from its sign-up date), created when first needed, so it renews every month; a paid grant adds
 * its counts for its validity. A task takes its unit from one active grant with units left (tasks/service.ts).
 */

/** Makes sure the free grant of the account's current monthly cycle exists (a no-op when it does). */
export async function ensureFreeGrant(db: Database, catalogue: Catalogue, userId: string): Promise<void> {
  const { sqlCnt, xmlCnt } = catalogue.free;
  // age() counts whole months since sign-up; the cycle starts that many months after it. The partial unique index on
  // (user_id, valid_from) of free grants makes concurrent callers create it once.
  await db.execute(sql`
    INSERT INTO plan_grants (user_id, plan, period, sql_cnt, xml_cnt, source, valid_from, valid_until)
    SELECT u.id, 'free', 'monthly', ${sqlCnt}, ${xmlCnt}, 'free', c.start, c.start + interval '1 month'
    FROM users u
    CROSS JOIN LATERAL (
      SELECT u.created_at + make_interval(months => (
        extract(year FROM age(now(), u.created_at)) * 12 + extract(month FROM age(now(), u.created_at)))::int) AS start
    ) c
    WHERE u.id = ${userId}
    ON CONFLICT (user_id, valid_from) WHERE source = 'free' DO NOTHING`);
}

type GrantRow = {
  plan: string;
  period: string;
  sql_cnt: number;
  xml_cnt: number;
  sql_used: number;
  xml_used: number;
  valid_until: Date | string;
};

async function activeGrantRows(db: Database, userId: string): Promise<GrantRow[]> {
  const result = await db.execute<GrantRow>(sql`
    SELECT plan, period, sql_cnt, xml_cnt, sql_used, xml_used, valid_until FROM plan_grants
    WHERE user_id = ${userId} AND valid_from <= now() AND valid_until > now()
    ORDER BY valid_until, id`);
  return result.rows;
}

function vipValidityOf(row: GrantRow): VipValidity {
  return {
    plan: row.plan as PlanId,
    period: row.period as BillingPeriod,
    sqlCnt: row.sql_cnt,
    xmlCnt: row.xml_cnt,
    validUntil: new Date(row.valid_until).toISOString(),
  };
}

export async function userInfo(db: Database, catalogue: Catalogue, user: User): Promise<UserInfo> {
  await ensureFreeGrant(db, catalogue, user.id);
  const rows = await activeGrantRows(db, user.id);
  return {
    email: user.email,
    language: user.language === 'en' ? 'en' : 'zh',
    is_newsletter_subscribed: user.newsletter,
    sqlUsed: rows.reduce((sum, row) => sum + row.sql_used, 0),
    xmlUsed: rows.reduce((sum, row) => sum + row.xml_used, 0),
    vipValidity: rows.map(vipValidityOf),
  };
}

export async function userProductInfo(db: Database, catalogue: Catalogue, user: User): Promise<UserProductInfo> {
  const info = await userInfo(db, catalogue, user);
  const free = info.vipValidity.find((v) => v.plan === 'free');
  return {
    email: info.email,
    sqlUsed: info.sqlUsed,
    xmlUsed: info.xmlUsed,
    sqlLimit: sumOf(info.vipValidity, 'sqlCnt'),
    xmlLimit: sumOf(info.vipValidity, 'xmlCnt'),
    vipValidity: info.vipValidity,
    freeRenewsAt: free?.validUntil ?? new Date().toISOString(),
  };
}

function sumOf(entries: VipValidity[], key: 'sqlCnt' | 'xmlCnt'): number {
  return entries.reduce((sum, v) => sum + (v[key] ?? 0), 0);
}

/** The spec's rule: the SQL limit is reached when sqlUsed >= the sum of sqlCnt over all entries (missing = 0). */
export function sqlLimitReached(info: UserInfo): boolean {
  return info.sqlUsed >= sumOf(info.vipValidity, 'sqlCnt');
}

/** The spec's rule for XML files. */
export function xmlLimitReached(info: UserInfo): boolean {
  return info.xmlUsed >= sumOf(info.vipValidity, 'xmlCnt');
}

export const PERIOD_INTERVAL: Record<BillingPeriod, string> = { monthly: '1 month', yearly: '1 year' };

/** Adds a paid plan's grant from now for its period (admin, redeem, purchase); answers its end. */
export async function grantPlan(
  db: Database,
  catalogue: Catalogue,
  userId: string,
  plan: PlanId,
  period: BillingPeriod,
  source: 'admin' | 'redeem' | 'purchase',
): Promise<Date> {
  const product = catalogue.find(plan, period);
  if (!product) throw new Error(`no ${plan} plan billed ${period} in the catalogue`);
  const result = await db.execute<{ valid_until: Date | string }>(sql`
    INSERT INTO plan_grants (user_id, plan, period, sql_cnt, xml_cnt, source, valid_from, valid_until)
    VALUES (${userId}, ${plan}, ${period}, ${product.sqlCnt}, ${product.xmlCnt}, ${source}, now(),
      now() + ${PERIOD_INTERVAL[period]}::interval)
    RETURNING valid_until`);
  return new Date(result.rows[0]!.valid_until);
}
