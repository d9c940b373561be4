import { isCorrelated, queryScopes } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { hasLimit } from './helpers.ts';

/**
 * `SELECT c.name, (SELECT COUNT(*) FROM orders o WHERE o.cust = c.id) FROM customer c`: a subquery in
 * the select list that reads the outer row runs once for every row returned (SubPlan in PostgreSQL,
 * DEPENDENT SUBQUERY in MySQL). With LIMIT on the outer query that is a handful of runs, so those are
 * left alone.
 */
export const correlatedSubqueryInSelect: Rule = {
  id: 'correlated-subquery-in-select',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT c.c_name, (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) AS order_count FROM customer c',
    good: 'SELECT c.c_name, COUNT(o.o_orderkey) AS order_count FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey GROUP BY c.c_custkey, c.c_name',
  },
  rewrites: false,
  title: { zh: 'SELECT 列表中的关联子查询', en: 'Correlated subquery in the select list' },
  rationale: {
    zh: 'SELECT 列表中引用外层表的子查询会对外层返回的每一行各执行一次（MySQL 的 DEPENDENT SUBQUERY、PostgreSQL 的 SubPlan），外层行数一多就非常慢。通常可以改写为 LEFT JOIN 一个按关联键分组的派生表，或直接 JOIN 后 GROUP BY，只扫描一次。',
    en: 'A select-list subquery that reads the outer row runs once for every row the outer query returns (DEPENDENT SUBQUERY in MySQL, SubPlan in PostgreSQL), which gets slow as the outer result grows. It can usually be rewritten as a LEFT JOIN to a derived table grouped by the correlation key, or a JOIN with GROUP BY, scanning once.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    for (const { query, outer, kind, keys } of queryScopes(statement.ast)) {
      if (kind !== 'expression' || keys[0] !== 'columns') continue;
      const parent = outer[outer.length - 1]!;
      if (hasLimit(parent) || !isCorrelated(statement.ast, schema, query)) continue;
      matches.push(
        matchAt(
          query,
          {
            zh: '这个子查询引用了外层查询的列，会对外层的每一行执行一次。',
            en: 'This subquery reads columns of the outer query and runs once per outer row.',
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};
