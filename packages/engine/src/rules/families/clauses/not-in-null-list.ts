import { child, children } from '../../../model/ast.ts';
import { isExprList } from '../../../model/nodes.ts';
import { matchAt, walkWithKeys } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { isNullLiteral, operatorOf } from './helpers.ts';

/** `x NOT IN (1, 2, NULL)` is never true: NOT IN means `x <> 1 AND x <> 2 AND x <> NULL`, and the last is UNKNOWN. */
export const notInNullList: Rule = {
  id: 'not-in-null-list',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_orderpriority NOT IN ('1-URGENT', NULL)",
    good: "SELECT o_orderkey FROM orders WHERE o_orderpriority NOT IN ('1-URGENT') AND o_orderpriority IS NOT NULL",
  },
  rewrites: false,
  title: { zh: 'NOT IN 列表中含有 NULL', en: 'NULL inside a NOT IN list' },
  rationale: {
    zh: 'x NOT IN (a, b, NULL) 等价于 x <> a AND x <> b AND x <> NULL，最后一项永远是 UNKNOWN，整个条件因此不可能为真，查询一行也不返回。如果想排除空值，请单独写 IS NOT NULL。',
    en: 'x NOT IN (a, b, NULL) means x <> a AND x <> b AND x <> NULL; the last part is always UNKNOWN, so the whole condition can never be true and the query returns nothing. To exclude NULLs, add a separate IS NOT NULL.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node }) => {
      if (operatorOf(node) !== 'NOT IN') return;
      const list = child(node, 'right');
      if (!isExprList(list) || !children(list, 'value').some(isNullLiteral)) return;
      matches.push(
        matchAt(
          node,
          {
            zh: 'NOT IN 列表里有 NULL，这个条件永远不会成立，查询不会返回任何行。',
            en: 'The NOT IN list contains NULL, so this condition is never true and the query returns no rows.',
          },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
