/**
 * Tokens for the statement reader (read-query.ts). Finer than the shared lexer (text/lexer.ts), which only needs
 * to tell code from strings and comments: here `a.b` is three tokens and `<=` is one.
 *
 * Anything the reader does not cover stops tokenizing with NotCovered (the caller then hands the statement to
 * node-sql-parser): backslashes in strings, escape-string and dollar quoting, parameters, operators beyond the
 * arithmetic and comparison ones, identifiers outside ASCII.
 */

export type ReaderTokenKind = 'word' | 'quoted' | 'string' | 'number' | 'symbol';

export interface ReaderToken {
  kind: ReaderTokenKind;
  /** The token as written. */
  text: string;
  /** Upper-case text for words, so keyword tests need no case folding. */
  upper: string;
  start: number;
  end: number;
}

/** A statement outside what the reader covers; never shown to a user (the full parser reads it instead). */
export class NotCovered extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotCovered';
  }
}

const symbols = ['<>', '!=', '<=', '>=', '||', '::', '=', '<', '>', '+', '-', '*', '/', '%', '(', ')', ',', '.', ';'];

export function readerTokens(text: string, mysql: boolean): ReaderToken[] {
  const tokens: ReaderToken[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13) {
      i++;
      continue;
    }
    const start = i;
    const ch = text[i]!;
    const next = text[i + 1];
    // `#{name}` is a MyBatis parameter, not a MySQL comment: left to the parser's preparation.
    if (mysql && ch === '#' && next === '{') throw new NotCovered('template parameter');
    if ((ch === '-' && next === '-') || (mysql && ch === '#')) {
      // MySQL needs a space after `--` for a comment; `a--1` is arithmetic there. Leave such text to the parser.
      if (mysql && ch === '-' && !/\s/.test(text[i + 2] ?? ' ')) throw new NotCovered('-- without a space');
      const end = text.indexOf('\n', i);
      i = end === -1 ? n : end;
      continue;
    }
    if (ch === '/' && next === '*') {
      if (mysql && text[i + 2] === '!') throw new NotCovered('executable comment');
      const end = text.indexOf('*/', i + 2);
      if (end === -1) throw new NotCovered('unterminated comment');
      i = end + 2;
      // `*/*` and `*//`: node-sql-parser locates the operator after such a comment differently.
      if (text[i] === '*' || text[i] === '/') throw new NotCovered('operator right after a comment');
      continue;
    }
    if (isWordStart(c)) {
      i++;
      while (i < n && isWordPart(text.charCodeAt(i))) i++;
      if (text[i] === "'" || text[i] === '$') throw new NotCovered('prefixed string or $ in a word');
      const word = text.slice(start, i);
      // `"a"OR"b"`: node-sql-parser wants a blank between a quoted name and a word.
      if (tokens.at(-1)?.end === start && tokens.at(-1)?.kind === 'quoted')
        throw new NotCovered('quote against a word');
      // `NULL6`, `TRUE1`: node-sql-parser reads the keyword and stumbles on the rest.
      if (/^(NULL|TRUE|FALSE)\d/i.test(word)) throw new NotCovered('keyword run into digits');
      tokens.push({ kind: 'word', text: word, upper: word.toUpperCase(), start, end: i });
      continue;
    }
    if (ch === '.' && isDigit(text.charCodeAt(i + 1))) throw new NotCovered('number starting with a point');
    if (isDigit(c)) {
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      if (text[i] === '.' && isDigit(text.charCodeAt(i + 1))) {
        i++;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
      } else if (text[i] === '.') {
        throw new NotCovered('number ending in a point');
      }
      if (i < n && (isWordPart(text.charCodeAt(i)) || text[i] === '.')) throw new NotCovered('number form');
      const number = text.slice(start, i);
      tokens.push({ kind: 'number', text: number, upper: number, start, end: i });
      continue;
    }
    if (ch === "'") {
      i = quotedEnd(text, i, "'");
      const literal = text.slice(start, i);
      if (literal.includes('\\')) throw new NotCovered('backslash in a string');
      tokens.push({ kind: 'string', text: literal, upper: literal, start, end: i });
      continue;
    }
    if (ch === '"' || (mysql && ch === '`')) {
      if (tokens.at(-1)?.end === start && tokens.at(-1)?.kind === 'word') throw new NotCovered('word against a quote');
      i = quotedEnd(text, i, ch);
      const quoted = text.slice(start, i);
      if (quoted.length === 2 || quoted.slice(1, -1).includes(ch)) throw new NotCovered('quoted name form');
      tokens.push({ kind: 'quoted', text: quoted, upper: quoted, start, end: i });
      continue;
    }
    const symbol = symbols.find((s) => text.startsWith(s, i));
    if (!symbol) throw new NotCovered(`character ${ch}`);
    if ((symbol === '<' || symbol === '>') && (text[i + 1] === '<' || text[i + 1] === '>')) {
      throw new NotCovered('shift operator');
    }
    if (symbol === '<=' && text[i + 2] === '>') throw new NotCovered('null-safe comparison');
    i += symbol.length;
    tokens.push({ kind: 'symbol', text: symbol, upper: symbol, start, end: i });
  }
  return tokens;
}

function quotedEnd(text: string, from: number, quote: string): number {
  let i = from + 1;
  for (;;) {
    const end = text.indexOf(quote, i);
    if (end === -1) throw new NotCovered('unterminated quote');
    if (text[end + 1] === quote) {
      i = end + 2;
      continue;
    }
    return end + 1;
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isWordStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isWordPart(c: number): boolean {
  return isWordStart(c) || isDigit(c);
}
