/**
 * A small PostgreSQL lexer: enough to split a script into statements with their offsets, classify DDL,
 * map PostgreSQL's error positions to line/column, find parameters, literals and a top-level ORDER BY.
 * It follows PostgreSQL's quoting rules (standard_conforming_strings = on): '...' with '' escapes,
 * E'...' with backslash escapes, "..." identifiers, $tag$...$tag$ bodies, -- and nested block comments.
 */

export type TokenKind = 'ident' | 'qident' | 'string' | 'number' | 'param' | 'op' | 'punct' | 'meta';

export interface Token {
  kind: TokenKind;
  /** Offset of the first character (UTF-16 code units) in the lexed text. */
  start: number;
  end: number;
  text: string;
  /** Identifiers: folded to lower case (unquoted) or unquoted; strings: the decoded value. */
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

const IDENT_START = /[A-Za-z_\u0080-\uffff]/;
const IDENT_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const OP_CHARS = '+-*/<>=~!@#%^&|`?';

/** Lexes the whole text. Comments and blanks are dropped; unterminated quotes run to the end of the text. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let depth = 0;
  let atStatementStart = true;
  const push = (kind: TokenKind, start: number, end: number, value: string, d = depth) => {
    tokens.push({ kind, start, end, text: text.slice(start, end), value, depth: d });
    atStatementStart = kind === 'punct' && text[start] === ';';
  };
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') {
      i++;
      continue;
    }
    if (c === '-' && next === '-') {
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      let level = 1;
      i += 2;
      while (i < n && level > 0) {
        if (text[i] === '/' && text[i + 1] === '*') {
          level++;
          i += 2;
        } else if (text[i] === '*' && text[i + 1] === '/') {
          level--;
          i += 2;
        } else i++;
      }
      continue;
    }
    // psql meta-commands (\connect, \restrict ...) at the start of a statement run to the end of the line.
    if (c === '\\' && atStatementStart) {
      const start = i;
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i++;
      tokens.push({ kind: 'meta', start, end: i, text: text.slice(start, i), value: text.slice(start, i), depth });
      continue;
    }
    const start = i;
    // String constants with an optional prefix: E'..', B'..', X'..', N'..', U&'..'.
    const lower = c.toLowerCase();
    if (
      c === "'" ||
      ((lower === 'e' || lower === 'b' || lower === 'x' || lower === 'n') && next === "'") ||
      (lower === 'u' && next === '&' && text[i + 2] === "'")
    ) {
      const backslash = lower === 'e' && next === "'";
      i = c === "'" ? i : lower === 'u' ? i + 2 : i + 1;
      const [value, end] = readQuoted(text, i, "'", backslash);
      i = end;
      push('string', start, i, value);
      continue;
    }
    if (c === '"' || (lower === 'u' && next === '&' && text[i + 2] === '"')) {
      i = c === '"' ? i : i + 2;
      const [value, end] = readQuoted(text, i, '"', false);
      i = end;
      push('qident', start, i, value);
      continue;
    }
    if (c === '$') {
      if (next !== undefined && /[0-9]/.test(next)) {
        i++;
        while (i < n && /[0-9]/.test(text[i])) i++;
        push('param', start, i, text.slice(start + 1, i));
        continue;
      }
      const tag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(text.slice(i, i + 200));
      if (tag) {
        const delimiter = tag[0];
        const bodyStart = i + delimiter.length;
        const close = text.indexOf(delimiter, bodyStart);
        const bodyEnd = close < 0 ? n : close;
        i = close < 0 ? n : close + delimiter.length;
        push('string', start, i, text.slice(bodyStart, bodyEnd));
        continue;
      }
    }
    if (/[0-9]/.test(c) || (c === '.' && next !== undefined && /[0-9]/.test(next))) {
      const m =
        /^(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?(?:[eE][+-]?[0-9]+)?)/.exec(
          text.slice(i, i + 400),
        );
      const len = m && m[0].length > 0 ? m[0].length : 1;
      // "1..2" is not a number followed by a dot in SQL, but keep it simple: a trailing '.' followed by '.' stays out.
      let end = i + len;
      if (text[end - 1] === '.' && text[end] === '.') end--;
      i = end;
      push('number', start, i, text.slice(start, i).replace(/_/g, ''));
      continue;
    }
    if (IDENT_START.test(c)) {
      i++;
      while (i < n && IDENT_PART.test(text[i])) i++;
      push('ident', start, i, text.slice(start, i).toLowerCase());
      continue;
    }
    if (c === '(' || c === '[') {
      i++;
      push('punct', start, i, c, depth);
      depth++;
      continue;
    }
    if (c === ')' || c === ']') {
      depth = Math.max(0, depth - 1);
      i++;
      push('punct', start, i, c, depth);
      continue;
    }
    if (c === ';') {
      i++;
      // A semicolon inside parentheses (CREATE RULE bodies) does not end the statement; at depth 0 it does.
      push('punct', start, i, c);
      continue;
    }
    if (c === ',' || c === '.') {
      i++;
      push('punct', start, i, c);
      continue;
    }
    if (c === ':' && next === ':') {
      i += 2;
      push('punct', start, i, '::');
      continue;
    }
    if (OP_CHARS.includes(c) || c === ':') {
      i++;
      while (
        i < n &&
        OP_CHARS.includes(text[i]) &&
        !(text[i] === '-' && text[i + 1] === '-') &&
        !(text[i] === '/' && text[i + 1] === '*')
      )
        i++;
      push('op', start, i, text.slice(start, i));
      continue;
    }
    i++;
    push('op', start, i, c);
  }
  return tokens;
}

function readQuoted(text: string, openAt: number, quote: string, backslash: boolean): [string, number] {
  let i = openAt + 1;
  let value = '';
  while (i < text.length) {
    const ch = text[i];
    if (backslash && ch === '\\' && i + 1 < text.length) {
      value += text[i + 1];
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

/** Splits a script into statements at semicolons outside parentheses; statements without tokens are dropped. */
export function splitStatements(script: string): SqlStatement[] {
  const tokens = tokenize(script);
  const statements: SqlStatement[] = [];
  let current: Token[] = [];
  let segmentStart = 0;
  const flush = (end: number) => {
    if (current.length > 0) {
      statements.push({
        text: script.slice(segmentStart, end),
        start: segmentStart,
        firstTokenStart: current[0].start,
        tokens: current,
      });
    }
    current = [];
  };
  for (const token of tokens) {
    if (token.kind === 'meta') {
      // A meta-command is a statement of its own, ended by its line.
      flush(token.start);
      segmentStart = token.start;
      current = [token];
      flush(token.end);
      segmentStart = token.end;
      continue;
    }
    if (token.kind === 'punct' && token.value === ';' && token.depth === 0) {
      flush(token.start);
      segmentStart = token.end;
      continue;
    }
    current.push(token);
  }
  flush(script.length);
  return statements;
}

/** The statement without trailing semicolons and blanks; offsets of what remains are unchanged. */
export function trimStatement(sql: string): string {
  const tokens = tokenize(sql);
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last].kind === 'punct' && tokens[last].value === ';') last--;
  return last < 0 ? '' : sql.slice(0, tokens[last].end);
}

/** 1-based line and column (in characters) of a UTF-16 offset. CRLF counts as one line break. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.max(0, Math.min(offset, text.length));
  for (let i = 0; i < end; i++) {
    const ch = text[i];
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = Array.from(text.slice(lineStart, end)).length + 1;
  return { line, column };
}

/**
 * PostgreSQL's error `position` counts characters (1-based) from the start of the query it received.
 * Returns the UTF-16 offset in that query text, or undefined.
 */
export function pgPositionToOffset(queryText: string, position: number | string | undefined): number | undefined {
  const p = typeof position === 'string' ? Number.parseInt(position, 10) : position;
  if (p === undefined || !Number.isFinite(p) || p < 1) return undefined;
  let chars = 0;
  let offset = 0;
  while (offset < queryText.length && chars < p - 1) {
    const code = queryText.codePointAt(offset) ?? 0;
    offset += code > 0xffff ? 2 : 1;
    chars++;
  }
  return offset;
}

/** Whether the statement uses $1-style parameters. */
export function hasParameters(tokens: Token[]): boolean {
  return tokens.some((t) => t.kind === 'param');
}

/** Upper-case words of the leading unquoted identifiers, e.g. ['CREATE', 'UNIQUE', 'INDEX']. */
export function leadingWords(tokens: Token[], count = 8): string[] {
  const words: string[] = [];
  for (const t of tokens) {
    if (t.kind !== 'ident') break;
    words.push(t.value.toUpperCase());
    if (words.length >= count) break;
  }
  return words;
}

export interface LiteralValue {
  kind: 'number' | 'string';
  value: string;
}

/** Numeric and string constants of a statement (a unary minus before a number is kept). */
export function extractLiterals(sql: string): LiteralValue[] {
  const tokens = tokenize(sql);
  const out: LiteralValue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'number') {
      const prev = tokens[i - 1];
      const beforePrev = tokens[i - 2];
      const unary =
        prev?.kind === 'op' &&
        prev.value === '-' &&
        (!beforePrev ||
          beforePrev.kind === 'op' ||
          (beforePrev.kind === 'punct' && beforePrev.value !== ')') ||
          (beforePrev.kind === 'ident' && KEYWORDS_BEFORE_VALUE.has(beforePrev.value)));
      out.push({ kind: 'number', value: unary ? `-${t.value}` : t.value });
    } else if (t.kind === 'string') {
      out.push({ kind: 'string', value: t.value });
    }
  }
  return out;
}

const KEYWORDS_BEFORE_VALUE = new Set([
  'select',
  'where',
  'and',
  'or',
  'not',
  'between',
  'in',
  'when',
  'then',
  'else',
  'values',
  'limit',
  'offset',
  'having',
  'on',
  'return',
  'like',
  'is',
]);

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

/**
 * Finds the statement's top-level ORDER BY: the last ORDER BY at parenthesis depth 0 (window and aggregate
 * ORDER BY live inside parentheses, so they do not count).
 */
export function topLevelOrderBy(sql: string): OrderByInfo {
  const tokens = tokenize(trimStatement(sql));
  let orderAt = -1;
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i];
    if (
      t.depth === 0 &&
      t.kind === 'ident' &&
      t.value === 'order' &&
      tokens[i + 1].kind === 'ident' &&
      tokens[i + 1].value === 'by'
    )
      orderAt = i;
  }
  let limited = false;
  const from = Math.max(orderAt, 0);
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.depth === 0 && t.kind === 'ident' && (t.value === 'limit' || t.value === 'offset' || t.value === 'fetch'))
      limited = true;
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
      if (last?.kind === 'ident' && (last.value === 'asc' || last.value === 'desc')) {
        descending = last.value === 'desc';
        parts = parts.slice(0, -1);
      } else if (
        last?.kind === 'ident' &&
        (last.value === 'first' || last.value === 'last') &&
        before?.value === 'nulls'
      ) {
        parts = parts.slice(0, -2);
      } else if (last?.kind === 'op' && before?.kind === 'ident' && before.value === 'using') {
        descending = last.value === '>';
        parts = parts.slice(0, -2);
      } else break;
    }
    if (parts.length === 1 && parts[0].kind === 'number' && /^[0-9]+$/.test(parts[0].value)) {
      keys.push({ kind: 'position', position: Number(parts[0].value), descending });
    } else if (parts.length >= 1 && isQualifiedName(parts)) {
      keys.push({ kind: 'name', name: parts[parts.length - 1].value, descending });
    } else {
      keys.push({ kind: 'expression', text: parts.map((p) => p.text).join(' '), descending });
    }
    item = [];
  };
  for (let i = orderAt + 2; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.depth === 0 && t.kind === 'ident' && ['limit', 'offset', 'fetch', 'for'].includes(t.value)) break;
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
    if (i % 2 === 0 && t.kind !== 'ident' && t.kind !== 'qident') return false;
    if (i % 2 === 1 && !(t.kind === 'punct' && t.value === '.')) return false;
  }
  return true;
}

/** Quotes an identifier for PostgreSQL. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Quotes a string constant for PostgreSQL (standard_conforming_strings = on). */
export function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

const COMPARISON_OPS = new Set(['=', '<>', '!=', '<', '<=', '>', '>=', '~~', '!~~', '~~*']);
const COMPARISON_WORDS = new Set(['like', 'ilike', 'between', 'in', 'similar']);

/** The literal at tokens[i] (after typed-literal words like `date '...'`, a unary minus, or casts), if any. */
function literalAt(tokens: Token[], i: number): { literal: LiteralValue; next: number } | undefined {
  let k = i;
  if (
    tokens[k]?.kind === 'ident' &&
    ['date', 'timestamp', 'time', 'interval', 'numeric', 'integer'].includes(tokens[k].value) &&
    tokens[k + 1]?.kind === 'string'
  )
    k++;
  let sign = '';
  if (tokens[k]?.kind === 'op' && tokens[k].value === '-' && tokens[k + 1]?.kind === 'number') {
    sign = '-';
    k++;
  }
  const t = tokens[k];
  if (!t) return undefined;
  if (t.kind === 'number') return { literal: { kind: 'number', value: sign + t.value }, next: k + 1 };
  if (t.kind === 'string') return { literal: { kind: 'string', value: t.value }, next: k + 1 };
  return undefined;
}

/**
 * Literals compared with a column, by column name (lower case, qualifier dropped): `col = 5`, `5 < col`,
 * `col LIKE 'a%'`, `col BETWEEN 1 AND 9`, `col IN (1, 2)`. Used to put those values in that column's data.
 */
export function columnLiterals(sql: string): Map<string, LiteralValue[]> {
  const tokens = tokenize(sql);
  const out = new Map<string, LiteralValue[]>();
  const add = (column: string, literal: LiteralValue) => {
    const list = out.get(column) ?? [];
    list.push(literal);
    out.set(column, list);
  };
  const isColumn = (t: Token | undefined) =>
    t !== undefined &&
    (t.kind === 'qident' ||
      (t.kind === 'ident' && !COMPARISON_WORDS.has(t.value) && !KEYWORDS_BEFORE_VALUE.has(t.value)));
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!isColumn(t)) continue;
    // Skip a cast after the column: col::date = '...'
    let k = i + 1;
    while (tokens[k]?.kind === 'punct' && tokens[k].value === '::' && tokens[k + 1]?.kind === 'ident') k += 2;
    if (tokens[k]?.kind === 'ident' && tokens[k].value === 'not') k++;
    const op = tokens[k];
    if (!op) continue;
    if (op.kind === 'op' && COMPARISON_OPS.has(op.value)) {
      const lit = literalAt(tokens, k + 1);
      if (lit) add(t.value, lit.literal);
    } else if (op.kind === 'ident' && (op.value === 'like' || op.value === 'ilike')) {
      const lit = literalAt(tokens, k + 1);
      if (lit) add(t.value, lit.literal);
    } else if (op.kind === 'ident' && op.value === 'between') {
      const low = literalAt(tokens, k + 1);
      if (low) {
        add(t.value, low.literal);
        if (tokens[low.next]?.value === 'and') {
          const high = literalAt(tokens, low.next + 1);
          if (high) add(t.value, high.literal);
        }
      }
    } else if (op.kind === 'ident' && op.value === 'in' && tokens[k + 1]?.value === '(') {
      for (let m = k + 2; m < tokens.length && tokens[m].value !== ')'; ) {
        const lit = literalAt(tokens, m);
        if (!lit) break;
        add(t.value, lit.literal);
        m = lit.next;
        if (tokens[m]?.value === ',') m++;
      }
    }
    // Reversed: literal op column.
    const before = tokens[i - 1];
    if (before?.kind === 'op' && COMPARISON_OPS.has(before.value)) {
      const prev = tokens[i - 2];
      if (prev?.kind === 'number' || prev?.kind === 'string') add(t.value, { kind: prev.kind, value: prev.value });
    }
  }
  return out;
}
