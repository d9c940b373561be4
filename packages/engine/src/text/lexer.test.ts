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

  it('marks a string, quoted name or block comment the text ends inside, and nothing closed', () => {
    const last = (text: string, mysql: boolean) => lex(text, { mysql }).at(-1)!;
    for (const mysql of [true, false]) {
      for (const open of ["x 'ab''", 'x "ab', 'x /* c', "x 'a\\"]) {
        expect(last(open, mysql).unterminated, `${mysql} ${open}`).toBe(true);
      }
      for (const closed of ["x 'ab'''", 'x "a""b"', 'x /* c */', "x ''", 'x -- c']) {
        expect(lex(closed, { mysql }).some((t) => t.unterminated)).toBe(false);
      }
    }
    expect(last('x `ab', true).unterminated).toBe(true);
    expect(last("x 'a\\'", true).unterminated).toBe(true);
    expect(last("x 'a\\'", false).unterminated).toBeUndefined();
    expect(last('x /* a /* b */', false).unterminated).toBe(true);
    expect(last('x /* a /* b */', true).unterminated).toBeUndefined();
    expect(last('x $a$ b', false).unterminated).toBe(true);
    expect(last('x $a$ b $a$', false).unterminated).toBeUndefined();
  });

  it('reads every blank JavaScript knows as space where a token starts (inside a name, non-ASCII is the name)', () => {
    for (const blank of [' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u2003', '\u3000', '\ufeff']) {
      expect(kinds(`(${blank}${blank}b`, false)).toEqual([
        ['symbol', '('],
        ['space', blank + blank],
        ['word', 'b'],
      ]);
    }
    expect(kinds('(\u0085b', false)).toEqual([
      ['symbol', '('],
      ['word', '\u0085b'],
    ]);
    expect(kinds('a\u00a0b', false)).toEqual([['word', 'a\u00a0b']]);
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

  it('ends a name before the $ of a MyBatis ${} glued to it, in both dialects', () => {
    for (const mysql of [true, false]) {
      expect(kinds('order_${yyyymm}.t_$x', mysql).slice(0, 5)).toEqual([
        ['word', 'order_'],
        ['word', '$'],
        ['symbol', '{'],
        ['word', 'yyyymm'],
        ['symbol', '}'],
      ]);
      // A $ inside a name, or at its end without a brace after it, stays in the name.
      expect(kinds('t_$x a$ b$$', mysql).filter(([kind]) => kind === 'word')).toEqual([
        ['word', 't_$x'],
        ['word', 'a$'],
        ['word', 'b$$'],
      ]);
    }
    // As the MySQL server reads it (the planners' own lexing), `$` is a name character wherever it stands.
    expect(lex('order_${m}', { mysql: true, templateParameters: false })[0]!.text).toBe('order_$');
  });

  it('reads blanks of every kind as one space token', () => {
    expect(kinds('a \t\n\u00a0\u3000b', false)).toEqual([
      ['word', 'a'],
      ['space', ' \t\n\u00a0\u3000'],
      ['word', 'b'],
    ]);
  });

  it('reads #{ as the line comment the server sees when asked to (templateParameters: false, the planners)', () => {
    const text = "SELECT 1 #{'\nDROP TABLE t";
    const server = lex(text, { mysql: true, templateParameters: false });
    expect(codeTokens(server).map((t) => t.text)).toEqual(['SELECT', '1', 'DROP', 'TABLE', 't']);
    // Mapper SQL (the default): a parameter, so the quote after it opens a string.
    expect(codeTokens(lex(text, { mysql: true })).map((t) => t.kind)).toEqual([
      'word',
      'word',
      'symbol',
      'symbol',
      'string',
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

/** The code and string tokens of a text, without blanks: what the splitter and the schema check see. */
const seen = (text: string, mysql: boolean) =>
  lex(text, { mysql })
    .filter((t) => t.kind !== 'space')
    .map((t) => `${t.kind}:${t.text}`);

describe('string and comment boundaries where the server draws them', () => {
  it('PostgreSQL: backslashes escape only in E strings', () => {
    // E'\'' is one string holding a quote; the old lexer ended it early and hid what followed (issue 10).
    expect(seen("E'\\'' ; x", false)).toEqual(["string:E'\\''", 'symbol:;', 'word:x']);
    expect(seen("e'a\\\\' ;", false)).toEqual(["string:e'a\\\\'", 'symbol:;']);
    expect(seen("'a\\' ; 'b'", false)).toEqual(["string:'a\\'", 'symbol:;', "string:'b'"]);
    expect(seen("name'x'", false)).toEqual(['word:name', "string:'x'"]);
  });

  it('PostgreSQL: B, X, N and U& prefixes, U& names, dollar tags with digits, nested comments', () => {
    expect(seen("B'01' X'ff' N'n' U&'\\0041' U&\"n\"", false)).toEqual([
      "string:B'01'",
      "string:X'ff'",
      "string:N'n'",
      "string:U&'\\0041'",
      'quoted:U&"n"',
    ]);
    expect(seen('$a1$ ; $x$ ; $a1$ ;', false)).toEqual(['string:$a1$ ; $x$ ; $a1$', 'symbol:;']);
    expect(seen('/* a /* b */ ; */ ;', false)).toEqual(['comment:/* a /* b */ ; */', 'symbol:;']);
    expect(seen('$1 ;', false)).toEqual(['word:$1', 'symbol:;']);
  });

  it('MySQL: -- is a comment only before a blank or control character', () => {
    expect(seen('1 --x ;\n', true)).toEqual(['word:1', 'symbol:-', 'symbol:-', 'word:x', 'symbol:;']);
    expect(seen('1 -- x ;\n;', true)).toEqual(['word:1', 'comment:-- x ;', 'symbol:;']);
    expect(seen('1 --\tx ;', true)).toEqual(['word:1', 'comment:--\tx ;']);
    expect(seen('1 --', true)).toEqual(['word:1', 'comment:--']);
  });

  it('MySQL: executable comments hold code; other comments do not nest', () => {
    expect(seen('/*!40101 SET x=1 */;', true)).toEqual([
      'comment:/*!40101',
      'word:SET',
      'word:x',
      'symbol:=',
      'word:1',
      'comment:*/',
      'symbol:;',
    ]);
    expect(seen('/*M!100100 a; b */', true)).toEqual([
      'comment:/*M!100100',
      'word:a',
      'symbol:;',
      'word:b',
      'comment:*/',
    ]);
    expect(seen('/* a /* b */ c */', true)).toEqual(['comment:/* a /* b */', 'word:c', 'symbol:*', 'symbol:/']);
    expect(seen('\'a\\\'\' "b\\"" `c``d`', true)).toEqual(["string:'a\\''", 'string:"b\\""', 'quoted:`c``d`']);
  });

  it('covers the text end to end with executable comments too', () => {
    const text = "/*!50001 CREATE */ x /*! y */ '/*!' -- z";
    expect(
      lex(text, { mysql: true })
        .map((t) => t.text)
        .join(''),
    ).toBe(text);
  });
});
