import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { type AstNode, visitsOf } from '../model/ast.ts';
import { bindPlaceholderNote, bindPlaceholders, withNativeParameters } from './bind-placeholders.ts';

const written = (text: string, dialect: 'mysql' | 'postgresql') =>
  bindPlaceholders(text, dialect).map((p) => p.written);

/** The bind parameters of the parsed statement, as the tree holds them (`?` in MySQL, `$n` in PostgreSQL). */
function parameters(text: string, dialect: 'mysql' | 'postgresql'): string[] {
  const [statement] = parseStatements(text, dialect);
  return visitsOf(statement!.ast as AstNode).flatMap(({ node }) => {
    if (node.type === 'origin' && node.value === '?') return ['?'];
    if (node.type === 'var' && node.prefix === '$') return [`$${node.name}`];
    return [];
  });
}

describe('bind placeholders of other clients are read as the dialect parameters', () => {
  it('reads Python DB-API %s and %(name)s, :name, and the other dialect form, in both dialects', () => {
    const python = 'SELECT id FROM users WHERE email = %s AND status = %(status)s AND id IN (%s, %(status)s)';
    expect(parameters(python, 'mysql')).toEqual(['?', '?', '?', '?']);
    // A name used twice is one parameter, as the driver binds it; %s is a new one each time.
    expect(parameters(python, 'postgresql')).toEqual(['$1', '$2', '$3', '$2']);
    expect(parameters('SELECT id FROM users WHERE email = :email AND id > :1 LIMIT :n', 'mysql')).toEqual([
      '?',
      '?',
      '?',
    ]);
    expect(parameters('SELECT id FROM users WHERE email = ? AND id = $1', 'postgresql')).toEqual(['$2', '$1']);
    expect(parameters('SELECT id FROM users WHERE email = ? AND id = $1', 'mysql')).toEqual(['?', '?']);
  });

  it('leaves strings, modulo, casts, slices, assignments and the jsonb ? operator alone', () => {
    const strings = "SELECT a FROM t WHERE b LIKE 'a%s%%' AND c = '%(x)s' AND d = ':n' AND e = %s";
    expect(written(strings, 'mysql')).toEqual(['%s']);
    expect(written(strings, 'postgresql')).toEqual(['%s']);
    expect(withNativeParameters(strings, 'mysql')).toBe(strings.replace('e = %s', 'e = ? '));
    for (const dialect of ['mysql', 'postgresql'] as const) {
      expect(written('SELECT a % s, a %s, (a)%(s) FROM t', dialect)).toEqual([]);
    }
    expect(
      written(
        "SELECT a::int, arr[1:n], arr[:n], data ? 'k', data ?| array['a'], data @? '$.a ? (@ == 1)' FROM t",
        'postgresql',
      ),
    ).toEqual([]);
    expect(written('SELECT @v := 1, a FROM t WHERE b = $1x', 'mysql')).toEqual([]);
    // MySQL's own ? and PostgreSQL's own $1 are no other client's: nothing to say about them.
    expect(bindPlaceholderNote('SELECT a FROM t WHERE b = ?', 'mysql')).toBeUndefined();
    expect(bindPlaceholderNote('SELECT a FROM t WHERE b = $1', 'postgresql')).toBeUndefined();
  });

  it('keeps positions in the text the database gets, and names the forms in both languages', () => {
    const text = 'SELECT a FROM t WHERE b = %(name)s AND c = :c AND d = 1';
    const native = withNativeParameters(text, 'postgresql');
    expect(native).toHaveLength(text.length);
    expect(native.indexOf('d = 1')).toBe(text.indexOf('d = 1'));
    expect(native).toMatch(/b = \$1 +AND c = \$2 AND/);
    const note = bindPlaceholderNote(text, 'postgresql')!;
    expect(note.en).toContain('%(name)s, :c');
    expect(note.en).toContain('bind parameters');
    expect(note.zh).toContain('%(name)s, :c');
    expect(note.zh).toContain('绑定参数');
  });

  it("reads JDBC's ? glued to a comparison (Hibernate's log) and .NET's @name as PostgreSQL parameters", () => {
    const hibernate =
      'select u.id from users u where u.email=? and u.age>=? and u.name<>? and sum(u.x)>? fetch first ? rows only';
    expect(parameters(hibernate, 'postgresql')).toEqual(['$1', '$2', '$3', '$4', '$5']);
    expect(parameters('update users set name=?, status=? where id=?', 'postgresql')).toEqual(['$1', '$2', '$3']);
    // EF Core's parameters: one name is one parameter.
    const efCore =
      'SELECT u."Id" FROM "Users" AS u WHERE u."Email" = @__email_0 AND u."Id" > @__id_1 OR u."Name" = @__email_0 LIMIT @__p_2';
    expect(parameters(efCore, 'postgresql')).toEqual(['$1', '$2', '$1', '$3']);
    expect(bindPlaceholderNote(efCore, 'postgresql')!.en).toContain('@__email_0, @__id_1, @__p_2');
  });

  it('leaves operators holding ? or @ alone, and MySQL user variables', () => {
    const operators =
      "SELECT a FROM t WHERE data @? '$.a' AND tags <@ b AND x @@ q AND j ?& k AND d=?| e AND r @>b AND @ n > 1";
    expect(written(operators, 'postgresql')).toEqual([]);
    expect(written('SELECT a FROM t WHERE b = @v AND c=?', 'mysql')).toEqual([]);
  });

  it('numbers past the $n already written in a statement of any length (a 150,000-value IN list)', () => {
    const values = Array.from({ length: 150_000 }, (_, i) => i).join(',');
    const text = `SELECT a FROM t WHERE a IN (${values}) AND b = $3 AND c = %s`;
    expect(bindPlaceholders(text, 'postgresql').map((p) => p.native)).toEqual(['$4']);
  });

  it('gives the database MyBatis #{} parameters as its own, which it would read as a comment or XOR', () => {
    const text = 'SELECT name FROM t WHERE id = #{id} AND created > #{since,jdbcType=DATE} AND owner = #{id}';
    const mysql = withNativeParameters(text, 'mysql');
    expect(mysql).toHaveLength(text.length);
    expect(mysql).toMatch(/^SELECT name FROM t WHERE id = \? +AND created > \? +AND owner = \? *$/);
    // A name used twice is one PostgreSQL parameter; a cast after it stays.
    expect(withNativeParameters(text, 'postgresql')).toMatch(/id = \$1 +AND created > \$2 +AND owner = \$1 *$/);
    expect(withNativeParameters('SELECT 1 FROM t WHERE p = #{payload}::jsonb', 'postgresql')).toMatch(
      /p = \$1 +::jsonb$/,
    );
    expect(bindPlaceholderNote(text, 'mysql')!.en).toContain('#{id}, #{since,jdbcType=DATE}');
    // The reader handles them itself (grammar-gaps), so they are no bind placeholders of other clients there.
    expect(written(text, 'mysql')).toEqual([]);
  });

  it('leaves ${} text, a comment starting #{ where no value goes, and an unclosed #{ alone', () => {
    const text = 'SELECT name FROM t ORDER BY ${column}';
    expect(withNativeParameters(text, 'mysql')).toBe(text);
    expect(withNativeParameters('SELECT 1 #{not a value}\nFROM t', 'mysql')).toBe('SELECT 1 #{not a value}\nFROM t');
    expect(withNativeParameters('SELECT 1 FROM t WHERE a = #{id', 'mysql')).toBe('SELECT 1 FROM t WHERE a = #{id');
    expect(bindPlaceholderNote(text, 'mysql')).toBeUndefined();
  });
});
