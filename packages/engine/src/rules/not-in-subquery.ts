import { child, children, columnRef, subqueryOf } from '../model/ast.ts';
import { matchAt, walkWithKeys } from './match-helpers.ts';
import { allDialects, type Rule, type RuleMatch, resolveColumn } from './rule.ts';

/**
 * `x NOT IN (SELECT y ...)` returns no rows at all once one y is NULL, and planners handle it worse
 * than NOT EXISTS. Rewriting it to NOT EXISTS is only equivalent when y cannot be NULL, so this rule
 * reports and explains; it does not rewrite.
 */
export const notInSubquery: Rule = {
  id: 'not-in-subquery',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT c_name FROM customer WHERE c_custkey NOT IN (SELECT o_custkey FROM orders)',
    good: 'SELECT c_name FROM customer c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey)',
  },
  rewrites: false,
  title: { zh: 'NOT IN 子查询', en: 'NOT IN with a subquery' },
  rationale: {
    zh: '子查询结果中只要有一个 NULL，NOT IN 就不返回任何行；优化器对 NOT IN 的处理也通常不如 NOT EXISTS（反连接）。',
    en: 'A single NULL in the subquery makes NOT IN return no rows, and optimizers usually plan NOT IN worse than NOT EXISTS (an anti-join).',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node }) => {
      if (node.type !== 'binary_expr' || String(node.operator).toUpperCase() !== 'NOT IN') return;
      const subquery = subqueryOf(child(node, 'right'));
      if (!subquery) return;
      const selected = columnRef(child(children(subquery, 'columns')[0] ?? {}, 'expr'));
      const resolved = selected ? resolveColumn(schema, subquery, selected) : undefined;
      const nullable = resolved ? resolved.column.nullable : undefined;
      matches.push(
        matchAt(node, {
          zh:
            nullable === false
              ? `子查询列 ${selected?.column} 非空，可以安全地改写为 NOT EXISTS。`
              : '子查询列可能为 NULL：改写为 NOT EXISTS 之前请确认语义，或在子查询中排除 NULL。',
          en:
            nullable === false
              ? `The subquery column ${selected?.column} is NOT NULL, so NOT EXISTS is a safe replacement.`
              : 'The subquery column may be NULL: check the meaning before switching to NOT EXISTS, or filter NULLs out in the subquery.',
        }),
      );
    });
    return matches;
  },
};
