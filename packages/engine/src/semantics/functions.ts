/**
 * The engine's one catalogue of functions by behaviour: which calls aggregate rows, which are window calls,
 * and which give another value from one evaluation to the next. Rules ask here, never with lists of their own.
 */
import { type AstNode, columnRef, functionName, isNode, walk } from '../model/ast.ts';
import { isAggregateCall, isFunctionCall } from '../model/nodes.ts';

// ---------------------------------------------------------------------------------------------------
// Aggregates and windows.

/** Aggregates the parser reads as plain functions (it only knows the common ones as `aggr_func`). */
const functionAggregates = new Set([
  'ANY_VALUE',
  'ARRAY_AGG',
  'BIT_AND',
  'BIT_OR',
  'BIT_XOR',
  'BOOL_AND',
  'BOOL_OR',
  'CORR',
  'COVAR_POP',
  'COVAR_SAMP',
  'EVERY',
  'GROUPING',
  'GROUP_CONCAT',
  'JSON_AGG',
  'JSON_ARRAYAGG',
  'JSON_OBJECTAGG',
  'JSON_OBJECT_AGG',
  'JSONB_AGG',
  'JSONB_OBJECT_AGG',
  'MODE',
  'PERCENTILE_CONT',
  'PERCENTILE_DISC',
  'REGR_AVGX',
  'REGR_AVGY',
  'REGR_COUNT',
  'REGR_INTERCEPT',
  'REGR_R2',
  'REGR_SLOPE',
  'REGR_SXX',
  'REGR_SXY',
  'REGR_SYY',
  'STD',
  'STDDEV',
  'STDDEV_POP',
  'STDDEV_SAMP',
  'STRING_AGG',
  'VARIANCE',
  'VAR_POP',
  'VAR_SAMP',
  'XMLAGG',
]);

/** A window function call (`... OVER (...)`). */
export function isWindow(node: AstNode): boolean {
  if (node.type === 'window_func') return true;
  return (isAggregateCall(node) || isFunctionCall(node)) && isNode(node.over);
}

/** An aggregate call that groups rows (not a window function). */
export function isAggregate(node: AstNode): boolean {
  if (isWindow(node)) return false;
  if (isAggregateCall(node)) return true;
  return isFunctionCall(node) && functionAggregates.has(functionName(node) ?? '');
}

/** Aggregates whose result does not depend on the order of their input rows. */
const orderFreeAggregates = new Set([
  'COUNT',
  'MIN',
  'MAX',
  'BIT_AND',
  'BIT_OR',
  'BIT_XOR',
  'BOOL_AND',
  'BOOL_OR',
  'EVERY',
]);
/** Aggregates that only depend on order through floating-point rounding. */
const summingAggregates = new Set([
  'SUM',
  'AVG',
  'STDDEV',
  'STDDEV_POP',
  'STDDEV_SAMP',
  'STD',
  'VARIANCE',
  'VAR_POP',
  'VAR_SAMP',
]);

/**
 * Aggregates that take DISTINCT (`SUM(DISTINCT x)`) in MySQL or PostgreSQL and whose DISTINCT node-sql-parser does
 * not read (it reads COUNT's): the engine's reader reads it for them (dialect/standard-forms.ts).
 */
export const unreadDistinctAggregates: ReadonlySet<string> = new Set([
  ...[...orderFreeAggregates].filter((name) => name !== 'COUNT'),
  ...summingAggregates,
  'JSON_AGG',
  'JSONB_AGG',
  'JSON_ARRAYAGG',
]);

/** Aggregates that give NULL over no rows (COUNT gives 0). */
const nullOnEmptyAggregates = new Set(['SUM', 'AVG', 'MIN', 'MAX']);

/** By upper-case name, for a call known to be an aggregate. */
export function isOrderFreeAggregate(name: string): boolean {
  return orderFreeAggregates.has(name);
}

export function isSummingAggregate(name: string): boolean {
  return summingAggregates.has(name);
}

export function isNullOnEmptyAggregate(name: string): boolean {
  return nullOnEmptyAggregates.has(name);
}

// ---------------------------------------------------------------------------------------------------
// Determinism.

/** Each call may give another value or act on the server: two calls are never the same value. */
const volatileFunctions = new Set([
  'RAND',
  'RANDOM',
  'RANDOM_BYTES',
  'SETSEED',
  'UUID',
  'UUID_SHORT',
  'GEN_RANDOM_UUID',
  'SYSDATE',
  'CLOCK_TIMESTAMP',
  'TIMEOFDAY',
  'NEXTVAL',
  'SETVAL',
  'CURRVAL',
  'LASTVAL',
  'LAST_INSERT_ID',
  'SLEEP',
  'PG_SLEEP',
  'BENCHMARK',
  'GET_LOCK',
  'RELEASE_LOCK',
  'IS_FREE_LOCK',
  'IS_USED_LOCK',
  'LOAD_FILE',
]);

/** Fixed for the length of one statement, but not from one statement (or step of a rewrite) to the next. */
const stableFunctions = new Set([
  'NOW',
  'CURRENT_TIMESTAMP',
  'CURRENT_DATE',
  'CURRENT_TIME',
  'CURDATE',
  'CURTIME',
  'LOCALTIME',
  'LOCALTIMESTAMP',
  'UTC_DATE',
  'UTC_TIME',
  'UTC_TIMESTAMP',
  'UNIX_TIMESTAMP',
  'STATEMENT_TIMESTAMP',
  'TRANSACTION_TIMESTAMP',
  'FOUND_ROWS',
  'ROW_COUNT',
]);

/** PostgreSQL's grammar reads some niladic functions (`LOCALTIME`) as column names. */
const stableWords = new Set(['CURRENT_TIMESTAMP', 'CURRENT_DATE', 'CURRENT_TIME', 'LOCALTIME', 'LOCALTIMESTAMP']);

/** A call whose two evaluations may differ even within one statement (`RAND()`, `NEXTVAL()`, `SYSDATE()`). */
export function isVolatileCall(node: AstNode): boolean {
  return volatileFunctions.has(functionName(node) ?? '');
}

/**
 * Whether anything in the tree (subqueries included) may change between evaluations, or from one statement
 * to another (the clock), or is a user variable: such an expression is never moved or copied by a rewrite.
 */
export function isVolatile(node: AstNode | undefined): boolean {
  if (!node) return false;
  let found = false;
  walk(node, ({ node: inner }) => {
    if (found) return false;
    const name = functionName(inner);
    if (name && (volatileFunctions.has(name) || stableFunctions.has(name))) found = true;
    if (inner.type === 'var' && inner.prefix === '@') found = true;
    if (inner.type === 'assign') found = true;
    const ref = columnRef(inner);
    if (ref && !ref.table && stableWords.has(ref.column.toUpperCase())) found = true;
    return found ? false : undefined;
  });
  return found;
}
