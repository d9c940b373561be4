import { AppError, CHAT_QUESTIONS_PER_HOUR, ErrorCode } from '@sqltune/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** An action limited to `max` times per fixed window, counted per subject (an account or an address). */
export interface RateLimit {
  action: string;
  max: number;
  windowSeconds: number;
}

/** Our numbers (docs/design.md, "Numbers we chose"). Sign-in counts failures only (see undoHit). */
export const RATE_LIMITS = {
  signInPerAccount: { action: 'sign-in:account', max: 10, windowSeconds: 15 * 60 },
  signInPerAddress: { action: 'sign-in:address', max: 50, windowSeconds: 15 * 60 },
  signUpPerAddress: { action: 'sign-up:address', max: 20, windowSeconds: 60 * 60 },
  codePerAccount: { action: 'code:account', max: 10, windowSeconds: 60 * 60 },
  codePerAddress: { action: 'code:address', max: 30, windowSeconds: 60 * 60 },
  redeemPerAccount: { action: 'redeem:account', max: 10, windowSeconds: 60 * 60 },
  redeemPerAddress: { action: 'redeem:address', max: 30, windowSeconds: 60 * 60 },
  chatPerAccount: { action: 'chat:account', max: CHAT_QUESTIONS_PER_HOUR, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

/** What a refusal says: 4111 with the seconds to wait, in the message, the body and the Retry-After header. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(ErrorCode.TOO_MANY_REQUESTS, {
    message: {
      zh: `操作过于频繁，请在 ${seconds} 秒后再试`,
      en: `too many attempts, try again in ${seconds} s`,
    },
    retryAfterSeconds: seconds,
  });
}

function keyOf(limit: RateLimit, subject: string): string {
  return `${limit.action}:${subject.toLowerCase()}`;
}

/**
 * Counts one use and throws 4111 past the limit. One upsert on the app database counts it, so the limit holds across
 * every API process sharing one PostgreSQL (and concurrent requests are counted exactly). Earlier windows of the key
 * are deleted on the way.
 */
export async function hit(db: Database, limit: RateLimit, subject: string): Promise<void> {
  const key = keyOf(limit, subject);
  const result = await db.execute<{ hits: number; retry_after: number }>(sql`
    WITH stale AS (
      DELETE FROM rate_limits WHERE key = ${key}
        AND window_start < to_timestamp(floor(extract(epoch FROM now()) / ${limit.windowSeconds}) * ${limit.windowSeconds})
    )
    INSERT INTO rate_limits (key, window_start, hits)
    VALUES (${key}, to_timestamp(floor(extract(epoch FROM now()) / ${limit.windowSeconds}) * ${limit.windowSeconds}), 1)
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
    RETURNING hits,
      extract(epoch FROM rate_limits.window_start + make_interval(secs => ${limit.windowSeconds}) - now())::float8
        AS retry_after`);
  const row = result.rows[0]!;
  if (row.hits > limit.max) throw tooManyRequests(row.retry_after);
}

/** Takes back a use counted by hit() that turned out not to count (a sign-in whose password was right). */
export async function undoHit(db: Database, limit: RateLimit, subject: string): Promise<void> {
  const key = keyOf(limit, subject);
  await db.execute(sql`
    UPDATE rate_limits SET hits = hits - 1
    WHERE key = ${key} AND hits > 0
      AND window_start = to_timestamp(floor(extract(epoch FROM now()) / ${limit.windowSeconds}) * ${limit.windowSeconds})`);
}
