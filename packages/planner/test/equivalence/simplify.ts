import type { EquivalenceCase } from './case.ts';

/** Equivalence cases of the simplify family's rewrites, on PostgreSQL (PGlite) and on MariaDB. */
export const simplifyPostgresqlCases: EquivalenceCase[] = [
  // distinct-on-unique-key
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT o_orderkey, o_orderstatus FROM orders WHERE o_totalprice > 100000',
  },
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT l_orderkey, l_linenumber, l_returnflag FROM lineitem WHERE l_quantity < 5',
  },
  {
    rule: 'distinct-on-unique-key',
    sql: "SELECT DISTINCT o.o_orderkey, c.c_name, c.c_mktsegment FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey WHERE o.o_orderpriority = '1-URGENT'",
  },
  { rule: 'distinct-on-unique-key', sql: 'SELECT DISTINCT id, grp, label FROM events' },
  // NULL grp: the event is kept once, NULL-extended.
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp',
  },
  // count-not-null-column
  {
    rule: 'count-not-null-column',
    sql: 'SELECT o_orderstatus, count(o_orderdate), count(o_clerk) FROM orders GROUP BY o_orderstatus',
  },
  { rule: 'count-not-null-column', sql: 'SELECT count(DISTINCT o_orderkey) FROM orders WHERE o_totalprice > 200000' },
  { rule: 'count-not-null-column', sql: 'SELECT grp, count(flag), count(label), count(id) FROM events GROUP BY grp' },
  {
    rule: 'count-not-null-column',
    sql: 'SELECT n.n_name, count(n.n_nationkey), count(e.id) FROM nation n LEFT JOIN events e ON e.grp = n.n_nationkey GROUP BY n.n_name',
  },
  // distinct-in-union-branch
  {
    rule: 'distinct-in-union-branch',
    sql: "SELECT DISTINCT o_custkey FROM orders WHERE o_orderstatus = 'F' UNION SELECT c_custkey FROM customer WHERE c_acctbal < 0",
  },
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT c_mktsegment FROM customer UNION SELECT DISTINCT p_mfgr FROM part',
  },
  // 'a' and 'A' stay apart; NULLs meet as duplicates in both.
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT label FROM events UNION SELECT label FROM events WHERE id > 5',
  },
  // The final UNION covers both branches before it.
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT grp FROM events UNION ALL SELECT DISTINCT flag FROM events WHERE flag > 5 UNION SELECT NULL',
  },
  // redundant-group-by-columns
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT o_orderkey, o_orderdate, o_totalprice, count(*) FROM orders WHERE o_totalprice > 300000 GROUP BY o_orderkey, o_orderdate, o_totalprice',
  },
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT l_orderkey, l_linenumber, l_quantity, sum(l_tax) FROM lineitem WHERE l_quantity < 3 GROUP BY l_quantity, l_orderkey, l_linenumber ORDER BY 1',
  },
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT id, grp, label, count(*), sum(amount) FROM events GROUP BY id, grp, label HAVING count(*) = 1',
  },
  // redundant-order-by
  {
    rule: 'redundant-order-by',
    sql: "SELECT count(*), max(o_totalprice) FROM orders WHERE o_orderstatus = 'F' ORDER BY 1",
  },
  {
    rule: 'redundant-order-by',
    sql: 'SELECT c_custkey, (SELECT o_orderdate FROM orders WHERE o_orderkey = c_custkey ORDER BY o_orderdate) FROM customer WHERE c_acctbal > (SELECT avg(c_acctbal) FROM customer ORDER BY 1)',
  },
  {
    rule: 'redundant-order-by',
    sql: 'SELECT c_custkey FROM customer WHERE c_custkey = ANY (SELECT o_custkey FROM orders WHERE o_totalprice > 400000 ORDER BY o_orderdate)',
  },
  {
    rule: 'redundant-order-by',
    sql: "(SELECT o_custkey FROM orders WHERE o_orderstatus = 'P' ORDER BY o_orderdate) UNION (SELECT c_custkey FROM customer WHERE c_acctbal < 0 ORDER BY c_name)",
  },
  {
    rule: 'redundant-order-by',
    sql: '(SELECT grp FROM events ORDER BY ts) UNION ALL (SELECT flag FROM events ORDER BY label) ORDER BY 1',
  },
  { rule: 'redundant-order-by', sql: 'SELECT count(label), sum(amount) FROM events WHERE grp IS NOT NULL ORDER BY 2' },
  // coalesce-on-not-null
  { rule: 'coalesce-on-not-null', sql: 'SELECT o_orderkey FROM orders WHERE COALESCE(o_totalprice, 0) > 300000' },
  {
    rule: 'coalesce-on-not-null',
    sql: 'SELECT n.n_name, r.r_name FROM nation n JOIN region r ON COALESCE(r.r_regionkey, 0) = n.n_regionkey',
  },
  {
    rule: 'coalesce-on-not-null',
    sql: "SELECT c_custkey FROM customer WHERE COALESCE(c_mktsegment, 'NONE') = 'BUILDING'",
  },
  // grp may be NULL (its COALESCE stays); flag may not.
  { rule: 'coalesce-on-not-null', sql: 'SELECT id FROM events WHERE COALESCE(flag, 0) > 3 AND COALESCE(grp, 0) = 0' },
  {
    rule: 'coalesce-on-not-null',
    sql: 'SELECT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp WHERE COALESCE(e.flag, 0) > 2',
  },
];

export const simplifyMysqlCases: EquivalenceCase[] = [
  // distinct-on-unique-key
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT o_orderkey, o_orderstatus FROM orders WHERE o_totalprice > 100000',
  },
  {
    rule: 'distinct-on-unique-key',
    sql: "SELECT DISTINCT o.o_orderkey, c.c_name FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey WHERE o.o_orderpriority = '1-URGENT'",
  },
  { rule: 'distinct-on-unique-key', sql: 'SELECT DISTINCT id, grp, label FROM events' },
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp',
  },
  // count-not-null-column
  {
    rule: 'count-not-null-column',
    sql: 'SELECT o_orderstatus, COUNT(o_orderdate), COUNT(o_clerk) FROM orders GROUP BY o_orderstatus',
  },
  { rule: 'count-not-null-column', sql: 'SELECT COUNT(DISTINCT o_orderkey) FROM orders WHERE o_totalprice > 200000' },
  { rule: 'count-not-null-column', sql: 'SELECT grp, COUNT(flag), COUNT(label), COUNT(id) FROM events GROUP BY grp' },
  {
    rule: 'count-not-null-column',
    sql: 'SELECT n.n_name, COUNT(n.n_nationkey), COUNT(e.id) FROM nation n LEFT JOIN events e ON e.grp = n.n_nationkey GROUP BY n.n_name',
  },
  // distinct-in-union-branch
  {
    rule: 'distinct-in-union-branch',
    sql: "SELECT DISTINCT o_custkey FROM orders WHERE o_orderstatus = 'F' UNION SELECT c_custkey FROM customer WHERE c_acctbal < 0",
  },
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT grp FROM events UNION ALL SELECT DISTINCT flag FROM events WHERE flag > 5 UNION SELECT NULL',
  },
  // One column, one collation: 'a' and 'A' are duplicates for the branch and for the UNION alike.
  {
    rule: 'distinct-in-union-branch',
    sql: "SELECT DISTINCT label FROM events WHERE id < 5 UNION SELECT label FROM events WHERE id > 3 UNION SELECT 'b'",
  },
  // Two text columns of the one collation both tables name.
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT label FROM events WHERE grp IS NOT NULL UNION SELECT code FROM labels',
  },
  // redundant-order-by
  {
    rule: 'redundant-order-by',
    sql: "SELECT COUNT(*), MAX(o_totalprice) FROM orders WHERE o_orderstatus = 'F' ORDER BY 1",
  },
  {
    rule: 'redundant-order-by',
    sql: 'SELECT c_custkey, (SELECT o_orderdate FROM orders WHERE o_orderkey = c_custkey ORDER BY o_orderdate) FROM customer WHERE c_acctbal > (SELECT AVG(c_acctbal) FROM customer ORDER BY 1)',
  },
  {
    rule: 'redundant-order-by',
    sql: 'SELECT c_custkey FROM customer WHERE c_custkey = ANY (SELECT o_custkey FROM orders WHERE o_totalprice > 400000 ORDER BY o_orderdate)',
  },
  {
    rule: 'redundant-order-by',
    sql: '(SELECT grp FROM events ORDER BY ts) UNION ALL (SELECT flag FROM events ORDER BY label) ORDER BY 1',
  },
  { rule: 'redundant-order-by', sql: 'SELECT COUNT(label), SUM(amount) FROM events WHERE grp IS NOT NULL ORDER BY 2' },
  // coalesce-on-not-null
  { rule: 'coalesce-on-not-null', sql: 'SELECT o_orderkey FROM orders WHERE COALESCE(o_totalprice, 0) > 300000' },
  {
    rule: 'coalesce-on-not-null',
    sql: 'SELECT n.n_name, r.r_name FROM nation n JOIN region r ON IFNULL(r.r_regionkey, 0) = n.n_regionkey',
  },
  {
    rule: 'coalesce-on-not-null',
    sql: "SELECT c_custkey FROM customer WHERE COALESCE(c_mktsegment, 'NONE') = 'building'",
  },
  { rule: 'coalesce-on-not-null', sql: 'SELECT id FROM events WHERE COALESCE(flag, 0) > 3 AND COALESCE(grp, 0) = 0' },
];
