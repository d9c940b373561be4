import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.ts';

describe('FairQueue', () => {
  it('serves owners in turn, each in its own order, whoever queued more', () => {
    const queue = new FairQueue<string>();
    for (const item of ['a1', 'a2', 'a3', 'a4']) queue.push('a', item);
    queue.push('b', 'b1');
    queue.push('c', 'c1');
    queue.push('b', 'b2');
    const taken: string[] = [];
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) taken.push(item);
    expect(taken).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('drains what is left', () => {
    const queue = new FairQueue<number>();
    queue.push('a', 1);
    queue.push('b', 2);
    expect(queue.drain().sort()).toEqual([1, 2]);
    expect(queue.shift()).toBeUndefined();
  });
});
