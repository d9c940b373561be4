/**
 * What the user's text names that the MariaDB sandbox has under other names (issue 11):
 *  - databases: `shop.orders` in a table structure or a statement names the session's own database in the sandbox
 *    (its user may reach no other). The qualifier is blanked - `    .orders` - which MariaDB reads as the default
 *    database, and which keeps every position of the text, so errors still point at the user's line and column.
 *  - MySQL 8 collations (`utf8mb4_0900_ai_ci`, ...), which MariaDB 10.11 does not have: planned as the nearest ones it
 *    has, and the report says which.
 *  - MySQL's JSON path operators `->` and `->>`, MEMBER OF and CAST(... AS JSON), and an upsert's row alias: MariaDB
 *    has what they stand for.
 */
import type { Localized } from '@sqltune/contracts';
import { closingParenAt, isKeyword, isPunct, nameOf, type SqlStatement, type Token, tokenize } from '../sql-text.ts';
import { tableFactors } from './sql-text.ts';

/** Schemas every server has: a qualifier naming them is never the user's database. */
const SYSTEM_DATABASES = new Set(['mysql', 'information_schema', 'performance_schema', 'sys']);

/** The databases the table structure names: qualifiers of the objects it defines, and the databases it USEs. */
export function namedDatabases(statements: SqlStatement[]): Set<string> {
  const databases = new Set<string>();
  for (const { tokens } of statements) {
    if (tokens[0]?.kind === 'word' && tokens[0].value === 'USE') {
      const name = nameOf(tokens[1]);
      if (name) databases.add(name.toLowerCase());
      continue;
    }
    for (let i = 1; i + 2 < tokens.length; i++) {
      const [a, dot, b] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
      if (dot.kind === 'punct' && dot.value === '.' && nameOf(a) && nameOf(b) && namesTable(tokens, i - 1)) {
        databases.add(nameOf(a)!.toLowerCase());
      }
    }
  }
  for (const system of SYSTEM_DATABASES) databases.delete(system);
  return databases;
}

/**
 * Whether the name after `tokens[at]` is a table's: after TABLE, VIEW, EXISTS, REFERENCES, INTO, FROM, JOIN or
 * UPDATE, or ON when a column list follows (CREATE INDEX i ON db.t (...)). A join condition's `ON t.c = ...` and a
 * function's `EXTRACT(YEAR FROM t.c)` name columns: their qualifier is a table or alias (Sakila's film_list view
 * made `film` a database, and its `film.film_id` lost the qualifier in the sandbox).
 */
function namesTable(tokens: Token[], at: number): boolean {
  const word = tokens[at]!.kind === 'word' ? tokens[at]!.value : '';
  if (word === 'ON') return tokens[at + 4]?.kind === 'punct' && tokens[at + 4]!.value === '(';
  if (word === 'FROM') return !inCallArguments(tokens, at);
  return /^(TABLE|VIEW|EXISTS|REFERENCES|INTO|JOIN|UPDATE)$/.test(word);
}

/** Whether `tokens[at]` stands inside parentheses that hold no query: a call's arguments. */
function inCallArguments(tokens: Token[], at: number): boolean {
  const depth = tokens[at]!.depth;
  if (depth === 0) return false;
  for (let k = at - 1; k >= 0; k--) {
    const t = tokens[k]!;
    if (t.depth < depth && t.kind === 'punct' && t.value === '(') {
      const next = tokens[k + 1];
      return !(next?.kind === 'word' && (next.value === 'SELECT' || next.value === 'WITH'));
    }
  }
  return false;
}

/** `text` with every qualifier naming one of `databases` blanked (same length, same positions). */
export function withoutDatabaseQualifiers(text: string, databases: ReadonlySet<string>): string {
  if (databases.size === 0) return text;
  const tokens = tokenize(text, 'mysql');
  let units: string[] | undefined;
  tokens.forEach((token, i) => {
    const dot = tokens[i + 1];
    if (dot?.kind !== 'punct' || dot.value !== '.' || dot.start !== token.end) return;
    if (tokens[i - 1]?.kind === 'punct' && tokens[i - 1]!.value === '.') return;
    const name = nameOf(token)?.toLowerCase();
    if (!name || !databases.has(name) || !nameOf(tokens[i + 2])) return;
    units ??= text.split('');
    for (let k = token.start; k < token.end; k++) units[k] = ' ';
  });
  return units ? units.join('') : text;
}

/** The tables and views a table structure creates, by their names as written (without a database qualifier). */
export function definedTables(statements: SqlStatement[]): string[] {
  const names: string[] = [];
  for (const { tokens } of statements) {
    if (!isKeyword(tokens[0], 'CREATE')) continue;
    // CREATE [OR REPLACE] [TEMPORARY | ALGORITHM = x | DEFINER = x | SQL SECURITY x] TABLE | VIEW: the first of the
    // two words before any parenthesis or AS.
    const at = tokens.findIndex((t, i) => i < 16 && t.depth === 0 && (isKeyword(t, 'TABLE') || isKeyword(t, 'VIEW')));
    const stop = tokens.findIndex((t) => isPunct(t, '(') || isKeyword(t, 'AS') || isKeyword(t, 'ON'));
    if (at < 0 || (stop >= 0 && stop < at)) continue;
    const parts = qualifiedName(tokens, afterIfNotExists(tokens, at + 1));
    if (parts.length > 0) names.push(nameOf(tokens[parts.at(-1)!])!);
  }
  return names;
}

/** `at`, or the token after `IF NOT EXISTS` when it starts there. */
function afterIfNotExists(tokens: Token[], at: number): number {
  return isKeyword(tokens[at], 'IF') && isKeyword(tokens[at + 1], 'NOT') && isKeyword(tokens[at + 2], 'EXISTS')
    ? at + 3
    : at;
}

/** The indexes of the parts of the (dotted) name starting at `at` (`db . t`: the first and the last). */
function qualifiedName(tokens: Token[], at: number): number[] {
  if (isPunct(tokens[at], '.') && nameOf(tokens[at + 1])) at++;
  if (!nameOf(tokens[at])) return [];
  const parts = [at];
  while (isPunct(tokens[parts.at(-1)! + 1], '.') && nameOf(tokens[parts.at(-1)! + 2])) parts.push(parts.at(-1)! + 2);
  return parts;
}

export interface TableNamesAsDefined {
  text: string;
  /** `as written -> as defined` for each table name written in another case. */
  matched: Map<string, string>;
}

/**
 * `text` with each table name written in another case than the structure defines it (`ACCOUNT`, `Sys_User` over
 * `CREATE TABLE account`, `sys_user`) written as defined, as a server with lower_case_table_names=1 (Windows, macOS,
 * most managed MySQL services) reads it; the sandbox, like MySQL on Linux, compares table names by case (1146).
 * Only names in a table's place: after FROM, JOIN, UPDATE, INTO, TABLE, VIEW, REFERENCES and a CREATE INDEX's ON,
 * and the qualifier of a column (`ACCOUNT.userid`) unless it is an alias the statement declares. A database
 * qualifier is never changed (the session's user may reach no other database anyway). A name that some table has
 * exactly, or that matches two tables differing only by case, stays as written. Same length, same positions.
 */
export function withTableNamesAsDefined(text: string, tables: readonly string[]): TableNamesAsDefined {
  const matched = new Map<string, string>();
  const exact = new Set(tables);
  const byLowerCase = new Map<string, string[]>();
  for (const table of exact)
    byLowerCase.set(table.toLowerCase(), [...(byLowerCase.get(table.toLowerCase()) ?? []), table]);
  const asDefined = (name: string): string | undefined => {
    if (exact.has(name)) return undefined;
    const found = byLowerCase.get(name.toLowerCase());
    return found?.length === 1 && found[0]!.length === name.length ? found[0] : undefined;
  };
  if (![...byLowerCase.keys()].some((lower) => text.toLowerCase().includes(lower))) return { text, matched };
  const tokens = tokenize(text, 'mysql');
  // Where a table is named, and the database qualifiers before it (never changed).
  const tablesAt = new Set<number>();
  const databasesAt = new Set<number>();
  const place = (parts: number[]) => {
    if (parts.length === 0) return;
    tablesAt.add(parts.at(-1)!);
    for (const part of parts.slice(0, -1)) databasesAt.add(part);
  };
  const factors = tableFactors(tokens);
  for (const { parts } of factors) place(parts);
  const aliases = new Set(factors.flatMap((f) => (f.alias === undefined ? [] : [nameOf(tokens[f.alias])!])));
  tokens.forEach((token, i) => {
    if (
      isKeyword(token, 'TABLE') ||
      isKeyword(token, 'VIEW') ||
      isKeyword(token, 'REFERENCES') ||
      isKeyword(token, 'INTO')
    ) {
      place(qualifiedName(tokens, afterIfNotExists(tokens, i + 1)));
    } else if (isKeyword(token, 'ON') && isKeyword(tokens[0], 'CREATE')) {
      const parts = qualifiedName(tokens, i + 1);
      if (isPunct(tokens[(parts.at(-1) ?? i) + 1], '(')) place(parts);
    }
  });
  tokens.forEach((token, i) => {
    if (tablesAt.has(i) || databasesAt.has(i) || isPunct(tokens[i - 1], '.') || !nameOf(token)) return;
    // A column's qualifier chain, `t.c` or `db.t.c` (or `t.*`): the part before the column names its table.
    const chain = [i];
    const next = () => tokens[chain.at(-1)! + 2];
    while (isPunct(tokens[chain.at(-1)! + 1], '.') && (nameOf(next()) || next()?.value === '*'))
      chain.push(chain.at(-1)! + 2);
    const table = chain.at(-2);
    if (table !== undefined && !aliases.has(nameOf(tokens[table])!)) tablesAt.add(table);
  });
  for (const i of [...tablesAt].sort((a, b) => a - b)) {
    const token = tokens[i]!;
    const name = nameOf(token);
    const defined = name === undefined ? undefined : asDefined(name);
    // A quoted name is rewritten only when it holds no quote of its own.
    if (!name || !defined || (token.kind === 'qident' && token.text !== `\`${name}\``)) continue;
    matched.set(name, defined);
    const from = token.kind === 'qident' ? token.start + 1 : token.start;
    text = text.slice(0, from) + defined + text.slice(from + defined.length);
  }
  return { text, matched };
}

/**
 * `text` with MySQL's JSON path operators written as the calls they stand for, which MariaDB has and whose operators
 * it lacks (1064 at `->>`): `col->'$.p'` is JSON_EXTRACT(col, '$.p') and `col->>'$.p'` is
 * JSON_UNQUOTE(JSON_EXTRACT(col, '$.p')), as the MySQL manual defines them (the left side is always a column, the
 * right a string). The text's length changes after the first one.
 */
export function withJsonPathCalls(text: string): string {
  const tokens = tokenize(text, 'mysql');
  let out = '';
  let from = 0;
  tokens.forEach((token, i) => {
    const path = tokens[i + 1];
    if (token.kind !== 'op' || (token.value !== '->' && token.value !== '->>') || path?.kind !== 'string') return;
    let first = i - 1;
    if (!nameOf(tokens[first])) return;
    while (tokens[first - 1]?.kind === 'punct' && tokens[first - 1]!.value === '.' && nameOf(tokens[first - 2])) {
      first -= 2;
    }
    const start = tokens[first]!.start;
    if (start < from) return;
    const extract = `JSON_EXTRACT(${text.slice(start, tokens[i - 1]!.end)}, ${path.text})`;
    out += text.slice(from, start) + (token.value === '->>' ? `JSON_UNQUOTE(${extract})` : extract);
    from = path.end;
  });
  return from === 0 ? text : out + text.slice(from);
}

/**
 * `text` with MySQL 8's JSON forms that MariaDB lacks (1064) written as what they mean there: `v MEMBER OF (arr)` is
 * true when the JSON array holds v, JSON_CONTAINS(arr, JSON_ARRAY(v)); `CAST(x AS JSON)` is the JSON value x holds,
 * JSON_EXTRACT(x, '$'). `memberOf` counts the first: MySQL 8 can serve it from a multi-valued index, which MariaDB
 * has not, so its plan there is not MySQL's (the caller says so). The text's length changes after the first one.
 */
export function withJsonFormsOfMariaDb(text: string): { text: string; memberOf: number } {
  const tokens = tokenize(text, 'mysql');
  const edits: Array<{ start: number; end: number; replacement: string }> = [];
  let memberOf = 0;
  // The forms inside a replaced one, written into its replacement (this loop counts every MEMBER OF once).
  const inner = (slice: string) => withJsonFormsOfMariaDb(slice).text;
  tokens.forEach((token, i) => {
    if (isKeyword(token, 'MEMBER') && isKeyword(tokens[i + 1], 'OF') && isPunct(tokens[i + 2], '(')) {
      const open = i + 2;
      const close = closingParenAt(tokens, open);
      const first = operandStart(tokens, i - 1);
      if (close < 0 || first < 0) return;
      const value = inner(text.slice(tokens[first]!.start, tokens[i - 1]!.end));
      const array = inner(text.slice(tokens[open + 1]!.start, tokens[close - 1]!.end));
      edits.push({
        start: tokens[first]!.start,
        end: tokens[close]!.end,
        replacement: `JSON_CONTAINS(${array}, JSON_ARRAY(${value}))`,
      });
      memberOf++;
    } else if (isKeyword(token, 'CAST') && isPunct(tokens[i + 1], '(')) {
      const close = closingParenAt(tokens, i + 1);
      if (close < 0 || !isKeyword(tokens[close - 1], 'JSON') || !isKeyword(tokens[close - 2], 'AS')) return;
      const value = inner(text.slice(tokens[i + 2]!.start, tokens[close - 3]!.end));
      edits.push({ start: token.start, end: tokens[close]!.end, replacement: `JSON_EXTRACT(${value}, '$')` });
    }
  });
  // Outermost first: the forms inside one are written by `inner` into its replacement.
  let out = '';
  let from = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    if (edit.start < from) continue;
    out += text.slice(from, edit.start) + edit.replacement;
    from = edit.end;
  }
  return { text: from === 0 ? text : out + text.slice(from), memberOf };
}

/** The first token of the operand that ends at `last`: a literal, a parameter, a (qualified) name or a call. */
function operandStart(tokens: Token[], last: number): number {
  const token = tokens[last];
  if (!token) return -1;
  if (isPunct(token, ')')) {
    let open = last - 1;
    while (open >= 0 && !(isPunct(tokens[open], '(') && tokens[open]!.depth === token.depth)) open--;
    return open > 0 && tokens[open - 1]!.kind === 'word' && tokens[open - 1]!.end === tokens[open]!.start
      ? open - 1
      : open;
  }
  if (['string', 'number', 'param', 'var'].includes(token.kind)) return last;
  if (!nameOf(token)) return -1;
  let first = last;
  while (isPunct(tokens[first - 1], '.') && nameOf(tokens[first - 2])) first -= 2;
  return first;
}

/**
 * `text` without the full-text parser plugins of its FULLTEXT keys (`WITH PARSER ngram`, MySQL's for Chinese,
 * Japanese and Korean text; `/*!50100 WITH PARSER `ngram` *\/` in SHOW CREATE TABLE), which MariaDB does not have
 * (1128 "Function 'ngram' is not defined"). The parser splits words; the index is planned the same without it.
 * Blanked, so positions stay; `parsers` names those taken out.
 */
export function withoutFulltextParsers(text: string): { text: string; parsers: Set<string> } {
  const tokens = tokenize(text, 'mysql');
  const parsers = new Set<string>();
  let units: string[] | undefined;
  tokens.forEach((token, i) => {
    const name = nameOf(tokens[i + 2]);
    if (!(token.kind === 'word' && token.value === 'WITH' && tokens[i + 1]?.value === 'PARSER' && name)) return;
    parsers.add(name);
    units ??= text.split('');
    for (let k = token.start; k < tokens[i + 2]!.end; k++) if (units[k] !== '\n') units[k] = ' ';
  });
  return { text: units ? units.join('') : text, parsers };
}

/**
 * `text` (a CREATE TABLE, CREATE INDEX or ALTER TABLE) without its indexes on expressions, MySQL 8's functional key
 * parts (`KEY idx_city ((cast(profile->>'$.city' as char(64))))`), which MariaDB does not have (1064): a CREATE TABLE
 * keeps its other definitions, a CREATE INDEX is blanked whole. A later drop of one so left out (`leftOut`, lower
 * case: `DROP INDEX i ON t`, `ALTER TABLE t DROP INDEX i`) is taken out too, as there is nothing to drop. MariaDB could index a generated column, but would not use it
 * for the expression written in a query, so the index is named in a note instead. Blanked, so positions stay.
 */
export function withoutFunctionalIndexes(
  text: string,
  leftOut: ReadonlySet<string> = new Set(),
): { text: string; indexes: string[] } {
  const tokens = tokenize(text, 'mysql');
  const indexes: string[] = [];
  const units = text.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (units[k] !== '\n') units[k] = ' ';
  };
  const words = tokens.filter((t) => t.depth === 0 && t.kind === 'word').map((t) => t.value);
  const keyAt = tokens.findIndex((t, i) => t.value === '(' && tokens[i + 1]?.value === '(');
  if (words[0] === 'CREATE' && words.includes('INDEX') && !words.includes('TABLE')) {
    if (keyAt < 0 || tokens[keyAt]!.depth !== 0) return { text, indexes };
    const on = tokens.findIndex((t) => t.kind === 'word' && t.value === 'ON');
    indexes.push(nameOf(tokens[on - 1]) ?? '');
    blank(0, text.length);
    return { text: units.join(''), indexes };
  }
  if (words[0] === 'ALTER' && words.includes('TABLE')) return withoutFunctionalAlterKeys(text, tokens, leftOut);
  // A later `DROP INDEX i ON t` of a key left out: nothing to drop in the sandbox.
  if (words[0] === 'DROP' && words[1] === 'INDEX' && leftOut.has(droppedName(tokens, 2))) {
    blank(0, text.length);
    return { text: units.join(''), indexes };
  }
  if (words[0] !== 'CREATE' || !words.includes('TABLE')) return { text, indexes };
  // The definitions of the table: the runs between its commas (the parentheses themselves carry the outer depth).
  let start = tokens.findIndex((t) => t.value === '(' && t.depth === 0) + 1;
  if (start === 0) return { text, indexes };
  for (let i = start; i <= tokens.length; i++) {
    const t = tokens[i];
    const end = t?.kind === 'punct' && t.value === ')' && t.depth === 0;
    if (t && !end && !(t.kind === 'punct' && t.value === ',' && t.depth === 1)) continue;
    const definition = tokens.slice(start, i);
    const open = definition.findIndex((d) => d.value === '(' && d.depth === 1);
    const isKey = ['KEY', 'INDEX', 'UNIQUE'].includes(definition[0]?.value ?? '');
    if (isKey && open > 0 && definition[open + 1]?.value === '(') {
      indexes.push(nameOf(definition[open - 1]) ?? '');
      const comma = tokens[start - 1]!;
      blank(comma.value === ',' ? comma.start : definition[0]!.start, definition.at(-1)!.end);
    }
    if (!t || end) break;
    start = i + 1;
  }
  return { text: indexes.length > 0 ? units.join('') : text, indexes };
}

/** The name a DROP INDEX names at `at` (after MariaDB's IF EXISTS), lower case. */
function droppedName(tokens: Token[], at: number): string {
  const k = isKeyword(tokens[at], 'IF') && isKeyword(tokens[at + 1], 'EXISTS') ? at + 2 : at;
  return nameOf(tokens[k])?.toLowerCase() ?? '';
}

/** The key words an ALTER TABLE ... ADD may write before a key's name and parts. */
const ADD_KEY_WORDS = new Set(['UNIQUE', 'INDEX', 'KEY', 'CONSTRAINT']);
/** The words of a key's clause before its parts that are not its name. */
const KEY_CLAUSE_WORDS = new Set([...ADD_KEY_WORDS, 'USING', 'BTREE', 'HASH']);

/**
 * An ALTER TABLE without its ADD actions of a functional key (`ADD INDEX idx ((cast(created_at as date)))`,
 * `ADD UNIQUE KEY uk ((lower(email)))`, `ADD CONSTRAINT c UNIQUE ((...))`), with the comma that joined each to the
 * others; when every action was one, the whole statement is blanked, as a CREATE INDEX is.
 */
function withoutFunctionalAlterKeys(
  text: string,
  tokens: Token[],
  leftOut: ReadonlySet<string>,
): { text: string; indexes: string[] } {
  const indexes: string[] = [];
  let removed = 0;
  const units = text.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (units[k] !== '\n') units[k] = ' ';
  };
  const actions: Token[][] = [[]];
  for (const t of tokens) {
    if (t.depth === 0 && t.kind === 'punct' && t.value === ',') actions.push([]);
    else actions.at(-1)!.push(t);
  }
  let kept = actions.length;
  actions.forEach((action, n) => {
    // The first action starts after ALTER TABLE name: its ADD or DROP is the first at depth 0.
    const add = action.findIndex(
      (t) => t.depth === 0 && t.kind === 'word' && (t.value === 'ADD' || t.value === 'DROP'),
    );
    if (add < 0 || (n > 0 && add > 0)) return;
    if (action[add]!.value === 'DROP') {
      // DROP INDEX | KEY of a key left out before: nothing to drop in the sandbox.
      const what = action[add + 1]?.value;
      if (!(what === 'INDEX' || what === 'KEY') || !leftOut.has(droppedName(action, add + 2))) return;
    } else {
      if (!ADD_KEY_WORDS.has(action[add + 1]?.value ?? '')) return;
      const open = action.findIndex((t, i) => i > add && t.value === '(' && t.depth === 0);
      if (open < 0 || action[open + 1]?.value !== '(') return;
      const name = action.slice(add + 1, open).find((t) => t.kind !== 'word' || !KEY_CLAUSE_WORDS.has(t.value));
      indexes.push(nameOf(name) ?? '');
    }
    removed++;
    kept--;
    // The comma before the action, or for the first, the comma after it.
    const before = tokens[tokens.indexOf(action[add]!) - 1];
    const after = tokens[tokens.indexOf(action.at(-1)!) + 1];
    if (n > 0 && before?.value === ',') blank(before.start, action.at(-1)!.end);
    else blank(action[add]!.start, after?.value === ',' ? after.end : action.at(-1)!.end);
  });
  if (removed === 0) return { text, indexes };
  if (kept === 0) blank(0, text.length);
  return { text: units.join(''), indexes };
}

/** The words that start a key's definition in CREATE TABLE, or follow ADD in ALTER TABLE. */
const KEY_DEFINITION_WORDS = new Set(['KEY', 'INDEX', 'UNIQUE', 'FULLTEXT', 'SPATIAL', 'PRIMARY', 'CONSTRAINT']);

/**
 * `text` with MySQL 8's invisible indexes (`KEY i (a) INVISIBLE`, `ADD INDEX i (a) INVISIBLE`, `CREATE INDEX ...
 * INVISIBLE`, `ALTER INDEX i INVISIBLE | VISIBLE`) in MariaDB's words for the same, IGNORED and NOT IGNORED (the
 * optimizer does not use an ignored index; MariaDB refuses INVISIBLE there, 1064). An invisible column keeps its
 * INVISIBLE, which MariaDB has. `INVISIBLE` becomes `IGNORED  ` (positions kept); `VISIBLE`, the default, is blanked,
 * except in ALTER INDEX, where it is `NOT IGNORED`.
 */
export function withMariaDbIndexVisibility(text: string): string {
  const tokens = tokenize(text, 'mysql');
  const words = tokens.filter((t) => t.depth === 0 && t.kind === 'word').map((t) => t.value);
  const create = words[0] === 'CREATE';
  const createIndex = create && words.includes('INDEX') && !words.includes('TABLE');
  if (!(create || (words[0] === 'ALTER' && words.includes('TABLE')))) return text;
  const depth = create && !createIndex ? 1 : 0;
  // Where the first definition (CREATE TABLE) or action (ALTER TABLE) starts; each later one starts after a comma.
  let start = 0;
  if (create && !createIndex) start = tokens.findIndex((t) => t.value === '(' && t.depth === 0) + 1;
  else if (!create) {
    start = tokens.findIndex((t) => t.kind === 'word' && t.value === 'TABLE') + 1;
    if (isKeyword(tokens[start], 'IF') && isKeyword(tokens[start + 1], 'EXISTS')) start += 2;
    start++;
    while (isPunct(tokens[start], '.')) start += 2;
  }
  let out = '';
  let from = 0;
  let first: Token | undefined;
  let second: Token | undefined;
  for (const [i, token] of tokens.entries()) {
    const previous = tokens[i - 1];
    if (i === start || (isPunct(previous, ',') && previous!.depth === depth)) [first, second] = [token, tokens[i + 1]];
    if (token.kind !== 'word' || token.depth !== depth || !(token.value === 'INVISIBLE' || token.value === 'VISIBLE'))
      continue;
    const alterIndex = first?.value === 'ALTER' && (second?.value === 'INDEX' || second?.value === 'KEY');
    const isKey =
      createIndex ||
      alterIndex ||
      (first?.value === 'ADD' && KEY_DEFINITION_WORDS.has(second?.value ?? '')) ||
      (create && KEY_DEFINITION_WORDS.has(first?.value ?? ''));
    if (!isKey) continue;
    const written =
      token.value === 'INVISIBLE' ? 'IGNORED  ' : alterIndex ? 'NOT IGNORED' : ' '.repeat(token.text.length);
    out += text.slice(from, token.start) + written;
    from = token.end;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** MySQL 8.0.19's `ALTER TABLE t DROP CHECK c` as MariaDB writes it, `DROP CONSTRAINT c` (1064 before). */
export function withMariaDbCheckDrops(text: string): string {
  const tokens = tokenize(text, 'mysql');
  if (!(isKeyword(tokens[0], 'ALTER') && tokens.some((t) => isKeyword(t, 'TABLE')))) return text;
  let out = '';
  let from = 0;
  tokens.forEach((token, i) => {
    if (!(token.depth === 0 && isKeyword(token, 'CHECK') && isKeyword(tokens[i - 1], 'DROP') && nameOf(tokens[i + 1])))
      return;
    out += `${text.slice(from, token.start)}CONSTRAINT`;
    from = token.end;
  });
  return from === 0 ? text : out + text.slice(from);
}

/**
 * `text` without MySQL 8's expression defaults, `DEFAULT (expr)` (`DEFAULT (uuid_to_bin(uuid()))`: MariaDB has no
 * UUID_TO_BIN and refuses the column, 1901). A default changes no plan, and the verification's rows give every
 * column a value. Blanked, so positions stay.
 */
export function withoutDefaultExpressions(text: string): string {
  const tokens = tokenize(text, 'mysql');
  let units: string[] | undefined;
  tokens.forEach((token, i) => {
    const open = tokens[i + 1];
    if (!(token.kind === 'word' && token.value === 'DEFAULT' && open?.kind === 'punct' && open.value === '(')) return;
    const close = tokens.findIndex(
      (t, k) => k > i + 1 && t.kind === 'punct' && t.value === ')' && t.depth === open.depth,
    );
    if (close < 0) return;
    units ??= text.split('');
    for (let k = token.start; k < tokens[close]!.end; k++) if (units[k] !== '\n') units[k] = ' ';
  });
  return units ? units.join('') : text;
}

/**
 * MySQL 8.0.19's row alias of an upsert, `INSERT ... VALUES (...) AS new ON DUPLICATE KEY UPDATE c = new.c`, as the
 * VALUES(c) MariaDB has for it (1064 at `AS new` before). A column list after the alias (`AS new (a, b)`) is left.
 */
export function withoutRowAlias(text: string): string {
  const tokens = tokenize(text, 'mysql');
  const first = tokens.find((t) => t.kind === 'word');
  if (first?.value !== 'INSERT' && first?.value !== 'REPLACE') return text;
  const as = tokens.findIndex(
    (t, i) =>
      t.depth === 0 &&
      t.kind === 'word' &&
      t.value === 'AS' &&
      tokens[i - 1]?.value === ')' &&
      tokens[i + 2]?.value === 'ON' &&
      tokens[i + 3]?.value === 'DUPLICATE',
  );
  const alias = nameOf(tokens[as + 1])?.toLowerCase();
  if (as < 0 || !alias) return text;
  let out = text.slice(0, tokens[as]!.start);
  let from = tokens[as + 1]!.end;
  for (let i = as + 2; i + 2 < tokens.length; i++) {
    const [name, dot, column] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
    if (nameOf(name)?.toLowerCase() !== alias || dot.value !== '.' || dot.kind !== 'punct' || !nameOf(column)) continue;
    out += `${text.slice(from, name.start)}VALUES(${column.text})`;
    from = column.end;
    i += 2;
  }
  return out + text.slice(from);
}

/** MySQL 8's UCA 9.0.0 collations, by what they compare: MariaDB 10.11's nearest. */
function nearestCollation(name: string): string | undefined {
  const m = /^utf8mb4_(?:[a-z]{2}(?:_[a-z]+)?_)?0900_(ai_ci|as_ci|as_cs|bin)$/i.exec(name);
  if (!m) return undefined;
  // Case- and accent-insensitive: UCA 5.2.0. Anything that tells case or accents apart: binary order.
  return m[1]!.toLowerCase() === 'ai_ci' ? 'utf8mb4_unicode_520_ci' : 'utf8mb4_bin';
}

export interface MappedCollations {
  text: string;
  /** `from -> to` for each collation replaced. */
  mapped: Map<string, string>;
}

/** `text` with MySQL 8's collations named as MariaDB's nearest (the text's length changes). */
export function withMariaDbCollations(text: string): MappedCollations {
  const mapped = new Map<string, string>();
  const tokens: Token[] = tokenize(text, 'mysql');
  let out = '';
  let from = 0;
  for (const token of tokens) {
    const name =
      token.kind === 'word' ? token.text : token.kind === 'string' || token.kind === 'qident' ? token.value : '';
    const nearest = name ? nearestCollation(name) : undefined;
    if (!nearest) continue;
    mapped.set(name, nearest);
    out += text.slice(from, token.start) + nearest;
    from = token.end;
  }
  return { text: mapped.size > 0 ? out + text.slice(from) : text, mapped };
}

/** The note for the report: which full-text parsers the sandbox planned without. */
export function fulltextParserNote(parsers: ReadonlySet<string>): Localized | undefined {
  if (parsers.size === 0) return undefined;
  const names = [...parsers].join(', ');
  return {
    zh: `MariaDB 沙箱没有全文解析器插件 ${names}，FULLTEXT 索引按默认解析器规划（分词不同，执行计划不变）`,
    en: `the MariaDB sandbox has no full-text parser plugin ${names}: the FULLTEXT indexes are planned with the default parser (words split differently, the same plan)`,
  };
}

/** The note for the report: the indexes on expressions the sandbox planned without. */
export function functionalIndexNote(indexes: readonly string[]): Localized | undefined {
  if (indexes.length === 0) return undefined;
  const names = indexes.join(', ');
  return {
    zh: `MariaDB 没有 MySQL 8 的函数索引（表达式键），规划时不含这些索引：${names}`,
    en: `MariaDB has no MySQL 8 functional key parts (indexes on expressions): planned without ${names}`,
  };
}

/**
 * The note for the report: the table names the statement (or the table structure) writes in another case than the
 * structure defines them, matched as a server with lower_case_table_names=1 matches them.
 */
export function tableNameCaseNote(
  matched: ReadonlyMap<string, string>,
  where: 'statement' | 'structure',
): Localized | undefined {
  if (matched.size === 0) return undefined;
  const pairs = [...matched].map(([from, to]) => `${from} → ${to}`).join(', ');
  return where === 'statement'
    ? {
        zh: `语句中的表名与表结构只有大小写不同，已按忽略大小写匹配（与 lower_case_table_names=1 的服务器相同，如 Windows、macOS 和多数云 MySQL）：${pairs}。在 lower_case_table_names=0 的服务器（Linux 默认）上，该语句会因表不存在而报错 1146`,
        en: `the statement's table names were matched to the structure ignoring case, as on servers with lower_case_table_names=1 (Windows, macOS, most managed MySQL services): ${pairs}. On a server with lower_case_table_names=0 (the Linux default) the statement fails with error 1146 (table doesn't exist)`,
      }
    : {
        zh: `表结构中引用的表名与其定义只有大小写不同，已按忽略大小写匹配（与 lower_case_table_names=1 的服务器相同）：${pairs}。在 lower_case_table_names=0 的服务器（Linux 默认）上，这些语句会因表不存在而报错 1146`,
        en: `table names the structure refers to in another case than it defines them were matched ignoring case, as on servers with lower_case_table_names=1: ${pairs}. On a server with lower_case_table_names=0 (the Linux default) those statements fail with error 1146 (table doesn't exist)`,
      };
}

/** The note for the report: which collations were planned as which. */
export function collationNote(mapped: ReadonlyMap<string, string>): Localized | undefined {
  if (mapped.size === 0) return undefined;
  const pairs = [...mapped].map(([from, to]) => `${from} → ${to}`).join(', ');
  return {
    zh: `MariaDB 10.11 没有 MySQL 8 的这些排序规则，按最接近的规则规划：${pairs}`,
    en: `MariaDB 10.11 has no such MySQL 8 collations; planned with the nearest it has: ${pairs}`,
  };
}

/**
 * `value` (a plan, a verification, any JSON-like result) with the sandbox's own database names taken out of every
 * string it holds: the session's `s_<id>` and its verification copy `v_<id>` qualify the tables in the optimizer's
 * trace, the tabular EXPLAIN, messages and verification details, where the user wrote (and must read) the table
 * names alone. `` `s_<id>`.`orders` `` and `s_<id>.orders` become `` `orders` `` and `orders`; a name left standing
 * alone becomes the word "sandbox". Objects are copied where a string changes; the rest is shared.
 */
export function inUserNames<T>(value: T, sandboxNames: readonly string[]): T {
  const names = sandboxNames.filter((n) => n.length > 0);
  if (names.length === 0) return value;
  const pattern = new RegExp(
    `\`(?:${names.map(escapeRegExp).join('|')})\`\\.|\\b(?:${names.map(escapeRegExp).join('|')})\\.|\\b(${names.map(escapeRegExp).join('|')})\\b`,
    'g',
  );
  const map = (item: unknown): unknown => {
    if (typeof item === 'string') return item.replace(pattern, (_, alone?: string) => (alone ? 'sandbox' : ''));
    if (Array.isArray(item)) {
      const mapped = item.map(map);
      return mapped.some((m, i) => m !== item[i]) ? mapped : item;
    }
    if (item && typeof item === 'object') {
      let changed = false;
      const entries = Object.entries(item).map(([k, v]) => {
        const m = map(v);
        if (m !== v) changed = true;
        return [k, m] as const;
      });
      return changed ? Object.fromEntries(entries) : item;
    }
    return item;
  };
  return map(value) as T;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
