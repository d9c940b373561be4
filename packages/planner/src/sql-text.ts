/**
 * The planner's SQL tokens, for both dialects: enough to split a script into statements with their offsets, classify
 * DDL, map error positions to line/column, find parameters, literals and a top-level ORDER BY. Where strings, quoted
 * names and comments begin and end is read by the engine's lexer (@sqltune/engine/text), the one reading of the
 * project; on top of it the planner needs numbers, parameters, operators, parenthesis depth and decoded values.
 *
 * PostgreSQL (standard_conforming_strings = on): '...' with '' escapes, E'...' with backslash escapes, "..."
 * identifiers, $tag$...$tag$ bodies, $1 parameters, -- and nested block comments, psql meta-commands.
 * MySQL / MariaDB (the server's default quoting rules): '...' and "..." are strings with backslash escapes and doubled
 * quotes, `...` are identifiers, `?` parameters, @variables, comments are `-- ` (dash dash blank), `#` and `/* *\/`.
 * Executable comments (`/*! ... *\/`, `/*!40101 ... *\/`, `/*M!100100 ... *\/`) are SQL the server runs, so their
 * content is lexed as tokens (with offsets into the original text); other comments are dropped.
 *
 * Dialect-specific helpers built on it: ./pglite/sql-text.ts and ./mariadb/sql-text.ts.
 */
import { AppError, type Dialect, ErrorCode } from '@sqltune/contracts';
import { type Token as LexToken, lex } from '@sqltune/engine/text';

/**
 * An unquoted word is an `ident` in PostgreSQL and a `word` in MySQL (see Token.value). `meta` is a psql
 * meta-command (PostgreSQL), `var` a user or system variable (MySQL).
 */
export type TokenKind = 'ident' | 'word' | 'qident' | 'string' | 'number' | 'param' | 'var' | 'op' | 'punct' | 'meta';

export interface Token {
  kind: TokenKind;
  /** Offset of the first character (UTF-16 code units) in the lexed text. */
  start: number;
  end: number;
  text: string;
  /**
   * ident: folded to lower case (as PostgreSQL folds names); word: upper case (MySQL keeps names as written, see
   * `text`); qident: the unquoted name; string: the decoded value; number: the text (PostgreSQL: without `_`);
   * param: PostgreSQL the number after `$`, MySQL `?`; others: the text.
   */
  value: string;
  /** Parenthesis depth at which the token appears (the paren tokens themselves carry the outer depth). */
  depth: number;
}

export interface SqlStatement {
  /** The statement text without its terminating semicolon. */
  text: string;
  /** Offset of `text` in the script. */
  start: number;
  /** Offset of the first token (after leading comments and blanks). */
  firstTokenStart: number;
  /** Tokens with offsets relative to the script (not to `text`). */
  tokens: Token[];
}

const IDENT_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const PG_IDENT_START = /[A-Za-z_\u0080-\uffff]/;
const PG_OP_CHARS = '+-*/<>=~!@#%^&|`?';
const MYSQL_OP_CHARS = '+-*/<>=~!%^&|:';
const MYSQL_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', '0': '\0', Z: '\x1a' };

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** A token whose end and value only one dialect's rules tell (parameters, variables ...). */
interface Lexed {
  kind: TokenKind;
  end: number;
  value: string;
}

/** What tokenize carries from one run of code to the next. */
interface TokenizeState {
  text: string;
  mysql: boolean;
  tokens: Token[];
  depth: number;
  /** PostgreSQL: whether a psql meta-command may start here. */
  atStatementStart: boolean;
}

/**
 * Lexes the whole text. Comments and blanks are dropped; unterminated quotes run to the end of the text. Where
 * strings, quoted names and comments begin and end is the engine's lexer's reading (the server's: see
 * engine/src/text/lexer.ts); this refines its code into the planner's tokens (numbers, parameters, operators, depth)
 * and decodes its strings.
 */
export function tokenize(text: string, dialect: Dialect): Token[] {
  const state: TokenizeState = { text, mysql: dialect === 'mysql', tokens: [], depth: 0, atStatementStart: true };
  let from = 0;
  while (from < text.length) from = tokenizeFrom(state, from);
  return state.tokens;
}

/**
 * Tokens from `from` on, until the text ends (its length is returned) or a psql meta-command ends its line (the
 * line's end is returned: the meta-command's arguments are not SQL, so lexing starts again after them).
 */
function tokenizeFrom(state: TokenizeState, from: number): number {
  const { text, mysql } = state;
  const lexed = lex(text.slice(from), { mysql, templateParameters: false });
  let runStart = -1;
  for (let k = 0; k <= lexed.length; k++) {
    const token = lexed[k];
    if (token && (token.kind === 'word' || token.kind === 'symbol')) {
      if (runStart < 0) runStart = from + token.start;
      continue;
    }
    if (runStart >= 0) {
      const runEnd = token ? from + token.start : text.length;
      const stop = scanCode(
        state,
        runStart,
        runEnd,
        token && { ...token, start: from + token.start, end: from + token.end },
      );
      runStart = -1;
      if (stop.restartAt !== undefined) return stop.restartAt;
      if (stop.joinedNext) continue;
    }
    if (token?.kind === 'string' || token?.kind === 'quoted') {
      const start = from + token.start;
      const end = from + token.end;
      const { kind, value } = mysql ? mysqlQuoted(text, start, end) : postgresQuoted(text, start, end);
      push(state, kind, start, end, value);
    }
  }
  return text.length;
}

function push(state: TokenizeState, kind: TokenKind, start: number, end: number, value: string) {
  state.tokens.push({ kind, start, end, text: state.text.slice(start, end), value, depth: state.depth });
  state.atStatementStart = kind === 'punct' && state.text[start] === ';';
}

/**
 * Splits a run of code (no blanks, comments or quotes in it) into the planner's tokens. `next` is the quoted token
 * right after the run: a MySQL `@` ending the run takes it as its quoted name (`@'my var'`), and says so.
 */
function scanCode(
  state: TokenizeState,
  runStart: number,
  runEnd: number,
  next: LexToken | undefined,
): { restartAt?: number; joinedNext?: boolean } {
  const { text, mysql } = state;
  const opChars = mysql ? MYSQL_OP_CHARS : PG_OP_CHARS;
  let i = runStart;
  while (i < runEnd) {
    const c = text[i]!;
    const nextChar = i + 1 < runEnd ? text[i + 1] : undefined;
    const start = i;
    // psql meta-commands (\connect, \restrict ...) at the start of a statement run to the end of the line.
    if (!mysql && c === '\\' && state.atStatementStart) {
      const lineEnd = text.slice(i).search(/[\n\r]/);
      i = lineEnd < 0 ? text.length : i + lineEnd;
      push(state, 'meta', start, i, text.slice(start, i));
      state.atStatementStart = true;
      return { restartAt: i };
    }
    const lexed = mysql ? mysqlToken(text, i, runEnd, next) : postgresToken(text, i, runEnd);
    if (lexed) {
      i = lexed.end;
      push(state, lexed.kind, start, i, lexed.value);
      if (i > runEnd) return { joinedNext: true };
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(nextChar))) {
      if (mysql) {
        i = mysqlNumberEnd(text, i, runEnd);
        // 123abc is an identifier in MySQL.
        if (i < runEnd && IDENT_PART.test(text[i]!)) {
          while (i < runEnd && IDENT_PART.test(text[i]!)) i++;
          push(state, 'word', start, i, text.slice(start, i).toUpperCase());
        } else push(state, 'number', start, i, text.slice(start, i));
      } else {
        i = postgresNumberEnd(text, i, runEnd);
        push(state, 'number', start, i, text.slice(start, i).replace(/_/g, ''));
      }
      continue;
    }
    if (mysql ? IDENT_PART.test(c) : PG_IDENT_START.test(c)) {
      i++;
      while (i < runEnd && IDENT_PART.test(text[i]!)) i++;
      const word = text.slice(start, i);
      if (mysql) push(state, 'word', start, i, word.toUpperCase());
      else push(state, 'ident', start, i, word.toLowerCase());
      continue;
    }
    i = scanPunctuation(state, i, runEnd, opChars);
  }
  return {};
}

/** Parentheses, separators and operators at `i`; returns where the token ends. */
function scanPunctuation(state: TokenizeState, i: number, runEnd: number, opChars: string): number {
  const { text, mysql } = state;
  const c = text[i]!;
  const next = i + 1 < runEnd ? text[i + 1] : undefined;
  // PostgreSQL array subscripts count as parentheses too.
  if (c === '(' || (!mysql && c === '[')) {
    push(state, 'punct', i, i + 1, c);
    state.depth++;
    return i + 1;
  }
  if (c === ')' || (!mysql && c === ']')) {
    state.depth = Math.max(0, state.depth - 1);
    push(state, 'punct', i, i + 1, c);
    return i + 1;
  }
  if (c === ';' || c === ',' || c === '.' || (mysql && (c === '[' || c === ']' || c === '{' || c === '}'))) {
    push(state, 'punct', i, i + 1, c);
    return i + 1;
  }
  if (!mysql && c === ':' && next === ':') {
    push(state, 'punct', i, i + 2, '::');
    return i + 2;
  }
  let end = i + 1;
  if (opChars.includes(c) || (!mysql && c === ':')) {
    // The first character always belongs to the operator, except MySQL's `--` without a blank: two minus signs.
    end = mysql ? Math.max(operatorEnd(text, i, runEnd, opChars), i + 1) : operatorEnd(text, i + 1, runEnd, opChars);
  }
  push(state, 'op', i, end, text.slice(i, end));
  return end;
}

/** End of an operator run from `from` (within the run of code); it stops before `--` and `/*`. */
function operatorEnd(text: string, from: number, runEnd: number, opChars: string): number {
  let i = from;
  while (
    i < runEnd &&
    opChars.includes(text[i]!) &&
    !(text[i] === '-' && text[i + 1] === '-') &&
    !(text[i] === '/' && text[i + 1] === '*')
  )
    i++;
  return i;
}

/** PostgreSQL $1 parameters (strings and quoted names are the engine lexer's). */
function postgresToken(text: string, i: number, runEnd: number): Lexed | undefined {
  if (text[i] !== '$' || !isDigit(text[i + 1])) return undefined;
  let end = i + 1;
  while (end < runEnd && isDigit(text[end])) end++;
  return { kind: 'param', end, value: text.slice(i + 1, end) };
}

/** MySQL @variables and `?` parameters; `@'name'` and @`name` take the quoted token after the run. */
function mysqlToken(text: string, i: number, runEnd: number, next: LexToken | undefined): Lexed | undefined {
  const c = text[i];
  if (c === '?') return { kind: 'param', end: i + 1, value: '?' };
  if (c !== '@') return undefined;
  let j = i + 1;
  if (text[j] === '@' && j < runEnd) j++;
  if (j === runEnd && next && next.start === runEnd && (next.kind === 'string' || next.kind === 'quoted')) {
    j = next.end;
  } else {
    while (j < runEnd && (IDENT_PART.test(text[j]!) || text[j] === '.')) j++;
  }
  return { kind: 'var', end: j, value: text.slice(i, j) };
}

/** A MySQL string ('' or "", backslash escapes decoded) or `quoted` name, as the engine's lexer bounds it. */
function mysqlQuoted(text: string, start: number, end: number): { kind: TokenKind; value: string } {
  const quote = text[start]!;
  if (quote === '`') return { kind: 'qident', value: unquote(text, start, end, quote) };
  return { kind: 'string', value: unquote(text, start, end, quote, (e) => MYSQL_ESCAPES[e] ?? e) };
}

/**
 * A PostgreSQL string (with an optional E, B, X, N or U& prefix, or a $tag$ body) or quoted name ("", U&""), as the
 * engine's lexer bounds it.
 */
function postgresQuoted(text: string, start: number, end: number): { kind: TokenKind; value: string } {
  const c = text[start]!;
  if (c === '$') {
    const tag = text.slice(start, text.indexOf('$', start + 1) + 1);
    const closed = end - start >= 2 * tag.length && text.endsWith(tag, end);
    return { kind: 'string', value: text.slice(start + tag.length, closed ? end - tag.length : end) };
  }
  const open = c === '"' || c === "'" ? start : c === 'u' || c === 'U' ? start + 2 : start + 1;
  const quote = text[open]!;
  if (quote === '"') return { kind: 'qident', value: unquote(text, open, end, '"') };
  const backslash = c === 'e' || c === 'E';
  return { kind: 'string', value: unquote(text, open, end, "'", backslash ? (e) => e : undefined) };
}

/**
 * The value of a quoted run from its opening quote to `end`: a doubled quote stands for the quote; with
 * `decodeEscape`, a backslash escapes the next character (`decodeEscape` maps it to what it stands for).
 */
function unquote(
  text: string,
  openAt: number,
  end: number,
  quote: string,
  decodeEscape?: (escaped: string) => string,
): string {
  let i = openAt + 1;
  let value = '';
  while (i < end) {
    const ch = text[i]!;
    if (decodeEscape && ch === '\\' && i + 1 < end) {
      value += decodeEscape(text[i + 1]!);
      i += 2;
      continue;
    }
    if (ch === quote) {
      if (i + 1 < end && text[i + 1] === quote) {
        value += quote;
        i += 2;
        continue;
      }
      return value;
    }
    value += ch;
    i++;
  }
  return value;
}

function postgresNumberEnd(text: string, i: number, runEnd: number): number {
  const m = /^(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?(?:[eE][+-]?[0-9]+)?)/.exec(
    text.slice(i, Math.min(runEnd, i + 400)),
  );
  const len = m && m[0].length > 0 ? m[0].length : 1;
  // "1..2" is not a number followed by a dot in SQL, but keep it simple: a trailing '.' followed by '.' stays out.
  const end = i + len;
  return text[end - 1] === '.' && text[end] === '.' ? end - 1 : end;
}

function mysqlNumberEnd(text: string, start: number, n: number): number {
  let i = start;
  if (
    text[i] === '0' &&
    (text[i + 1] === 'x' || text[i + 1] === 'X') &&
    i + 2 < n &&
    /[0-9a-fA-F]/.test(text[i + 2]!)
  ) {
    i += 2;
    while (i < n && /[0-9a-fA-F]/.test(text[i]!)) i++;
    return i;
  }
  while (i < n && isDigit(text[i])) i++;
  if (i < n && text[i] === '.') {
    i++;
    while (i < n && isDigit(text[i])) i++;
  }
  if (i + 1 < n && (text[i] === 'e' || text[i] === 'E') && /[-+0-9]/.test(text[i + 1]!)) {
    let j = i + 1;
    if (text[j] === '+' || text[j] === '-') j++;
    if (j < n && isDigit(text[j])) {
      i = j;
      while (i < n && isDigit(text[i])) i++;
    }
  }
  return i;
}

/** Whether the token is an unquoted word (PostgreSQL `ident`, MySQL `word`). */
export function isWord(t: Token | undefined): boolean {
  return t?.kind === 'ident' || t?.kind === 'word';
}

/** The upper-case keyword an unquoted word spells, or undefined for anything else. */
export function keywordOf(t: Token | undefined): string | undefined {
  if (t?.kind === 'word') return t.value;
  if (t?.kind !== 'ident') return undefined;
  // Keywords are ASCII: a word whose case does not round-trip (like 'ſ') spells none.
  const upper = t.value.toUpperCase();
  return upper.toLowerCase() === t.value ? upper : undefined;
}

/** Whether the token is the unquoted keyword `keyword` (given in upper case). */
export function isKeyword(t: Token | undefined, keyword: string): boolean {
  return keywordOf(t) === keyword;
}

/** Whether the token is the punctuation `punct` (`(`, `)`, `,`, `.`, `;`). */
export function isPunct(t: Token | undefined, punct: string): boolean {
  return t?.kind === 'punct' && t.value === punct;
}

/** The index of the `)` closing the `(` at `open`, or -1 (parentheses carry the depth outside them). */
export function closingParenAt(tokens: Token[], open: number): number {
  const depth = tokens[open]!.depth;
  for (let k = open + 1; k < tokens.length; k++) if (isPunct(tokens[k], ')') && tokens[k]!.depth === depth) return k;
  return -1;
}

/** The index of the `(` opening the `)` at `close`, or -1. */
export function openingParenAt(tokens: Token[], close: number): number {
  const depth = tokens[close]!.depth;
  for (let k = close - 1; k >= 0; k--) if (isPunct(tokens[k], '(') && tokens[k]!.depth === depth) return k;
  return -1;
}

/** The name an identifier token stands for: folded (PostgreSQL words), as written (MySQL words) or unquoted. */
export function nameOf(t: Token | undefined): string | undefined {
  if (t?.kind === 'ident' || t?.kind === 'qident') return t.value;
  if (t?.kind === 'word') return t.text;
  return undefined;
}

/**
 * Splits a script into statements at semicolons outside parentheses (a semicolon inside them, as in CREATE RULE
 * bodies, does not end the statement); statements without tokens are dropped. A client command is a statement of
 * its own, ended by its line: a psql meta-command, or a MySQL `DELIMITER x` line.
 *
 * Not the engine's splitStatements (@sqltune/engine/text), on purpose: both split the lexer's tokens, but this one
 * cuts what a real server is sent, so it reads the text as the server does (MySQL `#{...}` is a comment here, a
 * MyBatis parameter there), keeps client commands whole and returns the planner's tokens of each statement; the
 * engine's cuts the user's input for analysis and display (lines, leading comments, executable-comment marks).
 */
export function splitStatements(script: string, dialect: Dialect): SqlStatement[] {
  const tokens = tokenize(script, dialect);
  const statements: SqlStatement[] = [];
  let current: Token[] = [];
  let begin = 0;
  const flush = (end: number) => {
    if (current.length > 0) {
      statements.push({
        text: script.slice(begin, end),
        start: begin,
        firstTokenStart: current[0].start,
        tokens: current,
      });
    }
    current = [];
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind === 'meta' || (current.length === 0 && t.kind === 'word' && t.value === 'DELIMITER')) {
      const lineEnd = script.indexOf('\n', t.start);
      const end = t.kind === 'meta' ? t.end : lineEnd < 0 ? script.length : lineEnd;
      flush(t.start);
      begin = t.start;
      while (k < tokens.length && tokens[k].start < end) current.push(tokens[k++]);
      k--;
      flush(end);
      begin = end;
      continue;
    }
    if (t.kind === 'punct' && t.value === ';' && t.depth === 0) {
      flush(t.start);
      begin = t.end;
      continue;
    }
    current.push(t);
  }
  flush(script.length);
  return statements;
}

/**
 * The statement without trailing semicolons. PostgreSQL: trailing blanks and comments go too, and the offsets of
 * what remains are unchanged. MySQL: surrounding blanks go (comments stay: a trailing executable comment is SQL).
 */
export function trimStatement(sql: string, dialect: Dialect): string {
  if (dialect === 'mysql') {
    let s = sql.trim();
    while (s.endsWith(';')) s = s.slice(0, -1).trimEnd();
    return s;
  }
  const tokens = tokenize(sql, dialect);
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last].kind === 'punct' && tokens[last].value === ';') last--;
  return last < 0 ? '' : sql.slice(0, tokens[last].end);
}

/**
 * 1-based line and column of a UTF-16 offset. PostgreSQL: CRLF, LF and a lone CR each end a line and columns count
 * characters (as PostgreSQL's own error positions do). MySQL: lines end at LF and columns count UTF-16 code units.
 */
export function lineColumnAt(text: string, offset: number, dialect: Dialect): { line: number; column: number } {
  const postgres = dialect === 'postgresql';
  let line = 1;
  let lineStart = 0;
  const end = Math.max(0, Math.min(offset, text.length));
  for (let i = 0; i < end; i++) {
    const ch = text[i];
    if (ch === '\n' || (postgres && ch === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = postgres ? Array.from(text.slice(lineStart, end)).length + 1 : end - lineStart + 1;
  return { line, column };
}

/** Whether the statement uses parameters ($1 in PostgreSQL, ? in MySQL). */
export function hasParameters(tokens: Token[]): boolean {
  return tokens.some((t) => t.kind === 'param');
}

/** Upper-case words of the leading unquoted words, e.g. ['CREATE', 'UNIQUE', 'INDEX']. */
export function leadingWords(tokens: Token[], count = 8): string[] {
  const words: string[] = [];
  for (const t of tokens) {
    if (!isWord(t)) break;
    words.push(t.value.toUpperCase());
    if (words.length >= count) break;
  }
  return words;
}

/** Whether the statement is a query: SELECT, WITH, VALUES, TABLE or a parenthesized query. */
export function isQuery(tokens: Token[]): boolean {
  const first = tokens[0];
  if (!first) return false;
  if (first.kind === 'punct' && first.value === '(') return true;
  const word = leadingWords(tokens, 1)[0];
  return word === 'SELECT' || word === 'WITH' || word === 'VALUES' || word === 'TABLE';
}

export interface LiteralValue {
  kind: 'number' | 'string';
  value: string;
}

const VALUE_KEYWORDS = [
  'SELECT',
  'WHERE',
  'AND',
  'OR',
  'NOT',
  'BETWEEN',
  'IN',
  'WHEN',
  'THEN',
  'ELSE',
  'VALUES',
  'LIMIT',
  'OFFSET',
  'HAVING',
  'ON',
  'RETURN',
  'LIKE',
  'IS',
];

/** Keywords after which a value follows (so a `-` after them is a sign), by dialect. */
export const KEYWORDS_BEFORE_VALUE: Record<Dialect, ReadonlySet<string>> = {
  postgresql: new Set(VALUE_KEYWORDS),
  mysql: new Set([...VALUE_KEYWORDS, 'INTERVAL']),
};

/** Numeric and string constants of a statement (a unary minus before a number is kept; MySQL: not 0x... numbers). */
export function extractLiterals(sql: string, dialect: Dialect): LiteralValue[] {
  const tokens = tokenize(sql, dialect);
  const keywords = KEYWORDS_BEFORE_VALUE[dialect];
  const out: LiteralValue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'number') {
      if (dialect === 'mysql' && /^0x/i.test(t.value)) continue;
      const prev = tokens[i - 1];
      const beforePrev = tokens[i - 2];
      const unary =
        prev?.kind === 'op' &&
        prev.value === '-' &&
        (!beforePrev ||
          beforePrev.kind === 'op' ||
          (beforePrev.kind === 'punct' && beforePrev.value !== ')') ||
          keywords.has(keywordOf(beforePrev) ?? ''));
      out.push({ kind: 'number', value: unary ? `-${t.value}` : t.value });
    } else if (t.kind === 'string') {
      out.push({ kind: 'string', value: t.value });
    }
  }
  return out;
}

export interface OrderByInfo {
  /** Whether the statement has an ORDER BY outside any parentheses. */
  ordered: boolean;
  /** Whether LIMIT, OFFSET or FETCH follows at the top level. */
  limited: boolean;
  /** The ORDER BY items: an output position (1-based), an output name, or an expression we cannot resolve. */
  keys: OrderKey[];
}

export type OrderKey =
  | { kind: 'position'; position: number; descending: boolean }
  | { kind: 'name'; name: string; descending: boolean }
  | { kind: 'expression'; text: string; descending: boolean };

/** Words that end the ORDER BY list. */
const ORDER_END: Record<Dialect, ReadonlySet<string>> = {
  postgresql: new Set(['LIMIT', 'OFFSET', 'FETCH', 'FOR']),
  mysql: new Set(['LIMIT', 'OFFSET', 'FOR', 'INTO', 'LOCK', 'PROCEDURE', 'FETCH']),
};
const LIMIT_WORDS = new Set(['LIMIT', 'OFFSET', 'FETCH']);

/**
 * Finds the statement's top-level ORDER BY: the last ORDER BY at parenthesis depth 0 (window, aggregate such as
 * GROUP_CONCAT, and subquery ORDER BY live inside parentheses, so they do not count). LIMIT / OFFSET / FETCH count
 * from that ORDER BY on in PostgreSQL and anywhere at the top level in MySQL.
 */
export function topLevelOrderBy(sql: string, dialect: Dialect): OrderByInfo {
  const tokens = tokenize(trimStatement(sql, dialect), dialect);
  let orderAt = -1;
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (tokens[i].depth === 0 && isKeyword(tokens[i], 'ORDER') && isKeyword(tokens[i + 1], 'BY')) orderAt = i;
  }
  let limited = false;
  for (let i = dialect === 'mysql' ? 0 : Math.max(orderAt, 0); i < tokens.length; i++) {
    if (tokens[i].depth === 0 && LIMIT_WORDS.has(keywordOf(tokens[i]) ?? '')) limited = true;
  }
  if (orderAt < 0) return { ordered: false, limited, keys: [] };
  const keys: OrderKey[] = [];
  let item: Token[] = [];
  const finishItem = () => {
    if (item.length === 0) return;
    let descending = false;
    let parts = item;
    // Drop trailing ASC / DESC / NULLS FIRST|LAST / USING op.
    for (;;) {
      const last = parts[parts.length - 1];
      const before = parts[parts.length - 2];
      if (isKeyword(last, 'ASC') || isKeyword(last, 'DESC')) {
        descending = isKeyword(last, 'DESC');
        parts = parts.slice(0, -1);
      } else if ((isKeyword(last, 'FIRST') || isKeyword(last, 'LAST')) && isKeyword(before, 'NULLS')) {
        parts = parts.slice(0, -2);
      } else if (last?.kind === 'op' && isKeyword(before, 'USING')) {
        descending = last.value === '>';
        parts = parts.slice(0, -2);
      } else break;
    }
    if (parts.length === 1 && parts[0].kind === 'number' && /^[0-9]+$/.test(parts[0].value)) {
      keys.push({ kind: 'position', position: Number(parts[0].value), descending });
    } else if (parts.length >= 1 && isQualifiedName(parts)) {
      keys.push({ kind: 'name', name: nameOf(parts[parts.length - 1]) ?? '', descending });
    } else {
      keys.push({ kind: 'expression', text: parts.map((p) => p.text).join(' '), descending });
    }
    item = [];
  };
  for (let i = orderAt + 2; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.depth === 0 && ORDER_END[dialect].has(keywordOf(t) ?? '')) break;
    if (t.depth === 0 && t.kind === 'punct' && t.value === ',') {
      finishItem();
      continue;
    }
    item.push(t);
  }
  finishItem();
  return { ordered: true, limited, keys };
}

function isQualifiedName(parts: Token[]): boolean {
  if (parts.length % 2 === 0) return false;
  for (let i = 0; i < parts.length; i++) {
    const t = parts[i];
    if (i % 2 === 0 && !isWord(t) && t.kind !== 'qident') return false;
    if (i % 2 === 1 && !(t.kind === 'punct' && t.value === '.')) return false;
  }
  return true;
}

/**
 * The one statement a planner is asked to explain, trimmed, with its tokens: an empty text or a second
 * statement is a 4202 at its position (a planner never runs more than one statement per call).
 */
export function singleStatement(sql: string, dialect: Dialect): { statement: string; tokens: Token[] } {
  const statement = trimStatement(sql, dialect);
  const tokens = tokenize(statement, dialect);
  if (tokens.length === 0) {
    throw new AppError(ErrorCode.CONTENT_INVALID, { message: { zh: '语句为空', en: 'the statement is empty' } });
  }
  const parts = splitStatements(statement, dialect);
  if (parts.length > 1) {
    const { line, column } = lineColumnAt(statement, parts[1].firstTokenStart, dialect);
    throw new AppError(ErrorCode.CONTENT_INVALID, {
      line,
      column,
      message: {
        zh: `第 ${line} 行第 ${column} 列：一次只能分析一条语句`,
        en: `Statement at line ${line}, column ${column}: only one statement can be explained at a time`,
      },
    });
  }
  return { statement, tokens };
}
