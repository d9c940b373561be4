/**
 * What a table structure may hold that the sandbox does not have: types, index methods, operator classes and
 * functions of extensions off the allow list (extensions.ts), pgvector's `vector(1536)` and `USING hnsw`, PostGIS's
 * `geometry(Point, 4326)`. Which ones are missing is the sandbox's own answer (the server's "does not exist"), so
 * this is an allow list by construction: whatever the sandbox runs is used, anything else gets the treatment below,
 * named in the session's notes, instead of one column failing the whole structure with 4203.
 *
 *  - a column of a type the sandbox does not know (CREATE TABLE, ALTER TABLE) is made `bytea`, a built-in type of
 *    variable width with no operators of the extension's, so the table, its keys and its other columns are planned;
 *    a statement that uses the type's operators or functions (`ORDER BY embedding <=> $1`) fails with its place and
 *    a hint naming the stand-in (`standInHint`);
 *  - an operator class written in a schema where it is not (`public.text_pattern_ops`) is looked up by its name
 *    alone (pg_catalog first), as the server would for an unqualified name;
 *  - CREATE INDEX and CREATE VIEW that still meet an unknown object (an access method such as hnsw, an operator
 *    class, a function) are not made, and noted.
 * Nothing is added to what user DDL may do: the statement is the user's, allowed by ddl.ts, with a type name
 * replaced by a built-in one or a schema left out; it runs as the same unprivileged role. Replacements are padded
 * with blanks to the written length, so the server's positions still point into the user's text.
 */
import { AppError, ErrorCode, type Localized } from '@sqltune/contracts';
import { type SqlStatement, type Token, tokenize } from '../sql-text.ts';
import { classifyDdl, type DdlDecision, sentText } from './ddl.ts';
import { appErrorFromPg } from './pg-errors.ts';
import { PgError } from './pool.ts';
import {
  statisticsObjectLabel,
  statisticsObjectName,
  statisticsObjectSkippedNote,
  statisticsObjectsNote,
} from './statistics-objects.ts';

/** The built-in type an unknown column type is planned as. */
export const STAND_IN_TYPE = 'bytea';

/**
 * What running a structure's statements did: columns made stand-ins, indexes and views not made (by name), the
 * statistics objects made (statistics-objects.ts).
 */
export interface StructureRun {
  standIns: StandIn[];
  notMade: Set<string>;
  statisticsObjects: string[];
}

export function newStructureRun(): StructureRun {
  return { standIns: [], notMade: new Set(), statisticsObjects: [] };
}

/** The notes on the whole run, once its statements are all run: the statistics objects made without values. */
export function structureRunNotes(run: StructureRun): Localized[] {
  return statisticsObjectsNote(run.statisticsObjects);
}

/** A column planned as the stand-in type. */
export interface StandIn {
  /** The column's name, when the type was written in a column definition. */
  column?: string;
  /** The table of the statement. */
  table?: string;
  /** The type as written, e.g. `vector(1536)`. */
  written: string;
}

const UNDEFINED_OBJECT = '42704';
const UNDEFINED_TABLE = '42P01';
const UNDEFINED_FUNCTION = '42883';
/** Replacements tried in one statement at most (one per column of an unknown type, say). */
const MAX_REPLACEMENTS = 64;

/**
 * Runs one allowed statement of the table structure with the treatment above; a server error it does not cover
 * becomes 4203 at its place in the text. Adds to `run` what it did and returns the notes.
 */
export async function runStructureStatement(
  execute: (sql: string) => Promise<unknown>,
  schemaSql: string,
  statement: SqlStatement,
  decision: DdlDecision,
  run: StructureRun,
): Promise<Localized[]> {
  const notes: Localized[] = [];
  let sent = sentText(statement, decision);
  const statistics = decision.kind === 'CREATE STATISTICS';
  for (let attempt = 0; ; attempt++) {
    try {
      await execute(sent);
      if (statistics) run.statisticsObjects.push(statisticsObjectLabel(statement.tokens));
      return notes;
    } catch (error) {
      if (!(error instanceof PgError)) throw error;
      // Extended statistics only refine estimates: one the server refuses is left out, never failing the structure.
      if (statistics) {
        const name = statisticsObjectName(statement.tokens);
        if (name !== undefined) run.notMade.add(name);
        const label = statisticsObjectLabel(statement.tokens);
        return [...notes, statisticsObjectSkippedNote(label, error.message, sent, error.code)];
      }
      const found = attempt < MAX_REPLACEMENTS ? replacement(sent, error, decision) : undefined;
      // What runs must be the statement the allow list let through: the same kind, after the replacement too.
      const again = found && classifyDdl(tokenize(found.sql, 'postgresql'));
      const next = again?.action === 'run' && again.kind === decision.kind ? found : undefined;
      if (next?.standIn) {
        run.standIns.push(next.standIn);
        notes.push(standInNote(next.standIn));
      }
      if (next?.sql !== undefined) {
        sent = next.sql;
        continue;
      }
      const name = objectName(statement.tokens, decision);
      if (skippable(decision, error)) {
        if (name !== undefined) run.notMade.add(name);
        notes.push(skippedNote(decision, name, error));
        return notes;
      }
      // A relation not made is 42P01; a statistics object, 42704.
      const missing =
        error.code === UNDEFINED_TABLE || error.code === UNDEFINED_OBJECT
          ? namesNotMade(statement.tokens, run)
          : undefined;
      if (missing) {
        notes.push({
          zh: `${decision.kind} 已跳过：它引用的 ${missing} 未创建`,
          en: `${decision.kind} skipped: it names ${missing}, which was not made`,
        });
        return notes;
      }
      throw appErrorFromPg(
        ErrorCode.TABLE_STRUCTURE_INVALID,
        error,
        {
          source: schemaSql,
          sourceOffset: statement.start,
          sent,
          prefixLength: 0,
          fallbackOffset: statement.firstTokenStart,
        },
        { zh: '表结构语句执行失败，', en: 'Table structure statement failed' },
      );
    }
  }
}

/** The statement to try next for this error, or undefined when none is left. */
function replacement(
  sent: string,
  error: PgError,
  decision: DdlDecision,
): { sql: string; standIn?: StandIn } | undefined {
  if (error.code !== UNDEFINED_OBJECT) return undefined;
  const tokens = tokenize(sent, 'postgresql');
  const type = /^type "(.+)" does not exist/.exec(error.message);
  if (type && /^(CREATE|ALTER) TABLE$/.test(decision.kind)) {
    // The server places a column's type; a cast's (in a DEFAULT) it does not, so that one is found by its name.
    let at = tokenAtPosition(sent, tokens, error.position);
    if (at < 0) at = tokenOfName(tokens, type[1]!.split('.'));
    if (at < 0) return undefined;
    const last = typeEnd(tokens, at);
    const written = sent.slice(tokens[at]!.start, tokens[last]!.end);
    const sql = padded(sent, tokens[at]!.start, tokens[last]!.end, STAND_IN_TYPE);
    return { sql, standIn: { ...columnOf(tokens, at), ...tableOf(tokens), written } };
  }
  const opclass = /^operator class "([^"]+)\.([^".]+)" does not exist/.exec(error.message);
  if (opclass && decision.kind === 'CREATE INDEX') {
    // The qualified name as written: schema, dot, name (the lexer gives three tokens).
    const k = tokens.findIndex(
      (t, i) =>
        t.value === opclass[1] && tokens[i + 1]?.text === '.' && tokens[i + 2]?.value === opclass[2] && t.depth > 0,
    );
    if (k < 0) return undefined;
    return {
      sql: padded(sent, tokens[k]!.start, tokens[k + 2]!.end, sent.slice(tokens[k + 2]!.start, tokens[k + 2]!.end)),
    };
  }
  return undefined;
}

/** The text with [start, end) replaced, padded with blanks to the replaced length. */
function padded(sent: string, start: number, end: number, by: string): string {
  return sent.slice(0, start) + by.padEnd(end - start) + sent.slice(end);
}

function tokenAtPosition(sent: string, tokens: Token[], position: number | undefined): number {
  if (position === undefined) return -1;
  // The server counts characters from 1; the tokens count UTF-16 units from 0.
  let offset = 0;
  for (let chars = 1; chars < position && offset < sent.length; chars++)
    offset += (sent.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
  return tokens.findIndex((t) => t.start === offset && (t.kind === 'ident' || t.kind === 'qident'));
}

/** The first token where the name `parts` (`['public', 'geometry']`) is written, or -1. */
function tokenOfName(tokens: Token[], parts: string[]): number {
  return tokens.findIndex((_, k) =>
    parts.every((part, n) => {
      const t = tokens[k + 2 * n];
      const named = (t?.kind === 'ident' || t?.kind === 'qident') && t.value === part;
      return named && (n === 0 || tokens[k + 2 * n - 1]?.text === '.');
    }),
  );
}

/** The last token of the type name starting at `at`: schema-qualified, with modifiers and array bounds. */
function typeEnd(tokens: Token[], at: number): number {
  let k = at;
  while (tokens[k + 1]?.text === '.' && (tokens[k + 2]?.kind === 'ident' || tokens[k + 2]?.kind === 'qident')) k += 2;
  if (tokens[k + 1]?.text === '(') k = closing(tokens, k + 1);
  while (tokens[k + 1]?.text === '[') k = closing(tokens, k + 1);
  if (tokens[k + 1]?.kind === 'ident' && tokens[k + 1]!.value === 'array') {
    k++;
    if (tokens[k + 1]?.text === '[') k = closing(tokens, k + 1);
  }
  return k;
}

/** The token closing the bracket at `open` (same depth), or `open` when there is none. */
function closing(tokens: Token[], open: number): number {
  const close = tokens[open]!.text === '(' ? ')' : ']';
  for (let k = open + 1; k < tokens.length; k++)
    if (tokens[k]!.text === close && tokens[k]!.depth === tokens[open]!.depth) return k;
  return open;
}

/** The column whose definition the type at `at` is written in: a name right after `(`, `,`, ADD [COLUMN] or TYPE. */
function columnOf(tokens: Token[], at: number): { column?: string } {
  const name = tokens[at - 1];
  const before = tokens[at - 2];
  if (name?.kind !== 'ident' && name?.kind !== 'qident') return {};
  const opens = before?.text === '(' || before?.text === ',';
  const alters = before?.kind === 'ident' && ['add', 'column', 'exists'].includes(before.value);
  if (opens || alters) return { column: name.value };
  // ALTER [COLUMN] name [SET DATA] TYPE type
  const type = tokens[at - 1];
  if (type?.kind === 'ident' && type.value === 'type') {
    const column = tokens
      .slice(0, at - 1)
      .reverse()
      .find((t) => t.kind === 'ident' && !['set', 'data'].includes(t.value));
    if (column && column.value !== 'column') return { column: column.value };
  }
  return {};
}

/** The table a CREATE TABLE or ALTER TABLE names (the name after TABLE [IF [NOT] EXISTS] [ONLY]). */
function tableOf(tokens: Token[]): { table?: string } {
  let k = tokens.findIndex((t) => t.kind === 'ident' && t.value === 'table') + 1;
  while (tokens[k]?.kind === 'ident' && ['if', 'not', 'exists', 'only'].includes(tokens[k]!.value)) k++;
  let name = tokens[k];
  while (tokens[k + 1]?.text === '.' && tokens[k + 2]) {
    k += 2;
    name = tokens[k];
  }
  return name && (name.kind === 'ident' || name.kind === 'qident') ? { table: name.value } : {};
}

/** An index or view that meets an unknown access method, operator class, type or function is not made. */
function skippable(decision: DdlDecision, error: PgError): boolean {
  const unknown = error.code === UNDEFINED_OBJECT || error.code === UNDEFINED_FUNCTION;
  return unknown && (decision.kind === 'CREATE INDEX' || decision.kind === 'CREATE VIEW');
}

/** Where the type was written: `t.c` (a column), `t` (elsewhere in the table's statement), or nothing known. */
function where(standIn: StandIn): string {
  if (standIn.column === undefined) return standIn.table ?? '';
  return `${standIn.table === undefined ? '' : `${standIn.table}.`}${standIn.column}`;
}

function standInNote(standIn: StandIn): Localized {
  const at = where(standIn);
  const subject = {
    zh: standIn.column !== undefined ? `列 ${at} 的类型` : at ? `表 ${at} 的语句中的类型` : '类型',
    en: standIn.column !== undefined ? `column ${at}: ` : at ? `table ${at}: ` : '',
  };
  return {
    zh: `${subject.zh} ${standIn.written} 不为规划器所知（其扩展不在沙箱中），按 ${STAND_IN_TYPE} 代替规划；使用该类型的运算符或函数的语句（如按距离排序）无法规划`,
    en: `${subject.en}${standIn.written} is not known to the planner (its extension is not in the sandbox); planned as a ${STAND_IN_TYPE} stand-in; statements using its operators or functions (such as ordering by distance) can not be planned`,
  };
}

/** The first name of an index or view not made that a statement mentions (`ALTER INDEX ... ATTACH PARTITION`, `COMMENT ON INDEX`). */
function namesNotMade(tokens: Token[], run: StructureRun): string | undefined {
  return tokens.find((t) => (t.kind === 'ident' || t.kind === 'qident') && run.notMade.has(t.value))?.value;
}

function skippedNote(decision: DdlDecision, name: string | undefined, error: PgError): Localized {
  const what = `${decision.kind}${name ? ` ${name}` : ''}`;
  return {
    zh: `${what} 未创建，规划时不考虑：${error.message}`,
    en: `${what} not made and not considered in plans: ${error.message}`,
  };
}

/** The name a CREATE INDEX or CREATE VIEW gives, as folded. */
function objectName(tokens: Token[], decision: DdlDecision): string | undefined {
  if (decision.kind !== 'CREATE INDEX' && decision.kind !== 'CREATE VIEW') return undefined;
  const word = decision.kind === 'CREATE INDEX' ? 'index' : 'view';
  let k = tokens.findIndex((t) => t.kind === 'ident' && t.value === word) + 1;
  while (tokens[k]?.kind === 'ident' && ['if', 'not', 'exists', 'concurrently'].includes(tokens[k]!.value)) k++;
  const name = tokens[k];
  if (!name || (name.kind !== 'ident' && name.kind !== 'qident') || name.value === 'on') return undefined;
  return name.value;
}

/**
 * A planning error (4202) of a session with stand-ins, when the server found no operator or function for the
 * arguments: the message says which columns are stand-ins, as the server names `bytea` where the user wrote their type.
 */
export function standInHint(error: unknown, standIns: readonly StandIn[]): unknown {
  if (standIns.length === 0 || !(error instanceof AppError)) return error;
  const { message } = error.detail;
  if (!/\bbytea\b/.test(message.en)) return error;
  const columns = standIns.map((s) => (s.column ? `${where(s)} (${s.written})` : s.written)).join(', ');
  const { code: _code, ...detail } = error.detail;
  const hinted = {
    zh: `${message.zh}（${columns} 按 ${STAND_IN_TYPE} 代替规划：规划器不认识这些类型）`,
    en: `${message.en} (${columns} planned as ${STAND_IN_TYPE}: the planner does not know these types)`,
  };
  return new AppError(error.code, { ...detail, message: hinted }, error.httpStatus);
}
