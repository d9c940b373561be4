/**
 * The planner's SQL lexer, for both dialects: enough to split a script into statements with their offsets, classify
 * DDL, map error positions to line/column, find parameters, literals and a top-level ORDER BY. (The engine's lexer
 * only tells code from strings and comments; the planner also needs numbers, parameters, parenthesis depth, decoded
 * values and each server's own comment rules.)
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

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** A token whose end and value only one dialect's rules tell (strings, quoted names, parameters ...). */
interface Lexed {
  kind: TokenKind;
  end: number;
  value: string;
}

/** Lexes the whole text. Comments and blanks are dropped; unterminated quotes run to the end of the text. */
export function tokenize(text: string, dialect: Dialect): Token[] {
  const mysql = dialect === 'mysql';
  const opChars = mysql ? MYSQL_OP_CHARS : PG_OP_CHARS;
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let depth = 0;
  /** PostgreSQL: whether a psql meta-command may start here. */
  let atStatementStart = true;
  /** MySQL: ends of the executable comments we are in (their closing `*\/` is skipped when reached). */
  const executableEnds: number[] = [];
  const push = (kind: TokenKind, start: number, end: number, value: string, d = depth) => {
    tokens.push({ kind, start, end, text: text.slice(start, end), value, depth: d });
    atStatementStart = kind === 'punct' && text[start] === ';';
  };
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (executableEnds.length > 0 && c === '*' && next === '/') {
      executableEnds.pop();
      i += 2;
      continue;
    }
    if (isBlank(c)) {
      i++;
      continue;
    }
    if (mysql ? isMysqlLineComment(text, i) : c === '-' && next === '-') {
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const version = mysql ? /^\/\*M?!(\d*)/.exec(text.slice(i, i + 12)) : null;
      // Version 999999 is no server's (mariadb-dump's `/*M!999999\- enable the sandbox mode *\/`): a plain comment.
      if (version && version[1] !== '999999') {
        i += version[0].length;
        executableEnds.push(i);
      } else i = mysql ? blockCommentEnd(text, i) : nestedBlockCommentEnd(text, i);
      continue;
    }
    const start = i;
    // psql meta-commands (\connect, \restrict ...) at the start of a statement run to the end of the line.
    if (!mysql && c === '\\' && atStatementStart) {
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i++;
      push('meta', start, i, text.slice(start, i));
      atStatementStart = true;
      continue;
    }
    const lexed = mysql ? mysqlToken(text, i) : postgresToken(text, i);
    if (lexed) {
      i = lexed.end;
      push(lexed.kind, start, i, lexed.value);
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(next))) {
      if (mysql) {
        i = mysqlNumberEnd(text, i);
        // 123abc is an identifier in MySQL.
        if (i < n && IDENT_PART.test(text[i])) {
          while (i < n && IDENT_PART.test(text[i])) i++;
          push('word', start, i, text.slice(start, i).toUpperCase());
        } else push('number', start, i, text.slice(start, i));
      } else {
        i = postgresNumberEnd(text, i);
        push('number', start, i, text.slice(start, i).replace(/_/g, ''));
      }
      continue;
    }
    if (mysql ? IDENT_PART.test(c) : PG_IDENT_START.test(c)) {
      i++;
      while (i < n && IDENT_PART.test(text[i])) i++;
      const word = text.slice(start, i);
      if (mysql) push('word', start, i, word.toUpperCase());
      else push('ident', start, i, word.toLowerCase());
      continue;
    }
    // PostgreSQL array subscripts count as parentheses too.
    if (c === '(' || (!mysql && c === '[')) {
      i++;
      push('punct', start, i, c);
      depth++;
      continue;
    }
    if (c === ')' || (!mysql && c === ']')) {
      depth = Math.max(0, depth - 1);
      i++;
      push('punct', start, i, c);
      continue;
    }
    if (c === ';' || c === ',' || c === '.' || (mysql && (c === '[' || c === ']' || c === '{' || c === '}'))) {
      i++;
      push('punct', start, i, c);
      continue;
    }
    if (!mysql && c === ':' && next === ':') {
      i += 2;
      push('punct', start, i, '::');
      continue;
    }
    if (opChars.includes(c) || (!mysql && c === ':')) {
      // The first character always belongs to the operator, except MySQL's `--` without a blank: two minus signs.
      i = mysql ? Math.max(operatorEnd(text, i, opChars), i + 1) : operatorEnd(text, i + 1, opChars);
      push('op', start, i, text.slice(start, i));
      continue;
    }
    i++;
    push('op', start, i, c);
  }
  return tokens;
}

function isMysqlLineComment(text: string, i: number): boolean {
  if (text[i] === '#') return true;
  if (text[i] !== '-' || text[i + 1] !== '-') return false;
  return i + 2 >= text.length || isBlank(text[i + 2]) || text.charCodeAt(i + 2) < 32;
}

function blockCommentEnd(text: string, openAt: number): number {
  const close = text.indexOf('*/', openAt + 2);
  return close < 0 ? text.length : close + 2;
}

function nestedBlockCommentEnd(text: string, openAt: number): number {
  let level = 1;
  let i = openAt + 2;
  while (i < text.length && level > 0) {
    if (text[i] === '/' && text[i + 1] === '*') {
      level++;
      i += 2;
    } else if (text[i] === '*' && text[i + 1] === '/') {
      level--;
      i += 2;
    } else i++;
  }
  return i;
}

/** End of an operator run from `from`; it stops before a comment start. */
function operatorEnd(text: string, from: number, opChars: string): number {
  let i = from;
  while (
    i < text.length &&
    opChars.includes(text[i]) &&
    !(text[i] === '-' && text[i + 1] === '-') &&
    !(text[i] === '/' && text[i + 1] === '*')
  )
    i++;
  return i;
}

/** PostgreSQL strings (with an optional E, B, X, N or U& prefix), quoted names, $1 parameters and $tag$ bodies. */
function postgresToken(text: string, i: number): Lexed | undefined {
  const c = text[i];
  const next = text[i + 1];
  const lower = c.toLowerCase();
  if (
    c === "'" ||
    ((lower === 'e' || lower === 'b' || lower === 'x' || lower === 'n') && next === "'") ||
    (lower === 'u' && next === '&' && text[i + 2] === "'")
  ) {
    const backslash = lower === 'e' && next === "'";
    const open = c === "'" ? i : lower === 'u' ? i + 2 : i + 1;
    const [value, end] = readQuoted(text, open, "'", backslash ? (e) => e : undefined);
    return { kind: 'string', end, value };
  }
  if (c === '"' || (lower === 'u' && next === '&' && text[i + 2] === '"')) {
    const [value, end] = readQuoted(text, c === '"' ? i : i + 2, '"');
    return { kind: 'qident', end, value };
  }
  if (c !== '$') return undefined;
  if (isDigit(next)) {
    let end = i + 1;
    while (end < text.length && isDigit(text[end])) end++;
    return { kind: 'param', end, value: text.slice(i + 1, end) };
  }
  const tag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(text.slice(i, i + 200));
  if (!tag) return undefined;
  const delimiter = tag[0];
  const bodyStart = i + delimiter.length;
  const close = text.indexOf(delimiter, bodyStart);
  const bodyEnd = close < 0 ? text.length : close;
  return {
    kind: 'string',
    end: close < 0 ? text.length : close + delimiter.length,
    value: text.slice(bodyStart, bodyEnd),
  };
}

/** MySQL strings, `quoted` names, @variables and `?` parameters. */
function mysqlToken(text: string, i: number): Lexed | undefined {
  const c = text[i];
  if (c === "'" || c === '"') {
    const [value, end] = readQuoted(text, i, c, (e) => MYSQL_ESCAPES[e] ?? e);
    return { kind: 'string', end, value };
  }
  if (c === '`') {
    const [value, end] = readQuoted(text, i, '`');
    return { kind: 'qident', end, value };
  }
  if (c === '?') return { kind: 'param', end: i + 1, value: '?' };
  if (c !== '@') return undefined;
  let j = i + 1;
  if (text[j] === '@') j++;
  if (text[j] === '`' || text[j] === "'" || text[j] === '"') {
    const quote = text[j];
    j++;
    while (j < text.length && text[j] !== quote) j++;
    j++;
  } else {
    while (j < text.length && (IDENT_PART.test(text[j]) || text[j] === '.')) j++;
  }
  const end = Math.min(j, text.length);
  return { kind: 'var', end, value: text.slice(i, end) };
}

/**
 * The decoded value and the end of a quoted run opening at `openAt`: a doubled quote stands for the quote; with
 * `decodeEscape`, a backslash escapes the next character (`decodeEscape` maps it to what it stands for).
 */
function readQuoted(
  text: string,
  openAt: number,
  quote: string,
  decodeEscape?: (escaped: string) => string,
): [string, number] {
  let i = openAt + 1;
  let value = '';
  while (i < text.length) {
    const ch = text[i];
    if (decodeEscape && ch === '\\' && i + 1 < text.length) {
      value += decodeEscape(text[i + 1]);
      i += 2;
      continue;
    }
    if (ch === quote) {
      if (text[i + 1] === quote) {
        value += quote;
        i += 2;
        continue;
      }
      return [value, i + 1];
    }
    value += ch;
    i++;
  }
  return [value, text.length];
}

function postgresNumberEnd(text: string, i: number): number {
  const m = /^(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?(?:[eE][+-]?[0-9]+)?)/.exec(
    text.slice(i, i + 400),
  );
  const len = m && m[0].length > 0 ? m[0].length : 1;
  // "1..2" is not a number followed by a dot in SQL, but keep it simple: a trailing '.' followed by '.' stays out.
  const end = i + len;
  return text[end - 1] === '.' && text[end] === '.' ? end - 1 : end;
}

function mysqlNumberEnd(text: string, start: number): number {
  let i = start;
  const n = text.length;
  if (text[i] === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X') && /[0-9a-fA-F]/.test(text[i + 2] ?? '')) {
    i += 2;
    while (i < n && /[0-9a-fA-F]/.test(text[i])) i++;
    return i;
  }
  while (i < n && isDigit(text[i])) i++;
  if (text[i] === '.') {
    i++;
    while (i < n && isDigit(text[i])) i++;
  }
  if ((text[i] === 'e' || text[i] === 'E') && /[-+0-9]/.test(text[i + 1] ?? '')) {
    let j = i + 1;
    if (text[j] === '+' || text[j] === '-') j++;
    if (isDigit(text[j])) {
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
