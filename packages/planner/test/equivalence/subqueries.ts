import type { EquivalenceCase } from './case.ts';

/**
 * Statements both dialects run alike: each rewrite of the family on TPC-H (keys, customers without
 * orders, parts without line items) and on `events`, whose NULL groups and labels, repeated values and
 * self-references exercise the cases where a join could repeat or lose rows, or a value could turn from
 * NULL to 0 and back.
 */
const sharedCases: EquivalenceCase[] = [
  // exists-to-in
  {
    rule: 'exists-to-in',
    sql: "SELECT c_custkey, c_name FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F') AND c.c_acctbal > 0",
  },
  {
    rule: 'exists-to-in',
    sql: 'SELECT e.id, e.label FROM events e WHERE EXISTS (SELECT * FROM events f WHERE f.label = e.label AND f.flag > 4)',
  },
  {
    rule: 'exists-to-in',
    sql: 'SELECT e.id FROM events e WHERE e.flag > 1 AND EXISTS (SELECT 1 FROM events f WHERE e.grp = f.grp)',
  },
  // in-subquery-to-join
  {
    rule: 'in-subquery-to-join',
    sql: 'SELECT o.o_orderkey, o.o_totalprice FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer WHERE c_nationkey = 3)',
  },
  {
    rule: 'in-subquery-to-join',
    sql: "SELECT n.n_name, n.n_regionkey FROM nation n WHERE n.n_regionkey IN (SELECT r.r_regionkey FROM region r WHERE r.r_name LIKE 'A%' OR r_regionkey = 4)",
  },
  {
    rule: 'in-subquery-to-join',
    sql: 'SELECT e.id, e.grp FROM events e WHERE e.grp IN (SELECT id FROM events WHERE amount IS NULL OR flag > 3)',
  },
  {
    // A text key: in MySQL the tables' collation makes 'A' and 'c ' match 'a' and 'c', once each.
    rule: 'in-subquery-to-join',
    sql: "SELECT e.id, e.label FROM events e WHERE e.label IN (SELECT code FROM labels WHERE title <> 'zeta')",
  },
  {
    rule: 'in-subquery-to-join',
    sql: 'SELECT l.l_orderkey, l.l_linenumber FROM orders o, lineitem l WHERE l.l_orderkey = o.o_orderkey AND o.o_orderstatus = l.l_linestatus AND l.l_partkey IN (SELECT p_partkey FROM part WHERE p_size < 10)',
  },
  // scalar-subquery-to-join
  {
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT c.c_custkey, (SELECT SUM(o.o_totalprice) FROM orders o WHERE o.o_custkey = c.c_custkey) AS total FROM customer c',
  },
  {
    rule: 'scalar-subquery-to-join',
    sql: "SELECT c.c_custkey, (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F') AS finished, (SELECT n_name FROM nation WHERE n_nationkey = c.c_nationkey) AS nation_name FROM customer c",
  },
  {
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT l.l_orderkey, l.l_linenumber, (SELECT ps.ps_availqty FROM partsupp ps WHERE ps.ps_partkey = l.l_partkey AND ps.ps_suppkey = l.l_suppkey) AS qty FROM lineitem l WHERE l.l_quantity < 5',
  },
  {
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT e.id, (SELECT COUNT(f.amount) FROM events f WHERE f.grp = e.grp) AS priced, (SELECT MAX(f.amount) * 2 FROM events f WHERE f.grp = e.grp AND f.id <> 3) AS top FROM events e',
  },
  {
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT e.id, (SELECT f.label FROM events f WHERE f.id = e.grp) AS grp_label FROM events e ORDER BY grp_label',
  },
  // scalar-subquery-in-where-to-join
  {
    rule: 'scalar-subquery-in-where-to-join',
    sql: 'SELECT o.o_orderkey FROM orders o WHERE o.o_totalprice > (SELECT AVG(o2.o_totalprice) FROM orders o2 WHERE o2.o_custkey = o.o_custkey)',
  },
  {
    rule: 'scalar-subquery-in-where-to-join',
    sql: 'SELECT p_partkey, COUNT(*) FROM lineitem, part WHERE p_partkey = l_partkey AND p_size <= 2 AND l_quantity < (SELECT 0.5 * AVG(l_quantity) FROM lineitem WHERE l_partkey = p_partkey) GROUP BY p_partkey',
  },
  {
    rule: 'scalar-subquery-in-where-to-join',
    sql: 'SELECT e.id FROM events e WHERE (SELECT COUNT(*) FROM events f WHERE f.grp = e.grp) < 2 OR e.amount < (SELECT AVG(f.amount) FROM events f WHERE f.grp = e.grp)',
  },
  {
    rule: 'scalar-subquery-in-where-to-join',
    sql: "SELECT c.c_custkey FROM customer c WHERE (SELECT n.n_name FROM nation n WHERE n.n_nationkey = c.c_nationkey) <> 'FRANCE' AND c.c_acctbal > 5000",
  },
  // left-join-elimination
  {
    rule: 'left-join-elimination',
    sql: 'SELECT o.o_orderkey, o.o_totalprice FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey',
  },
  {
    rule: 'left-join-elimination',
    sql: 'SELECT o_orderkey, o_orderdate FROM orders LEFT JOIN lineitem ON l_orderkey = o_orderkey AND l_linenumber = 1 WHERE o_totalprice > 1000',
  },
  { rule: 'left-join-elimination', sql: 'SELECT e.id, e.grp FROM events e LEFT JOIN events f ON f.id = e.grp' },
  {
    rule: 'left-join-elimination',
    sql: 'SELECT e.grp, COUNT(*) FROM events e LEFT JOIN events f ON f.id = e.flag AND f.label IS NOT NULL GROUP BY e.grp',
  },
];

/** Equivalence cases of the subqueries family's rewrites, on PostgreSQL (PGlite) and on MariaDB. */
export const subqueriesPostgresqlCases: EquivalenceCase[] = [...sharedCases];
export const subqueriesMysqlCases: EquivalenceCase[] = [...sharedCases];
