import { child, children } from '../../../model/ast.ts';
import { isSelect } from '../../../model/nodes.ts';
import { sameExpression } from '../../../semantics/equality.ts';
import { statementQueries } from '../../../semantics/scope.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  containsAggregate,
  containsWindow,
  groupItems,
  groupMeaningsOf,
  hasGroupingSets,
  isSelectDistinct,
  matchOver,
  selectItems,
} from './helpers.ts';

/** `SELECT a, b FROM t GROUP BY a, b` with no aggregate: a DISTINCT written as a GROUP BY. */
export const groupByWithoutAggregate: Rule = {
  id: 'group-by-without-aggregate',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_custkey, o_orderstatus FROM orders GROUP BY o_custkey, o_orderstatus',
    good: 'SELECT DISTINCT o_custkey, o_orderstatus FROM orders',
  },
  rewrites: false,
  title: { zh: '没有聚合的 GROUP BY', en: 'GROUP BY without an aggregate' },
  rationale: {
    zh: '选择列表恰好是分组列、又没有任何聚合函数时，GROUP BY 的作用只是去重，与 SELECT DISTINCT 等价。写成 DISTINCT 更能表达意图。另外，MySQL 5.7 及更早版本的 GROUP BY 会隐式排序，8.0 起不再如此，依赖这种顺序的代码升级后会出问题；需要顺序时请显式写 ORDER BY。',
    en: 'When the select list is exactly the grouping columns and there is no aggregate, GROUP BY only removes duplicates, which is what SELECT DISTINCT says more plainly. Also, MySQL 5.7 and earlier sorted by the GROUP BY columns implicitly and 8.0 no longer does, so code relying on that order breaks on upgrade; write ORDER BY when order matters.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    // Only the statement's own result: inside a subquery, GROUP BY is a common and harmless way to de-duplicate.
    for (const { query, key, ancestors } of statementQueries(statement.ast)) {
      if (!isSelect(query) || (key !== '' && key !== '_next') || ancestors.some((a) => !isSelect(a))) {
        continue;
      }
      const groups = groupItems(query);
      if (groups.length === 0 || hasGroupingSets(query) || isSelectDistinct(query) || query.having) continue;
      const items = selectItems(query).map((i) => i.expr);
      const orderings = children(query, 'orderby').map((o) => child(o, 'expr'));
      if (items.length === 0 || [...items, ...orderings].some((e) => containsAggregate(e) || containsWindow(e)))
        continue;
      // The select list and the GROUP BY list must name the same expressions, both ways.
      const meanings = groups.map((group) => groupMeaningsOf(query, group));
      const everyGroupShown = meanings.every((ms) => ms.some((m) => items.some((s) => sameExpression(s, m))));
      const everyItemGrouped = items.every((s) => meanings.some((ms) => ms.some((m) => sameExpression(s, m))));
      if (!everyGroupShown || !everyItemGrouped) continue;
      matches.push(
        matchOver(
          groupItems(query),
          query,
          {
            zh: '这个 GROUP BY 没有任何聚合，只起去重作用；改写为 SELECT DISTINCT 更清楚。',
            en: 'This GROUP BY has no aggregate and only removes duplicates; SELECT DISTINCT says so more clearly.',
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};
