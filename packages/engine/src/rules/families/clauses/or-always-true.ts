import { matchAt, sourceText, walkWithKeys } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { constantTruth, filterPosition } from './helpers.ts';

/** `WHERE id = 5 OR 1 = 1`: one always-true branch makes the whole OR true, so it filters nothing. */
export const orAlwaysTrue: Rule = {
  id: 'or-always-true',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: 'SELECT c_name, c_acctbal FROM customer WHERE c_custkey = 42 OR 1 = 1',
    good: 'SELECT c_name, c_acctbal FROM customer WHERE c_custkey = 42',
  },
  rewrites: false,
  title: { zh: 'OR 分支恒为真（如 OR 1 = 1）', en: 'Always-true OR branch (such as OR 1 = 1)' },
  rationale: {
    zh: "OR 的任一分支恒为真时，整个 OR 条件对每一行都成立，其余分支失去作用：查询会返回（或 UPDATE 会修改）本应被过滤掉的所有行。这通常是拼接条件时的错误，也是 SQL 注入（' OR 1=1 --）的典型特征，应立即检查。",
    en: "When one branch of an OR is always true, the whole OR holds for every row and the other branches stop mattering: the query returns (or an UPDATE changes) all the rows it was meant to filter out. This is usually a mistake in assembling conditions, and the classic signature of SQL injection (' OR 1=1 --); check it at once.",
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node, keys, ancestors }) => {
      if (constantTruth(node) !== true || filterPosition(keys, ancestors)?.position !== 'or') return;
      const text = sourceText(statement.text, node) || '1 = 1';
      matches.push(
        matchAt(
          node,
          {
            zh: `OR 分支 ${text} 恒为真，整个 OR 条件对所有行都成立，其他条件被架空。`,
            en: `The OR branch ${text} is always true, so the whole OR holds for every row and the other conditions are void.`,
          },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
