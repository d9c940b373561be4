import { describe, expect, it } from 'vitest';
import { sourceFile } from './source.ts';
import { GENERATED, Traced, tidy } from './traced.ts';

const file = sourceFile('mapper.xml', '');
const traced = (text: string) => Traced.generated(text, file, 0, GENERATED);

describe('tidy', () => {
  it('drops blank lines and the common indentation, and keeps the rest', () => {
    const text = '\n    SELECT a\n\n      FROM t\n    WHERE b = 1\n';
    expect(tidy(traced(text), true).text).toBe('SELECT a\n  FROM t\nWHERE b = 1');
  });

  it('leaves strings and comments as they are', () => {
    const text = "  SELECT 'a\n    b'\n  -- x\n    FROM t";
    expect(tidy(traced(text), true).text).toBe("SELECT 'a\n    b'\n-- x\n  FROM t");
  });

  // A generated IN list of 200,000 lines: more line breaks than a function call takes arguments (the common
  // indentation was once Math.min(...lines), a RangeError past about 120,000).
  it('takes statements with more lines than a call takes arguments', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `      ${i},`);
    const text = `    SELECT a FROM t WHERE a IN (\n${lines.join('\n')}\n      0)`;
    const result = tidy(traced(text), true).text;
    expect(result.startsWith('SELECT a FROM t WHERE a IN (\n0,\n1,\n')).toBe(true);
    expect(result.split('\n')).toHaveLength(200_002);
  });
});
