import type { Dialect, Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef, isNode } from '../model/ast.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { cteBody, ctesOf, ownWalk, queryScopes, resolve, type Source, sourcesOf } from '../semantics/scope.ts';
import { familyOfType, type TypeFamily } from '../semantics/types.ts';
import { type ColumnDef, findColumn, findTable, type SchemaModel, type TableDef, unquote } from './model.ts';

/**
 * Tables a statement reads that a given table structure leaves out. A structure pasted for one statement often
 * holds the big tables and forgets a lookup table; the statement then could not be planned at all (relation does
 * not exist), so none of its tables got a plan or an index. Such a table is planned with the columns the statements
 * read of it, typed by how they are used (compared with a column of known type or with a literal, passed to a date
 * or text function, summed), at the default size, with `id` as its primary key when it has one; the report says so
 * and names every column and type. Nothing here is a fact of the user's database: the rules never see these tables
 * (they run on the structure as given), only the optimizer does.
 */

/** System catalogs and the like: never a user's table. */
const systemSchemas = new Set(['information_schema', 'performance_schema', 'mysql', 'sys', 'pg_catalog']);

/**
 * Whether a FROM entry names a table the structure does not hold (not a CTE, view, system catalog, DUAL, or a
 * `${}` name only known at run time). table-not-in-schema reports these; inference plans them.
 */
export function isMissingTable(source: Source, schema: SchemaModel): boolean {
  if (!source.table || source.cte || source.def) return false;
  const db = typeof source.node.db === 'string' ? source.node.db.toLowerCase() : null;
  const name = source.table.toLowerCase();
  if ((db && systemSchemas.has(db)) || name === 'dual' || (!db && name.startsWith('pg_'))) return false;
  if (name.startsWith('${')) return false;
  return !schema.views?.some((view) => view.toLowerCase() === name);
}

/** The tables inferred for a submission, their DDL for the sandbox, and what the report says of them. */
export interface InferredTables {
  readonly tables: readonly TableDef[];
  readonly ddl: string;
  readonly note: Localized;
}

/** How sure a piece of type evidence is: a column of known type beats a literal beats a function beats a name. */
enum Weight {
  Name = 1,
  Function = 2,
  Literal = 3,
  KnownColumn = 4,
}

interface Evidence {
  family: TypeFamily;
  weight: Weight;
}

interface DraftColumn {
  name: string;
  /** PostgreSQL: written in double quotes with capitals (`"FullName"`), so the DDL keeps its case. */
  keepsCase: boolean;
  evidence: Evidence[];
  /** Other inferred columns it is compared with (`c.id = o.customer_id`, both missing): they share a type. */
  peers: DraftColumn[];
}

interface DraftTable {
  name: string;
  keepsCase: boolean;
  columns: Map<string, DraftColumn>;
}

/**
 * The missing tables the statements read, with their inferred columns; undefined when every table they read is in
 * the structure (or the structure is empty: without one, nothing is planned, as before). A PostgreSQL table in a
 * schema other than public is left out (the sandbox has no other schema): its statement fails as before.
 */
export function inferMissingTables(
  statements: readonly ParsedStatement[],
  schema: SchemaModel,
  dialect: Dialect,
): InferredTables | undefined {
  if (schema.tables.length === 0) return undefined;
  const drafts = new Map<string, DraftTable>();
  for (const statement of statements) readStatement(statement, schema, dialect, drafts);
  if (drafts.size === 0) return undefined;
  const tables = [...drafts.values()].map((draft) => tableOf(draft, dialect));
  return {
    tables: tables.map((t) => t.table),
    ddl: tables.map((t) => t.ddl).join('\n'),
    note: noteOn(tables),
  };
}

/** The structure with the inferred tables added after the user's own (their DDL too). */
export function withInferredTables(schema: SchemaModel, inferred: InferredTables): SchemaModel {
  return {
    ...schema,
    tables: [...schema.tables, ...inferred.tables],
    ddl: `${schema.ddl.trimEnd()}\n${inferred.ddl}\n`,
  };
}

// ---------------------------------------------------------------------------------------------------
// Which table each column reference belongs to.

function readStatement(
  statement: ParsedStatement,
  schema: SchemaModel,
  dialect: Dialect,
  drafts: Map<string, DraftTable>,
): void {
  const { ast } = statement;
  if (statement.kind === 'other' || !isNode(ast)) return;
  const ctes = ctesOf(ast);
  const sourcesByQuery = new Map<AstNode, Source[]>();
  const sources = (query: AstNode) => {
    let found = sourcesByQuery.get(query);
    if (!found) {
      found = sourcesOf(query, schema, ctes);
      sourcesByQuery.set(query, found);
    }
    return found;
  };
  readInsertTarget(statement, schema, dialect, drafts);
  const draftOf = new Map<Source, DraftTable>();
  for (const { query } of queryScopes(ast)) {
    for (const source of sources(query)) {
      if (!isMissingTable(source, schema) || !inferable(source, dialect)) continue;
      const key = source.table!.toLowerCase();
      const draft = drafts.get(key) ?? {
        keepsCase: keepsCase(source.table!, statement),
        name: source.table!,
        columns: new Map(),
      };
      drafts.set(key, draft);
      draftOf.set(source, draft);
    }
  }
  if (draftOf.size === 0) return;
  const columnOf = (draft: DraftTable, name: string): DraftColumn => {
    const key = unquote(name).toLowerCase();
    let column = draft.columns.get(key);
    if (!column) {
      column = { name: unquote(name), keepsCase: keepsCase(unquote(name), statement), evidence: [], peers: [] };
      draft.columns.set(key, column);
    }
    return column;
  };
  // Every reference placed on an inferred column, across the statement's queries; every column reference with what
  // its use says and what it is compared with (`c.id = o.customer_id`, `a IN (SELECT b ...)`). Once every query is
  // read, a reference to a CTE's or derived table's column gives its evidence to the inferred column it passes through.
  const placedNodes = new Map<AstNode, DraftColumn>();
  const uses: ColumnUse[] = [];
  for (const scope of queryScopes(ast)) {
    const chain = [scope.query, ...[...scope.outer].reverse()];
    const aliases = outputAliases(scope.query);
    /** The inferred column a reference reads, when it certainly reads one. */
    const placed = (node: AstNode): DraftColumn | undefined => {
      const ref = columnRef(node);
      if (!ref || ref.column === '*') return undefined;
      if (!ref.table && aliases.has(unquote(ref.column).toLowerCase())) return undefined;
      const owner = ownerAlong(ref, chain.map(sources), draftOf);
      const column = owner ? columnOf(owner, ref.column) : undefined;
      if (column) placedNodes.set(node, column);
      return column;
    };
    // The walk gives each node its parent; a column's context may be its grandparent (a call's argument list).
    const parents = new Map<AstNode, AstNode>();
    const reads: Array<{ node: AstNode; keys: string[] }> = [];
    ownWalk(scope.query, ({ node, parent, keys }) => {
      parents.set(node, parent);
      // PostgreSQL's `SET a = ...` item is a column reference holding its value: readSetColumns reads it.
      if (keys.length === 1 && keys[0] === 'set') return undefined;
      const ref = columnRef(node);
      if (!ref || ref.column === '*') return undefined;
      placed(node);
      reads.push({ node, keys });
      return false;
    });
    const context = { parents, ast, schema, query: scope.query };
    for (const { node, keys } of reads) {
      const other = comparedColumn(node, parents.get(node)!, scope.query);
      uses.push({ node, query: scope.query, evidence: evidenceAt(node, keys, context), ...(other ? { other } : {}) });
    }
    for (const source of sources(scope.query)) readUsing(source, sources(scope.query), draftOf, columnOf);
    if (scope.query.type === 'update') readSetColumns(scope.query, sources(scope.query), draftOf, columnOf);
  }
  const through = (node: AstNode, query: AstNode) =>
    inferredBehind(node, query, { ast, schema, placedNodes, depth: 0 });
  for (const use of uses) {
    const targets = through(use.node, use.query);
    for (const target of targets) target.evidence.push(...use.evidence);
    const peers = use.other ? through(use.other.node, use.other.query) : [];
    for (const target of targets) for (const peer of peers) link(target, peer);
  }
}

/** A column reference of a query, what its use says of its type, and the column reference it is compared with. */
interface ColumnUse {
  node: AstNode;
  query: AstNode;
  evidence: Evidence[];
  other?: { node: AstNode; query: AstNode };
}

/**
 * The inferred columns a reference reads: its own, or through a CTE or derived table the columns each of its
 * branches selects under that name (`ss.d_year` over `WITH ss AS (SELECT d_year ... FROM date_dim ...)`), followed
 * through at most 8 of them.
 */
function inferredBehind(
  node: AstNode,
  query: AstNode,
  context: { ast: AstNode; schema: SchemaModel; placedNodes: ReadonlyMap<AstNode, DraftColumn>; depth: number },
): DraftColumn[] {
  const own = context.placedNodes.get(node);
  if (own) return [own];
  const ref = columnRef(node);
  if (!ref || context.depth >= 8) return [];
  const resolved = resolve(context.ast, context.schema, query, ref);
  if (resolved.kind !== 'local' && resolved.kind !== 'outer') return [];
  const { source } = resolved;
  if (source.def || !source.columns) return [];
  const body = source.cte
    ? source.definition
      ? cteBody(source.definition)
      : undefined
    : child(child(source.node, 'expr') ?? {}, 'ast');
  const index = source.columns.indexOf(unquote(ref.column).toLowerCase());
  if (!body || index < 0) return [];
  const found: DraftColumn[] = [];
  for (let branch: AstNode | undefined = body; isNode(branch); branch = child(branch, '_next')) {
    const item = children(branch, 'columns')[index];
    const expr = item ? child(item, 'expr') : undefined;
    if (expr && columnRef(expr)) found.push(...inferredBehind(expr, branch, { ...context, depth: context.depth + 1 }));
  }
  return found;
}

/**
 * The missing table an INSERT or REPLACE with a column list writes: its columns, typed by the values given them (a
 * VALUES row's literals, the selected columns and literals). Without a column list its columns are unknown.
 */
function readInsertTarget(
  statement: ParsedStatement,
  schema: SchemaModel,
  dialect: Dialect,
  drafts: Map<string, DraftTable>,
): void {
  const { ast } = statement;
  if (ast.type !== 'insert' && ast.type !== 'replace') return;
  const entry = children(ast, 'table')[0];
  const table = entry && typeof entry.table === 'string' ? unquote(entry.table) : null;
  if (!entry || !table) return;
  const target: Source = { node: entry, table, name: table.toLowerCase(), join: '', group: 0, cte: false };
  if (findTable(schema, table) || !isMissingTable(target, schema) || !inferable(target, dialect)) return;
  const names = (Array.isArray(ast.columns) ? ast.columns : []).map((c: unknown) =>
    typeof c === 'string' ? c : isNode(c) && typeof c.value === 'string' ? c.value : undefined,
  );
  if (names.length === 0 || names.some((name) => name === undefined)) return;
  const key = table.toLowerCase();
  const draft = drafts.get(key) ?? { name: table, keepsCase: keepsCase(table, statement), columns: new Map() };
  drafts.set(key, draft);
  const source = child(ast, 'values');
  const rows: Array<{ query: AstNode; values: AstNode[] }> =
    source?.type === 'select'
      ? [{ query: source, values: children(source, 'columns').map((item) => child(item, 'expr') ?? item) }]
      : source?.type === 'values'
        ? children(source, 'values').map((row) => ({ query: ast, values: children(row, 'value') }))
        : [];
  for (const [k, name] of (names as string[]).entries()) {
    const column = draft.columns.get(name.toLowerCase()) ?? {
      name,
      keepsCase: keepsCase(name, statement),
      evidence: [],
      peers: [],
    };
    draft.columns.set(name.toLowerCase(), column);
    for (const { query, values } of rows) {
      const value = values[k];
      const evidence = value ? expressionFamily(value, ast, schema, query) : undefined;
      if (evidence) column.evidence.push(evidence);
    }
  }
}

/** A PostgreSQL name qualified by a schema other than public has no home in the sandbox. */
function inferable(source: Source, dialect: Dialect): boolean {
  const db = typeof source.node.db === 'string' ? unquote(source.node.db).toLowerCase() : null;
  return dialect !== 'postgresql' || db === null || db === 'public';
}

/**
 * Whether a PostgreSQL name keeps its capitals: written in double quotes (`"Customers"`), which the parser drops.
 * Unquoted, PostgreSQL folds it to lower case, in the statement and in the DDL alike.
 */
function keepsCase(name: string, statement: ParsedStatement): boolean {
  return statement.dialect === 'postgresql' && name !== name.toLowerCase() && statement.text.includes(`"${name}"`);
}

/** Names the select list gives its items: `ORDER BY total` reads the item, not a column. */
function outputAliases(query: AstNode): Set<string> {
  return new Set(
    children(query, 'columns').flatMap((item) => (typeof item.as === 'string' ? [unquote(item.as).toLowerCase()] : [])),
  );
}

/**
 * The missing table a reference reads, looking through the query and then the queries around it (a correlated
 * subquery's outer reference). A qualified name is its source's; an unqualified one is the only missing table's of
 * the nearest query that could have it, provided no known source of that query has it and none is unknown.
 */
function ownerAlong(
  ref: { table: string | null; column: string },
  levels: Source[][],
  draftOf: ReadonlyMap<Source, DraftTable>,
): DraftTable | undefined {
  const wanted = unquote(ref.column).toLowerCase();
  for (const [k, sources] of levels.entries()) {
    if (ref.table) {
      const qualifier = unquote(ref.table).toLowerCase();
      const named = sources.find((s) => s.name === qualifier || (s.table?.toLowerCase() === qualifier && !s.node.as));
      if (named) return draftOf.get(named);
      continue;
    }
    if (sources.some((s) => knows(s, wanted))) return undefined;
    const missing = sources.filter((s) => draftOf.has(s));
    const unknown = sources.some((s) => !s.def && !s.columns && !draftOf.has(s));
    if (unknown || missing.length > 1) return undefined;
    // A correlated subquery's `p_partkey` where an enclosing query's known table has it: most likely that one's
    // (the missing table would have to repeat the name); placed on the missing table, the statement is ambiguous.
    const outer = levels.slice(k + 1);
    if (missing.length === 1)
      return outer.some((level) => level.some((s) => knows(s, wanted))) ? undefined : draftOf.get(missing[0]!);
  }
  return undefined;
}

/** Whether a known source has the column (a table of the structure, a CTE or derived table of named columns). */
function knows(source: Source, column: string): boolean {
  return source.def ? findColumn(source.def, column) !== undefined : (source.columns?.includes(column) ?? false);
}

/** `JOIN t USING (a)`: `a` is a column of both sides. */
function readUsing(
  source: Source,
  sources: Source[],
  draftOf: ReadonlyMap<Source, DraftTable>,
  columnOf: (draft: DraftTable, name: string) => DraftColumn,
): void {
  const names = children(source.node, 'using').flatMap((n) => (typeof n.value === 'string' ? [n.value] : []));
  if (names.length === 0) return;
  const before = sources.slice(0, sources.indexOf(source));
  for (const name of names) {
    const right = draftOf.get(source);
    const leftKnown = before.find((s) => s.def && findColumn(s.def, name));
    const leftMissing = before.filter((s) => draftOf.has(s));
    const rightColumn = right ? columnOf(right, name) : undefined;
    const leftColumn =
      !leftKnown && leftMissing.length === 1 ? columnOf(draftOf.get(leftMissing[0]!)!, name) : undefined;
    const knownType = leftKnown?.def ? findColumn(leftKnown.def, name) : undefined;
    if (rightColumn && knownType) addFamily(rightColumn, knownType, Weight.KnownColumn);
    if (rightColumn && leftColumn) link(rightColumn, leftColumn);
  }
}

/** `UPDATE t SET a = ...`: `a` is the target's. */
function readSetColumns(
  update: AstNode,
  sources: Source[],
  draftOf: ReadonlyMap<Source, DraftTable>,
  columnOf: (draft: DraftTable, name: string) => DraftColumn,
): void {
  for (const item of children(update, 'set')) {
    // MySQL's item names its column; PostgreSQL's is a column reference.
    const ref = typeof item.column === 'string' ? { table: item.table, column: item.column } : columnRef(item);
    if (!ref || typeof ref.column !== 'string') continue;
    const qualifier = typeof ref.table === 'string' ? unquote(ref.table).toLowerCase() : null;
    const target = qualifier
      ? sources.find((s) => s.name === qualifier)
      : sources.length === 1
        ? sources[0]
        : undefined;
    const draft = target && draftOf.get(target);
    if (!draft) continue;
    const column = columnOf(draft, ref.column);
    const family = literalFamily(child(item, 'value'));
    if (family) column.evidence.push({ family, weight: Weight.Literal });
  }
}

// ---------------------------------------------------------------------------------------------------
// What type a column is, from how it is used.

const comparisons = new Set(['=', '<>', '!=', '<', '<=', '>', '>=', '<=>', 'IN', 'NOT IN', 'BETWEEN', 'NOT BETWEEN']);
const textMatches = new Set(['LIKE', 'NOT LIKE', 'ILIKE', 'NOT ILIKE', '~~', '~~*', 'REGEXP', 'RLIKE', '~', '~*']);
const arithmetic = new Set(['+', '-', '*', '/', '%', 'DIV', 'MOD']);
const logical = new Set(['AND', 'OR', 'XOR', '&&', '||']);

const textFunctions = new Set([
  'lower',
  'upper',
  'trim',
  'ltrim',
  'rtrim',
  'concat',
  'concat_ws',
  'substring',
  'substr',
  'length',
  'char_length',
  'character_length',
  'replace',
  'left',
  'right',
  'lpad',
  'rpad',
  'position',
  'locate',
  'instr',
  'split_part',
  'md5',
]);
const timeFunctions = new Set([
  'date',
  'year',
  'month',
  'day',
  'dayofmonth',
  'dayofweek',
  'dayofyear',
  'week',
  'weekday',
  'yearweek',
  'hour',
  'minute',
  'quarter',
  'date_format',
  'date_trunc',
  'date_part',
  'datediff',
  'timestampdiff',
  'to_days',
  'unix_timestamp',
  'date_add',
  'date_sub',
  'adddate',
  'subdate',
  'last_day',
  'age',
  'extract',
]);
const numberFunctions = new Set(['sum', 'avg', 'abs', 'round', 'floor', 'ceil', 'ceiling', 'sqrt', 'power', 'stddev']);
const timeValues = new Set([
  'now',
  'current_timestamp',
  'localtimestamp',
  'sysdate',
  'utc_timestamp',
  'clock_timestamp',
  'statement_timestamp',
  'transaction_timestamp',
  'localtime',
]);
const dateValues = new Set(['current_date', 'curdate', 'utc_date']);

interface UseContext {
  parents: ReadonlyMap<AstNode, AstNode>;
  ast: AstNode;
  schema: SchemaModel;
  query: AstNode;
}

/** What the place a column is read at says of its type. */
function evidenceAt(node: AstNode, keys: string[], { parents, ast, schema, query }: UseContext): Evidence[] {
  const found: Evidence[] = [];
  const parent = parents.get(node)!;
  const key = keys[keys.length - 1];
  if (parent.type === 'binary_expr' && typeof parent.operator === 'string') {
    const operator = parent.operator.toUpperCase();
    const other = key === 'left' ? child(parent, 'right') : child(parent, 'left');
    // What a column is compared with says its type; what it is computed with only that it is a number (`1 - x`
    // holds a decimal x as well as an integer one).
    if (comparisons.has(operator)) {
      for (const value of valuesOf(other)) {
        const family = expressionFamily(value, ast, schema, query);
        if (family) found.push(family);
      }
    }
    // An operand of arithmetic is a number, or a point in time moved by an interval.
    if (arithmetic.has(operator))
      found.push({ family: valuesOf(other).some(isInterval) ? 'timestamp' : 'decimal', weight: Weight.Function });
    if (textMatches.has(operator) && key === 'left') found.push({ family: 'text', weight: Weight.Literal });
    if (logical.has(operator)) found.push({ family: 'boolean', weight: Weight.Literal });
  }
  if (parent.type === 'unary_expr' && String(parent.operator).toUpperCase() === 'NOT')
    found.push({ family: 'boolean', weight: Weight.Literal });
  // The WHERE, ON or HAVING is the column itself: `WHERE active`.
  if (keys.length === 1 && (key === 'where' || key === 'having'))
    found.push({ family: 'boolean', weight: Weight.Literal });
  if (keys.length === 2 && keys[0] === 'from' && key === 'on')
    found.push({ family: 'boolean', weight: Weight.Literal });
  // `x::date`, `CAST(x AS DATE)`: a point in time kept as a date or timestamp (a cast to a number says little).
  if (parent.type === 'cast' && (castFamily(parent) === 'date' || castFamily(parent) === 'timestamp'))
    found.push({ family: 'timestamp', weight: Weight.Function });
  const called = calledFunction(node, parents);
  if (called && textFunctions.has(called)) found.push({ family: 'text', weight: Weight.Function });
  if (called && timeFunctions.has(called)) found.push({ family: 'timestamp', weight: Weight.Function });
  if (called && numberFunctions.has(called)) found.push({ family: 'decimal', weight: Weight.Function });
  return found;
}

/**
 * The function a column is an argument of: `lower(x)` holds it in an argument list, `sum(x)` and `EXTRACT(... FROM x)`
 * in an untyped `args` object, so the call is the parent or the grandparent.
 */
function calledFunction(node: AstNode, parents: ReadonlyMap<AstNode, AstNode>): string | undefined {
  let holder = parents.get(node);
  if (holder && (holder.type === 'expr_list' || holder.type === undefined)) holder = parents.get(holder);
  if (!holder) return undefined;
  if (holder.type === 'extract') return 'extract';
  return functionName(holder);
}

function functionName(node: AstNode): string | undefined {
  if (node.type === 'aggr_func' && typeof node.name === 'string') return node.name.toLowerCase();
  if (node.type !== 'function') return undefined;
  const name = child(node, 'name');
  const parts = name ? children(name, 'name') : [];
  const last = parts[parts.length - 1];
  return typeof last?.value === 'string' ? last.value.toLowerCase() : undefined;
}

/** The values a comparison's other side holds: one, or a list's (IN, BETWEEN). */
function valuesOf(node: AstNode | undefined): AstNode[] {
  if (!node) return [];
  if (node.type === 'expr_list') return children(node, 'value');
  return [node];
}

/**
 * The type family of an expression a column is compared with or computed with: a known column's, a literal's, a
 * point in time's (now(), an interval moved), a count's or a sum's, a cast's target, a scalar or IN subquery's only
 * item's; undefined when it says nothing (a placeholder, an inferred column: those are linked as peers).
 */
function expressionFamily(value: AstNode, ast: AstNode, schema: SchemaModel, query: AstNode): Evidence | undefined {
  const ref = columnRef(value);
  if (ref) {
    // Through CTEs and derived tables too: `ctr.ctr_customer_sk` selects store_returns.sr_customer_sk.
    const resolved = resolve(ast, schema, query, ref);
    const column = resolved.kind === 'local' || resolved.kind === 'outer' ? resolved.column : undefined;
    const family = column ? familyOfType(column.type) : undefined;
    return family ? { family, weight: Weight.KnownColumn } : undefined;
  }
  const literal = literalFamily(value);
  if (literal) return { family: literal, weight: Weight.Literal };
  const subquery = subqueryItem(value);
  if (subquery) return expressionFamily(subquery.item, ast, schema, subquery.query);
  if (value.type === 'cast') {
    const target = castFamily(value);
    return target ? { family: target, weight: Weight.Literal } : undefined;
  }
  const name = functionName(value);
  if (name && timeValues.has(name)) return { family: 'timestamp', weight: Weight.Function };
  if (name && dateValues.has(name)) return { family: 'date', weight: Weight.Function };
  if (value.type === 'aggr_func' && name === 'count') return { family: 'integer', weight: Weight.Function };
  if (value.type === 'aggr_func' && (name === 'sum' || name === 'avg'))
    return { family: 'decimal', weight: Weight.Function };
  if (value.type === 'binary_expr' && arithmetic.has(String(value.operator).toUpperCase())) {
    const interval = isInterval(child(value, 'right')) || isInterval(child(value, 'left'));
    return { family: interval ? 'timestamp' : 'decimal', weight: Weight.Function };
  }
  return undefined;
}

/** `(SELECT x FROM ...)` as a value, or an IN list's only subquery: its one select item and its query. */
function subqueryItem(value: AstNode): { item: AstNode; query: AstNode } | undefined {
  const query = child(value, 'ast');
  if (query?.type !== 'select') return undefined;
  const items = children(query, 'columns');
  const item = items.length === 1 ? child(items[0]!, 'expr') : undefined;
  return item ? { item, query } : undefined;
}

function isInterval(node: AstNode | undefined): boolean {
  return node?.type === 'interval';
}

function castFamily(cast: AstNode): TypeFamily | undefined {
  const target = children(cast, 'target')[0] ?? child(cast, 'target');
  const type = typeof target?.dataType === 'string' ? target.dataType : undefined;
  return type ? familyOfType(type.split('(')[0]!.trim()) : undefined;
}

// `'1999-2-01'` is a date to both databases.
const datePattern = /^\d{4}-\d{1,2}-\d{1,2}$/;
const timestampPattern = /^\d{4}-\d{1,2}-\d{1,2}[ T]\d{1,2}:\d{2}/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The type family of a literal: a number's, a string's (a date, a timestamp, a uuid, or text), a boolean's. */
function literalFamily(node: AstNode | undefined): TypeFamily | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'number':
    case 'bigint':
      return /[.eE]/.test(String(node.value)) ? 'decimal' : 'integer';
    case 'bool':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamp':
    case 'datetime':
      return 'timestamp';
    case 'single_quote_string':
    case 'string':
    case 'natural_string':
    case 'double_quote_string': {
      const text = String(node.value);
      if (datePattern.test(text)) return 'date';
      if (timestampPattern.test(text)) return 'timestamp';
      if (uuidPattern.test(text)) return 'uuid';
      return 'text';
    }
    default:
      return undefined;
  }
}

function addFamily(column: DraftColumn, known: ColumnDef, weight: Weight): void {
  const family = familyOfType(known.type);
  if (family) column.evidence.push({ family, weight });
}

function link(a: DraftColumn, b: DraftColumn): void {
  if (a === b) return;
  a.peers.push(b);
  b.peers.push(a);
}

/**
 * The column reference a compared column is compared with, in its query or as a subquery's only item
 * (`c.id = o.customer_id`, `a IN (SELECT b FROM ...)`): with both tables missing, the two share a type.
 */
function comparedColumn(node: AstNode, parent: AstNode, query: AstNode): { node: AstNode; query: AstNode } | undefined {
  if (parent.type !== 'binary_expr' || !comparisons.has(String(parent.operator).toUpperCase())) return undefined;
  const other = child(parent, 'left') === node ? child(parent, 'right') : child(parent, 'left');
  for (const value of valuesOf(other)) {
    const candidate = subqueryItem(value) ?? { item: value, query };
    if (columnRef(candidate.item)) return { node: candidate.item, query: candidate.query };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// The tables as DDL.

// Case matters for the camel-case `userId` (not `paid`): tested on the name and on its lower case.
const idPattern = /^(id|.*_id|.*[a-z]Id|.*[a-z]key|.*_(no|num|count|qty|sk|seq)|quantity)$/;
const amountPattern = /(price|amount|cost|total|balance|salary|discount|tax)$/i;
const timePattern = /(_at|_time|_date|^date|time$|date$)/i;
const flagPattern = /^(is|has)_/i;

/** The strongest evidence, its peers' included; a name's hint, then text, when nothing else says. */
function familyOf(column: DraftColumn): TypeFamily {
  const seen = new Set<DraftColumn>();
  const all: Evidence[] = [];
  const visit = (c: DraftColumn) => {
    if (seen.has(c)) return;
    seen.add(c);
    all.push(...c.evidence);
    for (const peer of c.peers) visit(peer);
  };
  visit(column);
  if (amountPattern.test(column.name)) all.push({ family: 'decimal', weight: Weight.Name });
  else if (idPattern.test(column.name) || idPattern.test(column.name.toLowerCase()))
    all.push({ family: 'integer', weight: Weight.Name });
  else if (timePattern.test(column.name)) all.push({ family: 'timestamp', weight: Weight.Name });
  else if (flagPattern.test(column.name)) all.push({ family: 'boolean', weight: Weight.Name });
  if (all.length === 0) return 'text';
  const best = Math.max(...all.map((e) => e.weight));
  const families = all.filter((e) => e.weight === best).map((e) => e.family);
  return widest(families);
}

/** Of several families at one weight: a number compared with 1 and 2.5 is a decimal; a date and a timestamp, a timestamp. */
function widest(families: TypeFamily[]): TypeFamily {
  const set = new Set(families);
  if (set.size === 1) return families[0]!;
  if ([...set].every((f) => f === 'integer' || f === 'decimal' || f === 'float'))
    return set.has('float') ? 'float' : 'decimal';
  if ([...set].every((f) => f === 'date' || f === 'timestamp')) return 'timestamp';
  return families.includes('text') ? 'text' : families[0]!;
}

interface ColumnType {
  type: string;
  length?: number;
  sql: string;
}

function typeFor(family: TypeFamily, dialect: Dialect): ColumnType {
  const mysql = dialect !== 'postgresql';
  switch (family) {
    case 'integer':
      return { type: 'BIGINT', sql: 'BIGINT' };
    case 'decimal':
      return { type: mysql ? 'DECIMAL' : 'NUMERIC', sql: mysql ? 'DECIMAL(18,4)' : 'NUMERIC(18,4)' };
    case 'float':
      return mysql ? { type: 'DOUBLE', sql: 'DOUBLE' } : { type: 'DOUBLE PRECISION', sql: 'DOUBLE PRECISION' };
    case 'date':
      return { type: 'DATE', sql: 'DATE' };
    case 'timestamp':
      return mysql ? { type: 'DATETIME', sql: 'DATETIME' } : { type: 'TIMESTAMP', sql: 'TIMESTAMP' };
    case 'time':
      return { type: 'TIME', sql: 'TIME' };
    case 'boolean':
      return mysql ? { type: 'TINYINT', sql: 'TINYINT(1)' } : { type: 'BOOLEAN', sql: 'BOOLEAN' };
    case 'uuid':
      return mysql ? { type: 'CHAR', length: 36, sql: 'CHAR(36)' } : { type: 'UUID', sql: 'UUID' };
    case 'json':
      return mysql ? { type: 'JSON', sql: 'JSON' } : { type: 'JSONB', sql: 'JSONB' };
    default:
      // MySQL can not index a TEXT column without a prefix length: a VARCHAR is what such a column usually is.
      return mysql ? { type: 'VARCHAR', length: 255, sql: 'VARCHAR(255)' } : { type: 'TEXT', sql: 'TEXT' };
  }
}

/** An inferred table, its DDL, and each column's SQL type (for the note). */
interface BuiltTable {
  table: TableDef;
  ddl: string;
  types: ReadonlyMap<string, string>;
}

function tableOf(draft: DraftTable, dialect: Dialect): BuiltTable {
  const types = new Map<string, string>();
  // The key first, as tables are written; the others in the order the statements read them.
  const drafts = [...draft.columns.values()].sort((a, b) => Number(isKey(b.name)) - Number(isKey(a.name)));
  if (drafts.length === 0) drafts.push({ name: 'id', keepsCase: false, evidence: [], peers: [] });
  const columns: ColumnDef[] = drafts.map((column) => {
    const { type, length, sql } = typeFor(familyOf(column), dialect);
    types.set(column.name, sql);
    return { name: column.name, type, nullable: !isKey(column.name), ...(length ? { length } : {}) };
  });
  const id = drafts.find((c) => isKey(c.name));
  const lines = drafts.map((column, k) => {
    const { nullable } = columns[k]!;
    return `  ${ddlName(column.name, column.keepsCase, dialect)} ${types.get(column.name)}${nullable ? '' : ' NOT NULL'}`;
  });
  if (id) lines.push(`  PRIMARY KEY (${ddlName(id.name, id.keepsCase, dialect)})`);
  const table: TableDef = {
    name: draft.name,
    columns,
    indexes: id ? [{ name: null, columns: [id.name], unique: true, primary: true }] : [],
    line: 0,
    inferred: true,
  };
  const ddl = `CREATE TABLE ${ddlName(draft.name, draft.keepsCase, dialect)} (\n${lines.join(',\n')}\n);`;
  return { table, ddl, types };
}

/** `id`: the primary key of nearly every table an application reads by it (ORMs' default key); read as a number. */
function isKey(name: string): boolean {
  return name.toLowerCase() === 'id';
}

/**
 * A name in the DDL, always quoted (a column may be named `order` or `key`), spelled as the statement's name resolves:
 * MySQL compares column names without case and table names as written; PostgreSQL folds an unquoted name to lower
 * case, so its DDL quotes the folded name unless the statement quoted it (keepsCase).
 */
function ddlName(name: string, keeps: boolean, dialect: Dialect): string {
  if (dialect !== 'postgresql') return `\`${name.replace(/`/g, '``')}\``;
  const plain = /^[A-Za-z_][A-Za-z0-9_$]*$/.test(name);
  return `"${(plain && !keeps ? name.toLowerCase() : name).replace(/"/g, '""')}"`;
}

/** Columns listed in the note, per table: a table read by 40 columns is still named, its list cut. */
const LISTED_COLUMNS = 12;

function noteOn(built: readonly BuiltTable[]): Localized {
  const described = built.map(({ table, types }) => {
    const listed = table.columns
      .slice(0, LISTED_COLUMNS)
      .map((c) => `${c.name} ${types.get(c.name)}${c.nullable ? '' : ' PRIMARY KEY'}`);
    const more = table.columns.length - listed.length;
    return {
      table: table.name,
      zh: `${listed.join(', ')}${more > 0 ? ` 等 ${table.columns.length} 列` : ''}`,
      en: `${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
    };
  });
  return {
    zh: `表结构中没有 ${described.map((d) => d.table).join('、')}：按语句读取的列推断结构后规划（${described.map((d) => `${d.table}(${d.zh})`).join('；')}），类型由用法推断，按默认行数估算，除 id 主键外没有索引。这些表上的计划和索引建议只是近似；请补充它们的 CREATE TABLE 和统计信息以得到准确结果。`,
    en: `The table structure does not hold ${described.map((d) => d.table).join(', ')}: planned with the columns the statements read (${described.map((d) => `${d.table}(${d.en})`).join('; ')}), types inferred from how they are used, at the default size, with no index but a primary key on id. Plans and index advice on these tables are approximate; add their CREATE TABLE and statistics for exact ones.`,
  };
}
