import {
  isAggregateCall,
  isBinaryExpr,
  isColumnRefNode,
  isExprList,
  isFunctionCall,
  isSelect,
  type SelectNode,
} from './nodes.ts';

/**
 * The parser's syntax tree, seen through a narrow typed lens. node-sql-parser's own types are loose,
 * so rules read nodes through these helpers (and the kind-tagged node types and guards of nodes.ts) instead of
 * casting everywhere.
 */

export interface AstNode {
  type?: string;
  loc?: { start: { offset: number }; end: { offset: number } };
  [key: string]: unknown;
}

export function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function child(node: AstNode, key: string): AstNode | undefined {
  const value = node[key];
  return isNode(value) ? value : undefined;
}

export function children(node: AstNode, key: string): AstNode[] {
  const value = node[key];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

/** A visit with the chain of ancestors (nearest last) and the key that led to the node. */
export interface Visit {
  node: AstNode;
  key: string;
  ancestors: AstNode[];
}

/** Depth-first walk over every object in the tree. Return false from `visit` to skip a subtree. */
export function walk(root: AstNode, visit: (v: Visit) => boolean | undefined): void {
  walkFrom(root, '', [], visit);
}

// Recursive, with one ancestors array per node that has children, shared by them (visits keep it): rules walk
// every statement many times, and the copy-per-visit version spent most of its time allocating.
function walkFrom(node: AstNode, key: string, ancestors: AstNode[], visit: (v: Visit) => boolean | undefined): void {
  if (visit({ node, key, ancestors }) === false) return;
  let inner: AstNode[] | undefined;
  eachChild(node, (item, itemKey) => {
    inner ??= [...ancestors, node];
    walkFrom(item, itemKey, inner, visit);
  });
}

/** The node's child nodes in key order (items of an array in order), with the key that holds them; not `loc`. */
export function eachChild(node: AstNode, visit: (child: AstNode, key: string) => void): void {
  for (const key in node) {
    if (key === 'loc') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) visit(item, key);
    } else if (isNode(value)) {
      visit(value, key);
    }
  }
}

/**
 * The text range a node covers. The parser's ranges can include trailing blanks (`a = 1 `), so pass
 * the statement text to trim them: an edit must not eat the space before the next keyword.
 */
/** A visit that also knows the keys that lead to it from the root (`['where', 'left', ...]`). */
export type KeyedVisit = Visit & { keys: string[] };

const visitCache = new WeakMap<AstNode, KeyedVisit[]>();

/**
 * Every node of a tree in walk order, with ancestors and keys, computed once per tree: dozens of rules
 * traverse the same statement, and one shared traversal keeps analysis cheap. Trees are never mutated.
 */
export function visitsOf(root: AstNode): KeyedVisit[] {
  const cached = visitCache.get(root);
  if (cached) return cached;
  const visits: KeyedVisit[] = [];
  collectVisits(root, '', [], [], visits);
  visitCache.set(root, visits);
  return visits;
}

function collectVisits(node: AstNode, key: string, ancestors: AstNode[], keys: string[], into: KeyedVisit[]): void {
  into.push({ node, key, ancestors, keys });
  let inner: AstNode[] | undefined;
  // The items of one array share their keys array (visits never change them).
  let lastKey = '';
  let itemKeys = keys;
  eachChild(node, (item, itemKey) => {
    inner ??= [...ancestors, node];
    if (itemKeys === keys || itemKey !== lastKey) {
      itemKeys = [...keys, itemKey];
      lastKey = itemKey;
    }
    collectVisits(item, itemKey, inner, itemKeys, into);
  });
}

export function span(node: AstNode | undefined, text?: string): { start: number; end: number } | undefined {
  if (!node?.loc) return undefined;
  const start = node.loc.start.offset;
  let end = node.loc.end.offset;
  if (text) while (end > start && /\s/.test(text[end - 1]!)) end--;
  return { start, end };
}

/** Upper-case operator of a binary expression, or '' for any other node. */
export function operatorOf(node: AstNode | undefined): string {
  return isBinaryExpr(node) ? String(node.operator).toUpperCase() : '';
}

/** The comparison operators of both dialects (MySQL's `<=>` and PostgreSQL's IS DISTINCT FROM aside). */
export const comparisonOperators = new Set(['=', '<>', '!=', '<', '<=', '>', '>=']);

/** Function name in upper case, whatever shape the parser gave it. */
export function functionName(node: AstNode): string | undefined {
  if (!isFunctionCall(node) && !isAggregateCall(node)) return undefined;
  const name = node.name;
  if (typeof name === 'string') return name.toUpperCase();
  if (isNode(name)) {
    const parts = children(name, 'name');
    const last = parts[parts.length - 1];
    if (last && typeof last.value === 'string') return last.value.toUpperCase();
  }
  return undefined;
}

export function functionArgs(node: AstNode): AstNode[] {
  const args = child(node, 'args');
  if (!args) return [];
  if (isExprList(args)) return children(args, 'value');
  const expr = child(args, 'expr');
  return expr ? [expr] : [];
}

export interface ColumnRef {
  table: string | null;
  column: string;
}

export function columnRef(node: AstNode | undefined): ColumnRef | undefined {
  if (!isColumnRefNode(node)) return undefined;
  const column = node.column;
  const name = typeof column === 'string' ? column : isNode(column) ? columnName(column) : undefined;
  if (!name) return undefined;
  return { table: qualifierOf(node.table), column: name };
}

/**
 * A column's qualifier: a name, or MySQL's quoted one, which node-sql-parser keeps as a node (`` `e`.`entity_id` ``
 * as `table: {type: 'backticks_quote_string', value: 'e'}`). Read as no qualifier, every backticked column of
 * Hibernate, Magento or a mysqldump view was ambiguous, or compared with itself in `a`.`id` = `b`.`id`.
 */
function qualifierOf(table: unknown): string | null {
  if (typeof table === 'string') return table;
  return isNode(table) && typeof table.value === 'string' ? table.value : null;
}

function columnName(column: AstNode): string | undefined {
  const expr = child(column, 'expr');
  if (expr && typeof expr.value === 'string') return expr.value;
  return undefined;
}

/** Literal value of a number or string node, else undefined. */
export function literalValue(node: AstNode | undefined): string | number | undefined {
  if (!node) return undefined;
  if (node.type === 'number' && typeof node.value === 'number') return node.value;
  if (
    (node.type === 'single_quote_string' || node.type === 'string' || node.type === 'double_quote_string') &&
    typeof node.value === 'string'
  ) {
    return node.value;
  }
  return undefined;
}

/** A subquery appears as `{ ast: { type: 'select', ... } }` inside expression lists. */
export function subqueryOf(node: AstNode | undefined): SelectNode | undefined {
  if (!node) return undefined;
  if (isExprList(node)) {
    const values = children(node, 'value');
    if (values.length === 1) return subqueryOf(values[0]);
    return undefined;
  }
  const ast = child(node, 'ast');
  if (isSelect(ast)) return ast;
  return isSelect(node) ? node : undefined;
}
