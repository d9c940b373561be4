import { type AstNode, child, children } from '../../../model/ast.ts';
import { isExprList } from '../../../model/nodes.ts';
import { matchAt, walkBinaryExpressions } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { numberValue, operatorOf, stringValue } from './helpers.ts';

/**
 * ISO dates and timestamps of one format order the same as text, so two of them can be compared without the
 * column's type. Mixed forms ('1995-12-31 10:00' against '1995-12-31') depend on the type: left alone.
 */
const isoDate = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/** `x BETWEEN 10 AND 1`: BETWEEN needs the low bound first; reversed bounds match nothing. */
export const betweenReversed: Rule = {
  id: 'between-reversed',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_orderdate BETWEEN '1995-12-31' AND '1995-01-01'",
    good: "SELECT o_orderkey FROM orders WHERE o_orderdate BETWEEN '1995-01-01' AND '1995-12-31'",
  },
  rewrites: false,
  title: { zh: 'BETWEEN 的上下界写反了', en: 'BETWEEN bounds reversed' },
  rationale: {
    zh: 'x BETWEEN a AND b 等价于 x >= a AND x <= b。当 a 大于 b 时没有任何值能满足，查询不返回任何行（NOT BETWEEN 则对所有非空值都成立）。MySQL 和 PostgreSQL 都不会自动交换上下界（PostgreSQL 需显式写 BETWEEN SYMMETRIC）。',
    en: 'x BETWEEN a AND b means x >= a AND x <= b. When a is greater than b no value qualifies and the query returns nothing (NOT BETWEEN then holds for every non-NULL value). Neither MySQL nor PostgreSQL swaps the bounds for you (PostgreSQL only with BETWEEN SYMMETRIC).',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkBinaryExpressions(statement.ast, ({ node }) => {
      const operator = operatorOf(node);
      if (operator !== 'BETWEEN' && operator !== 'NOT BETWEEN') return;
      const bounds = child(node, 'right');
      const [low, high] = isExprList(bounds) ? children(bounds, 'value') : [];
      const reversed = isReversed(low, high);
      if (!reversed) return;
      matches.push(
        matchAt(
          node,
          operator === 'BETWEEN'
            ? {
                zh: `下界 ${reversed.low} 大于上界 ${reversed.high}，这个条件不会匹配任何行；请交换两个边界。`,
                en: `The low bound ${reversed.low} is above the high bound ${reversed.high}, so nothing matches; swap them.`,
              }
            : {
                zh: `下界 ${reversed.low} 大于上界 ${reversed.high}，NOT BETWEEN 对所有非空值都成立，过滤不起作用；请交换两个边界。`,
                en: `The low bound ${reversed.low} is above the high bound ${reversed.high}, so NOT BETWEEN holds for every non-NULL value and filters nothing; swap them.`,
              },
          statement.text,
        ),
      );
    });
    return matches;
  },
};

function isReversed(low: AstNode | undefined, high: AstNode | undefined): { low: string; high: string } | undefined {
  const a = numberValue(low);
  const b = numberValue(high);
  if (a !== undefined && b !== undefined) return a > b ? { low: String(a), high: String(b) } : undefined;
  const x = stringValue(low);
  const y = stringValue(high);
  if (x !== undefined && y !== undefined && isoDate.test(x) && isoDate.test(y) && x.length === y.length && x > y) {
    return { low: `'${x}'`, high: `'${y}'` };
  }
  return undefined;
}
