import type { Dialect, Localized } from '@sqltune/contracts';
import { parseStatements } from '../../../dialect/parse.ts';
import { type AstNode, child, children, columnRef, functionName, isNode, walk } from '../../../model/ast.ts';
import { isExprList, isLiteralOf, isOrigin, isSelect, isUnaryExpr, isVar } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { type SchemaModel, type TableDef, unquote } from '../../../schema/model.ts';
import { resolve } from '../../../semantics/scope.ts';
import type { Token } from '../../../text/lexer.ts';
import { applyEdits, type TextEdit } from '../../../text/patch.ts';
import { identifier } from '../../rewrite/identifiers.ts';
import { nodeTokens, type TokenView, textOf, tokenView, wrapped } from '../../rewrite/tokens.ts';
import {
  containsAggregate,
  containsWindow,
  groupItems,
  isSelectDistinct,
  limitParts,
  numberValue,
  operatorOf,
  selectItems,
  stringValue,
} from '../clauses/helpers.ts';

/** Shared reading and writing helpers of the pushdown family. */

// ---------------------------------------------------------------------------------------------------
// Query shapes.

/** The SELECT branches of a query: itself and its UNION/INTERSECT/EXCEPT followers. */
export function branchesOf(query: AstNode): AstNode[] {
  const branches: AstNode[] = [];
  for (let branch: AstNode | undefined = query; branch; branch = child(branch, '_next')) branches.push(branch);
  return branches;
}

/** The set operators between branches, lower case (`union`, `union all`, ...). */
export function setOperatorsOf(query: AstNode): string[] {
  return branchesOf(query)
    .slice(0, -1)
    .map((branch) => String(branch.set_op ?? '').toLowerCase());
}

/** Whether the query (one branch) has a LIMIT or OFFSET, in any of the grammars' shapes. */
export function limited(query: AstNode): boolean {
  const { count, offset } = limitParts(query);
  return !!count || !!offset || isNode(query._limit);
}

export function ordered(query: AstNode): boolean {
  return children(query, 'orderby').length > 0 || children(query, '_orderby').length > 0;
}

export function grouped(query: AstNode): boolean {
  return groupItems(query).length > 0;
}

/** ROLLUP/CUBE/GROUPING SETS or MySQL's WITH ROLLUP: groups with NULLs that no row had. */
export function hasSuperGroups(query: AstNode): boolean {
  const groupby = child(query, 'groupby');
  if (groupby && (groupby.modifiers as unknown[] | undefined)?.some((m) => isNode(m))) return true;
  return groupItems(query).some((item) => ['ROLLUP', 'CUBE', 'GROUPING SETS'].includes(functionName(item) ?? ''));
}

/** DISTINCT ON (PostgreSQL): keeps one row per key, chosen by ORDER BY. */
export function hasDistinctOn(query: AstNode): boolean {
  const distinct = query.distinct;
  const text = isNode(distinct) ? String(distinct.type ?? '') : typeof distinct === 'string' ? distinct : '';
  return text.toUpperCase().startsWith('DISTINCT ON') || (isNode(distinct) && Array.isArray(distinct.columns));
}

/** Plain DISTINCT (not DISTINCT ON). */
export function isDistinct(query: AstNode): boolean {
  return isSelectDistinct(query) && !hasDistinctOn(query);
}

/** Whether the query aggregates (an aggregate in its select list, HAVING or ORDER BY, or a HAVING at all). */
export function aggregates(query: AstNode): boolean {
  const parts = [...children(query, 'columns'), ...children(query, 'orderby')];
  return !!child(query, 'having') || parts.some((part) => containsAggregate(part));
}

export function windowed(query: AstNode): boolean {
  const parts = [...children(query, 'columns'), ...children(query, 'orderby')];
  return isNode(query.window) || parts.some((part) => containsWindow(part));
}

/** SELECT ... FOR UPDATE / INTO / SQL_CALC_FOUND_ROWS and friends: side effects or session state. */
export function hasSideEffects(query: AstNode): boolean {
  const into = child(query, 'into');
  const options = query.options;
  return (
    (query.locking_read != null && query.locking_read !== '') ||
    isNode(query.for) ||
    (!!into && into.position != null) ||
    (Array.isArray(options) && options.length > 0)
  );
}

/** The one plain table a query reads (no join, no subquery), or undefined. */
export function singleTable(query: AstNode): { table: string; name: string; source: AstNode } | undefined {
  const from = children(query, 'from');
  if (from.length !== 1) return undefined;
  const source = from[0]!;
  if (typeof source.table !== 'string' || source.expr || source.join || source.db) return undefined;
  const name = typeof source.as === 'string' ? source.as : source.table;
  return { table: source.table, name, source };
}

/** Indices of FROM entries an outer join can extend with NULLs. */
export function nullExtended(from: AstNode[]): Set<number> {
  const nullable = new Set<number>();
  from.forEach((source, i) => {
    const join = String(source.join ?? '').toUpperCase();
    if (join.includes('LEFT') || join.includes('FULL')) nullable.add(i);
    if (join.includes('RIGHT') || join.includes('FULL')) for (let j = 0; j < i; j++) nullable.add(j);
  });
  return nullable;
}

// ---------------------------------------------------------------------------------------------------
// Names.

/** Whether two names (unquoted) are the same in the dialect: MySQL column and alias names ignore case. */
export function sameName(a: string, b: string, dialect: Dialect): boolean {
  const x = unquote(a);
  const y = unquote(b);
  return dialect === 'mysql' ? x.toLowerCase() === y.toLowerCase() : x === y;
}

/** A column reference written back (`t.c` or `c`), or undefined when a name cannot be written safely. */
export function printColumn(node: AstNode | undefined, dialect: Dialect): string | undefined {
  const ref = columnRef(node);
  if (!ref || ref.column === '*' || node!.db) return undefined;
  const column = identifier(unquote(ref.column), dialect);
  if (!column) return undefined;
  if (!ref.table) return column;
  const table = identifier(unquote(ref.table), dialect);
  return table ? `${table}.${column}` : undefined;
}

// ---------------------------------------------------------------------------------------------------
// The schema.

/** The schema column of a reference in a single-table query, or undefined when it cannot be placed. */
export function tableColumn(ast: AstNode, schema: SchemaModel, query: AstNode, node: AstNode | undefined) {
  const ref = columnRef(node);
  const resolution = ref && singleTable(query) ? resolve(ast, schema, query, ref) : undefined;
  if (resolution?.kind !== 'local' || !resolution.source.def || !resolution.column) return undefined;
  return { table: resolution.source.def, column: resolution.column };
}

/** Whether a column alone is the primary key or a unique index (not a partial one) of its table. */
export function uniqueAlone(table: TableDef, column: string): boolean {
  return table.indexes.some(
    (index) =>
      (index.unique || index.primary) &&
      index.where === undefined &&
      index.columns.length === 1 &&
      index.columns[0]!.toLowerCase() === column.toLowerCase(),
  );
}

// ---------------------------------------------------------------------------------------------------
// Conditions.

export const comparisons = new Set(['=', '<>', '!=', '<', '<=', '>', '>=']);

/** A number or string literal, or a bind parameter. */
export function isLiteral(node: AstNode | undefined): boolean {
  if (numberValue(node) !== undefined || stringValue(node) !== undefined) return true;
  if (isOrigin(node) && node.value === '?') return true;
  return isVar(node) && node.prefix === '$';
}

/** The column references of an expression (not inside subqueries), as nodes. */
export function columnNodes(node: AstNode | undefined): AstNode[] {
  if (!node) return [];
  const found: AstNode[] = [];
  walk(node, ({ node: inner }) => {
    if (isSelect(inner) || isSelect(child(inner, 'ast'))) return false;
    if (columnRef(inner)) {
      found.push(inner);
      return false;
    }
    return undefined;
  });
  return found;
}

/** Whether the expression holds a subquery. */
export function hasSubquery(node: AstNode | undefined): boolean {
  if (!node) return false;
  let found = false;
  walk(node, ({ node: inner }) => {
    if (isSelect(inner)) found = true;
    return found ? false : undefined;
  });
  return found;
}

/**
 * Whether a condition keeps or drops all rows of a group together: it is built, under AND/OR/NOT, from
 * comparisons (=, <>, <, <=, >, >=, IN, BETWEEN, IS [NOT] NULL) of one column with literals, which
 * respect the equality the grouping (or DISTINCT, or UNION) uses: 'a' and 'A' under a case-insensitive
 * collation, 1.0 and 1.00 as numerics. Functions, LIKE and casts can tell such values apart.
 * `literalFits` says whether one literal compares with one column in the column's own terms.
 */
export function groupConstant(node: AstNode, literalFits: (column: AstNode, literal: AstNode) => boolean): boolean {
  const operator = operatorOf(node);
  if (operator === 'AND' || operator === 'OR') {
    return groupConstant(child(node, 'left')!, literalFits) && groupConstant(child(node, 'right')!, literalFits);
  }
  if (isUnaryExpr(node) && String(node.operator).toUpperCase() === 'NOT') {
    const inner = node.expr;
    return !!inner && groupConstant(inner, literalFits);
  }
  const left = child(node, 'left');
  const right = child(node, 'right');
  if (comparisons.has(operator)) {
    if (columnRef(left) && isComparable(right)) return literalFits(left!, right!);
    if (columnRef(right) && isComparable(left)) return literalFits(right!, left!);
    return false;
  }
  if (operator === 'IS' || operator === 'IS NOT') return !!columnRef(left) && isLiteralOf(right, 'null');
  if (['IN', 'NOT IN', 'BETWEEN', 'NOT BETWEEN'].includes(operator)) {
    const values = isExprList(right) ? children(right, 'value') : [];
    return !!columnRef(left) && values.length > 0 && values.every((v) => isComparable(v) && literalFits(left!, v));
  }
  return false;
}

function isComparable(node: AstNode | undefined): boolean {
  return numberValue(node) !== undefined || stringValue(node) !== undefined;
}

// ---------------------------------------------------------------------------------------------------
// Text.

/** Wraps a condition's text in parentheses when its top operator binds looser than AND. */
export function asConjunct(node: AstNode, text: string): string {
  return ['OR', 'XOR', '||'].includes(operatorOf(node)) ? `(${text})` : text;
}

/** The text of a node (balanced), or undefined when it cannot be placed. */
export function nodeText(statement: ParsedStatement, node: AstNode): string | undefined {
  const range = nodeTokens(statement, node);
  return range ? textOf(statement, range) : undefined;
}

/** A column reference as it is written in the text: `c`, `t.c`, `"t"."c"`, `` `t`.c ``... */
export interface WrittenColumn {
  first: number;
  last: number;
  qualifier: string | null;
  name: string;
}

function unquoteToken(token: Token): string {
  const quote = token.text[0]!;
  return token.text.slice(1, -1).split(`${quote}${quote}`).join(quote);
}

/**
 * The column references written in a token range, read from the tokens (PostgreSQL's grammar does not
 * locate them). Names are as the dialect reads them: PostgreSQL folds unquoted names to lower case.
 * Keywords and function names may come out as names too: a caller only acts on the names it knows, and
 * checks the result by parsing it.
 */
export function writtenColumns(view: TokenView, [from, to]: [number, number], dialect: Dialect): WrittenColumn[] {
  const { tokens } = view;
  const word = (text: string) => (dialect === 'postgresql' ? text.toLowerCase() : text);
  const adjacent = (a: number, b: number) => !!tokens[a] && !!tokens[b] && tokens[a]!.end === tokens[b]!.start;
  const found: WrittenColumn[] = [];
  for (let i = from; i <= to; i++) {
    const token = tokens[i]!;
    if (token.kind === 'word') {
      if (/^[0-9]/.test(token.text) || tokens[i + 1]?.text === '(') continue;
      if (token.text.endsWith('.') && tokens[i + 1]?.kind === 'quoted' && adjacent(i, i + 1) && i + 1 <= to) {
        const parts = token.text.slice(0, -1).split('.');
        if (parts.length === 1)
          found.push({ first: i, last: i + 1, qualifier: word(parts[0]!), name: unquoteToken(tokens[i + 1]!) });
        i++;
        continue;
      }
      const parts = token.text.split('.');
      if (parts.length === 1) found.push({ first: i, last: i, qualifier: null, name: word(parts[0]!) });
      else if (parts.length === 2 && parts[0] && parts[1]) {
        found.push({ first: i, last: i, qualifier: word(parts[0]), name: word(parts[1]) });
      }
    } else if (token.kind === 'quoted') {
      const next = tokens[i + 2];
      if (tokens[i + 1]?.text === '.' && adjacent(i, i + 1) && adjacent(i + 1, i + 2) && i + 2 <= to && next) {
        if (next.kind === 'quoted' || next.kind === 'word') {
          const name = next.kind === 'quoted' ? unquoteToken(next) : word(next.text);
          found.push({ first: i, last: i + 2, qualifier: unquoteToken(token), name });
          i += 2;
          continue;
        }
      }
      found.push({ first: i, last: i, qualifier: null, name: unquoteToken(token) });
    }
  }
  return found;
}

/** The text of a token range with some token runs replaced. */
export function replaceRuns(
  statement: ParsedStatement,
  [from, to]: [number, number],
  runs: Array<{ first: number; last: number; text: string }>,
): string {
  const { tokens } = tokenView(statement);
  const start = tokens[from]!.start;
  const edits: TextEdit[] = runs.map((run) => ({
    start: tokens[run.first]!.start - start,
    end: tokens[run.last]!.end - start,
    replacement: run.text,
  }));
  return applyEdits(statement.text.slice(start, tokens[to]!.end), edits);
}

/** The token range of a WHERE condition together with its WHERE keyword, or undefined. */
export function whereClauseTokens(statement: ParsedStatement, where: AstNode): [number, number] | undefined {
  const range = nodeTokens(statement, where);
  if (!range) return undefined;
  const view = tokenView(statement);
  const [first, last] = wrapped(view, range);
  const keyword = view.tokens[first - 1];
  return keyword?.kind === 'word' && keyword.text.toUpperCase() === 'WHERE' ? [first - 1, last] : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Trees.

/** The AND of several conditions, as the grammar builds it (the fingerprint ignores how it nests). */
export function andOf(conditions: AstNode[]): AstNode | null {
  if (conditions.length === 0) return null;
  return conditions.reduce((left, right) => ({ type: 'binary_expr', operator: 'AND', left, right }));
}

/** The first SELECT of a statement text as the dialect's grammar reads it, or undefined. */
export function parseQuery(text: string, dialect: Dialect): AstNode | undefined {
  try {
    const [statement] = parseStatements(text, dialect);
    return isSelect(statement?.ast) ? statement.ast : undefined;
  } catch {
    return undefined;
  }
}

/** The LIMIT node the grammar builds for a LIMIT clause text (`LIMIT 10`, `LIMIT 1 OFFSET 5`). */
export function limitNode(clause: string, dialect: Dialect): AstNode | undefined {
  return child(parseQuery(`SELECT 1 FROM t ${clause}`, dialect) ?? {}, 'limit');
}

/** The ORDER BY items the grammar builds for an ORDER BY clause text. */
export function orderNodes(clause: string, dialect: Dialect): AstNode[] | undefined {
  const query = parseQuery(`SELECT 1 FROM t ${clause}`, dialect);
  const items = query ? children(query, 'orderby') : [];
  return items.length > 0 ? items : undefined;
}

/** `(p) IS NOT TRUE` around a condition, in the grammar's shape. */
export function isNotTrue(condition: AstNode, dialect: Dialect): AstNode | undefined {
  const query = parseQuery('SELECT 1 FROM t WHERE (1 = 1) IS NOT TRUE', dialect);
  const template = query ? child(query, 'where') : undefined;
  return template ? { ...template, left: condition } : undefined;
}

/** The select items of a query's output, by position: the expression and the name it goes by. */
export function outputColumns(query: AstNode): Array<{ expr: AstNode; name: string | null }> | undefined {
  const items = selectItems(query);
  if (items.length !== children(query, 'columns').length) return undefined;
  const out: Array<{ expr: AstNode; name: string | null }> = [];
  for (const { expr, alias } of items) {
    const ref = columnRef(expr);
    if (ref?.column === '*') return undefined;
    out.push({ expr, name: alias ?? ref?.column ?? null });
  }
  return out;
}

/**
 * How many positional `?` parameters (MySQL) a tree holds. They bind by their order in the text, so a
 * rewrite must not copy them or move them past one another.
 */
export function positionalParameters(node: AstNode | undefined): number {
  if (!node) return 0;
  let count = 0;
  walk(node, ({ node: inner }) => {
    if (isOrigin(inner) && inner.value === '?') count++;
    return undefined;
  });
  return count;
}

/** Reasons shared by the family's messages. */
export const reasons = {
  text: {
    zh: '未能在语句文本中安全地定位和改写相关部分',
    en: 'the statement text could not be edited safely at this place',
  },
  names: {
    zh: '有表名或列名无法确定引号写法',
    en: 'a table or column name cannot be written back safely',
  },
  parameters: {
    zh: '改写会复制或移动 ? 占位参数，改变参数绑定的顺序',
    en: 'the rewrite would copy or move ? parameters, which bind by their order in the text',
  },
} satisfies Record<string, Localized>;
