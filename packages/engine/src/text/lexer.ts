/**
 * A small SQL lexer shared by the statement splitter and the text patchers. It only needs to know
 * what is code and what is not: strings, quoted identifiers and comments never hold a `;` or a keyword.
 */

export type TokenKind = 'word' | 'string' | 'quoted' | 'comment' | 'symbol' | 'space';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
}

export interface LexOptions {
  /** MySQL treats `#` as a line comment and backticks as identifier quotes. */
  mysql: boolean;
}

/**
 * The last few texts lexed, by dialect: splitting, the parser's preparation, rewrites and several rules all lex
 * the same statement. Token arrays are shared, so callers must not change them (none does).
 */
const recent = new Map<string, Token[]>();
const RECENT_LIMIT = 64;

export function lex(text: string, options: LexOptions): Token[] {
  const key = `${options.mysql ? 'm' : 'p'}${text}`;
  const cached = recent.get(key);
  if (cached) return cached;
  const tokens = lexText(text, options);
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  recent.set(key, tokens);
  return tokens;
}

function lexText(text: string, options: LexOptions): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const start = i;
    const kind = scanOne(text, i, options);
    i = scanEnd;
    tokens.push({ kind, text: text.slice(start, i), start, end: i });
  }
  return tokens;
}

// Sticky patterns (matched at lastIndex) instead of a test per character: the lexer runs over every statement
// and every rewritten text.
const blanks = /\s+/y;
const word = /[A-Za-z0-9_$\u0080-\uffff][A-Za-z0-9_$.\u0080-\uffff]*/y;
const dollarTag = /\$[A-Za-z_]*\$/y;

/** Where the token scanOne just read ends (a module variable: no object per token). */
let scanEnd = 0;

function matchAt(pattern: RegExp, text: string, i: number): number {
  pattern.lastIndex = i;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

function scanOne(text: string, i: number, { mysql }: LexOptions): TokenKind {
  const c = text[i]!;
  const next = text[i + 1];
  const space = matchAt(blanks, text, i);
  if (space > 0) {
    scanEnd = space;
    return 'space';
  }
  // `#{name}` is a MyBatis bind parameter pasted with the SQL, not a MySQL comment (a comment starting with `{`
  // is rare; a parameter read as a comment would swallow the rest of the line).
  if ((c === '-' && next === '-') || (mysql && c === '#' && next !== '{')) {
    const j = text.indexOf('\n', i);
    scanEnd = j === -1 ? text.length : j;
    return 'comment';
  }
  if (c === '/' && next === '*') {
    const j = text.indexOf('*/', i + 2);
    scanEnd = j === -1 ? text.length : j + 2;
    return 'comment';
  }
  if (c === "'" || (mysql && c === '"')) {
    scanEnd = scanQuoted(text, i, c, mysql);
    return 'string';
  }
  if (c === '"' || (mysql && c === '`')) {
    scanEnd = scanQuoted(text, i, c, false);
    return 'quoted';
  }
  if (c === '$' && !mysql) {
    const tagEnd = matchAt(dollarTag, text, i);
    if (tagEnd > 0) {
      const tag = text.slice(i, tagEnd);
      const j = text.indexOf(tag, tagEnd);
      scanEnd = j === -1 ? text.length : j + tag.length;
      return 'string';
    }
  }
  const wordEnd = matchAt(word, text, i);
  if (wordEnd > 0) {
    scanEnd = wordEnd;
    return 'word';
  }
  scanEnd = i + 1;
  return 'symbol';
}

/** Finds the end of a quoted run; a doubled quote (and a backslash in MySQL strings) escapes. */
function scanQuoted(text: string, i: number, quote: string, backslashEscapes: boolean): number {
  let j = i + 1;
  while (j < text.length) {
    const ch = text[j]!;
    if (backslashEscapes && ch === '\\') {
      j += 2;
      continue;
    }
    if (ch === quote) {
      if (text[j + 1] === quote) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    j++;
  }
  return text.length;
}

/** Code tokens only: no whitespace, no comments. */
const codeCache = new WeakMap<Token[], Token[]>();

/** The tokens that are code (no blanks, no comments); shared like lex's result, not to be changed. */
export function codeTokens(tokens: Token[]): Token[] {
  const cached = codeCache.get(tokens);
  if (cached) return cached;
  const code = tokens.filter((t) => t.kind !== 'space' && t.kind !== 'comment');
  codeCache.set(tokens, code);
  return code;
}

export function isKeyword(token: Token | undefined, word: string): boolean {
  return token?.kind === 'word' && token.text.toUpperCase() === word;
}
