import { describe, expect, it } from 'vitest';
import { NotCovered, readerTokens } from './tokens.ts';

const texts = (text: string, mysql: boolean) => readerTokens(text, mysql).map((t) => `${t.kind}:${t.text}`);

function covered(text: string, mysql: boolean): boolean {
  try {
    readerTokens(text, mysql);
    return true;
  } catch (error) {
    if (error instanceof NotCovered) return false;
    throw error;
  }
}

describe('readerTokens, a second pass over the shared lexer', () => {
  it("cuts the lexer's words and joins its symbols as the reader reads them, in both dialects", () => {
    for (const mysql of [true, false]) {
      expect(texts("SELECT t1.c <= 1.5 || 'a''b' FROM s.t -- c\r\nWHERE x <> 2 /* d */ AND y != 3", mysql)).toEqual([
        'word:SELECT',
        'word:t1',
        'symbol:.',
        'word:c',
        'symbol:<=',
        'number:1.5',
        'symbol:||',
        "string:'a''b'",
        'word:FROM',
        'word:s',
        'symbol:.',
        'word:t',
        'word:WHERE',
        'word:x',
        'symbol:<>',
        'number:2',
        'word:AND',
        'word:y',
        'symbol:!=',
        'number:3',
      ]);
    }
    expect(texts('x::int >= "b".c', false)).toEqual([
      'word:x',
      'symbol:::',
      'word:int',
      'symbol:>=',
      'quoted:"b"',
      'symbol:.',
      'word:c',
    ]);
    expect(texts('`a`.b # c\n, t.*', true)).toEqual([
      'quoted:`a`',
      'symbol:.',
      'word:b',
      'symbol:,',
      'word:t',
      'symbol:.',
      'symbol:*',
    ]);
    expect(readerTokens('a.b', true).map((t) => [t.start, t.end])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('reads a comment MySQL runs for no server, and a line comment ended by \\r\\n, as comments', () => {
    expect(texts('SELECT /*M!999999 x */ 1', true)).toEqual(['word:SELECT', 'number:1']);
    expect(texts('SELECT 1 -- c\r\n, 2', false)).toEqual(['word:SELECT', 'number:1', 'symbol:,', 'number:2']);
    expect(texts('SELECT /* a */ 1', false)).toEqual(['word:SELECT', 'number:1']);
  });

  it('leaves to node-sql-parser what the lexer reads differently from it', () => {
    // An executable comment of a version a server has (MySQL runs the code in it; the old tokenizer skipped it).
    expect(covered('SELECT /*M!100100 x, */ 1', true)).toBe(false);
    expect(covered('SELECT /*!50001 x, */ 1', true)).toBe(false);
    // PostgreSQL's comments nest.
    expect(covered('SELECT /* a /* b */ c */ 1', false)).toBe(false);
    expect(covered('SELECT /* a /* b */ 1', false)).toBe(false);
    // A line comment ended by a lone \r: the servers go on with code after it.
    expect(covered('SELECT 1 -- c\rb', false)).toBe(false);
    expect(covered('SELECT 1 # c\rb', true)).toBe(false);
    // MySQL: "a\" does not end at its second quote.
    expect(covered('SELECT "a\\" FROM t', true)).toBe(false);
    expect(covered('SELECT "a\\" FROM t', false)).toBe(true);
  });

  it('refuses what the reader does not cover', () => {
    const refused: Array<[string, boolean]> = [
      ["SELECT E'a'", false],
      ["SELECT N'a'", true],
      ['SELECT $$a$$', false],
      ['SELECT $1', false],
      ['SELECT #{id}', true],
      ["SELECT 'a\\'b'", true],
      ["SELECT 'open", false],
      ['SELECT /* open', true],
      ['SELECT a--1', true],
      ['SELECT 1 --\u0001', true],
      ['SELECT a <=> b', true],
      ['SELECT a << 2', false],
      ['SELECT .5', false],
      ['SELECT 1.', false],
      ['SELECT 1e5', false],
      ['SELECT a.5', false],
      ['SELECT NULL6', false],
      ['SELECT "a"OR"b"', false],
      ['SELECT a"b"', false],
      ['SELECT ""', false],
      ['SELECT é', false],
      ['SELECT\u00a01', false],
      ['SELECT ?', true],
      ['SELECT a /* b */* c', false],
    ];
    for (const [text, mysql] of refused) expect(covered(text, mysql), text).toBe(false);
    for (const [text, mysql] of [
      ['SELECT 1 -- c', true],
      ["SELECT 1'a'", false],
      ['SELECT NULL', false],
      ['SELECT a - -1', true],
    ] as Array<[string, boolean]>) {
      expect(covered(text, mysql), text).toBe(true);
    }
  });
});
