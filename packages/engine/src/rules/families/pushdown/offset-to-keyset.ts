import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef } from '../../../model/ast.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { SchemaModel } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { isVolatile } from '../../../semantics/functions.ts';
import { orderKeyMeaning } from '../../../semantics/scope.ts';
import { isKeyword } from '../../../text/lexer.ts';
import { LARGE_OFFSET } from '../../large-offset.ts';
import { matchAt } from '../../match-helpers.ts';
import { clauseEnd, type QueryLayout, selectCandidates } from '../../rewrite/layout.ts';
import { textOf, tokenView } from '../../rewrite/tokens.ts';
import { acceptChanges, type Change, firstFaithful } from '../../rewrite/verify.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { limitParts, numberValue, operatorOf, sameColumn } from '../clauses/helpers.ts';
import {
  aggregates,
  andOf,
  grouped,
  hasSideEffects,
  isDistinct,
  isLiteral,
  limitNode,
  parseQuery,
  positionalParameters,
  reasons,
  singleTable,
  tableColumn,
  uniqueAlone,
  windowed,
} from './helpers.ts';

/**
 * `SELECT ... FROM t WHERE f ORDER BY k LIMIT n OFFSET m` with a large m reads m rows only to throw them
 * away. When k is a single-column primary key or a unique NOT NULL column, the page starts at the key of
 * the (m+1)-th row, which a subquery can find from k's index alone:
 *
 *   SELECT ... FROM t WHERE f AND k >= (SELECT k FROM t WHERE f ORDER BY k LIMIT 1 OFFSET m) ORDER BY k LIMIT n
 *
 * (`<=` for ORDER BY k DESC). With a unique non-NULL key the order is total, so the rows from that key on
 * are exactly the ones the OFFSET keeps; when fewer than m+1 rows match, the subquery yields NULL and the
 * comparison keeps nothing, as the OFFSET did. MySQL refuses LIMIT only in IN/ALL/ANY/SOME subqueries, not
 * in a scalar comparison; MariaDB and PostgreSQL accept it too.
 */
export const offsetToKeyset: Rule = {
  id: 'offset-to-keyset',
  category: 'Index Usage',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey, o_totalprice FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 100000',
    good: 'SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderkey >= (SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 1 OFFSET 100000) ORDER BY o_orderkey LIMIT 20',
  },
  rewrites: true,
  title: { zh: '深分页改为按键定位', en: 'Deep OFFSET paging as a key lookup' },
  rationale: {
    zh: `ORDER BY k LIMIT n OFFSET m 中 m 很大（超过 ${LARGE_OFFSET}）时，数据库要读出并丢弃前 m 行完整的记录。k 是单列主键或唯一且非空的列时，可以先用子查询只在 k 的索引上数到第 m+1 个键，再从这个键开始取 n 行：WHERE k >= (SELECT k FROM t WHERE 同样的条件 ORDER BY k LIMIT 1 OFFSET m) ORDER BY k LIMIT n（降序用 <=）。键唯一且非空，顺序是确定的，从该键开始的行正是 OFFSET 保留的那些；匹配的行不足 m+1 行时子查询为 NULL，两种写法都返回空结果。表结构显示 k 唯一且非空时自动改写。更好的做法仍是记住上一页最后一个键值（游标分页）。`,
    en: `With ORDER BY k LIMIT n OFFSET m and a large m (above ${LARGE_OFFSET}), the database reads and throws away m whole rows. When k is a single-column primary key or a unique NOT NULL column, a subquery can count to the (m+1)-th key on k's index alone, and the page then starts there: WHERE k >= (SELECT k FROM t WHERE same filters ORDER BY k LIMIT 1 OFFSET m) ORDER BY k LIMIT n (<= for descending order). A unique non-NULL key makes the order total, so the rows from that key on are exactly the ones the OFFSET keeps; when fewer than m+1 rows match, the subquery is NULL and both forms return nothing. Rewritten when the table structure shows k unique and NOT NULL. Remembering the last key of the previous page (keyset pagination) is better still.`,
  },
  detect({ statement, schema }) {
    const query = statement.ast;
    if (statement.kind !== 'select' || child(query, '_next') || children(query, 'with').length > 0) return [];
    const page = deepPage(query);
    if (!page) return [];
    const refusal = refusalFor(statement, schema, query, page);
    const change = refusal ? undefined : keysetChange(statement, query, page);
    const message = messageFor(page, refusal ?? (change ? undefined : reasons.text));
    const match = matchAt(child(query, 'limit')!, message, statement.text);
    const [accepted] = acceptChanges(statement, [change]);
    return [accepted ? { ...match, edits: change!.edits } : match];
  },
};

interface Page {
  /** The ORDER BY item and its expression (the key). */
  order: AstNode;
  key: AstNode;
  descending: boolean;
  offset: number;
}

/** A single-table `ORDER BY <one column> LIMIT n OFFSET m` with m above the large-offset threshold. */
function deepPage(query: AstNode): Page | undefined {
  const single = singleTable(query);
  const items = children(query, 'orderby');
  const { count, offset } = limitParts(query);
  const m = numberValue(offset);
  if (!single || items.length !== 1 || !count || m === undefined || m <= LARGE_OFFSET) return undefined;
  const key = child(items[0]!, 'expr');
  if (!columnRef(key) || columnRef(key)!.column === '*') return undefined;
  const direction = String(items[0]!.type ?? 'ASC').toUpperCase();
  // A direction pasted at run time (MyBatis' `${direction}`): which side of the last key comes next is unknown.
  if (direction !== 'ASC' && direction !== 'DESC') return undefined;
  return { order: items[0]!, key: key!, descending: direction === 'DESC', offset: m };
}

const refusals = {
  shape: {
    zh: '查询含 GROUP BY、DISTINCT、聚合、窗口函数、加锁读或不确定函数',
    en: 'the query has GROUP BY, DISTINCT, an aggregate, a window function, a locking read or a nondeterministic function',
  },
  schema: {
    zh: `需要表结构确认排序列是单列主键，或是非空且有单列唯一索引的列`,
    en: 'the table structure must show the ORDER BY column to be a single-column primary key, or NOT NULL with a unique index of its own',
  },
  alias: {
    zh: '排序列的名字同时是另一个输出列的别名，ORDER BY 会按那个输出列排序',
    en: 'the ORDER BY name is also the alias of another output column, which the ORDER BY then sorts by',
  },
  count: {
    zh: 'LIMIT 的行数不是数字或参数',
    en: 'the LIMIT row count is not a number or a parameter',
  },
} satisfies Record<string, Localized>;

/** Why the page is not rewritten, or undefined when it is. */
function refusalFor(
  statement: ParsedStatement,
  schema: SchemaModel,
  query: AstNode,
  page: Page,
): Localized | undefined {
  if (
    grouped(query) ||
    isDistinct(query) ||
    aggregates(query) ||
    windowed(query) ||
    hasSideEffects(query) ||
    isVolatile({ columns: query.columns, where: query.where, orderby: query.orderby })
  ) {
    return refusals.shape;
  }
  if (!isLiteral(limitParts(query).count)) return refusals.count;
  // The filters are copied into the subquery: a `?` among them would bind twice as many values.
  if (positionalParameters(child(query, 'where')) > 0) return reasons.parameters;
  // The key is copied into the WHERE, where it names the table's column: the ORDER BY must sort by that column too,
  // not by a select item of that name (orderKeyMeaning).
  if (!sameColumn(orderKeyMeaning(query, page.key)?.expr, page.key)) return refusals.alias;
  const placed = tableColumn(statement.ast, schema, query, page.key);
  if (!placed || placed.column.nullable || !uniqueAlone(placed.table, placed.column.name)) return refusals.schema;
  return undefined;
}

function messageFor(page: Page, refusal: Localized | undefined): Localized {
  const key = columnRef(page.key)!.column;
  const base: Localized = {
    zh: `OFFSET ${page.offset} 会读出并丢弃 ${page.offset} 行；可以先用子查询在 ${key} 的索引上找到第 ${page.offset + 1} 个键，再从该键开始取这一页。`,
    en: `OFFSET ${page.offset} reads and throws away ${page.offset} rows; find the ${ordinal(page.offset + 1)} key on the index of ${key} with a subquery and start the page from it.`,
  };
  if (!refusal) return base;
  return {
    zh: `${base.zh}（${refusal.zh}，未自动改写。）`,
    en: `${base.en} (Not rewritten automatically: ${refusal.en}.)`,
  };
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/**
 * Rebuilds the statement around its own text: the select list and FROM, the filters (also copied into the
 * subquery), the ORDER BY clause (used twice) and the row count. The new text must parse to exactly the
 * intended tree: the old WHERE ANDed with `k >= (subquery)`, and LIMIT n without the offset.
 */
function keysetChange(statement: ParsedStatement, query: AstNode, page: Page): Change | undefined {
  const { tokens } = tokenView(statement);
  const where = child(query, 'where');
  const operator = page.descending ? '<=' : '>=';
  const candidates = selectCandidates(statement, query).flatMap((layout): Change[] => {
    const parts = pageParts(statement, layout);
    if (!parts) return [];
    const filter = parts.where
      ? `${['OR', 'XOR', '||'].includes(operatorOf(where)) ? `(${parts.where})` : parts.where} AND `
      : '';
    const subquery = `SELECT ${parts.key} ${parts.from}${parts.where ? ` WHERE ${parts.where}` : ''} ${parts.order} LIMIT 1 OFFSET ${parts.offset}`;
    const text = `${parts.head} WHERE ${filter}${parts.key} ${operator} (${subquery}) ${parts.order} LIMIT ${parts.count}`;
    const intended = intendedTree(statement, query, page, parts, operator);
    if (!intended) return [];
    const edit = { start: tokens[layout.select]!.start, end: tokens[layout.last]!.end, replacement: text };
    return [{ edits: [edit], replacements: new Map([[query, intended]]) }];
  });
  return firstFaithful(statement, candidates);
}

interface PageParts {
  /** `SELECT ... FROM ...` up to the WHERE or ORDER BY. */
  head: string;
  /** `FROM ...` alone. */
  from: string;
  where?: string;
  /** `ORDER BY k [ASC|DESC]`. */
  order: string;
  key: string;
  count: string;
  offset: string;
}

/** The texts the new statement is built from, when the query's clauses are exactly FROM, [WHERE,] ORDER BY, LIMIT [OFFSET]. */
function pageParts(statement: ParsedStatement, layout: QueryLayout): PageParts | undefined {
  const { tokens } = tokenView(statement);
  const { clauses } = layout;
  const allowed = new Set(['FROM', 'WHERE', 'ORDER', 'LIMIT', 'OFFSET']);
  const fromAt = clauses.get('FROM');
  const orderAt = clauses.get('ORDER');
  const limitAt = clauses.get('LIMIT');
  if (fromAt === undefined || orderAt === undefined || limitAt === undefined) return undefined;
  if ([...clauses.keys()].some((k) => !allowed.has(k)) || limitAt < orderAt) return undefined;
  const whereAt = clauses.get('WHERE');
  const slice = (first: number, last: number) => textOf(statement, [first, last]);
  const orderEnd = clauseEnd(layout, orderAt);
  // The key: the ORDER BY item without its direction and NULLS FIRST/LAST (the key has no NULLs).
  let keyEnd = orderEnd;
  while (keyEnd > orderAt + 2 && ['ASC', 'DESC', 'NULLS', 'FIRST', 'LAST'].some((w) => isKeyword(tokens[keyEnd], w))) {
    keyEnd--;
  }
  const limitTokens = tokens.slice(limitAt + 1, layout.last + 1);
  const offsetAt = limitTokens.findIndex((t) => isKeyword(t, 'OFFSET'));
  const comma = limitTokens.findIndex((t) => t.text === ',');
  let count: string | undefined;
  let offset: string | undefined;
  if (offsetAt === 1 && limitTokens.length === 3) [count, offset] = [limitTokens[0]!.text, limitTokens[2]!.text];
  else if (comma === 1 && limitTokens.length === 3) [offset, count] = [limitTokens[0]!.text, limitTokens[2]!.text];
  if (!count || !offset) return undefined;
  return {
    head: slice(layout.select, (whereAt ?? orderAt) - 1),
    from: slice(fromAt, clauseEnd(layout, fromAt)),
    where: whereAt === undefined ? undefined : slice(whereAt + 1, clauseEnd(layout, whereAt)),
    order: slice(orderAt, orderEnd),
    key: slice(orderAt + 2, keyEnd),
    count,
    offset,
  };
}

/** The tree the new statement must parse to, from the original's own nodes and the grammar's shapes. */
function intendedTree(
  statement: ParsedStatement,
  query: AstNode,
  page: Page,
  parts: PageParts,
  operator: string,
): AstNode | undefined {
  const { dialect } = statement;
  const outerLimit = limitNode(`LIMIT ${parts.count}`, dialect);
  const innerLimit = limitNode(`LIMIT 1 OFFSET ${parts.offset}`, dialect);
  const probe = parseQuery(`SELECT ${parts.key} FROM t WHERE 1 >= (SELECT 1 FROM t)`, dialect);
  const item = probe ? children(probe, 'columns')[0] : undefined;
  const wrapper = probe ? child(child(probe, 'where') ?? {}, 'right') : undefined;
  if (!outerLimit || !innerLimit || !item || !wrapper || !sameTree(child(item, 'expr'), page.key)) return undefined;
  const subquery: AstNode = { ...query, columns: [item], limit: innerLimit };
  const comparison: AstNode = { type: 'binary_expr', operator, left: page.key, right: { ...wrapper, ast: subquery } };
  const where = child(query, 'where');
  return { ...query, where: andOf([...(where ? [where] : []), comparison]), limit: outerLimit };
}
