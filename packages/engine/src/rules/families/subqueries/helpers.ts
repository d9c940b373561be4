/**
 * Shared reading and writing helpers of the subqueries family (which table a column belongs to is the
 * semantic layer's, semantics/scope.ts): whether a subquery is a plain one-table SELECT, when an equality cannot
 * match more than one row, fresh names, and the text of moved conditions.
 *
 * Everything here answers "undefined" (or gives a reason) when it cannot be sure: a rewrite that moves
 * a subquery into the FROM clause changes which names are visible where, so guessing is never allowed.
 */
import type { Dialect, Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef, isNode, span, visitsOf, walk } from '../../../model/ast.ts';
import { isColumnRefNode, isExprList, isFunctionCall, isSelect } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { type ColumnDef, findColumn, type SchemaModel, unquote } from '../../../schema/model.ts';
import { type Ctes, orderKeyMeaning, type Source, sideOf, sourcesOf } from '../../../semantics/scope.ts';
import { isDateOrTime, isExactNumber, isText } from '../../../semantics/types.ts';
import type { TextEdit } from '../../../text/patch.ts';
import { identifier } from '../../rewrite/identifiers.ts';
import { type QueryLayout, selectCandidates } from '../../rewrite/layout.ts';
import { type TokenView, textOf, tokenRange, tokenView } from '../../rewrite/tokens.ts';
import { editedSlice } from '../../rewrite/verify.ts';
import {
  chainOf,
  containsAggregate,
  containsSubquery,
  containsWindow,
  isSelectDistinct,
  limitParts,
  numberValue,
  stringValue,
} from '../clauses/helpers.ts';

export { chainOf, containsAggregate, containsSubquery, containsWindow };

// ---------------------------------------------------------------------------------------------------
// Column references and the tables of a query.

/** A column reference read strictly: `table` is null when unqualified. */
export interface Ref {
  node: AstNode;
  table: string | null;
  column: string;
}

/**
 * A column reference, or 'odd' for shapes this family does not reason about: a quoted MySQL qualifier
 * (the parser gives it as an object, which would read as "unqualified"), a schema prefix, or `*`.
 */
export function refOf(node: AstNode | undefined): Ref | 'odd' | undefined {
  if (!isColumnRefNode(node)) return undefined;
  const table = node.table;
  if ((table !== null && table !== undefined && typeof table !== 'string') || node.schema || node.db) return 'odd';
  const ref = columnRef(node);
  if (!ref || ref.column === '*') return 'odd';
  return { node, table: ref.table, column: ref.column };
}

/** Every column reference of an expression (not entering subqueries), or undefined when one is odd. */
export function refsIn(node: AstNode | undefined): Ref[] | undefined {
  if (!node) return [];
  const found: Ref[] = [];
  let odd = false;
  walk(node, ({ node: inner }) => {
    if (inner !== node && (isSelect(inner) || isSelect(child(inner, 'ast')))) return false;
    const ref = refOf(inner);
    if (ref === 'odd') odd = true;
    else if (ref) found.push(ref);
    return undefined;
  });
  return odd ? undefined : found;
}

// ---------------------------------------------------------------------------------------------------
// Subqueries.

/** A subquery of this family's shape: a SELECT over one plain table, with no set operation or CTE. */
export interface OneTableQuery {
  query: AstNode;
  source: Source;
}

/** The subquery's one table, when it is a plain SELECT over a single plain table. */
export function oneTableQuery(query: AstNode, schema: SchemaModel, ctes: Ctes): OneTableQuery | undefined {
  if (!isSelect(query) || isNode(query._next) || query.set_op || children(query, 'with').length > 0) {
    return undefined;
  }
  const sources = sourcesOf(query, schema, ctes);
  const source = sources[0];
  if (sources.length !== 1 || !source?.table || source.node.db) return undefined;
  return { query, source };
}

/** What a subquery carries besides SELECT ... FROM ... WHERE, each of which changes how many rows it gives. */
export function extraClauses(query: AstNode): {
  grouped: boolean;
  limited: boolean;
  ordered: boolean;
  distinct: boolean;
} {
  const { count, offset } = limitParts(query);
  const groupby = query.groupby;
  const grouped =
    (Array.isArray(groupby) ? groupby.length > 0 : isNode(groupby) && children(groupby, 'columns').length > 0) ||
    !!child(query, 'having');
  const distinctNode = query.distinct;
  const distinctOn =
    isNode(distinctNode) &&
    String(distinctNode.type ?? '')
      .toUpperCase()
      .startsWith('DISTINCT ON');
  return {
    grouped,
    limited: !!count || !!offset,
    ordered: children(query, 'orderby').length > 0,
    distinct: isSelectDistinct(query) || distinctOn,
  };
}

/** The subquery of `EXISTS (...)` and of a parenthesised scalar subquery. */
export function wrappedQuery(node: AstNode | undefined): AstNode | undefined {
  const ast = node ? child(node, 'ast') : undefined;
  return isSelect(ast) ? ast : undefined;
}

/** The subquery of `EXISTS (SELECT ...)` (not NOT EXISTS), when the node is one. */
export function existsQuery(node: AstNode): AstNode | undefined {
  if (!isFunctionCall(node)) return undefined;
  const parts = children(child(node, 'name') ?? {}, 'name');
  if (parts.length !== 1 || String(parts[0]!.value).toUpperCase() !== 'EXISTS') return undefined;
  const args = children(node.args ?? {}, 'value');
  return args.length === 1 ? wrappedQuery(args[0]) : undefined;
}

/** The operands of a query's WHERE as an AND chain ([] when it has none). */
export function whereConjuncts(query: AstNode): AstNode[] {
  return chainOf(child(query, 'where'), 'AND');
}

/** An equality between a column of the subquery's table and a column of the outer query. */
export interface Correlation {
  conjunct: AstNode;
  inner: Ref;
  outer: Ref;
}

/**
 * The conjuncts of a one-table subquery's WHERE, sorted: equalities that tie an inner column to an outer
 * one, and the rest, which must only read the subquery's table (no subquery either). Undefined when some
 * conjunct reads the outer query in another way (or cannot be placed: `unknown` tells which).
 */
export function splitCorrelation(
  where: AstNode | undefined,
  inner: Source,
): { correlations: Correlation[]; local: AstNode[] } | 'unknown' | undefined {
  const correlations: Correlation[] = [];
  const local: AstNode[] = [];
  for (const conjunct of chainOf(where, 'AND')) {
    if (containsSubquery(conjunct)) return undefined;
    const refs = refsIn(conjunct);
    if (!refs) return undefined;
    const sides = refs.map((ref) => sideOf(ref, inner));
    if (sides.includes(undefined)) return 'unknown';
    if (sides.every((side) => side === 'inner')) {
      local.push(conjunct);
      continue;
    }
    const left = refOf(child(conjunct, 'left'));
    const right = refOf(child(conjunct, 'right'));
    if (String(conjunct.operator) !== '=' || typeof left !== 'object' || typeof right !== 'object') return undefined;
    const leftSide = sideOf(left, inner);
    const rightSide = sideOf(right, inner);
    if (leftSide === 'inner' && rightSide === 'outer') correlations.push({ conjunct, inner: left, outer: right });
    else if (leftSide === 'outer' && rightSide === 'inner') correlations.push({ conjunct, inner: right, outer: left });
    else return undefined;
  }
  return { correlations, local };
}

// ---------------------------------------------------------------------------------------------------
// Keys and equality.

/**
 * Whether `a = b` between these two columns is the same equality their unique indexes and GROUP BY use,
 * so "unique on a" means "at most one row equal to a given b". Integers and decimals compare exactly
 * with each other; dates and times only with the same type; text in PostgreSQL (deterministic collations:
 * equal means the same bytes), and in MySQL only when the structure shows both columns have the same collation
 * (then `a = b` compares in it, as the unique index does; under another one it can match several rows).
 * A MySQL text key compared with a number is compared as doubles: '1', '01' and '1.0' all equal 1.
 */
export function sameEquality(a: ColumnDef, b: ColumnDef, dialect: Dialect): boolean {
  if (isExactNumber(a) && isExactNumber(b)) return true;
  if (isDateOrTime(a)) return a.type === b.type;
  if (!isText(a) || !isText(b)) return false;
  return dialect === 'postgresql' || (!!a.collation && a.collation === b.collation);
}

/** Whether `column = literal` holds for at most one value of the column (so it pins the column). */
export function literalPins(column: ColumnDef, literal: AstNode | undefined, dialect: Dialect): boolean {
  if (numberValue(literal) !== undefined) return isExactNumber(column);
  if (stringValue(literal) === undefined) return false;
  // A string compares in the column's own collation (the unique index's); in PostgreSQL it is cast to the type.
  return isText(column) || isDateOrTime(column) || (dialect === 'postgresql' && isExactNumber(column));
}

/** Columns (lower case) the local conjuncts pin to one literal value each: `t.col = 5`. */
export function pinnedBy(local: AstNode[], inner: Source, dialect: Dialect): Set<string> {
  const pinned = new Set<string>();
  for (const conjunct of local) {
    if (String(conjunct.operator) !== '=') continue;
    for (const [side, other] of [
      ['left', 'right'],
      ['right', 'left'],
    ] as const) {
      const ref = refOf(child(conjunct, side));
      const column = typeof ref === 'object' && inner.def ? findColumn(inner.def, ref.column) : undefined;
      if (column && literalPins(column, child(conjunct, other), dialect)) pinned.add(column.name.toLowerCase());
    }
  }
  return pinned;
}

// ---------------------------------------------------------------------------------------------------
// The outer query a rewrite adds a join to.

/**
 * Why a JOIN cannot be appended to this query's FROM clause, or undefined when it can: not a SELECT with
 * a FROM, `SELECT *` (the new table's columns would appear), LIMIT/OFFSET (a different plan may pick other
 * rows among ties), a locking read, or a FROM the parser reads wrongly in PostgreSQL (a comma after an ON
 * condition, NATURAL joins).
 */
export function joinTargetProblem(query: AstNode, root: AstNode): Localized | undefined {
  if (!isSelect(query) || children(query, 'from').length === 0) {
    return { zh: '外层不是带 FROM 的 SELECT', en: 'the outer query is not a SELECT with a FROM clause' };
  }
  if (hasUnqualifiedStar(query)) {
    return {
      zh: '外层查询使用了 SELECT *，连接后会多出新表的列',
      en: 'the outer query uses SELECT *, which would gain the joined table’s columns',
    };
  }
  const { count, offset } = limitParts(query);
  if (count || offset || limitedBranches(root).has(query)) {
    return {
      zh: '外层查询带 LIMIT/OFFSET，换一种执行计划可能在并列的行中取到不同的行',
      en: 'the outer query has LIMIT/OFFSET, and another plan may pick other rows among ties',
    };
  }
  if (typeof query.locking_read === 'string' || isNode(query.locking_read)) {
    return { zh: '外层查询带锁定子句', en: 'the outer query takes row locks' };
  }
  const misread = children(query, 'from').some(
    (entry) =>
      isExprList(child(entry, 'on')) ||
      String(entry.as ?? '').toUpperCase() === 'NATURAL' ||
      String(entry.join ?? '')
        .toUpperCase()
        .includes('NATURAL'),
  );
  if (misread) {
    return {
      zh: '外层 FROM 子句混用了逗号与 JOIN 或使用了 NATURAL JOIN',
      en: 'the outer FROM clause mixes commas with JOIN ... ON or uses NATURAL JOIN',
    };
  }
  return undefined;
}

const branchCache = new WeakMap<AstNode, Set<AstNode>>();

/** The branches of set operations (UNION ...) whose LIMIT the grammar hangs on their last branch. */
function limitedBranches(root: AstNode): Set<AstNode> {
  const cached = branchCache.get(root);
  if (cached) return cached;
  const limited = new Set<AstNode>();
  const nexts = new Set<AstNode>();
  walk(root, ({ node }) => {
    const next = child(node, '_next');
    if (next) nexts.add(next);
    return undefined;
  });
  walk(root, ({ node }) => {
    if (!isSelect(node) || nexts.has(node) || !node._next) return undefined;
    const chain: AstNode[] = [];
    for (let branch: AstNode | undefined = node; branch; branch = child(branch, '_next')) chain.push(branch);
    if (chain.some((branch) => limitParts(branch).count || limitParts(branch).offset)) {
      for (const branch of chain) limited.add(branch);
    }
    return undefined;
  });
  branchCache.set(root, limited);
  return limited;
}

function hasUnqualifiedStar(query: AstNode): boolean {
  if (typeof query.columns === 'string') return true;
  return children(query, 'columns').some((item) => {
    const expr = child(item, 'expr');
    return isColumnRefNode(expr) && expr.column === '*' && !expr.table;
  });
}

/**
 * Every unqualified column name (lower case) the query or any query nested in it reads, except inside
 * `skip` and except ORDER BY items naming an output alias (both dialects read those as the alias first).
 * A table joined into the query makes these names ambiguous, or silently captures them in a nested query.
 */
export function unqualifiedNames(query: AstNode, skip: Set<AstNode>): Set<string> {
  // The select item such a name stands for (orderKeyMeaning) is read where it is written.
  const orderByAliases = new Set(
    children(query, 'orderby')
      .map((item) => child(item, 'expr'))
      .filter((key) => !!key && !!columnRef(key) && typeof orderKeyMeaning(query, key)?.item?.as === 'string'),
  );
  const names = new Set<string>();
  walk(query, ({ node, key, ancestors }) => {
    if (skip.has(node) || orderByAliases.has(node)) return false;
    if (ancestors[ancestors.length - 1] === query && (key === 'with' || key === '_next')) return false;
    const ref = columnRef(node);
    if (isColumnRefNode(node) && ref && !ref.table && ref.column !== '*') names.add(unquote(ref.column).toLowerCase());
    return undefined;
  });
  return names;
}

/**
 * Every table name, alias and column name of the statement (lower case): fresh names avoid all of them. A new set
 * each time (freshName adds to it), copied from one collected per tree.
 */
export function takenNames(ast: AstNode): Set<string> {
  let names = namesOf.get(ast);
  if (!names) {
    names = new Set<string>();
    for (const { node } of visitsOf(ast)) {
      for (const value of [node.table, node.as, node.name])
        if (typeof value === 'string') names.add(value.toLowerCase());
      const ref = columnRef(node);
      if (ref) names.add(unquote(ref.column).toLowerCase());
    }
    namesOf.set(ast, names);
  }
  return new Set(names);
}

const namesOf = new WeakMap<AstNode, Set<string>>();

/** The first of `base`, `base2`, `base3`... not taken; it is then taken. */
export function freshName(taken: Set<string>, base: string): string {
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base}${i}`;
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Finding text.

/** The SELECT layouts a query may start at; in PostgreSQL narrowed by a located node of its own clauses. */
export function queryLayouts(statement: ParsedStatement, query: AstNode): QueryLayout[] {
  const candidates = selectCandidates(statement, query);
  if (candidates.length <= 1) return candidates;
  const anchor = ownLocatedNode(query);
  const at = anchor ? tokenRange(statement, anchor) : undefined;
  if (!at) return candidates;
  const holding = candidates.filter((c) => c.select < at[0] && at[1] <= c.last);
  // The innermost SELECT holding a node of the query's own clauses is the query.
  return holding.sort((a, b) => b.select - a.select).slice(0, 1);
}

function ownLocatedNode(query: AstNode): AstNode | undefined {
  let found: AstNode | undefined;
  walk(query, ({ node }) => {
    if (found) return false;
    if (node !== query && (isSelect(node) || isSelect(child(node, 'ast')))) return false;
    if (node !== query && span(node)) {
      found = node;
      return false;
    }
    return undefined;
  });
  return found;
}

/** The token indices of the parentheses around a subquery laid out at `layout`, when they hold exactly it. */
export function parenthesesOf(view: TokenView, layout: QueryLayout): [number, number] | undefined {
  const open = layout.select - 1;
  const close = view.partner.get(open);
  if (view.tokens[open]?.text !== '(' || close === undefined || layout.last !== close - 1) return undefined;
  return [open, close];
}

/** An identifier for generated text, quoted when the dialect needs it; undefined when that cannot be told. */
export function nameText(name: string, dialect: Dialect): string | undefined {
  return identifier(unquote(name), dialect);
}

/** The text of a column reference: as written when it is located, else spelled from its parts. */
export function refText(statement: ParsedStatement, ref: Ref): string | undefined {
  const at = tokenRange(statement, ref.node);
  if (at) return textOf(statement, at);
  const column = nameText(ref.column, statement.dialect);
  if (!ref.table) return column;
  const table = nameText(ref.table, statement.dialect);
  return table && column ? `${table}.${column}` : undefined;
}

/** The text of a plain table entry's name (not its alias). */
export function tableText(statement: ParsedStatement, source: Source): string | undefined {
  return source.table === null ? undefined : nameText(source.table, statement.dialect);
}

/**
 * The text of token range [first, last] with the inner table's columns qualified by `alias`: `t.col` and
 * `col` (a name in `innerNames`) both become `alias.col`. The caller checks the result parses to the
 * intended tree, so a word taken for a column by mistake costs the rewrite, never the meaning.
 */
export function qualifiedText(
  statement: ParsedStatement,
  [first, last]: [number, number],
  qualifier: string,
  innerNames: Set<string>,
  alias: string,
): string {
  const { tokens } = tokenView(statement);
  const edits: TextEdit[] = [];
  for (let i = first; i <= last; i++) {
    const token = tokens[i]!;
    const before = tokens[i - 1]?.text;
    const after = tokens[i + 1]?.text;
    if (token.kind === 'word') {
      const parts = token.text.split('.');
      if (parts.length === 2 && parts[0]!.toLowerCase() === qualifier && /^[A-Za-z_]/.test(parts[0]!)) {
        edits.push({ start: token.start, end: token.start + parts[0]!.length, replacement: alias });
      } else if (parts.length === 1 && innerNames.has(token.text.toLowerCase()) && before !== '.') {
        if (after !== '(' && after !== '.')
          edits.push({ start: token.start, end: token.start, replacement: `${alias}.` });
      }
    } else if (token.kind === 'quoted') {
      const name = token.text.slice(1, -1);
      if (after === '.' && name.toLowerCase() === qualifier) {
        edits.push({ start: token.start, end: token.end, replacement: alias });
      } else if (before !== '.' && after !== '.' && innerNames.has(name.toLowerCase())) {
        edits.push({ start: token.start, end: token.start, replacement: `${alias}.` });
      }
    }
  }
  const start = tokens[first]!.start;
  const end = tokens[last]!.end;
  return editedSlice(statement.text, start, end, edits);
}

/** A copy of an expression with every column reference qualified by `alias` when `inner` says so. */
export function requalified(node: AstNode, alias: string, inner: (ref: Ref) => boolean): AstNode {
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (!isNode(value)) return value;
    const ref = refOf(value);
    if (typeof ref === 'object' && inner(ref)) return { ...value, table: alias };
    const out: AstNode = {};
    for (const [key, innerValue] of Object.entries(value)) out[key] = copy(innerValue);
    return out;
  };
  return copy(node) as AstNode;
}

/** Unquoted lower-case names of the inner table's columns that the given references use unqualified. */
export function unqualifiedInner(refs: Ref[]): Set<string> {
  return new Set(refs.filter((r) => !r.table).map((r) => unquote(r.column).toLowerCase()));
}
