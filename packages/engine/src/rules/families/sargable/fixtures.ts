import type { RuleCase } from '../../fixtures/case.ts';
import { exampleSchema as schema } from '../../fixtures/schema.ts';

/** A table with a DATETIME and a DATE column, for the casts that must stay. */
const events = 'CREATE TABLE ev (id INT NOT NULL PRIMARY KEY, ts DATETIME, d DATE, n INT);';

/** Positive and negative cases of this family's rules. */
export const sargableCases: RuleCase[] = [
  // redundant-date-cast: TPC-H's MySQL flavour casts DATE columns to DATE.
  {
    rule: 'redundant-date-cast',
    sql: "SELECT l_orderkey FROM lineitem WHERE CAST(l_shipdate AS DATE) >= DATE '1994-01-01' AND CAST(l_shipdate AS DATE) < DATE '1995-01-01'",
    schema,
    matches: 2,
    after: "SELECT l_orderkey FROM lineitem WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01'",
  },
  {
    rule: 'redundant-date-cast',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderdate::date BETWEEN DATE '1995-01-01' AND DATE '1995-12-31'",
    dialect: 'postgresql',
    schema,
    matches: 1,
    after: "SELECT o_orderkey FROM orders WHERE o_orderdate BETWEEN DATE '1995-01-01' AND DATE '1995-12-31'",
  },
  // PostgreSQL: a date-to-date cast is the identity anywhere in a filter, even inside EXTRACT.
  {
    rule: 'redundant-date-cast',
    sql: 'SELECT l_orderkey FROM lineitem WHERE extract(year from cast(l_shipdate as date)) = 1995',
    dialect: 'postgresql',
    schema,
    matches: 1,
    after: 'SELECT l_orderkey FROM lineitem WHERE extract(year from l_shipdate) = 1995',
  },
  {
    rule: 'redundant-date-cast',
    sql: 'SELECT 1 FROM orders o JOIN lineitem l ON DATE(o.o_orderdate) = DATE(l.l_shipdate)',
    schema,
    matches: 2,
    after: 'SELECT 1 FROM orders o JOIN lineitem l ON o.o_orderdate = l.l_shipdate',
  },
  {
    rule: 'redundant-date-cast',
    sql: "SELECT o_orderkey FROM orders WHERE DATE(o_orderdate) IN ('1995-01-01', DATE '1995-01-02')",
    schema,
    matches: 1,
    after: "SELECT o_orderkey FROM orders WHERE o_orderdate IN ('1995-01-01', DATE '1995-01-02')",
  },
  // MySQL: compared with a date-time string, the bare column may compare differently: advice only.
  {
    rule: 'redundant-date-cast',
    sql: "SELECT o_orderkey FROM orders WHERE DATE(o_orderdate) = '1995-03-15 10:00:00'",
    schema,
    matches: 1,
  },
  // No schema: the column's type is unknown, advice only.
  { rule: 'redundant-date-cast', sql: "SELECT 1 FROM t WHERE CAST(d AS DATE) >= DATE '2024-01-01'", matches: 1 },
  // A DATETIME column: the cast drops the time, it is not redundant.
  {
    rule: 'redundant-date-cast',
    sql: "SELECT id FROM ev WHERE CAST(ts AS DATE) >= DATE '2024-01-01'",
    schema: events,
    matches: 0,
  },
  // Compared with a 'YYYY-MM-DD' string on a DATE column: the cast goes, no range needed.
  {
    rule: 'redundant-date-cast',
    sql: "SELECT o_orderkey FROM orders WHERE DATE(o_orderdate) = '1995-03-15'",
    schema,
    matches: 1,
    after: "SELECT o_orderkey FROM orders WHERE o_orderdate = '1995-03-15'",
  },
  { rule: 'redundant-date-cast', sql: 'SELECT CAST(o_orderdate AS DATE) FROM orders', schema, matches: 0 },
  // A CTE named like a schema table hides it: the column's type is unknown, advice only.
  {
    rule: 'redundant-date-cast',
    sql: "WITH orders AS (SELECT now() AS o_orderdate) SELECT 1 FROM orders WHERE o_orderdate::date >= DATE '2024-01-01'",
    dialect: 'postgresql',
    schema,
    matches: 1,
  },
  {
    rule: 'redundant-date-cast',
    sql: "SELECT id FROM ev WHERE d::date::text = '2024-01-01'",
    dialect: 'postgresql',
    schema: events,
    matches: 0,
  },

  // quoted-number-literal
  {
    rule: 'quoted-number-literal',
    sql: "SELECT o_totalprice FROM orders WHERE o_orderkey = '42'",
    schema,
    matches: 1,
    after: 'SELECT o_totalprice FROM orders WHERE o_orderkey = 42',
  },
  {
    rule: 'quoted-number-literal',
    sql: "SELECT l_orderkey FROM lineitem WHERE l_linenumber >= '2' AND '7' > l_orderkey AND l_suppkey<'-5'",
    schema,
    matches: 3,
    after: 'SELECT l_orderkey FROM lineitem WHERE l_linenumber >= 2 AND 7 > l_orderkey AND l_suppkey< -5',
  },
  {
    rule: 'quoted-number-literal',
    sql: "SELECT o_orderkey FROM orders WHERE o_custkey = '1042.5'",
    schema,
    matches: 1,
    after: 'SELECT o_orderkey FROM orders WHERE o_custkey = 1042.5',
  },
  // DECIMAL: its precision is unknown, so only advice.
  { rule: 'quoted-number-literal', sql: "SELECT 1 FROM orders WHERE o_totalprice < '1000.50'", schema, matches: 1 },
  // More digits than a double keeps: advice only.
  {
    rule: 'quoted-number-literal',
    sql: "SELECT 1 FROM orders WHERE o_orderkey = '12345678901234567'",
    schema,
    matches: 1,
  },
  // A text column compared with a string; a string that is no plain number; no schema; PostgreSQL.
  { rule: 'quoted-number-literal', sql: "SELECT 1 FROM customer WHERE c_phone = '5551234'", schema, matches: 0 },
  { rule: 'quoted-number-literal', sql: "SELECT 1 FROM orders WHERE o_orderkey = '1e3'", schema, matches: 0 },
  { rule: 'quoted-number-literal', sql: "SELECT 1 FROM t WHERE a = '42'", matches: 0 },
  {
    rule: 'quoted-number-literal',
    sql: "SELECT 1 FROM orders WHERE o_orderkey = '42'",
    dialect: 'postgresql',
    schema,
    matches: 0,
  },

  // constant-folding
  {
    rule: 'constant-folding',
    sql: 'SELECT o_orderkey FROM orders WHERE o_shippriority > 10 * 60',
    schema,
    matches: 1,
    after: 'SELECT o_orderkey FROM orders WHERE o_shippriority > 600',
  },
  {
    rule: 'constant-folding',
    sql: 'SELECT o_orderkey FROM orders WHERE o_custkey BETWEEN -(2 + 3) * 4 AND 2 - -3',
    schema,
    matches: 2,
    after: 'SELECT o_orderkey FROM orders WHERE o_custkey BETWEEN -20 AND 5',
  },
  // TPC-H Q6 (PostgreSQL): date + interval compared with a DATE column.
  {
    rule: 'constant-folding',
    sql: "SELECT l_orderkey FROM lineitem WHERE l_shipdate >= date '1994-01-01' and l_shipdate < date '1994-01-01' + interval '1' year",
    dialect: 'postgresql',
    schema,
    matches: 1,
    after: "SELECT l_orderkey FROM lineitem WHERE l_shipdate >= date '1994-01-01' and l_shipdate < date '1995-01-01'",
  },
  // Month ends clamp to the month's last day, as both databases do.
  {
    rule: 'constant-folding',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderdate < DATE '2024-01-31' + INTERVAL 1 MONTH AND o_orderdate > DATE_SUB(DATE '2024-03-31', INTERVAL '1' MONTH)",
    schema,
    matches: 2,
    after: "SELECT o_orderkey FROM orders WHERE o_orderdate < DATE '2024-02-29' AND o_orderdate > DATE '2024-02-29'",
  },
  {
    rule: 'constant-folding',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderdate <= date '2023-01-31' + interval '1 month' OR o_orderdate = date '2024-02-29' + interval '1 year'",
    dialect: 'postgresql',
    schema,
    matches: 2,
    after: "SELECT o_orderkey FROM orders WHERE o_orderdate <= date '2023-02-28' OR o_orderdate = date '2025-02-28'",
  },
  // MySQL: a string plus an interval is a string.
  {
    rule: 'constant-folding',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderdate >= '1998-12-01' - INTERVAL '90' DAY",
    schema,
    matches: 1,
    after: "SELECT o_orderkey FROM orders WHERE o_orderdate >= '1998-09-02'",
  },
  // 65536 * 65536 overflows PostgreSQL's int4 (an error, not a result): left alone there, folded in MySQL.
  {
    rule: 'constant-folding',
    sql: 'SELECT 1 FROM orders WHERE o_orderkey < 65536 * 65536',
    dialect: 'postgresql',
    schema,
    matches: 0,
  },
  {
    rule: 'constant-folding',
    sql: 'SELECT 1 FROM orders WHERE o_orderkey < 65536 * 65536',
    schema,
    matches: 1,
    after: 'SELECT 1 FROM orders WHERE o_orderkey < 4294967296',
  },
  // PostgreSQL's date + interval is a timestamp: without the other side's type, advice only.
  {
    rule: 'constant-folding',
    sql: "SELECT 1 FROM t WHERE x < date '2024-01-01' + interval '1 day'",
    dialect: 'postgresql',
    matches: 1,
  },
  { rule: 'constant-folding', sql: 'SELECT 1 FROM orders WHERE o_custkey > 10 / 2', schema, matches: 0 },
  { rule: 'constant-folding', sql: 'SELECT 1 FROM orders WHERE o_custkey > 1e3 * 2', schema, matches: 0 },
  { rule: 'constant-folding', sql: 'SELECT 1 FROM orders WHERE 2 * 3 = 6', schema, matches: 0 },
  { rule: 'constant-folding', sql: 'SELECT 2 * 3 FROM orders', schema, matches: 0 },
  {
    rule: 'constant-folding',
    sql: "SELECT 1 FROM orders WHERE o_orderdate < DATE '2024-01-31' + INTERVAL 1.5 MONTH",
    schema,
    matches: 0,
  },

  // negated-comparison
  {
    rule: 'negated-comparison',
    sql: 'SELECT o_orderkey FROM orders WHERE NOT (o_totalprice > 1000)',
    matches: 1,
    after: 'SELECT o_orderkey FROM orders WHERE o_totalprice <= 1000',
  },
  {
    rule: 'negated-comparison',
    sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = 7 AND NOT (o_orderkey IN (1, 2)) AND NOT o_shippriority = 0',
    dialect: 'postgresql',
    matches: 2,
    after: 'SELECT o_orderkey FROM orders WHERE o_custkey = 7 AND o_orderkey NOT IN (1, 2) AND o_shippriority <> 0',
  },
  {
    rule: 'negated-comparison',
    sql: "SELECT 1 FROM lineitem WHERE NOT (l_quantity BETWEEN 10 AND 20) OR NOT (l_comment like '%x%')",
    matches: 2,
    after: "SELECT 1 FROM lineitem WHERE l_quantity NOT BETWEEN 10 AND 20 OR l_comment not like '%x%'",
  },
  {
    rule: 'negated-comparison',
    sql: 'SELECT 1 FROM t WHERE NOT NOT (a = 1 OR b = 2) AND !(c >= 5)',
    matches: 2,
    after: 'SELECT 1 FROM t WHERE (a = 1 OR b = 2) AND c < 5',
  },
  {
    rule: 'negated-comparison',
    sql: 'SELECT o_orderkey FROM orders WHERE NOT (o_custkey IS NULL)',
    dialect: 'postgresql',
    schema,
    matches: 1,
    after: 'SELECT o_orderkey FROM orders WHERE o_custkey IS NOT NULL',
  },
  // IS NULL needs the schema (row values), and MySQL dates are left alone (zero dates).
  { rule: 'negated-comparison', sql: 'SELECT 1 FROM t WHERE NOT (a IS NULL)', dialect: 'postgresql', matches: 1 },
  { rule: 'negated-comparison', sql: 'SELECT 1 FROM orders WHERE NOT (o_orderdate IS NULL)', schema, matches: 1 },
  // Row values and MySQL's NOT NOT of a non-condition are reported, not rewritten.
  { rule: 'negated-comparison', sql: 'SELECT 1 FROM t WHERE NOT ((a, b) > (1, 2))', matches: 1 },
  { rule: 'negated-comparison', sql: 'SELECT 1 FROM t WHERE NOT NOT a', matches: 1 },
  // NOT (a > ALL s) is a <= ANY s, not a <= ALL s.
  { rule: 'negated-comparison', sql: 'SELECT 1 FROM t WHERE NOT (a > ALL (SELECT b FROM u))', matches: 1 },
  { rule: 'negated-comparison', sql: 'SELECT 1 FROM t WHERE NOT EXISTS (SELECT 1 FROM u)', matches: 0 },
  { rule: 'negated-comparison', sql: 'SELECT 1 FROM t WHERE NOT flag', matches: 0 },
  { rule: 'negated-comparison', sql: 'SELECT NOT (a > 1) FROM t', matches: 0 },

  // redundant-is-not-null
  {
    rule: 'redundant-is-not-null',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderstatus IS NOT NULL AND o_orderpriority = '1-URGENT'",
    schema,
    matches: 1,
    after: "SELECT o_orderkey FROM orders WHERE o_orderpriority = '1-URGENT'",
  },
  {
    rule: 'redundant-is-not-null',
    sql: 'SELECT o_orderkey FROM orders o WHERE o.o_orderkey IS NOT NULL AND o_totalprice IS NOT NULL ORDER BY o_orderkey',
    dialect: 'postgresql',
    schema,
    matches: 2,
    after: 'SELECT o_orderkey FROM orders o ORDER BY o_orderkey',
  },
  // The preserved side of a LEFT JOIN goes; the NULL-filled side is the semi-join idiom and stays.
  {
    rule: 'redundant-is-not-null',
    sql: 'SELECT c.c_custkey FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NOT NULL AND c.c_name IS NOT NULL',
    schema,
    matches: 1,
    after:
      'SELECT c.c_custkey FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NOT NULL',
  },
  {
    rule: 'redundant-is-not-null',
    sql: 'SELECT c.c_custkey FROM orders o RIGHT JOIN customer c ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NOT NULL',
    schema,
    matches: 0,
  },
  {
    rule: 'redundant-is-not-null',
    sql: 'SELECT 1 FROM customer c FULL JOIN orders o ON o.o_custkey = c.c_custkey WHERE c.c_name IS NOT NULL',
    dialect: 'postgresql',
    schema,
    matches: 0,
  },
  // A nullable column; no schema; an unqualified column that a derived table might hold.
  { rule: 'redundant-is-not-null', sql: 'SELECT 1 FROM orders WHERE o_custkey IS NOT NULL', schema, matches: 0 },
  { rule: 'redundant-is-not-null', sql: 'SELECT 1 FROM orders WHERE o_orderkey IS NOT NULL', matches: 0 },
  {
    rule: 'redundant-is-not-null',
    sql: 'SELECT 1 FROM orders, (SELECT 1 AS o_orderstatus) x WHERE o_orderstatus IS NOT NULL',
    schema,
    matches: 0,
  },
  // Reported, not removed: the whole WHERE of an UPDATE, and MySQL DATE columns (zero dates).
  {
    rule: 'redundant-is-not-null',
    sql: "UPDATE orders SET o_comment = 'x' WHERE o_orderkey IS NOT NULL",
    schema,
    matches: 1,
  },
  {
    rule: 'redundant-is-not-null',
    sql: 'SELECT 1 FROM orders WHERE o_orderdate IS NOT NULL AND o_custkey = 1',
    schema,
    matches: 1,
  },
];
