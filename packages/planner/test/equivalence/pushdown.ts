import type { EquivalenceCase } from './case.ts';

/**
 * Equivalence cases of the pushdown family's rewrites, on PostgreSQL (PGlite) and on MariaDB.
 *
 * The TPC-H sample has no NULLs, so the `events` cases carry them: NULL groups and NULL amounts through a
 * pushed condition, a UNION that de-duplicates NULLs, branches split by `IS NULL`. or-to-union-all needs
 * two indexed columns of one table: `events` (id, grp, label; NULLs in grp and label) on both databases,
 * and on MySQL also lineitem, whose foreign keys InnoDB indexes. offset-to-keyset needs an offset above
 * the large-offset threshold (1000), which only the TPC-H tables reach.
 */
export const pushdownPostgresqlCases: EquivalenceCase[] = [
  // predicate-pushdown-derived
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT t.o_custkey, t.total FROM (SELECT o_custkey, sum(o_totalprice) AS total FROM orders GROUP BY o_custkey) t WHERE t.o_custkey < 5000',
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: "WITH c AS (SELECT l_orderkey, l_quantity FROM lineitem) SELECT c.l_orderkey, c.l_quantity, o.o_orderdate FROM c JOIN orders o ON o.o_orderkey = c.l_orderkey WHERE c.l_quantity > 49 AND o.o_orderstatus = 'F'",
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.g, d.n, d.total FROM (SELECT grp AS g, count(*) AS n, sum(amount) AS total FROM events GROUP BY grp) d WHERE d.g IS NULL OR d.g > 2',
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: "SELECT d.id, d.label FROM (SELECT id, label, amount FROM events) d WHERE d.amount > 5 OR d.label = 'a'",
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: "SELECT d.label FROM (SELECT DISTINCT label FROM events) d WHERE d.label IN ('b', 'c ') OR d.label IS NULL",
  },
  // The derived table on the kept side of a LEFT JOIN.
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.id, e.id FROM (SELECT id, grp FROM events) d LEFT JOIN events e ON e.grp = d.grp AND e.id <> d.id WHERE d.grp IS NULL OR d.id > 6',
  },
  // predicate-pushdown-union
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.k, u.v FROM (SELECT o_orderkey AS k, o_custkey AS v FROM orders UNION ALL SELECT l_orderkey, l_partkey FROM lineitem) u WHERE u.k < 3830000 AND u.v > 100000',
  },
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.g FROM (SELECT grp AS g FROM events UNION SELECT flag FROM events) u WHERE u.g IS NULL OR u.g >= 3',
  },
  {
    rule: 'predicate-pushdown-union',
    sql: "SELECT u.id, u.label FROM (SELECT id, label FROM events WHERE grp = 1 UNION ALL SELECT id, label FROM events WHERE grp IS NULL OR grp > 2) u WHERE u.label <> 'b' OR u.id > 8",
  },
  // or-to-union-all
  { rule: 'or-to-union-all', sql: 'SELECT id, grp, label FROM events WHERE id < 4 OR grp = 3' },
  { rule: 'or-to-union-all', sql: "SELECT id, grp FROM events WHERE flag > 0 AND (grp = 1 OR label = 'b')" },
  // limit-pushdown-union
  {
    rule: 'limit-pushdown-union',
    sql: "SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F' UNION ALL SELECT o_orderkey, o_totalprice FROM orders WHERE o_totalprice > 300000 AND (o_orderstatus = 'F') IS NOT TRUE ORDER BY o_orderkey DESC LIMIT 10",
  },
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT s_suppkey, s_name FROM supplier WHERE s_acctbal < 0 UNION ALL SELECT s_suppkey, s_name FROM supplier WHERE s_acctbal >= 5000 ORDER BY s_suppkey LIMIT 25',
  },
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT id, grp, label FROM events WHERE grp IS NULL UNION ALL SELECT id, grp, label FROM events WHERE grp >= 2 ORDER BY id DESC LIMIT 3',
  },
  {
    rule: 'limit-pushdown-union',
    sql: '(SELECT id, amount FROM events WHERE amount < 5) UNION ALL (SELECT id, amount FROM events WHERE amount >= 5) UNION ALL (SELECT id, amount FROM events WHERE amount IS NULL) ORDER BY 1 LIMIT 3 OFFSET 2',
  },
  // offset-to-keyset (orders has 2048 rows in the sample, part 8060)
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey, o_totalprice FROM orders ORDER BY o_orderkey LIMIT 10 OFFSET 1500',
  },
  {
    rule: 'offset-to-keyset',
    sql: "SELECT o_orderkey, o_custkey FROM orders o WHERE o.o_orderstatus <> 'P' OR o.o_totalprice > 100000 ORDER BY o.o_orderkey DESC LIMIT 20 OFFSET 1200",
  },
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT p_partkey, p_name FROM part WHERE p_size < 20 ORDER BY p_partkey LIMIT 30 OFFSET 3000',
  },
];

export const pushdownMysqlCases: EquivalenceCase[] = [
  // predicate-pushdown-derived
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT t.o_custkey, t.total FROM (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) t WHERE t.o_custkey < 5000',
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: "WITH c AS (SELECT l_orderkey, l_quantity FROM lineitem) SELECT c.l_orderkey, c.l_quantity, o.o_orderdate FROM c JOIN orders o ON o.o_orderkey = c.l_orderkey WHERE c.l_quantity > 49 AND o.o_orderstatus = 'F'",
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.g, d.n, d.total FROM (SELECT grp AS g, COUNT(*) AS n, SUM(amount) AS total FROM events GROUP BY grp) d WHERE d.g IS NULL OR d.g > 2',
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: "SELECT d.id, d.label FROM (SELECT id, label, amount FROM events) d WHERE d.amount > 5 OR d.label = 'a'",
  },
  // 'c ' and 'c' are one value under PAD SPACE; the pushed IN treats them alike, as the DISTINCT did.
  {
    rule: 'predicate-pushdown-derived',
    sql: "SELECT d.label FROM (SELECT DISTINCT label FROM events) d WHERE d.label IN ('b', 'c') OR d.label IS NULL",
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.id, e.id FROM (SELECT id, grp FROM events) d LEFT JOIN events e ON e.grp = d.grp AND e.id <> d.id WHERE d.grp IS NULL OR d.id > 6',
  },
  // predicate-pushdown-union
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.k, u.v FROM (SELECT o_orderkey AS k, o_custkey AS v FROM orders UNION ALL SELECT l_orderkey, l_partkey FROM lineitem) u WHERE u.k < 3830000 AND u.v > 100000',
  },
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.g FROM (SELECT grp AS g FROM events UNION SELECT flag FROM events) u WHERE u.g IS NULL OR u.g >= 3',
  },
  {
    rule: 'predicate-pushdown-union',
    sql: "SELECT u.id, u.label FROM (SELECT id, label FROM events WHERE grp = 1 UNION ALL SELECT id, label FROM events WHERE grp IS NULL OR grp > 2) u WHERE u.label <> 'b' OR u.id > 8",
  },
  // or-to-union-all
  { rule: 'or-to-union-all', sql: 'SELECT id, grp, label FROM events WHERE id < 4 OR grp = 3' },
  { rule: 'or-to-union-all', sql: "SELECT id, grp FROM events WHERE flag > 0 AND (grp = 1 OR label = 'b')" },
  {
    rule: 'or-to-union-all',
    sql: 'SELECT l_orderkey, l_linenumber, l_quantity FROM lineitem WHERE l_orderkey < 3826000 OR l_partkey < 2000',
  },
  {
    rule: 'or-to-union-all',
    sql: 'SELECT l_orderkey AS k, l_linenumber, l_partkey FROM lineitem WHERE l_quantity > 20 AND (l_orderkey IN (3825665, 3825666, 3826048) OR l_partkey BETWEEN 1000 AND 5000 OR l_orderkey > 5283000) ORDER BY k, 2',
  },
  // limit-pushdown-union
  {
    rule: 'limit-pushdown-union',
    sql: "SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F' UNION ALL SELECT o_orderkey, o_totalprice FROM orders WHERE o_totalprice > 300000 AND (o_orderstatus = 'F') IS NOT TRUE ORDER BY o_orderkey DESC LIMIT 10",
  },
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT s_suppkey, s_name FROM supplier WHERE s_acctbal < 0 UNION ALL SELECT s_suppkey, s_name FROM supplier WHERE s_acctbal >= 5000 ORDER BY s_suppkey LIMIT 5, 20',
  },
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT id, grp, label FROM events WHERE grp IS NULL UNION ALL SELECT id, grp, label FROM events WHERE grp >= 2 ORDER BY id DESC LIMIT 3',
  },
  {
    rule: 'limit-pushdown-union',
    sql: '(SELECT id, amount FROM events WHERE amount < 5) UNION ALL (SELECT id, amount FROM events WHERE amount >= 5) UNION ALL (SELECT id, amount FROM events WHERE amount IS NULL) ORDER BY 1 LIMIT 3 OFFSET 2',
  },
  // offset-to-keyset
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey, o_totalprice FROM orders ORDER BY o_orderkey LIMIT 10 OFFSET 1500',
  },
  {
    rule: 'offset-to-keyset',
    sql: "SELECT o_orderkey, o_custkey FROM orders o WHERE o.o_orderstatus <> 'P' OR o.o_totalprice > 100000 ORDER BY o.o_orderkey DESC LIMIT 20 OFFSET 1200",
  },
  { rule: 'offset-to-keyset', sql: 'SELECT s_suppkey, s_name FROM supplier ORDER BY s_suppkey DESC LIMIT 4000, 25' },
];
