/**
 * The engine's SQL lexer, shared by the statement splitter, the text patchers and the rules. It tells code from
 * strings, quoted names and comments, and it must draw those lines exactly where the database does: the schema
 * check reads the statements this lexer splits, and a string the database ends earlier than we do would hide the
 * statements after it from the check (issue 10). So it follows each server's own rules:
 *
 * PostgreSQL (standard_conforming_strings = on): '...' with '' escapes; E'...' also with backslash escapes; B'', X'',
 * N'' and U&'...' as plain strings; "..." and U&"..." names; $tag$...$tag$ bodies (a tag is a name without `$`);
 * `--` to the end of the line; block comments that nest.
 * MySQL / MariaDB (default sql_mode): '...' and "..." strings with backslash escapes and doubled quotes; `...` names;
 * `#` and `-- ` (dash dash and a blank or control character) to the end of the line; block comments that do not
 * nest; executable comments (`/*! ... *\/`, `/*!50001 ... *\/`, `/*M!100100 ... *\/`) hold code the server runs, so
 * their opening and closing marks are comment tokens and what lies between is lexed as code - whatever the version
 * (a server older than it skips the code, so reading it as code only makes the checker see more), but for version
 * 999999, which no server reaches (mariadb-dump's `/*M!999999\- enable the sandbox mode *\/`).
 * `#{name}` stays a MyBatis parameter in both (see scanOne).
 */

import { currentAnalysisCaches } from './analysis-caches.ts';

export type TokenKind = 'word' | 'string' | 'quoted' | 'comment' | 'symbol' | 'space';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  /** Set on a string, quoted name or block comment the text ends inside (always the last token). */
  unterminated?: true;
}

export interface LexOptions {
  /** MySQL treats `#` as a line comment and backticks as identifier quotes. */
  mysql: boolean;
  /**
   * MySQL: whether `#{name}` is a MyBatis parameter (the default: the engine reads mapper SQL) or, as the server reads
   * it, a line comment (false: the planners, which send the text to a real server).
   */
  templateParameters?: boolean;
}

/**
 * The last few texts lexed in the running analysis, per reading (analysis-caches.ts): splitting, the parser's
 * preparation, rewrites and several rules all lex the same statement. Token arrays are shared, so callers must not
 * change them (none does). Outside an analysis every call lexes anew and nothing is kept.
 */
export const TOKEN_CACHE_ENTRIES = 64;

export function lex(text: string, options: LexOptions): Token[] {
  const caches = currentAnalysisCaches()?.tokens;
  if (!caches) return lexText(text, options);
  // One map per reading, keyed by the text itself: a string keeps its hash, a key built per call was hashed anew.
  const cache = options.mysql
    ? options.templateParameters === false
      ? caches.mysqlServer
      : caches.mysql
    : caches.postgresql;
  const cached = cache.get(text);
  if (cached) return cached;
  const tokens = lexText(text, options);
  if (cache.size >= TOKEN_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(text, tokens);
  return tokens;
}

function lexText(text: string, options: LexOptions): Token[] {
  const tokens: Token[] = [];
  inExecutableComment = false;
  let i = 0;
  scanOpen = false;
  while (i < text.length) {
    const start = i;
    const kind = scanOne(text, i, options);
    i = scanEnd;
    tokens.push({ kind, text: text.slice(start, i), start, end: i });
  }
  if (scanOpen) tokens.at(-1)!.unterminated = true;
  return tokens;
}

// Blanks and words are read by character codes, other forms by sticky patterns (matched at lastIndex): the lexer
// runs over every statement and every rewritten text, and a pattern call per token cost more than the loop.
const blank = /\s/;
/** Where the run of blanks (JavaScript's \s) from `i` ends; `i` when there is none. */
function blankEnd(text: string, i: number): number {
  let j = i;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c < 0xa0 || !blank.test(text[j]!)) break;
  }
  return j;
}

/** A name's first character: ASCII letters and digits, `_`, `$` and any character outside ASCII. */
function isWordStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c >= 0x80;
}

/** Where the name's characters (and points: `t.c`, `1.5`) from `i` end. */
function wordRunEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && (isWordStart(text.charCodeAt(j)) || text.charCodeAt(j) === 46)) j++;
  return j;
}

const dollarTag = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;
const executableOpen = /\/\*M?!\d*/y;

/** Where the token scanOne just read ends (a module variable: no object per token). */
let scanEnd = 0;
/** Whether the token scanOne just read runs to the end of the text unclosed (only the last token can). */
let scanOpen = false;
/** MySQL: whether scanOne is inside an executable comment, whose `*\/` closes it (reset by each lexText). */
let inExecutableComment = false;

function matchAt(pattern: RegExp, text: string, i: number): number {
  pattern.lastIndex = i;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

function scanOne(text: string, i: number, options: LexOptions): TokenKind {
  const { mysql } = options;
  const c = text[i]!;
  const next = text[i + 1];
  const space = blankEnd(text, i);
  if (space > i) {
    scanEnd = space;
    return 'space';
  }
  if (mysql && inExecutableComment && c === '*' && next === '/') {
    inExecutableComment = false;
    scanEnd = i + 2;
    return 'comment';
  }
  // `#{name}` is a MyBatis bind parameter pasted with the SQL, not a MySQL comment (a comment starting with `{`
  // is rare; a parameter read as a comment would swallow the rest of the line). Reading it as code can only make
  // the splitter see more statements than the server, never fewer.
  if (mysql ? isMysqlLineComment(text, i, options.templateParameters !== false) : c === '-' && next === '-') {
    scanEnd = lineEnd(text, i);
    return 'comment';
  }
  if (c === '/' && next === '*') {
    if (mysql && !inExecutableComment) {
      const open = matchAt(executableOpen, text, i);
      // `/*M!999999 ... */` (mariadb-dump's first line) is for a server version no server has: a plain comment.
      if (open > 0 && !text.slice(i, open).endsWith('999999')) {
        inExecutableComment = true;
        scanEnd = open;
        return 'comment';
      }
    }
    scanEnd = mysql ? blockCommentEnd(text, i) : nestedBlockCommentEnd(text, i);
    return 'comment';
  }
  const quoted = mysql ? scanMysqlQuoted(text, i) : scanPostgresQuoted(text, i);
  if (quoted) return quoted;
  const wordEnd = isWordStart(c.charCodeAt(0)) ? wordRunEnd(text, i + 1) : -1;
  if (wordEnd > 0) {
    // `order_${yyyymm}`: the `$` opening a MyBatis placeholder is not part of the name written before it (a `{` is
    // in no name), so the placeholder is found and the name read whole with it (grammar-gaps.ts). The server's own
    // reading of MySQL (templateParameters false) keeps the `$` in the name, as MySQL does.
    const placeholderAfter =
      wordEnd - 1 > i &&
      text[wordEnd - 1] === '$' &&
      text[wordEnd] === '{' &&
      (!mysql || options.templateParameters !== false);
    scanEnd = placeholderAfter ? wordEnd - 1 : wordEnd;
    return 'word';
  }
  scanEnd = i + 1;
  return 'symbol';
}

/** MySQL strings and backquoted names; sets scanEnd. */
function scanMysqlQuoted(text: string, i: number): TokenKind | undefined {
  const c = text[i];
  if (c === "'" || c === '"') {
    scanEnd = scanQuoted(text, i, c, true);
    return 'string';
  }
  if (c === '`') {
    scanEnd = scanQuoted(text, i, c, false);
    return 'quoted';
  }
  return undefined;
}

/** PostgreSQL strings with their prefixes, quoted names and dollar-quoted bodies; sets scanEnd. */
function scanPostgresQuoted(text: string, i: number): TokenKind | undefined {
  const c = text[i]!;
  const next = text[i + 1];
  if (c === "'") {
    scanEnd = scanQuoted(text, i, "'", false);
    return 'string';
  }
  if (c === '"') {
    scanEnd = scanQuoted(text, i, '"', false);
    return 'quoted';
  }
  // Only a prefix letter (E'', B'', X'', N'', U&'') or `$` can open a quoted form from here.
  if (next !== "'" && next !== '&' && c !== '$') return undefined;
  const lower = c.toLowerCase();
  // A prefix letter counts only at the start of a word: `xe'a'` is the name xe followed by a string.
  const wordBefore = i > 0 && isWordStart(text.charCodeAt(i - 1));
  if (!wordBefore && next === "'" && (lower === 'e' || lower === 'b' || lower === 'x' || lower === 'n')) {
    scanEnd = scanQuoted(text, i + 1, "'", lower === 'e');
    return 'string';
  }
  if (!wordBefore && lower === 'u' && next === '&' && (text[i + 2] === "'" || text[i + 2] === '"')) {
    const quote = text[i + 2]!;
    scanEnd = scanQuoted(text, i + 2, quote, false);
    return quote === "'" ? 'string' : 'quoted';
  }
  if (c === '$' && !wordBefore) {
    const tagEnd = matchAt(dollarTag, text, i);
    if (tagEnd > 0) {
      const tag = text.slice(i, tagEnd);
      const j = text.indexOf(tag, tagEnd);
      scanOpen = j === -1;
      scanEnd = j === -1 ? text.length : j + tag.length;
      return 'string';
    }
  }
  return undefined;
}

/** MySQL line comments: `#`, and `--` followed by a blank or a control character (or the end of the text). */
function isMysqlLineComment(text: string, i: number, templateParameters: boolean): boolean {
  const c = text[i];
  if (c === '#') return !templateParameters || text[i + 1] !== '{';
  if (c !== '-' || text[i + 1] !== '-') return false;
  return i + 2 >= text.length || text.charCodeAt(i + 2) <= 32;
}

/** The end of a line comment: the next line break (\n or \r), or the end of the text. */
function lineEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && text[j] !== '\n' && text[j] !== '\r') j++;
  return j;
}

function blockCommentEnd(text: string, openAt: number): number {
  const close = text.indexOf('*/', openAt + 2);
  scanOpen = close < 0;
  return close < 0 ? text.length : close + 2;
}

/** PostgreSQL block comments nest: `/* a /* b *\/ c *\/` is one comment. */
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
  scanOpen = level > 0;
  return i;
}

/**
 * Finds the end of a quoted run whose opening quote is at `i`; a doubled quote escapes, and so does a backslash
 * when `backslashEscapes` (MySQL strings, PostgreSQL E'' strings).
 */
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
  scanOpen = true;
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

/**
 * The index of the first token outside parentheses (depth 0 counted from `from`) that `match` accepts, or -1: a
 * statement's own clause, not one of a subquery or a call.
 */
export function topLevelIndex(tokens: Token[], from: number, match: (token: Token, i: number) => boolean): number {
  let depth = 0;
  for (let i = from; i < tokens.length; i++) {
    const text = tokens[i]!.text;
    if (text === '(') depth++;
    else if (text === ')') depth--;
    else if (depth === 0 && match(tokens[i]!, i)) return i;
  }
  return -1;
}

export function isKeyword(token: Token | undefined, word: string): boolean {
  return token?.kind === 'word' && token.text.toUpperCase() === word;
}
