import { describe, expect, it } from 'vitest';
import { gainFigure, gainWording, indexShapeText } from './labels.ts';

const gain = (costBefore: number, costAfter: number) => ({
  ratio: 1 - costAfter / costBefore,
  costBefore,
  costAfter,
  source: 'test',
});

describe('gainWording', () => {
  it('words a gain as a percentage of the estimated cost', () => {
    expect(gainWording(gain(1000, 154)).en).toBe('84.6% lower estimated cost');
    expect(gainWording(gain(1000, 154)).zh).toBe('预估代价降低 84.6%');
  });

  it('words a near-total cut as a factor, never "100.0%"', () => {
    expect(gainWording(gain(7_032_138, 13.38)).en).toBe("about 530,000x cheaper by the optimizer's estimate");
    expect(gainWording(gain(100, 0.5)).zh).toBe('按优化器估算约便宜 200 倍');
  });

  it('says there is no gain instead of "0.0%" or a negative percentage', () => {
    expect(gainWording(gain(100, 100)).en).toBe('no estimated gain');
    expect(gainWording(gain(100, 100.01)).en).toBe('no estimated gain');
    expect(gainWording(gain(100, 99.99)).en).toBe('no estimated gain');
  });
});

describe('gainFigure', () => {
  it('is a percentage, a factor near a total cut, or none', () => {
    expect(gainFigure(0.846)).toEqual({ kind: 'percent', figure: '84.6%' });
    expect(gainFigure(0.999998)).toEqual({ kind: 'factor', figure: '500,000x' });
    expect(gainFigure(1)).toEqual({ kind: 'factor', figure: '1,000,000,000x' });
    for (const ratio of [0, -0.3, 0.0001, null, undefined, Number.NaN]) expect(gainFigure(ratio).kind).toBe('none');
  });
});

describe('indexShapeText', () => {
  it('writes the keys in order with their directions, and a partial index its predicate', () => {
    expect(indexShapeText({ table: 'users', columns: ['lower(email)'] })).toBe('users(lower(email))');
    expect(indexShapeText({ table: 't', columns: ['a', 'b', 'c'], descending: ['c'] })).toBe('t(a, b, c DESC)');
    expect(
      indexShapeText({ table: 'jobs', columns: ['queue', 'priority'], where: 'locked_at IS NULL', descending: [] }),
    ).toBe('jobs(queue, priority) WHERE locked_at IS NULL');
  });
});
