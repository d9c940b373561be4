import type { RuleCase } from '../../fixtures/case.ts';
import { exampleSchema as schema } from '../../fixtures/schema.ts';

/** Tables with a unique text key and float columns, for the preconditions TPC-H does not exercise. */
const extraSchema = `${schema}
CREATE TABLE account (acct_id INT NOT NULL PRIMARY KEY, code VARCHAR(20) NOT NULL, owner_code VARCHAR(20), score DOUBLE, UNIQUE (code));
CREATE TABLE reading (reading_id INT NOT NULL PRIMARY KEY, acct_id INT NOT NULL, amount DOUBLE, units INT);
`;

/** MySQL text keys whose collations the structure shows (as SHOW CREATE TABLE prints them). */
const collatedSchema = `
CREATE TABLE member (id INT NOT NULL PRIMARY KEY, code VARCHAR(20) NOT NULL, UNIQUE KEY uk_code (code)) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
CREATE TABLE visit (id INT NOT NULL PRIMARY KEY, member_code VARCHAR(20), raw_code VARCHAR(20) COLLATE utf8mb4_bin, latin_code VARCHAR(20) CHARACTER SET latin1) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
`;

/** Positive and negative cases of this family's rules. */
export const subqueriesCases: RuleCase[] = [
  // exists-to-in
  {
    rule: 'exists-to-in',
    sql: "SELECT c_name FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F') AND c.c_acctbal > 0",
    schema,
    matches: 1,
    after:
      "SELECT c_name FROM customer c WHERE c.c_custkey IN (SELECT o.o_custkey FROM orders o WHERE o.o_orderstatus = 'F') AND c.c_acctbal > 0",
  },
  {
    // The only condition is the tie: the WHERE goes; unqualified columns are placed with the schema.
    rule: 'exists-to-in',
    sql: 'SELECT c_name FROM customer c WHERE EXISTS (SELECT * FROM orders WHERE c.c_custkey = o_custkey)',
    dialect: 'postgresql',
    schema,
    matches: 1,
    after: 'SELECT c_name FROM customer c WHERE c.c_custkey IN (SELECT o_custkey FROM orders)',
  },
  {
    // Qualified columns need no schema.
    rule: 'exists-to-in',
    sql: 'SELECT a.id FROM a WHERE a.flag = 1 AND EXISTS (SELECT 1 FROM b WHERE b.x > 2 AND b.a_id = a.id AND b.y < 3)',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT a.id FROM a WHERE a.flag = 1 AND a.id IN (SELECT b.a_id FROM b WHERE b.x > 2 AND b.y < 3)',
  },
  {
    // Unqualified columns without the schema: cannot tell which table they belong to.
    rule: 'exists-to-in',
    sql: 'SELECT a.id FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.a_id = a.id AND y < 3)',
    matches: 1,
    after: undefined,
  },
  {
    // NOT EXISTS is never NOT IN; an EXISTS under OR is not a conjunct of WHERE.
    rule: 'exists-to-in',
    sql: 'SELECT c_name FROM customer c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey) OR EXISTS (SELECT 1 FROM nation n WHERE n.n_nationkey = c.c_nationkey)',
    schema,
    matches: 0,
  },
  {
    // Two ties, an aggregate (always one row), or a correlation that is not an equality: not this shape.
    rule: 'exists-to-in',
    sql: 'SELECT 1 FROM partsupp ps WHERE EXISTS (SELECT 1 FROM lineitem l WHERE l.l_partkey = ps.ps_partkey AND l.l_suppkey = ps.ps_suppkey) AND EXISTS (SELECT MAX(l_quantity) FROM lineitem l WHERE l.l_partkey = ps.ps_partkey) AND EXISTS (SELECT 1 FROM lineitem l WHERE l.l_quantity > ps.ps_availqty)',
    schema,
    matches: 0,
  },
  {
    // An uncorrelated EXISTS, and one cut by LIMIT.
    rule: 'exists-to-in',
    sql: 'SELECT 1 FROM customer c WHERE EXISTS (SELECT 1 FROM nation) AND EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey LIMIT 1)',
    schema,
    matches: 0,
  },

  // in-subquery-to-join
  {
    rule: 'in-subquery-to-join',
    sql: 'SELECT o.o_orderkey, o.o_totalprice FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer WHERE c_nationkey = 3)',
    schema,
    matches: 1,
    after:
      'SELECT o.o_orderkey, o.o_totalprice FROM orders o JOIN customer AS sq ON sq.c_custkey = o.o_custkey AND (sq.c_nationkey = 3)',
  },
  {
    // Other conditions stay in WHERE; the subquery's alias becomes the fresh one; an OR stays together.
    rule: 'in-subquery-to-join',
    sql: "SELECT o.o_orderkey FROM orders o WHERE o.o_orderstatus = 'F' AND o.o_custkey IN (SELECT c.c_custkey FROM customer c WHERE c.c_nationkey = 3 OR c_acctbal > 100) ORDER BY o.o_orderkey",
    dialect: 'postgresql',
    schema,
    matches: 1,
    after:
      "SELECT o.o_orderkey FROM orders o JOIN customer AS sq ON sq.c_custkey = o.o_custkey AND (sq.c_nationkey = 3 OR sq.c_acctbal > 100) WHERE o.o_orderstatus = 'F' ORDER BY o.o_orderkey",
  },
  {
    // A composite key completed by a constant; a comma FROM list whose last group holds the column.
    rule: 'in-subquery-to-join',
    sql: 'SELECT l.l_orderkey FROM orders o, lineitem l WHERE l.l_orderkey = o.o_orderkey AND l.l_suppkey IN (SELECT ps_suppkey FROM partsupp WHERE ps_partkey = 7)',
    schema,
    matches: 1,
    after:
      'SELECT l.l_orderkey FROM orders o, lineitem l JOIN partsupp AS sq ON sq.ps_suppkey = l.l_suppkey AND (sq.ps_partkey = 7) WHERE l.l_orderkey = o.o_orderkey',
  },
  {
    // Two INs of one query become two joins; the other's unqualified names stay inside its own subquery.
    rule: 'in-subquery-to-join',
    sql: "SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer) AND o.o_shippriority IN (SELECT n_nationkey FROM nation WHERE n_name LIKE 'A%')",
    schema,
    matches: 2,
    after:
      "SELECT o.o_orderkey FROM orders o JOIN customer AS sq ON sq.c_custkey = o.o_custkey JOIN nation AS sq2 ON sq2.n_nationkey = o.o_shippriority AND (sq2.n_name LIKE 'A%')",
  },
  {
    // Not a key: a join would repeat orders.
    rule: 'in-subquery-to-join',
    sql: 'SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders)',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    // No schema: uniqueness cannot be shown.
    rule: 'in-subquery-to-join',
    sql: 'SELECT a.id FROM a WHERE a.b_id IN (SELECT id FROM b)',
    dialect: 'postgresql',
    matches: 1,
    after: undefined,
  },
  {
    // SELECT * (which select-star cannot expand: audit_log is unknown) would gain customer's columns; an
    // unqualified name the joined table also has would become ambiguous.
    rule: 'in-subquery-to-join',
    sql: 'SELECT * FROM orders o JOIN audit_log g ON g.order_id = o.o_orderkey WHERE o.o_custkey IN (SELECT c_custkey FROM customer)',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'in-subquery-to-join',
    sql: 'SELECT n.n_name FROM nation n WHERE n.n_nationkey IN (SELECT s_nationkey FROM supplier) AND n.n_regionkey IN (SELECT r_regionkey FROM region WHERE r_name = n_name)',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'in-subquery-to-join',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey IN (SELECT o_orderkey FROM orders WHERE o_totalprice > 100)',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'in-subquery-to-join',
    sql: 'SELECT c.c_name FROM customer c WHERE c.c_name IN (SELECT c_custkey FROM customer) OR c.c_custkey IN (SELECT o_orderkey FROM orders)',
    schema,
    matches: 0,
  },
  {
    // A MySQL text key compared under an unknown collation could match several rows: advice only.
    rule: 'in-subquery-to-join',
    sql: 'SELECT a.acct_id FROM account a WHERE a.owner_code IN (SELECT code FROM account)',
    schema: extraSchema,
    matches: 1,
    after: undefined,
  },
  {
    // The same collation on both sides (the tables' COLLATE=): = compares as the unique index does.
    rule: 'in-subquery-to-join',
    sql: 'SELECT v.id FROM visit v WHERE v.member_code IN (SELECT code FROM member)',
    schema: collatedSchema,
    matches: 1,
    after: 'SELECT v.id FROM visit v JOIN member AS sq ON sq.code = v.member_code',
  },
  {
    // A column of another collation, or of a character set whose default collation the structure does not name.
    rule: 'in-subquery-to-join',
    sql: 'SELECT v.id FROM visit v WHERE v.raw_code IN (SELECT code FROM member) AND v.latin_code IN (SELECT m.code FROM member m)',
    schema: collatedSchema,
    matches: 2,
    after: undefined,
  },
  {
    rule: 'in-subquery-to-join',
    sql: 'SELECT a.acct_id FROM account a WHERE a.owner_code IN (SELECT b.code FROM account b)',
    dialect: 'postgresql',
    schema: extraSchema,
    matches: 1,
    after: 'SELECT a.acct_id FROM account a JOIN account AS sq ON sq.code = a.owner_code',
  },
  {
    // LIMIT on the outer query, and a correlated IN (not this rule's).
    rule: 'in-subquery-to-join',
    sql: 'SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer) ORDER BY o.o_totalprice LIMIT 5',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'in-subquery-to-join',
    sql: 'SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c.c_custkey FROM customer c WHERE c.c_nationkey = o.o_shippriority)',
    schema,
    matches: 0,
  },
  {
    // The LIMIT of a UNION hangs on its last branch but cuts the rows of every branch.
    rule: 'in-subquery-to-join',
    sql: 'SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer) UNION SELECT n.n_nationkey FROM nation n ORDER BY 1 LIMIT 3',
    schema,
    matches: 1,
    after: undefined,
  },

  // scalar-subquery-to-join
  {
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT c.c_name, (SELECT SUM(o.o_totalprice) FROM orders o WHERE o.o_custkey = c.c_custkey) AS total FROM customer c',
    schema,
    matches: 1,
    after:
      'SELECT c.c_name, sq.sq_value AS total FROM customer c LEFT JOIN (SELECT o.o_custkey AS sq_o_custkey, SUM(o.o_totalprice) AS sq_value FROM orders o GROUP BY o.o_custkey) AS sq ON sq.sq_o_custkey = c.c_custkey',
  },
  {
    // COUNT gives 0 for no rows; a lookup by primary key becomes a plain LEFT JOIN.
    rule: 'scalar-subquery-to-join',
    sql: "SELECT c.c_name, (SELECT count(*) FROM orders o WHERE o.o_custkey = c.c_custkey AND o.o_orderstatus = 'F') AS n, (SELECT n_name FROM nation WHERE n_nationkey = c.c_nationkey) AS nation_name FROM customer c ORDER BY n DESC",
    dialect: 'postgresql',
    schema,
    matches: 2,
    after:
      "SELECT c.c_name, COALESCE(sq.sq_value, 0) AS n, sq2.n_name AS nation_name FROM customer c LEFT JOIN (SELECT o.o_custkey AS sq_o_custkey, count(*) AS sq_value FROM orders o WHERE o.o_orderstatus = 'F' GROUP BY o.o_custkey) AS sq ON sq.sq_o_custkey = c.c_custkey LEFT JOIN nation AS sq2 ON sq2.n_nationkey = c.c_nationkey ORDER BY n DESC",
  },
  {
    // A composite key covered by two ties; arithmetic on MAX stays NULL for no rows.
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT l.l_orderkey, (SELECT ps.ps_availqty FROM partsupp ps WHERE ps.ps_partkey = l.l_partkey AND ps.ps_suppkey = l.l_suppkey) AS qty FROM lineitem l',
    schema,
    matches: 1,
    after:
      'SELECT l.l_orderkey, sq.ps_availqty AS qty FROM lineitem l LEFT JOIN partsupp AS sq ON sq.ps_partkey = l.l_partkey AND sq.ps_suppkey = l.l_suppkey',
  },
  {
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT p.p_partkey, (SELECT MAX(l.l_quantity) * 2 FROM lineitem l WHERE l.l_partkey = p.p_partkey) AS top FROM part p',
    dialect: 'postgresql',
    schema,
    matches: 1,
    after:
      'SELECT p.p_partkey, sq.sq_value AS top FROM part p LEFT JOIN (SELECT l.l_partkey AS sq_l_partkey, MAX(l.l_quantity) * 2 AS sq_value FROM lineitem l GROUP BY l.l_partkey) AS sq ON sq.sq_l_partkey = p.p_partkey',
  },
  {
    // No alias: the output name would change.
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT c.c_name, (SELECT SUM(o.o_totalprice) FROM orders o WHERE o.o_custkey = c.c_custkey) FROM customer c',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    // The outer query groups; a lookup by a column that is not a key; a float sum.
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT c.c_mktsegment, COUNT(*), (SELECT MAX(n.n_name) FROM nation n WHERE n.n_nationkey = c.c_nationkey) AS nation_name FROM customer c GROUP BY c.c_mktsegment, c.c_nationkey',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT c.c_name, (SELECT o.o_orderdate FROM orders o WHERE o.o_custkey = c.c_custkey) AS last_order FROM customer c',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT a.acct_id, (SELECT SUM(r.amount) FROM reading r WHERE r.acct_id = a.acct_id) AS total, (SELECT SUM(r.units) FROM reading r WHERE r.acct_id = a.acct_id) AS units FROM account a',
    schema: extraSchema,
    matches: 2,
    after:
      'SELECT a.acct_id, (SELECT SUM(r.amount) FROM reading r WHERE r.acct_id = a.acct_id) AS total, sq.sq_value AS units FROM account a LEFT JOIN (SELECT r.acct_id AS sq_acct_id, SUM(r.units) AS sq_value FROM reading r GROUP BY r.acct_id) AS sq ON sq.sq_acct_id = a.acct_id',
  },
  {
    // Uncorrelated, or tied by something else than an equality: not decorrelated here.
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT c.c_name, (SELECT MAX(o_totalprice) FROM orders) AS top, (SELECT MIN(o.o_totalprice) FROM orders o WHERE o.o_custkey > c.c_custkey) AS low FROM customer c',
    schema,
    matches: 0,
  },
  {
    // An outer column inside the aggregate would not be visible in a derived table.
    rule: 'scalar-subquery-to-join',
    sql: 'SELECT c.c_name, (SELECT SUM(o.o_totalprice - c.c_acctbal) FROM orders o WHERE o.o_custkey = c.c_custkey) AS gap FROM customer c',
    schema,
    matches: 0,
  },

  // scalar-subquery-in-where-to-join
  {
    rule: 'scalar-subquery-in-where-to-join',
    sql: 'SELECT o.o_orderkey FROM orders o WHERE o.o_totalprice > (SELECT AVG(o2.o_totalprice) FROM orders o2 WHERE o2.o_custkey = o.o_custkey)',
    schema,
    matches: 1,
    after:
      'SELECT o.o_orderkey FROM orders o LEFT JOIN (SELECT o2.o_custkey AS sq_o_custkey, AVG(o2.o_totalprice) AS sq_value FROM orders o2 GROUP BY o2.o_custkey) AS sq ON sq.sq_o_custkey = o.o_custkey WHERE o.o_totalprice > sq.sq_value',
  },
  {
    // TPC-H Q17: comma FROM list (the tie's column is in its last group), an outer aggregate.
    rule: 'scalar-subquery-in-where-to-join',
    sql: "SELECT sum(l_extendedprice) / 7.0 AS avg_yearly FROM lineitem, part WHERE p_partkey = l_partkey AND p_brand = 'Brand#23' AND l_quantity < (SELECT 0.2 * avg(l_quantity) FROM lineitem WHERE l_partkey = p_partkey)",
    dialect: 'postgresql',
    schema,
    matches: 1,
    after:
      "SELECT sum(l_extendedprice) / 7.0 AS avg_yearly FROM lineitem, part LEFT JOIN (SELECT l_partkey AS sq_l_partkey, 0.2 * avg(l_quantity) AS sq_value FROM lineitem GROUP BY l_partkey) AS sq ON sq.sq_l_partkey = p_partkey WHERE p_partkey = l_partkey AND p_brand = 'Brand#23' AND l_quantity < sq.sq_value",
  },
  {
    // COUNT under OR; a lookup by primary key.
    rule: 'scalar-subquery-in-where-to-join',
    sql: "SELECT c.c_custkey FROM customer c WHERE (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) < 3 OR (SELECT n.n_name FROM nation n WHERE n.n_nationkey = c.c_nationkey) = 'FRANCE'",
    schema,
    matches: 2,
    after:
      "SELECT c.c_custkey FROM customer c LEFT JOIN (SELECT o.o_custkey AS sq_o_custkey, COUNT(*) AS sq_value FROM orders o GROUP BY o.o_custkey) AS sq ON sq.sq_o_custkey = c.c_custkey LEFT JOIN nation AS sq2 ON sq2.n_nationkey = c.c_nationkey WHERE COALESCE(sq.sq_value, 0) < 3 OR sq2.n_name = 'FRANCE'",
  },
  {
    // The tie's column is in an earlier comma group than the last: a JOIN's ON could not see it.
    rule: 'scalar-subquery-in-where-to-join',
    sql: 'SELECT 1 FROM part, supplier WHERE p_size < (SELECT MAX(l_quantity) FROM lineitem WHERE l_partkey = p_partkey)',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    // Float sums, and the type of the tie cannot be read without the schema.
    rule: 'scalar-subquery-in-where-to-join',
    sql: 'SELECT a.acct_id FROM account a WHERE a.score > (SELECT SUM(r.amount) FROM reading r WHERE r.acct_id = a.acct_id)',
    schema: extraSchema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'scalar-subquery-in-where-to-join',
    sql: 'SELECT a.id FROM a WHERE a.v > (SELECT SUM(b.v) FROM b WHERE b.a_id = a.id)',
    dialect: 'postgresql',
    matches: 1,
    after: undefined,
  },
  {
    // IN and EXISTS subqueries are not scalar; an uncorrelated scalar subquery is computed once anyway.
    rule: 'scalar-subquery-in-where-to-join',
    sql: 'SELECT o.o_orderkey FROM orders o WHERE o.o_custkey IN (SELECT c_custkey FROM customer) AND o.o_totalprice > (SELECT AVG(o_totalprice) FROM orders)',
    schema,
    matches: 0,
  },

  // left-join-elimination
  {
    rule: 'left-join-elimination',
    sql: 'SELECT o.o_orderkey, o.o_totalprice FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey',
    schema,
    matches: 1,
    after: 'SELECT o.o_orderkey, o.o_totalprice FROM orders o',
  },
  {
    // Extra ON conditions only reduce matches; later joins and clauses stay.
    rule: 'left-join-elimination',
    sql: 'SELECT o.o_orderkey, n.n_name FROM orders o LEFT OUTER JOIN customer c ON c.c_custkey = o.o_custkey AND c.c_acctbal > 0 JOIN nation n ON n.n_nationkey = 3 WHERE o.o_totalprice > 10 ORDER BY o.o_orderkey',
    dialect: 'postgresql',
    schema,
    matches: 1,
    after:
      'SELECT o.o_orderkey, n.n_name FROM orders o JOIN nation n ON n.n_nationkey = 3 WHERE o.o_totalprice > 10 ORDER BY o.o_orderkey',
  },
  {
    // A composite key bound by a column and a constant; unqualified columns placed with the schema.
    rule: 'left-join-elimination',
    sql: 'SELECT o_orderkey, o_orderdate FROM orders LEFT JOIN lineitem ON l_orderkey = o_orderkey AND l_linenumber = 1 GROUP BY o_orderkey, o_orderdate',
    schema,
    matches: 1,
    after: 'SELECT o_orderkey, o_orderdate FROM orders GROUP BY o_orderkey, o_orderdate',
  },
  {
    // Not a key: the join repeats orders once per line item.
    rule: 'left-join-elimination',
    sql: 'SELECT o.o_orderkey FROM orders o LEFT JOIN lineitem l ON l.l_orderkey = o.o_orderkey',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'left-join-elimination',
    sql: 'SELECT a.id FROM a LEFT JOIN b ON b.id = a.b_id',
    matches: 1,
    after: undefined,
  },
  {
    // The joined table is read: in the select list, in WHERE, by `*`, in a later ON, in a subquery.
    rule: 'left-join-elimination',
    sql: 'SELECT o.o_orderkey, c.c_name FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey',
    schema,
    matches: 0,
  },
  {
    rule: 'left-join-elimination',
    sql: 'SELECT o.o_orderkey FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey WHERE c.c_custkey IS NULL',
    schema,
    matches: 0,
  },
  {
    rule: 'left-join-elimination',
    sql: 'SELECT * FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey',
    schema,
    matches: 0,
  },
  {
    rule: 'left-join-elimination',
    sql: 'SELECT o.o_orderkey FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey LEFT JOIN nation n ON n.n_nationkey = c.c_nationkey WHERE n.n_name IS NULL',
    schema,
    matches: 0,
  },
  {
    rule: 'left-join-elimination',
    sql: 'SELECT o.o_orderkey, (SELECT MAX(n_name) FROM nation WHERE n_nationkey = c_nationkey) AS n FROM orders o LEFT JOIN customer c ON c.c_custkey = o.o_custkey',
    dialect: 'postgresql',
    schema,
    matches: 0,
  },
  {
    // The key compared with a value of another type (MySQL compares text with a number as doubles).
    rule: 'left-join-elimination',
    sql: 'SELECT r.reading_id FROM reading r LEFT JOIN account a ON a.code = r.acct_id',
    schema: extraSchema,
    matches: 1,
    after: undefined,
  },
];
