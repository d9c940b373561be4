import { describe, expect, it } from 'vitest';
import {
  extractLiterals,
  hasParameters,
  lineColumnAt,
  splitStatements,
  tokenize,
  topLevelOrderBy,
  trimStatement,
} from '../sql-text.ts';
import { columnLiterals, pgPositionToOffset } from './sql-text.ts';

describe('tokenize / splitStatements', () => {
  it('splits on semicolons outside quotes, comments, dollar bodies and parentheses', () => {
    const script = [
      "CREATE TABLE a (x text DEFAULT 'a;b'); -- c;",
      '/* x; /* nested; */ y; */ CREATE TABLE "b;" (y int);',
      'COMMENT ON TABLE a IS $body$ ; $body$;',
      "COMMENT ON TABLE a IS E'it\\'s;';",
      'CREATE RULE r AS ON INSERT TO a DO ALSO (NOTIFY a; NOTIFY b);',
    ].join('\n');
    const statements = splitStatements(script, 'postgresql');
    expect(statements.map((s) => s.tokens[0].value)).toEqual(['create', 'create', 'comment', 'comment', 'create']);
    // A statement's text runs from the previous semicolon: leading comments belong to it.
    expect(statements[1].text.trim()).toBe('-- c;\n/* x; /* nested; */ y; */ CREATE TABLE "b;" (y int)');
    expect(script.slice(statements[1].firstTokenStart, statements[1].firstTokenStart + 6)).toBe('CREATE');
    expect(statements[2].tokens.find((t) => t.kind === 'string')?.value).toBe(' ; ');
    expect(statements[3].tokens.find((t) => t.kind === 'string')?.value).toBe("it's;");
  });

  it('treats psql meta-commands as statements of their own', () => {
    const statements = splitStatements('\\connect db\nCREATE TABLE t (a int);\n\\restrict abc\n', 'postgresql');
    expect(statements.map((s) => s.tokens[0].kind)).toEqual(['meta', 'ident', 'meta']);
  });

  it("reads quotes and comments as PostgreSQL does: E'' escapes, '' does not, comments nest, dollar tags of any length", () => {
    const words = (sql: string) => splitStatements(sql, 'postgresql').map((s) => s.tokens[0]?.value);
    // In E'' a backslash escapes the quote; in a plain '' string (standard_conforming_strings) it does not.
    expect(words("SELECT E'\\'; drop table t'; SELECT 1")).toEqual(['select', 'select']);
    expect(words("SELECT '\\'; DROP TABLE t")).toEqual(['select', 'drop']);
    // Block comments nest: the first */ does not end the outer one.
    expect(words('SELECT 1 /* a /* b */ ; DROP TABLE t */; SELECT 2')).toEqual(['select', 'select']);
    expect(words('SELECT 1 /* a */ ; DROP TABLE t')).toEqual(['select', 'drop']);
    // A $tag$ body ends only at the same tag, however long the tag.
    const tag = `$${'t'.repeat(250)}$`;
    expect(words(`SELECT ${tag} ; $x$ ; DROP TABLE t ${tag}; SELECT 2`)).toEqual(['select', 'select']);
    expect(splitStatements(`SELECT ${tag}a;b${tag}`, 'postgresql')[0]!.tokens[1]).toMatchObject({
      kind: 'string',
      value: 'a;b',
    });
    // A $ inside a name starts no body.
    expect(words('SELECT a$b$ FROM t; SELECT $b$')).toEqual(['select', 'select']);
  });

  it('finds parameters and trims trailing semicolons', () => {
    expect(hasParameters(tokenize('SELECT * FROM t WHERE a = $1', 'postgresql'))).toBe(true);
    expect(hasParameters(tokenize("SELECT '$1', $$ $2 $$", 'postgresql'))).toBe(false);
    expect(trimStatement('SELECT 1 ;  ; -- done\n', 'postgresql')).toBe('SELECT 1');
  });
});

describe('positions', () => {
  it('maps offsets to 1-based line and column (CRLF is one break, columns count characters)', () => {
    const text = 'a\r\nbc\n  d😀e';
    expect(lineColumnAt(text, 0, 'postgresql')).toEqual({ line: 1, column: 1 });
    expect(lineColumnAt(text, 3, 'postgresql')).toEqual({ line: 2, column: 1 });
    expect(lineColumnAt(text, text.indexOf('e'), 'postgresql')).toEqual({ line: 3, column: 5 });
  });

  it("maps PostgreSQL's character positions to string offsets", () => {
    const sql = "SELECT '😀', zz";
    expect(pgPositionToOffset(sql, 13)).toBe(sql.indexOf('zz'));
    expect(pgPositionToOffset(sql, '1')).toBe(0);
    expect(pgPositionToOffset(sql, undefined)).toBeUndefined();
  });
});

describe('literals', () => {
  it('extracts numbers (with unary minus) and strings', () => {
    expect(
      extractLiterals(
        "SELECT * FROM t WHERE a = -5 AND b - 2 > 1 AND d = date '1995-03-15' AND s LIKE 'ab%'",
        'postgresql',
      ),
    ).toEqual([
      { kind: 'number', value: '-5' },
      { kind: 'number', value: '2' },
      { kind: 'number', value: '1' },
      { kind: 'string', value: '1995-03-15' },
      { kind: 'string', value: 'ab%' },
    ]);
  });

  it('attributes compared literals to their column', () => {
    const m = columnLiterals(
      "SELECT * FROM r WHERE r.r_name = 'EUROPE' AND 10 < qty AND d BETWEEN date '1994-01-01' AND date '1995-01-01' AND mode IN ('MAIL', 'SHIP') AND p_type NOT LIKE '%BRASS'",
    );
    expect(m.get('r_name')).toEqual([{ kind: 'string', value: 'EUROPE' }]);
    expect(m.get('qty')).toEqual([{ kind: 'number', value: '10' }]);
    expect(m.get('d')?.map((l) => l.value)).toEqual(['1994-01-01', '1995-01-01']);
    expect(m.get('mode')?.map((l) => l.value)).toEqual(['MAIL', 'SHIP']);
    expect(m.get('p_type')?.map((l) => l.value)).toEqual(['%BRASS']);
  });
});

describe('topLevelOrderBy', () => {
  it('ignores ORDER BY inside parentheses (window, aggregate, subquery)', () => {
    expect(
      topLevelOrderBy('SELECT row_number() OVER (ORDER BY a) FROM (SELECT * FROM t ORDER BY b) s', 'postgresql')
        .ordered,
    ).toBe(false);
    expect(topLevelOrderBy("SELECT string_agg(x, ',' ORDER BY x) FROM t", 'postgresql').ordered).toBe(false);
  });

  it('resolves keys to positions, names and expressions', () => {
    const info = topLevelOrderBy(
      'SELECT a, b FROM t UNION SELECT c, d FROM u ORDER BY 2 DESC, t.a NULLS LAST, lower(b) LIMIT 5;',
      'postgresql',
    );
    expect(info.ordered).toBe(true);
    expect(info.limited).toBe(true);
    expect(info.keys).toEqual([
      { kind: 'position', position: 2, descending: true },
      { kind: 'name', name: 'a', descending: false },
      { kind: 'expression', text: 'lower ( b )', descending: false },
    ]);
  });
});
