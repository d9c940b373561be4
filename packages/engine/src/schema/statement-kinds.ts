import type { Dialect } from '@sqltune/contracts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';
import { options, rangeRefusal } from './postgres-objects.ts';

/**
 * What a statement of the table structure field is, before it is parsed. The field takes what dump tools and
 * clients print (mysqldump, pg_dump, SHOW CREATE TABLE), so besides the statements that make the structure it meets
 * statements that change nothing for planning. The planners' allow lists (planner/src/pglite/ddl.ts,
 * planner/src/mariadb/ddl.ts) decide the same way what runs in a sandbox, what is skipped and what is refused.
 *
 *  - 'create-table', 'create-index', 'alter-table': read into the schema model (ALTER TABLE for the keys and indexes
 *    pg_dump and some mysqldump runs add after the tables, and a migration history's column, index and table
 *    changes: migration-steps.ts);
 *  - 'change': a migration history's later steps, DROP TABLE | INDEX | VIEW [IF EXISTS] and MySQL's RENAME TABLE:
 *    the model and the sandboxes end as the history does;
 *  - 'accepted': structure the sandbox needs that the model does not hold - views (statements over them plan; the
 *    sandboxes run them as the session's unprivileged role) and PostgreSQL's materialized views (made WITH NO DATA,
 *    ALTER MATERIALIZED VIEW), PostgreSQL's CREATE SCHEMA (without schema elements),
 *    CREATE SEQUENCE (serial columns), CREATE TYPE ... AS ENUM and ALTER TYPE ... ADD | RENAME VALUE, composite types, range types naming only built-in
 *    functions, CREATE / ALTER STATISTICS (extended statistics), ALTER SEQUENCE, ALTER INDEX, COMMENT ON;
 *  - 'noise': SET, RESET (PostgreSQL), USE, LOCK / UNLOCK TABLES, FLUSH, the client's SOURCE (MySQL), transactions,
 *    GRANT / REVOKE, a
 *    SELECT of no table (a script's message), ... OWNER TO, REFRESH MATERIALIZED VIEW (data), ALTER DEFAULT
 *    PRIVILEGES, DROP ... IF EXISTS of other objects (the sandbox starts empty), CREATE DATABASE / SCHEMA, CREATE EXTENSION, pg_dump's
 *    `SELECT pg_catalog.set_config(...)`, ALTER TABLE ... DISABLE / ENABLE KEYS, DELIMITER;
 *  - 'refused': everything else (TRUNCATE, code, queries, DROP without IF EXISTS ...): 4203 at the statement.
 * A dump's code (functions, triggers, procedures, events, ...), a migration history's data steps (data-steps.ts) and
 * PostgreSQL domains are taken out of the text before statements are classified (skipped-code.ts), so they are
 * refused here only if they come some other way.
 */
export type SchemaStatementKind =
  | 'create-table'
  | 'create-index'
  | 'alter-table'
  | 'change'
  | 'accepted'
  | 'noise'
  | 'refused';

/**
 * First words of the statements a structure script carries that change nothing for planning, per dialect. The
 * sandboxes' allow lists skip exactly these (planner/src/pglite/ddl.ts, planner/src/mariadb/ddl.ts), so what the
 * check calls noise never meets a 4203 when the structure is planned.
 */
export const SCHEMA_NOISE_FIRST_WORDS: Readonly<Record<Dialect, ReadonlySet<string>>> = {
  postgresql: new Set(['SET', 'RESET', 'GRANT', 'REVOKE', 'BEGIN', 'COMMIT', 'START', 'END', 'ROLLBACK']),
  // The mysql client's `source file` and the server's FLUSH LOGS, in schema scripts (MySQL's employees.sql).
  mysql: new Set([
    'SET',
    'USE',
    'LOCK',
    'UNLOCK',
    'BEGIN',
    'COMMIT',
    'START',
    'ROLLBACK',
    'GRANT',
    'REVOKE',
    'DELIMITER',
    'SOURCE',
    'FLUSH',
  ]),
};

/** The upper-case words at the start of the statement, up to `count` (names and punctuation stop the run). */
function leadingWords(tokens: Token[], count: number): string[] {
  const words: string[] = [];
  for (const token of tokens) {
    if (token.kind !== 'word' || words.length >= count) break;
    words.push(token.text.toUpperCase());
  }
  return words;
}

function hasWord(tokens: Token[], word: string): boolean {
  return tokens.some((t) => isKeyword(t, word));
}

export function schemaStatementKind(text: string, dialect: Dialect): SchemaStatementKind {
  const tokens = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  const words = leadingWords(tokens, 6);
  const [first = '', second = ''] = words;
  if (SCHEMA_NOISE_FIRST_WORDS[dialect].has(first)) return 'noise';
  if (first === 'SELECT')
    return isSetConfig(tokens) || (dialect === 'mysql' && isMessage(tokens)) ? 'noise' : 'refused';
  // pg_dump's post-data fills a materialized view: data, which the sandbox does not load.
  if (first === 'REFRESH' && second === 'MATERIALIZED') return dialect === 'postgresql' ? 'noise' : 'refused';
  if (first === 'DROP') return dropKind(words, tokens, dialect);
  if (first === 'RENAME' && second === 'TABLE' && dialect === 'mysql') return 'change';
  if (first === 'ALTER') return alterKind(tokens, second, dialect);
  if (first === 'COMMENT' && second === 'ON') return dialect === 'postgresql' ? 'accepted' : 'refused';
  if (first === 'CREATE') return createKind(words, tokens, dialect);
  return 'refused';
}

/**
 * MySQL: a SELECT of no table, which a schema script runs to print a message (MySQL's employees.sql:
 * `SELECT 'CREATING DATABASE STRUCTURE' as 'INFO';`): no FROM and no INTO anywhere; the MariaDB sandbox skips it
 * unrun. (PostgreSQL's sandboxes would have to run it, and a call there may change state: setval, pg_sleep.)
 */
function isMessage(tokens: Token[]): boolean {
  return !tokens.some((t) => isKeyword(t, 'FROM') || isKeyword(t, 'INTO'));
}

/** pg_dump's `SELECT pg_catalog.set_config('search_path', '', false);`. */
function isSetConfig(tokens: Token[]): boolean {
  const name = tokens[1]?.text.toLowerCase();
  return (name === 'set_config' || name === 'pg_catalog.set_config') && tokens[2]?.text === '(';
}

/** The objects whose DROP a migration history ends with: the model and the sandboxes drop them too. */
const DROPPED_OBJECTS = new Set(['TABLE', 'INDEX', 'VIEW']);

/**
 * DROP TABLE | INDEX | VIEW, with or without IF EXISTS, changes what a history made ('change'); any other DROP with IF
 * EXISTS is noise (the sandbox starts empty: a dump's DROP DATABASE IF EXISTS), without it refused.
 */
function dropKind(words: string[], tokens: Token[], dialect: Dialect): SchemaStatementKind {
  const object = words[1] === 'MATERIALIZED' && dialect === 'postgresql' ? 'VIEW' : (words[1] ?? '');
  if (DROPPED_OBJECTS.has(object)) return 'change';
  return hasWord(tokens, 'IF') && hasWord(tokens, 'EXISTS') ? 'noise' : 'refused';
}

function alterKind(tokens: Token[], object: string, dialect: Dialect): SchemaStatementKind {
  if (hasWord(tokens, 'OWNER') && tokens.some((t, i) => isKeyword(t, 'OWNER') && isKeyword(tokens[i + 1], 'TO'))) {
    return 'noise';
  }
  if (object === 'DEFAULT') return 'noise';
  if (object === 'TABLE' || (object === 'ONLINE' && dialect === 'mysql') || object === 'IGNORE') {
    const keys = tokens.findIndex((t) => isKeyword(t, 'KEYS'));
    if (keys > 0 && (isKeyword(tokens[keys - 1], 'DISABLE') || isKeyword(tokens[keys - 1], 'ENABLE'))) return 'noise';
    return 'alter-table';
  }
  if (dialect === 'postgresql' && ['SEQUENCE', 'INDEX', 'MATERIALIZED', 'STATISTICS'].includes(object))
    return 'accepted';
  // A migration's new or renamed enum label: `ALTER TYPE status ADD VALUE [IF NOT EXISTS] 'shipped' [AFTER 'paid']`.
  if (dialect === 'postgresql' && object === 'TYPE' && isAddValue(tokens)) return 'accepted';
  return 'refused';
}

/**
 * `ALTER TYPE name ADD VALUE [IF NOT EXISTS] 'label' [BEFORE | AFTER 'label']` or `RENAME VALUE 'a' TO 'b'`: an
 * enum's labels, nothing that runs.
 */
export function isAddValue(tokens: Token[]): boolean {
  const at = tokens.findIndex((t) => isKeyword(t, 'ADD') || isKeyword(t, 'RENAME'));
  const words = ['IF', 'NOT', 'EXISTS', 'BEFORE', 'AFTER', 'TO'];
  return (
    at > 2 &&
    isKeyword(tokens[at + 1], 'VALUE') &&
    tokens.slice(at + 2).every((t) => t.kind === 'string' || t.text === ';' || words.some((w) => isKeyword(t, w)))
  );
}

const CREATE_MODIFIERS = new Set(['OR', 'REPLACE', 'UNIQUE', 'UNLOGGED', 'FULLTEXT', 'SPATIAL', 'TEMP', 'TEMPORARY']);

function createKind(words: string[], tokens: Token[], dialect: Dialect): SchemaStatementKind {
  const object = words.slice(1).find((w) => !CREATE_MODIFIERS.has(w)) ?? '';
  if (object === 'TABLE') return 'create-table';
  if (object === 'INDEX') return 'create-index';
  if (object === 'DATABASE' || object === 'EXTENSION') return 'noise';
  if (object === 'SCHEMA') {
    if (dialect === 'mysql' || isPublicSchema(tokens)) return 'noise';
    return isPlainSchema(tokens) ? 'accepted' : 'refused';
  }
  // mysqldump's views (`/*!50001 CREATE ALGORITHM=UNDEFINED DEFINER=... VIEW v AS ... */`): the MariaDB sandbox runs
  // them as the session's user, so statements over them plan.
  if (dialect === 'mysql') return isView(tokens) ? 'accepted' : 'refused';
  // Extended statistics: made in the sandbox, without values (planner/src/pglite/statistics-objects.ts).
  if (object === 'SEQUENCE' || object === 'VIEW' || object === 'STATISTICS') return 'accepted';
  // The sandbox makes it WITH NO DATA (planner/src/pglite/ddl.ts sentText): its query is planned, never run.
  if (object === 'MATERIALIZED' && words.includes('VIEW')) return 'accepted';
  if (object === 'TYPE') return userTypeKind(tokens);
  return 'refused';
}

/**
 * PostgreSQL's `CREATE TYPE name AS ENUM (...)`, `AS (attributes)` (a composite type) and `AS RANGE (options)` whose
 * options the allow lists take (postgres-objects.ts rangeRefusal: built-in functions only; a refused one is taken
 * out before, its columns planned with a stand-in). A base type (`CREATE TYPE name (INPUT = ...)`) and a shell type
 * are refused: they need functions of their own.
 */
function userTypeKind(tokens: Token[]): SchemaStatementKind {
  const as = tokens.findIndex((t) => isKeyword(t, 'AS'));
  if (as < 0) return 'refused';
  const what = tokens[as + 1];
  if (isKeyword(what, 'ENUM') || what?.text === '(') return 'accepted';
  if (!isKeyword(what, 'RANGE') || tokens[as + 2]?.text !== '(') return 'refused';
  return rangeRefusal(options(tokens, as + 2)) === undefined ? 'accepted' : 'refused';
}

/** A MySQL CREATE ... VIEW: the word VIEW before the first AS. */
function isView(tokens: Token[]): boolean {
  const as = tokens.findIndex((t) => isKeyword(t, 'AS'));
  return tokens.slice(0, as < 0 ? tokens.length : as).some((t) => isKeyword(t, 'VIEW'));
}

/**
 * `CREATE SCHEMA [IF NOT EXISTS] name [AUTHORIZATION role]`, without schema elements (a trigger could hide among them).
 */
function isPlainSchema(tokens: Token[]): boolean {
  const words = tokens.slice(2).filter((t) => !['IF', 'NOT', 'EXISTS'].some((w) => isKeyword(t, w)));
  return words.length === 1 || (words.length === 3 && isKeyword(words[1], 'AUTHORIZATION'));
}

/** `CREATE SCHEMA [IF NOT EXISTS] public`: pg_dump's, and the sandbox has it. */
function isPublicSchema(tokens: Token[]): boolean {
  return tokens.at(-1)?.text.toLowerCase() === 'public' || tokens.at(-1)?.text === '"public"';
}
