/**
 * Shared helpers of the relations family: joins and their conditions, keys and indexes, locking clauses,
 * UPDATE targets. Which query a column belongs to is the semantic layer's (semantics/scope.ts).
 */
import {
  type AstNode,
  type ColumnRef,
  child,
  children,
  columnRef,
  comparisonOperators,
  literalValue,
  operatorOf,
} from '../../../model/ast.ts';
import { isLiteralOf, isSelect } from '../../../model/nodes.ts';
import { type TableDef, unquote } from '../../../schema/model.ts';
import { columnsIn, ownedSource, ownersOf, ownWalk, type Source } from '../../../semantics/scope.ts';
import { codeTokens, isKeyword, lex } from '../../../text/lexer.ts';

export function hasSubquery(node: AstNode | undefined): boolean {
  if (!node) return false;
  let found = false;
  ownWalk(node, undefined, () => {
    found = true;
  });
  return found;
}

/** The operands of a top-level AND chain. */
export function conjuncts(node: AstNode | undefined): AstNode[] {
  if (!node) return [];
  if (operatorOf(node) === 'AND') return [...conjuncts(child(node, 'left')), ...conjuncts(child(node, 'right'))];
  return [node];
}

export { comparisonOperators, operatorOf };

export function isPrimaryKeyColumn(def: TableDef, column: string): boolean {
  const wanted = column.toLowerCase();
  return def.indexes.some((index) => index.primary && index.columns.some((c) => c.toLowerCase() === wanted));
}

/** Whether a LIMIT clause holds a row count (PostgreSQL's grammar gives an empty one when there is none). */
export function hasLimit(query: AstNode): boolean {
  const limit = child(query, 'limit');
  return !!limit && children(limit, 'value').length > 0;
}

/** The row count of LIMIT n / LIMIT o, n, when it is a number. */
export function limitCount(query: AstNode): number | undefined {
  const limit = child(query, 'limit');
  const values = limit ? children(limit, 'value') : [];
  const count = String(limit?.seperator ?? '') === ',' ? values[1] : values[0];
  const value = literalValue(count);
  return typeof value === 'number' ? value : undefined;
}

/** The query's text name for messages: alias or table. */
export function label(source: Source): string {
  return source.name || source.table || '?';
}

/** The sources an expression's own columns belong to; undefined when a column cannot be placed. */
export function sourcesReferenced(node: AstNode | undefined, sources: Source[]): Set<Source> | undefined {
  return ownersOf(
    columnsIn(node).map(({ ref }) => ref),
    sources,
  );
}

/** The conditions of one JOIN ... ON, sorted by how they relate the joined tables. */
export interface JoinConditions {
  source: Source;
  /** `x = y` with x and y from different tables. */
  equality: AstNode[];
  /** An OR that mentions two or more tables. */
  or: AstNode[];
  /** `<`, `>`, `<>`, BETWEEN or LIKE across two or more tables. */
  inequality: AstNode[];
  /** Anything else that mentions two or more tables (functions, ...). */
  other: AstNode[];
}

const inequalityOperators = new Set(['<', '<=', '>', '>=', '<>', '!=', 'BETWEEN', 'NOT BETWEEN', 'LIKE', 'NOT LIKE']);

/** The ON conditions of each join of a query, or nothing for a join whose columns cannot all be placed. */
export function joinConditions(sources: Source[]): JoinConditions[] {
  const result: JoinConditions[] = [];
  for (const source of sources) {
    const on = child(source.node, 'on');
    if (!on || hasSubquery(on)) continue;
    const sorted: JoinConditions = { source, equality: [], or: [], inequality: [], other: [] };
    let placed = true;
    for (const condition of conjuncts(on)) {
      const referenced = sourcesReferenced(condition, sources);
      if (!referenced) {
        placed = false;
        break;
      }
      if (referenced.size < 2) continue;
      const operator = operatorOf(condition);
      if (operator === '=' && sidesApart(condition, sources)) sorted.equality.push(condition);
      else if (operator === 'OR') sorted.or.push(condition);
      else if (inequalityOperators.has(operator)) sorted.inequality.push(condition);
      else sorted.other.push(condition);
    }
    if (placed) result.push(sorted);
  }
  return result;
}

/** `x = y` where each side reads its own tables: a key a hash join or an index lookup can use. */
function sidesApart(condition: AstNode, sources: Source[]): boolean {
  const left = sourcesReferenced(child(condition, 'left'), sources);
  const right = sourcesReferenced(child(condition, 'right'), sources);
  if (!left || !right || left.size === 0 || right.size === 0) return false;
  return [...left].every((s) => !right.has(s));
}

export function hasGroupBy(query: AstNode): boolean {
  const groupBy = child(query, 'groupby');
  return !!groupBy && children(groupBy, 'columns').length > 0;
}

/** Where a CTE's name is written in `WITH name AS (` / `WITH name (cols) AS (`, found in the text. */
export function cteNameSpan(text: string, name: string, mysql: boolean): { start: number; end: number } | undefined {
  const tokens = codeTokens(lex(text, { mysql }));
  const wanted = name.toLowerCase();
  let inWith = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isKeyword(token, 'WITH')) inWith = true;
    if (!inWith || unquote(token.text).toLowerCase() !== wanted) continue;
    const next = tokens[i + 1];
    if (isKeyword(next, 'AS') || next?.text === '(') return { start: token.start, end: token.end };
  }
  return undefined;
}

/** The locking clause of a SELECT (FOR UPDATE, LOCK IN SHARE MODE, ...), as the grammar spelled it. */
export function lockingRead(query: AstNode): string | undefined {
  return isSelect(query) && typeof query.locking_read === 'string' ? query.locking_read.toUpperCase() : undefined;
}

/** Where the statement's single locking clause is written, when it has exactly one. */
export function lockingClauseSpan(text: string): { start: number; end: number } | undefined {
  const tokens = codeTokens(lex(text, { mysql: true }));
  const found: Array<{ start: number; end: number }> = [];
  tokens.forEach((token, i) => {
    if (isKeyword(token, 'FOR') && (isKeyword(tokens[i + 1], 'UPDATE') || isKeyword(tokens[i + 1], 'SHARE'))) {
      found.push({ start: token.start, end: tokens[i + 1]!.end });
    }
    if (isKeyword(token, 'LOCK') && isKeyword(tokens[i + 1], 'IN') && isKeyword(tokens[i + 3], 'MODE')) {
      found.push({ start: token.start, end: tokens[i + 3]!.end });
    }
  });
  return found.length === 1 ? found[0] : undefined;
}

/** One `SET column = value` of an UPDATE, whatever shape the dialect's grammar gave it. */
export interface SetItem {
  column: ColumnRef;
  value: AstNode | undefined;
}

export function setItems(update: AstNode): SetItem[] {
  return children(update, 'set').flatMap((item): SetItem[] => {
    const value = child(item, 'value');
    if (typeof item.column === 'string') {
      return [{ column: { table: typeof item.table === 'string' ? item.table : null, column: item.column }, value }];
    }
    const ref = columnRef(item);
    return ref ? [{ column: ref, value }] : [];
  });
}

/**
 * The tables an UPDATE writes: PostgreSQL's single target, or in MySQL's multi-table form the tables
 * its SET columns belong to. Undefined when a SET column cannot be placed.
 */
export function updateTargets(update: AstNode, sources: Source[]): Set<Source> | undefined {
  if (children(update, 'from').length > 0 || sources.length === 1) return new Set(sources.slice(0, 1));
  return ownersOf(
    setItems(update).map(({ column }) => column),
    sources,
  );
}

/** The value of a number literal; the grammar keeps decimals (`19.99`) as strings. */
export function numberValue(node: AstNode | undefined): number | undefined {
  if (!isLiteralOf(node, 'number', 'bigint')) return undefined;
  const value = typeof node.value === 'number' ? node.value : Number(node.value);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Columns of `source` that equality conditions tie to values `fixes` accepts, given the sources (among `sources`,
 * undefined for an outer column) of the columns the value reads; by default other tables' columns or constants.
 */
export function boundColumns(
  source: Source,
  sources: Source[],
  conditions: AstNode[],
  fixes: (owners: Array<Source | undefined>) => boolean = (owners) =>
    !owners.some((owner) => !owner || owner === source),
): Set<string> {
  const bound = new Set<string>();
  for (const condition of conditions) {
    if (operatorOf(condition) !== '=') continue;
    for (const [columnSide, valueSide] of [
      [child(condition, 'left'), child(condition, 'right')],
      [child(condition, 'right'), child(condition, 'left')],
    ]) {
      const ref = columnRef(columnSide);
      if (!ref || ownedSource(ref, sources) !== source) continue;
      if (!fixes(columnsIn(valueSide).map(({ ref: r }) => ownedSource(r, sources)))) continue;
      bound.add(ref.column.toLowerCase());
    }
  }
  return bound;
}
