import { describe, expect, it } from 'vitest';
import { withDerivedColumnLists, withMariaDbForms, withMysql8Forms } from './mysql8-forms.ts';

describe("MySQL 8's statement forms written as MariaDB's", () => {
  it("writes a derived table's column list as a CTE's, nested ones too, and leaves other lists alone", () => {
    expect(withDerivedColumnLists('SELECT c FROM (SELECT k, COUNT(*) FROM o GROUP BY k) AS t (k, c) WHERE c > 1')).toBe(
      'SELECT c FROM (WITH t (k, c) AS (SELECT k, COUNT(*) FROM o GROUP BY k) SELECT * FROM t) AS t WHERE c > 1',
    );
    expect(withDerivedColumnLists('SELECT * FROM (SELECT x FROM (SELECT 1) `i` (`x`)) o(y)')).toBe(
      'SELECT * FROM (WITH o (y) AS (SELECT x FROM (WITH `i` (`x`) AS (SELECT 1) SELECT * FROM `i`) AS `i`) SELECT * FROM o) AS o',
    );
    for (const text of [
      'WITH t (a, b) AS (SELECT 1, 2) SELECT * FROM t',
      'SELECT * FROM (VALUES ROW(1, 2)) AS t (a, b)',
      'SELECT * FROM (SELECT 1) AS t',
      'SELECT f(x) FROM t',
      "SELECT '(SELECT 1) t (a)' FROM t",
    ]) {
      expect(withDerivedColumnLists(text)).toBe(text);
    }
  });

  it('writes the locking clauses MariaDB spells otherwise', () => {
    expect(withMysql8Forms('SELECT * FROM o WHERE id = 1 FOR SHARE')).toBe(
      'SELECT * FROM o WHERE id = 1 LOCK IN SHARE MODE',
    );
    expect(withMysql8Forms('SELECT * FROM o JOIN c ON c.id = o.c FOR UPDATE OF o, db.c SKIP LOCKED')).toBe(
      'SELECT * FROM o JOIN c ON c.id = o.c FOR UPDATE SKIP LOCKED',
    );
    expect(withMysql8Forms('SELECT * FROM o FOR SHARE OF o NOWAIT')).toBe('SELECT * FROM o LOCK IN SHARE MODE NOWAIT');
    for (const text of ['SELECT * FROM o FOR UPDATE', "SELECT 'FOR SHARE' FROM o", 'SELECT share FROM o']) {
      expect(withMysql8Forms(text)).toBe(text);
    }
  });

  it('writes the TABLE statement as SELECT *, alone, in a set operation and as an INSERT source', () => {
    expect(withMysql8Forms('TABLE customers ORDER BY name LIMIT 2')).toBe(
      'SELECT * FROM customers ORDER BY name LIMIT 2',
    );
    expect(withMysql8Forms('SELECT a FROM t1 UNION ALL TABLE db.t2')).toBe(
      'SELECT a FROM t1 UNION ALL SELECT * FROM db.t2',
    );
    expect(withMysql8Forms('INSERT INTO t1 (a) TABLE t2')).toBe('INSERT INTO t1 (a) SELECT * FROM t2');
    for (const text of ['CREATE TABLE t (a INT)', 'DROP TABLE t', 'LOCK TABLE t READ', 'SELECT `table` FROM t']) {
      expect(withMysql8Forms(text)).toBe(text);
    }
  });

  it('drops the window defaults MariaDB does not spell, and only after a window function', () => {
    expect(withMysql8Forms('SELECT NTH_VALUE(total, 2) FROM FIRST RESPECT NULLS OVER w FROM orders')).toBe(
      'SELECT NTH_VALUE(total, 2)   OVER w FROM orders',
    );
    expect(withMysql8Forms('SELECT LEAD(total) RESPECT NULLS OVER (ORDER BY id) FROM orders')).toBe(
      'SELECT LEAD(total)  OVER (ORDER BY id) FROM orders',
    );
    const untouched = 'SELECT MAX(x) FROM first';
    expect(withMysql8Forms(untouched)).toBe(untouched);
  });

  it('writes REGEXP_LIKE as REGEXP with its flags as PCRE options, and ANY_VALUE as its argument', () => {
    expect(withMysql8Forms("SELECT * FROM t1 WHERE REGEXP_LIKE(c, '^X', 'i')")).toBe(
      "SELECT * FROM t1 WHERE (c REGEXP CONCAT('(?i)', '^X'))",
    );
    expect(withMysql8Forms('SELECT REGEXP_LIKE(LOWER(a), CONCAT(b, ?)) FROM t')).toBe(
      'SELECT (LOWER(a) REGEXP CONCAT(b, ?)) FROM t',
    );
    expect(withMysql8Forms('SELECT ANY_VALUE(REGEXP_LIKE(a, b)), MAX(x) FROM t GROUP BY k')).toBe(
      'SELECT ((a REGEXP b)), MAX(x) FROM t GROUP BY k',
    );
    // Flags without a PCRE option (u: Unix line endings) or given as an expression: left for the server to refuse.
    for (const text of ["SELECT REGEXP_LIKE(a, 'x', 'u') FROM t", 'SELECT REGEXP_LIKE(a, b, @f) FROM t']) {
      expect(withMysql8Forms(text)).toBe(text);
    }
  });

  it('writes every form of a statement, outermost first', () => {
    expect(withMariaDbForms('SELECT * FROM (TABLE t) AS d (a) FOR SHARE')).toBe(
      'SELECT * FROM (WITH d (a) AS (SELECT * FROM t) SELECT * FROM d) AS d LOCK IN SHARE MODE',
    );
  });
});
