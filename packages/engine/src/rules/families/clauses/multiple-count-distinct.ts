import { type AstNode, child, children } from '../../../model/ast.ts';
import { expressionKey } from '../../../semantics/equality.ts';
import { isAggregate } from '../../../semantics/functions.ts';
import { selectQueries } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { visitExpression } from './helpers.ts';

/** `COUNT(DISTINCT a), COUNT(DISTINCT b)`: each distinct aggregate de-duplicates the input on its own. */
export const multipleCountDistinct: Rule = {
  id: 'multiple-count-distinct',
  category: 'Execution Plan',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderstatus, COUNT(DISTINCT o_custkey), COUNT(DISTINCT o_clerk) FROM orders GROUP BY o_orderstatus',
    good: 'SELECT o_orderstatus, COUNT(DISTINCT o_custkey) FROM orders GROUP BY o_orderstatus',
  },
  rewrites: false,
  title: { zh: '同一查询中有多个 COUNT(DISTINCT)', en: 'Several COUNT(DISTINCT) in one query' },
  rationale: {
    zh: '每个针对不同列的 COUNT(DISTINCT ...) 都要单独对输入去重：PostgreSQL 为每个聚合各排序一次输入，MySQL 为每个聚合各建一个去重用的临时结构。数据量大时，这类查询的内存和时间开销成倍增长。可以考虑分别在子查询中预先去重再关联，或者在允许近似值时使用近似去重计数。',
    en: 'Each COUNT(DISTINCT ...) over a different column de-duplicates the input on its own: PostgreSQL sorts the input once per aggregate, MySQL builds one de-duplication structure per aggregate. On large inputs the memory and time grow with every such aggregate. Consider de-duplicating each column in its own subquery and joining the results, or an approximate distinct count where that is acceptable.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const query of selectQueries(statement.ast)) {
      const distinctCounts = new Map<string, AstNode>();
      const roots = [
        ...children(query, 'columns').map((c) => child(c, 'expr')),
        child(query, 'having'),
        ...children(query, 'orderby').map((o) => child(o, 'expr')),
      ];
      for (const root of roots) {
        if (!root) continue;
        visitExpression(root, (node) => {
          if (!isAggregate(node) || String(node.name).toUpperCase() !== 'COUNT') return;
          const args = child(node, 'args');
          if (String(args?.distinct ?? '').toUpperCase() !== 'DISTINCT') return;
          const key = expressionKey(child(args!, 'expr'));
          if (!distinctCounts.has(key)) distinctCounts.set(key, node);
        });
      }
      if (distinctCounts.size < 2) continue;
      const [, second] = [...distinctCounts.values()];
      matches.push(
        matchAt(
          second!,
          {
            zh: `这个查询对 ${distinctCounts.size} 组不同的表达式做 COUNT(DISTINCT)，每个都需要单独去重一次输入。`,
            en: `This query runs COUNT(DISTINCT) over ${distinctCounts.size} different expressions, each de-duplicating the input on its own.`,
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};
