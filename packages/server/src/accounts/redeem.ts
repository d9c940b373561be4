import { randomInt } from 'node:crypto';
import { AppError, type BillingPeriod, ErrorCode, type PlanId, type RedeemCodeInfo } from '@sqltune/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Catalogue } from './catalogue.ts';
import { PERIOD_INTERVAL } from './quota.ts';

/** Letters and digits no one misreads (no 0/O, 1/I/L). 16 of them: about 78 bits. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

/** A code as typed (any case, spaces, dashes) in its stored form: upper-case letters and digits only. */
export function normalizeCode(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The stored form in groups of four for people: ABCD-EFGH-JKMN-PQRS. */
export function displayCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

export async function mintCodes(
  db: Database,
  catalogue: Catalogue,
  plan: PlanId,
  period: BillingPeriod,
  count: number,
): Promise<string[]> {
  if (plan === 'free' || !catalogue.find(plan, period)) throw new Error(`no ${plan} plan billed ${period} to redeem`);
  const codes = Array.from({ length: count }, () =>
    Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  for (const code of codes) {
    await db.execute(sql`INSERT INTO redeem_codes (code, plan, period) VALUES (${code}, ${plan}, ${period})`);
  }
  return codes.map(displayCode);
}

export interface CodeListing extends RedeemCodeInfo {
  createdAt: string;
  redeemedAt: string | null;
  redeemedBy: string | null;
}

export async function listCodes(db: Database): Promise<CodeListing[]> {
  const result = await db.execute<{
    code: string;
    plan: PlanId;
    period: BillingPeriod;
    created_at: Date | string;
    redeemed_at: Date | string | null;
    email: string | null;
  }>(sql`
    SELECT c.code, c.plan, c.period, c.created_at, c.redeemed_at, u.email FROM redeem_codes c
    LEFT JOIN users u ON u.id = c.redeemed_by ORDER BY c.created_at, c.code`);
  return result.rows.map((row) => ({
    code: displayCode(row.code),
    plan: row.plan,
    period: row.period,
    redeemed: row.redeemed_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
    redeemedAt: row.redeemed_at === null ? null : new Date(row.redeemed_at).toISOString(),
    redeemedBy: row.email,
  }));
}

/** What a code is for and whether it was used (never by whom). 4404 when empty, 4401 when there is no such code. */
export async function codeInfo(db: Database, typed: string): Promise<RedeemCodeInfo> {
  const code = normalizeCode(typed);
  if (!code) throw new AppError(ErrorCode.REDEEM_CODE_REQUIRED, { field: 'code' });
  const result = await db.execute<{ plan: PlanId; period: BillingPeriod; redeemed: boolean }>(sql`
    SELECT plan, period, redeemed_at IS NOT NULL AS redeemed FROM redeem_codes WHERE code = ${code}`);
  const row = result.rows[0];
  if (!row) throw new AppError(ErrorCode.REDEEM_CODE_NOT_FOUND, { field: 'code' });
  return { code: displayCode(code), plan: row.plan, period: row.period, redeemed: row.redeemed };
}

/**
 * Marks the code used by the user and adds the plan's grant, in one statement: of two redemptions at once, only the
 * one whose UPDATE finds the code unused inserts a grant; the other gets 4403 ("failed"). Answers the grant's end.
 */
export async function redeemCode(db: Database, catalogue: Catalogue, userId: string, typed: string): Promise<Date> {
  const info = await codeInfo(db, typed);
  const product = catalogue.find(info.plan, info.period);
  if (info.redeemed || !product) throw redeemFailed(info.redeemed);
  const result = await db.execute<{ valid_until: Date | string }>(sql`
    WITH taken AS (
      UPDATE redeem_codes SET redeemed_by = ${userId}, redeemed_at = now()
      WHERE code = ${normalizeCode(typed)} AND redeemed_at IS NULL
      RETURNING plan, period
    )
    INSERT INTO plan_grants (user_id, plan, period, sql_cnt, xml_cnt, source, valid_from, valid_until)
    SELECT ${userId}, plan, period, ${product.sqlCnt}, ${product.xmlCnt}, 'redeem', now(),
      now() + ${PERIOD_INTERVAL[info.period]}::interval
    FROM taken
    RETURNING valid_until`);
  const granted = result.rows[0];
  if (!granted) throw redeemFailed(true);
  return new Date(granted.valid_until);
}

function redeemFailed(alreadyUsed: boolean): AppError {
  return new AppError(ErrorCode.REDEEM_FAILED, {
    field: 'code',
    ...(alreadyUsed
      ? { message: { zh: '兑换失败：该兑换码已被使用', en: 'failed: this code has already been redeemed' } }
      : {}),
  });
}
