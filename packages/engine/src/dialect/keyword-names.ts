import type { Dialect } from '@sqltune/contracts';
import { isKeyword, type Token } from '../text/lexer.ts';
import type { FormContext } from './markers.ts';

/**
 * Names the database takes unquoted that node-sql-parser's grammar refuses as reserved words. Where one stands as
 * a name, the parser's copy has it quoted, which gives the same tree as a name the grammar takes unquoted
 * (`column: 'rank'`); where it is the keyword it is left alone.
 *  - MySQL: MariaDB 10.11, the sandbox, reserves none of RANK, OPTION, FULL, WINDOW, SCHEMA, DATABASE (MySQL 8
 *    reserves RANK and WINDOW): a leaderboard's `rank` column, an `option` or a `full` flag. Keywords: RANK() and
 *    DATABASE() calls, a WINDOW clause, FULL JOIN, WITH CHECK OPTION, WITH GRANT OPTION, CREATE DATABASE.
 *  - PostgreSQL: keywords PostgreSQL lists as unreserved, which a column may be named (`session`, `partition` of a
 *    Kafka offsets table, `json`, `at`, `set`, `local`...; not OVER, which the window forms read wherever it stands). Keywords: `x AT TIME ZONE`, `PARTITION
 *    BY`, `ORDER BY`, `FOR [NO KEY] UPDATE`, `ON DELETE CASCADE`, `DO UPDATE`, `NULLS FIRST`, `WITH RECURSIVE`, `SET LOCAL`, a type
 *    (`::json`, `CAST(x AS json)`, a column's type), a statement's first word; privileges and trigger events
 *    (GRANT, REVOKE, CREATE TRIGGER / RULE / POLICY) and settings (SET, RESET) are not read for names at all.
 */
export function keywordNames({ tokens, substitutions, dialect }: FormContext): void {
  const words = dialect === 'mysql' ? MYSQL_NAMES : POSTGRES_NAMES;
  if (dialect === 'postgresql' && namesPrivilegesOrEvents(tokens)) return;
  const ddl = isKeyword(tokens[0], 'CREATE') || isKeyword(tokens[0], 'ALTER');
  const statement = { ddl, structure: ddl && structureOnly(tokens) };
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' || !words.has(token.text.toUpperCase())) return;
    if (!isName(tokens, i, statement, dialect)) return;
    const replacement = dialect === 'mysql' ? `\`${token.text}\`` : `"${token.text.toLowerCase()}"`;
    substitutions.push({ start: token.start, end: token.end, replacement });
  });
}

const MYSQL_NAMES = new Set(['RANK', 'OPTION', 'FULL', 'WINDOW', 'SCHEMA', 'DATABASE']);

const POSTGRES_NAMES = new Set([
  'AT',
  'BY',
  'CALL',
  'DELETE',
  'EXPLAIN',
  'GLOBAL',
  'INSERT',
  'JSON',
  'LOCAL',
  'NULLS',
  'PARTITION',
  'RECURSIVE',
  'RENAME',
  'SESSION',
  'SET',
  'SHOW',
  'TRUNCATE',
  'UPDATE',
]);

/** Words after which the word is the keyword (CREATE DATABASE, WITH GRANT OPTION, ORDER BY, FOR UPDATE...). */
const KEYWORD_BEFORE: Record<Dialect, ReadonlySet<string>> = {
  mysql: new Set(['CREATE', 'DROP', 'ALTER', 'SHOW', 'USE', 'CHECK', 'GRANT', 'ADMIN', 'MATCH', 'IF', 'EXISTS']),
  postgresql: new Set([
    ...['CREATE', 'DROP', 'ALTER', 'IF', 'EXISTS', 'ORDER', 'GROUP', 'PARTITION', 'FOR', 'KEY', 'DO', 'WITH'],
    ...['AT', 'IS', 'UNIQUE', 'TABLE', 'AS', 'RETURNS'],
  ]),
};

/** Tokens after which a word ends an expression or a name (`rank FROM`, `rank = 1`, `rank DESC`). */
const AFTER_NAME = new Set(
  (
    ', ) = < > ! ; + - * / % | & ^ FROM WHERE AND OR AS IS IN NOT LIKE BETWEEN THEN ELSE END WHEN ORDER GROUP ' +
    'LIMIT HAVING UNION ASC DESC ON USING XOR DIV MOD REGEXP RLIKE'
  ).split(' '),
);

/**
 * Statements whose keywords stand in lists (`GRANT SELECT, UPDATE ON t`, `BEFORE INSERT OR UPDATE ON t`) or name
 * settings (`SET LOCAL x`, `SET SESSION CHARACTERISTICS`).
 */
function namesPrivilegesOrEvents(tokens: Token[]): boolean {
  if (['GRANT', 'REVOKE', 'SET', 'RESET'].some((word) => isKeyword(tokens[0], word))) return true;
  if (!isKeyword(tokens[0], 'CREATE')) return false;
  const kind = tokens.slice(1, 5).find((t) => !['OR', 'REPLACE', 'CONSTRAINT'].includes(t.text.toUpperCase()));
  return ['TRIGGER', 'RULE', 'POLICY', 'PUBLICATION', 'EVENT'].some((word) => isKeyword(kind, word));
}

/** What is asked of the whole statement once: CREATE or ALTER, and whether without a query (structureOnly). */
interface StatementShape {
  ddl: boolean;
  structure: boolean;
}

function isName(tokens: Token[], i: number, { ddl, structure }: StatementShape, dialect: Dialect): boolean {
  const [before, after] = [tokens[i - 1], tokens[i + 1]];
  // `@rank` is a user variable, `rank(` a call, the first word the statement's.
  if (i === 0 || before?.text === '@' || after?.text === '(') return false;
  if (before?.text === '.') return true;
  const beforeWord = before?.kind === 'word' ? before.text.toUpperCase() : '';
  // `AS name` is an alias in MySQL; in PostgreSQL AS also precedes a type (CAST) or a query: an alias there is
  // written before FROM, a comma or the end, as other names are.
  if (dialect === 'mysql' && beforeWord === 'AS') return true;
  if (KEYWORD_BEFORE[dialect].has(beforeWord)) return false;
  if (dialect === 'mysql') {
    // FULL [OUTER] JOIN is MySQL's unsupported join (refused elsewhere), not a name.
    if (isKeyword(tokens[i], 'FULL') && (isKeyword(after, 'JOIN') || isKeyword(after, 'OUTER'))) return false;
  } else {
    const decided = postgresName(tokens, i, structure);
    if (decided !== undefined) return decided;
  }
  // A column definition or a key's column in CREATE / ALTER TABLE: `(rank INT`, `, rank INT`, `KEY (rank)`.
  if (ddl && (before?.text === '(' || before?.text === ',')) return true;
  return after === undefined || AFTER_NAME.has(after.text.toUpperCase());
}

/**
 * PostgreSQL contexts that decide by themselves: a keyword or a type whatever follows the word, a structure
 * statement's names; undefined where the next token decides, as for MySQL.
 */
function postgresName(tokens: Token[], i: number, structure: boolean): boolean | undefined {
  const [before, after] = [tokens[i - 1], tokens[i + 1]];
  const word = tokens[i]!.text.toUpperCase();
  // A type: `x::json` (CAST's `AS json` is a KEYWORD_BEFORE).
  if (before?.text === '::') return false;
  // In a structure statement without a query, names stand after `(`, `,` or `.`, or after COLUMN or TO (`ALTER
  // COLUMN x`, `RENAME x TO y`); elsewhere the word is the statement's or a type (`ALTER COLUMN c SET NOT NULL`,
  // `(doc json`).
  if (structure) {
    const previous = before?.kind === 'word' ? before.text.toUpperCase() : (before?.text ?? '');
    return ['(', ',', '.', 'COLUMN', 'TO', 'RENAME'].includes(previous);
  }
  // A data change after a WITH query or inside one (`WITH x AS (...) DELETE FROM t`, `AS (DELETE FROM t ...)`).
  if ((before?.text === ')' || before?.text === '(') && ['INSERT', 'UPDATE', 'DELETE'].includes(word)) return false;
  // `NULLS NOT DISTINCT` in a key (after a column list).
  if (word === 'NULLS' && isKeyword(after, 'NOT')) return false;
  return undefined;
}

/** A CREATE or ALTER without a query in it (a view's or CREATE TABLE AS's query is read as queries are). */
function structureOnly(tokens: Token[]): boolean {
  return !tokens.some((t) => isKeyword(t, 'SELECT') || isKeyword(t, 'VALUES'));
}
