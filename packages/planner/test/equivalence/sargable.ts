import type { EquivalenceCase } from './case.ts';

/**
 * Equivalence cases of the sargable family's rewrites (and of always-false-predicate's OR rewrite), on
 * PostgreSQL (PGlite) and on MariaDB. The `events` cases bring NULLs, repeated values, a trailing-blank
 * label ('c ') and time stamps on the day boundaries the date folds land on (2024-02-29 00:00:00).
 */
export const sargablePostgresqlCases: EquivalenceCase[] = [
  // redundant-date-cast
  {
    rule: 'redundant-date-cast',
    sql: "SELECT l_orderkey, l_linenumber FROM lineitem WHERE CAST(l_shipdate AS DATE) >= date '1994-01-01' AND CAST(l_shipdate AS DATE) < date '1994-01-01' + interval '1' year",
  },
  {
    rule: 'redundant-date-cast',
    sql: 'SELECT o_orderkey FROM orders WHERE extract(year from o_orderdate::date) = 1995 AND o_orderdate::date BETWEEN o_orderdate AND o_orderdate',
  },
  {
    rule: 'redundant-date-cast',
    sql: "SELECT e.id, (SELECT count(*) FROM orders o WHERE o.o_orderdate::date >= e.ts::date - 11000 AND date(o.o_orderdate) <> date '1995-01-01') AS n FROM events e",
  },
  // constant-folding
  {
    rule: 'constant-folding',
    sql: "SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_shipdate >= date '1994-01-01' and l_shipdate < date '1994-01-01' + interval '1' year",
  },
  // 1992 is a leap year: January 31 plus a month is February 29.
  {
    rule: 'constant-folding',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderdate < date '1992-01-31' + interval '1 month'",
  },
  {
    rule: 'constant-folding',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderdate BETWEEN date '1998-12-01' - interval '150' day AND date '1997-08-02' + interval '1 year' AND o_orderkey < 3825600 + 10 * 10000",
  },
  { rule: 'constant-folding', sql: "SELECT id FROM events WHERE ts >= date '2024-01-31' + interval '1 month'" },
  {
    rule: 'constant-folding',
    sql: "SELECT id FROM events WHERE tz < date '2024-03-31' - interval '1 month' OR flag = 3 * 3 OR grp > -(2 - 5)",
  },
  // negated-comparison
  {
    rule: 'negated-comparison',
    sql: "SELECT o_orderkey FROM orders WHERE NOT (o_totalprice > 100000) AND NOT (o_orderpriority IN ('1-URGENT', '2-HIGH'))",
  },
  { rule: 'negated-comparison', sql: 'SELECT id FROM events WHERE NOT (grp > 2)' },
  {
    rule: 'negated-comparison',
    sql: "SELECT id FROM events WHERE NOT (label BETWEEN 'a' AND 'b') OR NOT NOT (amount IS NULL OR amount > 15)",
  },
  { rule: 'negated-comparison', sql: "SELECT id FROM events WHERE NOT (grp IS NULL) AND NOT (label LIKE 'a%')" },
  // redundant-is-not-null
  {
    rule: 'redundant-is-not-null',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderstatus IS NOT NULL AND o_orderpriority = '1-URGENT'",
  },
  { rule: 'redundant-is-not-null', sql: 'SELECT id, grp FROM events WHERE flag IS NOT NULL AND grp IS NOT NULL' },
  {
    rule: 'redundant-is-not-null',
    sql: 'SELECT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp WHERE e.id IS NOT NULL AND n.n_nationkey IS NOT NULL AND (n.n_regionkey IS NOT NULL OR e.flag > 5)',
  },
  {
    rule: 'redundant-is-not-null',
    sql: 'SELECT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp WHERE e.id IS NOT NULL',
  },
  // always-false-predicate (an always-false OR branch)
  { rule: 'always-false-predicate', sql: 'SELECT n_name FROM nation WHERE 1 = 0 OR n_regionkey = 2' },
  { rule: 'always-false-predicate', sql: "SELECT id FROM events WHERE grp IS NULL OR 2 < 1 OR label = 'a'" },
  {
    rule: 'always-false-predicate',
    sql: 'SELECT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp OR 1 <> 1',
  },
];

export const sargableMysqlCases: EquivalenceCase[] = [
  // redundant-date-cast (TPC-H's MySQL flavour)
  {
    rule: 'redundant-date-cast',
    sql: "SELECT l_orderkey, l_linenumber FROM lineitem WHERE CAST(l_shipdate AS DATE) >= DATE '1994-01-01' AND CAST(l_shipdate AS DATE) < DATE '1994-01-01' + INTERVAL '1' YEAR",
  },
  {
    rule: 'redundant-date-cast',
    sql: "SELECT o_orderkey FROM orders WHERE DATE(o_orderdate) IN ('1995-01-01', DATE '1996-01-02', '1997-03-15') OR DATE(o_orderdate) BETWEEN '1998-01-01' AND CURDATE()",
  },
  {
    rule: 'redundant-date-cast',
    sql: 'SELECT e.id, (SELECT COUNT(*) FROM orders o WHERE DATE(o.o_orderdate) <= DATE(e.ts) AND o.o_orderkey < 3826000) AS n FROM events e',
  },
  // quoted-number-literal
  { rule: 'quoted-number-literal', sql: "SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey <= '3825700'" },
  {
    rule: 'quoted-number-literal',
    sql: "SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_linenumber = '3' AND '45' < l_quantity + 0 AND l_suppkey > '100'",
  },
  { rule: 'quoted-number-literal', sql: "SELECT id, grp FROM events WHERE grp >= '2' OR flag = '1.0'" },
  { rule: 'quoted-number-literal', sql: "SELECT id FROM events WHERE grp <> '3' AND flag < '8.5'" },
  // constant-folding
  {
    rule: 'constant-folding',
    sql: "SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1994-01-01' + INTERVAL '1' YEAR",
  },
  {
    rule: 'constant-folding',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderdate < DATE_ADD('1992-01-31', INTERVAL 1 MONTH)",
  },
  {
    rule: 'constant-folding',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderdate >= '1998-12-01' - INTERVAL '150' DAY AND o_orderkey > 3825600 + 10 * -10",
  },
  { rule: 'constant-folding', sql: "SELECT id FROM events WHERE ts >= DATE '2024-01-31' + INTERVAL 1 MONTH" },
  {
    rule: 'constant-folding',
    sql: "SELECT id FROM events WHERE tz < DATE_SUB(DATE '2024-03-31', INTERVAL 1 MONTH) OR grp = 2 * 2 OR flag = 3 * 3",
  },
  // negated-comparison
  {
    rule: 'negated-comparison',
    sql: "SELECT o_orderkey FROM orders WHERE NOT (o_totalprice > 100000) AND NOT (o_orderpriority IN ('1-URGENT', '2-HIGH'))",
  },
  { rule: 'negated-comparison', sql: "SELECT id FROM events WHERE !(grp >= 3) OR NOT (label IN ('a', 'c'))" },
  {
    rule: 'negated-comparison',
    sql: "SELECT id FROM events WHERE NOT (label BETWEEN 'a' AND 'b') OR NOT NOT (amount IS NULL OR amount > 15)",
  },
  { rule: 'negated-comparison', sql: "SELECT id FROM events WHERE NOT (grp IS NULL) AND NOT (label LIKE 'a%')" },
  // redundant-is-not-null
  {
    rule: 'redundant-is-not-null',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderstatus IS NOT NULL AND o_orderpriority = '1-URGENT'",
  },
  { rule: 'redundant-is-not-null', sql: 'SELECT id, grp FROM events WHERE flag IS NOT NULL AND grp IS NOT NULL' },
  {
    rule: 'redundant-is-not-null',
    sql: 'SELECT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp WHERE e.id IS NOT NULL',
  },
  // always-false-predicate (an always-false OR branch)
  { rule: 'always-false-predicate', sql: 'SELECT n_name FROM nation WHERE 1 = 0 OR n_regionkey = 2' },
  { rule: 'always-false-predicate', sql: "SELECT id FROM events WHERE grp IS NULL OR 2 < 1 OR label = 'a'" },
  {
    rule: 'always-false-predicate',
    sql: 'SELECT e.id, n.n_name FROM events e LEFT JOIN nation n ON n.n_nationkey = e.grp OR 1 <> 1',
  },
];
