import { type AstNode, child, children, functionArgs, isNode, visitsOf } from '../../../model/ast.ts';
import { isSelect, isStar } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { isAggregate } from '../../../semantics/functions.ts';
import type { TextEdit } from '../../../text/patch.ts';
import { matchAt, walkBinaryExpressions } from '../../match-helpers.ts';
import { layoutAt } from '../../rewrite/layout.ts';
import { editNode } from '../../rewrite/replace.ts';
import { operandRanges, tokenView } from '../../rewrite/tokens.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { groupItems, limitParts, numberValue, operatorOf, stringValue } from './helpers.ts';

const flipped: Record<string, string> = {
  '=': '=',
  '<>': '<>',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

/**
 * `(SELECT COUNT(*) ...) > 0`: counting every match to learn whether there is one.
 *
 * Without GROUP BY, HAVING, LIMIT or OFFSET, `SELECT COUNT(*)` returns exactly one row, never NULL, so
 * `count > 0` is true exactly when the subquery's FROM/WHERE yields a row: `EXISTS (SELECT 1 ...)`, and
 * `count = 0` is `NOT EXISTS (...)`. Both sides are two-valued, so the rewrite holds anywhere in the
 * statement. COUNT(col) (which skips NULLs) and COUNT(DISTINCT ...) are not matched at all.
 */
export const countForExistence: Rule = {
  id: 'count-for-existence',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT c_name FROM customer c WHERE (SELECT COUNT(*) FROM orders o WHERE o.o_custkey = c.c_custkey) > 0',
    good: 'SELECT c_name FROM customer c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = c.c_custkey)',
  },
  rewrites: true,
  title: { zh: '用 COUNT(*) 判断是否存在', en: 'COUNT(*) used as an existence test' },
  rationale: {
    zh: '(SELECT COUNT(*) ...) > 0 要数完所有匹配的行才能比较，而 EXISTS 找到第一行就可以停止，优化器还能把它转换为半连接（semi-join）。判断“有没有”时请用 EXISTS，判断“没有”时用 NOT EXISTS。两者结果完全相同，因为不带 GROUP BY 的 COUNT(*) 总是恰好返回一行；子查询没有 GROUP BY、HAVING、LIMIT 时自动改写。',
    en: '(SELECT COUNT(*) ...) > 0 has to count every matching row before comparing, while EXISTS stops at the first one and can be planned as a semi-join. Test "is there any" with EXISTS and "is there none" with NOT EXISTS. The result is the same, since COUNT(*) without GROUP BY always returns exactly one row; rewritten automatically when the subquery has no GROUP BY, HAVING or LIMIT.',
  },
  detect({ statement }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    walkBinaryExpressions(statement.ast, ({ node }) => {
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
      found.push({
        change: existsChange(statement, node, subquery, test),
        match: matchAt(
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
      });
    });
    return matchesWithEdits(statement, found);
  },
};

/**
 * Turns the comparison into `[NOT] EXISTS (SELECT 1 FROM ...)` by small edits (the comparison goes, the
 * select list becomes 1), so the subquery keeps its layout and comments.
 */
function existsChange(
  statement: ParsedStatement,
  node: AstNode,
  subquery: AstNode,
  test: 'EXISTS' | 'NOT EXISTS',
): Change | undefined {
  const sides = operandRanges(statement, node);
  if (!sides) return undefined;
  const view = tokenView(statement);
  const { tokens } = view;
  const onLeft = child(node, 'left') === subquery;
  const side = onLeft ? sides.left : sides.right;
  // The parentheses around the subquery: the innermost pair of the side that opens on SELECT.
  let [open, close] = side;
  while (tokens[open]?.text === '(' && view.partner.get(open) === close && tokens[open + 1]?.text === '(') {
    open++;
    close--;
  }
  if (tokens[open]?.text !== '(' || view.partner.get(open) !== close) return undefined;
  const layout = layoutAt(view, open + 1);
  if (!layout || layout.last !== close - 1) return undefined;
  const from = layout.clauses.get('FROM');
  const listEnd = from === undefined ? layout.last : from - 1;
  const start = tokens[sides.left[0]]!.start;
  const end = tokens[sides.right[1]]!.end;
  const edits: TextEdit[] = [
    // `(SELECT COUNT(*) ...) > 0` loses ` > 0`; `0 = (SELECT ...)` loses `0 = `.
    onLeft
      ? { start: tokens[side[1]]!.end, end, replacement: '' }
      : { start, end: tokens[side[0]]!.start, replacement: '' },
    { start: tokens[open]!.start, end: tokens[open]!.start, replacement: `${test} ` },
    { start: tokens[layout.list]!.start, end: tokens[listEnd]!.end, replacement: '1' },
  ];
  // Wrapping parentheses of the side stay around the EXISTS.
  const change = editNode(statement, node, [sides.left[0], sides.right[1]], edits);
  const inner = change && visitsOf(change.tree).find((v) => isSelect(v.node))?.node;
  // The new subquery must be the old one with only its select list changed.
  const original = child(subquery, 'ast')!;
  if (!inner || !sameTree({ ...inner, columns: null }, { ...original, columns: null })) return undefined;
  return change;
}

/** A scalar subquery that is exactly `SELECT COUNT(*)` (or COUNT of a constant), one row guaranteed. */
function countSubquery(node: AstNode | undefined): boolean {
  const query = node && child(node, 'ast');
  if (!isSelect(query) || isNode(query._next) || query.set_op) return false;
  if (groupItems(query).length > 0 || query.having) return false;
  const { count, offset } = limitParts(query);
  if (count || offset) return false;
  const columns = children(query, 'columns');
  const expr = columns.length === 1 ? child(columns[0]!, 'expr') : undefined;
  if (!expr || !isAggregate(expr) || String(expr.name).toUpperCase() !== 'COUNT') return false;
  const args = child(expr, 'args');
  if (String(args?.distinct ?? '').toUpperCase() === 'DISTINCT') return false;
  const [arg] = functionArgs(expr);
  return isStar(arg) || numberValue(arg) !== undefined || stringValue(arg) !== undefined;
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
