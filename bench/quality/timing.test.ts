import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMED_RUNS, SLOW_MS, type TimedDatabase, type Timing, timedPair } from './timing.ts';

/**
 * A database on a fake clock: each statement takes its time (fixed, or by its run count); it records what ran with
 * the indexes shown or not.
 */
function fakeDatabase(durations: Record<string, number | ((run: number) => number)>) {
  let now = 0;
  let visible = true;
  const log: string[] = [];
  const runs = new Map<string, number>();
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  const db: TimedDatabase = {
    async query(sql) {
      const run = runs.get(sql) ?? 0;
      runs.set(sql, run + 1);
      const duration = durations[sql]!;
      now += typeof duration === 'number' ? duration : duration(run);
      log.push(`${sql}${visible ? '+indexes' : ''}`);
      return [[sql]];
    },
    isTimeout: () => false,
    async setIndexesVisible(_ddls, shown) {
      visible = shown;
    },
  };
  return { db, log, visible: () => visible };
}

const warm = (ms: number): Timing => ({ ms, rows: [['original']] });

describe('timedPair', () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(() => vi.restoreAllMocks());

  it('alternates which statement runs first, the original always without the new indexes', async () => {
    const { db, log, visible } = fakeDatabase({ original: 30, optimized: 10 });
    const { before, after } = await timedPair(db, 'original', 'optimized', ['CREATE INDEX i ON t (c)'], warm(30));
    expect(log.slice(0, 7)).toEqual([
      'optimized+indexes',
      'original',
      'optimized+indexes',
      'optimized+indexes',
      'original',
      'original',
      'optimized+indexes',
    ]);
    expect(log.filter((l) => l.startsWith('original')).every((l) => l === 'original')).toBe(true);
    expect(visible()).toBe(true);
    // Each side's own times, whichever ran first.
    expect(before).toMatchObject({ ms: 30, rows: [['original']] });
    expect(after).toMatchObject({ ms: 10, rows: [['optimized']] });
  });

  it('repeats statements of a few milliseconds up to the limit, slower ones until each side has run 1 s', async () => {
    const fast = fakeDatabase({ original: 2, optimized: 2 });
    await timedPair(fast.db, 'original', 'optimized', [], warm(2));
    expect(fast.log.filter((l) => l.startsWith('original')).length).toBe(MAX_TIMED_RUNS);

    const slow = fakeDatabase({ original: 400, optimized: 400 });
    await timedPair(slow.db, 'original', 'optimized', [], warm(400));
    expect(slow.log.filter((l) => l.startsWith('original')).length).toBe(3);
  });

  it("takes each side's fastest run: another job's preemption only adds time", async () => {
    // Every other run of each statement is slowed down, the original's more often than the optimized's.
    const { db } = fakeDatabase({
      original: (run) => (run % 2 === 0 ? 90 : 30),
      optimized: (run) => (run % 3 === 0 ? 10 : 40),
    });
    const { before, after } = await timedPair(db, 'original', 'optimized', [], warm(90));
    expect(before).toMatchObject({ ms: 30 });
    expect(after).toMatchObject({ ms: 10 });
  });

  it('times a statement over 10 s once more, alone', async () => {
    const { db, log } = fakeDatabase({ original: SLOW_MS + 1, optimized: 5 });
    const { before, after } = await timedPair(db, 'original', 'optimized', [], warm(SLOW_MS + 1));
    expect(log).toEqual(['optimized+indexes', 'original+indexes', 'optimized+indexes']);
    expect(before).toMatchObject({ ms: SLOW_MS + 1 });
    expect(after).toMatchObject({ ms: 5 });
  });
});
