import { child, children } from '../../../model/ast.ts';
import { matchAt, walkWithKeys } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { literalKey, operatorOf } from './helpers.ts';

/** `IN (1, 2, 2)`: a value listed twice changes nothing but the statement's length. */
export const inListDuplicates: Rule = {
  id: 'in-list-duplicates',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_orderstatus IN ('F', 'O', 'F')",
    good: "SELECT o_orderkey FROM orders WHERE o_orderstatus IN ('F', 'O')",
  },
  rewrites: false,
  title: { zh: 'IN 列表中有重复值', en: 'Duplicate values in an IN list' },
  rationale: {
    zh: 'IN 列表中的重复值不会改变结果，只会让语句变长、解析和规划多做无用功；它常常说明拼接这个列表的程序有缺陷（例如没有去重）。',
    en: 'A value repeated in an IN list cannot change the result; it only lengthens the statement and the work of parsing and planning it. It often points to a bug in the code that builds the list, such as missing de-duplication.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node }) => {
      if (!['IN', 'NOT IN'].includes(operatorOf(node))) return;
      const list = child(node, 'right');
      if (list?.type !== 'expr_list') return;
      const seen = new Set<string>();
      const repeated = new Set<string>();
      for (const value of children(list, 'value')) {
        const key = literalKey(value);
        if (key === undefined) continue;
        if (seen.has(key)) repeated.add(key);
        seen.add(key);
      }
      if (repeated.size === 0) return;
      const shown = [...repeated].map((key) => (key.startsWith('s:') ? `'${key.slice(2)}'` : key.slice(2))).join(', ');
      matches.push(
        matchAt(
          node,
          {
            zh: `IN 列表中 ${shown} 出现了不止一次，可以去掉重复项。`,
            en: `${shown} appear${repeated.size === 1 ? 's' : ''} more than once in the IN list; the repeats can go.`,
          },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
