/**
 * How the quality bench times statements on a shared 2-core machine, where other jobs preempt the database for
 * milliseconds at a time. Each side: a warm-up, then the fastest of at least 3 runs, more while they add up to
 * under 1 s (at most 31: a statement of a few milliseconds is cheap to repeat); a statement over 10 s is timed once.
 *
 * The fastest run, not the median: the noise only ever adds time. Measured at load average 10-11 on 2 cores, 8
 * rounds of 31 alternated pairs each, the ratio of the two statements' medians spread over 0.43-1.07 for TPC-DS
 * Q21 (a rewrite whose plan is the same: the true ratio is 1) and 0.44-1.36 for Q39; the ratio of their fastest
 * runs over 0.98-1.04 and 0.96-1.01; for Q41, whose rewrite is faster, 1.10-1.19 (medians 0.86-1.43). With medians
 * a run at that load reported 10 TPC-DS queries "slower", most of them with an unchanged plan.
 */
import type { Database } from './databases.ts';

export const TIMED_RUNS = 3;
const MIN_TIMED_MS = 1000;
export const MAX_TIMED_RUNS = 31;
export const SLOW_MS = 10_000;

export type Timing = { ms: number; rows: string[][] } | { timeout: true } | { error: string };

/** The database calls timing needs. */
export type TimedDatabase = Pick<Database, 'query' | 'isTimeout' | 'setIndexesVisible'>;

const fastest = (values: number[]) => Math.min(...values);
/** An error's first line. */
export const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

export async function runOnce(db: TimedDatabase, sql: string): Promise<Timing> {
  const started = performance.now();
  try {
    const rows = await db.query(sql);
    return { ms: performance.now() - started, rows };
  } catch (error) {
    return db.isTimeout(error) ? { timeout: true } : { error: message(error) };
  }
}

export const finished = (t: Timing): t is { ms: number; rows: string[][] } => 'ms' in t;
const enoughRuns = (runs: number, totalMs: number) =>
  runs >= MAX_TIMED_RUNS || (runs >= TIMED_RUNS && totalMs >= MIN_TIMED_MS);

/** One statement alone: a warm-up run, then the fastest of the timed runs. */
export async function timed(db: TimedDatabase, sql: string): Promise<Timing> {
  const warm = await runOnce(db, sql);
  if (!finished(warm)) return warm;
  if (warm.ms > SLOW_MS) return runOnce(db, sql);
  const times: number[] = [];
  let rows = warm.rows;
  while (
    !enoughRuns(
      times.length,
      times.reduce((a, b) => a + b, 0),
    )
  ) {
    const run = await runOnce(db, sql);
    if (!finished(run)) return run;
    times.push(run.ms);
    rows = run.rows;
  }
  return { ms: fastest(times), rows };
}

/**
 * The original and the optimized statement timed in alternation, the recommended indexes hidden from the
 * optimizer for the original and shown for the optimized one: alternating exposes both statements to the same
 * drift. Which of the two goes first alternates too (original-optimized, then optimized-original): with a fixed
 * order the second of two back-to-back runs was measured slower, by up to 2x for statements of a few
 * milliseconds (TPC-DS Q21 and Q88 "slower" 0.74x and 0.44x with the same plan; 1.0x in random order).
 * `beforeWarm` is the original's warm-up, run before the indexes were built; a statement over 10 s is timed once
 * more, alone.
 */
export async function timedPair(
  db: TimedDatabase,
  original: string,
  optimized: string,
  indexes: string[],
  beforeWarm: Timing,
): Promise<{ before: Timing; after: Timing }> {
  const show = async (visible: boolean) => {
    if (indexes.length > 0) await db.setIndexesVisible(indexes, visible);
  };
  const runOriginal = async () => {
    await show(false);
    return runOnce(db, original);
  };
  const runOptimized = async () => {
    await show(true);
    return runOnce(db, optimized);
  };
  try {
    const afterWarm = await runOptimized();
    if (!finished(beforeWarm) || !finished(afterWarm) || Math.max(beforeWarm.ms, afterWarm.ms) > SLOW_MS) {
      const before = finished(beforeWarm) ? await runOriginal() : beforeWarm;
      const after = finished(afterWarm) ? await runOptimized() : afterWarm;
      return { before, after };
    }
    const beforeTimes: number[] = [];
    const afterTimes: number[] = [];
    let before: Timing = beforeWarm;
    let after: Timing = afterWarm;
    while (!enoughRuns(beforeTimes.length, [...beforeTimes, ...afterTimes].reduce((a, b) => a + b, 0) / 2)) {
      if (beforeTimes.length % 2 === 0) {
        before = await runOriginal();
        after = await runOptimized();
      } else {
        after = await runOptimized();
        before = await runOriginal();
      }
      if (!finished(before) || !finished(after)) return { before, after };
      beforeTimes.push(before.ms);
      afterTimes.push(after.ms);
    }
    return {
      before: { ms: fastest(beforeTimes), rows: before.rows },
      after: { ms: fastest(afterTimes), rows: after.rows },
    };
  } finally {
    await show(true);
  }
}
