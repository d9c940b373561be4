import { allDialects, type Rule } from '../../rule.ts';
import { pushdownMatches } from './predicates.ts';

/**
 * `SELECT ... FROM (SELECT a FROM t1 UNION ALL SELECT b FROM t2) u WHERE u.a > 5`: the union is built in
 * full, then filtered. Filtering each branch gives the same rows (a union keeps each branch's rows as
 * they are), but before they are combined, and each branch can use its own index. The outer column maps
 * by position to each branch's select item, which must be a plain column of a type the schema shows to
 * be the same in every branch: the condition compares values of the union's combined type, and a branch
 * of another type (an integer branch under a text union, CHAR under VARCHAR) may compare differently.
 */
export const predicatePushdownUnion: Rule = {
  id: 'predicate-pushdown-union',
  category: 'Execution Plan',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT u.k FROM (SELECT o_orderkey AS k FROM orders UNION ALL SELECT l_orderkey FROM lineitem) u WHERE u.k < 100',
    good: 'SELECT u.k FROM (SELECT o_orderkey AS k FROM orders WHERE o_orderkey < 100 UNION ALL SELECT l_orderkey FROM lineitem WHERE l_orderkey < 100) u',
  },
  rewrites: true,
  title: { zh: '把条件下推到 UNION 的每个分支', en: 'Push conditions into every UNION branch' },
  rationale: {
    zh: '外层 WHERE 中只涉及 UNION 派生表（或只引用一次的 CTE）列的条件，要等所有分支合并之后才过滤；把它按列位置换成每个分支自己的列、加到每个分支的 WHERE 中，结果相同，但在合并（以及 UNION 去重）之前就减少了行数，每个分支还能用上自己的索引。只有在结果不变时才自动改写：每个分支对应位置都是普通列，且表结构显示它们类型相同；分支没有 LIMIT/OFFSET、窗口函数、DISTINCT ON，有聚合时列必须是 GROUP BY 列；条件不含子查询和不确定函数；派生表不在外连接可为 NULL 的一侧。UNION（去重）、分组或 DISTINCT 时，条件还必须只用与字面量的比较。',
    en: "A condition in the outer WHERE that only reads columns of a UNION derived table (or of a CTE used once) filters only after all branches have been combined. Added to every branch's WHERE, with each branch's own column at that position, it gives the same rows but cuts them before they are combined (and de-duplicated, for UNION), and each branch can use its own index. It is rewritten only when that keeps the result: each branch has a plain column at that position and the table structure shows they share one type; no branch has LIMIT/OFFSET, a window function or DISTINCT ON, and aggregating branches group by the column; the condition has no subquery and no nondeterministic function; and the derived table is not on the NULL side of an outer join. Under UNION (without ALL), grouping or DISTINCT the condition must also only compare with literals.",
  },
  detect(context) {
    return pushdownMatches(context, 'union');
  },
};
