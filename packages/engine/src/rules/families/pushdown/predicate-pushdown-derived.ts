import { allDialects, type Rule } from '../../rule.ts';
import { pushdownMatches } from './predicates.ts';

/**
 * `SELECT ... FROM (SELECT ...) d WHERE d.x = 5`: a condition on a derived table's columns, applied only
 * after the derived query produced every row. Moved into that query's WHERE (see predicates.ts for when
 * this keeps the result), it filters before the rows are materialized, joined or grouped, and can use an
 * index of the underlying table. The same holds for a CTE read once.
 */
export const predicatePushdownDerived: Rule = {
  id: 'predicate-pushdown-derived',
  category: 'Execution Plan',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT t.o_custkey, t.total FROM (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) t WHERE t.o_custkey = 42',
    good: 'SELECT t.o_custkey, t.total FROM (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders WHERE o_custkey = 42 GROUP BY o_custkey) t',
  },
  rewrites: true,
  title: { zh: '把条件下推到派生表内部', en: 'Push conditions into derived tables' },
  rationale: {
    zh: '外层 WHERE 中只涉及派生表（或只引用一次的 CTE）列的条件，要等派生查询产出全部行之后才过滤；把它移到派生查询的 WHERE 中（换成内层的列名），可以在物化、连接或分组之前就减少行数，并利用底层表的索引。MySQL 5.7 及更早版本、被物化的派生表和 CTE 尤其受益。只有在结果不变时才自动改写：每个列都对应内层查询的普通列；内层没有 LIMIT/OFFSET、窗口函数、DISTINCT ON，有聚合时列必须是 GROUP BY 列；条件不含子查询和 RAND()/NOW() 等不确定函数；派生表不在外连接可为 NULL 的一侧。分组或去重时，条件还必须只用与字面量的比较（不能区分分组视为相等的值）。',
    en: "A condition in the outer WHERE that only reads columns of a derived table (or of a CTE used once) filters only after the derived query has produced every row. Moved into that query's WHERE (with the inner column names), it cuts rows before they are materialized, joined or grouped, and can use an index of the underlying table; MySQL 5.7 and older, and materialized derived tables and CTEs, gain the most. It is rewritten only when that keeps the result: every column maps to a plain column of the inner query; the inner query has no LIMIT/OFFSET, window function or DISTINCT ON, and when it aggregates the columns are GROUP BY columns; the condition has no subquery and no nondeterministic function (RAND(), NOW()...); and the derived table is not on the NULL side of an outer join. Under grouping or DISTINCT the condition must also only compare with literals, so it cannot tell apart values the grouping treats as equal.",
  },
  detect(context) {
    return pushdownMatches(context, 'single');
  },
};
