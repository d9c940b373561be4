import { child, columnRef, functionArgs } from '../../../model/ast.ts';
import { isAggregate } from '../../../semantics/functions.ts';
import { resolveColumn } from '../../../semantics/scope.ts';
import { matchAt, walkWithKeys } from '../../match-helpers.ts';
import { allDialects, enclosingQuery, type Rule, type RuleMatch } from '../../rule.ts';

/** `COUNT(o_custkey)` on a nullable column counts non-NULL values, not rows. */
export const countNullableColumn: Rule = {
  id: 'count-nullable-column',
  category: 'Other',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT COUNT(o_clerk) FROM orders WHERE o_custkey = 7',
    good: 'SELECT COUNT(*) FROM orders WHERE o_custkey = 7',
  },
  rewrites: false,
  title: { zh: 'COUNT(可空列) 只统计非空值', en: 'COUNT(nullable column) counts only non-NULL values' },
  rationale: {
    zh: 'COUNT(列) 只统计该列不为 NULL 的行，而 COUNT(*) 统计所有行。对可为空的列使用 COUNT(列) 时，只要有空值，两者结果就不同。如果想统计行数，请使用 COUNT(*)（它也不必读取该列的值）；如果确实要统计非空值，可以保留，但最好加上注释说明意图。',
    en: 'COUNT(column) counts the rows where the column is not NULL; COUNT(*) counts rows. On a nullable column the two differ as soon as there is a NULL. To count rows use COUNT(*), which also need not read the column; if counting non-NULL values is the point, keep it, ideally with a comment saying so.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node, ancestors }) => {
      if (!isAggregate(node) || String(node.name).toUpperCase() !== 'COUNT') return;
      if (String(child(node, 'args')?.distinct ?? '').toUpperCase() === 'DISTINCT') return;
      const args = functionArgs(node);
      const ref = args.length === 1 ? columnRef(args[0]) : undefined;
      if (!ref || ref.column === '*') return;
      const resolved = resolveColumn(statement.ast, schema, enclosingQuery(ancestors), ref);
      if (!resolved?.column.nullable) return;
      const name = ref.table ? `${ref.table}.${ref.column}` : ref.column;
      matches.push(
        matchAt(
          node,
          {
            zh: `${resolved.table}.${resolved.column.name} 可以为 NULL，COUNT(${name}) 只统计非空值；如果要统计行数，请用 COUNT(*)。`,
            en: `${resolved.table}.${resolved.column.name} can be NULL, so COUNT(${name}) counts non-NULL values only; use COUNT(*) to count rows.`,
          },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
