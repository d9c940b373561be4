import { type AstNode, child, children, functionArgs, isNode } from '../../../model/ast.ts';
import { matchAt, walkWithKeys } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { groupItems, isAggregate, limitParts, numberValue, operatorOf, stringValue } from './helpers.ts';

const flipped: Record<string, string> = {
  '=': '=',
  '<>': '<>',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

/** `(SELECT COUNT(*) ...) > 0`: counting every match to learn whether there is one. */
export const countForExistence: Rule = {
  id: 'count-for-existence',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT c_name FROM customer c WHERE (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) > 0',
    good: 'SELECT c_name FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey)',
  },
  rewrites: false,
  title: { zh: '用 COUNT(*) 判断是否存在', en: 'COUNT(*) used as an existence test' },
  rationale: {
    zh: '(SELECT COUNT(*) ...) > 0 要数完所有匹配的行才能比较，而 EXISTS 找到第一行就可以停止，优化器还能把它转换为半连接（semi-join）。判断“有没有”时请用 EXISTS，判断“没有”时用 NOT EXISTS。两者结果完全相同，因为不带 GROUP BY 的 COUNT(*) 总是恰好返回一行。',
    en: '(SELECT COUNT(*) ...) > 0 has to count every matching row before comparing, while EXISTS stops at the first one and can be planned as a semi-join. Test "is there any" with EXISTS and "is there none" with NOT EXISTS. The result is the same, since COUNT(*) without GROUP BY always returns exactly one row.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node }) => {
      const operator = operatorOf(node);
      if (!(operator in flipped)) return;
      const left = child(node, 'left');
      const right = child(node, 'right');
      const [subquery, value, op] = countSubquery(left)
        ? [left!, numberValue(right), operator]
        : countSubquery(right)
          ? [right!, numberValue(left), flipped[operator]!]
          : [undefined, undefined, operator];
      if (!subquery || value === undefined) return;
      const test = existenceTest(op, value);
      if (!test) return;
      matches.push(
        matchAt(
          node,
          test === 'EXISTS'
            ? {
                zh: '这里用 COUNT(*) 判断是否存在匹配行，会数完所有匹配行；请改用 EXISTS (...)。',
                en: 'COUNT(*) here only tests whether a match exists, yet counts every match; use EXISTS (...).',
              }
            : {
                zh: '这里用 COUNT(*) 判断是否不存在匹配行，会数完所有匹配行；请改用 NOT EXISTS (...)。',
                en: 'COUNT(*) here only tests that no match exists, yet counts every match; use NOT EXISTS (...).',
              },
          statement.text,
        ),
      );
    });
    return matches;
  },
};

/** A scalar subquery that is exactly `SELECT COUNT(*)` (or COUNT of a constant), one row guaranteed. */
function countSubquery(node: AstNode | undefined): boolean {
  const query = node && child(node, 'ast');
  if (query?.type !== 'select' || isNode(query._next) || query.set_op) return false;
  if (groupItems(query).length > 0 || child(query, 'having')) return false;
  const { count, offset } = limitParts(query);
  if (count || offset) return false;
  const columns = children(query, 'columns');
  const expr = columns.length === 1 ? child(columns[0]!, 'expr') : undefined;
  if (!expr || !isAggregate(expr) || String(expr.name).toUpperCase() !== 'COUNT') return false;
  const args = child(expr, 'args');
  if (String(args?.distinct ?? '').toUpperCase() === 'DISTINCT') return false;
  const [arg] = functionArgs(expr);
  return arg?.type === 'star' || numberValue(arg) !== undefined || stringValue(arg) !== undefined;
}

/** Which existence test `COUNT(*) op value` is, if it is one. */
function existenceTest(operator: string, value: number): 'EXISTS' | 'NOT EXISTS' | undefined {
  if ((operator === '>' && value === 0) || (operator === '>=' && value === 1)) return 'EXISTS';
  if ((operator === '<>' || operator === '!=') && value === 0) return 'EXISTS';
  if ((operator === '=' && value === 0) || (operator === '<' && value === 1) || (operator === '<=' && value === 0)) {
    return 'NOT EXISTS';
  }
  return undefined;
}
