/**
 * Which statements of the user's table structure text may run in the sandbox (an allow list: docs/security.md).
 *
 *  run:    what planning needs - CREATE TABLE (not AS / EXECUTE, not TEMP), CREATE [UNIQUE] INDEX, CREATE VIEW (a
 *          view's query runs as its owner, the session's role), CREATE MATERIALIZED VIEW (always sent WITH NO DATA,
 *          sentText: its query is planned, never run), CREATE SCHEMA (without elements), CREATE SEQUENCE
 *          (pg_dump's serial columns), CREATE
 *          TYPE ... AS ENUM, composite types, range types naming only built-in functions (userType), CREATE /
 *          ALTER STATISTICS (extended statistics: an object on columns or built-in expressions of a table the role
 *          owns, like an index; statistics-objects.ts), ALTER TABLE / INDEX / SEQUENCE (pg_dump's keys), COMMENT ON,
 *          and a migration history's later steps: ALTER TYPE ... ADD | RENAME VALUE (an enum's labels), DROP TABLE | INDEX |
 *          VIEW | MATERIALIZED VIEW [IF EXISTS] (the role drops only what it owns).
 *          No domain, base type, cast, operator, function or rule can be defined, so every column has a built-in,
 *          enum, composite or range type (whose input functions are built in) and the code that injects statistics
 *          never evaluates anything the user defined (it leaves composite columns out in any case: stats.ts); and
 *          every statement
 *          runs as the session's unprivileged role, so the expressions they may hold (defaults, checks, index
 *          expressions) never run with privilege either.
 *  skip:   pg_dump and psql noise that changes nothing for planning: SET / RESET, SELECT pg_catalog.set_config(...),
 *          ... OWNER TO, GRANT / REVOKE, ALTER DEFAULT PRIVILEGES, BEGIN / COMMIT, DROP ... IF EXISTS of other
 *          objects (the sandbox starts empty), CREATE EXTENSION (the allowed ones are read by extensions.ts and created by the
 *          sandbox before the user's DDL runs, never from the user's text), CREATE SCHEMA public, psql
 *          meta-commands (\connect, \restrict).
 *  reject: everything else (INSERT, COPY, DO, CREATE FUNCTION, CREATE DOMAIN, CREATE TABLE AS, ...): error 4203 at
 *          the statement. A dump's code (functions, triggers, ...), a migration history's data steps (UPDATE,
 *          DELETE, INSERT ... SELECT), domains and foreign data (servers, user
 *          mappings, IMPORT FOREIGN SCHEMA) never reach this list through the engine: it blanks them before
 *          (engine/src/schema/skipped-code.ts, foreign-data.ts, with a note), writes a domain's columns with its base
 *          type and a foreign table as a CREATE TABLE; they stay refused here if they do.
 */
import { AppError, ErrorCode } from '@sqltune/contracts';
import { rangeRefusal, SCHEMA_NOISE_FIRST_WORDS } from '@sqltune/engine';
import { leadingWords, lineColumnAt, type SqlStatement, type Token } from '../sql-text.ts';

export type DdlAction = 'run' | 'skip' | 'reject';

export interface DdlDecision {
  action: DdlAction;
  /** Short description of the statement kind, e.g. "CREATE TABLE", for messages. */
  kind: string;
  /** Why a statement is rejected (English). */
  reason?: string;
}

const CREATE_RUN = new Set(['TABLE', 'INDEX', 'SEQUENCE', 'VIEW', 'STATISTICS']);
/**
 * What a migration history drops again. The session's role may drop only what it owns (its own structure, in its
 * own database or instance), so nothing of the sandbox's or another session's can go.
 */
const DROP_RUN = new Set(['TABLE', 'INDEX', 'VIEW', 'MATERIALIZED VIEW']);
const ALTER_RUN = new Set(['TABLE', 'INDEX', 'SEQUENCE', 'MATERIALIZED VIEW', 'STATISTICS']);

/** What the 4203 message lists as accepted. */
const ACCEPTED =
  'CREATE TABLE, CREATE INDEX, CREATE VIEW, CREATE MATERIALIZED VIEW, CREATE SCHEMA, CREATE SEQUENCE, CREATE TYPE (enum, composite, range), CREATE STATISTICS, ALTER TABLE, COMMENT ON';

function hasWordsAtDepth0(tokens: Token[], words: string[]): boolean {
  for (let i = 0; i + words.length <= tokens.length; i++) {
    let match = true;
    for (let k = 0; k < words.length; k++) {
      const t = tokens[i + k];
      if (t.kind !== 'ident' || t.depth !== 0 || t.value !== words[k]) {
        match = false;
        break;
      }
    }
    if (match) return true;
  }
  return false;
}

export function classifyDdl(tokens: Token[]): DdlDecision {
  if (tokens.length === 0) return { action: 'skip', kind: 'empty' };
  if (tokens[0].kind === 'meta') return { action: 'skip', kind: 'psql meta-command' };
  const words = leadingWords(tokens, 10);
  const first = words[0] ?? tokens[0].text.toUpperCase();
  if (SCHEMA_NOISE_FIRST_WORDS.postgresql.has(first)) return { action: 'skip', kind: first };
  if (hasWordsAtDepth0(tokens, ['owner', 'to']) && (first === 'ALTER' || first === 'COMMENT'))
    return { action: 'skip', kind: `${first} ... OWNER TO` };
  if (first === 'SELECT') {
    // pg_dump: SELECT pg_catalog.set_config('search_path', '', false);
    const names = tokens.filter((t) => t.kind === 'ident').map((t) => t.value);
    const call = names[1] === 'pg_catalog' ? names[2] : names[1];
    const rest = names.slice(names[1] === 'pg_catalog' ? 3 : 2);
    if (call === 'set_config' && rest.every((n) => n === 'true' || n === 'false'))
      return { action: 'skip', kind: 'SELECT set_config' };
    return { action: 'reject', kind: 'SELECT', reason: 'queries are not part of a table structure' };
  }
  // pg_dump's post-data fills a materialized view: data, which the sandbox does not load.
  if (first === 'REFRESH' && words[1] === 'MATERIALIZED') return { action: 'skip', kind: 'REFRESH MATERIALIZED VIEW' };
  if (first === 'DROP') {
    const object = words[1] === 'MATERIALIZED' ? 'MATERIALIZED VIEW' : (words[1] ?? '');
    // A migration history's later steps: what it made is dropped again, by its owner, the session's role.
    if (DROP_RUN.has(object)) return { action: 'run', kind: `DROP ${object}` };
    return hasWordsAtDepth0(tokens, ['if', 'exists'])
      ? { action: 'skip', kind: 'DROP IF EXISTS' }
      : { action: 'reject', kind: 'DROP', reason: `DROP ${object} is not part of a table structure` };
  }
  if (first === 'COMMENT' && words[1] === 'ON') {
    return words[2] === 'EXTENSION' || words[2] === 'DATABASE' || words[2] === 'ROLE'
      ? { action: 'skip', kind: `COMMENT ON ${words[2]}` }
      : { action: 'run', kind: 'COMMENT' };
  }
  if (first === 'ALTER') {
    if (words[1] === 'DEFAULT' && words[2] === 'PRIVILEGES')
      return { action: 'skip', kind: 'ALTER DEFAULT PRIVILEGES' };
    const object = words[1] === 'MATERIALIZED' ? 'MATERIALIZED VIEW' : (words[1] ?? '');
    if (ALTER_RUN.has(object)) return { action: 'run', kind: `ALTER ${object}` };
    // A migration's new or renamed enum label; any other ALTER TYPE (an attribute, an owner, a schema) stays refused.
    if (object === 'TYPE' && isAddValue(tokens)) return { action: 'run', kind: 'ALTER TYPE ... VALUE' };
    return {
      action: 'reject',
      kind: `ALTER ${object}`.trim(),
      reason: `ALTER ${object} is not part of a table structure`,
    };
  }
  if (first === 'CREATE') {
    let i = 1;
    if (words[i] === 'OR' && words[i + 1] === 'REPLACE') i += 2;
    let temporary = false;
    while (['UNIQUE', 'UNLOGGED', 'GLOBAL', 'LOCAL', 'TEMP', 'TEMPORARY', 'RECURSIVE'].includes(words[i] ?? '')) {
      if (words[i] === 'TEMP' || words[i] === 'TEMPORARY') temporary = true;
      i++;
    }
    const object = words[i] ?? '';
    if (object === 'EXTENSION') return { action: 'skip', kind: 'CREATE EXTENSION' };
    if (object === 'SCHEMA' && namesPublic(tokens)) return { action: 'skip', kind: 'CREATE SCHEMA public' };
    if (temporary)
      return { action: 'reject', kind: `CREATE TEMPORARY ${object}`, reason: 'temporary tables are not supported' };
    if (object === 'TABLE') {
      // CREATE TABLE ... AS query / EXECUTE runs a query: the only depth-0 AS in CREATE TABLE.
      const asQuery = tokens.some(
        (t) => t.kind === 'ident' && t.depth === 0 && (t.value === 'as' || t.value === 'execute'),
      );
      if (asQuery) return { action: 'reject', kind: 'CREATE TABLE AS', reason: 'CREATE TABLE AS runs a query' };
      return { action: 'run', kind: 'CREATE TABLE' };
    }
    // Run as pg_dump writes it, WITH NO DATA (whatever the text says: sentText), so its query is never run; the
    // planner plans over it as over a table.
    if (object === 'MATERIALIZED' && words[i + 1] === 'VIEW')
      return { action: 'run', kind: 'CREATE MATERIALIZED VIEW' };
    if (CREATE_RUN.has(object)) return { action: 'run', kind: `CREATE ${object}` };
    if (object === 'SCHEMA') {
      // A schema of its own; elements inside CREATE SCHEMA (a trigger could hide there) are not taken.
      const rest = tokens
        .slice(i + 2)
        .filter((t) => !(t.kind === 'ident' && ['if', 'not', 'exists'].includes(t.value)));
      const plain =
        rest.length === 0 || (rest.length === 2 && rest[0].kind === 'ident' && rest[0].value === 'authorization');
      return plain
        ? { action: 'run', kind: 'CREATE SCHEMA' }
        : { action: 'reject', kind: 'CREATE SCHEMA', reason: 'schema elements inside CREATE SCHEMA are not accepted' };
    }
    if (object === 'TYPE') return userType(tokens);
    return {
      action: 'reject',
      kind: `CREATE ${object}`.trim(),
      reason: `CREATE ${object} is not part of a table structure`,
    };
  }
  return { action: 'reject', kind: first, reason: `${first} is not part of a table structure` };
}

/** `public` or `"public"` after CREATE SCHEMA [IF NOT EXISTS] (Supabase's dumps quote every name). */
function namesPublic(tokens: Token[]): boolean {
  let k = tokens.findIndex((t, i) => i > 0 && t.kind === 'ident' && t.value === 'schema') + 1;
  if (k === 0) return false;
  if (tokens[k]?.value === 'if' && tokens[k + 1]?.value === 'not' && tokens[k + 2]?.value === 'exists') k += 3;
  const name = tokens[k];
  return (name?.kind === 'ident' || name?.kind === 'qident') && name.value === 'public';
}

/** `ALTER TYPE name ADD VALUE [IF NOT EXISTS] 'label' [BEFORE | AFTER 'label']` or `RENAME VALUE 'a' TO 'b'`. */
function isAddValue(tokens: Token[]): boolean {
  const at = tokens.findIndex(
    (t) => t.kind === 'ident' && t.depth === 0 && (t.value === 'add' || t.value === 'rename'),
  );
  const rest = tokens.slice(at + 2);
  const words = ['if', 'not', 'exists', 'before', 'after', 'to'];
  return (
    at > 2 &&
    tokens[at + 1]?.value === 'value' &&
    rest.every((t) => t.kind === 'string' || (t.kind === 'ident' && words.includes(t.value)))
  );
}

/**
 * CREATE TYPE: an enum (`AS ENUM`), a composite (`AS (attributes)`: record_in / record_out, built in) or a range
 * (`AS RANGE (options)`) whose options name only built-in functions fit for the purpose (the engine's rangeRefusal:
 * a listed subtype_diff, no canonical, a collation every server has). Nothing else: a base type's INPUT / OUTPUT
 * and a range's canonical are functions, and none the user wrote is ever made.
 */
function userType(tokens: Token[]): DdlDecision {
  const as = tokens.findIndex((t) => t.kind === 'ident' && t.depth === 0 && t.value === 'as');
  const what = tokens[as + 1];
  if (as > 0 && what?.kind === 'ident' && what.value === 'enum') return { action: 'run', kind: 'CREATE TYPE' };
  if (as > 0 && what?.kind === 'punct' && what.value === '(') return { action: 'run', kind: 'CREATE TYPE' };
  if (as > 0 && what?.kind === 'ident' && what.value === 'range' && tokens[as + 2]?.value === '(') {
    const refusal = rangeRefusal(rangeOptions(tokens.slice(as + 3)));
    if (!refusal) return { action: 'run', kind: 'CREATE TYPE' };
    return { action: 'reject', kind: 'CREATE TYPE ... AS RANGE', reason: refusal };
  }
  return {
    action: 'reject',
    kind: 'CREATE TYPE',
    reason: 'only enum, composite and range types (CREATE TYPE ... AS ENUM | AS (...) | AS RANGE (...)) are accepted',
  };
}

/** `key = value, ...)` of a range type at depth 1: keys lower case, values as written. */
function rangeOptions(tokens: Token[]): Map<string, string> {
  const options = new Map<string, string>();
  let key = '';
  for (const [i, token] of tokens.entries()) {
    if (token.depth === 0) break;
    if (token.depth === 1 && token.value === ',') key = '';
    else if (token.depth === 1 && !key && tokens[i + 1]?.value === '=') key = token.text.toLowerCase();
    else if (key && !(token.value === '=' && !options.has(key)))
      options.set(key, (options.get(key) ?? '') + token.text);
  }
  return options;
}

/** A what-if index must be one CREATE [UNIQUE] INDEX; CONCURRENTLY is dropped (it can not run in a transaction). */
export function whatIfIndexSql(tokens: Token[], sql: string): string | undefined {
  const words = leadingWords(tokens, 3);
  const isIndex = words[0] === 'CREATE' && (words[1] === 'INDEX' || (words[1] === 'UNIQUE' && words[2] === 'INDEX'));
  if (!isIndex) return undefined;
  const concurrently = tokens.find((t, i) => i < 4 && t.kind === 'ident' && t.value === 'concurrently');
  if (!concurrently) return sql;
  return sql.slice(0, concurrently.start) + sql.slice(concurrently.end);
}

/** The table a CREATE INDEX names after ON [ONLY], as written (quotes kept), or undefined. */
export function indexTargetTable(tokens: Token[], sql: string): string | undefined {
  const on = tokens.findIndex((t) => t.kind === 'ident' && t.depth === 0 && t.value === 'on');
  if (on < 0) return undefined;
  let i = on + 1;
  if (tokens[i]?.kind === 'ident' && tokens[i].value === 'only') i++;
  const start = tokens[i];
  if (!start || (start.kind !== 'ident' && start.kind !== 'qident')) return undefined;
  let end = i;
  while (
    tokens[end + 1]?.kind === 'punct' &&
    tokens[end + 1].value === '.' &&
    (tokens[end + 2]?.kind === 'ident' || tokens[end + 2]?.kind === 'qident')
  )
    end += 2;
  return sql.slice(start.start, tokens[end].end);
}

/** The 4203 error for a statement of the table structure that may not run, at its position. */
export function rejectedDdlError(schemaSql: string, statement: SqlStatement, decision: DdlDecision): AppError {
  const { line, column } = lineColumnAt(schemaSql, statement.firstTokenStart, 'postgresql');
  const why = decision.reason ?? `${decision.kind} is not part of a table structure`;
  return new AppError(ErrorCode.TABLE_STRUCTURE_INVALID, {
    line,
    column,
    message: {
      zh: `表结构第 ${line} 行第 ${column} 列：只接受规划所需的表结构语句（${ACCEPTED}，列使用内置、枚举、复合或范围类型），不支持 ${decision.kind}`,
      en: `Table structure at line ${line}, column ${column}: only the table structure statements planning needs (${ACCEPTED}; columns of built-in, enum, composite or range types) are accepted; ${why}`,
    },
  });
}

/**
 * The text a statement of the structure is sent as: its own, except a CREATE MATERIALIZED VIEW, which always ends
 * WITH NO DATA (its `WITH DATA` replaced, or the clause added), so the view's query is planned but never run. The
 * statement's positions before its end are kept.
 */
export function sentText(statement: SqlStatement, decision: DdlDecision): string {
  if (decision.kind !== 'CREATE MATERIALIZED VIEW') return statement.text;
  const top = statement.tokens.filter((t) => t.depth === 0 && t.kind !== 'punct');
  const words = top.slice(-3).map((t) => (t.kind === 'ident' ? t.value : ''));
  if (words.join(' ') === 'with no data') return statement.text;
  const last = top.at(-1);
  const end = last ? last.end - statement.start : statement.text.length;
  if (words.slice(1).join(' ') === 'with data') {
    const data = last!.start - statement.start;
    return `${statement.text.slice(0, data)}NO ${statement.text.slice(data)}`;
  }
  return `${statement.text.slice(0, end)} WITH NO DATA${statement.text.slice(end)}`;
}
