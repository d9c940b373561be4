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

/** Words that end a FROM list of plain tables at its own depth. */
const FROM_LIST_END = [
  'WHERE',
  'GROUP',
  'HAVING',
  'ORDER',
  'LIMIT',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'WINDOW',
  'FOR',
  'LOCK',
  'INTO',
];

interface FromItem {
  /** The name the plan shows: the alias, or the table's own name. */
  key: string;
  start: number;
  end: number;
}

/**
 * The statement with the one FROM list whose plain tables are exactly `order`'s, rewritten as
 * `a STRAIGHT_JOIN b STRAIGHT_JOIN c` in that order (MariaDB then joins them in that order, the rest unchanged).
 * Undefined when no FROM list is a comma list of plain tables naming exactly those tables, or more than one is.
 */
export function forceJoinOrder(sql: string, order: readonly string[]): string | undefined {
  const wanted = order.map((name) => name.toLowerCase());
  if (new Set(wanted).size !== wanted.length) return undefined;
  const tokens = codeTokens(lex(sql, { mysql: true }));
  const depths = parenthesisDepths(tokens);
  const matches = tokens
    .map((token, i) => (isKeyword(token, 'FROM') ? plainTables(tokens, depths, i) : undefined))
    .filter((items): items is FromItem[] => !!items && sameNames(items, wanted));
  if (matches.length !== 1) return undefined;
  const items = matches[0]!;
  const byKey = new Map(items.map((item) => [item.key, sql.slice(item.start, item.end)]));
  const start = items[0]!.start;
  const end = items[items.length - 1]!.end;
  return `${sql.slice(0, start)}${wanted.map((key) => byKey.get(key)).join(' STRAIGHT_JOIN ')}${sql.slice(end)}`;
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

/** The items of the FROM list at `from`, when every one is `name`, `name alias` or `name AS alias`. */
function plainTables(tokens: Token[], depths: number[], from: number): FromItem[] | undefined {
  const depth = depths[from]!;
  const items: FromItem[] = [];
  let item: Token[] = [];
  const close = (): boolean => {
    const read = plainTable(item);
    if (!read) return false;
    items.push(read);
    item = [];
    return true;
  };
  for (let i = from + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    const ends =
      depths[i]! < depth ||
      (depths[i] === depth &&
        (token.text === ')' || token.text === ';' || FROM_LIST_END.some((w) => isKeyword(token, w))));
    if (ends) break;
    if (token.text === ',' && depths[i] === depth) {
      if (!close()) return undefined;
    } else item.push(token);
  }
  return close() ? items : undefined;
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
