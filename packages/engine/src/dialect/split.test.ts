import { describe, expect, it } from 'vitest';
import { splitStatements } from './split.ts';

describe('splitStatements', () => {
  it('keeps code offsets and lines, and the comment lines written before each statement', () => {
    const input =
      '-- totals by day\n-- (report 7)\nSELECT 1;\nSELECT 2; -- about the second\n\n  /* third */\n\n  SELECT 3';
    const slices = splitStatements(input, 'mysql');
    expect(slices.map((s) => [s.text, s.line])).toEqual([
      ['SELECT 1', 3],
      ['SELECT 2', 4],
      ['SELECT 3', 8],
    ]);
    expect(slices[0]!.leadingComments).toBe('-- totals by day\n-- (report 7)\n');
    // A comment on the line of a `;` belongs to the statement it ends.
    expect(slices[1]!.leadingComments).toBeUndefined();
    // Blank lines and indentation between the comment and the code are kept: the text reads as submitted.
    expect(slices[2]!.leadingComments).toBe('  /* third */\n\n  ');
    for (const slice of slices) {
      const shown = `${slice.leadingComments ?? ''}${slice.text}`;
      expect(input).toContain(shown);
    }
  });

  it('numbers the lines of many statements, past multi-line strings, comments and statements', () => {
    const parts = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0
        ? `SELECT 'line\nbreak ${i}'\nFROM t;`
        : i % 3 === 1
          ? `/* note\n${i} */ UPDATE t SET a = ${i};\n`
          : `\n\nDELETE FROM t\nWHERE id = ${i};`,
    );
    const input = parts.join('\n');
    const slices = splitStatements(input, 'mysql');
    expect(slices).toHaveLength(60);
    for (const slice of slices) {
      expect(slice.line, slice.text).toBe(input.slice(0, slice.offset).split('\n').length);
    }
    expect(slices.at(-1)!.line).toBeGreaterThan(150);
  });

  it('gives no leading comments to a statement written without any', () => {
    const slices = splitStatements('SELECT 1;\nSELECT 2 -- trailing\n', 'postgresql');
    expect(slices.map((s) => s.leadingComments)).toEqual([undefined, undefined]);
  });

  it('does not take comments inside a statement for leading ones', () => {
    const [slice] = splitStatements('SELECT /* inner */ 1', 'postgresql');
    expect(slice!.leadingComments).toBeUndefined();
  });
});
