/**
 * Join orders of MariaDB plans, and a statement held to a given order. Pure.
 *
 * Why: MariaDB costs a join condition that no index serves (checked as "Using where" after a lookup) as if it kept
 * every row. A rewrite that only tells the optimizer more (a redundant cast removed from a filtered column) can then
 * make it leave a plan that was fast for reasons its estimate does not see: TPC-H Q7 without its casts starts from
 * lineitem instead of from the two filtered nations, at half the estimated cost and twice the run time. Holding the
 * rewritten statement to the original's join order (STRAIGHT_JOIN) costs the part of the gain that is the new order's
 * alone: when that is small, the estimate gives no evidence the new plan is faster (see optimize.ts).
 */
import { codeTokens, isKeyword, lex, type Token } from '@sqltune/engine/text';
import { FROM_END } from './sql-text.ts';

/**
 * The tables of the top query block in join order, as the tabular EXPLAIN names them (aliases), from the plan text
 * the MariaDB backend keeps (`PlanTree.raw`). Undefined when the block joins something that is not a table of the
 * statement (a materialized subquery or derived table, `<subquery2>`, `<derived3>`) or the text is no such table.
 */
export function topBlockJoinOrder(raw: string): string[] | undefined {
  const rows = raw
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  const [header, ...body] = rows;
  if (!header) return undefined;
  const id = header.indexOf('id');
  const table = header.indexOf('table');
  if (id < 0 || table < 0 || body.length === 0) return undefined;
  const top = body.filter((row) => row[id] === body[0]![id]).map((row) => row[table] ?? '');
  if (top.some((name) => name === '' || name === 'NULL' || name.startsWith('<'))) return undefined;
  return top;
}

interface FromItem {
  /** The name the plan shows: the alias, or the table's own name. */
  key: string;
  start: number;
  end: number;
}

/** A FROM list of plain tables: its items, where it ends, and the text of its inner joins' ON conditions. */
interface FromList {
  items: FromItem[];
  /** Offset just past the list (past the last ON condition). */
  end: number;
  /** Index of the first token after the list. */
  next: number;
  conditions: string[];
}

/**
 * The statement with the one FROM list whose plain tables are exactly `order`'s, rewritten as
 * `a STRAIGHT_JOIN b STRAIGHT_JOIN c` in that order (MariaDB then joins them in that order). Inner joins' ON
 * conditions move into the WHERE clause, where they mean the same; the statement only serves costing, it is never
 * shown. Undefined when no FROM list is a comma or inner-join list of plain tables naming exactly those tables (an
 * outer, natural or USING join, a derived table), or more than one is.
 */
export function forceJoinOrder(sql: string, order: readonly string[]): string | undefined {
  const wanted = order.map((name) => name.toLowerCase());
  if (new Set(wanted).size !== wanted.length) return undefined;
  const tokens = codeTokens(lex(sql, { mysql: true }));
  const depths = parenthesisDepths(tokens);
  const matches = tokens
    .map((token, i) => (isKeyword(token, 'FROM') ? fromList(sql, tokens, depths, i) : undefined))
    .filter((list): list is FromList => !!list && sameNames(list.items, wanted));
  if (matches.length !== 1) return undefined;
  const list = matches[0]!;
  const byKey = new Map(list.items.map((item) => [item.key, sql.slice(item.start, item.end)]));
  const tables = wanted.map((key) => byKey.get(key)).join(' STRAIGHT_JOIN ');
  const head = `${sql.slice(0, list.items[0]!.start)}${tables}`;
  if (list.conditions.length === 0) return `${head}${sql.slice(list.end)}`;
  const joined = list.conditions.map((c) => `(${c})`).join(' AND ');
  const where = tokens[list.next];
  if (!where || depths[list.next] !== depths[list.next - 1] || !isKeyword(where, 'WHERE')) {
    return `${head} WHERE ${joined}${sql.slice(list.end)}`;
  }
  const whereEnd = clauseEnd(tokens, depths, list.next);
  const whereEndAt = whereEnd < tokens.length ? tokens[whereEnd]!.start : sql.length;
  const condition = sql.slice(where.end, whereEndAt).trimEnd();
  return `${head}${sql.slice(list.end, where.end)} ${joined} AND (${condition.trim()})${sql.slice(where.end + condition.length)}`;
}

function parenthesisDepths(tokens: Token[]): number[] {
  let depth = 0;
  return tokens.map((token) => {
    if (token.text === ')') depth--;
    const at = depth;
    if (token.text === '(') depth++;
    return at;
  });
}

/** Index of the first token after the clause that starts at `from`, at the clause's depth. */
function clauseEnd(tokens: Token[], depths: number[], from: number): number {
  const depth = depths[from]!;
  for (let i = from + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (depths[i]! < depth) return i;
    if (depths[i] !== depth) continue;
    if (token.text === ')' || token.text === ';' || (token.kind === 'word' && FROM_END.has(token.text.toUpperCase())))
      return i;
  }
  return tokens.length;
}

/** Words that join two FROM items; only inner joins (and commas) can be held to an order with their ON moved. */
const JOIN_SEPARATORS: ReadonlyArray<readonly string[]> = [['INNER', 'JOIN'], ['CROSS', 'JOIN'], ['JOIN']];

/** The FROM list at `from` when every item is `name`, `name alias` or `name AS alias`, joined by `,` or inner joins. */
function fromList(sql: string, tokens: Token[], depths: number[], from: number): FromList | undefined {
  const depth = depths[from]!;
  const next = clauseEnd(tokens, depths, from);
  const items: FromItem[] = [];
  const conditions: string[] = [];
  let item: Token[] = [];
  let condition: Token[] | undefined;
  const close = (): boolean => {
    const read = plainTable(item);
    if (!read) return false;
    items.push(read);
    if (condition) {
      if (condition.length === 0) return false;
      conditions.push(sql.slice(condition[0]!.start, condition[condition.length - 1]!.end));
    }
    item = [];
    condition = undefined;
    return true;
  };
  for (let i = from + 1; i < next; i++) {
    const token = tokens[i]!;
    const atDepth = depths[i] === depth;
    const separator = atDepth
      ? JOIN_SEPARATORS.find((words) => words.every((w, k) => isKeyword(tokens[i + k], w)))
      : undefined;
    if (atDepth && (token.text === ',' || separator)) {
      if (!close()) return undefined;
      if (separator) i += separator.length - 1;
    } else if (atDepth && isKeyword(token, 'ON') && !condition) condition = [];
    else (condition ?? item).push(token);
  }
  if (!close()) return undefined;
  const last = tokens[next - 1]!;
  return { items, end: last.end, next, conditions };
}

function plainTable(item: Token[]): FromItem | undefined {
  const names = item.filter((token) => !isKeyword(token, 'AS'));
  const asCount = item.length - names.length;
  const isName = (token: Token) => (token.kind === 'word' || token.kind === 'quoted') && !isJoinWord(token);
  if (names.length === 0 || names.length > 2 || asCount > 1 || !names.every(isName)) return undefined;
  if (asCount === 1 && (names.length !== 2 || !isKeyword(item[1], 'AS'))) return undefined;
  const key = unquote(names[names.length - 1]!.text);
  return { key: key.toLowerCase(), start: item[0]!.start, end: item[item.length - 1]!.end };
}

const JOIN_WORDS = [
  'JOIN',
  'ON',
  'USING',
  'STRAIGHT_JOIN',
  'NATURAL',
  'LEFT',
  'RIGHT',
  'INNER',
  'CROSS',
  'OUTER',
  'SELECT',
];

function isJoinWord(token: Token): boolean {
  return JOIN_WORDS.some((word) => isKeyword(token, word));
}

/** The last part of a possibly qualified name, without backticks: the name EXPLAIN shows. */
function unquote(name: string): string {
  const last = name.split('.').pop() ?? name;
  return last.replace(/^`|`$/g, '').replace(/``/g, '`');
}

function sameNames(items: FromItem[], wanted: string[]): boolean {
  const keys = items.map((item) => item.key);
  return keys.length === wanted.length && new Set(keys).size === keys.length && wanted.every((w) => keys.includes(w));
}
