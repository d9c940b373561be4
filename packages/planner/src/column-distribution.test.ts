import { describe, expect, it } from 'vitest';
import { distributionOf, MAX_STATISTICS_VALUE_BYTES } from './column-distribution.ts';

describe('distributionOf', () => {
  const wide = 'x'.repeat(MAX_STATISTICS_VALUE_BYTES + 1);
  const widest = 'x'.repeat(MAX_STATISTICS_VALUE_BYTES);

  it('keeps values up to ANALYZE’s width threshold', () => {
    const d = distributionOf({
      column: 'k',
      mostCommonValues: [{ value: widest, frequency: 0.5 }],
      histogramBounds: ['a', widest],
    });
    expect(d).toEqual({ mostCommonValues: [widest], mostCommonFrequencies: [0.5], histogramBounds: ['a', widest] });
  });

  it('leaves out wider values (counted in UTF-8 bytes) with their frequencies, and a histogram left with one bound', () => {
    const multiByte = 'é'.repeat(MAX_STATISTICS_VALUE_BYTES / 2 + 1);
    const d = distributionOf({
      column: 'k',
      mostCommonValues: [
        { value: wide, frequency: 0.4 },
        { value: 'a', frequency: 0.3 },
        { value: multiByte, frequency: 0.2 },
      ],
      histogramBounds: ['a', wide, 'c'],
    });
    expect(d).toEqual({ mostCommonValues: ['a'], mostCommonFrequencies: [0.3], histogramBounds: ['a', 'c'] });
    expect(distributionOf({ column: 'k', histogramBounds: ['a', wide] })).toBeUndefined();
  });
});
