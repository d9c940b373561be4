import { child } from '../../../model/ast.ts';
import { matchAt, sourceText, walkBinaryExpressions } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { comparisonOperators, isNullLiteral, operatorOf } from './helpers.ts';

const nullOperators = new Set([...comparisonOperators, 'LIKE', 'NOT LIKE', 'ILIKE', 'NOT ILIKE']);

/** `x = NULL`, `x <> NULL`: a comparison with NULL is never true, so the condition filters out every row. */
export const nullComparison: Rule = {
  id: 'null-comparison',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE o_clerk = NULL',
    good: 'SELECT o_orderkey FROM orders WHERE o_clerk IS NULL',
  },
  rewrites: false,
  title: { zh: '用 = 或 <> 与 NULL 比较', en: 'Comparing with NULL using = or <>' },
  rationale: {
    zh: '任何值与 NULL 用 =、<>、< 等比较，结果都是 UNKNOWN 而不是 TRUE，条件永远不成立，会悄悄排除它所过滤的全部行。判断空值应使用 IS NULL 或 IS NOT NULL。',
    en: 'Comparing anything with NULL using =, <>, < and the like yields UNKNOWN, never TRUE, so the condition never holds and silently rejects every row it applies to. Test for missing values with IS NULL or IS NOT NULL.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkBinaryExpressions(statement.ast, ({ node }) => {
      const operator = operatorOf(node);
      if (!nullOperators.has(operator)) return;
      if (!isNullLiteral(child(node, 'left')) && !isNullLiteral(child(node, 'right'))) return;
      const text = sourceText(statement.text, node) || `${operator} NULL`;
      const instead = ['=', 'LIKE', 'ILIKE'].includes(operator)
        ? 'IS NULL'
        : ['<>', '!=', 'NOT LIKE', 'NOT ILIKE'].includes(operator)
          ? 'IS NOT NULL'
          : undefined;
      matches.push(
        matchAt(
          node,
          instead
            ? {
                zh: `${text} 的结果永远是 UNKNOWN，条件不会成立；请改用 ${instead}。`,
                en: `${text} is always UNKNOWN and never true; write ${instead} instead.`,
              }
            : {
                zh: `${text} 的结果永远是 UNKNOWN，条件不会成立。`,
                en: `${text} is always UNKNOWN and never true.`,
              },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
