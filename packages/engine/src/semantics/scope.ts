/**
 * The engine's one reading of names, as sqlglot's scope.py: which queries a statement holds and how they
 * nest (a scope per query: the statement, CTE bodies, derived tables, subqueries in expressions), which
 * sources each one reads (tables, CTEs, derived tables, UPDATE/DELETE/MERGE targets, a MERGE's source, comma joins),
 * and what a column reference means there: a column of one of the query's own sources, of an enclosing query's
 * (an outer reference of a correlated subquery), ambiguous, unknown, or missing.
 *
 * Every rule asks here. Answers stay "unknown" whenever they cannot be given for sure. A CTE name shadows the
 * schema table of that name where SQL makes the CTE visible (ctesVisibleIn), so a column read through the CTE
 * never takes the table's definition, and one read from the table elsewhere in the statement does.
 */
import { type AstNode, type ColumnRef, child, children, columnRef, isNode, visitsOf, walk } from '../model/ast.ts';
import { isLiteralOf, isSelect, type SelectNode } from '../model/nodes.ts';
import { type ColumnDef, findColumn, findTable, type SchemaModel, type TableDef, unquote } from '../schema/model.ts';
import { sameTree } from './equality.ts';

// ---------------------------------------------------------------------------------------------------
// Queries and how they nest.

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
  type Kind = QueryScope['kind'];
  // `visible`: the CTEs in reach of the query, by lower-case name (see ctesVisibleIn).
  const visit = (query: AstNode, outer: AstNode[], kind: Kind, keys: string[], within: boolean, visible: Ctes) => {
    const withinDerived = within || kind === 'cte' || kind === 'derived';
    found.push({ query, outer, kind, keys, withinDerived });
    const entries = children(query, 'with');
    const main = entries.length > 0 ? withCtes(visible, entries) : visible;
    visibleCtes.set(query, main);
    // A CTE's body sees the CTEs before it in its WITH list; all of them (itself too) under RECURSIVE.
    const recursive = entries.some((cte) => !!cte.recursive);
    for (const [i, cte] of entries.entries()) {
      const body = cteBody(cte);
      if (body) visit(body, outer, 'cte', [], withinDerived, recursive ? main : withCtes(visible, entries.slice(0, i)));
    }
    const next = child(query, '_next');
    if (isSelect(next)) visit(next, outer, kind, keys, within, main);
    ownWalk(query, undefined, (subquery, subKeys) => {
      const derived = (subKeys[0] === 'from' || subKeys[0] === 'table') && subKeys[1] === 'expr';
      if (derived) visit(subquery, outer, 'derived', subKeys, withinDerived, main);
      else visit(subquery, [...outer, query], 'expression', subKeys, withinDerived, main);
    });
  };
  visit(ast, [], 'root', [], false, new Map());
  scopeCache.set(ast, found);
  return found;
}

/** One query of the statement as the tree holds it: the key that leads to it and its ancestors, outermost first. */
export interface PlacedQuery {
  query: AstNode;
  key: string;
  ancestors: AstNode[];
}

/**
 * Every SELECT/UPDATE/DELETE of the statement in tree order (outermost first: the statement, then its CTE bodies,
 * subqueries and UNION branches as they are written), with where each sits. The one enumerator rules start from;
 * queryScopes gives the same queries (DELETE aside) with what each can see.
 */
export function statementQueries(ast: AstNode): readonly PlacedQuery[] {
  let found = placedCache.get(ast);
  if (!found) {
    found = visitsOf(ast)
      .filter(({ node }) => node.type === 'select' || node.type === 'update' || node.type === 'delete')
      .map(({ node, key, ancestors }) => ({ query: node, key, ancestors }));
    placedCache.set(ast, found);
  }
  return found;
}

/** The statement's SELECTs (statementQueries without UPDATE and DELETE). */
export function selectQueries(ast: AstNode): readonly AstNode[] {
  let found = selectCache.get(ast);
  if (!found) {
    found = statementQueries(ast)
      .filter(({ query }) => query.type === 'select')
      .map(({ query }) => query);
    selectCache.set(ast, found);
  }
  return found;
}

const placedCache = new WeakMap<AstNode, PlacedQuery[]>();
const selectCache = new WeakMap<AstNode, AstNode[]>();

/** The scope of one query of the statement (undefined for a node that is not one of its queries). */
export function scopeOf(ast: AstNode, query: AstNode): QueryScope | undefined {
  let byQuery = scopeIndex.get(ast);
  if (!byQuery) {
    byQuery = new Map(queryScopes(ast).map((scope) => [scope.query, scope]));
    scopeIndex.set(ast, byQuery);
  }
  return byQuery.get(query);
}

/** Scopes and CTE names by statement tree: every rule asks for them, and trees are never changed. */
const scopeCache = new WeakMap<AstNode, QueryScope[]>();
const scopeIndex = new WeakMap<AstNode, Map<AstNode, QueryScope>>();
/** The CTEs in reach of each query of a statement read by queryScopes. */
const visibleCtes = new WeakMap<AstNode, Ctes>();
const cteCache = new WeakMap<AstNode, Ctes>();

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
    if (isSelect(item)) {
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

// ---------------------------------------------------------------------------------------------------
// CTEs.

/** The body of one WITH entry, whatever shape the dialect's grammar gave it. */
export function cteBody(cte: AstNode): SelectNode | undefined {
  const stmt = child(cte, 'stmt');
  if (isSelect(stmt)) return stmt;
  const ast = stmt ? child(stmt, 'ast') : undefined;
  return isSelect(ast) ? ast : undefined;
}

export function cteName(cte: AstNode): string | undefined {
  const name = cte.name;
  if (typeof name === 'string') return unquote(name);
  if (isNode(name) && typeof name.value === 'string') return unquote(name.value);
  return undefined;
}

/**
 * CTEs by name (lower case): the WITH entry, or null for a name one WITH list defines twice (an error in both
 * databases).
 */
export type Ctes = ReadonlyMap<string, AstNode | null>;

/** `visible` with a WITH list's entries added: they shadow CTEs of enclosing queries and tables of the same name. */
function withCtes(visible: Ctes, entries: AstNode[]): Ctes {
  const ctes = new Map(visible);
  const own = new Set<string>();
  for (const cte of entries) {
    const name = cteName(cte)?.toLowerCase();
    if (!name) continue;
    ctes.set(name, own.has(name) ? null : cte);
    own.add(name);
  }
  return ctes;
}

/**
 * The CTEs a query of the statement can read, as SQL makes them visible: those of its own WITH list and of the
 * queries around it (the nearest definition of a name wins), in a CTE's body only the CTEs before it in its list
 * (all of them under RECURSIVE), never a CTE of a sibling or nested query. Elsewhere the name is the table's.
 */
export function ctesVisibleIn(ast: AstNode, query: AstNode): Ctes {
  queryScopes(ast);
  return visibleCtes.get(query) ?? ctesOf(ast);
}

/**
 * Every CTE name of a statement, wherever it is defined: the WITH entry, or null for a name defined more than
 * once. For what a query reads, sourcesOf and ctesVisibleIn take only the CTEs in its reach.
 */
export function ctesOf(ast: AstNode): Ctes {
  const cached = cteCache.get(ast);
  if (cached) return cached;
  const ctes = new Map<string, AstNode | null>();
  for (const { query } of queryScopes(ast)) {
    for (const cte of children(query, 'with')) {
      const name = cteName(cte)?.toLowerCase();
      if (name) ctes.set(name, ctes.has(name) ? null : cte);
    }
  }
  cteCache.set(ast, ctes);
  return ctes;
}

// ---------------------------------------------------------------------------------------------------
// Sources.

/** One FROM entry (or UPDATE target) of a query. */
export interface Source {
  node: AstNode;
  /** Table name as written, unquoted; null for a subquery or a function. */
  table: string | null;
  /** What columns are qualified with: the alias, else the table name; lower case. */
  name: string;
  /** Upper-case join keyword ('LEFT JOIN', ...); '' for the first entry and comma joins. */
  join: string;
  /** Which comma-separated group of the FROM list it belongs to: a JOIN added at the end only sees the last. */
  group: number;
  /** Whether the name is a CTE's in reach of the query (which shadows any schema table of that name). */
  cte: boolean;
  /** That CTE's WITH entry; null when its WITH list defines the name twice. */
  definition?: AstNode | null;
  /** The schema table, for a plain table the schema knows (not shadowed by a CTE). */
  def?: TableDef;
  /** A CTE's or derived table's output column names (lower case), when every one has a name. */
  columns?: string[];
}

/**
 * The sources of one query, in FROM order. A name is a CTE's where one is in the query's reach (ctesVisibleIn);
 * `ctes` (the statement's, ctesOf) stands in for a query that is not one of the statement's.
 */
export function sourcesOf(query: AstNode, schema: SchemaModel, ctes: Ctes): Source[] {
  const visible = visibleCtes.get(query) ?? ctes;
  const entries =
    query.type === 'update'
      ? [...children(query, 'table'), ...children(query, 'from')]
      : query.type === 'merge'
        ? [...children(query, 'table'), ...children(query, 'using')]
        : children(query, 'from');
  let group = -1;
  return entries
    .filter((entry) => entry.type !== 'dual')
    .map((entry, i) => {
      const table = typeof entry.table === 'string' && !entry.expr ? unquote(entry.table) : null;
      const alias = typeof entry.as === 'string' ? unquote(entry.as) : null;
      const join = typeof entry.join === 'string' ? entry.join.toUpperCase() : '';
      if (i === 0 || join === '') group++;
      const cte = table !== null && !entry.db && visible.has(table.toLowerCase());
      const source: Source = { node: entry, table, name: (alias ?? table ?? '').toLowerCase(), join, group, cte };
      const def = table && !cte ? findTable(schema, table) : undefined;
      if (def) source.def = def;
      if (cte) source.definition = visible.get(table!.toLowerCase())!;
      const columns = cte ? cteColumns(source.definition) : derivedColumns(entry);
      if (columns) source.columns = columns;
      return source;
    });
}

/** The sources of one query of the statement `ast` (sourcesOf with the CTEs in the query's reach), cached. */
export function querySources(ast: AstNode, schema: SchemaModel, query: AstNode): Source[] {
  return cachedSources(query, schema, ctesOf(ast));
}

/** How a WITH entry is read: by every query that sees it, and by the queries of its own body (a recursive CTE). */
export interface CteReads {
  readonly total: number;
  readonly fromOwnBody: number;
}

/**
 * The reads of each WITH entry of the statement as a source (FROM, JOIN, UPDATE target) by the queries that see it
 * (ctesVisibleIn): a name read where it is the table's, or another CTE's of the same name, is not a read of it.
 */
export function cteReads(ast: AstNode, schema: SchemaModel): ReadonlyMap<AstNode, CteReads> {
  return cteReadsCache(ast, schema, () => countCteReads(ast, schema));
}

function countCteReads(ast: AstNode, schema: SchemaModel): ReadonlyMap<AstNode, CteReads> {
  const reads = new Map<AstNode, { total: number; fromOwnBody: number }>();
  const bodies = new Map<AstNode, Set<AstNode>>();
  const inOwnBody = (definition: AstNode, query: AstNode) => {
    let nodes = bodies.get(definition);
    if (!nodes) {
      const found = new Set<AstNode>();
      const body = cteBody(definition);
      if (body) walk(body, ({ node }) => void found.add(node));
      bodies.set(definition, found);
      nodes = found;
    }
    return nodes.has(query);
  };
  // UNION branches are queries of their own here (queryScopes).
  for (const { query } of queryScopes(ast)) {
    for (const source of querySources(ast, schema, query)) {
      const definition = source.definition;
      if (!definition) continue;
      const entry = reads.get(definition) ?? { total: 0, fromOwnBody: 0 };
      entry.total++;
      if (inOwnBody(definition, query)) entry.fromOwnBody++;
      reads.set(definition, entry);
    }
  }
  return reads;
}

/** The comma-separated group of the FROM list a JOIN appended at its end belongs to. */
export function lastGroup(sources: Source[]): number {
  return Math.max(...sources.map((s) => s.group));
}

// ---------------------------------------------------------------------------------------------------
// Resolving a column reference.

/**
 * The source a column belongs to within one query: the source itself; 'none' when no source of this
 * query has it (it may come from an outer query); 'unknown' when that cannot be told; 'ambiguous'.
 * An unqualified name found in exactly one known table is that table's: were another source to have it
 * too, the statement would fail as ambiguous.
 */
export function ownerIn<S extends Source>(ref: ColumnRef, sources: S[]): S | 'none' | 'unknown' | 'ambiguous' {
  if (ref.table) {
    const wanted = unquote(ref.table).toLowerCase();
    const named = sources.filter((s) => s.name === wanted);
    // An aliased table is seen only by its alias: `orders.x` beside `FROM orders o` is an enclosing query's.
    if (named.length > 1) return 'ambiguous';
    return named[0] ?? 'none';
  }
  const wanted = unquote(ref.column).toLowerCase();
  const having = sources.filter((s) => (s.def ? findColumn(s.def, wanted) : s.columns?.includes(wanted)));
  if (having.length === 1) return having[0]!;
  if (having.length > 1) return 'ambiguous';
  return sources.every((s) => s.def || s.columns) ? 'none' : 'unknown';
}

function derivedColumns(entry: AstNode): string[] | undefined {
  const body = child(child(entry, 'expr') ?? {}, 'ast');
  return isSelect(body) ? outputNames(body) : undefined;
}

/** `WITH c (a, b) AS (...)` gives the names listed, else its body's. */
function cteColumns(cte: AstNode | null | undefined): string[] | undefined {
  if (!cte) return undefined;
  const listed = children(cte, 'columns').map((column) => columnRef(column)?.column);
  if (listed.length > 0)
    return listed.every((c) => c !== undefined) ? listed.map((c) => unquote(c!).toLowerCase()) : undefined;
  const body = cteBody(cte);
  return body ? outputNames(body) : undefined;
}

/** The names (lower case) of a query's output columns; undefined when `*` or an unnamed expression hides one. */
function outputNames(query: AstNode): string[] | undefined {
  const names = children(query, 'columns').map((item) => outputName(item)?.toLowerCase());
  if (names.length === 0) return undefined;
  return names.every((name) => name !== undefined && name !== '*') ? (names as string[]) : undefined;
}

/** The owning source of a column of `query` (not of an outer query), or undefined when not certain. */
export function ownedSource<S extends Source>(ref: ColumnRef, sources: S[]): S | undefined {
  const owner = ownerIn(ref, sources);
  return typeof owner === 'object' ? owner : undefined;
}

/** The sources the references belong to; undefined when one cannot be placed for sure. */
export function ownersOf<S extends Source>(refs: ColumnRef[], sources: S[]): Set<S> | undefined {
  const owners = new Set<S>();
  for (const ref of refs) {
    const owner = ownedSource(ref, sources);
    if (!owner) return undefined;
    owners.add(owner);
  }
  return owners;
}

/** The schema column of a reference owned by a source of the query, when both are known. */
export function ownedColumn<S extends Source>(
  ref: ColumnRef,
  sources: S[],
): { source: S; column: ColumnDef } | undefined {
  const source = ownedSource(ref, sources);
  const column = source?.def ? findColumn(source.def, ref.column) : undefined;
  return source && column ? { source, column } : undefined;
}

/**
 * Whether a column read inside a one-table query is that table's own ('inner') or an enclosing query's
 * ('outer'); undefined when that cannot be told (an unqualified name needs the table in the schema).
 */
export function sideOf(ref: ColumnRef, inner: Source): 'inner' | 'outer' | undefined {
  const owner = ownerIn(ref, [inner]);
  if (owner === 'none') return 'outer';
  return typeof owner === 'object' ? 'inner' : undefined;
}

/** What a column reference of a query means. */
export type Resolution =
  /**
   * A column of one of the query's own sources. `column` is its definition: the schema's for a table, and
   * for a CTE or derived table the definition of the plain column it selects under that name (its type;
   * not its nullability, which an outer join inside may change); undefined when not known.
   */
  | { kind: 'local'; source: Source; column: ColumnDef | undefined }
  /** A column of an enclosing query's source: the subquery is correlated. */
  | { kind: 'outer'; query: AstNode; source: Source; column: ColumnDef | undefined }
  | { kind: 'ambiguous' }
  /** No query in reach is known to have it or not (a derived table, a CTE, a table missing from the schema). */
  | { kind: 'unknown' }
  /** Every query in reach is known, and none has it. */
  | { kind: 'missing' };

/** Resolves a column reference of `query` (a query of the statement `ast`) through its scope and enclosing ones. */
export function resolve(ast: AstNode, schema: SchemaModel, query: AstNode, ref: ColumnRef): Resolution {
  return resolveAt(ast, schema, query, ref, 0);
}

/** How many CTEs or derived tables a definition is followed through (each a query nested in the last). */
const MAX_PASS_THROUGH = 8;

function resolveAt(ast: AstNode, schema: SchemaModel, query: AstNode, ref: ColumnRef, depth: number): Resolution {
  const scope = scopeOf(ast, query);
  const ctes = ctesOf(ast);
  const chain = scope ? [query, ...[...scope.outer].reverse()] : [query];
  for (const [level, reading] of chain.entries()) {
    const owner = ownerIn(ref, cachedSources(reading, schema, ctes));
    if (owner === 'none') continue;
    if (owner === 'unknown' || owner === 'ambiguous') return { kind: owner };
    const column = owner.def
      ? findColumn(owner.def, ref.column)
      : depth < MAX_PASS_THROUGH
        ? passedThrough(ast, schema, owner, ref.column, depth)
        : undefined;
    return level === 0
      ? { kind: 'local', source: owner, column }
      : { kind: 'outer', query: reading, source: owner, column };
  }
  return { kind: 'missing' };
}

/**
 * A value computed once per tree node and schema: several rules of one analysis ask the same question of the same
 * statement (the sources of a query, the reads of its CTEs). Weak on both keys, so nothing outlives the analysis.
 */
function perNodeAndSchema<T>(): (node: AstNode, schema: SchemaModel, compute: () => T) => T {
  const cache = new WeakMap<AstNode, WeakMap<SchemaModel, T>>();
  return (node, schema, compute) => {
    let bySchema = cache.get(node);
    if (!bySchema) {
      bySchema = new WeakMap();
      cache.set(node, bySchema);
    }
    if (!bySchema.has(schema)) bySchema.set(schema, compute());
    return bySchema.get(schema) as T;
  };
}

/** Sources by query and schema: a rule resolves many references of one query. */
const sourceCache = perNodeAndSchema<Source[]>();
const cteReadsCache = perNodeAndSchema<ReadonlyMap<AstNode, CteReads>>();

function cachedSources(query: AstNode, schema: SchemaModel, ctes: Ctes): Source[] {
  return sourceCache(query, schema, () => sourcesOf(query, schema, ctes));
}

/** The definition of the plain column a CTE or derived table selects as `name`. */
function passedThrough(
  ast: AstNode,
  schema: SchemaModel,
  source: Source,
  name: string,
  depth: number,
): ColumnDef | undefined {
  const cte = source.cte ? source.definition : undefined;
  const body = cte ? cteBody(cte) : child(child(source.node, 'expr') ?? {}, 'ast');
  // A set operation's branches may give the column different types.
  if (body?.type !== 'select' || isNode(body._next) || !source.columns) return undefined;
  const index = source.columns.indexOf(unquote(name).toLowerCase());
  const selected = index >= 0 ? columnRef(child(children(body, 'columns')[index] ?? {}, 'expr')) : undefined;
  if (!selected || selected.column === '*') return undefined;
  const inner = resolveAt(ast, schema, body, selected, depth + 1);
  return inner.kind === 'local' ? inner.column : undefined;
}

/** The name a select item gives its column: its alias, else a plain column's name. */
function outputName(item: AstNode): string | undefined {
  if (typeof item.as === 'string') return unquote(item.as);
  const ref = columnRef(child(item, 'expr'));
  return ref ? unquote(ref.column) : undefined;
}

// ---------------------------------------------------------------------------------------------------
// What an ORDER BY or GROUP BY item sorts or groups by.

/**
 * What one ORDER BY or GROUP BY item of a query stands for: `expr`, an expression of the query's input columns (the
 * item itself, or the select item it names, whose expression is read from the same inputs); `item` is that select
 * item when it names one. Undefined when that cannot be told (a position past the select list, a name two different
 * select items give, a GROUP BY name that a source the schema does not know might have).
 *
 * As PostgreSQL 15 and MariaDB 10.11 read it (both checked on the servers, and both documented so):
 *  - a position (`ORDER BY 2`) is that select item;
 *  - in ORDER BY a bare name that is an output column's name is that output column, even when a table has a column
 *    of that name too: `SELECT count(*) AS total FROM orders ... ORDER BY total` sorts by the count, never by
 *    orders.total, so no index of the table can give its order;
 *  - in GROUP BY a bare name is the input column when a source has one (MariaDB warns that it is ambiguous), else
 *    the output column of that name;
 *  - a qualified name or any other expression reads the input columns (MariaDB also lets a name inside an ORDER BY
 *    expression be an alias no source has: no table column either way).
 */
export interface KeyMeaning {
  expr: AstNode;
  item?: AstNode;
}

export function orderKeyMeaning(query: AstNode, key: AstNode): KeyMeaning | undefined {
  // An UPDATE's or DELETE's ORDER BY (MySQL) has no select list to name.
  if (!isSelect(query)) return { expr: key };
  const positioned = positionalItem(query, key);
  if (positioned !== null) return positioned;
  const named = outputColumnNamed(query, key);
  return named === null ? { expr: key } : named;
}

/** See orderKeyMeaning; `sources` are the query's own (sourcesOf), which GROUP BY looks in first. */
export function groupKeyMeaning(query: AstNode, key: AstNode, sources: Source[]): KeyMeaning | undefined {
  if (!isSelect(query)) return { expr: key };
  const positioned = positionalItem(query, key);
  if (positioned !== null) return positioned;
  const ref = columnRef(key);
  const owner = ref && !ref.table ? ownerIn(ref, sources) : undefined;
  if (owner === undefined || typeof owner === 'object' || owner === 'ambiguous') return { expr: key };
  const named = outputColumnNamed(query, key);
  if (named === null) return { expr: key };
  // A source whose columns are not known may have the name too, and would then win.
  return owner === 'none' ? named : undefined;
}

/**
 * Whether a query of the statement holds the ORDER BY of a whole UNION/INTERSECT/EXCEPT: the parser puts it on the
 * last branch when that branch has no parentheses. It sorts the set operation's output columns (by the names the
 * first branch gives them, or positions), so it is no ORDER BY of the branch's own tables.
 */
export function holdsSetOperationOrder(ast: AstNode, query: AstNode): boolean {
  if (isNode(query._next) || query.parentheses_symbol === true) return false;
  return statementQueries(ast).some((placed) => placed.query === query && placed.key === '_next');
}

/**
 * The ORDER BY and GROUP BY items of a query that stand for a select item (by its name or position): they read no
 * column of their own, whatever a table has of that name.
 */
export function selectItemKeys(query: AstNode, sources: Source[]): Set<AstNode> {
  const groupby = child(query, 'groupby');
  const groups = groupby ? children(groupby, 'columns') : children(query, 'groupby');
  const orders = children(query, 'orderby')
    .map((item) => child(item, 'expr'))
    .filter((key): key is AstNode => key !== undefined);
  return new Set([
    ...orders.filter((key) => orderKeyMeaning(query, key)?.item),
    ...groups.filter((key) => groupKeyMeaning(query, key, sources)?.item),
  ]);
}

/** The select item a position (`ORDER BY 2`) names; null when the key is no position. */
function positionalItem(query: AstNode, key: AstNode): KeyMeaning | undefined | null {
  if (!isLiteralOf(key, 'number', 'bigint')) return null;
  const position = Number(key.value);
  if (!Number.isInteger(position) || position < 1) return undefined;
  const items = children(query, 'columns').slice(0, position);
  // A `*` before it stands for columns the position counts one by one.
  if (items.length < position || items.some((item) => columnRef(child(item, 'expr'))?.column === '*')) return undefined;
  const item = items[position - 1]!;
  const expr = child(item, 'expr');
  return expr ? { expr, item } : undefined;
}

/**
 * The select item a bare name (`ORDER BY total`) names by its alias or, for a plain column, by the column's name;
 * null when no select item has that name; undefined when several different ones do (an error in both databases).
 */
function outputColumnNamed(query: AstNode, key: AstNode): KeyMeaning | undefined | null {
  const ref = columnRef(key);
  if (!ref || ref.table || ref.column === '*') return null;
  const wanted = unquote(ref.column).toLowerCase();
  const named = children(query, 'columns').filter((item) => outputName(item)?.toLowerCase() === wanted);
  const first = named[0];
  const expr = first ? child(first, 'expr') : undefined;
  if (!first || !expr) return null;
  return named.every((item) => sameTree(child(item, 'expr'), expr)) ? { expr, item: first } : undefined;
}

/**
 * The schema table and column a reference of `query` reads, when it is certainly one of the query's own
 * schema tables (never through a CTE of the same name, never an outer query's).
 */
export function resolveColumn(
  ast: AstNode,
  schema: SchemaModel,
  query: AstNode | undefined,
  ref: ColumnRef,
): { table: string; column: ColumnDef } | undefined {
  if (!query) return undefined;
  const resolution = resolve(ast, schema, query, ref);
  if (resolution.kind !== 'local' || !resolution.source.def || !resolution.column) return undefined;
  return { table: resolution.source.def.name, column: resolution.column };
}

/**
 * Whether a subquery reads a column of an enclosing query (so it runs once per outer row). Only
 * columns that are certainly outer count: qualified by an outer alias, or unqualified and known by the
 * schema to be missing from the subquery's tables and present in an outer one.
 */
export function isCorrelated(ast: AstNode, schema: SchemaModel, subquery: AstNode): boolean {
  let correlated = false;
  ownWalk(subquery, ({ node }) => {
    const ref = columnRef(node);
    if (!ref) return undefined;
    if (ref.column !== '*' && resolve(ast, schema, subquery, ref).kind === 'outer') correlated = true;
    return false;
  });
  return correlated;
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
