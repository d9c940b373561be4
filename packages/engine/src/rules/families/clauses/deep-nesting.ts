import { type AstNode, isNode } from '../../../model/ast.ts';
import { isSelect } from '../../../model/nodes.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule } from '../../rule.ts';

/** Subqueries nested deeper than this are hard to read and to plan. */
export const MAX_NESTING = 3;

/** A subquery inside a subquery inside a subquery inside a subquery... */
export const deepNesting: Rule = {
  id: 'deep-nesting',
  category: 'SQL Complexity',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT c_name FROM customer WHERE c_nationkey IN (SELECT n_nationkey FROM nation WHERE n_regionkey IN (SELECT r_regionkey FROM region WHERE r_regionkey IN (SELECT s_nationkey FROM supplier WHERE s_suppkey IN (SELECT ps_suppkey FROM partsupp WHERE ps_availqty > 10))))',
    good: "SELECT c.c_name FROM customer c JOIN nation n ON n.n_nationkey = c.c_nationkey JOIN region r ON r.r_regionkey = n.n_regionkey WHERE r.r_name = 'ASIA'",
  },
  rewrites: false,
  title: { zh: '子查询嵌套过深', en: 'Subqueries nested too deeply' },
  rationale: {
    zh: `子查询嵌套超过 ${MAX_NESTING} 层时，语句难以阅读和维护，优化器也更难把它们展开为连接：未能展开的子查询可能按外层行逐行执行，代价成倍增长。请改写为连接，或用 CTE（WITH）把各层拆开命名。`,
    en: `Past ${MAX_NESTING} levels of nested subqueries a statement is hard to read and maintain, and the optimizer has a harder time flattening them into joins; a subquery it cannot flatten may run once per outer row, multiplying the cost. Rewrite as joins, or name each level with a CTE (WITH).`,
  },
  detect({ statement }) {
    let deepest: { node: AstNode; depth: number } | undefined;
    // Depth counts subqueries within subqueries; UNION branches and CTE bodies do not add a level.
    const visit = (value: unknown, depth: number, key: string): void => {
      if (Array.isArray(value)) {
        for (const v of value) visit(v, depth, key);
        return;
      }
      if (!isNode(value)) return;
      let level = depth;
      if (isSelect(value) && key !== '' && key !== '_next' && key !== 'stmt') {
        level = depth + 1;
        if (level > MAX_NESTING && (!deepest || level > deepest.depth)) deepest = { node: value, depth: level };
      }
      for (const [k, inner] of Object.entries(value)) if (k !== 'loc') visit(inner, level, k === 'ast' ? key : k);
    };
    visit(statement.ast, 0, '');
    if (!deepest) return [];
    return [
      matchAt(
        deepest.node,
        {
          zh: `子查询嵌套了 ${deepest.depth} 层，超过 ${MAX_NESTING} 层；请考虑改写为连接或 CTE。`,
          en: `Subqueries are nested ${deepest.depth} levels deep, more than ${MAX_NESTING}; consider joins or CTEs.`,
        },
        statement.text,
      ),
    ];
  },
};
