import type { RuleCase } from '../../fixtures/case.ts';
import { exampleSchema as schema } from '../../fixtures/schema.ts';

/** Positive and negative cases of this family's rules. */
export const relationsCases: RuleCase[] = [
  // outer-join-nullified
  {
    rule: 'outer-join-nullified',
    sql: "SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderstatus = 'F'",
    matches: 1,
  },
  {
    rule: 'outer-join-nullified',
    sql: 'SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NOT NULL',
    dialect: 'postgresql',
    matches: 1,
  },
  // Unqualified: placed by the schema.
  {
    rule: 'outer-join-nullified',
    sql: "SELECT c_name FROM customer LEFT JOIN orders ON o_custkey = c_custkey WHERE o_orderstatus IN ('F', 'O')",
    schema,
    matches: 1,
  },
  { rule: 'outer-join-nullified', sql: 'SELECT 1 FROM a RIGHT JOIN b ON a.x = b.x WHERE a.y > 1', matches: 1 },
  // The anti-join idiom, conditions in ON, OR branches, COALESCE and NOT IN (subquery) keep the NULL rows.
  {
    rule: 'outer-join-nullified',
    sql: 'SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NULL',
    matches: 0,
  },
  {
    rule: 'outer-join-nullified',
    sql: "SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F' WHERE c.c_acctbal > 0",
    matches: 0,
  },
  {
    rule: 'outer-join-nullified',
    sql: "SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderstatus = 'F' OR o.o_orderkey IS NULL",
    matches: 0,
  },
  {
    rule: 'outer-join-nullified',
    sql: 'SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE COALESCE(o.o_totalprice, 0) < 100',
    matches: 0,
  },
  {
    rule: 'outer-join-nullified',
    sql: 'SELECT c.c_name FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_clerk NOT IN (SELECT s_name FROM supplier)',
    matches: 0,
  },
  { rule: 'outer-join-nullified', sql: 'SELECT 1 FROM a RIGHT JOIN b ON a.x = b.x WHERE b.y > 1', matches: 0 },
  // Unqualified without a schema: cannot be placed.
  {
    rule: 'outer-join-nullified',
    sql: "SELECT c_name FROM customer LEFT JOIN orders ON o_custkey = c_custkey WHERE o_orderstatus = 'F'",
    matches: 0,
  },

  // join-on-non-equality
  {
    rule: 'join-on-non-equality',
    sql: 'SELECT o.o_orderkey FROM orders o JOIN lineitem l ON l.l_shipdate > o.o_orderdate',
    matches: 1,
  },
  {
    rule: 'join-on-non-equality',
    sql: 'SELECT 1 FROM events e JOIN periods p ON e.at BETWEEN p.starts AND p.ends',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'join-on-non-equality',
    sql: 'SELECT o.o_orderkey FROM orders o JOIN lineitem l ON l.l_orderkey = o.o_orderkey AND l.l_shipdate > o.o_orderdate',
    matches: 0,
  },
  // Only filters in ON (no condition across the tables): not this rule's business.
  { rule: 'join-on-non-equality', sql: 'SELECT 1 FROM a JOIN b ON b.flag > 1 AND a.x < 2', matches: 0 },
  // A single-row derived table compared by range is fine.
  {
    rule: 'join-on-non-equality',
    sql: 'SELECT o.o_orderkey FROM orders o JOIN (SELECT AVG(o_totalprice) AS average FROM orders) a ON o.o_totalprice > a.average',
    matches: 0,
  },
  // Unqualified columns without a schema cannot be placed.
  { rule: 'join-on-non-equality', sql: 'SELECT 1 FROM a JOIN b ON x < y', matches: 0 },
  // Functions (spatial joins) are left alone.
  { rule: 'join-on-non-equality', sql: 'SELECT 1 FROM a JOIN b ON ST_Contains(a.g, b.p)', matches: 0 },

  // join-using-or
  {
    rule: 'join-using-or',
    sql: 'SELECT c.c_name FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey OR o.o_clerk = c.c_name',
    matches: 1,
  },
  {
    rule: 'join-using-or',
    sql: 'SELECT 1 FROM a LEFT JOIN b ON (a.x = b.x OR a.y = b.y) AND b.z = 1',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'join-using-or',
    sql: 'SELECT c.c_name FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey AND (o.o_clerk = c.c_name OR o.o_clerk IS NULL)',
    matches: 0,
  },
  {
    rule: 'join-using-or',
    sql: "SELECT c.c_name FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey AND (o.o_orderstatus = 'F' OR o.o_orderstatus = 'O')",
    matches: 0,
  },

  // join-type-mismatch
  {
    rule: 'join-type-mismatch',
    sql: 'SELECT o.o_orderkey FROM orders o JOIN customer c ON c.c_phone = o.o_custkey',
    schema,
    matches: 1,
  },
  {
    rule: 'join-type-mismatch',
    sql: 'SELECT o.o_orderkey FROM orders o, lineitem l WHERE l.l_comment = o.o_orderdate',
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  {
    rule: 'join-type-mismatch',
    sql: 'SELECT o.o_orderkey FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey',
    schema,
    matches: 0,
  },
  // CHAR with VARCHAR, INT with DECIMAL, DATE with DATE: same kind.
  {
    rule: 'join-type-mismatch',
    sql: 'SELECT 1 FROM orders o JOIN customer c ON c.c_name = o.o_clerk AND c.c_acctbal > o.o_custkey JOIN lineitem l ON l.l_shipdate = o.o_orderdate',
    schema,
    matches: 0,
  },
  { rule: 'join-type-mismatch', sql: 'SELECT 1 FROM orders o JOIN customer c ON c.c_phone = o.o_custkey', matches: 0 },

  // join-on-unindexed-column
  {
    rule: 'join-on-unindexed-column',
    sql: 'SELECT s.s_name, c.c_name FROM supplier s JOIN customer c ON c.c_phone = s.s_phone',
    schema,
    matches: 1,
  },
  {
    rule: 'join-on-unindexed-column',
    sql: 'SELECT 1 FROM supplier s, customer c WHERE c.c_nationkey = s.s_nationkey AND s.s_nationkey = c.c_nationkey',
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  {
    rule: 'join-on-unindexed-column',
    sql: 'SELECT o.o_orderkey FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey',
    schema,
    matches: 0,
  },
  // ps_suppkey starts no index, but the pair is joined through the primary key (ps_partkey, ps_suppkey).
  {
    rule: 'join-on-unindexed-column',
    sql: 'SELECT 1 FROM lineitem l JOIN partsupp ps ON ps.ps_partkey = l.l_partkey AND ps.ps_suppkey = l.l_suppkey',
    schema,
    matches: 0,
  },
  {
    rule: 'join-on-unindexed-column',
    sql: 'SELECT s.s_name FROM supplier s JOIN customer c ON c.c_phone = s.s_phone',
    matches: 0,
  },

  // natural-join
  {
    rule: 'natural-join',
    sql: 'SELECT n_name, r_name FROM nation NATURAL JOIN region',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'natural-join',
    sql: 'SELECT n_name FROM nation NATURAL LEFT OUTER JOIN region',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'natural-join',
    sql: "SELECT n_name FROM nation n JOIN region r USING (r_regionkey) WHERE n_comment = 'natural join'",
    dialect: 'postgresql',
    matches: 0,
  },
  { rule: 'natural-join', sql: 'SELECT n_name FROM nation NATURAL JOIN region', matches: 1 },
  {
    rule: 'natural-join',
    sql: 'SELECT n_name FROM nation n JOIN region r ON r.r_regionkey = n.n_regionkey',
    matches: 0,
  },

  // ambiguous-column
  {
    rule: 'ambiguous-column',
    sql: 'SELECT o_orderkey, o2.o_orderkey FROM orders o1 JOIN orders o2 ON o2.o_custkey = o1.o_custkey',
    schema,
    matches: 1,
  },
  {
    rule: 'ambiguous-column',
    sql: 'SELECT o1.o_orderkey FROM orders o1 JOIN orders o2 ON o2.o_orderkey = o1.o_orderkey WHERE o_comment IS NULL',
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  // Distinct column names; USING merges its column; ORDER BY names an output column.
  {
    rule: 'ambiguous-column',
    sql: 'SELECT c_name FROM customer c JOIN orders o ON o_custkey = c_custkey WHERE o_totalprice > 10',
    schema,
    matches: 0,
  },
  {
    rule: 'ambiguous-column',
    sql: 'SELECT o1.o_orderkey FROM orders o1 JOIN orders o2 USING (o_custkey) WHERE o_custkey = 3',
    schema,
    matches: 0,
  },
  {
    rule: 'ambiguous-column',
    sql: 'SELECT o1.o_orderkey FROM orders o1 JOIN orders o2 ON o2.o_custkey = o1.o_custkey ORDER BY o_orderkey',
    schema,
    matches: 0,
  },
  // ON sees only the tables joined so far: n_regionkey there is the first nation's.
  {
    rule: 'ambiguous-column',
    sql: 'SELECT a.n_name FROM nation a JOIN region r ON r_regionkey = n_regionkey JOIN nation b ON b.n_nationkey = a.n_nationkey',
    schema,
    matches: 0,
  },
  // A subquery's unqualified column belongs to its own table first.
  {
    rule: 'ambiguous-column',
    sql: 'SELECT o1.o_orderkey FROM orders o1 WHERE EXISTS (SELECT 1 FROM orders o2 WHERE o_custkey = o1.o_custkey)',
    schema,
    matches: 0,
  },
  // A CTE named like a table hides it.
  {
    rule: 'ambiguous-column',
    sql: 'WITH orders AS (SELECT 1 AS x) SELECT o_orderkey FROM orders, lineitem',
    schema,
    matches: 0,
  },
  {
    rule: 'ambiguous-column',
    sql: 'SELECT o_orderkey FROM orders o1 JOIN orders o2 ON o2.o_custkey = o1.o_custkey',
    matches: 0,
  },

  // correlated-subquery-in-select
  {
    rule: 'correlated-subquery-in-select',
    sql: 'SELECT c.c_name, (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) AS n FROM customer c',
    matches: 1,
  },
  {
    rule: 'correlated-subquery-in-select',
    sql: 'SELECT c_name, EXISTS (SELECT 1 FROM orders WHERE o_custkey = c_custkey) AS has_orders FROM customer',
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  // Uncorrelated: computed once.
  {
    rule: 'correlated-subquery-in-select',
    sql: 'SELECT c.c_name, (SELECT MAX(o_totalprice) FROM orders) AS top FROM customer c',
    matches: 0,
  },
  // A LIMITed outer query runs it a few times only.
  {
    rule: 'correlated-subquery-in-select',
    sql: 'SELECT c.c_name, (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) AS n FROM customer c ORDER BY c.c_name LIMIT 20',
    matches: 0,
  },
  // Correlated in WHERE: another matter.
  {
    rule: 'correlated-subquery-in-select',
    sql: 'SELECT c.c_name FROM customer c WHERE c.c_acctbal > (SELECT AVG(o.o_totalprice) FROM orders o WHERE o.o_custkey = c.c_custkey)',
    matches: 0,
  },
  // Unqualified without a schema: cannot tell.
  {
    rule: 'correlated-subquery-in-select',
    sql: 'SELECT c_name, (SELECT COUNT(*) FROM orders WHERE o_custkey = c_custkey) AS n FROM customer',
    matches: 0,
  },

  // scalar-subquery-multiple-rows
  {
    rule: 'scalar-subquery-multiple-rows',
    sql: "SELECT o.o_orderkey FROM orders o WHERE o.o_custkey = (SELECT c_custkey FROM customer WHERE c_name = 'Bob')",
    schema,
    matches: 1,
  },
  {
    rule: 'scalar-subquery-multiple-rows',
    sql: 'SELECT o.o_orderkey, (SELECT l.l_shipdate FROM lineitem l WHERE l.l_orderkey = o.o_orderkey) AS shipped FROM orders o',
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  // The whole primary key fixed, LIMIT 1, an aggregate, GROUP BY on a constant filter, IN and ANY.
  {
    rule: 'scalar-subquery-multiple-rows',
    sql: 'SELECT o.o_orderkey, (SELECT l.l_shipdate FROM lineitem l WHERE l.l_orderkey = o.o_orderkey AND l.l_linenumber = 1) AS s FROM orders o',
    schema,
    matches: 0,
  },
  {
    rule: 'scalar-subquery-multiple-rows',
    sql: "SELECT o.o_orderkey FROM orders o WHERE o.o_custkey = (SELECT c_custkey FROM customer WHERE c_name = 'Bob' ORDER BY c_custkey LIMIT 1)",
    schema,
    matches: 0,
  },
  {
    rule: 'scalar-subquery-multiple-rows',
    sql: 'SELECT o.o_orderkey FROM orders o WHERE o.o_totalprice > (SELECT AVG(o2.o_totalprice) FROM orders o2 WHERE o2.o_custkey = o.o_custkey)',
    schema,
    matches: 0,
  },
  // An aggregate the parser reads as a plain function still gives one row.
  {
    rule: 'scalar-subquery-multiple-rows',
    sql: "SELECT o.o_orderkey, (SELECT STRING_AGG(l.l_comment, ',') FROM lineitem l WHERE l.l_orderkey = o.o_orderkey) AS c FROM orders o",
    dialect: 'postgresql',
    schema,
    matches: 0,
  },
  {
    rule: 'scalar-subquery-multiple-rows',
    sql: "SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer WHERE c_name = 'Bob')",
    schema,
    matches: 0,
  },
  {
    rule: 'scalar-subquery-multiple-rows',
    sql: "SELECT o.o_orderkey FROM orders o WHERE o.o_custkey = ANY (SELECT c_custkey FROM customer WHERE c_name = 'Bob')",
    schema,
    matches: 0,
  },
  {
    rule: 'scalar-subquery-multiple-rows',
    sql: 'SELECT (SELECT n.n_name FROM nation n WHERE n.n_nationkey = c.c_nationkey) AS nation FROM customer c',
    schema,
    matches: 0,
  },
  // Without a schema nothing is known about keys.
  {
    rule: 'scalar-subquery-multiple-rows',
    sql: "SELECT o.o_orderkey FROM orders o WHERE o.o_custkey = (SELECT c_custkey FROM customer WHERE c_name = 'Bob')",
    matches: 0,
  },

  // in-subquery-limit
  {
    rule: 'in-subquery-limit',
    sql: 'SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders ORDER BY o_totalprice DESC LIMIT 10)',
    matches: 1,
  },
  {
    rule: 'in-subquery-limit',
    sql: 'SELECT c_name FROM customer WHERE c_custkey > ALL (SELECT o_custkey FROM orders LIMIT 5)',
    matches: 1,
  },
  {
    rule: 'in-subquery-limit',
    sql: 'SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM (SELECT o_custkey FROM orders ORDER BY o_totalprice DESC LIMIT 10) AS t)',
    matches: 0,
  },
  {
    rule: 'in-subquery-limit',
    sql: 'SELECT c_name FROM customer WHERE c_custkey = (SELECT o_custkey FROM orders ORDER BY o_totalprice DESC LIMIT 1)',
    matches: 0,
  },
  {
    rule: 'in-subquery-limit',
    sql: 'SELECT c_name FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey LIMIT 1)',
    matches: 0,
  },

  // cte-unused
  {
    rule: 'cte-unused',
    sql: 'WITH recent AS (SELECT o_orderkey FROM orders) SELECT o_orderkey FROM orders',
    matches: 1,
  },
  {
    rule: 'cte-unused',
    sql: 'WITH a AS (SELECT 1 AS x), b AS (SELECT 2 AS y) SELECT x FROM a',
    dialect: 'postgresql',
    matches: 1,
  },
  // Read by another CTE, or in a subquery.
  { rule: 'cte-unused', sql: 'WITH a AS (SELECT 1 AS x), b AS (SELECT x FROM a) SELECT x FROM b', matches: 0 },
  {
    rule: 'cte-unused',
    sql: 'WITH big AS (SELECT o_custkey FROM orders WHERE o_totalprice > 1000) SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM big)',
    dialect: 'postgresql',
    matches: 0,
  },

  { rule: 'cte-unused', sql: 'WITH a AS (SELECT 1 AS x) SELECT 2 AS x UNION SELECT x FROM a', matches: 0 },

  // cte-referenced-multiple-times
  {
    rule: 'cte-referenced-multiple-times',
    sql: 'WITH totals AS (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) SELECT a.o_custkey FROM totals a JOIN totals b ON b.total = a.total',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'cte-referenced-multiple-times',
    sql: 'WITH t AS (SELECT 1 AS x) SELECT x FROM t WHERE x IN (SELECT x FROM t)',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'cte-referenced-multiple-times',
    sql: 'WITH t AS (SELECT 1 AS x) SELECT x FROM t',
    dialect: 'postgresql',
    matches: 0,
  },
  // A recursive CTE reads itself: always materialized, not this rule's point.
  {
    rule: 'cte-referenced-multiple-times',
    sql: 'WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 5) SELECT n FROM seq',
    dialect: 'postgresql',
    matches: 0,
  },

  // recursive-cte-unbounded
  {
    rule: 'recursive-cte-unbounded',
    sql: 'WITH RECURSIVE seq AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM seq) SELECT n FROM seq WHERE n <= 10',
    matches: 1,
  },
  {
    rule: 'recursive-cte-unbounded',
    sql: 'WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq) SELECT n FROM seq',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'recursive-cte-unbounded',
    sql: 'WITH RECURSIVE seq AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM seq WHERE n < 10) SELECT n FROM seq',
    matches: 0,
  },
  // PostgreSQL stops at the outer LIMIT; UNION (not ALL) stops when no new row appears; a tree walk stops at leaves.
  {
    rule: 'recursive-cte-unbounded',
    sql: 'WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq) SELECT n FROM seq LIMIT 10',
    dialect: 'postgresql',
    matches: 0,
  },
  {
    rule: 'recursive-cte-unbounded',
    sql: 'WITH RECURSIVE s(n) AS (SELECT 1 UNION SELECT n FROM s) SELECT n FROM s',
    dialect: 'postgresql',
    matches: 0,
  },
  {
    rule: 'recursive-cte-unbounded',
    sql: 'WITH RECURSIVE t AS (SELECT id, parent FROM nodes WHERE id = 1 UNION ALL SELECT n.id, n.parent FROM nodes n JOIN t ON n.parent = t.id) SELECT id FROM t',
    matches: 0,
  },

  // for-update-without-where
  { rule: 'for-update-without-where', sql: 'SELECT o_orderkey FROM orders FOR UPDATE', matches: 1 },
  { rule: 'for-update-without-where', sql: 'SELECT o_orderkey FROM orders LOCK IN SHARE MODE', matches: 1 },
  {
    rule: 'for-update-without-where',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey = 1 FOR UPDATE',
    matches: 0,
  },
  // The queue pattern: one row, skipping locked ones.
  {
    rule: 'for-update-without-where',
    sql: 'SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 1 FOR UPDATE SKIP LOCKED',
    matches: 0,
  },
  { rule: 'for-update-without-where', sql: 'SELECT o_orderkey FROM orders', matches: 0 },
  { rule: 'for-update-without-where', sql: 'SELECT o_orderkey FROM orders FOR SHARE', matches: 1 },
  {
    rule: 'for-update-without-where',
    sql: 'SELECT o_orderkey FROM orders FOR NO KEY UPDATE NOWAIT',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'for-update-without-where',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey = 1 FOR UPDATE OF orders SKIP LOCKED',
    dialect: 'postgresql',
    matches: 0,
  },

  // lock-without-index
  {
    rule: 'lock-without-index',
    sql: "UPDATE orders SET o_orderpriority = '1-URGENT' WHERE o_clerk = 'Clerk#000000951'",
    schema,
    matches: 1,
  },
  {
    rule: 'lock-without-index',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderkey = 1 OR o_clerk = 'x' FOR UPDATE",
    schema,
    matches: 1,
  },
  {
    rule: 'lock-without-index',
    sql: 'SELECT l_orderkey FROM lineitem WHERE l_linenumber = 1 FOR UPDATE',
    schema,
    matches: 1,
  },
  {
    rule: 'lock-without-index',
    sql: "SELECT c_name FROM customer WHERE c_name LIKE '%x' LOCK IN SHARE MODE",
    schema,
    matches: 1,
  },
  // Served by an index: the primary key, its leading column, a secondary index, an OR of indexed columns.
  {
    rule: 'lock-without-index',
    sql: "UPDATE orders SET o_orderpriority = '1-URGENT' WHERE o_orderkey = 42",
    schema,
    matches: 0,
  },
  { rule: 'lock-without-index', sql: 'SELECT 1 FROM lineitem WHERE l_orderkey = 1 FOR UPDATE', schema, matches: 0 },
  {
    rule: 'lock-without-index',
    sql: "SELECT 1 FROM orders WHERE o_clerk = 'x' AND o_custkey = 3 FOR UPDATE",
    schema,
    matches: 0,
  },
  {
    rule: 'lock-without-index',
    sql: 'SELECT 1 FROM orders WHERE o_orderkey = 1 OR o_custkey = 5 FOR UPDATE',
    schema,
    matches: 0,
  },
  // Not a locking read; no schema.
  { rule: 'lock-without-index', sql: "SELECT 1 FROM orders WHERE o_clerk = 'x'", schema, matches: 0 },
  { rule: 'lock-without-index', sql: "UPDATE orders SET o_comment = '' WHERE o_clerk = 'x'", matches: 0 },

  // lock-in-share-mode
  {
    rule: 'lock-in-share-mode',
    sql: 'SELECT c_acctbal FROM customer WHERE c_custkey = 7 LOCK IN SHARE MODE',
    matches: 1,
  },
  { rule: 'lock-in-share-mode', sql: 'SELECT c_acctbal FROM customer WHERE c_custkey = 7 FOR UPDATE', matches: 0 },

  // update-with-limit-without-order
  {
    rule: 'update-with-limit-without-order',
    sql: "UPDATE orders SET o_orderstatus = 'P' WHERE o_orderstatus = 'O' LIMIT 100",
    matches: 1,
  },
  {
    rule: 'update-with-limit-without-order',
    sql: "UPDATE orders SET o_orderstatus = 'P' WHERE o_orderstatus = 'O' ORDER BY o_orderkey LIMIT 100",
    matches: 0,
  },
  {
    rule: 'update-with-limit-without-order',
    sql: "UPDATE orders SET o_orderstatus = 'P' WHERE o_orderkey = 1",
    matches: 0,
  },

  // update-primary-key
  {
    rule: 'update-primary-key',
    sql: 'UPDATE orders SET o_orderkey = o_orderkey + 1000000 WHERE o_orderkey < 100',
    schema,
    matches: 1,
  },
  {
    rule: 'update-primary-key',
    sql: "UPDATE lineitem SET l_linenumber = 2, l_comment = 'x' WHERE l_orderkey = 5 AND l_linenumber = 1",
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  {
    rule: 'update-primary-key',
    sql: "UPDATE orders o JOIN customer c ON c.c_custkey = o.o_custkey SET c.c_custkey = 1, o.o_comment = 'x'",
    schema,
    matches: 1,
  },
  { rule: 'update-primary-key', sql: "UPDATE orders SET o_orderstatus = 'F' WHERE o_orderkey = 1", schema, matches: 0 },
  // SET id = id changes nothing; without a schema the key is unknown.
  {
    rule: 'update-primary-key',
    sql: 'UPDATE orders SET o_orderkey = o_orderkey WHERE o_orderkey = 1',
    schema,
    matches: 0,
  },
  { rule: 'update-primary-key', sql: 'UPDATE orders SET o_orderkey = 5 WHERE o_orderkey = 1', matches: 0 },

  // update-join-not-unique
  {
    rule: 'update-join-not-unique',
    sql: 'UPDATE customer c JOIN orders o ON o.o_custkey = c.c_custkey SET c.c_acctbal = o.o_totalprice',
    schema,
    matches: 1,
  },
  {
    rule: 'update-join-not-unique',
    sql: 'UPDATE customer c SET c_acctbal = o.o_totalprice FROM orders o WHERE o.o_custkey = c.c_custkey',
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  {
    rule: 'update-join-not-unique',
    sql: 'UPDATE lineitem l JOIN partsupp ps ON ps.ps_partkey = l.l_partkey SET l.l_extendedprice = ps.ps_supplycost',
    schema,
    matches: 1,
  },
  // The source's whole key is fixed; the source only filters; an aggregated derived table.
  {
    rule: 'update-join-not-unique',
    sql: 'UPDATE lineitem l JOIN partsupp ps ON ps.ps_partkey = l.l_partkey AND ps.ps_suppkey = l.l_suppkey SET l.l_extendedprice = ps.ps_supplycost',
    schema,
    matches: 0,
  },
  {
    rule: 'update-join-not-unique',
    sql: 'UPDATE orders o SET o_totalprice = c.c_acctbal FROM customer c WHERE c.c_custkey = o.o_custkey',
    dialect: 'postgresql',
    schema,
    matches: 0,
  },
  {
    rule: 'update-join-not-unique',
    sql: "UPDATE customer c JOIN orders o ON o.o_custkey = c.c_custkey SET c.c_comment = 'has orders'",
    schema,
    matches: 0,
  },
  {
    rule: 'update-join-not-unique',
    sql: 'UPDATE customer c JOIN (SELECT o_custkey, MAX(o_totalprice) AS m FROM orders GROUP BY o_custkey) o ON o.o_custkey = c.c_custkey SET c.c_acctbal = o.m',
    schema,
    matches: 0,
  },

  // update-subquery-same-table
  {
    rule: 'update-subquery-same-table',
    sql: 'UPDATE orders SET o_shippriority = 1 WHERE o_totalprice > (SELECT AVG(o_totalprice) FROM orders)',
    matches: 1,
  },
  {
    rule: 'update-subquery-same-table',
    sql: 'UPDATE orders SET o_shippriority = (SELECT MAX(o2.o_shippriority) FROM orders o2) WHERE o_orderkey = 1',
    matches: 1,
  },
  // Through a derived table (materialized first), a join, or another table: accepted by MySQL.
  {
    rule: 'update-subquery-same-table',
    sql: 'UPDATE orders SET o_shippriority = 1 WHERE o_custkey IN (SELECT x.o_custkey FROM (SELECT o_custkey FROM orders) x)',
    matches: 0,
  },
  {
    rule: 'update-subquery-same-table',
    sql: 'UPDATE orders o JOIN (SELECT AVG(o_totalprice) AS average FROM orders) a ON o.o_totalprice > a.average SET o.o_shippriority = 1',
    matches: 0,
  },
  {
    rule: 'update-subquery-same-table',
    sql: 'UPDATE orders SET o_shippriority = 1 WHERE o_custkey IN (SELECT c_custkey FROM customer)',
    matches: 0,
  },
  // Only the updated table counts in a multi-table UPDATE.
  {
    rule: 'update-subquery-same-table',
    sql: 'UPDATE orders o JOIN customer c ON c.c_custkey = o.o_custkey SET o.o_shippriority = 1 WHERE c.c_custkey IN (SELECT c2.c_custkey FROM customer c2 WHERE c2.c_acctbal > 0)',
    matches: 0,
  },

  // template-placeholder-in-string
  {
    rule: 'template-placeholder-in-string',
    sql: `SELECT c_custkey FROM customer WHERE c_name = '\${name}'`,
    matches: 1,
  },
  {
    rule: 'template-placeholder-in-string',
    sql: `SELECT c_custkey FROM customer WHERE c_name LIKE '%\${kw}%' -- \${note}`,
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'template-placeholder-in-string',
    sql: `SELECT c_custkey FROM customer WHERE c_name = '$name' AND c_comment = '{x}' -- \${note}`,
    matches: 0,
  },

  // server-file-access
  { rule: 'server-file-access', sql: "SELECT c_name INTO OUTFILE '/tmp/c.csv' FROM customer", matches: 1 },
  { rule: 'server-file-access', sql: "SELECT LOAD_FILE('/etc/passwd')", matches: 1 },
  { rule: 'server-file-access', sql: "SELECT pg_read_file('/etc/passwd')", dialect: 'postgresql', matches: 1 },
  { rule: 'server-file-access', sql: 'SELECT c_name INTO @name FROM customer WHERE c_custkey = 1', matches: 0 },
  { rule: 'server-file-access', sql: "SELECT c_name FROM customer WHERE c_comment = 'load_file'", matches: 0 },

  // sleep-or-benchmark-call
  {
    rule: 'sleep-or-benchmark-call',
    sql: 'SELECT c_name FROM customer WHERE c_custkey = 7 AND SLEEP(5) = 0',
    matches: 1,
  },
  { rule: 'sleep-or-benchmark-call', sql: "SELECT BENCHMARK(1000000, MD5('x'))", matches: 1 },
  { rule: 'sleep-or-benchmark-call', sql: 'SELECT pg_sleep(1)', dialect: 'postgresql', matches: 1 },
  { rule: 'sleep-or-benchmark-call', sql: "SELECT c_name FROM customer WHERE c_comment = 'sleep(5)'", matches: 0 },

  // password-literal-comparison
  {
    rule: 'password-literal-comparison',
    sql: "SELECT id FROM users WHERE name = 'alice' AND password = 'hunter2'",
    matches: 1,
  },
  {
    rule: 'password-literal-comparison',
    sql: "SELECT id FROM users WHERE 'secret' = u_passwd",
    dialect: 'postgresql',
    matches: 1,
  },
  // A bind parameter, an empty check, a hash column.
  {
    rule: 'password-literal-comparison',
    sql: "SELECT id FROM users WHERE name = 'alice' AND password = ?",
    matches: 0,
  },
  {
    rule: 'password-literal-comparison',
    sql: "SELECT id FROM users WHERE password = '' OR password IS NULL",
    matches: 0,
  },
  { rule: 'password-literal-comparison', sql: "SELECT id FROM users WHERE password_hash = 'x'", matches: 0 },

  // table-not-in-schema
  {
    rule: 'table-not-in-schema',
    sql: 'SELECT o.o_orderkey FROM orders o JOIN customers c ON c.c_custkey = o.o_custkey',
    schema,
    matches: 1,
  },
  {
    rule: 'table-not-in-schema',
    sql: 'SELECT 1 FROM widgets w JOIN widgets v ON v.id = w.id',
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  // CTEs, system catalogs, DUAL; no schema given.
  {
    rule: 'table-not-in-schema',
    sql: 'WITH recent AS (SELECT o_orderkey FROM orders) SELECT o_orderkey FROM recent',
    schema,
    matches: 0,
  },
  { rule: 'table-not-in-schema', sql: 'SELECT table_name FROM information_schema.tables', schema, matches: 0 },
  { rule: 'table-not-in-schema', sql: 'SELECT relname FROM pg_class', dialect: 'postgresql', schema, matches: 0 },
  { rule: 'table-not-in-schema', sql: 'SELECT 1 FROM dual', schema, matches: 0 },
  { rule: 'table-not-in-schema', sql: 'SELECT 1 FROM widgets', matches: 0 },
  // A MyBatis `${}` table name is only known at run time.
  { rule: 'table-not-in-schema', sql: 'SELECT o_orderkey FROM ${archive} WHERE o_custkey = #{id}', schema, matches: 0 },

  // column-not-in-schema
  { rule: 'column-not-in-schema', sql: 'SELECT o.o_orderkey, o.o_custid FROM orders o', schema, matches: 1 },
  {
    rule: 'column-not-in-schema',
    sql: 'SELECT o_orderkey, o_custid FROM orders',
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  { rule: 'column-not-in-schema', sql: 'UPDATE orders SET o_bogus = 1 WHERE o_orderkey = 1', schema, matches: 1 },
  {
    rule: 'column-not-in-schema',
    sql: 'SELECT o_orderkey FROM orders o WHERE EXISTS (SELECT 1 FROM lineitem l WHERE l.l_orderkey = o.o_orderkey AND o.o_shipdate > l.l_shipdate)',
    schema,
    matches: 1,
  },
  // Outer columns from a subquery, aliases, keyword-like names, derived tables and CTEs, system columns.
  {
    rule: 'column-not-in-schema',
    sql: 'SELECT o_orderkey FROM orders o WHERE EXISTS (SELECT 1 FROM lineitem l WHERE l.l_orderkey = o.o_orderkey AND l_quantity > o_totalprice)',
    schema,
    matches: 0,
  },
  {
    rule: 'column-not-in-schema',
    sql: 'SELECT o_custkey, COUNT(*) AS n FROM orders GROUP BY o_custkey HAVING n > 1 ORDER BY n',
    schema,
    matches: 0,
  },
  {
    rule: 'column-not-in-schema',
    sql: "SELECT USER, GET_FORMAT(DATE, 'EUR'), TIMESTAMPDIFF(DAY, o_orderdate, NOW()) FROM orders WHERE o_totalprice > 1e3",
    schema,
    matches: 0,
  },
  {
    rule: 'column-not-in-schema',
    sql: 'WITH t AS (SELECT o_orderkey AS k FROM orders) SELECT t.k, d.x FROM t, (SELECT 1 AS x) d',
    schema,
    matches: 0,
  },
  {
    rule: 'column-not-in-schema',
    sql: 'SELECT o.ctid, row_to_json(o) FROM orders o WHERE o.o_orderkey = 1',
    dialect: 'postgresql',
    schema,
    matches: 0,
  },
  {
    rule: 'column-not-in-schema',
    sql: 'SELECT o_orderkey FROM orders UNION SELECT l_orderkey FROM lineitem ORDER BY o_orderkey',
    schema,
    matches: 0,
  },
  // A table the schema does not know.
  { rule: 'column-not-in-schema', sql: 'SELECT w.anything FROM widgets w', schema, matches: 0 },
  { rule: 'column-not-in-schema', sql: 'SELECT o.o_custid FROM orders o', matches: 0 },

  // non-numeric-string-for-number
  {
    rule: 'non-numeric-string-for-number',
    sql: "SELECT o_orderkey FROM orders WHERE o_custkey = 'C-0042'",
    schema,
    matches: 1,
  },
  {
    rule: 'non-numeric-string-for-number',
    sql: "SELECT o_orderkey FROM orders WHERE o_custkey IN ('1', 'abc') OR o_totalprice BETWEEN '' AND '10'",
    dialect: 'postgresql',
    schema,
    matches: 2,
  },
  // Numbers in quotes are fine in both databases; string and date columns are another matter.
  {
    rule: 'non-numeric-string-for-number',
    sql: "SELECT o_orderkey FROM orders WHERE o_custkey = '42' OR o_custkey IN (' 2 ', '3.5e2', '-1') OR o_totalprice = 'NaN'",
    schema,
    matches: 0,
  },
  {
    rule: 'non-numeric-string-for-number',
    sql: "SELECT o_orderkey FROM orders WHERE o_clerk = 'abc' AND o_orderdate = '1995-01-01'",
    schema,
    matches: 0,
  },
  { rule: 'non-numeric-string-for-number', sql: "SELECT o_orderkey FROM orders WHERE o_custkey = 'abc'", matches: 0 },

  // is-null-on-not-null-column
  {
    rule: 'is-null-on-not-null-column',
    sql: 'SELECT o_orderkey FROM orders WHERE o_totalprice IS NULL',
    schema,
    matches: 1,
  },
  {
    rule: 'is-null-on-not-null-column',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderdate IS NULL',
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  // MySQL finds the zero dates of a NOT NULL date column with IS NULL.
  {
    rule: 'is-null-on-not-null-column',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderdate IS NULL',
    schema,
    matches: 0,
  },
  {
    rule: 'is-null-on-not-null-column',
    sql: 'SELECT c.c_custkey FROM customer c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderdate IS NULL)',
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  // A nullable column; the NULL-filled side of an outer join (the anti-join idiom); IS NOT NULL; no schema.
  {
    rule: 'is-null-on-not-null-column',
    sql: 'SELECT o_orderkey FROM orders WHERE o_custkey IS NULL',
    schema,
    matches: 0,
  },
  {
    rule: 'is-null-on-not-null-column',
    sql: 'SELECT c.c_custkey FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NULL',
    schema,
    matches: 0,
  },
  {
    rule: 'is-null-on-not-null-column',
    sql: 'SELECT c.c_custkey FROM orders o RIGHT JOIN customer c ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NULL',
    schema,
    matches: 0,
  },
  {
    rule: 'is-null-on-not-null-column',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderdate IS NOT NULL',
    schema,
    matches: 0,
  },
  { rule: 'is-null-on-not-null-column', sql: 'SELECT o_orderkey FROM orders WHERE o_totalprice IS NULL', matches: 0 },
  // template-placeholder-in-sql
  {
    rule: 'template-placeholder-in-sql',
    sql: `SELECT c_name FROM customer ORDER BY \${column} \${direction}`,
    matches: 2,
  },
  {
    rule: 'template-placeholder-in-sql',
    sql: `SELECT c_name FROM customer WHERE c_custkey = \${id} LIMIT \${n}`,
    matches: 2,
  },
  {
    rule: 'template-placeholder-in-sql',
    sql: `SELECT * FROM \${table} WHERE id = #{id}`,
    dialect: 'postgresql',
    matches: 1,
  },
  // Bind parameters and a quoted ${} (the other rule) are not this rule's.
  { rule: 'template-placeholder-in-sql', sql: 'SELECT c_name FROM customer WHERE c_custkey = #{id}', matches: 0 },
  { rule: 'template-placeholder-in-sql', sql: `SELECT c_name FROM customer WHERE c_name = '\${name}'`, matches: 0 },
  { rule: 'template-placeholder-in-sql', sql: "SELECT '$' || '{x}' AS s", dialect: 'postgresql', matches: 0 },
];
