import { describe, expect, it } from 'vitest';
import { codeTokens, lex } from './lexer.ts';

const kinds = (text: string, mysql: boolean) => lex(text, { mysql }).map((t) => [t.kind, t.text]);

describe('lex', () => {
  it('covers the text with tokens end to end, whatever it holds', () => {
    for (const text of [
      "SELECT a.b, 'x''y' FROM t -- c\n/* d */ WHERE é中 = $1",
      'a\u00a0b',
      "'open",
      '/* open',
      '$$ x',
    ]) {
      for (const mysql of [true, false]) {
        const tokens = lex(text, { mysql });
        expect(tokens.map((t) => t.text).join('')).toBe(text);
        for (const [i, token] of tokens.entries()) expect(token.start).toBe(i === 0 ? 0 : tokens[i - 1]!.end);
      }
    }
  });

  it('reads words with dots, digits, $ and non-ASCII letters as one token', () => {
    expect(kinds('t1.col_$x 中文名 12.5', false)).toEqual([
      ['word', 't1.col_$x'],
      ['space', ' '],
      ['word', '中文名'],
      ['space', ' '],
      ['word', '12.5'],
    ]);
  });

  it('reads blanks of every kind as one space token', () => {
    expect(kinds('a \t\n\u00a0\u3000b', false)).toEqual([
      ['word', 'a'],
      ['space', ' \t\n\u00a0\u3000'],
      ['word', 'b'],
    ]);
  });

  it('knows MySQL comments and quotes, and that #{...} is a MyBatis parameter', () => {
    expect(kinds('# note\n`a b` "s\\"" #{id}', true)).toEqual([
      ['comment', '# note'],
      ['space', '\n'],
      ['quoted', '`a b`'],
      ['space', ' '],
      ['string', '"s\\""'],
      ['space', ' '],
      ['symbol', '#'],
      ['symbol', '{'],
      ['word', 'id'],
      ['symbol', '}'],
    ]);
    // In PostgreSQL `#` is an operator, double quotes quote identifiers and backslashes do not escape.
    expect(kinds('# "a" \'x\\\'', false)).toEqual([
      ['symbol', '#'],
      ['space', ' '],
      ['quoted', '"a"'],
      ['space', ' '],
      ['string', "'x\\'"],
    ]);
  });

  it('reads PostgreSQL dollar quoting, tagged or not, and leaves $1 a word', () => {
    expect(kinds("$tag$ a ' ; $tag$ $$;$$ $1", false)).toEqual([
      ['string', "$tag$ a ' ; $tag$"],
      ['space', ' '],
      ['string', '$$;$$'],
      ['space', ' '],
      ['word', '$1'],
    ]);
    expect(kinds('$$;$$', true).map(([kind]) => kind)).toEqual(['word', 'symbol', 'word']);
  });

  it('drops blanks and comments from the code tokens', () => {
    const code = codeTokens(lex('SELECT /* x */ 1 -- y\n;', { mysql: false }));
    expect(code.map((t) => t.text)).toEqual(['SELECT', '1', ';']);
  });
});
