import type { AstNode } from './ast.ts';

/**
 * The node shapes the rules and the semantic layer read, as read-only, kind-tagged types with guards.
 *
 * node-sql-parser types its tree loosely and its two grammars differ in details, so each field is typed as loosely as
 * the grammars give it (a child may be missing or null) and as narrowly as the engine relies on. A guard checks the
 * tag only: what the fields hold is the parser's contract, read through these types instead of `node[key]` casts.
 * Trees are shared through the parse cache and frozen under test (test-support/frozen-trees.ts): nothing here is
 * writable.
 */

/** A query block. UNION / INTERSECT / EXCEPT chain the next block in `_next` with `set_op`. */
export interface SelectNode extends AstNode {
  readonly type: 'select';
  readonly with?: readonly WithItem[] | null;
  readonly distinct?: { readonly type?: string | null } | string | null;
  readonly columns?: readonly AstNode[] | string | null;
  readonly from?: readonly AstNode[] | null;
  readonly where?: AstNode | null;
  readonly groupby?: { readonly columns?: readonly AstNode[] | null } | readonly AstNode[] | null;
  readonly having?: AstNode | null;
  readonly orderby?: readonly OrderItem[] | null;
  readonly limit?: { readonly seperator?: string; readonly value?: readonly AstNode[] } | null;
  readonly set_op?: string | null;
  readonly _next?: SelectNode | null;
}

/** One `name [(columns)] AS (query)` of a WITH list. */
export interface WithItem extends AstNode {
  readonly name?: { readonly value?: string } | string;
  readonly stmt?: { readonly ast?: AstNode } | AstNode;
  readonly columns?: readonly AstNode[] | null;
  readonly recursive?: boolean;
}

/** One ORDER BY key: the expression and its direction (`ASC`/`DESC`). */
export interface OrderItem extends AstNode {
  readonly expr: AstNode;
  readonly type?: string;
}

/** `left operator right`: comparisons, AND/OR, arithmetic, IN, LIKE, BETWEEN (right an expr_list), IS. */
export interface BinaryExpr extends AstNode {
  readonly type: 'binary_expr';
  readonly operator: string;
  readonly left: AstNode;
  readonly right: AstNode;
  /** Written inside parentheses. */
  readonly parentheses?: boolean;
}

/** `NOT x`, `-x`, `EXISTS (...)`. */
export interface UnaryExpr extends AstNode {
  readonly type: 'unary_expr';
  readonly operator: string;
  readonly expr: AstNode;
}

/** A column reference: `column` is a name, or `{ expr: { value } }` in the newer grammars; `table` an alias. */
export interface ColumnRefNode extends AstNode {
  readonly type: 'column_ref';
  readonly table?: string | null;
  readonly column: string | AstNode;
}

/** A function call other than an aggregate; `name` is a string or `{ name: [{ value }] }` (schema-qualified). */
export interface FunctionCall extends AstNode {
  readonly type: 'function';
  readonly name: string | AstNode;
  readonly args?: ExprList | AstNode | null;
  readonly over?: AstNode | null;
}

/** COUNT, SUM, AVG, MIN, MAX and the other aggregates; `args.distinct` for `COUNT(DISTINCT x)`. */
export interface AggregateCall extends AstNode {
  readonly type: 'aggr_func';
  readonly name: string;
  readonly args?: AstNode | null;
  readonly over?: AstNode | null;
}

/** `CAST(x AS type)` and PostgreSQL's `x::type`; the target types in `target`. */
export interface CastNode extends AstNode {
  readonly type: 'cast';
  readonly expr: AstNode;
  readonly target?: readonly AstNode[] | AstNode;
  readonly symbol?: string;
}

/** A parenthesised list: IN lists, BETWEEN bounds, function arguments, a row value. */
export interface ExprList extends AstNode {
  readonly type: 'expr_list';
  readonly value: readonly AstNode[];
}

/** A constant as written: numbers, strings of each quoting, booleans, NULL. */
export interface LiteralNode extends AstNode {
  readonly type: LiteralType;
  readonly value: string | number | boolean | null;
}

export const LITERAL_TYPES = [
  'number',
  'bigint',
  'single_quote_string',
  'double_quote_string',
  'string',
  'natural_string',
  'hex_string',
  'bit_string',
  'full_hex_string',
  'bool',
  'null',
] as const;
export type LiteralType = (typeof LITERAL_TYPES)[number];

const literalTypes: ReadonlySet<string> = new Set(LITERAL_TYPES);

/** `DATE '2024-01-01'`: a date written as a typed string (a cast of a string is a `CastNode`). */
export interface DateLiteral extends AstNode {
  readonly type: 'date';
  readonly value: string;
}

/** `INTERVAL 1 DAY` (MySQL: amount and `unit`), `interval '1 day'` (PostgreSQL: the string, `unit` empty). */
export interface IntervalNode extends AstNode {
  readonly type: 'interval';
  readonly expr: AstNode;
  readonly unit?: string;
}

/** `EXTRACT(field FROM source)`. */
export interface ExtractNode extends AstNode {
  readonly type: 'extract';
  readonly args: { readonly field: string; readonly source: AstNode };
}

/** The `*` of `COUNT(*)`. */
export interface StarNode extends AstNode {
  readonly type: 'star';
  readonly value: string;
}

/** A word kept as written: the `?` placeholder, the `ALL` of PostgreSQL's `LIMIT ALL`. */
export interface OriginNode extends AstNode {
  readonly type: 'origin';
  readonly value: string;
}

/** A variable or numbered parameter: PostgreSQL's `$1` has `prefix` `$`. */
export interface VarNode extends AstNode {
  readonly type: 'var';
  readonly prefix?: string | null;
  readonly name: string | number;
}

/** `UPDATE`: the target tables, the SET items, and MySQL's ORDER BY and LIMIT. */
export interface UpdateNode extends AstNode {
  readonly type: 'update';
  readonly table?: readonly AstNode[] | null;
  readonly set?: readonly AstNode[] | null;
  readonly where?: AstNode | null;
  readonly orderby?: readonly OrderItem[] | null;
}

const hasType =
  <T extends AstNode>(type: T['type']) =>
  (node: AstNode | null | undefined): node is T =>
    node?.type === type;

/** `DELETE`: the tables deleted from in `from` (MySQL's multi-table form also names them in `table`). */
export interface DeleteNode extends AstNode {
  readonly type: 'delete';
  readonly from?: readonly AstNode[] | null;
  readonly where?: AstNode | null;
}

/** CREATE TABLE / INDEX / DATABASE ...: `keyword` names what is created (`table`, `index`, `database`, `schema`). */
export interface CreateNode extends AstNode {
  readonly type: 'create';
  readonly keyword: string;
  /** A list for CREATE TABLE, one table for CREATE INDEX. */
  readonly table?: readonly AstNode[] | AstNode | null;
}

/** ALTER TABLE (PostgreSQL also sets `keyword`); the actions in `expr`. */
export interface AlterNode extends AstNode {
  readonly type: 'alter';
  readonly table?: readonly AstNode[] | null;
}

/** DROP TABLE / VIEW / INDEX ... and TRUNCATE: `keyword` names the object kind, `name` the objects. */
export interface DropNode extends AstNode {
  readonly type: 'drop' | 'truncate';
  readonly keyword: string;
  readonly name?: readonly AstNode[] | null;
}

/** GRANT: the privileges in `objects`, what they are on in `on`. */
export interface GrantNode extends AstNode {
  readonly type: 'grant';
  readonly objects?: readonly AstNode[] | null;
  readonly on?: AstNode | null;
}

export const isSelect = hasType<SelectNode>('select');
export const isBinaryExpr = hasType<BinaryExpr>('binary_expr');
export const isUnaryExpr = hasType<UnaryExpr>('unary_expr');
export const isColumnRefNode = hasType<ColumnRefNode>('column_ref');
export const isFunctionCall = hasType<FunctionCall>('function');
export const isAggregateCall = hasType<AggregateCall>('aggr_func');
export const isCast = hasType<CastNode>('cast');
export const isExprList = hasType<ExprList>('expr_list');
export const isDateLiteral = hasType<DateLiteral>('date');
export const isInterval = hasType<IntervalNode>('interval');
export const isExtract = hasType<ExtractNode>('extract');
export const isStar = hasType<StarNode>('star');
export const isOrigin = hasType<OriginNode>('origin');
export const isVar = hasType<VarNode>('var');
export const isUpdate = hasType<UpdateNode>('update');
export const isDelete = hasType<DeleteNode>('delete');
export const isCreate = hasType<CreateNode>('create');
export const isAlter = hasType<AlterNode>('alter');
export const isDrop = hasType<DropNode & { readonly type: 'drop' }>('drop');
export const isTruncate = hasType<DropNode & { readonly type: 'truncate' }>('truncate');
export const isGrant = hasType<GrantNode>('grant');

export function isLiteral(node: AstNode | null | undefined): node is LiteralNode {
  return typeof node?.type === 'string' && literalTypes.has(node.type);
}

/** A literal of one of the given kinds: `isLiteralOf(node, 'number', 'bigint')`, `isLiteralOf(node, 'null')`. */
export function isLiteralOf<T extends LiteralType>(
  node: AstNode | null | undefined,
  ...types: readonly T[]
): node is LiteralNode & { readonly type: T } {
  return typeof node?.type === 'string' && (types as readonly string[]).includes(node.type);
}
