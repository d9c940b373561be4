import { describe, expect, it } from 'vitest';
import { splitReport } from './report-parts.ts';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('splitReport', () => {
  it('cuts into parts that join back to the text, never inside a surrogate pair', () => {
    const text = `ab𝄞cd𝄞𝄞e`;
    for (const size of [1, 2, 3, 4, 100]) {
      const parts = splitReport(text, Math.max(2, size));
      expect(parts.join('')).toBe(text);
      for (const part of parts) expect(part).not.toMatch(loneSurrogate);
    }
    expect(splitReport('')).toEqual([]);
  });
});
