import type { RuleCase } from '../../fixtures/case.ts';
import { exampleSchema } from '../../fixtures/schema.ts';

const numbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1).join(', ');

const nineJoins =
  'SELECT 1 FROM t1 JOIN t2 ON t2.k = t1.k JOIN t3 ON t3.k = t1.k JOIN t4 ON t4.k = t1.k JOIN t5 ON t5.k = t1.k ' +
  'JOIN t6 ON t6.k = t1.k JOIN t7 ON t7.k = t1.k JOIN t8 ON t8.k = t1.k JOIN t9 ON t9.k = t1.k';

/** Positive and negative cases of this family's rules. */
export const clausesCases: RuleCase[] = [
  // null-comparison
  { rule: 'null-comparison', sql: 'SELECT 1 FROM orders WHERE o_clerk = NULL', matches: 1 },
  { rule: 'null-comparison', sql: 'SELECT 1 FROM orders WHERE o_clerk <> NULL OR NULL != o_custkey', matches: 2 },
  { rule: 'null-comparison', sql: 'SELECT 1 FROM t WHERE a = NULL', dialect: 'postgresql', matches: 1 },
  { rule: 'null-comparison', sql: 'SELECT CASE WHEN a = NULL THEN 1 END FROM t', matches: 1 },
  { rule: 'null-comparison', sql: 'SELECT 1 FROM orders WHERE o_clerk IS NULL OR o_custkey IS NOT NULL', matches: 0 },
  // An assignment is not a comparison.
  { rule: 'null-comparison', sql: 'UPDATE orders SET o_clerk = NULL WHERE o_orderkey = 1', matches: 0 },
  { rule: 'null-comparison', sql: 'SELECT 1 FROM t WHERE a IS NOT NULL', dialect: 'postgresql', matches: 0 },

  // not-in-null-list
  { rule: 'not-in-null-list', sql: "SELECT 1 FROM orders WHERE o_orderstatus NOT IN ('F', NULL)", matches: 1 },
  { rule: 'not-in-null-list', sql: 'SELECT 1 FROM t WHERE a NOT IN (NULL, 1, 2)', dialect: 'postgresql', matches: 1 },
  { rule: 'not-in-null-list', sql: "SELECT 1 FROM orders WHERE o_orderstatus NOT IN ('F', 'O')", matches: 0 },
  // In an IN list a NULL is merely useless, not fatal.
  { rule: 'not-in-null-list', sql: "SELECT 1 FROM orders WHERE o_orderstatus IN ('F', NULL)", matches: 0 },
  {
    rule: 'not-in-null-list',
    sql: 'SELECT 1 FROM orders WHERE o_custkey NOT IN (SELECT c_custkey FROM customer)',
    matches: 0,
  },

  // between-reversed
  { rule: 'between-reversed', sql: 'SELECT 1 FROM orders WHERE o_totalprice BETWEEN 500 AND 100', matches: 1 },
  {
    rule: 'between-reversed',
    sql: "SELECT 1 FROM orders WHERE o_orderdate NOT BETWEEN '1995-12-31' AND '1995-01-01'",
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'between-reversed', sql: 'SELECT 1 FROM t WHERE a BETWEEN -1 AND -5', matches: 1 },
  { rule: 'between-reversed', sql: 'SELECT 1 FROM orders WHERE o_totalprice BETWEEN 100 AND 500', matches: 0 },
  { rule: 'between-reversed', sql: 'SELECT 1 FROM t WHERE a BETWEEN 5 AND 5', matches: 0 },
  // Plain strings order by collation, and mixed date forms by the column type: not judged.
  { rule: 'between-reversed', sql: "SELECT 1 FROM t WHERE name BETWEEN 'b' AND 'A'", matches: 0 },
  {
    rule: 'between-reversed',
    sql: "SELECT 1 FROM t WHERE ts BETWEEN '2024-01-01 10:00' AND '2024-01-01'",
    dialect: 'postgresql',
    matches: 0,
  },
  { rule: 'between-reversed', sql: 'SELECT 1 FROM t WHERE a BETWEEN ? AND 1', matches: 0 },

  // contradictory-predicates
  { rule: 'contradictory-predicates', sql: 'SELECT 1 FROM orders WHERE o_custkey = 1 AND o_custkey = 2', matches: 1 },
  {
    rule: 'contradictory-predicates',
    sql: "SELECT 1 FROM orders WHERE o_totalprice > 5000 AND o_orderstatus = 'F' AND o_totalprice < 1000",
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'contradictory-predicates', sql: 'SELECT 1 FROM t WHERE a > 5 AND a <= 5', matches: 1 },
  { rule: 'contradictory-predicates', sql: 'SELECT 1 FROM t WHERE a BETWEEN 1 AND 10 AND 20 < a', matches: 1 },
  { rule: 'contradictory-predicates', sql: 'UPDATE t SET b = 1 WHERE a = 1 AND a = 2', matches: 1 },
  { rule: 'contradictory-predicates', sql: 'SELECT 1 FROM t JOIN u ON u.k = t.k AND u.v = 1 AND u.v = 2', matches: 1 },
  { rule: 'contradictory-predicates', sql: 'SELECT 1 FROM t WHERE a >= 5 AND a <= 5', matches: 0 },
  { rule: 'contradictory-predicates', sql: 'SELECT 1 FROM t WHERE a = 1 OR a = 2', matches: 0 },
  { rule: 'contradictory-predicates', sql: 'SELECT 1 FROM t WHERE (a = 1 OR a = 2) AND a = 1', matches: 0 },
  // Different tables' columns, and strings (equal under some collations), are not compared.
  { rule: 'contradictory-predicates', sql: 'SELECT 1 FROM t, u WHERE t.a = 1 AND u.a = 2 AND t.k = u.k', matches: 0 },
  { rule: 'contradictory-predicates', sql: "SELECT 1 FROM t WHERE a = 'x' AND a = 'X'", matches: 0 },
  // A reversed BETWEEN alone is between-reversed's finding.
  { rule: 'contradictory-predicates', sql: 'SELECT 1 FROM t WHERE a BETWEEN 10 AND 1', matches: 0 },

  // or-always-true
  { rule: 'or-always-true', sql: 'SELECT c_name FROM customer WHERE c_custkey = 42 OR 1 = 1', matches: 1 },
  {
    rule: 'or-always-true',
    sql: "SELECT 1 FROM t WHERE b = 2 AND (a = 1 OR 'x' = 'x')",
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'or-always-true', sql: "UPDATE customer SET c_acctbal = 0 WHERE c_name = 'x' OR 2 > 1", matches: 1 },
  { rule: 'or-always-true', sql: 'SELECT 1 FROM t WHERE 1 = 1 AND a = 5', matches: 0 },
  // The usual OR-builder seed `1 = 0 OR ...` is harmless.
  { rule: 'or-always-true', sql: 'SELECT 1 FROM t WHERE 1 = 0 OR a = 1 OR a = 2', matches: 0 },
  { rule: 'or-always-true', sql: "SELECT 1 FROM t WHERE a = 1 OR 'x' = 'X'", matches: 0 },
  { rule: 'or-always-true', sql: 'SELECT CASE WHEN a = 1 OR 1 = 1 THEN 1 END FROM t', matches: 0 },

  // always-false-predicate
  { rule: 'always-false-predicate', sql: 'SELECT 1 FROM orders WHERE 1 = 0', matches: 1 },
  { rule: 'always-false-predicate', sql: 'SELECT 1 FROM t WHERE a = 5 AND 2 < 1', dialect: 'postgresql', matches: 1 },
  { rule: 'always-false-predicate', sql: 'SELECT 1 FROM t LEFT JOIN u ON u.k = t.k AND 1 <> 1', matches: 1 },
  { rule: 'always-false-predicate', sql: "SELECT 1 FROM t WHERE 'a' <> 'a'", matches: 1 },
  // As an OR branch it does nothing: removed, as long as another branch remains.
  {
    rule: 'always-false-predicate',
    sql: 'SELECT 1 FROM t WHERE 1 = 0 OR a = 5',
    matches: 1,
    after: 'SELECT 1 FROM t WHERE a = 5',
  },
  {
    rule: 'always-false-predicate',
    sql: 'SELECT 1 FROM t WHERE b = 1 AND (a = 5 OR 2 < 1 OR a = 7)',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT 1 FROM t WHERE b = 1 AND (a = 5 OR a = 7)',
  },
  {
    rule: 'always-false-predicate',
    sql: 'SELECT 1 FROM t JOIN u ON u.k = t.k OR 1 <> 1',
    matches: 1,
    after: 'SELECT 1 FROM t JOIN u ON u.k = t.k',
  },
  { rule: 'always-false-predicate', sql: 'SELECT 1 FROM t WHERE 1 = 0 OR 2 = 3', matches: 0 },
  { rule: 'always-false-predicate', sql: 'SELECT 1 FROM t WHERE NOT (a = 5 OR 1 = 0)', matches: 0 },
  { rule: 'always-false-predicate', sql: 'SELECT 1 FROM t WHERE NOT (1 = 0)', matches: 0 },
  { rule: 'always-false-predicate', sql: "SELECT 1 FROM t WHERE 'a' = 'b'", matches: 0 },
  { rule: 'always-false-predicate', sql: 'SELECT CASE WHEN 1 = 0 THEN 1 END FROM t', matches: 0 },

  // always-true-predicate
  {
    rule: 'always-true-predicate',
    sql: 'SELECT 1 FROM orders WHERE 1 = 1 AND o_custkey = 7',
    matches: 1,
    after: 'SELECT 1 FROM orders WHERE o_custkey = 7',
  },
  {
    rule: 'always-true-predicate',
    sql: "SELECT 1 FROM t WHERE 'a' = 'a'",
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT 1 FROM t',
  },
  {
    rule: 'always-true-predicate',
    sql: 'SELECT 1 FROM t WHERE a = 1 AND 2 >= 1 AND b = 2',
    matches: 1,
    after: 'SELECT 1 FROM t WHERE a = 1 AND b = 2',
  },
  {
    rule: 'always-true-predicate',
    sql: 'SELECT a FROM t WHERE (1 = 1) AND a > 0 ORDER BY a',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT a FROM t WHERE a > 0 ORDER BY a',
  },
  {
    rule: 'always-true-predicate',
    sql: 'SELECT 1 FROM t WHERE x = 1 AND (1 = 1 AND y BETWEEN 1 AND 2)',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT 1 FROM t WHERE x = 1 AND (y BETWEEN 1 AND 2)',
  },
  // A WHERE of nothing but always-true conditions goes as a whole.
  {
    rule: 'always-true-predicate',
    sql: 'SELECT a FROM t WHERE 1 = 1 AND 2 = 2 GROUP BY a',
    matches: 2,
    after: 'SELECT a FROM t GROUP BY a',
  },
  // The whole WHERE of an UPDATE is reported, not removed: the statement changes every row.
  { rule: 'always-true-predicate', sql: 'UPDATE orders SET o_clerk = NULL WHERE 1 = 1', matches: 1 },
  {
    rule: 'always-true-predicate',
    sql: 'UPDATE orders SET o_clerk = NULL WHERE 1 = 1 AND o_orderkey = 5',
    matches: 1,
    after: 'UPDATE orders SET o_clerk = NULL WHERE o_orderkey = 5',
  },
  // The whole ON or HAVING stays (a HAVING alone makes the query grouped).
  {
    rule: 'always-true-predicate',
    sql: 'SELECT COUNT(*) FROM t JOIN u ON 1 = 1 HAVING 1 = 1',
    dialect: 'postgresql',
    matches: 2,
  },
  { rule: 'always-true-predicate', sql: 'SELECT 1 FROM t WHERE a = 1 OR 1 = 1', matches: 0 },
  { rule: 'always-true-predicate', sql: 'SELECT 1 FROM t WHERE a = a', matches: 0 },
  { rule: 'always-true-predicate', sql: "SELECT 1 FROM t WHERE 'a' = 'A'", matches: 0 },
  { rule: 'always-true-predicate', sql: 'SELECT 1 = 1 FROM t', matches: 0 },

  // self-comparison
  {
    rule: 'self-comparison',
    sql: 'SELECT 1 FROM customer c JOIN orders o ON o.o_custkey = o.o_custkey',
    matches: 1,
  },
  { rule: 'self-comparison', sql: 'SELECT 1 FROM t WHERE a <> a', dialect: 'postgresql', matches: 1 },
  { rule: 'self-comparison', sql: 'SELECT 1 FROM t a JOIN t b ON a.k = b.k', matches: 0 },
  // `t.a` and `a` may be different columns (a could belong to another table).
  { rule: 'self-comparison', sql: 'SELECT 1 FROM t JOIN u ON u.k = t.k WHERE t.a = a', matches: 0 },
  { rule: 'self-comparison', sql: 'SELECT a = a FROM t', matches: 0 },

  // duplicate-predicate
  {
    rule: 'duplicate-predicate',
    sql: "SELECT 1 FROM orders WHERE o_orderstatus = 'F' AND o_custkey = 7 AND o_orderstatus = 'F'",
    matches: 1,
  },
  { rule: 'duplicate-predicate', sql: 'SELECT 1 FROM t WHERE a = 1 OR (b = 2 OR a = 1)', matches: 1 },
  // AND is associative: the same three conditions grouped differently are the same condition.
  {
    rule: 'duplicate-predicate',
    sql: 'SELECT 1 FROM t WHERE (a = 1 AND b = 2 AND c = 3) OR (a = 1 AND (b = 2 AND c = 3))',
    matches: 1,
  },
  { rule: 'duplicate-predicate', sql: 'SELECT 1 FROM t WHERE (a = 1 AND b = 2) OR (a = 1 AND (b = 3))', matches: 0 },
  // Two bind parameters (MySQL `?`, MyBatis `#{}`) may hold different values.
  { rule: 'duplicate-predicate', sql: 'SELECT 1 FROM t WHERE a = ? OR a = ?', matches: 0 },
  { rule: 'duplicate-predicate', sql: 'SELECT 1 FROM t WHERE a = #{first} OR a = #{second}', matches: 0 },
  { rule: 'duplicate-predicate', sql: 'SELECT 1 FROM t WHERE a = 1 AND A = 1', dialect: 'postgresql', matches: 1 },
  { rule: 'duplicate-predicate', sql: 'SELECT 1 FROM t WHERE a = 1 AND b = 1', matches: 0 },
  // Two calls of a random function are two different conditions.
  { rule: 'duplicate-predicate', sql: 'SELECT 1 FROM t WHERE RAND() < 0.5 AND RAND() < 0.5', matches: 0 },
  {
    rule: 'duplicate-predicate',
    sql: 'SELECT 1 FROM t WHERE a = LAST_INSERT_ID() AND a = LAST_INSERT_ID()',
    matches: 0,
  },
  // The clock is fixed for the whole statement: two NOW() are one value.
  { rule: 'duplicate-predicate', sql: 'SELECT 1 FROM t WHERE a < NOW() AND a < NOW()', matches: 1 },
  { rule: 'duplicate-predicate', sql: "SELECT 1 FROM t WHERE a = 'x' AND a = 'X'", dialect: 'postgresql', matches: 0 },
  // The same condition in different chains is not a repeat.
  { rule: 'duplicate-predicate', sql: 'SELECT 1 FROM t WHERE (a = 1 OR b = 1) AND (a = 1 OR c = 1)', matches: 0 },

  // plus-string-concat
  { rule: 'plus-string-concat', sql: "SELECT c_name + ' ' + c_phone FROM customer", matches: 1 },
  { rule: 'plus-string-concat', sql: "SELECT 1 FROM t WHERE name = 'Mr ' + last_name", matches: 1 },
  { rule: 'plus-string-concat', sql: "SELECT 'a' + 'b'", matches: 1 },
  { rule: 'plus-string-concat', sql: "SELECT a + '1' FROM t", matches: 0 },
  { rule: 'plus-string-concat', sql: "SELECT a + ' 2.5e3 ' FROM t", matches: 0 },
  // Date arithmetic does accept a string.
  { rule: 'plus-string-concat', sql: "SELECT '2024-01-01' + INTERVAL 1 DAY", matches: 0 },
  { rule: 'plus-string-concat', sql: "SELECT CONCAT(c_name, ' ', c_phone) FROM customer", matches: 0 },

  // like-without-wildcard
  { rule: 'like-without-wildcard', sql: "SELECT 1 FROM customer WHERE c_name LIKE 'Bob'", matches: 1 },
  { rule: 'like-without-wildcard', sql: "SELECT 1 FROM t WHERE a NOT LIKE 'x'", dialect: 'postgresql', matches: 1 },
  { rule: 'like-without-wildcard', sql: "SELECT 1 FROM customer WHERE c_name LIKE 'Bob%'", matches: 0 },
  { rule: 'like-without-wildcard', sql: "SELECT 1 FROM customer WHERE c_name LIKE 'B_b'", matches: 0 },
  { rule: 'like-without-wildcard', sql: 'SELECT 1 FROM customer WHERE c_name LIKE ?', matches: 0 },
  { rule: 'like-without-wildcard', sql: "SELECT 1 FROM t WHERE a LIKE 'x|y' ESCAPE '|'", matches: 0 },
  // ILIKE is case-insensitive, which = is not.
  { rule: 'like-without-wildcard', sql: "SELECT 1 FROM t WHERE a ILIKE 'abc'", dialect: 'postgresql', matches: 0 },

  // in-list-too-long
  { rule: 'in-list-too-long', sql: `SELECT 1 FROM orders WHERE o_custkey IN (${numbers(201)})`, matches: 1 },
  {
    rule: 'in-list-too-long',
    sql: `SELECT 1 FROM t WHERE a NOT IN (${numbers(300)})`,
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'in-list-too-long', sql: `SELECT 1 FROM orders WHERE o_custkey IN (${numbers(200)})`, matches: 0 },
  {
    rule: 'in-list-too-long',
    sql: 'SELECT 1 FROM orders WHERE o_custkey IN (SELECT c_custkey FROM customer)',
    matches: 0,
  },

  // in-list-duplicates
  {
    rule: 'in-list-duplicates',
    sql: "SELECT 1 FROM orders WHERE o_orderstatus IN ('F', 'O', 'F')",
    matches: 1,
    after: "SELECT 1 FROM orders WHERE o_orderstatus IN ('F', 'O')",
  },
  // Equal values written differently are reported and kept.
  { rule: 'in-list-duplicates', sql: 'SELECT 1 FROM t WHERE a NOT IN (1, 2, 1.0)', dialect: 'postgresql', matches: 1 },
  {
    rule: 'in-list-duplicates',
    sql: 'SELECT 1 FROM t WHERE a NOT IN (3, 1, 3, 2, 1)',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT 1 FROM t WHERE a NOT IN (3, 1, 2)',
  },
  {
    rule: 'in-list-duplicates',
    sql: "SELECT 1 FROM t WHERE a IN ('x', 'y', 'x') AND b IN (7, 7)",
    matches: 2,
    after: "SELECT 1 FROM t WHERE a IN ('x', 'y') AND b IN (7)",
  },
  { rule: 'in-list-duplicates', sql: "SELECT 1 FROM t WHERE a IN ('x', 'X', 'x ')", matches: 0 },
  { rule: 'in-list-duplicates', sql: 'SELECT 1 FROM t WHERE a IN (?, ?, ?)', matches: 0 },
  { rule: 'in-list-duplicates', sql: "SELECT 1 FROM t WHERE a IN (1, '1')", matches: 0 },

  // or-same-column
  {
    rule: 'or-same-column',
    sql: "SELECT 1 FROM orders WHERE o_orderstatus = 'F' OR o_orderstatus = 'O' OR o_orderstatus = 'P'",
    matches: 1,
    after: "SELECT 1 FROM orders WHERE o_orderstatus IN ('F', 'O', 'P')",
  },
  {
    rule: 'or-same-column',
    sql: "SELECT 1 FROM t WHERE x = 2 AND (a = 'p' OR (a = 'q') OR 'r' = a)",
    dialect: 'postgresql',
    matches: 1,
    after: "SELECT 1 FROM t WHERE x = 2 AND (a IN ('p', 'q', 'r'))",
  },
  {
    rule: 'or-same-column',
    sql: 'SELECT 1 FROM t WHERE NOT (t.a = -1 OR t.a = 2 OR t.a = 3)',
    matches: 1,
    after: 'SELECT 1 FROM t WHERE NOT (t.a IN (-1, 2, 3))',
  },
  // Reported, not rewritten: bind parameters, other terms in the chain, mixed kinds, different spellings.
  {
    rule: 'or-same-column',
    sql: 'SELECT 1 FROM t WHERE (a = $1 OR a = $2) OR 3 = a',
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'or-same-column', sql: 'SELECT 1 FROM t WHERE a = 1 OR b = 2 OR a = 3 OR a = 4', matches: 1 },
  { rule: 'or-same-column', sql: "SELECT 1 FROM t WHERE a = 1 OR a = '2' OR a = 3", matches: 1 },
  {
    rule: 'or-same-column',
    sql: 'SELECT 1 FROM t WHERE A = 1 OR "A" = 2 OR a = 3',
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'or-same-column', sql: 'SELECT 1 FROM t WHERE a = 1 OR a = 2', matches: 0 },
  { rule: 'or-same-column', sql: 'SELECT 1 FROM t WHERE t.a = 1 OR u.a = 2 OR v.a = 3', matches: 0 },
  { rule: 'or-same-column', sql: 'SELECT 1 FROM t WHERE a = 1 OR a > 2 OR a < 0', matches: 0 },
  { rule: 'or-same-column', sql: 'SELECT 1 FROM t WHERE a = b OR a = c OR a = d', matches: 0 },

  // count-for-existence
  {
    rule: 'count-for-existence',
    sql: 'SELECT 1 FROM customer c WHERE (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) > 0',
    matches: 1,
    after: 'SELECT 1 FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey)',
  },
  {
    rule: 'count-for-existence',
    sql: 'SELECT 1 FROM t WHERE 0 = (SELECT COUNT(1) FROM u WHERE u.k = t.k)',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT 1 FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.k = t.k)',
  },
  {
    rule: 'count-for-existence',
    sql: 'SELECT 1 FROM t WHERE (SELECT COUNT(*) FROM u) >= 1',
    matches: 1,
    after: 'SELECT 1 FROM t WHERE EXISTS (SELECT 1 FROM u)',
  },
  // Two-valued on both sides, so it holds in a select list too.
  {
    rule: 'count-for-existence',
    sql: 'SELECT a, (SELECT count(*) FROM u WHERE u.k = t.k) <= 0 AS lonely FROM t',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT a, NOT EXISTS (SELECT 1 FROM u WHERE u.k = t.k) AS lonely FROM t',
  },
  {
    rule: 'count-for-existence',
    sql: 'SELECT 1 FROM t WHERE (SELECT COUNT(*) FROM u WHERE u.k = t.k) > 1',
    matches: 0,
  },
  // COUNT(col) skips NULLs; with GROUP BY the subquery may return no row at all.
  { rule: 'count-for-existence', sql: 'SELECT 1 FROM t WHERE (SELECT COUNT(x) FROM u) > 0', matches: 0 },
  { rule: 'count-for-existence', sql: 'SELECT 1 FROM t WHERE (SELECT COUNT(*) FROM u GROUP BY y) > 0', matches: 0 },
  { rule: 'count-for-existence', sql: 'SELECT a, (SELECT COUNT(*) FROM u WHERE u.k = t.k) FROM t', matches: 0 },

  // count-nullable-column
  { rule: 'count-nullable-column', sql: 'SELECT COUNT(o_clerk) FROM orders', schema: exampleSchema, matches: 1 },
  {
    rule: 'count-nullable-column',
    sql: 'SELECT o.o_custkey, COUNT(o.o_comment) FROM orders o GROUP BY o.o_custkey',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
  },
  { rule: 'count-nullable-column', sql: 'SELECT COUNT(o_orderkey) FROM orders', schema: exampleSchema, matches: 0 },
  {
    rule: 'count-nullable-column',
    sql: 'SELECT COUNT(DISTINCT o_clerk), COUNT(*) FROM orders',
    schema: exampleSchema,
    matches: 0,
  },
  // Without the table's structure nullability is unknown.
  { rule: 'count-nullable-column', sql: 'SELECT COUNT(o_clerk) FROM orders', matches: 0 },

  // deep-nesting
  {
    rule: 'deep-nesting',
    sql: 'SELECT 1 FROM t WHERE a IN (SELECT b FROM u WHERE b IN (SELECT c FROM v WHERE c IN (SELECT d FROM w WHERE d IN (SELECT e FROM z))))',
    matches: 1,
  },
  {
    rule: 'deep-nesting',
    sql: 'SELECT 1 FROM (SELECT * FROM (SELECT * FROM (SELECT * FROM (SELECT 1 AS x FROM t) a) b) c) d',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'deep-nesting',
    sql: 'SELECT 1 FROM t WHERE a IN (SELECT b FROM u WHERE b IN (SELECT c FROM v WHERE c IN (SELECT d FROM w)))',
    matches: 0,
  },
  // UNION branches and CTE bodies are side by side, not nested.
  {
    rule: 'deep-nesting',
    sql: 'WITH x AS (SELECT k FROM t WHERE k IN (SELECT k FROM u WHERE k IN (SELECT k FROM v))) SELECT k FROM x WHERE k IN (SELECT k FROM w UNION SELECT k FROM z)',
    dialect: 'postgresql',
    matches: 0,
  },

  // too-many-joins
  { rule: 'too-many-joins', sql: nineJoins, matches: 1 },
  { rule: 'too-many-joins', sql: nineJoins, dialect: 'postgresql', matches: 1 },
  { rule: 'too-many-joins', sql: 'SELECT 1 FROM a, b, c, d, e, f, g, h WHERE a.k = b.k', matches: 0 },
  {
    rule: 'too-many-joins',
    sql: 'SELECT 1 FROM a, b, c, d, e WHERE a.k IN (SELECT 1 FROM f, g, h, i)',
    matches: 0,
  },

  // union-without-all
  { rule: 'union-without-all', sql: 'SELECT a FROM t UNION SELECT b FROM u', matches: 1 },
  {
    rule: 'union-without-all',
    sql: 'SELECT a FROM t UNION ALL SELECT b FROM u UNION SELECT c FROM v',
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'union-without-all', sql: 'SELECT a FROM t UNION ALL SELECT b FROM u', matches: 0 },
  // An explicit UNION DISTINCT asks for de-duplication.
  { rule: 'union-without-all', sql: 'SELECT a FROM t UNION DISTINCT SELECT b FROM u', matches: 0 },
  { rule: 'union-without-all', sql: 'SELECT a FROM t INTERSECT SELECT b FROM u', dialect: 'postgresql', matches: 0 },
  // In a recursive CTE, UNION's de-duplication is what stops the recursion on cycles.
  {
    rule: 'union-without-all',
    sql: 'WITH RECURSIVE r(n) AS (SELECT 1 UNION SELECT n FROM r) SELECT n FROM r',
    dialect: 'postgresql',
    matches: 0,
  },
  {
    rule: 'union-without-all',
    sql: 'WITH RECURSIVE r(n) AS (SELECT 1 UNION SELECT n FROM r) SELECT n FROM r UNION SELECT 5',
    matches: 1,
  },

  // order-by-in-derived-table
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT x.a, COUNT(*) FROM (SELECT a FROM t ORDER BY b) x GROUP BY x.a',
    matches: 1,
    after: 'SELECT x.a, COUNT(*) FROM (SELECT a FROM t) x GROUP BY x.a',
  },
  {
    rule: 'order-by-in-derived-table',
    sql: 'WITH c AS (SELECT a, b FROM t ORDER BY b DESC) SELECT a, b FROM c ORDER BY a',
    dialect: 'postgresql',
    matches: 1,
    after: 'WITH c AS (SELECT a, b FROM t) SELECT a, b FROM c ORDER BY a',
  },
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT 1 FROM t WHERE a IN (SELECT x.k FROM (SELECT k FROM u ORDER BY k) x)',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT 1 FROM t WHERE a IN (SELECT x.k FROM (SELECT k FROM u) x)',
  },
  // SUM over an exact type does not depend on the order of addition (a float's would).
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT SUM(x.o_totalprice) FROM (SELECT o_totalprice FROM orders ORDER BY o_orderdate) x',
    schema: exampleSchema,
    matches: 1,
    after: 'SELECT SUM(x.o_totalprice) FROM (SELECT o_totalprice FROM orders) x',
  },
  // Reported, kept: the outer query may return rows in this order today (no ORDER BY of its own)...
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT x.o_custkey FROM (SELECT o_custkey FROM orders ORDER BY o_totalprice) x',
    matches: 1,
  },
  {
    rule: 'order-by-in-derived-table',
    sql: 'WITH c AS (SELECT a FROM t ORDER BY a) SELECT a FROM c',
    dialect: 'postgresql',
    matches: 1,
  },
  // ...or something outside depends on the arrival order: an aggregate, LIMIT, an ungrouped MySQL column...
  {
    rule: 'order-by-in-derived-table',
    sql: "WITH c AS (SELECT a FROM t ORDER BY a) SELECT string_agg(a, ',') FROM c",
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT SUM(x.v) FROM (SELECT v FROM t ORDER BY v) x',
    schema: 'CREATE TABLE t (v DOUBLE)',
    matches: 1,
  },
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT x.a FROM (SELECT a FROM t ORDER BY a) x ORDER BY 1 LIMIT 3',
    matches: 1,
  },
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT x.a, x.b FROM (SELECT a, b FROM t ORDER BY b DESC) x GROUP BY x.a',
    matches: 1,
  },
  // ...or an UPDATE may write whichever matching row's value comes first...
  {
    rule: 'order-by-in-derived-table',
    sql: 'UPDATE t JOIN (SELECT d1.k, d1.v FROM (SELECT k, v FROM u ORDER BY v) d1) d2 ON d2.k = t.k SET t.v = d2.v',
    matches: 1,
  },
  // ...or the inner query numbers rows by arrival.
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT x.r FROM (SELECT ROW_NUMBER() OVER () AS r, a FROM t ORDER BY a) x ORDER BY 1',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT x.a FROM (SELECT a FROM t ORDER BY a LIMIT 10) x',
    matches: 0,
  },
  { rule: 'order-by-in-derived-table', sql: 'SELECT a FROM t ORDER BY a', matches: 0 },
  // IN subqueries are subquery-distinct's; a window's ORDER BY is part of the window.
  { rule: 'order-by-in-derived-table', sql: 'SELECT a FROM t WHERE a IN (SELECT b FROM u ORDER BY b)', matches: 0 },
  {
    rule: 'order-by-in-derived-table',
    sql: 'SELECT x.r FROM (SELECT ROW_NUMBER() OVER (ORDER BY a) AS r FROM t) x',
    dialect: 'postgresql',
    matches: 0,
  },

  // limit-without-order-by
  { rule: 'limit-without-order-by', sql: 'SELECT o_orderkey FROM orders LIMIT 10', matches: 1 },
  { rule: 'limit-without-order-by', sql: 'SELECT a FROM t OFFSET 10', dialect: 'postgresql', matches: 1 },
  { rule: 'limit-without-order-by', sql: 'SELECT a FROM t LIMIT 20, 10', matches: 1 },
  {
    rule: 'limit-without-order-by',
    sql: 'SELECT c_name FROM customer WHERE c_nationkey = 5 LIMIT 1',
    schema: exampleSchema,
    matches: 1,
  },
  { rule: 'limit-without-order-by', sql: 'SELECT a FROM (SELECT a FROM t LIMIT 5) x ORDER BY a', matches: 1 },
  { rule: 'limit-without-order-by', sql: 'SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 10', matches: 0 },
  { rule: 'limit-without-order-by', sql: 'SELECT a FROM t LIMIT ALL', dialect: 'postgresql', matches: 0 },
  // Rows that cannot differ, or at most one row: which ones is moot.
  { rule: 'limit-without-order-by', sql: 'SELECT 1 FROM t WHERE b = 2 LIMIT 1', matches: 0 },
  { rule: 'limit-without-order-by', sql: 'SELECT COUNT(*) FROM t LIMIT 1', matches: 0 },
  {
    rule: 'limit-without-order-by',
    sql: 'SELECT c_name FROM customer WHERE c_custkey = 5 LIMIT 1',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'limit-without-order-by',
    sql: 'SELECT l_tax FROM lineitem WHERE l_orderkey = $1 AND l_linenumber = $2 LIMIT 1',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 0,
  },
  // A CTE named customer shadows the table: its rows have no unique key, so pinning c_custkey pins nothing.
  {
    rule: 'limit-without-order-by',
    sql: 'WITH customer AS (SELECT c_custkey, c_name FROM customer, nation) SELECT c_name FROM customer WHERE c_custkey = 5 LIMIT 1',
    schema: exampleSchema,
    matches: 1,
  },
  { rule: 'limit-without-order-by', sql: 'SELECT 1 FROM t WHERE EXISTS (SELECT a FROM u LIMIT 1)', matches: 0 },
  {
    rule: 'limit-without-order-by',
    sql: "SELECT id FROM jobs WHERE status = 'new' LIMIT 10 FOR UPDATE SKIP LOCKED",
    matches: 0,
  },
  // A trailing ORDER BY/LIMIT belongs to the whole UNION.
  { rule: 'limit-without-order-by', sql: 'SELECT a FROM t UNION ALL SELECT b FROM u LIMIT 5', matches: 0 },

  // ungrouped-column
  {
    rule: 'ungrouped-column',
    sql: 'SELECT c_nationkey, c_name, COUNT(*) FROM customer GROUP BY c_nationkey',
    schema: exampleSchema,
    matches: 1,
  },
  {
    rule: 'ungrouped-column',
    sql: 'SELECT l_orderkey, l_tax FROM lineitem GROUP BY l_orderkey',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
  },
  { rule: 'ungrouped-column', sql: 'SELECT a, COUNT(*) FROM t', matches: 1 },
  { rule: 'ungrouped-column', sql: 'SELECT x.a, MAX(x.b) FROM t x', dialect: 'postgresql', matches: 1 },
  {
    rule: 'ungrouped-column',
    sql: 'SELECT o.o_custkey, o.o_orderdate, COUNT(*) FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_custkey',
    schema: exampleSchema,
    matches: 1,
  },
  // A grouped primary key determines the row; a column equated with a grouped one is grouped too.
  {
    rule: 'ungrouped-column',
    sql: 'SELECT c_custkey, c_name, COUNT(*) FROM customer GROUP BY c_custkey',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'ungrouped-column',
    sql: 'SELECT c.c_custkey, c.c_name, COUNT(o.o_orderkey) FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_custkey',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'ungrouped-column',
    sql: 'SELECT l_orderkey, l_linenumber, l_tax FROM lineitem GROUP BY l_orderkey, l_linenumber',
    schema: exampleSchema,
    matches: 0,
  },
  // Without the table's keys a grouped query is not judged.
  {
    rule: 'ungrouped-column',
    sql: 'SELECT c_nationkey, c_name, COUNT(*) FROM customer GROUP BY c_nationkey',
    matches: 0,
  },
  {
    rule: 'ungrouped-column',
    sql: 'SELECT YEAR(o_orderdate), o_orderdate + 0, COUNT(*) FROM orders GROUP BY YEAR(o_orderdate), o_orderdate',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'ungrouped-column',
    sql: 'SELECT o_orderdate AS d, COUNT(*) FROM orders GROUP BY d',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'ungrouped-column',
    sql: 'SELECT ANY_VALUE(o_clerk), o_custkey, COUNT(*) FROM orders GROUP BY 2',
    schema: exampleSchema,
    matches: 0,
  },
  { rule: 'ungrouped-column', sql: 'SELECT a, COUNT(*) FROM t WHERE a = 5', matches: 0 },
  { rule: 'ungrouped-column', sql: 'SELECT a, SUM(b) OVER () FROM t', dialect: 'postgresql', matches: 0 },
  // An outer query's column is one value per subquery run.
  { rule: 'ungrouped-column', sql: 'SELECT x FROM t WHERE y > (SELECT t.z + COUNT(*) FROM u)', matches: 0 },

  // having-without-aggregate
  // On MySQL, a number compared with a column needs the schema to show the column numeric...
  {
    rule: 'having-without-aggregate',
    sql: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey HAVING o_custkey > 100 AND COUNT(*) > 2',
    matches: 1,
  },
  {
    rule: 'having-without-aggregate',
    sql: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey HAVING o_custkey > 100 AND COUNT(*) > 2',
    schema: exampleSchema,
    matches: 1,
    after: 'SELECT o_custkey, COUNT(*) FROM orders WHERE o_custkey > 100 GROUP BY o_custkey HAVING COUNT(*) > 2',
  },
  {
    rule: 'having-without-aggregate',
    sql: 'SELECT t.a, COUNT(*) FROM t GROUP BY t.a HAVING a > 5',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT t.a, COUNT(*) FROM t WHERE a > 5 GROUP BY t.a',
  },
  // ...a string literal compares in the column's own terms. An OR in WHERE is parenthesized.
  {
    rule: 'having-without-aggregate',
    sql: "SELECT a, COUNT(*) FROM t WHERE x = 1 OR y = 2 GROUP BY a HAVING (a = 'p' OR a = 'q') AND COUNT(*) > 1 AND a <> 'r' ORDER BY a",
    matches: 2,
    after:
      "SELECT a, COUNT(*) FROM t WHERE (x = 1 OR y = 2) AND (a = 'p' OR a = 'q') AND a <> 'r' GROUP BY a HAVING COUNT(*) > 1 ORDER BY a",
  },
  {
    rule: 'having-without-aggregate',
    sql: "SELECT a, b, COUNT(*) FROM t GROUP BY a, b HAVING NOT a IN (1, 2) AND b BETWEEN 'a' AND 'c' AND a IS NOT NULL",
    dialect: 'postgresql',
    matches: 3,
    after:
      "SELECT a, b, COUNT(*) FROM t WHERE NOT a IN (1, 2) AND b BETWEEN 'a' AND 'c' AND a IS NOT NULL GROUP BY a, b",
  },
  // Functions and LIKE can tell apart values one group holds ('a' and 'A' under a case-insensitive collation).
  { rule: 'having-without-aggregate', sql: "SELECT a, COUNT(*) FROM t GROUP BY a HAVING LOWER(a) = 'x'", matches: 1 },
  { rule: 'having-without-aggregate', sql: "SELECT a, COUNT(*) FROM t GROUP BY a HAVING a LIKE 'x%'", matches: 1 },
  {
    rule: 'having-without-aggregate',
    sql: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey HAVING COUNT(*) > 2',
    matches: 0,
  },
  // An output alias, ROLLUP's super-aggregate rows, a subquery: left alone.
  { rule: 'having-without-aggregate', sql: 'SELECT a, COUNT(*) AS n FROM t GROUP BY a HAVING n > 2', matches: 0 },
  {
    rule: 'having-without-aggregate',
    sql: 'SELECT a, COUNT(*) FROM t GROUP BY a WITH ROLLUP HAVING a IS NOT NULL',
    matches: 0,
  },
  {
    rule: 'having-without-aggregate',
    sql: 'SELECT a, COUNT(*) FROM t GROUP BY ROLLUP(a) HAVING a IS NOT NULL',
    dialect: 'postgresql',
    matches: 0,
  },
  {
    rule: 'having-without-aggregate',
    sql: 'SELECT a, COUNT(*) FROM t GROUP BY a HAVING a IN (SELECT k FROM u)',
    matches: 0,
  },
  // MySQL lets HAVING name ungrouped columns; such a condition does not move as is.
  { rule: 'having-without-aggregate', sql: 'SELECT a, b FROM t GROUP BY a HAVING b > 1', matches: 0 },
  { rule: 'having-without-aggregate', sql: 'SELECT a * 2 AS x FROM t HAVING x > 5', matches: 0 },

  // group-by-without-aggregate
  {
    rule: 'group-by-without-aggregate',
    sql: 'SELECT o_custkey, o_orderstatus FROM orders GROUP BY o_custkey, o_orderstatus',
    matches: 1,
  },
  { rule: 'group-by-without-aggregate', sql: 'SELECT a FROM t GROUP BY 1', dialect: 'postgresql', matches: 1 },
  { rule: 'group-by-without-aggregate', sql: 'SELECT a, SUM(b) FROM t GROUP BY a', matches: 0 },
  // Inside a subquery, GROUP BY is a common way to de-duplicate keys for a join.
  {
    rule: 'group-by-without-aggregate',
    sql: 'SELECT o.o_orderkey FROM orders o JOIN (SELECT l_orderkey FROM lineitem GROUP BY l_orderkey) l ON l.l_orderkey = o.o_orderkey',
    dialect: 'postgresql',
    matches: 0,
  },
  { rule: 'group-by-without-aggregate', sql: 'SELECT a FROM t GROUP BY a, b', matches: 0 },
  { rule: 'group-by-without-aggregate', sql: 'SELECT a, b FROM t GROUP BY a, b ORDER BY COUNT(*) DESC', matches: 0 },
  { rule: 'group-by-without-aggregate', sql: 'SELECT a FROM t GROUP BY a HAVING COUNT(*) > 1', matches: 0 },
  {
    rule: 'group-by-without-aggregate',
    sql: 'SELECT a, ROW_NUMBER() OVER (ORDER BY a) FROM t GROUP BY a',
    dialect: 'postgresql',
    matches: 0,
  },

  // distinct-with-group-by
  {
    rule: 'distinct-with-group-by',
    sql: 'SELECT DISTINCT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey',
    matches: 1,
    after: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey',
  },
  {
    rule: 'distinct-with-group-by',
    sql: 'SELECT DISTINCT a, b FROM t GROUP BY 1, 2',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT a, b FROM t GROUP BY 1, 2',
  },
  // The outer query's DISTINCT, not the CTE's (which has none to lose).
  {
    rule: 'distinct-with-group-by',
    sql: 'WITH c AS (SELECT DISTINCT a FROM t) SELECT DISTINCT a, MAX(b) FROM c GROUP BY a',
    dialect: 'postgresql',
    matches: 1,
    after: 'WITH c AS (SELECT DISTINCT a FROM t) SELECT a, MAX(b) FROM c GROUP BY a',
  },
  // PostgreSQL's "A" and a are two columns ("A" may depend on a key a): DISTINCT may remove rows.
  {
    rule: 'distinct-with-group-by',
    sql: 'SELECT DISTINCT "A", COUNT(*) FROM t GROUP BY a',
    dialect: 'postgresql',
    matches: 0,
  },
  // A grouping column not in the output: two groups can produce the same row.
  { rule: 'distinct-with-group-by', sql: 'SELECT DISTINCT a, COUNT(*) FROM t GROUP BY a, b', matches: 0 },
  {
    rule: 'distinct-with-group-by',
    sql: 'SELECT DISTINCT ON (a) a, COUNT(*) FROM t GROUP BY a',
    dialect: 'postgresql',
    matches: 0,
  },
  { rule: 'distinct-with-group-by', sql: 'SELECT a, COUNT(*) FROM t GROUP BY a', matches: 0 },

  // multiple-count-distinct
  {
    rule: 'multiple-count-distinct',
    sql: 'SELECT o_orderstatus, COUNT(DISTINCT o_custkey), COUNT(DISTINCT o_clerk) FROM orders GROUP BY o_orderstatus',
    matches: 1,
  },
  {
    rule: 'multiple-count-distinct',
    sql: 'SELECT a, COUNT(DISTINCT b) FROM t GROUP BY a HAVING COUNT(DISTINCT c) > 1',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'multiple-count-distinct',
    sql: 'SELECT a, COUNT(DISTINCT b), COUNT(DISTINCT b) * 2, COUNT(c) FROM t GROUP BY a',
    matches: 0,
  },
  {
    rule: 'multiple-count-distinct',
    sql: 'SELECT COUNT(DISTINCT a), (SELECT COUNT(DISTINCT b) FROM u) FROM t',
    matches: 0,
  },

  // order-by-position
  { rule: 'order-by-position', sql: 'SELECT o_orderkey, o_totalprice FROM orders ORDER BY 2 DESC', matches: 1 },
  { rule: 'order-by-position', sql: 'SELECT a, b FROM t ORDER BY 1, b, 2', dialect: 'postgresql', matches: 2 },
  { rule: 'order-by-position', sql: 'SELECT a FROM t UNION SELECT b FROM u ORDER BY 1', matches: 1 },
  { rule: 'order-by-position', sql: 'SELECT a, b FROM t ORDER BY b DESC', matches: 0 },
  { rule: 'order-by-position', sql: 'SELECT a FROM t ORDER BY a + 1', matches: 0 },
  {
    rule: 'order-by-position',
    sql: 'SELECT ROW_NUMBER() OVER (ORDER BY a) FROM t',
    dialect: 'postgresql',
    matches: 0,
  },

  // group-by-position
  { rule: 'group-by-position', sql: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY 1', matches: 1 },
  { rule: 'group-by-position', sql: 'SELECT a, b, COUNT(*) FROM t GROUP BY 1, 2', dialect: 'postgresql', matches: 2 },
  { rule: 'group-by-position', sql: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey', matches: 0 },
  { rule: 'group-by-position', sql: 'SELECT a, COUNT(*) FROM t GROUP BY a ORDER BY 1', matches: 0 },

  // mixed-order-direction
  {
    rule: 'mixed-order-direction',
    sql: 'SELECT o_orderkey FROM orders ORDER BY o_custkey, o_orderdate DESC LIMIT 20',
    matches: 1,
  },
  {
    rule: 'mixed-order-direction',
    sql: 'SELECT a FROM t WHERE c > 1 ORDER BY a DESC, b ASC LIMIT 10',
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'mixed-order-direction', sql: 'SELECT a FROM t ORDER BY a DESC, b DESC LIMIT 10', matches: 0 },
  // A column pinned by WHERE has a single value: its direction is irrelevant.
  { rule: 'mixed-order-direction', sql: 'SELECT a FROM t WHERE a = 5 ORDER BY a ASC, b DESC LIMIT 10', matches: 0 },
  { rule: 'mixed-order-direction', sql: 'SELECT a FROM t ORDER BY a + 1 ASC, b DESC LIMIT 10', matches: 0 },
  // No LIMIT, grouped rows, a join: the rows get sorted whatever the directions.
  { rule: 'mixed-order-direction', sql: 'SELECT a FROM t ORDER BY a ASC, b DESC', matches: 0 },
  {
    rule: 'mixed-order-direction',
    sql: 'SELECT a, b, COUNT(*) FROM t GROUP BY a, b ORDER BY a ASC, b DESC LIMIT 10',
    dialect: 'postgresql',
    matches: 0,
  },
  {
    rule: 'mixed-order-direction',
    sql: 'SELECT t.a FROM t JOIN u ON u.k = t.k ORDER BY t.a ASC, u.b DESC LIMIT 10',
    matches: 0,
  },
];
