/**
 * MySQL 8 statement forms that MariaDB 10.11, the sandbox that plans MySQL statements, refuses (1064, or 1370 for a
 * function it has not), written as what they mean there. Each is exact: the same rows in the same order, so the plan
 * is that of the statement the user wrote. Forms with no exact MariaDB writing (LATERAL, GROUPING(), LEAD/LAG with a
 * default, RANGE frames with INTERVAL offsets) are left as written and refused with the server's placed error.
 * Pure functions of the text; the text's length changes after the first form replaced.
 */
import { closingParenAt, isKeyword, isPunct, nameOf, openingParenAt, type Token, tokenize } from '../sql-text.ts';

interface Edit {
  start: number;
  end: number;
  /** Called only for the outermost edits: the forms inside are written by the call on the slice. */
  replacement: () => string;
}

/** Every MySQL 8 form of this module in `text`, each written as MariaDB's. */
export function withMariaDbForms(text: string): string {
  return withDerivedColumnLists(withMysql8Forms(text));
}

/**
 * `(SELECT ...) AS t (a, b)`, the derived-table column list of MySQL 8.0.19, written as the CTE column list MariaDB
 * has: `(WITH t (a, b) AS (SELECT ...) SELECT * FROM t) AS t`. Same rows, same names; MariaDB merges the outer
 * SELECT * and plans the CTE as the derived table it was. Other bodies (MySQL's VALUES ROW(...)) are left as written.
 */
export function withDerivedColumnLists(text: string): string {
  const tokens = tokenize(text, 'mysql');
  const edits: Edit[] = [];
  tokens.forEach((token, close) => {
    if (!isPunct(token, ')')) return;
    let name = close + 1;
    if (isKeyword(tokens[name], 'AS')) name++;
    const list = name + 1;
    if (!nameOf(tokens[name]) || !isPunct(tokens[list], '(')) return;
    const end = closingParenAt(tokens, list);
    const names = tokens.slice(list + 1, end);
    const isNameList = names.length % 2 === 1 && names.every((t, k) => (k % 2 === 0 ? nameOf(t) : isPunct(t, ',')));
    const open = openingParenAt(tokens, close);
    if (end < 0 || !isNameList || open < 0) return;
    if (!(isKeyword(tokens[open + 1], 'SELECT') || isKeyword(tokens[open + 1], 'WITH'))) return;
    const alias = slice(text, tokens[name]!);
    const columns = text.slice(tokens[list]!.start, tokens[end]!.end);
    const body = () => withDerivedColumnLists(text.slice(tokens[open + 1]!.start, tokens[close - 1]!.end));
    edits.push({
      start: tokens[open]!.start,
      end: tokens[end]!.end,
      replacement: () => `(WITH ${alias} ${columns} AS (${body()}) SELECT * FROM ${alias}) AS ${alias}`,
    });
  });
  return applied(text, edits);
}

/** Flags of REGEXP_LIKE's third argument as the inline options of MariaDB's PCRE. */
const REGEXP_FLAGS: Record<string, string> = { i: '(?i)', c: '(?-i)', m: '(?m)', n: '(?s)' };

/**
 * The other MySQL 8 forms, one token pattern each:
 *  - `FOR SHARE [OF t, ...]` is MariaDB's `LOCK IN SHARE MODE`; `FOR UPDATE OF t, ...` locks what `FOR UPDATE` locks
 *    in a plan (the lists say which tables' rows, not how they are read); NOWAIT and SKIP LOCKED stay;
 *  - `TABLE t` (8.0.19) is `SELECT * FROM t`, alone, in a set operation or as an INSERT's source;
 *  - `FROM FIRST` and `RESPECT NULLS` after a window function are its defaults, which MariaDB does not spell;
 *  - `REGEXP_LIKE(s, p[, flags])` is `s REGEXP p`, the flags as PCRE's inline options;
 *  - `ANY_VALUE(x)` is x, exempt from ONLY_FULL_GROUP_BY, which the sandbox's sql_mode does not set.
 */
export function withMysql8Forms(text: string): string {
  const tokens = tokenize(text, 'mysql');
  const edits: Edit[] = [];
  const inner = (from: Token, to: Token) => withMysql8Forms(text.slice(from.start, to.end));
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (isKeyword(token, 'FOR') && token.depth === 0 && isKeyword(next, 'SHARE')) {
      const end = afterTableList(tokens, i + 2);
      edits.push({ start: token.start, end: tokens[end - 1]!.end, replacement: () => 'LOCK IN SHARE MODE' });
    } else if (
      isKeyword(token, 'FOR') &&
      token.depth === 0 &&
      isKeyword(next, 'UPDATE') &&
      isKeyword(tokens[i + 2], 'OF')
    ) {
      const end = afterTableList(tokens, i + 2);
      edits.push({ start: token.start, end: tokens[end - 1]!.end, replacement: () => 'FOR UPDATE' });
    } else if (isKeyword(token, 'TABLE') && startsQuery(tokens, i) && nameOf(next)) {
      let last = i + 1;
      while (isPunct(tokens[last + 1], '.') && nameOf(tokens[last + 2])) last += 2;
      const name = text.slice(next!.start, tokens[last]!.end);
      edits.push({ start: token.start, end: tokens[last]!.end, replacement: () => `SELECT * FROM ${name}` });
    } else if (isWindowDefault(tokens, i)) {
      edits.push({ start: token.start, end: next!.end, replacement: () => '' });
    } else if (isCall(tokens, i, 'REGEXP_LIKE')) {
      const close = closingParenAt(tokens, i + 1);
      const args = argumentsOf(tokens, i + 1, close);
      if (close < 0 || args.length < 2 || args.length > 3) return;
      const flags = args[2] ? regexpFlags(tokens, args[2]) : '';
      if (flags === undefined) return;
      const [subject, pattern] = [inner(...args[0]!), inner(...args[1]!)];
      edits.push({
        start: token.start,
        end: tokens[close]!.end,
        replacement: () =>
          flags ? `(${subject} REGEXP CONCAT('${flags}', ${pattern}))` : `(${subject} REGEXP ${pattern})`,
      });
    } else if (isCall(tokens, i, 'ANY_VALUE')) {
      const close = closingParenAt(tokens, i + 1);
      if (close < 0 || close === i + 2) return;
      edits.push({
        start: token.start,
        end: tokens[close]!.end,
        replacement: () => `(${inner(tokens[i + 2]!, tokens[close - 1]!)})`,
      });
    }
  });
  return applied(text, edits);
}

/** `text` with the outermost edits made (an edit inside another is made by the outer one's replacement). */
function applied(text: string, edits: Edit[]): string {
  let out = '';
  let from = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    if (edit.start < from) continue;
    out += text.slice(from, edit.start) + edit.replacement();
    from = edit.end;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The index after `OF t1, t2` (or `at` itself when no OF follows). */
function afterTableList(tokens: Token[], at: number): number {
  if (!isKeyword(tokens[at], 'OF')) return at;
  let k = at + 1;
  while (nameOf(tokens[k])) {
    k++;
    while (isPunct(tokens[k], '.') && nameOf(tokens[k + 1])) k += 2;
    if (!isPunct(tokens[k], ',')) break;
    k++;
  }
  return k;
}

/** Whether `TABLE` at `i` begins a query: the statement's start, a parenthesis, a set operation, an INSERT's source. */
function startsQuery(tokens: Token[], i: number): boolean {
  const before = tokens[i - 1];
  if (!before || isPunct(before, '(') || isPunct(before, ';')) return true;
  if (['UNION', 'INTERSECT', 'EXCEPT', 'ALL', 'DISTINCT'].some((word) => isKeyword(before, word))) return true;
  const first = tokens[0];
  const inserts = isKeyword(first, 'INSERT') || isKeyword(first, 'REPLACE');
  return inserts && (isPunct(before, ')') || !!nameOf(before)) && before.depth === 0;
}

/** `FROM FIRST` or `RESPECT NULLS` right after the call of a window function, before its OVER. */
function isWindowDefault(tokens: Token[], i: number): boolean {
  const pair =
    (isKeyword(tokens[i], 'FROM') && isKeyword(tokens[i + 1], 'FIRST')) ||
    (isKeyword(tokens[i], 'RESPECT') && isKeyword(tokens[i + 1], 'NULLS'));
  if (!pair) return false;
  let k = i - 1;
  // FROM FIRST RESPECT NULLS: the second pair follows the first.
  if (isKeyword(tokens[k], 'FIRST') && isKeyword(tokens[k - 1], 'FROM')) k -= 2;
  if (!isPunct(tokens[k], ')')) return false;
  const open = openingParenAt(tokens, k);
  const fn = tokens[open - 1];
  return !!fn && ['NTH_VALUE', 'FIRST_VALUE', 'LAST_VALUE', 'LEAD', 'LAG'].some((name) => isKeyword(fn, name));
}

function isCall(tokens: Token[], i: number, name: string): boolean {
  const token = tokens[i]!;
  const open = tokens[i + 1];
  return isKeyword(token, name) && isPunct(open, '(') && open!.start === token.end && !isPunct(tokens[i - 1], '.');
}

/** The first and last token of each argument between the parentheses at `open` and `close`. */
function argumentsOf(tokens: Token[], open: number, close: number): Array<[Token, Token]> {
  const args: Array<[Token, Token]> = [];
  let first = open + 1;
  const depth = tokens[open]!.depth + 1;
  for (let k = open + 1; k <= close; k++) {
    const ends = k === close || (isPunct(tokens[k], ',') && tokens[k]!.depth === depth);
    if (!ends) continue;
    if (k > first) args.push([tokens[first]!, tokens[k - 1]!]);
    first = k + 1;
  }
  return args;
}

/** A literal flags argument as PCRE options; undefined for a flag with no such option or a flags expression. */
function regexpFlags(tokens: Token[], [first, last]: [Token, Token]): string | undefined {
  if (first !== last || first.kind !== 'string') return undefined;
  let options = '';
  for (const flag of first.value) {
    const option = REGEXP_FLAGS[flag];
    if (!option) return undefined;
    options += option;
  }
  return options;
}

function slice(text: string, token: Token): string {
  return text.slice(token.start, token.end);
}
