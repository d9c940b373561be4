import type { Dialect, Localized } from '@sqltune/contracts';
import { type Family, familyOf, typedValue } from '../mybatis/binding.ts';
import { codeTokens, lex, type Token } from '../text/lexer.ts';

/**
 * Stored routines pasted for their queries: MySQL `CREATE [DEFINER=...] PROCEDURE|FUNCTION|TRIGGER|EVENT ... BEGIN
 * ... END` and PostgreSQL `CREATE [OR REPLACE] FUNCTION|PROCEDURE ... AS $$ ... $$` and `DO $$ ... $$`. A routine is
 * never planned nor sent anywhere: the data statements of its body (SELECT, its `SELECT ... INTO` with the INTO
 * blanked, a cursor's query, plpgsql's `RETURN QUERY`, `PERFORM` read as SELECT, `FOR r IN SELECT ... LOOP`'s query,
 * UPDATE, DELETE, INSERT ... SELECT) become statements of their own, found through the control flow, at their place
 * in the input. The routine's parameters and variables in them are bind parameters: each is replaced by a value of
 * its declared type (as a MyBatis `#{}` is, mybatis/binding.ts), padded with blanks to the name's length so that
 * every offset after it holds, or by the dialect's placeholder where no such value fits. Dynamic SQL (`PREPARE`,
 * `EXECUTE`) is named in a note, not guessed.
 */
export interface Routine {
  kind: string;
  name: string;
  statements: RoutineStatement[];
  /** Offsets (in the routine's text) of dynamic SQL left unanalyzed. */
  dynamicOffsets: number[];
}

export interface RoutineStatement {
  /** Offset of the statement in the routine's text. */
  offset: number;
  /** The statement as planned: INTO blanked, variables replaced; as long as the text it stands for. */
  text: string;
}

const mysqlKinds = new Set(['PROCEDURE', 'FUNCTION', 'TRIGGER', 'EVENT']);
const postgresKinds = new Set(['FUNCTION', 'PROCEDURE']);

/** The routine a statement is, or undefined when it is none (or one whose form is not read: then it parses as is). */
export function readRoutine(text: string, dialect: Dialect): Routine | undefined {
  const mysql = dialect === 'mysql';
  const tokens = codeTokens(lex(text, { mysql }));
  const head = tokens[0]?.text.toUpperCase();
  if (!mysql && head === 'DO')
    return postgresBody({ text, tokens, from: 1, kind: 'DO', name: 'DO', variables: new Map() });
  if (head !== 'CREATE') return undefined;
  let i = 1;
  if (upper(tokens[i]) === 'OR' && upper(tokens[i + 1]) === 'REPLACE') i += 2;
  if (mysql && upper(tokens[i]) === 'DEFINER') {
    i += 2;
    // user@host in any quoting, or CURRENT_USER[()].
    while (tokens[i] && !mysqlKinds.has(upper(tokens[i])) && i < 12) i++;
  }
  if (mysql && upper(tokens[i]) === 'AGGREGATE') i++;
  const kind = upper(tokens[i]);
  if (!(mysql ? mysqlKinds : postgresKinds).has(kind)) return undefined;
  i++;
  if (upper(tokens[i]) === 'IF') i += 3;
  const nameStart = i;
  while (tokens[i + 1]?.text === '.') i += 2;
  const name = tokens
    .slice(nameStart, i + 1)
    .map((t) => unquoted(t.text))
    .join('');
  i++;
  const variables = new Map<string, Family>();
  if (tokens[i]?.text === '(') i = readParameters(tokens, i, variables);
  const routine = { text, tokens, from: i, kind, name, variables };
  return mysql ? mysqlBody(routine) : postgresBody(routine);
}

/** The parameter list from its `(`: `[IN|OUT|INOUT|VARIADIC] name type`; returns the index after its `)`. */
function readParameters(tokens: Token[], open: number, variables: Map<string, Family>): number {
  let depth = 0;
  let part: Token[] = [];
  for (let i = open; i < tokens.length; i++) {
    const text = tokens[i]!.text;
    if (text === '(') depth++;
    if (text === ')') depth--;
    if ((text === ',' && depth === 1) || depth === 0) {
      const words = part.filter((t, k) => !(k === 0 && /^(IN|OUT|INOUT|VARIADIC)$/i.test(t.text)));
      // An unnamed PostgreSQL parameter is `$n` in the body, a bind parameter already.
      if (words.length >= 2) variables.set(key(words[0]!.text), familyOf(words[1]!.text));
      part = [];
      if (depth === 0) return i + 1;
      continue;
    }
    if (i > open) part.push(tokens[i]!);
  }
  return tokens.length;
}

/** A routine's header as read: its text and tokens, where its body may start, its kind, name and parameters. */
interface RoutineHead {
  text: string;
  tokens: Token[];
  from: number;
  kind: string;
  name: string;
  variables: Map<string, Family>;
}

/** The part of a routine's text its statements are read from, and its offset in that text. */
interface RoutineBody {
  text: string;
  tokens: Token[];
  start: number;
  base: number;
}

function mysqlBody({ text, tokens, from, kind, ...head }: RoutineHead): Routine | undefined {
  let start = tokens.findIndex((t, k) => k >= from && upper(t) === 'BEGIN');
  if (start < 0) start = oneStatementBody(tokens, from, kind);
  if (start < 0) return undefined;
  return walkBody({ text, tokens, start, base: 0 }, { kind, ...head }, true);
}

/** Words of a MySQL routine's characteristics (`READS SQL DATA`, `SQL SECURITY INVOKER`, `COMMENT '...'`...). */
const characteristics =
  /^(COMMENT|LANGUAGE|SQL|NOT|DETERMINISTIC|CONTAINS|NO|READS|MODIFIES|DATA|SECURITY|DEFINER|INVOKER)$/;

/**
 * Where a MySQL routine body without BEGIN starts (the token before its one statement, where the walk begins): a
 * trigger's at FOR EACH ROW's ROW, an event's at DO, a function's at RETURN (its query is in parentheses), a
 * procedure's at its statement, after its characteristics. -1: none found.
 */
function oneStatementBody(tokens: Token[], from: number, kind: string): number {
  const after = (word: string) => tokens.findIndex((t, k) => k >= from && upper(t) === word);
  if (kind === 'TRIGGER') return after('ROW');
  if (kind === 'EVENT') return after('DO');
  if (kind === 'FUNCTION') return after('RETURN');
  let k = from;
  while (k < tokens.length && (characteristics.test(upper(tokens[k])) || tokens[k]!.kind === 'string')) k++;
  return k < tokens.length ? k : -1;
}

function postgresBody({ text, tokens, from, ...head }: RoutineHead): Routine | undefined {
  const body = tokens.slice(from).find((t) => t.kind === 'string' && t.text.startsWith('$'));
  if (!body) return undefined;
  const tag = /^\$\w*\$/.exec(body.text)?.[0];
  if (!tag || !body.text.endsWith(tag)) return undefined;
  const inner = text.slice(body.start + tag.length, body.end - tag.length);
  const innerTokens = codeTokens(lex(inner, { mysql: false }));
  return walkBody({ text: inner, tokens: innerTokens, start: 0, base: body.start + tag.length }, head, false);
}

/** Words after which a statement of the body begins. */
const statementBefore = new Set([';', 'BEGIN', 'THEN', 'ELSE', 'DO', 'LOOP', 'REPEAT', 'ROW', 'ATOMIC']);
const dataStarts = new Set(['SELECT', 'WITH', 'UPDATE', 'DELETE', 'INSERT', 'REPLACE', 'PERFORM']);

function walkBody(
  { text, tokens, start, base }: RoutineBody,
  { kind, name, variables }: Pick<RoutineHead, 'kind' | 'name' | 'variables'>,
  mysql: boolean,
): Routine {
  const found: { from: number; to: number }[] = [];
  const dynamicOffsets: number[] = [];
  let atStart = true;
  for (let i = start; i < tokens.length; i++) {
    const word = upper(tokens[i]);
    if (atStart && word === 'DECLARE') {
      i = readDeclarations(tokens, i + 1, variables, mysql, found);
      atStart = true;
      continue;
    }
    if (atStart && dataStarts.has(word)) {
      const forLoop = upper(tokens[i - 1]) === 'IN' && upper(tokens[i - 3]) === 'FOR';
      const end = statementEnd(tokens, i, forLoop);
      found.push({ from: i, to: end });
      i = end;
      atStart = true;
      continue;
    }
    // A query in a condition or an assignment (`IF EXISTS (SELECT ...)`, `SET v = (SELECT ...)`) is one too.
    if (word === '(' && /^(SELECT|WITH)$/.test(upper(tokens[i + 1]))) {
      const close = statementEnd(tokens, i + 1, false);
      found.push({ from: i + 1, to: close });
      i = close;
      atStart = false;
      continue;
    }
    if (atStart && (word === 'PREPARE' || word === 'EXECUTE')) dynamicOffsets.push(tokens[i]!.start);
    const returnQuery = word === 'QUERY' && upper(tokens[i - 1]) === 'RETURN';
    const loopQuery = word === 'IN' && upper(tokens[i - 2]) === 'FOR';
    // The loop's record: its fields in the loop's statements are values (`r.id`).
    if (loopQuery) variables.set(key(tokens[i - 1]!.text), 'unknown');
    const cursorQuery = word === 'FOR' && upper(tokens[i - 2]) === 'OPEN';
    atStart = statementBefore.has(word) || returnQuery || loopQuery || cursorQuery;
  }
  const statements = found.flatMap(({ from, to }) => {
    const head = upper(tokens[from]);
    const last = to - 1;
    if (last < from) return [];
    if ((head === 'INSERT' || head === 'REPLACE') && !tokens.slice(from, to).some((t) => upper(t) === 'SELECT'))
      return [];
    const statement = boundStatement(text, tokens, from, last, variables, mysql);
    return [{ offset: base + tokens[from]!.start, text: statement.trimEnd() }];
  });
  return {
    kind,
    name,
    statements,
    dynamicOffsets: dynamicOffsets.map((offset) => offset + base),
  };
}

/**
 * The index of the token ending a body statement from `from`: its `;` (or a FOR loop's LOOP) at its own depth, or
 * the END of the block around it (a last statement without `;`), not a CASE expression's END.
 */
function statementEnd(tokens: Token[], from: number, forLoop: boolean): number {
  let depth = 0;
  let cases = 0;
  for (let i = from; i < tokens.length; i++) {
    const text = tokens[i]!.text;
    const word = upper(tokens[i]);
    if (text === '(') depth++;
    else if (text === ')') depth--;
    if (depth < 0) return i;
    if (depth > 0) continue;
    if (text === ';' || (forLoop && word === 'LOOP')) return i;
    if (word === 'CASE') cases++;
    else if (word === 'END' && cases-- === 0) return i;
  }
  return tokens.length;
}

/**
 * The declarations from after DECLARE: MySQL's one (`a, b INT`, a cursor, a handler or a condition), PostgreSQL's
 * block of them up to BEGIN. Variables are recorded; a cursor's query is a statement. Returns the index before
 * which the walk goes on.
 */
function readDeclarations(
  tokens: Token[],
  from: number,
  variables: Map<string, Family>,
  mysql: boolean,
  found: { from: number; to: number }[],
): number {
  let i = from;
  while (i < tokens.length) {
    if (!mysql && upper(tokens[i]) === 'BEGIN') return i - 1;
    const names: string[] = [];
    for (names.push(tokens[i]!.text); mysql && tokens[i + 1]?.text === ','; i += 2) names.push(tokens[i + 2]!.text);
    i++;
    let word = upper(tokens[i]);
    if (word === 'CONSTANT') word = upper(tokens[++i]);
    if (/^(CURSOR|NO|SCROLL)$/.test(word)) {
      while (i < tokens.length && upper(tokens[i]) !== 'FOR') i++;
      const end = statementEnd(tokens, i + 1, false);
      found.push({ from: i + 1, to: end });
      i = end;
    } else {
      // A handler's own statement follows it: the walk goes on there.
      if (mysql && /^(CONTINUE|EXIT|UNDO)$/.test(word)) return i;
      if (!/^(CONDITION|ALIAS)$/.test(word))
        for (const name of names) variables.set(key(name), familyOf(tokens[i]?.text ?? ''));
      i = statementEnd(tokens, i, false);
    }
    if (mysql) return i;
    i++;
  }
  return i;
}

/** The words right before an INSERT's INTO. */
const insertWords = /^(INSERT|REPLACE|IGNORE|LOW_PRIORITY|DELAYED|HIGH_PRIORITY)$/;

/** Words after which a name is a table, a column alias or a target, never a variable. */
const nameAfter = new Set(['AS', 'FROM', 'JOIN', 'UPDATE', 'INTO', 'TABLE']);

/**
 * The statement's text with its INTO list blanked (a SELECT's) and each variable replaced (see Routine), PERFORM
 * read as SELECT.
 */
function boundStatement(
  text: string,
  tokens: Token[],
  from: number,
  last: number,
  variables: Map<string, Family>,
  mysql: boolean,
): string {
  const start = tokens[from]!.start;
  const chars = text.slice(start, tokens[last]!.end).split('');
  const put = (at: number, end: number, value: string) => {
    chars.fill(' ', at - start, end - start);
    for (let k = 0; k < value.length; k++) chars[at - start + k] = value[k]!;
  };
  const head = upper(tokens[from]);
  if (head === 'PERFORM') put(tokens[from]!.start, tokens[from]!.end, 'SELECT ');
  let depth = 0;
  let counter = 0;
  for (let i = from; i <= last; i++) {
    const token = tokens[i]!;
    if (token.text === '(') depth++;
    if (token.text === ')') depth--;
    // The INTO of a query's targets (also after an UPDATE's or INSERT's RETURNING), not the table of an INSERT INTO.
    if (depth === 0 && upper(token) === 'INTO' && !insertWords.test(upper(tokens[i - 1]))) {
      // The targets: names, MySQL's user variables `@a` (a `@` and a word), or a file (`OUTFILE 'x'`).
      const target = (k: number) =>
        tokens[k]?.text === '@' || /^(OUTFILE|DUMPFILE)$/.test(upper(tokens[k])) ? k + 1 : k;
      let end = target(upper(tokens[i + 1]) === 'STRICT' ? i + 2 : i + 1);
      while (tokens[end + 1]?.text === ',') end = target(end + 2);
      put(token.start, tokens[end]!.end, '');
      i = end;
      continue;
    }
    if (token.kind !== 'word' || nameAfter.has(upper(tokens[i - 1])) || tokens[i + 1]?.text === '(') continue;
    // The lexer reads `r.id` as one word: a record's field (a loop's row, a trigger's NEW and OLD) is a value too.
    const [first = '', field] = token.text.split('.');
    const record = field !== undefined && (variables.has(key(first)) || /^(NEW|OLD)$/i.test(first));
    if (!record && (field !== undefined || !variables.has(key(token.text)))) continue;
    counter++;
    const family = record ? 'unknown' : variables.get(key(token.text))!;
    const typed = typedValue(family, counter, mysql ? 'mysql' : 'postgresql');
    const placeholder = mysql ? '?' : `$${counter}`;
    put(token.start, token.end, typed.length <= token.text.length ? typed : placeholder);
  }
  return chars.join('');
}

/** The note naming a routine's dynamic SQL. */
export function dynamicSqlNote(name: string, lines: number[]): Localized {
  const at = lines.join(', ');
  return {
    zh: `${name} 第 ${at} 行的动态 SQL（PREPARE / EXECUTE）只在运行时才有文本，未分析`,
    en: `${name}: the dynamic SQL at line ${at} (PREPARE / EXECUTE) has its text only at run time; it was not analyzed`,
  };
}

/** A routine whose body holds no query. */
export function emptyRoutineNote(name: string, line: number): Localized {
  return {
    zh: `${name}（第 ${line} 行）的主体中没有可分析的查询`,
    en: `${name} (line ${line}): its body holds no query to analyze`,
  };
}

/** A data change of a routine left out where data changes are refused (the web app). */
export function routineDataChangeNote(name: string, line: number): Localized {
  return {
    zh: `${name} 第 ${line} 行的数据修改语句未分析：这里只分析查询（命令行工具也分析数据修改）`,
    en: `${name}: the data change at line ${line} was not analyzed: only queries are analyzed here (the CLI analyzes data changes too)`,
  };
}

/** A routine statement's label: "get_orders, statement 2". */
export function routineStatementLabel(name: string, number: number): Localized {
  return { zh: `${name} 的第 ${number} 条语句`, en: `${name}, statement ${number}` };
}

const upper = (token: Token | undefined) => token?.text.toUpperCase() ?? '';
const key = (name: string) => unquoted(name).toLowerCase();
const unquoted = (name: string) => name.replace(/^[`"]|[`"]$/g, '');

/**
 * A text derived from a routine's statement as planned (the statement itself, or a rewrite of it) with the routine's
 * names and INTO written back, for the report to show the statement as written: where the text is the planned one,
 * the written one; in a rewrite, each stand-in found after the text before it (left as planned where a rewrite
 * changed its surroundings). Same length as `text`, so positions in it hold.
 */
export function routineTextAsWritten(text: string, planned: string, written: string): string {
  if (text === planned) return written;
  let out = text;
  let cursor = 0;
  let previousEnd = 0;
  for (const [start, end] of differingRanges(planned, written)) {
    const context = planned.slice(Math.max(previousEnd, start - 12), start);
    previousEnd = end;
    const found = out.indexOf(context + planned.slice(start, end), cursor);
    if (found < 0) continue;
    const at = found + context.length;
    out = out.slice(0, at) + written.slice(start, end) + out.slice(at + end - start);
    cursor = at + end - start;
  }
  return out;
}

/** The ranges where two texts of one length differ. */
function differingRanges(a: string, b: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const start = i;
    while (i < a.length && a[i] !== b[i]) i++;
    ranges.push([start, i]);
  }
  return ranges;
}
