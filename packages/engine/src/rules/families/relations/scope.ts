/**
 * Shared reading of queries for the relations family: which queries a statement holds and how they
 * nest, which tables each one reads, and which table a column belongs to. Rules stay silent whenever
 * this cannot be answered for sure (a derived table, a CTE, a table missing from the schema).
 */
import {
  type AstNode,
  type ColumnRef,
  child,
  children,
  columnRef,
  comparisonOperators,
  isNode,
  literalValue,
  operatorOf,
  walk,
} from '../../../model/ast.ts';
import {
  type ColumnDef,
  findColumn,
  findTable,
  type SchemaModel,
  type TableDef,
  unquote,
} from '../../../schema/model.ts';
import { codeTokens, isKeyword, lex } from '../../../text/lexer.ts';

/** A query of the statement, with the queries whose columns it can see (outermost first). */
export interface QueryScope {
  query: AstNode;
  outer: AstNode[];
  /** How the query is used: the statement itself, a CTE body, a FROM subquery, or an expression. */
  kind: 'root' | 'cte' | 'derived' | 'expression';
  /** For expressions: the keys from the enclosing query to the subquery, e.g. ['columns', 'expr', 'ast']. */
  keys: string[];
  /** Whether the query sits, at any depth, inside a CTE body or a FROM subquery. */
  withinDerived: boolean;
}

/** Every SELECT/UPDATE of the statement with its scope. UNION branches share their first branch's scope. */
export function queryScopes(ast: AstNode): QueryScope[] {
  const cached = scopeCache.get(ast);
  if (cached) return cached;
  const found: QueryScope[] = [];
  const visit = (query: AstNode, outer: AstNode[], kind: QueryScope['kind'], keys: string[], within: boolean) => {
    const withinDerived = within || kind === 'cte' || kind === 'derived';
    found.push({ query, outer, kind, keys, withinDerived });
    for (const cte of children(query, 'with')) {
      const body = cteBody(cte);
      if (body) visit(body, outer, 'cte', [], withinDerived);
    }
    const next = child(query, '_next');
    if (next?.type === 'select') visit(next, outer, kind, keys, within);
    ownWalk(query, undefined, (subquery, subKeys) => {
      const derived = (subKeys[0] === 'from' || subKeys[0] === 'table') && subKeys[1] === 'expr';
      if (derived) visit(subquery, outer, 'derived', subKeys, withinDerived);
      else visit(subquery, [...outer, query], 'expression', subKeys, withinDerived);
    });
  };
  visit(ast, [], 'root', [], false);
  scopeCache.set(ast, found);
  return found;
}

/** Scopes and CTE names by statement tree: every rule of the family asks for them, and trees are never changed. */
const scopeCache = new WeakMap<AstNode, QueryScope[]>();
const cteCache = new WeakMap<AstNode, Set<string>>();

export interface OwnVisit {
  node: AstNode;
  keys: string[];
  parent: AstNode;
}

/**
 * Walks the expressions that belong to one query: not its CTEs, not its UNION branches, and not into
 * nested queries, which are handed to `onSubquery` instead. Return false from `visit` to skip a subtree.
 */
export function ownWalk(
  query: AstNode,
  visit?: (v: OwnVisit) => boolean | undefined,
  onSubquery?: (subquery: AstNode, keys: string[]) => void,
): void {
  const step = (item: unknown, itemKeys: string[], parent: AstNode) => {
    if (!isNode(item)) return;
    if (item.type === 'select') {
      onSubquery?.(item, itemKeys);
      return;
    }
    if (visit?.({ node: item, keys: itemKeys, parent }) === false) return;
    recurse(item, itemKeys);
  };
  const recurse = (node: AstNode, keys: string[]) => {
    for (const key in node) {
      if (key === 'loc' || (node === query && (key === 'with' || key === '_next'))) continue;
      const value = node[key];
      if (typeof value !== 'object' || value === null) continue;
      // One keys array per child key, shared by the items of an array (nobody changes them).
      const itemKeys = [...keys, key];
      if (Array.isArray(value)) for (const item of value) step(item, itemKeys, node);
      else step(value, itemKeys, node);
    }
  };
  recurse(query, []);
}

/** The body of one WITH entry, whatever shape the dialect's grammar gave it. */
export function cteBody(cte: AstNode): AstNode | undefined {
  const stmt = child(cte, 'stmt');
  if (stmt?.type === 'select') return stmt;
  const ast = stmt ? child(stmt, 'ast') : undefined;
  return ast?.type === 'select' ? ast : undefined;
}

export function cteName(cte: AstNode): string | undefined {
  const name = cte.name;
  if (typeof name === 'string') return unquote(name);
  if (isNode(name) && typeof name.value === 'string') return unquote(name.value);
  return undefined;
}

/** Names (lower case) of every CTE defined anywhere in the statement: they shadow schema tables. */
export function cteNames(ast: AstNode): Set<string> {
  const cached = cteCache.get(ast);
  if (cached) return cached;
  const names = new Set<string>();
  for (const { query } of queryScopes(ast)) {
    for (const cte of children(query, 'with')) {
      const name = cteName(cte);
      if (name) names.add(name.toLowerCase());
    }
  }
  cteCache.set(ast, names);
  return names;
}

/** One FROM (or UPDATE target) entry of a query. */
export interface Source {
  node: AstNode;
  /** Table name as written, unquoted; null for a subquery or a function. */
  table: string | null;
  /** What columns are qualified with: the alias, else the table name; lower case. */
  name: string;
  /** Upper-case join keyword ('LEFT JOIN', ...); '' for the first entry and comma joins. */
  join: string;
  cte: boolean;
  /** The schema table, for a plain table the schema knows (not shadowed by a CTE). */
  def?: TableDef;
}

export function sourcesOf(query: AstNode, schema: SchemaModel, ctes: Set<string>): Source[] {
  const entries =
    query.type === 'update' ? [...children(query, 'table'), ...children(query, 'from')] : children(query, 'from');
  return entries
    .filter((entry) => entry.type !== 'dual')
    .map((entry) => {
      const table = typeof entry.table === 'string' ? unquote(entry.table) : null;
      const alias = typeof entry.as === 'string' ? unquote(entry.as) : null;
      const cte = table !== null && !entry.db && ctes.has(table.toLowerCase());
      const source: Source = {
        node: entry,
        table,
        name: (alias ?? table ?? '').toLowerCase(),
        join: typeof entry.join === 'string' ? entry.join.toUpperCase() : '',
        cte,
      };
      const def = table && !cte ? findTable(schema, table) : undefined;
      if (def) source.def = def;
      return source;
    });
}

/**
 * The source a column belongs to within one query: the source itself; 'none' when no source of this
 * query has it (it may come from an outer query); 'unknown' when that cannot be told; 'ambiguous'.
 */
export function ownerIn(ref: ColumnRef, sources: Source[]): Source | 'none' | 'unknown' | 'ambiguous' {
  if (ref.table) {
    const wanted = unquote(ref.table).toLowerCase();
    return sources.find((s) => s.name === wanted) ?? sources.find((s) => s.table?.toLowerCase() === wanted) ?? 'none';
  }
  const having = sources.filter((s) => s.def && findColumn(s.def, ref.column));
  if (having.length === 1) return having[0]!;
  if (having.length > 1) return 'ambiguous';
  return sources.every((s) => s.def) ? 'none' : 'unknown';
}

/** The owning source of a column of `query` (not of an outer query), or undefined when not certain. */
export function ownedSource(ref: ColumnRef, sources: Source[]): Source | undefined {
  const owner = ownerIn(ref, sources);
  return typeof owner === 'object' ? owner : undefined;
}

/** The schema column of a reference owned by a source of the query, when both are known. */
export function ownedColumn(ref: ColumnRef, sources: Source[]): { source: Source; column: ColumnDef } | undefined {
  const source = ownedSource(ref, sources);
  const column = source?.def ? findColumn(source.def, ref.column) : undefined;
  return source && column ? { source, column } : undefined;
}

/** Column references of an expression, not looking into subqueries. */
export function columnsIn(node: AstNode | undefined): Array<{ node: AstNode; ref: ColumnRef }> {
  if (!node) return [];
  const found: Array<{ node: AstNode; ref: ColumnRef }> = [];
  const own = columnRef(node);
  if (own) return own.column === '*' ? [] : [{ node, ref: own }];
  ownWalk(node, ({ node: inner }) => {
    const ref = columnRef(inner);
    if (ref && ref.column !== '*') found.push({ node: inner, ref });
    return ref ? false : undefined;
  });
  return found;
}

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

/** Whether a column is the first column of some index of its table (so a lookup on it can use the index). */
export function leadsIndex(def: TableDef, column: string): boolean {
  const wanted = column.toLowerCase();
  return def.indexes.some((index) => index.columns[0]?.toLowerCase() === wanted);
}

export function isPrimaryKeyColumn(def: TableDef, column: string): boolean {
  const wanted = column.toLowerCase();
  return def.indexes.some((index) => index.primary && index.columns.some((c) => c.toLowerCase() === wanted));
}

/** Whether every column of some unique index (or the primary key) is in `bound`. */
export function coversUniqueKey(def: TableDef, bound: Set<string>): boolean {
  return def.indexes.some(
    (index) =>
      (index.unique || index.primary) &&
      index.columns.length > 0 &&
      index.columns.every((c) => bound.has(c.toLowerCase())),
  );
}

export type TypeFamily = 'number' | 'text' | 'time';

const families: Record<TypeFamily, Set<string>> = {
  number: new Set([
    'INT',
    'INTEGER',
    'BIGINT',
    'SMALLINT',
    'TINYINT',
    'MEDIUMINT',
    'INT2',
    'INT4',
    'INT8',
    'DECIMAL',
    'NUMERIC',
    'FLOAT',
    'FLOAT4',
    'FLOAT8',
    'DOUBLE',
    'DOUBLE PRECISION',
    'REAL',
    'SERIAL',
    'BIGSERIAL',
    'SMALLSERIAL',
  ]),
  text: new Set([
    'CHAR',
    'VARCHAR',
    'CHARACTER',
    'CHARACTER VARYING',
    'NCHAR',
    'NVARCHAR',
    'BPCHAR',
    'TEXT',
    'TINYTEXT',
    'MEDIUMTEXT',
    'LONGTEXT',
  ]),
  time: new Set(['DATE', 'DATETIME', 'TIMESTAMP', 'TIMESTAMPTZ']),
};

/** The broad kind of a column type, or undefined for types the rules do not reason about. */
export function typeFamily(column: ColumnDef): TypeFamily | undefined {
  for (const family of ['number', 'text', 'time'] as const) if (families[family].has(column.type)) return family;
  return undefined;
}

const floatTypes = new Set(['FLOAT', 'FLOAT4', 'FLOAT8', 'DOUBLE', 'DOUBLE PRECISION', 'REAL']);

export function isFloat(column: ColumnDef): boolean {
  return floatTypes.has(column.type);
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

export function isAggregateCall(node: AstNode): boolean {
  return node.type === 'aggr_func' && !node.over;
}

/** The query's text name for messages: alias or table. */
export function label(source: Source): string {
  return source.name || source.table || '?';
}

/** The sources an expression's own columns belong to; undefined when a column cannot be placed. */
export function sourcesReferenced(node: AstNode | undefined, sources: Source[]): Set<Source> | undefined {
  const found = new Set<Source>();
  for (const { ref } of columnsIn(node)) {
    const owner = ownedSource(ref, sources);
    if (!owner) return undefined;
    found.add(owner);
  }
  return found;
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

/**
 * Whether a subquery reads a column of an enclosing query (so it runs once per outer row). Only
 * columns that are certainly outer count: qualified by an outer alias, or unqualified and known by the
 * schema to be missing from the subquery's tables and present in an outer one.
 */
export function isCorrelated(subquery: AstNode, outer: AstNode[], schema: SchemaModel, ctes: Set<string>): boolean {
  const inner = sourcesOf(subquery, schema, ctes);
  const enclosing = [...outer].reverse().map((query) => sourcesOf(query, schema, ctes));
  let correlated = false;
  ownWalk(subquery, ({ node }) => {
    const ref = columnRef(node);
    if (!ref) return undefined;
    if (ref.column !== '*' && ownerIn(ref, inner) === 'none') {
      for (const sources of enclosing) {
        const owner = ownerIn(ref, sources);
        if (owner === 'none') continue;
        if (typeof owner === 'object') correlated = true;
        break;
      }
    }
    return false;
  });
  return correlated;
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

/** How many times a name is read as a table in `root`, not counting reads inside `skip`. */
export function tableReadCount(root: AstNode, name: string, skip?: AstNode): number {
  const wanted = name.toLowerCase();
  let count = 0;
  walk(root, ({ node }) => {
    if (node === skip) return false;
    const isSource = 'as' in node && node.type !== 'column_ref' && !node.db;
    if (isSource && typeof node.table === 'string' && unquote(node.table).toLowerCase() === wanted) count++;
    return undefined;
  });
  return count;
}

/** The locking clause of a SELECT (FOR UPDATE, LOCK IN SHARE MODE, ...), as the grammar spelled it. */
export function lockingRead(query: AstNode): string | undefined {
  return query.type === 'select' && typeof query.locking_read === 'string'
    ? query.locking_read.toUpperCase()
    : undefined;
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
  const targets = new Set<Source>();
  for (const { column } of setItems(update)) {
    const owner = ownedSource(column, sources);
    if (!owner) return undefined;
    targets.add(owner);
  }
  return targets;
}

/** The value of a number literal; the grammar keeps decimals (`19.99`) as strings. */
export function numberValue(node: AstNode | undefined): number | undefined {
  if (node?.type !== 'number' && node?.type !== 'bigint') return undefined;
  const value = typeof node.value === 'number' ? node.value : Number(node.value);
  return Number.isFinite(value) ? value : undefined;
}
