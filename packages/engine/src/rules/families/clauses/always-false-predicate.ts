import { matchAt, sourceText, walkWithKeys } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { constantTruth, filterPosition } from './helpers.ts';

/** `WHERE 1 = 0 AND ...`: a constant comparison that is always false empties the whole clause. */
export const alwaysFalsePredicate: Rule = {
  id: 'always-false-predicate',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE o_custkey = 7 AND 1 = 0',
    good: 'SELECT o_orderkey FROM orders WHERE o_custkey = 7',
  },
  rewrites: false,
  title: { zh: '恒为假的条件（如 1 = 0）', en: 'Always-false condition (such as 1 = 0)' },
  rationale: {
    zh: '1 = 0 这类常量比较恒为假；当它与其余条件以 AND 相连（或单独构成 WHERE）时，整个查询不会返回任何行，放在 JOIN 的 ON 中则连接永远匹配不上。若是有意为之（例如只想取得结果集的列结构），可以忽略；否则多半是拼接条件时出了错。',
    en: 'A comparison between constants such as 1 = 0 is always false; joined with AND to the other conditions (or standing as the whole WHERE) it makes the query return no rows, and in a JOIN ... ON it makes the join match nothing. If that is deliberate (to fetch only the column layout, say), ignore this; otherwise something went wrong when the conditions were assembled.',
  },
  detect({ statement }) {
    if (statement.kind !== 'select' && statement.kind !== 'update') return [];
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node, keys, ancestors }) => {
      if (constantTruth(node) !== false) return;
      const at = filterPosition(keys, ancestors);
      if (!at || (at.position !== 'root' && at.position !== 'and')) return;
      const text = sourceText(statement.text, node) || '1 = 0';
      const effect =
        at.clause === 'on'
          ? { zh: '这个连接永远匹配不到行', en: 'this join never matches a row' }
          : at.clause === 'having'
            ? { zh: '所有分组都会被过滤掉', en: 'every group is filtered out' }
            : { zh: '这条语句不会返回或修改任何行', en: 'the statement touches no rows' };
      matches.push(
        matchAt(
          node,
          {
            zh: `${text} 恒为假，${effect.zh}。`,
            en: `${text} is always false, so ${effect.en}.`,
          },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
