import { describe, expect, it } from 'vitest';
import type { QueueSnapshot } from '../queue/task-queue.ts';
import { estimateFinishMs } from './eta.ts';

const task = (id: string, userId: string, statements: number, running = false, elapsedMs = 0, done = 0) => ({
  id,
  userId,
  statements,
  running,
  elapsedMs,
  done,
});

describe('estimateFinishMs (ETA from the queue)', () => {
  it('gives a running task what its statements still need, a waiting one the next free slot plus its own', () => {
    const queue: QueueSnapshot = {
      slots: 2,
      msPerStatement: 1000,
      tasks: [task('big', 'a', 500, true, 100_000), task('small', 'b', 2, true, 500), task('next', 'c', 3)],
    };
    const eta = estimateFinishMs(queue);
    expect(eta.get('big')).toBe(400_000);
    expect(eta.get('small')).toBe(1500);
    // c takes b's slot when it frees, not a's.
    expect(eta.get('next')).toBe(1500 + 3000);
  });

  it("puts another user's task ahead of a user's second one, and holds one user to slots - 1", () => {
    const queue: QueueSnapshot = {
      slots: 2,
      msPerStatement: 1000,
      tasks: [task('a1', 'a', 10, true), task('a2', 'a', 10), task('a3', 'a', 10), task('b1', 'b', 1)],
    };
    const eta = estimateFinishMs(queue);
    expect(eta.get('b1')).toBe(1000);
    // a runs one task at a time: a2 after a1, a3 after a2, though the other slot is free.
    expect(eta.get('a2')).toBe(20_000);
    expect(eta.get('a3')).toBe(30_000);
  });

  it("finishes a running task that has done statements at its own pace, not the mean's", () => {
    const queue: QueueSnapshot = {
      slots: 2,
      msPerStatement: 2000,
      tasks: [task('big', 'a', 500, true, 60_000, 200), task('fresh', 'b', 10, true, 5000, 0)],
    };
    const eta = estimateFinishMs(queue);
    // 200 statements in 60 s: the other 300 at 0.3 s each.
    expect(eta.get('big')).toBe(90_000);
    // Nothing done yet: the mean, less the time it has run.
    expect(eta.get('fresh')).toBe(15_000);
  });

  it('says nothing without a measured pace or a live worker', () => {
    const tasks = [task('t', 'a', 1)];
    expect(estimateFinishMs({ slots: 2, msPerStatement: null, tasks }).size).toBe(0);
    expect(estimateFinishMs({ slots: 0, msPerStatement: 100, tasks }).size).toBe(0);
  });
});
