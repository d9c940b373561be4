import type { RuleCase } from '../../fixtures/case.ts';
import { exampleSchema } from '../../fixtures/schema.ts';

const schema = exampleSchema;

/** Positive and negative cases of this family's rules. */
export const pushdownCases: RuleCase[] = [
  // predicate-pushdown-derived
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT t.o_custkey, t.total FROM (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) t WHERE t.o_custkey = 42',
    schema,
    matches: 1,
    after:
      'SELECT t.o_custkey, t.total FROM (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders WHERE o_custkey = 42 GROUP BY o_custkey) t',
  },
  // Unqualified names of the only FROM entry; an OR condition keeps its parentheses.
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT k FROM (SELECT o_orderkey AS k, o_totalprice AS p FROM orders) d WHERE k < 50 OR p > 3',
    matches: 1,
    after:
      'SELECT k FROM (SELECT o_orderkey AS k, o_totalprice AS p FROM orders WHERE (o_orderkey < 50 OR o_totalprice > 3)) d',
  },
  // Both conditions move, the emptied WHERE goes, and the inner OR is parenthesized.
  {
    rule: 'predicate-pushdown-derived',
    sql: "SELECT d.k, d.p FROM (SELECT o_orderkey AS k, o_totalprice AS p FROM orders WHERE o_orderstatus = 'F' OR o_orderstatus = 'O') d WHERE d.p > 1000 AND d.k < 50",
    dialect: 'postgresql',
    matches: 2,
    after:
      "SELECT d.k, d.p FROM (SELECT o_orderkey AS k, o_totalprice AS p FROM orders WHERE (o_orderstatus = 'F' OR o_orderstatus = 'O') AND o_totalprice > 1000 AND o_orderkey < 50) d",
  },
  // A CTE read once; the condition on the joined table stays.
  {
    rule: 'predicate-pushdown-derived',
    sql: "WITH c AS (SELECT o_orderkey, o_custkey FROM orders) SELECT c.o_orderkey FROM c JOIN customer cu ON cu.c_custkey = c.o_custkey WHERE c.o_orderkey < 100 AND cu.c_name = 'x'",
    dialect: 'postgresql',
    matches: 1,
    after:
      "WITH c AS (SELECT o_orderkey, o_custkey FROM orders WHERE o_orderkey < 100) SELECT c.o_orderkey FROM c JOIN customer cu ON cu.c_custkey = c.o_custkey WHERE cu.c_name = 'x'",
  },
  // A CTE with a column list: the outer names map by position.
  {
    rule: 'predicate-pushdown-derived',
    sql: 'WITH c (k, p) AS (SELECT o_orderkey, o_totalprice FROM orders) SELECT c.k FROM c WHERE c.p >= 10',
    matches: 1,
    after: 'WITH c (k, p) AS (SELECT o_orderkey, o_totalprice FROM orders WHERE o_totalprice >= 10) SELECT c.k FROM c',
  },
  // DISTINCT: a comparison with a literal treats equal values alike; MySQL needs the column to be numeric.
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.c FROM (SELECT DISTINCT o_custkey AS c FROM orders) d WHERE d.c = 5',
    schema,
    matches: 1,
    after: 'SELECT d.c FROM (SELECT DISTINCT o_custkey AS c FROM orders WHERE o_custkey = 5) d',
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.c FROM (SELECT DISTINCT o_custkey AS c FROM orders) d WHERE d.c = 5',
    matches: 1,
    after: undefined,
  },
  // LIKE can tell apart values the grouping treats as equal ('a' and 'a ' under PAD SPACE): advice only.
  {
    rule: 'predicate-pushdown-derived',
    sql: "SELECT d.s, d.n FROM (SELECT o_orderstatus AS s, COUNT(*) AS n FROM orders GROUP BY o_orderstatus) d WHERE d.s LIKE 'F%'",
    matches: 1,
    after: undefined,
  },
  // PostgreSQL: a mixed-case inner column cannot be written back without knowing how it was quoted.
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.k FROM (SELECT "OrderKey" AS k FROM orders) d WHERE d.k = 1',
    dialect: 'postgresql',
    matches: 1,
    after: undefined,
  },
  // Positional parameters bind by their order in the text: a lone `?` may move, one among others may not.
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.k FROM (SELECT o_orderkey AS k FROM orders) d WHERE d.k < ?',
    matches: 1,
    after: 'SELECT d.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_orderkey < ?) d',
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_custkey = ?) d WHERE d.k < ?',
    matches: 1,
    after: undefined,
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_custkey = $1) d WHERE d.k < $2',
    dialect: 'postgresql',
    matches: 1,
    after: 'SELECT d.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_custkey = $1 AND o_orderkey < $2) d',
  },
  // The NULL side of an outer join: the outer WHERE also drops the padded rows.
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT n.n_name, d.k FROM nation n LEFT JOIN (SELECT o_orderkey AS k, o_custkey FROM orders) d ON d.o_custkey = n.n_nationkey WHERE d.k < 100',
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.k FROM (SELECT o_orderkey AS k FROM orders LIMIT 10) d WHERE d.k < 100',
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.k FROM (SELECT o_orderkey AS k, ROW_NUMBER() OVER (ORDER BY o_totalprice) AS r FROM orders) d WHERE d.k < 5',
    matches: 0,
  },
  // Not a plain column, an aggregate, a column of another table, a random value, a subquery.
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.t FROM (SELECT o_totalprice * 2 AS t FROM orders) d WHERE d.t > 5',
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT t.o_custkey FROM (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) t WHERE t.total > 100',
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.k FROM (SELECT o_orderkey AS k, o_custkey FROM orders) d JOIN customer c ON c.c_custkey = d.o_custkey WHERE d.k < c.c_nationkey',
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.k FROM (SELECT o_orderkey AS k FROM orders) d WHERE d.k < RAND()',
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.k FROM (SELECT o_orderkey AS k FROM orders) d WHERE d.k IN (SELECT l_orderkey FROM lineitem)',
    matches: 0,
  },
  // An aggregate without GROUP BY: one row whatever the filter.
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.m FROM (SELECT MAX(o_orderkey) AS m FROM orders) d WHERE d.m > 5',
    matches: 0,
  },
  // A CTE read twice, DISTINCT ON, and a UNION (the other rule's).
  {
    rule: 'predicate-pushdown-derived',
    sql: 'WITH c AS (SELECT o_orderkey FROM orders) SELECT a.o_orderkey FROM c a JOIN c b ON b.o_orderkey = a.o_orderkey WHERE a.o_orderkey < 5',
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT d.c FROM (SELECT DISTINCT ON (o_custkey) o_custkey AS c, o_orderkey FROM orders ORDER BY o_custkey, o_orderdate) d WHERE d.c = 5',
    dialect: 'postgresql',
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-derived',
    sql: 'SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) u WHERE u.k < 100',
    schema,
    matches: 0,
  },

  // predicate-pushdown-union
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) u WHERE u.k < 100',
    schema,
    matches: 1,
    after:
      'SELECT u.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_orderkey < 100 UNION ALL SELECT l_orderkey FROM lineitem WHERE l_orderkey < 100) u',
  },
  // UNION (distinct) and a grouped branch: comparisons with literals move, arithmetic stays.
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.k, u.c FROM (SELECT o_orderkey AS k, o_custkey AS c FROM orders WHERE o_totalprice > 5 UNION SELECT l_orderkey, l_partkey FROM lineitem GROUP BY l_orderkey, l_partkey UNION ALL SELECT c_custkey, c_nationkey FROM customer WHERE c_acctbal > 0 OR c_acctbal < -5) u WHERE u.k < 100 AND (u.c = 3 OR u.c IS NULL) AND u.k + 1 > 3',
    dialect: 'postgresql',
    schema,
    matches: 3,
    after:
      'SELECT u.k, u.c FROM (SELECT o_orderkey AS k, o_custkey AS c FROM orders WHERE o_totalprice > 5 AND o_orderkey < 100 AND (o_custkey = 3 OR o_custkey IS NULL) UNION SELECT l_orderkey, l_partkey FROM lineitem WHERE l_orderkey < 100 AND (l_partkey = 3 OR l_partkey IS NULL) GROUP BY l_orderkey, l_partkey UNION ALL SELECT c_custkey, c_nationkey FROM customer WHERE (c_acctbal > 0 OR c_acctbal < -5) AND c_custkey < 100 AND (c_nationkey = 3 OR c_nationkey IS NULL)) u WHERE u.k + 1 > 3',
  },
  // A CTE read once.
  {
    rule: 'predicate-pushdown-union',
    sql: 'WITH u AS (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) SELECT k FROM u WHERE k < 10',
    dialect: 'postgresql',
    schema,
    matches: 1,
    after:
      'WITH u AS (SELECT o_orderkey AS k FROM orders WHERE o_orderkey < 10 UNION ALL SELECT l_orderkey FROM lineitem WHERE l_orderkey < 10) SELECT k FROM u',
  },
  // Types: an INT branch and a DECIMAL branch, or no table structure at all.
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_quantity FROM lineitem) u WHERE u.k < 100',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) u WHERE u.k < 100',
    matches: 1,
    after: undefined,
  },
  // A `?` copied into every branch would bind more values than the statement has.
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) u WHERE u.k < ?',
    schema,
    matches: 1,
    after: undefined,
  },
  // A branch with its own LIMIT, an expression in a branch, INTERSECT, and a single query (the other rule's).
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.k FROM ((SELECT o_orderkey AS k FROM orders LIMIT 5) UNION ALL (SELECT l_orderkey FROM lineitem)) u WHERE u.k < 100',
    schema,
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey + 1 FROM lineitem) u WHERE u.k < 100',
    schema,
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT u.k FROM (SELECT o_orderkey AS k FROM orders INTERSECT SELECT l_orderkey FROM lineitem) u WHERE u.k < 100',
    dialect: 'postgresql',
    schema,
    matches: 0,
  },
  {
    rule: 'predicate-pushdown-union',
    sql: 'SELECT d.k FROM (SELECT o_orderkey AS k FROM orders) d WHERE d.k < 100',
    schema,
    matches: 0,
  },

  // or-to-union-all
  {
    rule: 'or-to-union-all',
    sql: 'SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey = 7 OR o_custkey = 42',
    schema,
    matches: 1,
    after:
      'SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey = 7 UNION ALL SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 42 AND (o_orderkey = 7) IS NOT TRUE',
  },
  // Sides on one column stay together; the other conditions go into both branches; ORDER BY by name and position.
  {
    rule: 'or-to-union-all',
    sql: "SELECT o_orderkey AS k, o_totalprice FROM orders o WHERE o.o_totalprice > 10 AND (o_orderkey IN (1, 2) OR o.o_custkey IS NULL OR o_orderkey BETWEEN 5 AND 6) AND (o_comment LIKE '%x%' OR o_clerk = 'a') ORDER BY k DESC, 2",
    dialect: 'postgresql',
    schema,
    matches: 1,
    after:
      "SELECT o_orderkey AS k, o_totalprice FROM orders o WHERE o.o_totalprice > 10 AND (o_comment LIKE '%x%' OR o_clerk = 'a') AND (o_orderkey IN (1, 2) OR o_orderkey BETWEEN 5 AND 6) UNION ALL SELECT o_orderkey AS k, o_totalprice FROM orders o WHERE o.o_totalprice > 10 AND (o_comment LIKE '%x%' OR o_clerk = 'a') AND o.o_custkey IS NULL AND (o_orderkey IN (1, 2) OR o_orderkey BETWEEN 5 AND 6) IS NOT TRUE ORDER BY k DESC, 2",
  },
  {
    rule: 'or-to-union-all',
    sql: "SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_shipdate >= '1998-01-01' OR l_orderkey < 100",
    schema,
    matches: 1,
    after:
      "SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_shipdate >= '1998-01-01' UNION ALL SELECT l_orderkey, l_linenumber FROM lineitem WHERE l_orderkey < 100 AND (l_shipdate >= '1998-01-01') IS NOT TRUE",
  },
  // Advice: a side without an index, LIMIT, no table structure, an ORDER BY on a non-output column,
  // a text column compared with a number (MySQL converts every value), a random value.
  {
    rule: 'or-to-union-all',
    sql: "SELECT o_orderkey FROM orders WHERE o_orderkey = 7 OR o_orderstatus = 'F'",
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'or-to-union-all',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey = 7 OR o_custkey = 42 ORDER BY o_orderkey LIMIT 5',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'or-to-union-all',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey = 7 OR o_custkey = 42',
    matches: 1,
    after: undefined,
  },
  {
    rule: 'or-to-union-all',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey = 7 OR o_custkey = 42 ORDER BY o_totalprice',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'or-to-union-all',
    sql: 'SELECT c_custkey FROM customer WHERE c_custkey = 7 OR c_name = 42',
    schema: `${schema}\nCREATE INDEX idx_customer_name ON customer (c_name);`,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'or-to-union-all',
    sql: 'SELECT o_orderkey FROM orders WHERE (o_orderkey = 7 OR o_custkey = 42) AND o_totalprice > RAND()',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'or-to-union-all',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey = ? OR o_custkey = ?',
    schema,
    matches: 1,
    after: undefined,
  },
  // Not this rule: one column only, a join, a side no index can serve.
  {
    rule: 'or-to-union-all',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey = 7 OR o_orderkey = 9',
    schema,
    matches: 0,
  },
  {
    rule: 'or-to-union-all',
    sql: 'SELECT o_orderkey FROM orders JOIN customer ON c_custkey = o_custkey WHERE o_orderkey = 7 OR c_custkey = 42',
    schema,
    matches: 0,
  },
  {
    rule: 'or-to-union-all',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey <> 7 OR o_custkey = 42',
    schema,
    matches: 0,
  },

  // limit-pushdown-union
  {
    rule: 'limit-pushdown-union',
    sql: "SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F' UNION ALL SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 42 AND (o_orderstatus = 'F') IS NOT TRUE ORDER BY o_orderkey DESC LIMIT 10",
    schema,
    matches: 1,
    after:
      "(SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F' ORDER BY o_orderkey DESC LIMIT 10) UNION ALL (SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 42 AND (o_orderstatus = 'F') IS NOT TRUE ORDER BY o_orderkey DESC LIMIT 10) ORDER BY o_orderkey DESC LIMIT 10",
  },
  // Parenthesized branches, disjoint ranges and an IS NULL, a position, an OFFSET: each branch keeps n + m rows.
  {
    rule: 'limit-pushdown-union',
    sql: '(SELECT o.o_orderkey AS k FROM orders o WHERE o.o_totalprice < 100) UNION ALL (SELECT o_orderkey FROM orders WHERE o_totalprice BETWEEN 100 AND 200) UNION ALL (SELECT o_orderkey FROM orders WHERE 200 < o_totalprice AND o_custkey IS NULL) ORDER BY 1 LIMIT 5 OFFSET 10',
    dialect: 'postgresql',
    schema,
    matches: 1,
    after:
      '(SELECT o.o_orderkey AS k FROM orders o WHERE o.o_totalprice < 100 ORDER BY o.o_orderkey LIMIT 15) UNION ALL (SELECT o_orderkey FROM orders WHERE o_totalprice BETWEEN 100 AND 200 ORDER BY o_orderkey LIMIT 15) UNION ALL (SELECT o_orderkey FROM orders WHERE 200 < o_totalprice AND o_custkey IS NULL ORDER BY o_orderkey LIMIT 15) ORDER BY 1 LIMIT 5 OFFSET 10',
  },
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = 1 UNION ALL SELECT o_orderkey FROM orders WHERE o_custkey = 2 ORDER BY o_orderkey LIMIT 10, 5',
    schema,
    matches: 1,
    after:
      '(SELECT o_orderkey FROM orders WHERE o_custkey = 1 ORDER BY o_orderkey LIMIT 15) UNION ALL (SELECT o_orderkey FROM orders WHERE o_custkey = 2 ORDER BY o_orderkey LIMIT 15) ORDER BY o_orderkey LIMIT 10, 5',
  },
  // Advice: overlapping branches, a key that repeats, two tables, no table structure.
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT o_orderkey FROM orders WHERE o_totalprice < 100 UNION ALL SELECT o_orderkey FROM orders WHERE o_totalprice <= 100 ORDER BY o_orderkey LIMIT 5',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT o_custkey FROM orders WHERE o_custkey IS NULL UNION ALL SELECT o_custkey FROM orders WHERE o_custkey > 3 ORDER BY o_custkey LIMIT 5',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT o_orderkey FROM orders WHERE o_orderkey < 5 UNION ALL SELECT l_orderkey FROM lineitem WHERE l_orderkey > 5 ORDER BY o_orderkey LIMIT 5',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = 1 UNION ALL SELECT o_orderkey FROM orders WHERE o_custkey = 2 ORDER BY o_orderkey LIMIT 5',
    matches: 1,
    after: undefined,
  },
  // Not this rule: no LIMIT, UNION without ALL, a single query.
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = 1 UNION ALL SELECT o_orderkey FROM orders WHERE o_custkey = 2 ORDER BY o_orderkey',
    schema,
    matches: 0,
  },
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = 1 UNION SELECT o_orderkey FROM orders WHERE o_custkey = 2 ORDER BY o_orderkey LIMIT 5',
    schema,
    matches: 0,
  },
  {
    rule: 'limit-pushdown-union',
    sql: 'SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 5',
    schema,
    matches: 0,
  },

  // offset-to-keyset
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey, o_totalprice FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 100000',
    schema,
    matches: 1,
    after:
      'SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey >= (SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 1 OFFSET 100000) ORDER BY o_orderkey LIMIT 20',
  },
  // The filters go into the subquery too; DESC compares with <=.
  {
    rule: 'offset-to-keyset',
    sql: "SELECT o_orderkey, o_totalprice FROM orders o WHERE o.o_totalprice > 5 OR o_orderstatus = 'F' ORDER BY o.o_orderkey DESC LIMIT 20 OFFSET 1500",
    dialect: 'postgresql',
    schema,
    matches: 1,
    after:
      "SELECT o_orderkey, o_totalprice FROM orders o WHERE (o.o_totalprice > 5 OR o_orderstatus = 'F') AND o.o_orderkey <= (SELECT o.o_orderkey FROM orders o WHERE o.o_totalprice > 5 OR o_orderstatus = 'F' ORDER BY o.o_orderkey DESC LIMIT 1 OFFSET 1500) ORDER BY o.o_orderkey DESC LIMIT 20",
  },
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT p_partkey, p_name FROM part WHERE p_size = 7 ORDER BY p_partkey ASC LIMIT 1001, 20',
    schema,
    matches: 1,
    after:
      'SELECT p_partkey, p_name FROM part WHERE p_size = 7 AND p_partkey >= (SELECT p_partkey FROM part WHERE p_size = 7 ORDER BY p_partkey ASC LIMIT 1 OFFSET 1001) ORDER BY p_partkey ASC LIMIT 20',
  },
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey FROM orders ORDER BY o_orderkey NULLS LAST LIMIT 5 OFFSET 2000',
    dialect: 'postgresql',
    schema,
    matches: 1,
    after:
      'SELECT o_orderkey FROM orders WHERE o_orderkey >= (SELECT o_orderkey FROM orders ORDER BY o_orderkey NULLS LAST LIMIT 1 OFFSET 2000) ORDER BY o_orderkey NULLS LAST LIMIT 5',
  },
  // Advice: a key that may repeat or be NULL, no table structure, an alias that hides the key, grouping.
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey FROM orders ORDER BY o_custkey LIMIT 20 OFFSET 100000',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 100000',
    matches: 1,
    after: undefined,
  },
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_totalprice AS o_orderkey FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 5000',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey, COUNT(*) FROM orders GROUP BY o_orderkey ORDER BY o_orderkey LIMIT 20 OFFSET 5000',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = ? ORDER BY o_orderkey LIMIT 20 OFFSET 5000',
    schema,
    matches: 1,
    after: undefined,
  },
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = $1 ORDER BY o_orderkey LIMIT $2 OFFSET 5000',
    dialect: 'postgresql',
    schema,
    matches: 1,
    after:
      'SELECT o_orderkey FROM orders WHERE o_custkey = $1 AND o_orderkey >= (SELECT o_orderkey FROM orders WHERE o_custkey = $1 ORDER BY o_orderkey LIMIT 1 OFFSET 5000) ORDER BY o_orderkey LIMIT $2',
  },
  // Not this rule: an offset at the threshold, a join, two sort keys.
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 1000',
    schema,
    matches: 0,
  },
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey FROM orders JOIN customer ON c_custkey = o_custkey ORDER BY o_orderkey LIMIT 20 OFFSET 5000',
    schema,
    matches: 0,
  },
  {
    rule: 'offset-to-keyset',
    sql: 'SELECT o_orderkey FROM orders ORDER BY o_orderdate, o_orderkey LIMIT 20 OFFSET 5000',
    schema,
    matches: 0,
  },
];
