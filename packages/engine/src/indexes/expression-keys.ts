import type { Dialect, Localized } from '@sqltune/contracts';
import { type AstNode, columnRef, functionArgs, functionName, isNode, literalValue, walk } from '../model/ast.ts';
import { expressionText } from '../model/expression-text.ts';
import { isBinaryExpr, isCast, isFunctionCall, isLiteral, isSelect } from '../model/nodes.ts';
import type { ColumnDef } from '../schema/model.ts';

/**
 * Index keys on expressions: which expression of a table's columns a condition compares (`lower(email) = ?`,
 * `(data ->> 'kind') = ?`, `to_tsvector('english', body) @@ ...`), and whether PostgreSQL can index it. An index may
 * hold only expressions PostgreSQL marks IMMUTABLE (pg_proc.provolatile = 'i'); those listed here are the ones known
 * to be, for the argument types checked. Anything else is refused with why, never guessed.
 */

/** The column a reference node names, with the table it belongs to, as the query's scope resolves it. */
export type ColumnOwner = (node: AstNode) => { table: string; column: ColumnDef } | undefined;

export type ExpressionKey =
  /** An expression PostgreSQL can index: its text (expressionText) and the type of its value. */
  | { indexable: true; table: string; text: string; type: string }
  /** An expression no index can hold here, and why. */
  | { indexable: false; table: string; text: string; why: Localized };

/**
 * The expression key a comparison side computes from one table's columns, or undefined when the side is not such an
 * expression (a plain column, a value, columns of two tables, a subquery, arithmetic, which rules of their own move
 * to the value's side).
 */
export function expressionKey(node: AstNode, dialect: Dialect, owner: ColumnOwner): ExpressionKey | undefined {
  if (!isFunctionCall(node) && !isCast(node) && !(isBinaryExpr(node) && jsonOperators.has(String(node.operator)))) {
    return undefined;
  }
  const tables = new Set<string>();
  let unresolved = false;
  walk(node, ({ node: inner }) => {
    if (isSelect(inner)) unresolved = true;
    if (!columnRef(inner)) return undefined;
    const found = owner(inner);
    if (found) tables.add(found.table);
    else unresolved = true;
    return false;
  });
  const table = tables.size === 1 ? [...tables][0]! : undefined;
  if (!table || unresolved) return undefined;
  const text = expressionText(node, (column) => owner(column)?.column.name);
  if (text === undefined) return undefined;
  if (dialect === 'mysql') return { indexable: false, table, text, why: mysqlExpressionIndex(table, text) };
  const typed = postgresType(node, owner);
  return 'why' in typed
    ? { indexable: false, table, text, why: typed.why }
    : { indexable: true, table, text, type: typed.type };
}

/** Whether a comparison side holds no column at all (a value, a parameter, a call on values): what a key is compared to. */
export function holdsNoColumn(node: AstNode | undefined): boolean {
  if (!node) return false;
  let found = false;
  walk(node, ({ node: inner }) => {
    if (columnRef(inner) || isSelect(inner)) found = true;
    return found ? false : undefined;
  });
  return !found;
}

const jsonOperators = new Set(['->', '->>', '#>', '#>>']);

type Typed = { type: string } | { why: Localized };

const isText = (type: string) =>
  /^(TEXT|VARCHAR|CHARACTER VARYING|CHAR|CHARACTER|BPCHAR|CITEXT|NAME|LITERAL)$/.test(type);
const isInteger = (type: string) => /^(INT|INTEGER|BIGINT|SMALLINT|INT2|INT4|INT8|SERIAL|BIGSERIAL)$/.test(type);
const isExactNumber = (type: string) => isInteger(type) || /^(NUMERIC|DECIMAL)$/.test(type);

/**
 * PostgreSQL functions marked IMMUTABLE for the argument types checked, with their result type (undefined: the
 * arguments are of another type, whose version of the function may not be immutable).
 */
const immutableFunctions: Record<string, (types: string[]) => string | undefined> = {
  ...Object.fromEntries(
    ['lower', 'upper', 'initcap', 'btrim', 'ltrim', 'rtrim', 'trim', 'md5', 'reverse', 'left', 'right', 'substr'].map(
      (name) => [name, (types: string[]) => (isText(types[0] ?? '') ? 'TEXT' : undefined)],
    ),
  ),
  ...Object.fromEntries(
    ['length', 'char_length', 'octet_length'].map((name) => [
      name,
      (types: string[]) => (types.length === 1 && isText(types[0]!) ? 'INT' : undefined),
    ]),
  ),
  abs: ([type]) => (type && isExactNumber(type) ? type : undefined),
  // coalesce is an expression, immutable when its arguments are; its type is the first typed argument's.
  coalesce: (types) => types.find((t) => t !== 'LITERAL') ?? 'TEXT',
  // date_trunc(text, timestamp) and (text, interval) are immutable; (text, timestamptz) depends on TimeZone.
  date_trunc: ([unit, type]) =>
    unit === 'LITERAL' && (type === 'TIMESTAMP' || type === 'INTERVAL') ? type : undefined,
  date: ([type]) => (type === 'TIMESTAMP' || type === 'DATE' ? 'DATE' : undefined),
  // to_tsvector(regconfig, text) only: the one-argument form reads default_text_search_config.
  to_tsvector: (types) => (types.length === 2 && types[0] === 'LITERAL' && isText(types[1]!) ? 'TSVECTOR' : undefined),
};

/** Functions that depend on the clock, a setting or chance: PostgreSQL marks them STABLE or VOLATILE. */
const notImmutable = new Set([
  'now',
  'current_timestamp',
  'current_date',
  'clock_timestamp',
  'statement_timestamp',
  'transaction_timestamp',
  'random',
  'age',
  'to_char',
  'to_date',
  'to_timestamp',
  'unaccent',
  'concat',
  'concat_ws',
  'format',
  'timeofday',
]);

/** Casts known to be immutable: between text, exact numbers and booleans, and a timestamp (without time zone) to a date. */
function castType(source: string, target: string): string | undefined {
  const plain = (type: string) => isText(type) || isExactNumber(type) || type === 'BOOLEAN' || type === 'BOOL';
  if ((isText(target) || isExactNumber(target) || target === 'BOOLEAN' || target === 'BOOL') && plain(source)) {
    return isText(target) ? 'TEXT' : target;
  }
  if (target === 'DATE' && (source === 'TIMESTAMP' || source === 'DATE')) return 'DATE';
  return undefined;
}

function postgresType(node: AstNode, owner: ColumnOwner): Typed {
  const found = columnRef(node) ? owner(node) : undefined;
  if (found) return { type: found.column.type.toUpperCase() };
  if (isLiteral(node)) return { type: typeof node.value === 'number' ? 'NUMERIC' : 'LITERAL' };
  const text = expressionText(node, (column) => owner(column)?.column.name) ?? '';
  if (isBinaryExpr(node) && jsonOperators.has(String(node.operator))) {
    const left = postgresType(node.left as AstNode, owner);
    if ('why' in left) return left;
    if (!/^JSONB?$/.test(left.type) || literalValue(node.right as AstNode) === undefined)
      return { why: notKnownImmutable(text) };
    return { type: String(node.operator).endsWith('>>') ? 'TEXT' : left.type };
  }
  // text || text is textcat, IMMUTABLE (a document built from columns: `title || ' ' || body`); text || anything
  // else is anytextcat, STABLE (the other type's output function decides).
  if (isBinaryExpr(node) && node.operator === '||') {
    const sides = [postgresType(node.left as AstNode, owner), postgresType(node.right as AstNode, owner)];
    for (const side of sides) if ('why' in side) return side;
    return sides.every((side) => 'type' in side && isText(side.type))
      ? { type: 'TEXT' }
      : { why: notKnownImmutable(text) };
  }
  if (isCast(node)) {
    const inner = postgresType(node.expr, owner);
    if ('why' in inner) return inner;
    const targets = Array.isArray(node.target) ? node.target : [node.target];
    const target = isNode(targets[0]) ? String(targets[0].dataType ?? '').toUpperCase() : '';
    const type = castType(inner.type, target);
    return type ? { type } : { why: castNotImmutable(text, inner.type, target) };
  }
  if (isFunctionCall(node)) {
    const name = functionName(node)?.toLowerCase() ?? '';
    const args: string[] = [];
    for (const arg of functionArgs(node)) {
      const typed = postgresType(arg, owner);
      if ('why' in typed) return typed;
      args.push(typed.type);
    }
    const type = immutableFunctions[name]?.(args);
    if (type) return { type };
    if (name === 'to_tsvector' && args.length === 1) return { why: oneArgumentTsvector(text) };
    if ((name === 'date_trunc' || name === 'date') && args.some((t) => t === 'TIMESTAMPTZ' || t === 'DATE')) {
      return { why: dependsOnTimeZone(text) };
    }
    if (notImmutable.has(name)) return { why: stableFunction(name, text) };
    return { why: notKnownImmutable(text) };
  }
  return { why: notKnownImmutable(text) };
}

function dependsOnTimeZone(text: string): Localized {
  return {
    zh: `${text} 按带时区的时间戳计算（date 也会先转换成 timestamptz），结果取决于会话的 TimeZone 设置：PostgreSQL 把它标为 STABLE，而索引只能包含 IMMUTABLE 的表达式，所以不能为它建表达式索引。把条件改写成对列本身的范围（>= 起点 AND < 终点），再为该列建索引。`,
    en: `${text} is computed on a timestamp with time zone (a date is converted to one first), so its result depends on the session's TimeZone setting: PostgreSQL marks it STABLE, and an index may hold only IMMUTABLE expressions, so no expression index can serve it. Compare the column itself with a range (>= start AND < end) and index the column.`,
  };
}

function oneArgumentTsvector(text: string): Localized {
  return {
    zh: `${text} 没有写文本搜索配置，使用的是 default_text_search_config 设置：PostgreSQL 把单参数的 to_tsvector 标为 STABLE，索引不能包含它。在查询中写明配置（如 to_tsvector('english', 列)），就可以为同一个表达式建 GIN 索引。`,
    en: `${text} names no text search configuration, so it reads the default_text_search_config setting: PostgreSQL marks one-argument to_tsvector STABLE, and no index can hold it. Write the configuration in the query (to_tsvector('english', column)) and a GIN index on that same expression can serve it.`,
  };
}

function stableFunction(name: string, text: string): Localized {
  return {
    zh: `${text} 调用了 ${name}()，它的结果取决于时钟、设置或随机数：PostgreSQL 把它标为 STABLE 或 VOLATILE，索引只能包含 IMMUTABLE 的表达式，所以不能为它建表达式索引。`,
    en: `${text} calls ${name}(), whose result depends on the clock, a setting or chance: PostgreSQL marks it STABLE or VOLATILE, and an index may hold only IMMUTABLE expressions, so no expression index can serve it.`,
  };
}

function castNotImmutable(text: string, source: string, target: string): Localized {
  return {
    zh: `${text} 把 ${source.toLowerCase()} 转换为 ${target.toLowerCase()}，SQLTune 不能确定该转换是 IMMUTABLE（日期和时间的转换取决于 DateStyle 或 TimeZone 设置），因此不建议表达式索引。`,
    en: `${text} casts ${source.toLowerCase()} to ${target.toLowerCase()}, a cast SQLTune does not know to be IMMUTABLE (casts to and from dates and times depend on the DateStyle or TimeZone setting), so no expression index is advised.`,
  };
}

function notKnownImmutable(text: string): Localized {
  return {
    zh: `${text} 不在 SQLTune 确认为 IMMUTABLE 的 PostgreSQL 函数和运算之内（lower、upper、trim、jsonb 的 ->>、date_trunc 作用于不带时区的 timestamp 等），因此不建议表达式索引；如果 pg_proc.provolatile 显示它是 'i'，可以为同一个表达式建索引。`,
    en: `${text} is not among the PostgreSQL functions and operators SQLTune knows to be IMMUTABLE (lower, upper, trim, ->> on jsonb, date_trunc on a timestamp without time zone...), so no expression index is advised; if pg_proc.provolatile says 'i' for it, an index on that same expression can serve the condition.`,
  };
}

function mysqlExpressionIndex(table: string, text: string): Localized {
  return {
    zh: `${text} 用函数包裹了 ${table} 的列，普通索引用不上。MySQL 8.0.13 起可以用函数索引（CREATE INDEX ... ON ${table} ((${text}))）；MariaDB 没有函数索引，可以加一个生成列（ALTER TABLE ${table} ADD COLUMN ... AS (${text}) VIRTUAL）再为它建索引。这两种都改变表结构，SQLTune 不在沙箱中评估，因此不自动建议。`,
    en: `${text} wraps columns of ${table} in a function, so no plain index serves it. MySQL 8.0.13+ can index the expression with a functional key part (CREATE INDEX ... ON ${table} ((${text}))); MariaDB has no functional key parts: add a generated column (ALTER TABLE ${table} ADD COLUMN ... AS (${text}) VIRTUAL) and index it. Both change the table, and SQLTune's sandbox does not cost them, so neither is advised automatically.`,
  };
}
