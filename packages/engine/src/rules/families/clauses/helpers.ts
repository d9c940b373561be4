import type { Dialect, Localized } from '@sqltune/contracts';
import {
  type AstNode,
  child,
  children,
  columnRef,
  comparisonOperators,
  eachChild,
  functionName,
  isNode,
  literalValue,
  operatorOf,
  span,
} from '../../../model/ast.ts';
import { isExprList, isLiteralOf, isOrigin, isSelect, isUnaryExpr, isVar } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { unquote } from '../../../schema/model.ts';
import { isAggregate, isWindow } from '../../../semantics/functions.ts';
import { codeTokens, isKeyword, lex } from '../../../text/lexer.ts';
import { matchAt } from '../../match-helpers.ts';
import type { RuleMatch } from '../../rule.ts';

/** Shared reading helpers of the clauses family: operators, literals, aggregates, AND/OR chains, positions. */

export { comparisonOperators, operatorOf };

/** A number literal (the parser gives `number` or, for big or exponent forms, `bigint`, sometimes as a string). */
export function numberValue(node: AstNode | undefined): number | undefined {
  if (!isLiteralOf(node, 'number', 'bigint')) return undefined;
  const value = typeof node.value === 'number' ? node.value : Number(node.value);
  return Number.isFinite(value) ? value : undefined;
}

/** A plain quoted string literal ('x', or "x" in MySQL). */
export function stringValue(node: AstNode | undefined): string | undefined {
  if (!node || isLiteralOf(node, 'number', 'bigint')) return undefined;
  const value = literalValue(node);
  return typeof value === 'string' ? value : undefined;
}

export function isNullLiteral(node: AstNode | undefined): boolean {
  return isLiteralOf(node, 'null');
}

/** A bind parameter: `?` (MySQL) or `$1` (PostgreSQL). */
function isParameter(node: AstNode | undefined): boolean {
  if (!node) return false;
  if (isOrigin(node) && node.value === '?') return true;
  return isVar(node) && node.prefix === '$';
}

/** A literal or a bind parameter: a value fixed for the whole statement. */
export function isConstant(node: AstNode | undefined): boolean {
  return numberValue(node) !== undefined || stringValue(node) !== undefined || isParameter(node);
}

/** A key that is equal for two literals exactly when they are the same value, whatever the collation. */
export function literalKey(node: AstNode | undefined): string | undefined {
  const number = numberValue(node);
  if (number !== undefined) {
    const raw = String(node!.value);
    return Number.isSafeInteger(number) || !/^-?\d+$/.test(raw) ? `n:${number}` : `n:${raw}`;
  }
  const text = stringValue(node);
  return text === undefined ? undefined : `s:${text}`;
}

/** A subquery, in either of the shapes the parser gives it. */
function isSubquery(node: AstNode): boolean {
  return isSelect(node) || isSelect(child(node, 'ast'));
}

/**
 * Visits an expression without entering subqueries. Return false from `visit` to skip a subtree.
 * The root itself is visited even when it is a subquery.
 */
export function visitExpression(root: AstNode, visit: (node: AstNode) => unknown): void {
  const step = (node: AstNode, isRoot: boolean) => {
    if (!isRoot && isSubquery(node)) return;
    if (visit(node) === false) return;
    eachChild(node, (item) => step(item, false));
  };
  step(root, true);
}

export function containsAggregate(node: AstNode | undefined): boolean {
  if (!node) return false;
  let found = false;
  visitExpression(node, (inner) => {
    if (isAggregate(inner)) found = true;
    return !found;
  });
  return found;
}

export function containsWindow(node: AstNode | undefined): boolean {
  if (!node) return false;
  let found = false;
  visitExpression(node, (inner) => {
    if (isWindow(inner)) found = true;
    return !found;
  });
  return found;
}

/**
 * A window function in the select list or ORDER BY whose OVER has no ORDER BY (or names a window): it numbers or
 * frames rows by arrival, so the order rows arrive in is part of the result.
 */
export function hasUnorderedWindow(query: AstNode): boolean {
  let found = false;
  for (const part of [...children(query, 'columns'), ...children(query, 'orderby')]) {
    visitExpression(part, (node) => {
      if (!isWindow(node)) return undefined;
      const spec = child(child(child(node, 'over') ?? {}, 'as_window_specification') ?? {}, 'window_specification');
      if (!spec || children(spec, 'orderby').length === 0) found = true;
      return !found;
    });
  }
  return found;
}

export function containsSubquery(node: AstNode): boolean {
  let found = false;
  const visit = (value: unknown): void => {
    if (found) return;
    if (Array.isArray(value)) value.forEach(visit);
    else if (isNode(value)) {
      if (isSubquery(value)) found = true;
      else for (const [key, inner] of Object.entries(value)) if (key !== 'loc') visit(inner);
    }
  };
  visit(node);
  return found;
}

/** The operands of an AND (or OR) chain, through nesting and parentheses. */
export function chainOf(node: AstNode | undefined, operator: 'AND' | 'OR'): AstNode[] {
  if (!node) return [];
  if (operatorOf(node) !== operator) return [node];
  return [...chainOf(child(node, 'left'), operator), ...chainOf(child(node, 'right'), operator)];
}

/** Whether a visited node is the top of its AND/OR chain (its parent is not the same operator). */
export function isChainTop(node: AstNode, ancestors: AstNode[]): boolean {
  const parent = ancestors[ancestors.length - 1];
  return operatorOf(parent) !== operatorOf(node);
}

/** A column reference as `table.column` (lower case, unquoted), or undefined when the node is not one. */
export function columnKey(node: AstNode | undefined): string | undefined {
  const ref = columnRef(node);
  if (!ref || ref.column === '*') return undefined;
  return `${ref.table ? unquote(ref.table).toLowerCase() : ''}.${unquote(ref.column).toLowerCase()}`;
}

/** Two column references that must name the same column: same name, and same qualifier unless one has none. */
export function sameColumn(a: AstNode | undefined, b: AstNode | undefined): boolean {
  const x = columnRef(a);
  const y = columnRef(b);
  if (!x || !y || unquote(x.column).toLowerCase() !== unquote(y.column).toLowerCase()) return false;
  if (!x.table || !y.table) return true;
  return unquote(x.table).toLowerCase() === unquote(y.table).toLowerCase();
}

/** The columns of a query's GROUP BY, or [] when it has none. */
export function groupItems(query: AstNode): AstNode[] {
  const groupby = query.groupby;
  if (Array.isArray(groupby)) return groupby.filter(isNode);
  return isNode(groupby) ? children(groupby, 'columns') : [];
}

/** GROUP BY ... WITH ROLLUP (MySQL) or ROLLUP/CUBE/GROUPING SETS (PostgreSQL): super-aggregate rows. */
export function hasGroupingSets(query: AstNode): boolean {
  const groupby = child(query, 'groupby');
  if (groupby && (groupby.modifiers as unknown[] | undefined)?.some((m) => isNode(m))) return true;
  return groupItems(query).some((item) => ['ROLLUP', 'CUBE', 'GROUPING SETS'].includes(functionName(item) ?? ''));
}

/** The select list's expressions with their aliases; empty for `SELECT *`-only shapes the parser gives as a string. */
export function selectItems(query: AstNode): Array<{ expr: AstNode; alias: string | null; item: AstNode }> {
  return children(query, 'columns').flatMap((item) => {
    const expr = child(item, 'expr');
    return expr ? [{ expr, alias: typeof item.as === 'string' ? item.as : null, item }] : [];
  });
}

/**
 * What one GROUP BY item stands for: the expression itself, or the select item a position (`GROUP BY 2`)
 * points at. With `aliases`, also the select item an alias names: both dialects look for a FROM column of
 * that name first, so this is only a possibility (use it where guessing "grouped" is the cautious side).
 */
export function groupMeaningsOf(query: AstNode, group: AstNode, aliases = false): AstNode[] {
  const items = selectItems(query);
  const position = numberValue(group);
  if (position !== undefined) {
    const target = items[position - 1];
    return target ? [target.expr] : [];
  }
  const ref = columnRef(group);
  const aliased =
    aliases && ref && !ref.table
      ? items.filter((i) => i.alias && unquote(i.alias).toLowerCase() === unquote(ref.column).toLowerCase())
      : [];
  return [group, ...aliased.map((i) => i.expr)];
}

export function groupMeanings(query: AstNode, aliases = false): AstNode[] {
  return groupItems(query).flatMap((group) => groupMeaningsOf(query, group, aliases));
}

/**
 * Every expression some grouping set of the query groups by: the items of ROLLUP (...), CUBE (...) and GROUPING SETS
 * (...) (nested too) as well as plain items, with their meanings. A column grouped in only some sets is NULL in the
 * others' rows, which both databases accept in the select list; pushing a filter on it down is another matter, so
 * this is for the select list's checks only.
 */
export function groupingSetMeanings(query: AstNode, aliases = false): AstNode[] {
  const members = (item: AstNode): AstNode[] => {
    if (isExprList(item)) return children(item, 'value').flatMap(members);
    if (['ROLLUP', 'CUBE', 'GROUPING SETS'].includes(functionName(item) ?? '')) {
      return members(child(item, 'args') ?? item);
    }
    return groupMeaningsOf(query, item, aliases);
  };
  return groupItems(query).flatMap(members);
}

/** True when a select is one branch of UNION/INTERSECT/EXCEPT (its ORDER BY/LIMIT may belong to the whole). */
export function inSetOperation(query: AstNode, key: string): boolean {
  return isNode(query._next) || typeof query.set_op === 'string' || key === '_next';
}

/** The row count of LIMIT and the OFFSET, from the parser's shapes for `LIMIT n`, `LIMIT m, n`, `LIMIT n OFFSET m`, `OFFSET m`. */
export function limitParts(query: AstNode): { count?: AstNode; offset?: AstNode } {
  const limit = child(query, 'limit');
  if (!limit) return {};
  const values = children(limit, 'value');
  if (values.length === 0) return {};
  if (limit.seperator === ',') return { offset: values[0], count: values[1] };
  if (limit.seperator === 'offset' && values.length === 1) return { offset: values[0] };
  const count = isOrigin(values[0]) && String(values[0].value).toLowerCase() === 'all' ? undefined : values[0];
  return { count, offset: values[1] };
}

/** Whether the select is the subquery of EXISTS / NOT EXISTS. */
export function isExistsSubquery(ancestors: AstNode[]): boolean {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const node = ancestors[i]!;
    if (isExprList(node) || (node.ast && !node.type)) continue;
    const name = functionName(node) ?? '';
    if (name === 'EXISTS' || name === 'NOT EXISTS') return true;
    return isUnaryExpr(node) && String(node.operator).toUpperCase() === 'NOT EXISTS';
  }
  return false;
}

/** The filtering clauses of a query: WHERE, HAVING and each join's ON. */
export function filterClauses(query: AstNode): Array<{ clause: 'where' | 'having' | 'on'; node: AstNode }> {
  const found: Array<{ clause: 'where' | 'having' | 'on'; node: AstNode }> = [];
  const where = child(query, 'where');
  if (where) found.push({ clause: 'where', node: where });
  const having = child(query, 'having');
  if (having) found.push({ clause: 'having', node: having });
  for (const source of [...children(query, 'from'), ...children(query, 'table')]) {
    const on = child(source, 'on');
    if (on) found.push({ clause: 'on', node: on });
  }
  return found;
}

/** Columns a query's WHERE pins to one constant (`col = 5` at the top level of the AND chain). */
export function pinnedColumns(query: AstNode): AstNode[] {
  return chainOf(child(query, 'where'), 'AND').flatMap((condition) => {
    if (operatorOf(condition) !== '=') return [];
    const left = child(condition, 'left');
    const right = child(condition, 'right');
    if (columnRef(left) && isConstant(right)) return [left!];
    if (columnRef(right) && isConstant(left)) return [right!];
    return [];
  });
}

/** Keywords that end an ORDER BY / GROUP BY list at the same depth. */
const clauseEnds = new Set([
  'HAVING',
  'ORDER',
  'GROUP',
  'LIMIT',
  'OFFSET',
  'FETCH',
  'FOR',
  'WINDOW',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'WITH',
  'LOCK',
  'INTO',
]);

/**
 * Where the bare integers of `ORDER BY` (or `GROUP BY`) lists sit in the text, in source order, with
 * their values. Found from tokens, because the parser gives number literals no location.
 */
function positionalItems(
  text: string,
  dialect: Dialect,
  clause: 'ORDER' | 'GROUP',
): Array<{ start: number; end: number; value: number }> {
  const tokens = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  const found: Array<{ start: number; end: number; value: number }> = [];
  let depth = 0;
  const open = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '(') depth++;
    else if (token.text === ')') {
      open.delete(depth);
      depth--;
    } else if (token.kind === 'word' && clauseEnds.has(token.text.toUpperCase())) {
      open.delete(depth);
      if (isKeyword(token, clause) && isKeyword(tokens[i + 1], 'BY')) {
        open.add(depth);
        i++;
        const item = tokens[i + 1];
        if (item && isItemNumber(tokens, i + 1))
          found.push({ start: item.start, end: item.end, value: Number(item.text) });
      }
    } else if (token.text === ',' && open.has(depth) && isItemNumber(tokens, i + 1)) {
      const item = tokens[i + 1]!;
      found.push({ start: item.start, end: item.end, value: Number(item.text) });
    }
  }
  return found;
}

function isItemNumber(tokens: ReturnType<typeof codeTokens>, i: number): boolean {
  const token = tokens[i];
  if (!token || !/^\d+$/.test(token.text)) return false;
  const next = tokens[i + 1];
  if (!next) return true;
  // A keyword (ASC, DESC, LIMIT, HAVING...) or the end of the item: not `1 + a`.
  return [',', ')', ';'].includes(next.text) || (next.kind === 'word' && /^[A-Za-z_]+$/.test(next.text));
}

/**
 * The truth of a comparison between two literals, when it does not depend on collation or types:
 * numbers compare fully; strings only when identical (different strings may be equal under a collation).
 */
export function constantTruth(node: AstNode): boolean | undefined {
  const operator = operatorOf(node);
  if (!comparisonOperators.has(operator)) return undefined;
  const left = child(node, 'left');
  const right = child(node, 'right');
  const a = numberValue(left);
  const b = numberValue(right);
  if (a !== undefined && b !== undefined) return compare(a, b, operator);
  const x = stringValue(left);
  const y = stringValue(right);
  if (x !== undefined && y !== undefined && x === y) return compare(0, 0, operator);
  return undefined;
}

function compare(a: number, b: number, operator: string): boolean {
  switch (operator) {
    case '=':
      return a === b;
    case '<>':
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

/**
 * Where a visited node sits in its filter (WHERE, HAVING or ON): `root` when it is the whole clause,
 * `and` when only ANDs lie between it and the clause, `or` when its parent is an OR, else `other`
 * (inside NOT, CASE, a function...). Undefined outside filters.
 */
export function filterPosition(
  keys: string[],
  ancestors: AstNode[],
): { position: 'root' | 'and' | 'or' | 'other'; clause: 'where' | 'having' | 'on' } | undefined {
  let r = -1;
  for (let i = keys.length - 1; i >= 0; i--) {
    if (keys[i] === 'where' || keys[i] === 'having' || keys[i] === 'on') {
      r = i;
      break;
    }
  }
  if (r < 0) return undefined;
  const clause = keys[r] as 'where' | 'having' | 'on';
  const between = ancestors.slice(r + 1);
  if (between.length === 0) return { position: 'root', clause };
  if (operatorOf(between[between.length - 1]) === 'OR') return { position: 'or', clause };
  return { position: between.every((n) => operatorOf(n) === 'AND') ? 'and' : 'other', clause };
}

/**
 * Matches for positional ORDER BY / GROUP BY items found in the tree. Number literals carry no location,
 * so the items are also found in the text; when both readings agree (same values, same count) the matches
 * point at the text, otherwise they are reported without a position.
 */
export function positionMatches(
  statement: ParsedStatement,
  positions: number[],
  clause: 'ORDER' | 'GROUP',
  message: (n: number) => Localized,
): RuleMatch[] {
  if (positions.length === 0) return [];
  const inText = positionalItems(statement.text, statement.dialect, clause);
  const key = (values: number[]) => [...values].sort((a, b) => a - b).join(',');
  if (key(inText.map((p) => p.value)) === key(positions)) {
    return inText.map((p) => ({ span: { start: p.start, end: p.end }, message: message(p.value) }));
  }
  return positions.map((n) => ({ message: message(n) }));
}

/** Plain SELECT DISTINCT (not DISTINCT ON), in either dialect's shape. */
export function isSelectDistinct(query: AstNode): boolean {
  const distinct = query.distinct;
  if (typeof distinct === 'string') return distinct.toUpperCase() === 'DISTINCT';
  return isNode(distinct) && String(distinct.type).toUpperCase() === 'DISTINCT';
}

/** A match covering a run of nodes (first to last), or the fallback node's range when they have no location. */
export function matchOver(nodes: AstNode[], fallback: AstNode, message: Localized, text: string): RuleMatch {
  const first = span(nodes[0], text);
  const last = span(nodes[nodes.length - 1], text);
  if (first && last && last.end >= first.start) return { span: { start: first.start, end: last.end }, message };
  return matchAt(fallback, message, text);
}
