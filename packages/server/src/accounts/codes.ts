import { createHash, randomInt } from 'node:crypto';
import { AppError, type CodePurpose, ErrorCode } from '@sqltune/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { tooManyRequests } from './rate-limits.ts';

/** A code lasts this long; another may be asked for after RESEND_SECONDS; MAX_ATTEMPTS wrong guesses void it. */
export const CODE_TTL_SECONDS = 10 * 60;
export const RESEND_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;

function codeHash(email: string, purpose: CodePurpose, code: string): string {
  return createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');
}

/**
 * Stores a new six-digit code for the address and purpose, replacing the previous one, unless that one was sent less
 * than RESEND_SECONDS ago (4111 with the seconds left). The check and the write are one statement, so concurrent
 * requests send one code. Answers the code, to be mailed.
 */
export async function issueCode(db: Database, email: string, purpose: CodePurpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const stored = await db.execute(sql`
    INSERT INTO verification_codes (email, purpose, code_hash, sent_at, expires_at, attempts)
    VALUES (${email}, ${purpose}, ${codeHash(email, purpose, code)}, now(),
      now() + make_interval(secs => ${CODE_TTL_SECONDS}), 0)
    ON CONFLICT (email, purpose) DO UPDATE
      SET code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = 0
      WHERE verification_codes.sent_at <= now() - make_interval(secs => ${RESEND_SECONDS})
    RETURNING 1`);
  if (stored.rows.length === 0) {
    const waited = await db.execute<{ left: number }>(sql`
      SELECT extract(epoch FROM sent_at + make_interval(secs => ${RESEND_SECONDS}) - now())::float8 AS left
      FROM verification_codes WHERE email = ${email} AND purpose = ${purpose}`);
    throw tooManyRequests(waited.rows[0]?.left ?? RESEND_SECONDS);
  }
  return code;
}

/** A code whose mail could not be sent is withdrawn, so the user may ask again at once. */
export async function withdrawCode(db: Database, email: string, purpose: CodePurpose): Promise<void> {
  await db.execute(sql`DELETE FROM verification_codes WHERE email = ${email} AND purpose = ${purpose}`);
}

/**
 * Uses up the code if it is the one sent, still valid and not guessed too often: 4107 ("verification code not sent")
 * when no code was sent to the address for this purpose, 4110 otherwise. A right code works once (it is deleted by the
 * statement that checks it).
 */
export async function consumeCode(db: Database, email: string, purpose: CodePurpose, code: string): Promise<void> {
  const used = await db.execute(sql`
    DELETE FROM verification_codes
    WHERE email = ${email} AND purpose = ${purpose} AND code_hash = ${codeHash(email, purpose, code)}
      AND expires_at > now() AND attempts < ${MAX_CODE_ATTEMPTS}
    RETURNING 1`);
  if (used.rows.length > 0) return;
  const missed = await db.execute(sql`
    UPDATE verification_codes SET attempts = attempts + 1 WHERE email = ${email} AND purpose = ${purpose}
    RETURNING 1`);
  if (missed.rows.length === 0) throw new AppError(ErrorCode.CODE_NOT_SENT, { field: 'code' });
  throw new AppError(ErrorCode.CODE_INVALID, { field: 'code' });
}
