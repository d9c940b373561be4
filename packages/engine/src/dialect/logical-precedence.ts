import type { Dialect } from '@sqltune/contracts';
import { type AstNode, eachChild, isNode } from '../model/ast.ts';
import { UnreadableForm } from './unreadable.ts';

/**
 * node-sql-parser 5.4 reads AND and OR with one precedence, left to right, in every clause of both dialects:
 * `a OR b AND c` comes back as `(a OR b) AND c`. Both databases run `a OR (b AND c)` (AND binds tighter than
 * OR), so every rule that splits a condition into its conjuncts would otherwise reason about a predicate the
 * database never evaluates, and could push or drop the wrong part of it.
 *
 * The parser does mark operands the statement wraps in parentheses (`parentheses: true`), so a run of AND/OR
 * operands without them can be read again in source order and regrouped by SQL's precedence: AND chains first,
 * then OR between them, each left to right as the databases associate them. The tree is changed in place, right
 * after parsing and before anything else sees it; a group's own node keeps its identity, location and parentheses.
 * A regrouped sub-chain gets a location from its first to its last operand when both have one.
 *
 * MySQL's `&&` is AND (the parser reads it at the same level too). MySQL's XOR, which binds between AND and OR,
 * the parser reads like arithmetic (`x = 1 XOR y = 2` as `x = (1 XOR y) = 2`); it is accepted only where that
 * cannot matter, in parentheses with atomic or parenthesized operands, or as a whole clause or item with such operands
 * (`WHERE (a = 1) XOR (b = 2)`); otherwise UnreadableForm is thrown (the
 * parser turns it into 4202 at the operator, asking for those parentheses). (`||` is left as the parser reads it, string concatenation: OR only
 * in MySQL's default mode, concatenation under PIPES_AS_CONCAT.)
 */
export function regroupLogicalOperators(root: AstNode, dialect: Dialect): void {
  visit(root, dialect);
}

function visit(node: AstNode, dialect: Dialect, parent?: AstNode): void {
  if (logicalOperator(node, dialect)) regroup(node, dialect);
  if (dialect === 'mysql') checkXor(node, parent);
  eachChild(node, (item) => visit(item, dialect, node));
}

type Logical = 'AND' | 'OR';

function logicalOperator(node: unknown, dialect: Dialect): Logical | undefined {
  if (!isNode(node) || node.type !== 'binary_expr') return undefined;
  const operator = String(node.operator).toUpperCase();
  if (operator === 'AND' || (operator === '&&' && dialect === 'mysql')) return 'AND';
  return operator === 'OR' ? 'OR' : undefined;
}

const atomicTypes = new Set(['column_ref', 'number', 'bool', 'null', 'single_quote_string', 'param', 'var']);

const isXor = (node: unknown): node is AstNode =>
  isNode(node) && node.type === 'binary_expr' && String(node.operator).toUpperCase() === 'XOR';

function checkXor(node: AstNode, parent: AstNode | undefined): void {
  if (!isXor(node)) return;
  const safe = (operand: unknown) =>
    isNode(operand) && (operand.parentheses === true || atomicTypes.has(String(operand.type)));
  if (node.parentheses === true && safe(node.left) && safe(node.right)) return;
  // A chain of XOR with atomic or parenthesized operands that is a whole clause or item (WHERE (a) XOR (b)): no
  // other operator shares its level, so there is nothing to group otherwise (XOR is associative).
  if (isXor(parent) && !node.parentheses) return; // checked at the chain's first node
  const operandsSafe = (chain: AstNode): boolean =>
    [chain.left, chain.right].every((operand) =>
      isXor(operand) && !operand.parentheses ? operandsSafe(operand) : safe(operand),
    );
  const clause = !parent || !['binary_expr', 'unary_expr'].includes(String(parent.type));
  if (clause && operandsSafe(node)) return;
  throw new UnreadableForm(
    {
      zh: 'SQLTune 暂不能按 MySQL 的优先级读取未加括号的 XOR：请把 XOR 表达式和它的每个操作数都加上括号，如 ((a = 1) XOR (b = 2))。',
      en: 'SQLTune cannot yet read XOR by MySQL precedence without parentheses: put the XOR expression and each of its operands in parentheses, e.g. ((a = 1) XOR (b = 2)).',
    },
    'XOR',
  );
}

interface Run {
  operands: unknown[];
  /** operators[i] stands between operands[i] and operands[i + 1], as written (the parser's spelling). */
  operators: string[];
}

/** The group's operands and operators in source order: the parser's left-to-right tree read back in order. */
function readRun(node: AstNode, dialect: Dialect, run: Run = { operands: [], operators: [] }, isGroup = true): Run {
  if (logicalOperator(node, dialect) && (isGroup || !node.parentheses)) {
    readOperand(node.left, dialect, run);
    run.operators.push(String(node.operator));
    readOperand(node.right, dialect, run);
  } else {
    run.operands.push(node);
  }
  return run;
}

function readOperand(value: unknown, dialect: Dialect, run: Run): void {
  if (isNode(value)) readRun(value, dialect, run, false);
  else run.operands.push(value);
}

function regroup(group: AstNode, dialect: Dialect): void {
  const run = readRun(group, dialect);
  if (run.operators.length < 2) return;
  // Split at OR into AND chains, then join the chains with OR, each left to right.
  const chains: unknown[] = [];
  const between: string[] = [];
  let chain = run.operands[0];
  run.operators.forEach((operator, i) => {
    const next = run.operands[i + 1];
    if (operator.toUpperCase() !== 'OR') {
      chain = combine(chain, operator, next);
    } else {
      chains.push(chain);
      between.push(operator);
      chain = next;
    }
  });
  chains.push(chain);
  let result = chains[0];
  between.forEach((operator, i) => {
    result = combine(result, operator, chains[i + 1]);
  });
  const built = result as AstNode;
  group.operator = built.operator;
  group.left = built.left;
  group.right = built.right;
}

function combine(left: unknown, operator: string, right: unknown): AstNode {
  const node: AstNode = { type: 'binary_expr', operator, left, right };
  const start = isNode(left) ? left.loc?.start : undefined;
  const end = isNode(right) ? right.loc?.end : undefined;
  if (start && end) node.loc = { start, end };
  return node;
}
