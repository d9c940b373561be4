import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, columnRef } from '../model/ast.ts';
import { isBinaryExpr } from '../model/nodes.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { sameTree } from '../semantics/equality.ts';
import { resolveColumn } from '../semantics/scope.ts';
import { isExactNumber } from '../semantics/types.ts';
import { numberValue, operatorOf } from './families/clauses/helpers.ts';
import { matchAt, sourceText, walkBinaryExpressions } from './match-helpers.ts';
import { replaceNode } from './rewrite/replace.ts';
import { operandRanges, textOf } from './rewrite/tokens.ts';
import { type Change, matchesWithEdits } from './rewrite/verify.ts';
import { allDialects, enclosingQuery, inFilter, type Rule, type RuleMatch } from './rule.ts';

/**
 * `col + 10 > 100`: arithmetic on the column hides it from its index; `col > 90` says the same.
 *
 * For an integer or fixed-point (DECIMAL/NUMERIC) column and integer literals, `col + c op k` is
 * `col op k - c` and `col - c op k` is `col op k + c`, exactly: such arithmetic has no rounding, and the
 * new constant is computed in arbitrary precision. NULL stays NULL on both sides. The only difference is
 * that the original may fail with an overflow (`col + c` out of the column type's range) where the
 * rewrite just compares. Only `+` and `-` with the column first (or `c + col`): `c - col` flips the
 * comparison, and `col * 2 > 10` or `col / 2 > 10` are not equivalent to `col > 5` under integer
 * division and rounding. Floating-point columns are left alone.
 */
export const moveArithmeticToConstant: Rule = {
  id: 'move-arithmetic-to-constant',
  category: 'Index Usage',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE o_orderkey + 10 > 100',
    good: 'SELECT o_orderkey FROM orders WHERE o_orderkey > 90',
  },
  rewrites: true,
  title: { zh: '把列上的加减运算移到常量一侧', en: 'Move arithmetic on a column to the constant side' },
  rationale: {
    zh: '条件写成 col + 10 > 100 时，索引无法直接使用，每行都要先计算；col > 90 含义相同，可以走索引。对整数或定点小数（DECIMAL/NUMERIC）列与整数常量的加减，这种移项是精确的；需要表结构确认列类型。乘除不做移项（整数除法会改变结果），浮点列也不做。',
    en: 'Written as col + 10 > 100, the condition cannot use an index and is computed for every row; col > 90 means the same and can use one. For integer or fixed-point (DECIMAL/NUMERIC) columns and integer constants, moving + and - across is exact; the table structure must show the column type. Multiplication and division are not moved (integer division would change the result), nor is anything on floating-point columns.',
  },
  detect({ statement, schema }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    walkBinaryExpressions(statement.ast, ({ node, keys, ancestors }) => {
      if (!isBinaryExpr(node) || !inFilter(keys)) return;
      const form = arithmeticComparison(node);
      if (!form) return;
      const ref = columnRef(form.column)!;
      const name = ref.table ? `${ref.table}.${ref.column}` : ref.column;
      const resolved = resolveColumn(statement.ast, schema, enclosingQuery(ancestors), ref);
      const text = sourceText(statement.text, node);
      let message: Localized;
      let change: Change | undefined;
      if (!isExactNumber(resolved?.column)) {
        message = {
          zh: `${text} 对列 ${name} 做了加减运算，索引无法直接使用。${resolved ? `${name} 不是整数或定点小数列，未自动改写。` : '提供表结构（整数或定点小数列）后可自动移项。'}`,
          en: `${text} computes on ${name}, so an index on it cannot be used directly. ${resolved ? `${name} is not an integer or fixed-point column, so it is not rewritten.` : 'Add the table structure (an integer or fixed-point column) to get a verified rewrite.'}`,
        };
      } else {
        const moved = movedChange(statement, node, form);
        change = moved?.change;
        message = moved
          ? {
              zh: `${text} 可改写为 ${moved.text}，从而使用 ${name} 上的索引。`,
              en: `${text} can be written as ${moved.text}, so an index on ${name} can be used.`,
            }
          : {
              zh: `${text} 对列 ${name} 做了加减运算，索引无法直接使用；请把运算移到常量一侧。`,
              en: `${text} computes on ${name}, so an index on it cannot be used directly; move the arithmetic to the constant side.`,
            };
      }
      found.push({ match: matchAt(node, message, statement.text), change });
    });
    return matchesWithEdits(statement, found);
  },
};

const flipped: Record<string, string> = {
  '=': '=',
  '<>': '<>',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

interface ArithmeticComparison {
  column: AstNode;
  arithmetic: AstNode;
  /** The comparison with the arithmetic on the left. */
  operator: string;
  /** `col op bound` once moved. */
  bound: bigint;
  arithmeticLeft: boolean;
  literal: AstNode;
  constant: AstNode;
}

/** `col + c op k`, `col - c op k`, `c + col op k`, or those mirrored, with integer c and k. */
function arithmeticComparison(node: AstNode): ArithmeticComparison | undefined {
  const operator = String(node.operator);
  if (!(operator in flipped)) return undefined;
  const left = child(node, 'left');
  const right = child(node, 'right');
  for (const [arithmetic, literal, arithmeticLeft] of [
    [left, right, true],
    [right, left, false],
  ] as const) {
    const k = integer(literal);
    const op = operatorOf(arithmetic);
    if (k === undefined || (op !== '+' && op !== '-')) continue;
    const a = child(arithmetic!, 'left');
    const b = child(arithmetic!, 'right');
    let column: AstNode | undefined;
    let constant: AstNode | undefined;
    if (columnRef(a) && integer(b) !== undefined) [column, constant] = [a, b];
    else if (op === '+' && columnRef(b) && integer(a) !== undefined) [column, constant] = [b, a];
    if (!column || !constant || columnRef(column)!.column === '*') continue;
    const c = integer(constant)!;
    return {
      column,
      arithmetic: arithmetic!,
      operator: arithmeticLeft ? operator : flipped[operator]!,
      bound: op === '+' ? k - c : k + c,
      arithmeticLeft,
      literal: literal!,
      constant,
    };
  }
  return undefined;
}

function integer(node: AstNode | undefined): bigint | undefined {
  const value = numberValue(node);
  return value !== undefined && Number.isSafeInteger(value) ? BigInt(value) : undefined;
}

/** For other rules: whether a node is a comparison this rule reports. */
export function isArithmeticComparison(node: AstNode): boolean {
  return arithmeticComparison(node) !== undefined;
}

function movedChange(
  statement: ParsedStatement,
  node: AstNode,
  form: ArithmeticComparison,
): { change: Change; text: string } | undefined {
  const sides = operandRanges(statement, node);
  const inner = operandRanges(statement, form.arithmetic);
  if (!sides || !inner) return undefined;
  // The literals must be written as integers (`10`, not `10.0` or `1e1`).
  const literalText = textOf(statement, form.arithmeticLeft ? sides.right : sides.left);
  const constantLeft = child(form.arithmetic, 'left') === form.constant;
  const constantText = textOf(statement, constantLeft ? inner.left : inner.right);
  if (!/^[-+]?\s*\d+$/.test(literalText) || !/^[-+]?\s*\d+$/.test(constantText)) return undefined;
  const column = textOf(statement, constantLeft ? inner.right : inner.left);
  const text = `${column} ${form.operator} ${form.bound}`;
  const change = replaceNode(statement, node, text);
  const tree = change?.tree;
  // The new comparison: the same column, the intended operator and bound.
  if (
    !change ||
    String(tree!.operator) !== form.operator ||
    !sameTree(child(tree!, 'left'), form.column) ||
    numberValue(child(tree!, 'right')) === undefined ||
    BigInt(numberValue(child(tree!, 'right'))!) !== form.bound
  ) {
    return undefined;
  }
  return { change, text };
}
