import { describe, expect, it } from 'vitest';
import { jsonHistogram, MAX_BOUND_BYTES } from './stats.ts';

describe('jsonHistogram', () => {
  const widest = 'b'.repeat(MAX_BOUND_BYTES);
  const wide = 'b'.repeat(MAX_BOUND_BYTES + 1);

  it('keeps bounds as wide as mysql.column_stats holds', () => {
    const h = jsonHistogram(['a', widest, 'c'], 10);
    expect(h).toMatchObject({ min: 'a', max: 'c', buckets: 2 });
    expect(JSON.parse(h!.json).histogram_hb.map((b: { start: string }) => b.start)).toEqual(['a', widest]);
  });

  it('leaves out wider bounds (counted in UTF-8 bytes), and the histogram when fewer than two remain', () => {
    const multiByte = 'é'.repeat(MAX_BOUND_BYTES / 2 + 1);
    expect(jsonHistogram(['a', wide, multiByte, 'c'], 10)).toMatchObject({ min: 'a', max: 'c', buckets: 1 });
    expect(jsonHistogram(['a', wide], 10)).toBeUndefined();
  });
});
