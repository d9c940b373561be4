import type { Dialect } from '@sqltune/contracts';
import { lex, type Token } from '../text/lexer.ts';
import { logMasked, logPrefixBefore } from './mybatis-log.ts';

export interface StatementSlice {
  text: string;
  offset: number;
  line: number;
  /**
   * The comment lines right before the statement, from the start of the first one's line up to the statement's
   * text (blank lines and indentation kept), so the statement can be shown exactly as submitted. A comment on the
   * line of the previous statement's `;` belongs to that statement, not this one.
   */
  leadingComments?: string;
  /**
   * The statement holds a `(` that the input never closes. Its end is the next `;` (see splitStatements), which a
   * longer text closing that `(` would not end it at: the split of a cut text is certain only before such a slice.
   */
  unclosedParenthesis?: true;
}

/**
 * Splits input into statements at semicolons outside parentheses: as the servers and the planner's splitter read
 * it, a `;` inside them (a PostgreSQL `CREATE RULE ... DO ALSO (INSERT ...; UPDATE ...)`) does not end the statement.
 * A `(` that is never closed does not hold semicolons: the text goes on being split at each `;` as if it were not
 * there, so a forgotten `)` costs one statement its reading, not the rest of the input. Comments and blanks between statements are
 * dropped; a statement keeps its own leading comments out of its text so offsets point at code. The marks of MySQL's
 * executable comments (`/*!50100` and its `*\/`, which the lexer gives as comment tokens around the code they hold)
 * are code: `... /*!50100 PARTITION BY ... *\/;` keeps its closing mark, or the server would read an unclosed comment.
 * A MyBatis log's statements are the SQL of its Preparing lines, the log prefix their leading text.
 */
export function splitStatements(input: string, dialect: Dialect): StatementSlice[] {
  // A MyBatis log is read as the SQL of its Preparing lines (mybatis-log.ts), and MySQL's DELIMITER lines as the
  // client reads them: tokens come from a copy of the same length, every slice from the text as written.
  const mysql = dialect === 'mysql';
  const masked = logMasked(input);
  const tokens = lex(mysql ? withClientDelimiters(masked) : masked, { mysql });
  const { ends, unclosed } = parentheses(tokens);
  for (const inBody of routineBodySemicolons(tokens, mysql)) ends.delete(inBody);
  const slices: StatementSlice[] = [];
  let start = -1;
  let end = -1;
  // Where the comments before the next statement may begin: after the line of the previous `;`.
  let commentsFrom = 0;
  let commentsStart = -1;
  let holdsUnclosed = false;
  // Lines counted up to `counted`, onwards from the previous statement: counting each from the start of the input
  // made a long file's split quadratic (a mapper's 271 variants in one submission, 3,500 statements in 1 MiB).
  let counted = 0;
  let line = 1;
  const lineAt = (offset: number) => {
    for (; counted < offset; counted++) if (input.charCodeAt(counted) === 10) line++;
    return line;
  };
  // Block comments after the statement's last code (Rails' marginalia, sqlcommenter's `/*action='show'*/`): part of
  // the statement as submitted when they end it at its `;`, or start on its last line. Never a `--` comment, after
  // which text appended to the statement (a LIMIT, a wrapping parenthesis) would be commented out.
  let trailEnd = -1;
  let trailOnLastLine = false;
  const flush = (atSemicolon: boolean) => {
    if (start >= 0) {
      if (trailEnd >= 0 && (atSemicolon || trailOnLastLine)) end = trailEnd;
      const slice: StatementSlice = {
        text: input.slice(start, end),
        offset: start,
        line: lineAt(start),
      };
      const leading =
        commentsStart >= 0 ? lineStart(input, commentsStart) : start - logPrefixBefore(input, start).length;
      if (leading < start) slice.leadingComments = input.slice(leading, start);
      if (holdsUnclosed) slice.unclosedParenthesis = true;
      slices.push(slice);
    }
    start = -1;
    commentsStart = -1;
    holdsUnclosed = false;
    trailEnd = -1;
  };
  for (const [i, token] of tokens.entries()) {
    if (ends.has(i)) {
      flush(true);
      const newline = input.indexOf('\n', token.end);
      commentsFrom = newline < 0 ? input.length : newline + 1;
      continue;
    }
    const code = token.kind !== 'comment' || executableMark(token.text);
    if (!code && start < 0 && commentsStart < 0 && token.start >= commentsFrom) commentsStart = token.start;
    if (token.kind === 'space' || (!code && start < 0)) continue;
    if (!code) {
      if (token.text.startsWith('/*')) {
        if (trailEnd < 0) trailOnLastLine = !input.slice(end, token.start).includes('\n');
        trailEnd = token.end;
      }
      continue;
    }
    if (start < 0) start = token.start;
    end = token.end;
    trailEnd = -1;
    if (unclosed.has(i)) holdsUnclosed = true;
  }
  flush(false);
  return slices;
}

/**
 * The text as the mysql client sends it, with the same length so offsets hold: its `DELIMITER xx` lines (at a line's
 * start, outside strings and comments) are blanked, and while a delimiter other than `;` is in force each of its
 * occurrences outside strings and comments becomes a `;` and each `;` there a blank, so that a routine's
 * `BEGIN ... END$$` is one statement. The splitter reads this text and slices the statements from the input.
 */
function withClientDelimiters(input: string): string {
  if (!/^[ \t]*DELIMITER[ \t]/im.test(input)) return input;
  // Strings, quoted names and comments masked, so neither a delimiter nor a DELIMITER line is found inside them.
  const masked = input.split('');
  for (const token of lex(input, { mysql: true })) {
    const hidden = token.kind === 'string' || token.kind === 'quoted' || token.kind === 'comment';
    if (!hidden || executableMark(token.text)) continue;
    for (let k = token.start; k < token.end; k++) if (masked[k] !== '\n') masked[k] = '\u0000';
  }
  const code = masked.join('');
  const out = input.split('');
  let delimiter = ';';
  let lineStart = 0;
  while (lineStart < input.length) {
    const newline = code.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? code.length : newline;
    const line = code.slice(lineStart, lineEnd);
    const command = /^[ \t]*DELIMITER[ \t]+(\S+)/i.exec(line);
    if (command) {
      delimiter = command[1]!;
      out.fill(' ', lineStart, lineEnd);
    } else if (delimiter !== ';') {
      for (let at = line.indexOf(';'); at >= 0; at = line.indexOf(';', at + 1)) out[lineStart + at] = ' ';
      for (let at = line.indexOf(delimiter); at >= 0; at = line.indexOf(delimiter, at + delimiter.length)) {
        out.fill(' ', lineStart + at, lineStart + at + delimiter.length);
        out[lineStart + at] = ';';
      }
    }
    lineStart = lineEnd + 1;
  }
  return out.join('');
}

/** Routine kinds whose MySQL body is a `BEGIN ... END` block; PostgreSQL's SQL-standard body is a function's or a procedure's. */
const routineKinds = /^(PROCEDURE|FUNCTION|TRIGGER|EVENT)$/i;
const postgresRoutineKinds = /^(PROCEDURE|FUNCTION)$/i;

/**
 * The `;` inside the `BEGIN ... END` body of a MySQL `CREATE ... PROCEDURE|FUNCTION|TRIGGER|EVENT` pasted without
 * DELIMITER lines, and inside the `BEGIN ATOMIC ... END` of a PostgreSQL 14+ `CREATE FUNCTION|PROCEDURE`: the server
 * reads such a text as one statement, and so does the engine (the mysql client would send it cut at its first `;`;
 * psql keeps a BEGIN ATOMIC body whole). Blocks counted: BEGIN and CASE open one, END closes one (`END IF`,
 * `END WHILE`, `END LOOP`, `END REPEAT` close none of them).
 */
function routineBodySemicolons(tokens: Token[], mysql: boolean): number[] {
  const kinds = mysql ? routineKinds : postgresRoutineKinds;
  const code = tokens.flatMap((token, i) => (token.kind === 'space' || token.kind === 'comment' ? [] : [i]));
  const word = (k: number) => (k < code.length ? tokens[code[k]!]!.text.toUpperCase() : '');
  const inside: number[] = [];
  let statementStart = true;
  for (let k = 0; k < code.length; k++) {
    const starts = statementStart && word(k) === 'CREATE';
    statementStart = word(k) === ';';
    if (!starts) continue;
    let kind = k + 1;
    while (kind < Math.min(code.length, k + 12) && !kinds.test(word(kind)) && word(kind) !== ';') kind++;
    if (!kinds.test(word(kind))) continue;
    let begin = kind;
    while (begin < code.length && word(begin) !== 'BEGIN' && word(begin) !== ';') begin++;
    // PostgreSQL's BEGIN is a body only as BEGIN ATOMIC (a $$ body is one string token: its BEGIN is not seen).
    if (word(begin) !== 'BEGIN' || (!mysql && word(begin + 1) !== 'ATOMIC')) continue;
    let depth = 0;
    let m = begin;
    for (; m < code.length; m++) {
      const current = word(m);
      if (current === 'BEGIN' || current === 'CASE') depth++;
      else if (current === ';') inside.push(code[m]!);
      else if (current === 'END') {
        const closes = word(m + 1);
        if (!/^(IF|WHILE|LOOP|REPEAT)$/.test(closes)) depth--;
        // The word after END names what it closes: `END CASE` opens nothing.
        if (/^(IF|WHILE|LOOP|REPEAT|CASE)$/.test(closes)) m++;
      }
      if (depth === 0) break;
    }
    k = m;
  }
  return inside;
}

/**
 * The indices of the `;` tokens that end a statement: those outside parentheses, and those whose innermost open
 * `(` is never closed (then every `(` around it is unclosed too: a later `)` would have closed the inner one first);
 * and the indices of the `(` never closed.
 */
function parentheses(tokens: Token[]): { ends: Set<number>; unclosed: Set<number> } {
  const open: number[] = [];
  const closed = new Set<number>();
  // For each `;`, the innermost `(` around it (-1: none).
  const within = new Map<number, number>();
  for (const [i, token] of tokens.entries()) {
    if (token.kind !== 'symbol') continue;
    if (token.text === '(') open.push(i);
    else if (token.text === ')' && open.length > 0) closed.add(open.pop()!);
    else if (token.text === ';') within.set(i, open.at(-1) ?? -1);
  }
  const ends = new Set<number>();
  for (const [i, paren] of within) if (!closed.has(paren)) ends.add(i);
  return { ends, unclosed: new Set(open) };
}

function lineStart(input: string, offset: number): number {
  return input.lastIndexOf('\n', offset - 1) + 1;
}

/** An executable comment's opening or closing mark: a whole comment is never just these. */
const executableMark = (text: string) => text === '*/' || /^\/\*M?!\d*$/.test(text);
