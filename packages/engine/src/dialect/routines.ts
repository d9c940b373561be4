import type { Dialect, Localized } from '@sqltune/contracts';
import { type Family, familyOf, typedValue } from '../mybatis/binding.ts';
import { findColumn, findTable, type SchemaModel, type TableDef } from '../schema/model.ts';
import { codeTokens, lex, type Token } from '../text/lexer.ts';

/**
 * Stored routines pasted for their queries: MySQL `CREATE [DEFINER=...] PROCEDURE|FUNCTION|TRIGGER|EVENT ... BEGIN
 * ... END` and PostgreSQL `CREATE [OR REPLACE] FUNCTION|PROCEDURE ... AS $tag$ ... $tag$` (or `AS '...'`, or the
 * SQL-standard `BEGIN ATOMIC ... END` and `RETURN expression`) and `DO $$ ... $$`. A routine is
 * never planned nor sent anywhere: the data statements of its body (SELECT, its `SELECT ... INTO` with the INTO
 * blanked, a cursor's query, plpgsql's `RETURN QUERY`, `PERFORM` read as SELECT, `FOR r IN SELECT ... LOOP`'s query,
 * UPDATE, DELETE, INSERT ... SELECT) become statements of their own, found through the control flow, at their place
 * in the input. The routine's parameters and variables in them are bind parameters: each is replaced by a value of
 * its declared type (as a MyBatis `#{}` is, mybatis/binding.ts; a `%TYPE` or `%ROWTYPE` and a MySQL trigger's NEW and
 * OLD take their column's type from the structure), padded with blanks to the name's length so that every offset
 * after it holds, or by the dialect's placeholder where no such value fits. Dynamic SQL (`PREPARE`, `EXECUTE`) is
 * named in a note, not guessed.
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

/**
 * The routine a statement is, or undefined when it is none (or one whose form is not read: then it parses as is).
 * The structure, when given, types the variables declared with a column's or a table's type.
 */
export function readRoutine(text: string, dialect: Dialect, schema?: SchemaModel): Routine | undefined {
  const mysql = dialect === 'mysql';
  const tokens = codeTokens(lex(text, { mysql }));
  const head = tokens[0]?.text.toUpperCase();
  const names: Names = { variables: new Map(), rows: new Map(), schema };
  if (!mysql && head === 'DO') return postgresBody({ text, tokens, from: 1, kind: 'DO', name: 'DO', names });
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
  if (tokens[i]?.text === '(') i = readParameters(tokens, i, names);
  // A MySQL trigger's NEW and OLD are rows of its table (`... ON orders FOR EACH ROW`).
  const on = tokens.findIndex((t, k) => k >= i && upper(t) === 'ON');
  const table =
    kind === 'TRIGGER' && schema && on >= 0
      ? findTable(schema, tokens[on + 1]?.text.split('.').pop() ?? '')
      : undefined;
  if (table) for (const row of ['new', 'old']) names.rows.set(row, table);
  const routine = { text, tokens, from: i, kind, name, names };
  return mysql ? mysqlBody(routine) : postgresBody(routine);
}

/**
 * What a routine's names stand for: each variable's type family, the rows (`%ROWTYPE`, a MySQL trigger's NEW and
 * OLD) whose fields take their column's type, and the structure those types are read from.
 */
interface Names {
  variables: Map<string, Family>;
  rows: Map<string, TableDef>;
  schema: SchemaModel | undefined;
}

/** plpgsql's own variables: a trigger function's TG_ ones, FOUND, and an exception handler's SQLSTATE and SQLERRM. */
const plpgsqlSpecialVariables: [string, Family][] = [
  ...['tg_name', 'tg_when', 'tg_level', 'tg_op', 'tg_relname', 'tg_table_name', 'tg_table_schema'].map(
    (name): [string, Family] => [name, 'text'],
  ),
  ['tg_nargs', 'integer'],
  ['found', 'boolean'],
  ['sqlstate', 'text'],
  ['sqlerrm', 'text'],
];

/**
 * Records the variable a declaration names, from its type's token `at`: a type name, a column's type
 * (`orders.status%TYPE`, `v%TYPE` another variable's), a row (`orders%ROWTYPE`, or a table's name as a type).
 */
function declare(name: string, tokens: Token[], at: number, names: Names): void {
  const type = tokens[at]?.text ?? '';
  const percent = tokens[at + 1]?.text === '%' ? upper(tokens[at + 2]) : '';
  const path = type.split('.').map(unquoted);
  const table = (written: string | undefined) =>
    names.schema && written ? findTable(names.schema, written) : undefined;
  if (percent === 'TYPE') {
    const column = path.pop() ?? '';
    const of = table(path.pop());
    const family = of ? familyOf(findColumn(of, column)?.type ?? '') : names.variables.get(key(column));
    names.variables.set(key(name), family ?? 'unknown');
    return;
  }
  names.variables.set(key(name), familyOf(type));
  const row = percent === 'ROWTYPE' || familyOf(type) === 'unknown' ? table(path.pop()) : undefined;
  if (row) names.rows.set(key(name), row);
}

/** The parameter list from its `(`: `[IN|OUT|INOUT|VARIADIC] name type`; returns the index after its `)`. */
function readParameters(tokens: Token[], open: number, names: Names): number {
  let depth = 0;
  let part: Token[] = [];
  for (let i = open; i < tokens.length; i++) {
    const text = tokens[i]!.text;
    if (text === '(') depth++;
    if (text === ')') depth--;
    if ((text === ',' && depth === 1) || depth === 0) {
      const mode = /^(IN|OUT|INOUT|VARIADIC)$/i.test(part[0]?.text ?? '') ? 1 : 0;
      // An unnamed PostgreSQL parameter is `$n` in the body, a bind parameter already.
      if (part.length - mode >= 2) declare(part[mode]!.text, part, mode + 1, names);
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
  names: Names;
}

/** The part of a routine's text its statements are read from, and its offset in that text. */
interface RoutineBody {
  text: string;
  tokens: Token[];
  start: number;
  base: number;
  /** A body in quotes as written (`text` is as the server reads it, the same length; see quotedBodyText). */
  written?: string;
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
  // The LANGUAGE clause, before or after a string body; before a SQL-standard one (whose columns may be `language`).
  const standard = tokens.findIndex(
    (t, k) => k >= from && ((upper(t) === 'BEGIN' && upper(tokens[k + 1]) === 'ATOMIC') || upper(t) === 'RETURN'),
  );
  const languageAt = tokens.findIndex((t, k) => k >= from && (standard < 0 || k < standard) && upper(t) === 'LANGUAGE');
  const written = languageAt < 0 ? '' : unquoted(tokens[languageAt + 1]?.text ?? '').replace(/'/g, '');
  const language = (written || (head.kind === 'DO' ? 'plpgsql' : 'sql')).toLowerCase();
  // A body in another language (C, plpython...) holds no SQL to read: the routine is none, with its note.
  if (language !== 'sql' && language !== 'plpgsql')
    return { kind: head.kind, name: head.name, statements: [], dynamicOffsets: [] };
  if (language === 'plpgsql')
    for (const [name, family] of plpgsqlSpecialVariables) head.names.variables.set(name, family);
  // The body: DO's string (not its `LANGUAGE 'plpgsql'`), a CREATE's after AS (not a `SET name = 'value'` option's).
  const body = tokens.find(
    (t, k) =>
      k >= from &&
      t.kind === 'string' &&
      (head.kind === 'DO' ? upper(tokens[k - 1]) !== 'LANGUAGE' : upper(tokens[k - 1]) === 'AS'),
  );
  if (!body) return standardBody({ text, tokens, from, ...head }, standard);
  // plpgsql's output columns (`RETURNS TABLE (id bigint, total numeric)`) are variables of its body, as its OUT
  // parameters are; a SQL function's body does not see them.
  const returnsTable = tokens.findIndex(
    (t, k) => k >= from && k < tokens.indexOf(body) && upper(t) === 'RETURNS' && upper(tokens[k + 1]) === 'TABLE',
  );
  if (language === 'plpgsql' && returnsTable >= 0 && tokens[returnsTable + 2]?.text === '(')
    readParameters(tokens, returnsTable + 2, head.names);
  // An escape string (`AS E'...'`): its backslash escapes read first, then its doubled quotes as a quoted body's.
  const escaped = /^E'/i.test(body.text);
  const tag = body.text.startsWith("'") || escaped ? "'" : /^\$\w*\$/.exec(body.text)?.[0];
  const opening = escaped ? 2 : (tag?.length ?? 0);
  if (!tag || body.text.length < opening + tag.length || !body.text.endsWith(tag)) return undefined;
  const base = body.start + opening;
  const asWritten = text.slice(base, body.end - tag.length);
  const inner = tag !== "'" ? asWritten : quotedBodyText(escaped ? unescapedBodyText(asWritten) : asWritten);
  const innerTokens = codeTokens(lex(inner, { mysql: false }));
  return walkBody({ text: inner, tokens: innerTokens, start: 0, base, written: asWritten }, head, false);
}

/**
 * PostgreSQL 14's SQL-standard body, in the routine's own text, from `at`: `BEGIN ATOMIC statement; ... END` (the
 * splitter keeps it whole) or a function's `RETURN expression` (its queries are in parentheses). Undefined for neither.
 */
function standardBody({ text, tokens, ...head }: RoutineHead, at: number): Routine | undefined {
  if (upper(tokens[at]) === 'BEGIN') return walkBody({ text, tokens, start: at + 1, base: 0 }, head, false);
  if (at < 0 || head.kind !== 'FUNCTION') return undefined;
  return walkBody({ text, tokens, start: at, base: 0 }, head, false);
}

/**
 * A body written as a string (`AS '...'`) as the server reads it, the same length so offsets hold: each doubled
 * quote stands for one. The one opening a literal of the body is read as a blank and a quote, the one closing it as
 * a quote and a blank; a quote inside such a literal (four quotes as written) as two quotes and two blanks. Comments
 * of the body are kept as written.
 */
function quotedBodyText(written: string): string {
  let out = '';
  let inLiteral = false;
  for (let i = 0; i < written.length; ) {
    const comment = inLiteral ? -1 : commentEnd(written, i);
    if (comment > i) {
      out += written.slice(i, comment);
      i = comment;
    } else if (!written.startsWith("''", i)) {
      out += written[i];
      i++;
    } else if (!inLiteral) {
      out += " '";
      inLiteral = true;
      i += 2;
    } else if (written.startsWith("''''", i)) {
      out += "''  ";
      i += 4;
    } else {
      out += "' ";
      inLiteral = false;
      i += 2;
    }
  }
  return out;
}

/**
 * An escape string's body (`E'...'`) in the form of a plain quoted one, the same length: `\'` is a doubled quote,
 * `\n`, `\r`, `\t`, `\b` and `\f` two blanks, any other escape its character and a blank (`\\` a backslash).
 */
function unescapedBodyText(written: string): string {
  return written.replace(/\\([\s\S])/g, (_, c: string) => {
    if (c === "'") return "''";
    return /[nrtbf]/.test(c) ? '  ' : `${c} `;
  });
}

/** The end of a comment starting at `at` (`--` to the line's end, `/* ... *\/`), or -1 when none starts there. */
function commentEnd(text: string, at: number): number {
  const close = (found: number, length: number) => (found < 0 ? text.length : found + length);
  if (text.startsWith('--', at)) return close(text.indexOf('\n', at), 0);
  if (text.startsWith('/*', at)) return close(text.indexOf('*/', at + 2), 2);
  return -1;
}

/** Words after which a statement of the body begins. */
const statementBefore = new Set([';', 'BEGIN', 'THEN', 'ELSE', 'DO', 'LOOP', 'REPEAT', 'ROW', 'ATOMIC']);
const dataStarts = new Set(['SELECT', 'WITH', 'UPDATE', 'DELETE', 'INSERT', 'REPLACE', 'PERFORM']);

function walkBody(
  { text, tokens, start, base, written }: RoutineBody,
  { kind, name, names }: Pick<RoutineHead, 'kind' | 'name' | 'names'>,
  mysql: boolean,
): Routine {
  const found: { from: number; to: number }[] = [];
  const dynamicOffsets: number[] = [];
  let atStart = true;
  for (let i = start; i < tokens.length; i++) {
    const word = upper(tokens[i]);
    if (atStart && word === 'DECLARE') {
      i = readDeclarations(tokens, i + 1, names, mysql, found);
      atStart = true;
      continue;
    }
    if (atStart && dataStarts.has(word)) {
      const forLoop = upper(tokens[i - 1]) === 'IN' && upper(tokens[i - 3]) === 'FOR';
      const end = statementEnd(tokens, i, forLoop);
      found.push({ from: i, to: end });
      // A record filled by a query of one table (`FOR r IN SELECT ... FROM orders`, `SELECT * INTO r FROM orders`):
      // its fields take their column's type.
      const into = tokens.findIndex((t, k) => k > i && k < end && upper(t) === 'INTO');
      const record = forLoop ? tokens[i - 2] : word === 'SELECT' && into > 0 ? tokens[into + 1] : undefined;
      const table = record && names.variables.get(key(record.text)) === 'unknown' && onlyTable(tokens, i, end, names);
      if (table) names.rows.set(key(record.text), table);
      i = end;
      atStart = true;
      continue;
    }
    // A query in a condition or an assignment (`IF EXISTS (SELECT ...)`, `SET v = (SELECT ...)`) is one too.
    const close = parenthesizedQuery(tokens, i, found);
    if (close > i) {
      i = close;
      atStart = false;
      continue;
    }
    if (atStart && (word === 'PREPARE' || word === 'EXECUTE')) dynamicOffsets.push(tokens[i]!.start);
    const returnQuery = word === 'QUERY' && upper(tokens[i - 1]) === 'RETURN';
    const loopQuery = word === 'IN' && upper(tokens[i - 2]) === 'FOR';
    // The loop's variable: a query's record, whose fields in the loop's statements are values (`r.id`), or a number.
    const overRows = /^(SELECT|WITH|EXECUTE)$/.test(upper(tokens[i + 1]));
    if (loopQuery) names.variables.set(key(tokens[i - 1]!.text), overRows ? 'unknown' : 'integer');
    const cursorQuery = word === 'FOR' && upper(tokens[i - 2]) === 'OPEN';
    atStart = statementBefore.has(word) || returnQuery || loopQuery || cursorQuery;
  }
  const statements = found.flatMap(({ from, to }) => {
    const head = upper(tokens[from]);
    const last = to - 1;
    if (last < from) return [];
    if ((head === 'INSERT' || head === 'REPLACE') && !tokens.slice(from, to).some((t) => upper(t) === 'SELECT'))
      return [];
    // A literal closing a quoted body's statement ends one quote before its doubled quote as written: the blank
    // read in its place is the statement's too, so that the statement as written ends with both quotes.
    let end = tokens[last]!.end;
    while (written && text[end] === ' ' && written[end] !== ' ') end++;
    const statement = boundStatement(text, tokens, from, last, names, mysql) + ' '.repeat(end - tokens[last]!.end);
    // Not trimmed: blanks at its end (a stand-in's padding, a last INTO blanked) stand for what is written there.
    return [{ offset: base + tokens[from]!.start, text: statement }];
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

/** Words after a query's table that are no alias of it. */
const afterTable =
  /^(WHERE|GROUP|ORDER|LIMIT|OFFSET|FETCH|FOR|HAVING|WINDOW|UNION|EXCEPT|INTERSECT|LOOP|INTO|RETURNING|JOIN|LEFT|RIGHT|INNER|FULL|CROSS|NATURAL|STRAIGHT_JOIN)$/;

/**
 * The one table a query reads (`... FROM orders [AS] [o] WHERE ...`: no join, no second table), when the structure
 * has it; its first FROM outside parentheses.
 */
function onlyTable(tokens: Token[], from: number, to: number, names: Names): TableDef | undefined {
  let depth = 0;
  for (let k = from; k < to; k++) {
    const text = tokens[k]!.text;
    if (text === '(') depth++;
    else if (text === ')') depth--;
    if (depth !== 0 || upper(tokens[k]) !== 'FROM') continue;
    let next = k + 2;
    if (upper(tokens[next]) === 'AS') next += 2;
    else if (tokens[next]?.kind === 'word' && !afterTable.test(upper(tokens[next]))) next++;
    const joined =
      tokens[next]?.text === ',' ||
      /^(JOIN|LEFT|RIGHT|INNER|FULL|CROSS|NATURAL|STRAIGHT_JOIN)$/.test(upper(tokens[next]));
    const name = tokens[k + 1]?.text.split('.').pop() ?? '';
    return joined || !names.schema ? undefined : findTable(names.schema, name);
  }
  return undefined;
}

/**
 * When a query in parentheses opens at `open` (`(SELECT ...`, `(WITH ...`), records it and returns the index of its
 * `)`; otherwise returns `open`.
 */
function parenthesizedQuery(tokens: Token[], open: number, found: { from: number; to: number }[]): number {
  if (tokens[open]?.text !== '(' || !/^(SELECT|WITH)$/.test(upper(tokens[open + 1]))) return open;
  const close = statementEnd(tokens, open + 1, false);
  found.push({ from: open + 1, to: close });
  return close;
}

/**
 * The declarations from after DECLARE: MySQL's one (`a, b INT`, a cursor, a handler or a condition), PostgreSQL's
 * block of them up to BEGIN. Variables are recorded; a cursor's query is a statement, and so is a query in a
 * default (`DEFAULT (SELECT ...)`, `:= (SELECT ...)`). Returns the index before which the walk goes on.
 */
function readDeclarations(
  tokens: Token[],
  from: number,
  names: Names,
  mysql: boolean,
  found: { from: number; to: number }[],
): number {
  let i = from;
  while (i < tokens.length) {
    if (!mysql && upper(tokens[i]) === 'BEGIN') return i - 1;
    // A handler's own statement follows its conditions: the walk goes on there.
    if (mysql && /^(CONTINUE|EXIT|UNDO)$/.test(upper(tokens[i])) && upper(tokens[i + 1]) === 'HANDLER')
      return handlerConditionsEnd(tokens, i);
    const declared: string[] = [];
    for (declared.push(tokens[i]!.text); mysql && tokens[i + 1]?.text === ','; i += 2)
      declared.push(tokens[i + 2]!.text);
    i++;
    let word = upper(tokens[i]);
    if (word === 'CONSTANT') word = upper(tokens[++i]);
    if (/^(CURSOR|NO|SCROLL)$/.test(word)) {
      // A plpgsql cursor's arguments (`c CURSOR (p_user bigint) FOR SELECT ...`) are values in its query.
      while (i < tokens.length && upper(tokens[i]) !== 'FOR')
        i = tokens[i]!.text === '(' ? readParameters(tokens, i, names) : i + 1;
      const end = statementEnd(tokens, i + 1, false);
      found.push({ from: i + 1, to: end });
      i = end;
    } else {
      // An ALIAS (`v_user ALIAS FOR $1`, `n ALIAS FOR NEW`) is a value, or a row; a MySQL CONDITION is neither.
      for (const name of declared)
        if (word === 'ALIAS') names.variables.set(key(name), 'unknown');
        else if (word !== 'CONDITION') declare(name, tokens, i, names);
      const end = statementEnd(tokens, i, false);
      for (let k = i; k < end; k++) k = parenthesizedQuery(tokens, k, found);
      i = end;
    }
    if (mysql) return i;
    i++;
  }
  return i;
}

/** The last token of a MySQL handler's conditions (`HANDLER FOR SQLSTATE '23000', NOT FOUND`): its statement follows. */
function handlerConditionsEnd(tokens: Token[], from: number): number {
  let i = tokens.findIndex((t, k) => k >= from && upper(t) === 'FOR');
  if (i < 0) return from;
  for (;;) {
    i++;
    if (upper(tokens[i]) === 'SQLSTATE') i += upper(tokens[i + 1]) === 'VALUE' ? 2 : 1;
    else if (upper(tokens[i]) === 'NOT') i++;
    if (tokens[i + 1]?.text !== ',') return i;
    i++;
  }
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
  { variables, rows }: Names,
  mysql: boolean,
): string {
  const start = tokens[from]!.start;
  const chars = text.slice(start, tokens[last]!.end).split('');
  const put = (at: number, end: number, value: string) => {
    chars.fill(' ', at - start, end - start);
    for (let k = 0; k < value.length; k++) chars[at - start + k] = value[k]!;
  };
  // The characters of literals and quoted names, whose blanks are theirs (see borrowBlanks).
  const kept = new Set<number>();
  for (const token of tokens.slice(from, last + 1))
    if (token.kind === 'string' || token.kind === 'quoted')
      for (let c = token.start; c < token.end; c++) kept.add(c - start);
  const head = upper(tokens[from]);
  if (head === 'PERFORM') put(tokens[from]!.start, tokens[from]!.end, 'SELECT ');
  let depth = 0;
  let counter = 0;
  // PostgreSQL's placeholders numbered apart from the values, without a gap after the `$n` written (an unnamed
  // parameter's): the sandbox prepares the statement, and a `$n` with no `$1` before it has no type.
  let placeholders = 0;
  for (let i = from; i <= last; i++) {
    const written = /^\$(\d+)$/.exec(tokens[i]!.text);
    if (written) placeholders = Math.max(placeholders, Number(written[1]));
  }
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
    // The lexer reads `r.id` as one word: a record's field (a loop's row, a trigger's NEW and OLD) is a value too,
    // of its column's type where the row's table is known (`%ROWTYPE`, a MySQL trigger's table).
    const [first = '', written] = token.text.split('.');
    const record = written !== undefined && (variables.has(key(first)) || /^(NEW|OLD)$/i.test(first));
    if (!record && (written !== undefined || !variables.has(key(token.text)))) continue;
    // A quoted field (`NEW."Id"`) or the whole row (`OLD.*`, the PostgreSQL manual's audit trigger) is the next token.
    const next = tokens[i + 1];
    const joined =
      record && written === '' && next?.start === token.end && (next.text === '*' || next.kind === 'quoted');
    const end = joined ? next.end : token.end;
    const field = joined ? unquoted(next.text) : (written ?? '');
    if (joined) i++;
    const family = record
      ? familyOf(findColumn(rows.get(key(first)), field)?.type ?? '')
      : variables.get(key(token.text))!;
    // Room for the value: the name, and the blanks before it after a symbol (`= v`), where a value longer than a
    // one-letter name still stands apart from what is before it.
    let room = token.start;
    while (room > start && /[ \t]/.test(text[room - 1]!) && /[^\w'"`$.]/.test(text[room - 2] ?? '')) room--;
    // Where neither fits (a one-letter name after a word or a parenthesis: `SELECT d,`), a digit: a value the
    // statement reads, if maybe not of the variable's type, where the name would be a column of no table.
    const digit = String((counter + 1) % 10);
    const candidates =
      field === '*'
        ? ['NULL', digit] // the row's columns: one value of any type
        : [
            typedValue(family, counter + 1, mysql ? 'mysql' : 'postgresql'),
            mysql ? '?' : `$${placeholders + 1}`,
            digit,
          ];
    const value = candidates.find((candidate) => candidate.length <= end - room) ?? digit;
    counter++;
    // PostgreSQL: a one-letter name with no room for a value of its type (`created_at>d`, `status=s`, where a digit
    // is no value of it: timestamptz > integer has no operator) takes its placeholder's room from blanks before it.
    const placeholder = `$${placeholders + 1}`;
    const digitServes = mysql || field === '*' || /^(integer|decimal|float)$/.test(family);
    if (value === digit && !digitServes && borrowBlanks(chars, room - start, placeholder.length - (end - room), kept)) {
      placeholders++;
      chars.fill('', room - start, end - start);
      chars[room - start] = placeholder;
      continue;
    }
    if (value.startsWith('$')) placeholders++;
    const at = value.length <= end - token.start ? token.start : end - value.length;
    put(Math.min(at, token.start), end, '');
    put(at, at + value.length, value);
  }
  return chars.join('');
}

/**
 * Empties `count` blanks of the statement's characters before `before` to make room for a value longer than the
 * name it stands for: the nearest ones that have a blank after them (a run of blanks keeps one; a blanked INTO is
 * such a run), outside literals and quoted names (`kept`). The text between shifts by as many characters: a
 * statement as long as the one written, its positions off by a character or two there. False, with nothing
 * emptied, where there are not enough.
 */
function borrowBlanks(chars: string[], before: number, count: number, kept: ReadonlySet<number>): boolean {
  const free: number[] = [];
  let after = '';
  for (let c = before - 1; c >= 0 && free.length < count; c--) {
    if (chars[c] === '') continue;
    if (chars[c] === ' ' && after === ' ' && !kept.has(c)) free.push(c);
    else after = chars[c]!;
  }
  if (free.length < count) return false;
  for (const c of free) chars[c] = '';
  return true;
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
