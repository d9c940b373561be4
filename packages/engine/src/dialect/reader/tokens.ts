import { lex, type Token } from '../../text/lexer.ts';

/**
 * Tokens for the statement reader (read-query.ts): a second pass over the shared lexer's tokens (text/lexer.ts,
 * the one place that knows SQL's quoting, comments, dollar quotes and escapes), finer than they are: the lexer's
 * word `a.b` is three tokens here and its symbols `<` `=` are one `<=`; numbers are told from names.
 *
 * Anything the reader does not cover stops tokenizing with NotCovered (the caller then hands the statement to
 * node-sql-parser): backslashes in strings, prefixed, escape-string and dollar quoting, parameters, executable and
 * nested comments, operators beyond the arithmetic and comparison ones, identifiers outside ASCII, blanks other
 * than space, tab and line breaks.
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

/** The lexer's one-character symbols the reader reads, and the pairs it joins into one operator. */
const singleSymbols = new Set(['=', '<', '>', '+', '-', '*', '/', '%', '(', ')', ',', '.', ';']);
const pairedSymbols = new Set(['<>', '!=', '<=', '>=', '||', '::']);

export function readerTokens(text: string, mysql: boolean): ReaderToken[] {
  const lexed = lex(text, { mysql });
  const tokens: ReaderToken[] = [];
  for (let k = 0; k < lexed.length; k++) {
    const token = lexed[k]!;
    switch (token.kind) {
      case 'space':
        if (!plainBlanks(token.text)) throw new NotCovered('blank other than space, tab or line break');
        break;
      case 'comment':
        checkComment(token, text, mysql);
        break;
      case 'word':
        splitWord(token, text, tokens);
        break;
      case 'string':
      case 'quoted':
        tokens.push(quotedToken(token, tokens.at(-1)));
        break;
      default: {
        const next = lexed[k + 1];
        const pair = next?.kind === 'symbol' && next.start === token.end ? symbolPair(token.text, next.text) : '';
        if (pairedSymbols.has(pair)) {
          // `<=>`: MySQL's null-safe comparison.
          if (pair === '<=' && text[next!.end] === '>') throw new NotCovered('null-safe comparison');
          tokens.push({ kind: 'symbol', text: pair, upper: pair, start: token.start, end: next!.end });
          k++;
          break;
        }
        // `a--1` in MySQL (which needs a blank after `--` for a comment): arithmetic there; left to the parser.
        if (pair === '--') throw new NotCovered('-- without a space');
        if (pair === '<<' || pair === '>>' || pair === '><') throw new NotCovered('shift operator');
        if (!singleSymbols.has(token.text)) throw new NotCovered(`character ${token.text}`);
        if (token.text === '.' && isDigit(text.charCodeAt(token.end)))
          throw new NotCovered('number starting with a point');
        tokens.push({ kind: 'symbol', text: token.text, upper: token.text, start: token.start, end: token.end });
      }
    }
  }
  return tokens;
}

/** Two adjacent symbols that may read as one operator (or as one the reader refuses); '' for the others. */
function symbolPair(first: string, second: string): string {
  return pairStarts.includes(first) && pairEnds.includes(second) ? first + second : '';
}
const pairStarts = '<>!|:-';
const pairEnds = '<>=|:-';

function plainBlanks(blank: string): boolean {
  for (let i = 0; i < blank.length; i++) {
    const c = blank.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return false;
  }
  return true;
}

function checkComment(token: Token, text: string, mysql: boolean): void {
  const comment = token.text;
  if (comment.startsWith('/*')) {
    if (token.unterminated) throw new NotCovered('unterminated comment');
    // MySQL's executable comments hold code (the lexer gives `/*M!100100` as a mark, and `/*M!999999 ... *\/`,
    // for no server, as a comment); PostgreSQL's comments nest, node-sql-parser's do not.
    if (mysql ? /^\/\*(!|M!\d*$)/.test(comment) : comment.includes('/*', 2)) throw new NotCovered('comment form');
    // `*/*` and `*//`: node-sql-parser locates the operator after such a comment differently.
    const after = text[token.end];
    if (after === '*' || after === '/') throw new NotCovered('operator right after a comment');
    return;
  }
  // A line comment: the reader's (node-sql-parser's) ends at a line feed only.
  if (text[token.end] === '\r' && text[token.end + 1] !== '\n') throw new NotCovered('line comment ended by \\r');
  // MySQL's `--` comment wants a blank after it; one the lexer accepts as a control character is left to the parser.
  if (mysql && comment.startsWith('--') && comment.length > 2 && !/\s/.test(comment[2]!)) {
    throw new NotCovered('-- without a space');
  }
}

/**
 * The lexer's word is a run of name characters and points (`t1.c`, `1.5`, `a.b.c`): cut into names, numbers and
 * `.` symbols as the reader reads them.
 */
function splitWord(word: Token, text: string, tokens: ReaderToken[]): void {
  let i = word.start;
  const end = word.end;
  while (i < end) {
    const start = i;
    const c = text.charCodeAt(i);
    if (isWordStart(c)) {
      i++;
      while (i < end && isWordPart(text.charCodeAt(i))) i++;
      if (text[i] === "'" || text[i] === '$') throw new NotCovered('prefixed string or $ in a word');
      const name = text.slice(start, i);
      // `"a"OR"b"`: node-sql-parser wants a blank between a quoted name and a word.
      const previous = tokens.at(-1);
      if (previous?.end === start && previous.kind === 'quoted') throw new NotCovered('quote against a word');
      // `NULL6`, `TRUE1`: node-sql-parser reads the keyword and stumbles on the rest.
      if (i - start > 4 && 'NTFntf'.includes(name[0]!) && /^(NULL|TRUE|FALSE)\d/i.test(name))
        throw new NotCovered('keyword run into digits');
      tokens.push({ kind: 'word', text: name, upper: name.toUpperCase(), start, end: i });
    } else if (isDigit(c)) {
      while (i < end && isDigit(text.charCodeAt(i))) i++;
      if (text[i] === '.' && isDigit(text.charCodeAt(i + 1))) {
        i++;
        while (i < end && isDigit(text.charCodeAt(i))) i++;
      } else if (text[i] === '.') {
        throw new NotCovered('number ending in a point');
      }
      if (i < end && (isWordPart(text.charCodeAt(i)) || text[i] === '.')) throw new NotCovered('number form');
      const number = text.slice(start, i);
      tokens.push({ kind: 'number', text: number, upper: number, start, end: i });
    } else if (c === 46) {
      if (isDigit(text.charCodeAt(i + 1))) throw new NotCovered('number starting with a point');
      i++;
      tokens.push({ kind: 'symbol', text: '.', upper: '.', start, end: i });
    } else {
      throw new NotCovered(`character ${text[i]}`);
    }
  }
}

/** `'...'` strings, and `"..."` (both dialects) or backquoted (MySQL) names, without escapes the reader misses. */
function quotedToken(token: Token, previous: ReaderToken | undefined): ReaderToken {
  const quote = token.text[0]!;
  if (quote !== "'" && quote !== '"' && quote !== '`') throw new NotCovered('prefixed or dollar-quoted string');
  if (token.unterminated) throw new NotCovered('unterminated quote');
  const { text, start, end } = token;
  if (quote === "'") {
    if (text.includes('\\')) throw new NotCovered('backslash in a string');
    return { kind: 'string', text, upper: text, start, end };
  }
  if (previous?.end === start && previous.kind === 'word') throw new NotCovered('word against a quote');
  // A quote inside (doubled, or after a backslash in MySQL's "...") is a form the reader leaves to the parser.
  if (text.length === 2 || text.slice(1, -1).includes(quote)) throw new NotCovered('quoted name form');
  return { kind: 'quoted', text, upper: text, start, end };
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
