/**
 * A small MySQL / MariaDB lexer: enough to split a script into statements with their offsets, classify DDL,
 * map MariaDB's error messages ("near '...' at line N") to line/column, find `?` parameters, literals and a
 * top-level ORDER BY. It follows the server's default quoting rules: '...' and "..." are strings with backslash
 * escapes and doubled quotes, `...` are identifiers, comments are `-- ` (dash dash blank), `#` and `/* *\/`.
 * Executable comments (`/*! ... *\/`, `/*!40101 ... *\/`, `/*M!100100 ... *\/`) are SQL the server runs, so
 * their content is lexed as tokens (with offsets into the original text); other comments are dropped.
 */

export type TokenKind = 'word' | 'qident' | 'string' | 'number' | 'param' | 'var' | 'op' | 'punct';

export interface Token {
  kind: TokenKind;
  /** Offset of the first character (UTF-16 code units) in the lexed text. */
  start: number;
  end: number;
  text: string;
  /** word: upper case; qident: the unquoted name; string: the decoded value; others: the text. */
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
const OP_CHARS = '+-*/<>=~!%^&|:';

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', '0': '\0', Z: '\x1a' };

/** Lexes the whole text. Comments and blanks are dropped; unterminated quotes run to the end of the text. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let depth = 0;
  /** End of the executable comment we are in (its closing `*\/` is skipped when reached). */
  const executableEnds: number[] = [];
  const push = (kind: TokenKind, start: number, end: number, value: string, d = depth) => {
    tokens.push({ kind, start, end, text: text.slice(start, end), value, depth: d });
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
    if (
      c === '#' ||
      (c === '-' && next === '-' && (i + 2 >= n || isBlank(text[i + 2]) || text.charCodeAt(i + 2) < 32))
    ) {
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const executable = text[i + 2] === '!' || (text[i + 2] === 'M' && text[i + 3] === '!');
      if (executable) {
        i += text[i + 2] === '!' ? 3 : 4;
        while (i < n && /[0-9]/.test(text[i])) i++;
        executableEnds.push(i);
        continue;
      }
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
      continue;
    }
    const start = i;
    if (c === "'" || c === '"') {
      let value = '';
      i++;
      while (i < n) {
        const ch = text[i];
        if (ch === '\\' && i + 1 < n) {
          const e = text[i + 1];
          value += ESCAPES[e] ?? e;
          i += 2;
          continue;
        }
        if (ch === c) {
          if (text[i + 1] === c) {
            value += c;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += ch;
        i++;
      }
      push('string', start, i, value);
      continue;
    }
    if (c === '`') {
      let value = '';
      i++;
      while (i < n) {
        if (text[i] === '`') {
          if (text[i + 1] === '`') {
            value += '`';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i];
        i++;
      }
      push('qident', start, i, value);
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && next !== undefined && /[0-9]/.test(next))) {
      if (c === '0' && (next === 'x' || next === 'X') && /[0-9a-fA-F]/.test(text[i + 2] ?? '')) {
        i += 2;
        while (i < n && /[0-9a-fA-F]/.test(text[i])) i++;
      } else {
        while (i < n && /[0-9]/.test(text[i])) i++;
        if (text[i] === '.') {
          i++;
          while (i < n && /[0-9]/.test(text[i])) i++;
        }
        if ((text[i] === 'e' || text[i] === 'E') && /[-+0-9]/.test(text[i + 1] ?? '')) {
          let j = i + 1;
          if (text[j] === '+' || text[j] === '-') j++;
          if (/[0-9]/.test(text[j] ?? '')) {
            i = j;
            while (i < n && /[0-9]/.test(text[i])) i++;
          }
        }
      }
      // 123abc is an identifier in MySQL.
      if (i < n && IDENT_PART.test(text[i]) && text[i] !== '.') {
        while (i < n && IDENT_PART.test(text[i])) i++;
        push('word', start, i, text.slice(start, i).toUpperCase());
        continue;
      }
      push('number', start, i, text.slice(start, i));
      continue;
    }
    if (IDENT_PART.test(c)) {
      while (i < n && IDENT_PART.test(text[i])) i++;
      push('word', start, i, text.slice(start, i).toUpperCase());
      continue;
    }
    if (c === '@') {
      i++;
      if (text[i] === '@') i++;
      if (text[i] === '`' || text[i] === "'" || text[i] === '"') {
        const quote = text[i];
        i++;
        while (i < n && text[i] !== quote) i++;
        i++;
      } else {
        while (i < n && (IDENT_PART.test(text[i]) || text[i] === '.')) i++;
      }
      push('var', start, Math.min(i, n), text.slice(start, Math.min(i, n)));
      continue;
    }
    if (c === '?') {
      i++;
      push('param', start, i, '?');
      continue;
    }
    if (c === '(') {
      push('punct', start, i + 1, '(');
      depth++;
      i++;
      continue;
    }
    if (c === ')') {
      depth = Math.max(0, depth - 1);
      push('punct', start, i + 1, ')');
      i++;
      continue;
    }
    if (c === ',' || c === ';' || c === '.' || c === '[' || c === ']' || c === '{' || c === '}') {
      push('punct', start, i + 1, c);
      i++;
      continue;
    }
    if (OP_CHARS.includes(c)) {
      while (
        i < n &&
        OP_CHARS.includes(text[i]) &&
        !(text[i] === '-' && text[i + 1] === '-') &&
        !(text[i] === '/' && text[i + 1] === '*')
      )
        i++;
      if (i === start) i++;
      push('op', start, i, text.slice(start, i));
      continue;
    }
    i++;
    push('op', start, i, c);
  }
  return tokens;
}

/**
 * Splits a script at top-level semicolons. Empty statements (only comments or blanks) are dropped.
 * A `DELIMITER x` line (a mysql client command) becomes a statement of its own and switches the delimiter.
 */
export function splitStatements(script: string): SqlStatement[] {
  const out: SqlStatement[] = [];
  const tokens = tokenize(script);
  let begin = 0;
  let current: Token[] = [];
  const flush = (end: number) => {
    if (current.length > 0) {
      const text = script.slice(begin, end);
      out.push({ text, start: begin, firstTokenStart: current[0].start, tokens: current });
    }
    current = [];
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (current.length === 0 && t.kind === 'word' && t.value === 'DELIMITER') {
      // A client command: it runs to the end of its line.
      const lineEnd = script.indexOf('\n', t.start);
      const end = lineEnd < 0 ? script.length : lineEnd;
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
    if (current.length === 0) begin = Math.min(begin, t.start);
    current.push(t);
  }
  flush(script.length);
  return out;
}

/** The statement without surrounding blanks and trailing semicolons. */
export function trimStatement(sql: string): string {
  let s = sql.trim();
  while (s.endsWith(';')) s = s.slice(0, -1).trimEnd();
  return s;
}

/** 1-based line and column of an offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.max(0, Math.min(offset, text.length));
  for (let i = 0; i < end; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** Offset where 1-based line `line` starts (the text length when there are fewer lines). */
export function lineStartOffset(text: string, line: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return offset;
}

export function hasParameters(tokens: Token[]): boolean {
  return tokens.some((t) => t.kind === 'param');
}

/** Upper-case leading words, e.g. ['CREATE', 'UNIQUE', 'INDEX']. */
export function leadingWords(tokens: Token[], count = 8): string[] {
  const words: string[] = [];
  for (const t of tokens) {
    if (t.kind !== 'word') break;
    words.push(t.value);
    if (words.length >= count) break;
  }
  return words;
}

/** Whether the statement is a query: SELECT, WITH, VALUES, TABLE or a parenthesized query. */
export function isQuery(tokens: Token[]): boolean {
  const first = tokens[0];
  if (!first) return false;
  if (first.kind === 'punct' && first.value === '(') return true;
  return first.kind === 'word' && ['SELECT', 'WITH', 'VALUES', 'TABLE'].includes(first.value);
}

export interface LiteralValue {
  kind: 'number' | 'string';
  value: string;
}

const KEYWORDS_BEFORE_VALUE = new Set([
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
  'LIKE',
  'IS',
  'INTERVAL',
  'RETURN',
]);

/** Numeric and string constants of a statement (a unary minus before a number is kept). */
export function extractLiterals(sql: string): LiteralValue[] {
  const tokens = tokenize(sql);
  const out: LiteralValue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'number') {
      if (/^0x/i.test(t.value)) continue;
      const prev = tokens[i - 1];
      const beforePrev = tokens[i - 2];
      const unary =
        prev?.kind === 'op' &&
        prev.value === '-' &&
        (!beforePrev ||
          beforePrev.kind === 'op' ||
          (beforePrev.kind === 'punct' && beforePrev.value !== ')') ||
          (beforePrev.kind === 'word' && KEYWORDS_BEFORE_VALUE.has(beforePrev.value)));
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
  /** Whether LIMIT or OFFSET follows at the top level. */
  limited: boolean;
  keys: OrderKey[];
}

export type OrderKey =
  | { kind: 'position'; position: number; descending: boolean }
  | { kind: 'name'; name: string; descending: boolean }
  | { kind: 'expression'; text: string; descending: boolean };

const ORDER_END = new Set(['LIMIT', 'OFFSET', 'FOR', 'INTO', 'LOCK', 'PROCEDURE', 'FETCH']);

/**
 * The statement's top-level ORDER BY: the last ORDER BY at parenthesis depth 0 (window, GROUP_CONCAT and
 * subquery ORDER BY live inside parentheses, so they do not count).
 */
export function topLevelOrderBy(sql: string): OrderByInfo {
  const tokens = tokenize(trimStatement(sql));
  let orderAt = -1;
  let limited = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.depth !== 0 || t.kind !== 'word') continue;
    if (t.value === 'ORDER' && tokens[i + 1]?.kind === 'word' && tokens[i + 1].value === 'BY') orderAt = i;
    if (t.value === 'LIMIT' || t.value === 'OFFSET' || t.value === 'FETCH') limited = true;
  }
  if (orderAt < 0) return { ordered: false, limited, keys: [] };
  const keys: OrderKey[] = [];
  let item: Token[] = [];
  const finishItem = () => {
    if (item.length === 0) return;
    let parts = item;
    let descending = false;
    const last = parts[parts.length - 1];
    if (last.kind === 'word' && (last.value === 'ASC' || last.value === 'DESC')) {
      descending = last.value === 'DESC';
      parts = parts.slice(0, -1);
    }
    if (parts.length === 1 && parts[0].kind === 'number' && /^[0-9]+$/.test(parts[0].value)) {
      keys.push({ kind: 'position', position: Number(parts[0].value), descending });
    } else if (parts.length >= 1 && isQualifiedName(parts)) {
      keys.push({
        kind: 'name',
        name: parts[parts.length - 1].kind === 'qident' ? parts[parts.length - 1].value : parts[parts.length - 1].text,
        descending,
      });
    } else {
      keys.push({ kind: 'expression', text: parts.map((p) => p.text).join(' '), descending });
    }
    item = [];
  };
  for (let i = orderAt + 2; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.depth === 0 && t.kind === 'word' && ORDER_END.has(t.value)) break;
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
  for (let i = 0; i < parts.length; i++) {
    const t = parts[i];
    if (i % 2 === 0) {
      if (t.kind !== 'word' && t.kind !== 'qident') return false;
    } else if (!(t.kind === 'punct' && t.value === '.')) return false;
  }
  return parts.length % 2 === 1;
}

/** `name` as a MySQL identifier. */
export function quoteIdent(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

/** `value` as a MySQL string literal (backslashes escaped, as the default sql_mode needs). */
export function quoteString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/\0/g, '\\0')}'`;
}

const NOT_ALIAS = new Set([
  'WHERE',
  'JOIN',
  'ON',
  'USING',
  'LEFT',
  'RIGHT',
  'INNER',
  'OUTER',
  'CROSS',
  'NATURAL',
  'STRAIGHT_JOIN',
  'GROUP',
  'ORDER',
  'LIMIT',
  'HAVING',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'FORCE',
  'USE',
  'IGNORE',
  'WINDOW',
  'FOR',
  'LOCK',
  'INTO',
  'PARTITION',
  'SET',
  'FULL',
  'RETURNING',
  'PROCEDURE',
  'AS',
  'SELECT',
  'VALUES',
  'OFFSET',
  'FETCH',
]);
const FROM_END = new Set([
  'WHERE',
  'GROUP',
  'HAVING',
  'ORDER',
  'LIMIT',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'WINDOW',
  'SELECT',
  'SET',
  'RETURNING',
  'INTO',
  'FOR',
  'LOCK',
]);

function nameOf(t: Token | undefined): string | undefined {
  if (!t) return undefined;
  if (t.kind === 'qident') return t.value;
  if (t.kind === 'word') return t.text;
  return undefined;
}

/**
 * Alias -> table name from the statement's FROM / JOIN / UPDATE / DELETE clauses (`orders o`, `orders AS o`,
 * `db.orders o`); a table without an alias maps to itself. Lower-cased keys are added too.
 */
export function tableAliases(sql: string): Map<string, string> {
  const tokens = tokenize(sql);
  const map = new Map<string, string>();
  const add = (alias: string, table: string) => {
    if (!map.has(alias)) map.set(alias, table);
    if (!map.has(alias.toLowerCase())) map.set(alias.toLowerCase(), table);
  };
  const fromDepths: number[] = [];
  const tableFactor = (i: number): void => {
    const t = tokens[i];
    if (!t || (t.kind === 'punct' && t.value === '(')) return;
    if (t.kind === 'word' && NOT_ALIAS.has(t.value)) return;
    let name = nameOf(t);
    if (name === undefined) return;
    let k = i + 1;
    while (tokens[k]?.kind === 'punct' && tokens[k].value === '.' && nameOf(tokens[k + 1]) !== undefined) {
      name = nameOf(tokens[k + 1]) as string;
      k += 2;
    }
    add(name, name);
    if (tokens[k]?.kind === 'word' && tokens[k].value === 'AS') k++;
    const aliasToken = tokens[k];
    const alias = nameOf(aliasToken);
    if (alias !== undefined && !(aliasToken?.kind === 'word' && NOT_ALIAS.has(aliasToken.value))) add(alias, name);
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    while (fromDepths.length > 0 && t.depth < fromDepths[fromDepths.length - 1]) fromDepths.pop();
    if (t.kind === 'word') {
      if (t.value === 'FROM' || t.value === 'UPDATE' || (t.value === 'INTO' && tokens[i - 1]?.value === 'INSERT')) {
        fromDepths.push(t.depth);
        tableFactor(i + 1);
      } else if (t.value === 'JOIN' || t.value === 'STRAIGHT_JOIN') {
        tableFactor(i + 1);
      } else if (FROM_END.has(t.value) && fromDepths[fromDepths.length - 1] === t.depth) {
        fromDepths.pop();
      }
    } else if (t.kind === 'punct' && t.value === ',' && fromDepths[fromDepths.length - 1] === t.depth) {
      tableFactor(i + 1);
    }
  }
  return map;
}

/** A sample literal for a column of this information_schema DATA_TYPE; `n` (1, 2, ...) varies numbers and strings. */
export function sampleLiteral(dataType: string | undefined, n = 1): string {
  switch ((dataType ?? '').toLowerCase()) {
    case 'date':
      return "'2024-01-01'";
    case 'datetime':
    case 'timestamp':
      return "'2024-01-01 00:00:00'";
    case 'time':
      return "'12:00:00'";
    case 'year':
      return '2024';
    case 'char':
    case 'varchar':
    case 'text':
    case 'tinytext':
    case 'mediumtext':
    case 'longtext':
    case 'enum':
    case 'set':
    case 'binary':
    case 'varbinary':
    case 'blob':
    case 'json':
      return `'${String.fromCharCode(97 + ((n - 1) % 26))}'`;
    default:
      return String(n);
  }
}

/**
 * Replaces `?` parameters (MyBatis `#{}` placeholders) with sample literals so MariaDB can EXPLAIN the statement:
 * the literal follows the type of the column the parameter is compared with (`col = ?`, `col IN (?, ?)`,
 * `col BETWEEN ? AND ?`, `col LIKE ?`, `? = col`), found through `columnType(name)`; LIMIT/OFFSET get 10 / 0;
 * anything else gets 1. Returns the text and how many were replaced.
 */
export function substituteParameters(
  sql: string,
  columnType: (column: string) => string | undefined,
): { text: string; count: number } {
  const tokens = tokenize(sql);
  const params = tokens.map((t, i) => ({ t, i })).filter(({ t }) => t.kind === 'param');
  if (params.length === 0) return { text: sql, count: 0 };
  const isColumn = (t: Token | undefined) =>
    t !== undefined && (t.kind === 'qident' || (t.kind === 'word' && !KEYWORDS_BEFORE_VALUE.has(t.value)));
  const columnBefore = (i: number): string | undefined => {
    // Walk back over the operator / IN ( / BETWEEN / LIKE / commas of an IN list to the column.
    let k = i - 1;
    while (k >= 0) {
      const t = tokens[k];
      if (
        t.kind === 'param' ||
        (t.kind === 'punct' && (t.value === ',' || t.value === '(')) ||
        t.kind === 'string' ||
        t.kind === 'number'
      ) {
        k--;
        continue;
      }
      if (
        t.kind === 'op' ||
        (t.kind === 'word' && ['IN', 'NOT', 'BETWEEN', 'LIKE', 'AND', 'IS', 'REGEXP', 'RLIKE'].includes(t.value))
      ) {
        if (t.kind === 'word' && t.value === 'AND') {
          // Only the AND of a BETWEEN: look for BETWEEN two tokens back.
          if (tokens[k - 2]?.value !== 'BETWEEN') return undefined;
        }
        k--;
        continue;
      }
      if (isColumn(t)) return t.kind === 'qident' ? t.value : t.text;
      return undefined;
    }
    return undefined;
  };
  let out = '';
  let last = 0;
  let n = 0;
  for (const { t, i } of params) {
    n++;
    const prev = tokens[i - 1];
    let literal: string;
    if (prev?.kind === 'word' && (prev.value === 'LIMIT' || prev.value === 'OFFSET'))
      literal = prev.value === 'LIMIT' ? '10' : '0';
    else if (prev?.kind === 'punct' && prev.value === ',' && tokens[i - 3]?.value === 'LIMIT') literal = '10';
    else {
      let column = columnBefore(i);
      const next = tokens[i + 1];
      if (!column && next?.kind === 'op' && isColumn(tokens[i + 2]))
        column = tokens[i + 2].kind === 'qident' ? tokens[i + 2].value : tokens[i + 2].text;
      literal = sampleLiteral(column ? columnType(column) : undefined, n);
    }
    out += sql.slice(last, t.start) + literal;
    last = t.end;
  }
  out += sql.slice(last);
  return { text: out, count: params.length };
}
