/**
 * The engine's one notion of "the same tree". Both readings below share the same structure rules: locations,
 * redundant parentheses and the parser's table and column lists never count, AND/OR chains compare flattened
 * (both are associative), and a missing DISTINCT reads the same in both grammars.
 *
 * - `sameTree`: the same text up to spacing and parentheses; identifiers compare as written. A rewrite's edited
 *   text must parse back to exactly the tree it meant.
 * - `expressionKey` / `sameExpression`: the same expression for the database. Identifiers compare without quotes
 *   and case, function names without case, and each bind parameter (`?`, MyBatis `#{}`) is its own value, since
 *   two parameters may hold different ones. Rules find duplicates, grouped expressions and repeated conditions
 *   with it. Whatever `sameTree` calls the same has the same `expressionKey`.
 */
import { type AstNode, isNode } from '../model/ast.ts';
import { unquote } from '../schema/model.ts';

/**
 * Whether two trees are the same statement or expression, whatever the spacing, redundant parentheses or nesting
 * of AND/OR chains. Compared in place, stopping at the first difference (no copy, no string): rewrites compare
 * whole statements.
 */
export function sameTree(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameTree(inArray(a[i]), inArray(b[i]))) return false;
    return true;
  }
  if (!isNode(a) || !isNode(b)) return a === b || (isJsonNull(a) && isJsonNull(b));
  const chain = chainOperator(a);
  if (chain || chainOperator(b)) {
    if (chain !== chainOperator(b)) return false;
    const left = chainOperands(a, chain!);
    const right = chainOperands(b, chain!);
    return left.length === right.length && left.every((operand, i) => sameTree(operand, right[i]));
  }
  const keys = comparedKeys(a);
  if (keys.length !== comparedKeys(b).length) return false;
  for (const key of keys) {
    if (!hasComparedValue(b, key)) return false;
    if (!sameTree(comparedValue(a, key), comparedValue(b, key))) return false;
  }
  return true;
}

/** A structural fingerprint of an expression: equal for the same expression, whatever the spacing. */
export function expressionKey(node: unknown): string {
  return keyOf(node, '', undefined);
}

export function sameExpression(a: AstNode | undefined, b: AstNode | undefined): boolean {
  return !!a && !!b && expressionKey(a) === expressionKey(b);
}

// ---------------------------------------------------------------------------------------------------
// The shared structure rules.

const ignoredKeys = new Set(['loc', 'parentheses', 'tableList', 'columnList']);

/** Keys whose values count: as in JSON, a key holding undefined (or a function) is no key at all. */
function comparedKeys(node: AstNode): string[] {
  const keys: string[] = [];
  for (const key in node) if (hasComparedValue(node, key)) keys.push(key);
  return keys;
}

function hasComparedValue(node: AstNode, key: string): boolean {
  const value = node[key];
  return !ignoredKeys.has(key) && value !== undefined && typeof value !== 'function' && key in node;
}

function comparedValue(node: AstNode, key: string): unknown {
  const value = node[key];
  // PostgreSQL's grammar gives `distinct: { type: null }` for no DISTINCT, MySQL's gives null.
  return key === 'distinct' && isNode(value) && value.type == null ? null : value;
}

/** An array item as JSON would write it: undefined and functions become null. */
function inArray(value: unknown): unknown {
  return value === undefined || typeof value === 'function' ? null : value;
}

function isJsonNull(value: unknown): boolean {
  return value === null || (typeof value === 'number' && !Number.isFinite(value));
}

function chainOperator(node: AstNode): 'AND' | 'OR' | undefined {
  if (node.type !== 'binary_expr') return undefined;
  const operator = String(node.operator).toUpperCase();
  return operator === 'AND' || operator === 'OR' ? operator : undefined;
}

function chainOperands(node: unknown, operator: string, into: unknown[] = []): unknown[] {
  if (isNode(node) && chainOperator(node) === operator) {
    chainOperands(node.left, operator, into);
    chainOperands(node.right, operator, into);
  } else {
    into.push(node);
  }
  return into;
}

// ---------------------------------------------------------------------------------------------------
// Keys.

/** Trees are never changed, and several rules compare the same expressions: each node's key is made once. */
const nodeKeys = new WeakMap<object, string>();

/**
 * Each MySQL bind parameter (`?`, MyBatis `#{}`) its own key: two parameters may hold different values. So is each
 * MyBatis `${}` read in a place of a name or a condition: one written in a `<foreach>` renders once per item, each time
 * with that item's text (mybatis-generator's `${criterion.condition}`).
 */
const parameterKeys = new WeakMap<object, string>();
let parametersKeyed = 0;

function parameterKey(node: object): string {
  let key = parameterKeys.get(node);
  if (key === undefined) {
    key = `?${parametersKeyed++}`;
    parameterKeys.set(node, key);
  }
  return key;
}

function keyOf(value: unknown, key: string, parent: AstNode | undefined): string {
  if (Array.isArray(value)) return `[${value.map((item) => keyOf(inArray(item), '', undefined)).join(',')}]`;
  if (!isNode(value)) return scalarKey(value, key, parent);
  let cached = nodeKeys.get(value);
  if (cached === undefined) {
    cached = nodeKey(value);
    nodeKeys.set(value, cached);
  }
  return cached;
}

function nodeKey(node: AstNode): string {
  if (node.type === 'origin' && node.value === '?') return JSON.stringify(parameterKey(node));
  if (node.type === 'param' && typeof node.value === 'string' && node.value.startsWith('${')) {
    return JSON.stringify(parameterKey(node));
  }
  const chain = chainOperator(node);
  if (chain) return `${chain}(${chainOperands(node, chain).map((operand) => keyOf(operand, '', undefined))})`;
  const keys = comparedKeys(node).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${keyOf(comparedValue(node, key), key, node)}`).join(',')}}`;
}

function scalarKey(value: unknown, key: string, parent: AstNode | undefined): string {
  if (value === undefined || typeof value === 'function' || isJsonNull(value)) return 'null';
  if (typeof value !== 'string') return JSON.stringify(value);
  // Identifiers compare without quotes and case; PostgreSQL's unquoted names come as `default` values.
  if (key === 'table' || key === 'column' || (key === 'value' && parent?.type === 'default')) {
    return JSON.stringify(unquote(value).toLowerCase());
  }
  return JSON.stringify(key === 'name' ? value.toUpperCase() : value);
}
