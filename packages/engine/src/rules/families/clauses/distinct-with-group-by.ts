import { allDialects, type Rule, type RuleMatch, selects } from '../../rule.ts';
import {
  groupItems,
  groupMeaningsOf,
  hasGroupingSets,
  isSelectDistinct,
  matchOver,
  sameExpression,
  selectItems,
} from './helpers.ts';

/** `SELECT DISTINCT a, COUNT(*) ... GROUP BY a`: each group is one row already, so DISTINCT has nothing to remove. */
export const distinctWithGroupBy: Rule = {
  id: 'distinct-with-group-by',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT DISTINCT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey',
    good: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey',
  },
  rewrites: false,
  title: { zh: 'DISTINCT 与 GROUP BY 重复', en: 'DISTINCT redundant with GROUP BY' },
  rationale: {
    zh: 'GROUP BY 为每个分组只产生一行。当所有分组列都出现在选择列表中时，输出的行已经互不相同，DISTINCT 不会去掉任何行，却可能让数据库多做一次排序或哈希去重。',
    en: 'GROUP BY yields one row per group. When every grouping column is in the select list, the output rows are already distinct, so DISTINCT removes nothing and may still cost an extra sort or hash.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const query of selects(statement.ast)) {
      if (!isSelectDistinct(query) || groupItems(query).length === 0 || hasGroupingSets(query)) continue;
      const selected = selectItems(query).map((i) => i.expr);
      // Each GROUP BY item must be in the output, as written or by position.
      const allShown = groupItems(query).every((group) =>
        groupMeaningsOf(query, group).some((m) => selected.some((s) => sameExpression(s, m))),
      );
      if (!allShown) continue;
      matches.push(
        matchOver(
          groupItems(query),
          query,
          {
            zh: '所有分组列都在选择列表中，结果行已经唯一，DISTINCT 可以去掉。',
            en: 'Every grouping column is selected, so the rows are already unique and DISTINCT can go.',
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};
