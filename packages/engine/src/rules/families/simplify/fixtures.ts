import type { RuleCase } from '../../fixtures/case.ts';
import { exampleSchema } from '../../fixtures/schema.ts';

/** A unique key that may be NULL, a text primary key, and a unique NOT NULL key that is not the primary key. */
const keysSchema = `
CREATE TABLE users (id INT NOT NULL PRIMARY KEY, email VARCHAR(100) UNIQUE, login VARCHAR(30) NOT NULL UNIQUE, name VARCHAR(50), team_code VARCHAR(10));
CREATE TABLE teams (code VARCHAR(10) NOT NULL PRIMARY KEY, title VARCHAR(50));
`;

/** Positive and negative cases of this family's rules. */
export const simplifyCases: RuleCase[] = [
  // distinct-on-unique-key
  {
    rule: 'distinct-on-unique-key',
    sql: "SELECT DISTINCT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F'",
    schema: exampleSchema,
    matches: 1,
    after: "SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F'",
  },
  // Every column of the composite primary key, in any order, qualified.
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT l.l_linenumber, l.l_orderkey, l.l_tax FROM lineitem l',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
    after: 'SELECT l.l_linenumber, l.l_orderkey, l.l_tax FROM lineitem l',
  },
  // A NOT NULL unique key that is not the primary key.
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT login, name FROM users',
    schema: keysSchema,
    matches: 1,
    after: 'SELECT login, name FROM users',
  },
  // `*` includes the key (in a derived table: select-star expands only the outermost query).
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT d.n_name FROM (SELECT DISTINCT * FROM nation) d',
    schema: exampleSchema,
    matches: 1,
    after: 'SELECT d.n_name FROM (SELECT * FROM nation) d',
  },
  // Joined on the joined table's primary key: each order meets at most one customer.
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT o.o_orderkey, c.c_name FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey',
    schema: exampleSchema,
    matches: 1,
    after: 'SELECT o.o_orderkey, c.c_name FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey',
  },
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT o.o_orderkey, c.c_name FROM orders o LEFT JOIN customer c ON o.o_custkey = c.c_custkey AND c.c_acctbal > 0',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
    after:
      'SELECT o.o_orderkey, c.c_name FROM orders o LEFT JOIN customer c ON o.o_custkey = c.c_custkey AND c.c_acctbal > 0',
  },
  // A text join key: PostgreSQL compares bytes; MySQL's collations may differ between the columns.
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT u.id, t.title FROM users u JOIN teams t ON t.code = u.team_code',
    dialect: 'postgresql',
    schema: keysSchema,
    matches: 1,
    after: 'SELECT u.id, t.title FROM users u JOIN teams t ON t.code = u.team_code',
  },
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT u.id, t.title FROM users u JOIN teams t ON t.code = u.team_code',
    schema: keysSchema,
    matches: 1,
  },
  // A unique key that may be NULL lets several rows hold NULL: reported, not rewritten.
  { rule: 'distinct-on-unique-key', sql: 'SELECT DISTINCT email, name FROM users', schema: keysSchema, matches: 1 },
  // The join may repeat customers (many orders each).
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT c.c_custkey, c.c_name FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
  },
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT n.* FROM nation n, region r',
    schema: exampleSchema,
    matches: 1,
  },
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT o.o_orderkey FROM orders o RIGHT JOIN customer c ON c.c_custkey = o.o_custkey',
    schema: exampleSchema,
    matches: 1,
  },
  { rule: 'distinct-on-unique-key', sql: 'SELECT DISTINCT o_custkey FROM orders', schema: exampleSchema, matches: 0 },
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT l_orderkey, l_tax FROM lineitem',
    schema: exampleSchema,
    matches: 0,
  },
  { rule: 'distinct-on-unique-key', sql: 'SELECT DISTINCT o_orderkey, o_totalprice FROM orders', matches: 0 },
  // IN/EXISTS subqueries are subquery-distinct's; GROUP BY is distinct-with-group-by's.
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT c_name FROM customer WHERE c_custkey IN (SELECT DISTINCT o_orderkey FROM orders)',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT o_orderkey, COUNT(*) FROM orders GROUP BY o_orderkey',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT ON (o_custkey) o_orderkey FROM orders ORDER BY o_custkey, o_orderdate',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 0,
  },
  // A CTE named like the table is not the table.
  {
    rule: 'distinct-on-unique-key',
    sql: 'WITH orders AS (SELECT o_custkey AS o_orderkey FROM lineitem, orders) SELECT DISTINCT o_orderkey FROM orders',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 0,
  },
  // An expression of the key is not the key.
  {
    rule: 'distinct-on-unique-key',
    sql: 'SELECT DISTINCT o_orderkey % 10 FROM orders',
    schema: exampleSchema,
    matches: 0,
  },

  // count-not-null-column
  {
    rule: 'count-not-null-column',
    sql: "SELECT COUNT(o_orderdate) FROM orders WHERE o_orderstatus = 'F'",
    schema: exampleSchema,
    matches: 1,
    after: "SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'F'",
  },
  {
    rule: 'count-not-null-column',
    sql: 'SELECT o_custkey, count(o.o_orderkey), COUNT(o_clerk) FROM orders o GROUP BY o_custkey HAVING count(o_orderdate) > 1 ORDER BY COUNT(o_orderdate)',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 3,
    after:
      'SELECT o_custkey, count(*), COUNT(o_clerk) FROM orders o GROUP BY o_custkey HAVING count(*) > 1 ORDER BY COUNT(*)',
  },
  // The preserved side of a LEFT JOIN keeps its NOT NULL; a correlated subquery counts its own table.
  {
    rule: 'count-not-null-column',
    sql: 'SELECT c.c_name, COUNT(c.c_custkey), (SELECT COUNT(l_tax) FROM lineitem WHERE l_orderkey = c.c_custkey) FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_name',
    schema: exampleSchema,
    matches: 2,
    after:
      'SELECT c.c_name, COUNT(*), (SELECT COUNT(*) FROM lineitem WHERE l_orderkey = c.c_custkey) FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_name',
  },
  // COUNT(DISTINCT primary key) over the table alone.
  {
    rule: 'count-not-null-column',
    sql: "SELECT COUNT(DISTINCT o_orderkey) FROM orders WHERE o_orderdate >= '1995-01-01'",
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
    after: "SELECT COUNT(*) FROM orders WHERE o_orderdate >= '1995-01-01'",
  },
  // Without the table structure: reported, not rewritten.
  { rule: 'count-not-null-column', sql: 'SELECT COUNT(o_orderdate) FROM orders', matches: 1 },
  // The NULL-extended side of an outer join: COUNT counts the matches on purpose.
  {
    rule: 'count-not-null-column',
    sql: 'SELECT c.c_custkey, COUNT(o.o_orderkey) FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_custkey',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'count-not-null-column',
    sql: 'SELECT COUNT(c.c_name) FROM customer c RIGHT JOIN orders o ON o.o_custkey = c.c_custkey',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 0,
  },
  // A nullable column is count-nullable-column's.
  { rule: 'count-not-null-column', sql: 'SELECT COUNT(o_clerk) FROM orders', schema: exampleSchema, matches: 0 },
  // With a join the key may repeat; part of a composite key is not unique.
  {
    rule: 'count-not-null-column',
    sql: 'SELECT COUNT(DISTINCT o.o_orderkey) FROM orders o JOIN lineitem l ON l.l_orderkey = o.o_orderkey',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'count-not-null-column',
    sql: 'SELECT COUNT(DISTINCT l_orderkey) FROM lineitem',
    schema: exampleSchema,
    matches: 0,
  },
  { rule: 'count-not-null-column', sql: 'SELECT COUNT(*), COUNT(1) FROM orders', schema: exampleSchema, matches: 0 },
  {
    rule: 'count-not-null-column',
    sql: 'SELECT o_orderkey, COUNT(o_orderdate) OVER () FROM orders',
    schema: exampleSchema,
    matches: 0,
  },
  // A CTE's column, even one named like a table, is not described by the table structure.
  {
    rule: 'count-not-null-column',
    sql: 'WITH orders AS (SELECT o_clerk AS o_orderdate FROM orders) SELECT COUNT(o_orderdate) FROM orders',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 0,
  },
  { rule: 'count-not-null-column', sql: 'WITH c AS (SELECT 1 AS x) SELECT COUNT(x) FROM c', matches: 0 },
  // A derived table's column: its nullability is not the table's.
  {
    rule: 'count-not-null-column',
    sql: 'SELECT COUNT(d.k) FROM (SELECT MAX(o_orderkey) AS k FROM orders WHERE 1 = 0) d',
    schema: exampleSchema,
    matches: 0,
  },

  // distinct-in-union-branch
  {
    rule: 'distinct-in-union-branch',
    sql: "SELECT DISTINCT o_custkey FROM orders WHERE o_orderstatus = 'F' UNION SELECT c_custkey FROM customer WHERE c_acctbal < 0",
    schema: exampleSchema,
    matches: 1,
    after:
      "SELECT o_custkey FROM orders WHERE o_orderstatus = 'F' UNION SELECT c_custkey FROM customer WHERE c_acctbal < 0",
  },
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT c_name FROM customer UNION SELECT s_name FROM supplier',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
    after: 'SELECT c_name FROM customer UNION SELECT s_name FROM supplier',
  },
  // MySQL: the same column in every branch, and a string literal, share one collation.
  {
    rule: 'distinct-in-union-branch',
    sql: "SELECT DISTINCT c_name FROM customer WHERE c_acctbal > 0 UNION SELECT c_name FROM customer WHERE c_nationkey = 1 UNION SELECT 'x'",
    schema: exampleSchema,
    matches: 1,
    after:
      "SELECT c_name FROM customer WHERE c_acctbal > 0 UNION SELECT c_name FROM customer WHERE c_nationkey = 1 UNION SELECT 'x'",
  },
  // Mixed chains associate to the left: the UNION covers the branches before it, not the one after.
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT a FROM t UNION ALL SELECT DISTINCT b FROM u UNION SELECT c FROM v UNION ALL SELECT DISTINCT d FROM w',
    dialect: 'postgresql',
    matches: 2,
    after: 'SELECT a FROM t UNION ALL SELECT b FROM u UNION SELECT c FROM v UNION ALL SELECT DISTINCT d FROM w',
  },
  {
    rule: 'distinct-in-union-branch',
    sql: '(SELECT DISTINCT o_custkey FROM orders) UNION (SELECT DISTINCT o_custkey FROM orders WHERE o_totalprice > 10) ORDER BY 1 LIMIT 3',
    schema: exampleSchema,
    matches: 2,
    after:
      '(SELECT o_custkey FROM orders) UNION (SELECT o_custkey FROM orders WHERE o_totalprice > 10) ORDER BY 1 LIMIT 3',
  },
  // MySQL: two string columns of one collation the structure shows (the tables' COLLATE=) compare alike.
  {
    rule: 'distinct-in-union-branch',
    sql: "SELECT DISTINCT name FROM author UNION SELECT title FROM book UNION SELECT 'x'",
    schema:
      'CREATE TABLE author (id INT PRIMARY KEY, name VARCHAR(40)) COLLATE=utf8mb4_general_ci; CREATE TABLE book (id INT PRIMARY KEY, title VARCHAR(80), code VARCHAR(9) COLLATE utf8mb4_bin) COLLATE=utf8mb4_general_ci;',
    matches: 1,
    after: "SELECT name FROM author UNION SELECT title FROM book UNION SELECT 'x'",
  },
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT name FROM author UNION SELECT code FROM book',
    schema:
      'CREATE TABLE author (id INT PRIMARY KEY, name VARCHAR(40)) COLLATE=utf8mb4_general_ci; CREATE TABLE book (id INT PRIMARY KEY, title VARCHAR(80), code VARCHAR(9) COLLATE utf8mb4_bin) COLLATE=utf8mb4_general_ci;',
    matches: 1,
  },
  // MySQL: two different string columns may use different collations (or no table structure says otherwise).
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT c_name FROM customer UNION SELECT s_name FROM supplier',
    schema: exampleSchema,
    matches: 1,
  },
  { rule: 'distinct-in-union-branch', sql: 'SELECT DISTINCT a FROM t UNION SELECT b FROM u', matches: 1 },
  { rule: 'distinct-in-union-branch', sql: 'SELECT DISTINCT a FROM t UNION ALL SELECT b FROM u', matches: 0 },
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT a FROM t UNION SELECT b FROM u UNION ALL SELECT DISTINCT c FROM v',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT a FROM t UNION SELECT b FROM u UNION ALL SELECT DISTINCT c FROM v',
  },
  { rule: 'distinct-in-union-branch', sql: 'SELECT DISTINCT a FROM t INTERSECT SELECT b FROM u', matches: 0 },
  // Its own LIMIT: DISTINCT decides which rows are kept.
  {
    rule: 'distinct-in-union-branch',
    sql: '(SELECT DISTINCT a FROM t LIMIT 5) UNION (SELECT b FROM u)',
    dialect: 'postgresql',
    matches: 0,
  },
  // A branch distinct by its own key is distinct-on-unique-key's.
  {
    rule: 'distinct-in-union-branch',
    sql: 'SELECT DISTINCT o_orderkey FROM orders UNION SELECT c_custkey FROM customer',
    schema: exampleSchema,
    matches: 0,
  },
  // A recursive CTE's UNION also stops the recursion.
  {
    rule: 'distinct-in-union-branch',
    sql: 'WITH RECURSIVE r (n) AS (SELECT DISTINCT grp FROM ev UNION SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r',
    dialect: 'postgresql',
    matches: 0,
  },

  // redundant-group-by-columns (PostgreSQL)
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT o_orderkey, o_orderdate, o_totalprice, COUNT(*) FROM orders GROUP BY o_orderkey, o_orderdate, o_totalprice',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
    after: 'SELECT o_orderkey, o_orderdate, o_totalprice, COUNT(*) FROM orders GROUP BY o_orderkey',
  },
  // With an ORDER BY (and no LIMIT) the key need not come first.
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT l_quantity, l.l_orderkey, l_linenumber, SUM(l_tax) FROM lineitem l GROUP BY l_quantity, l.l_orderkey, l_shipdate, l_linenumber ORDER BY 1',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
    after:
      'SELECT l_quantity, l.l_orderkey, l_linenumber, SUM(l_tax) FROM lineitem l GROUP BY l.l_orderkey, l_linenumber ORDER BY 1',
  },
  // Without ORDER BY the grouping order may show: reported, not rewritten.
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT o_orderdate, o_orderkey, COUNT(*) FROM orders GROUP BY o_orderdate, o_orderkey',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
  },
  // MySQL (MariaDB with ONLY_FULL_GROUP_BY) would reject the ungrouped columns.
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT o_orderkey, o_orderdate, COUNT(*) FROM orders GROUP BY o_orderkey, o_orderdate',
    schema: exampleSchema,
    matches: 0,
  },
  // A join: the grouped key does not make one row per group.
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT o.o_orderkey, c.c_name FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey GROUP BY o.o_orderkey, c.c_name',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 0,
  },
  // Part of the primary key, a unique key that is not the primary key, ROLLUP.
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT l_orderkey, l_tax FROM lineitem GROUP BY l_orderkey, l_tax',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT login, name FROM users GROUP BY login, name',
    dialect: 'postgresql',
    schema: keysSchema,
    matches: 0,
  },
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT o_orderkey, o_custkey, COUNT(*) FROM orders GROUP BY ROLLUP (o_orderkey, o_custkey)',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'redundant-group-by-columns',
    sql: 'SELECT o_orderkey, o_custkey FROM orders GROUP BY o_orderkey, o_custkey',
    dialect: 'postgresql',
    matches: 0,
  },

  // redundant-order-by
  {
    rule: 'redundant-order-by',
    sql: "SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'F' ORDER BY 1",
    matches: 1,
    after: "SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'F'",
  },
  {
    rule: 'redundant-order-by',
    sql: 'SELECT COUNT(*), MAX(o_totalprice) FROM orders ORDER BY COUNT(*) DESC LIMIT 1',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT COUNT(*), MAX(o_totalprice) FROM orders LIMIT 1',
  },
  {
    rule: 'redundant-order-by',
    sql: 'SELECT c_name, (SELECT o_orderdate FROM orders WHERE o_orderkey = c_custkey ORDER BY o_orderdate) FROM customer WHERE c_acctbal > (SELECT AVG(c_acctbal) FROM customer ORDER BY 1)',
    dialect: 'postgresql',
    matches: 2,
    after:
      'SELECT c_name, (SELECT o_orderdate FROM orders WHERE o_orderkey = c_custkey) FROM customer WHERE c_acctbal > (SELECT AVG(c_acctbal) FROM customer)',
  },
  {
    rule: 'redundant-order-by',
    sql: 'SELECT c_name FROM customer WHERE c_custkey = ANY (SELECT o_custkey FROM orders ORDER BY o_orderdate)',
    matches: 1,
    after: 'SELECT c_name FROM customer WHERE c_custkey = ANY (SELECT o_custkey FROM orders)',
  },
  {
    rule: 'redundant-order-by',
    sql: '(SELECT o_custkey FROM orders ORDER BY o_orderdate) UNION (SELECT c_custkey FROM customer ORDER BY c_name)',
    dialect: 'postgresql',
    matches: 2,
    after: '(SELECT o_custkey FROM orders) UNION (SELECT c_custkey FROM customer)',
  },
  {
    rule: 'redundant-order-by',
    sql: '(SELECT o_custkey FROM orders ORDER BY o_orderdate) UNION ALL (SELECT c_custkey FROM customer ORDER BY c_name) ORDER BY 1',
    matches: 2,
    after: '(SELECT o_custkey FROM orders) UNION ALL (SELECT c_custkey FROM customer) ORDER BY 1',
  },
  // UNION ALL returns branches in turn: without an ORDER BY of its own, the result may show this order.
  {
    rule: 'redundant-order-by',
    sql: '(SELECT o_custkey FROM orders ORDER BY o_orderdate) UNION ALL (SELECT c_custkey FROM customer)',
    dialect: 'postgresql',
    matches: 1,
  },
  {
    rule: 'redundant-order-by',
    sql: '(SELECT o_custkey FROM orders ORDER BY o_orderdate) UNION SELECT c_custkey FROM customer ORDER BY 1 LIMIT 4',
    matches: 1,
  },
  // MySQL: o_clerk comes from an arbitrary row.
  { rule: 'redundant-order-by', sql: 'SELECT COUNT(*), o_clerk FROM orders ORDER BY o_orderdate', matches: 1 },
  {
    rule: 'redundant-order-by',
    sql: 'SELECT o_custkey FROM orders UNION SELECT c_custkey FROM customer ORDER BY 1',
    matches: 0,
  },
  { rule: 'redundant-order-by', sql: 'SELECT o_custkey FROM orders ORDER BY 1', matches: 0 },
  {
    rule: 'redundant-order-by',
    sql: 'SELECT c_name FROM customer WHERE c_custkey > ALL (SELECT o_custkey FROM orders ORDER BY o_orderdate LIMIT 3)',
    dialect: 'postgresql',
    matches: 0,
  },
  // A set-returning function makes several rows.
  {
    rule: 'redundant-order-by',
    sql: 'SELECT COUNT(*), generate_series(1, 3) FROM orders ORDER BY 2',
    dialect: 'postgresql',
    matches: 0,
  },
  // IN subqueries are subquery-distinct's, derived tables order-by-in-derived-table's.
  {
    rule: 'redundant-order-by',
    sql: 'SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders ORDER BY 1)',
    matches: 0,
  },
  { rule: 'redundant-order-by', sql: 'SELECT x.n FROM (SELECT COUNT(*) AS n FROM orders ORDER BY 1) x', matches: 0 },
  // GROUP BY makes one row per group.
  {
    rule: 'redundant-order-by',
    sql: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey ORDER BY 2',
    dialect: 'postgresql',
    matches: 0,
  },
  // coalesce-on-not-null
  {
    rule: 'coalesce-on-not-null',
    sql: 'SELECT o_orderkey FROM orders WHERE COALESCE(o_totalprice, 0) > 1000',
    schema: exampleSchema,
    matches: 1,
    after: 'SELECT o_orderkey FROM orders WHERE o_totalprice > 1000',
  },
  {
    rule: 'coalesce-on-not-null',
    sql: "SELECT o_orderkey FROM orders o JOIN customer c ON COALESCE(c.c_custkey, NULL, 0) = o.o_custkey WHERE coalesce(o_orderstatus, 'x') = 'F'",
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 2,
    after: "SELECT o_orderkey FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey WHERE o_orderstatus = 'F'",
  },
  {
    rule: 'coalesce-on-not-null',
    sql: 'SELECT l_orderkey FROM lineitem WHERE IFNULL(l_linenumber, 1) = 1 AND l_quantity > 5',
    schema: exampleSchema,
    matches: 1,
    after: 'SELECT l_orderkey FROM lineitem WHERE l_linenumber = 1 AND l_quantity > 5',
  },
  // A decimal default makes an integer expression decimal (`/ 2` would stop truncating in PostgreSQL).
  {
    rule: 'coalesce-on-not-null',
    sql: 'SELECT l_orderkey FROM lineitem WHERE COALESCE(l_linenumber, 1.0) / 2 = 1',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 1,
  },
  {
    rule: 'coalesce-on-not-null',
    sql: "SELECT 1 FROM orders WHERE COALESCE(o_orderdate, '2000-01-01') > '1999-01-01'",
    schema: exampleSchema,
    matches: 1,
  },
  // A nullable column, the NULL-extended side of an outer join, the select list, no table structure.
  {
    rule: 'coalesce-on-not-null',
    sql: "SELECT 1 FROM orders WHERE COALESCE(o_clerk, 'x') = 'y'",
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'coalesce-on-not-null',
    sql: 'SELECT 1 FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE COALESCE(o.o_totalprice, 0) = 0',
    schema: exampleSchema,
    matches: 0,
  },
  {
    rule: 'coalesce-on-not-null',
    sql: 'SELECT COALESCE(o_totalprice, 0) FROM orders',
    schema: exampleSchema,
    matches: 0,
  },
  { rule: 'coalesce-on-not-null', sql: 'SELECT 1 FROM orders WHERE COALESCE(o_totalprice, 0) > 1', matches: 0 },
  // IFNULL is MySQL's; in PostgreSQL it would be a user function.
  {
    rule: 'coalesce-on-not-null',
    sql: 'SELECT 1 FROM lineitem WHERE IFNULL(l_linenumber, 1) = 1',
    dialect: 'postgresql',
    schema: exampleSchema,
    matches: 0,
  },
];
