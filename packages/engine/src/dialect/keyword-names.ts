import type { Dialect } from '@sqltune/contracts';
import { POSTGRESQL_RESERVED } from '../semantics/reserved-words.ts';
import { isKeyword, type Token } from '../text/lexer.ts';
import { type FormContext, openingParen } from './markers.ts';

/**
 * Names the database takes unquoted that node-sql-parser's grammar refuses as reserved words. Where one stands as
 * a name, the parser's copy has it quoted, which gives the same tree as a name the grammar takes unquoted
 * (`column: 'rank'`); where it is the keyword it is left alone.
 *  - MySQL: words MariaDB 10.11, the sandbox, does not reserve (MySQL 8 reserves some of them: RANK, WINDOW, ROW,
 *    OF, GET, STORED, VIRTUAL, GENERATED, LAST_VALUE, JSON_TABLE): a leaderboard's `rank` column, an `option`, a
 *    `full` or a `boolean` flag, a `row`, a `function`, a `stored` flag. Keywords: RANK(), ROW(), LAST_VALUE(),
 *    JSON_TABLE() and DATABASE() calls, a WINDOW clause, FULL JOIN, WITH CHECK OPTION, WITH GRANT OPTION, CREATE
 *    DATABASE / FUNCTION, FOR UPDATE OF, MINUS between queries, a column's type (`flag BOOLEAN`) and its GENERATED
 *    ALWAYS AS (...) STORED / VIRTUAL / PERSISTENT.
 *  - PostgreSQL: keywords PostgreSQL lists as unreserved, which a column may be named (`session`, `partition` of a
 *    Kafka offsets table, `json`, `at`, `set`, `local`, `over`, `drop`...). Keywords: `x AT TIME ZONE`, `PARTITION
 *    BY`, `ORDER BY`, `f(x) OVER (...)`, `FOR [NO KEY] UPDATE`, `ON DELETE CASCADE`, `DO UPDATE`, `NULLS FIRST`,
 *    `WITH RECURSIVE`, `SET LOCAL`, `[NOT] EXISTS (...)`, `IF EXISTS`, ALTER TABLE's `, DROP ...`, a type (`::json`,
 *    `CAST(x AS json)`, a column's type), a statement's first word; privileges and trigger events (GRANT, REVOKE,
 *    CREATE TRIGGER / RULE / POLICY) and settings (SET, RESET) are not read for names at all. After AS in a select
 *    list or RETURNING, PostgreSQL takes any keyword as the output name, reserved ones too (`count(*) AS order`,
 *    `AS user`, `AS limit`: ColLabel in its grammar).
 */
export function keywordNames(context: FormContext): void {
  const { tokens, substitutions, dialect } = context;
  const words = dialect === 'mysql' ? MYSQL_NAMES : POSTGRES_NAMES;
  if (dialect === 'postgresql' && namesPrivilegesOrEvents(tokens)) return;
  const ddl = isKeyword(tokens[0], 'CREATE') || isKeyword(tokens[0], 'ALTER');
  const merge = tokens.some((t) => isKeyword(t, 'MERGE'));
  const statement = { ddl, structure: ddl && structureOnly(tokens), merge };
  const quote = (name: string) => (dialect === 'mysql' ? `\`${name}\`` : `"${name.toLowerCase()}"`);
  // The tokens as decided so far: a word after one made a name reads it as the name it is (`by BETWEEN 1 AND 2`).
  const read = tokens.slice();
  tokens.forEach((token, i) => {
    if (token.kind !== 'word') return;
    if (token.text.includes('.')) {
      // A qualified name the lexer reads as one word (`at.id`, `session.user_id`): a keyword before a dot is a
      // table's or a schema's name.
      const qualifiers = dialect === 'mysql' ? MYSQL_QUALIFIERS : words;
      const parts = token.text.split('.');
      const text = parts.map((part, k) =>
        k < parts.length - 1 && qualifiers.has(part.toUpperCase()) ? quote(part) : part,
      );
      if (text.join('.') !== token.text) read[i] = { ...token, text: text.join('.') };
      return;
    }
    const word = token.text.toUpperCase();
    // PostgreSQL takes any keyword after a dot (`t . limit`) or as an alias after AS (isPostgresAlias), and most as
    // an alias without AS (isBareLabel).
    const label = dialect === 'postgresql' && POSTGRES_LABELS.has(word);
    const alias = label && (read[i - 1]?.text === '.' || isPostgresAlias(read, i, word) || isBareLabel(read, i, word));
    if (alias || (words.has(word) && isName(read, i, statement, dialect))) {
      read[i] = { ...token, kind: 'quoted', text: quote(token.text) };
    }
  });
  const renamed = read.filter((token, i) => token !== tokens[i]);
  if (renamed.length === 0) return;
  for (const { start, end, text } of renamed) substitutions.push({ start, end, replacement: text });
  // The forms after this one read the names as the quoted names they now are: a column named `over` or an alias
  // `AS limit` is no window or LIMIT clause to them. (The lexer's tokens are shared: the context gets a copy.)
  context.tokens = read;
}

const MYSQL_NAMES = new Set([
  ...['RANK', 'OPTION', 'FULL', 'WINDOW', 'SCHEMA', 'DATABASE', 'BOOLEAN', 'FUNCTION', 'GENERATED', 'GET'],
  ...['JSON_TABLE', 'LAST_VALUE', 'MINUS', 'OF', 'ROW', 'STORED', 'VIRTUAL', 'PERSISTENT'],
]);

/**
 * MySQL names before a dot: the names above and the SELECT options, which MariaDB takes as a table's alias
 * (`FROM t sql_cache ... sql_cache.id`) and the grammar reads as the option wherever it is not quoted. Elsewhere they
 * stay the options (`SELECT SQL_NO_CACHE * FROM t`).
 */
const MYSQL_QUALIFIERS = new Set([...MYSQL_NAMES, 'SQL_CACHE', 'SQL_NO_CACHE', 'SQL_BUFFER_RESULT']);

const POSTGRES_NAMES = new Set([
  'ADD',
  'ALTER',
  'AT',
  'BETWEEN',
  'BY',
  'CALL',
  'DELETE',
  'DROP',
  'EXISTS',
  'EXPLAIN',
  'GLOBAL',
  'INSERT',
  'JSON',
  'LOCAL',
  'NULLS',
  'OVER',
  'PARTITION',
  'RECURSIVE',
  'RENAME',
  'SESSION',
  'SET',
  'SHOW',
  'TRUNCATE',
  'UPDATE',
]);

/** The keywords node-sql-parser refuses as an output name after AS: the names above and the reserved words. */
const POSTGRES_LABELS = new Set([...POSTGRES_NAMES, ...POSTGRESQL_RESERVED]);

/**
 * Words after which the word is the keyword (CREATE DATABASE, WITH GRANT OPTION, ORDER BY, FOR UPDATE, a window
 * frame's CURRENT ROW, a trigger's FOR EACH ROW...).
 */
const KEYWORD_BEFORE: Record<Dialect, ReadonlySet<string>> = {
  mysql: new Set([
    ...['CREATE', 'DROP', 'ALTER', 'SHOW', 'USE', 'CHECK', 'GRANT', 'ADMIN', 'MATCH', 'IF', 'EXISTS'],
    ...['CURRENT', 'EACH'],
  ]),
  postgresql: new Set([
    ...['CREATE', 'DROP', 'ALTER', 'IF', 'EXISTS', 'ORDER', 'GROUP', 'PARTITION', 'FOR', 'KEY', 'DO', 'WITH'],
    ...['AT', 'IS', 'UNIQUE', 'TABLE', 'AS', 'RETURNS'],
  ]),
};

/** Tokens after which a word ends an expression or a name (`rank FROM`, `rank = 1`, `rank DESC`). */
const AFTER_NAME = new Set(
  (
    ', ) = < > ! ; + - * / % | & ^ FROM WHERE AND OR AS IS IN NOT LIKE BETWEEN THEN ELSE END WHEN ORDER GROUP ' +
    'LIMIT HAVING UNION ASC DESC ON USING XOR DIV MOD REGEXP RLIKE JOIN INNER LEFT RIGHT FULL CROSS NATURAL'
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

/**
 * What is asked of the whole statement once: CREATE or ALTER, whether without a query (structureOnly), whether a
 * MERGE (whose actions follow THEN).
 */
interface StatementShape {
  ddl: boolean;
  structure: boolean;
  merge: boolean;
}

function isName(tokens: Token[], i: number, statement: StatementShape, dialect: Dialect): boolean {
  const { ddl, structure } = statement;
  const [before, after] = [tokens[i - 1], tokens[i + 1]];
  // `@rank` is a user variable, `rank(` a call, the first word the statement's.
  if (i === 0 || before?.text === '@' || after?.text === '(') return false;
  // A qualified name's parts: `t.rank`, `session.id`.
  if (before?.text === '.' || after?.text === '.') return true;
  const beforeWord = before?.kind === 'word' ? before.text.toUpperCase() : '';
  // `AS name` is an alias in MySQL; in PostgreSQL AS also precedes a type (CAST) or a query: its aliases are
  // isPostgresAlias's.
  if (dialect === 'mysql' && beforeWord === 'AS') return true;
  if (KEYWORD_BEFORE[dialect].has(beforeWord)) return false;
  const decided = dialect === 'mysql' ? mysqlName(tokens, i, ddl) : postgresName(tokens, i, statement);
  if (decided !== undefined) return decided;
  // In a structure statement without a query, names stand after `(`, `,` or `.`, or after the words that name a
  // column (`ALTER COLUMN x`, `RENAME x TO y`, MySQL's `MODIFY x`); elsewhere the word is the statement's or a type
  // (`ALTER COLUMN c SET NOT NULL`, `(doc json`, `(flag BOOLEAN`).
  if (structure) return STRUCTURE_NAME_AFTER[dialect].has(beforeWord || (before?.text ?? ''));
  // A column definition or a key's column in CREATE / ALTER TABLE: `(rank INT`, `, rank INT`, `KEY (rank)`.
  if (ddl && (before?.text === '(' || before?.text === ',')) return true;
  return after === undefined || AFTER_NAME.has(after.text.toUpperCase());
}

/** The tokens after which a structure statement names a column. */
const STRUCTURE_NAME_AFTER: Record<Dialect, ReadonlySet<string>> = {
  mysql: new Set(['(', ',', 'COLUMN', 'TO', 'RENAME', 'ADD', 'MODIFY', 'CHANGE', 'DROP', 'AFTER']),
  postgresql: new Set(['(', ',', 'COLUMN', 'TO', 'RENAME']),
};

/** MySQL contexts that decide by themselves; undefined where the rest of isName decides. */
function mysqlName(tokens: Token[], i: number, ddl: boolean): boolean | undefined {
  const [before, after] = [tokens[i - 1], tokens[i + 1]];
  // FULL [OUTER] JOIN is MySQL's unsupported join (refused elsewhere), not a name.
  if (isKeyword(tokens[i], 'FULL') && (isKeyword(after, 'JOIN') || isKeyword(after, 'OUTER'))) return false;
  // After a parenthesis a table's definition goes on with keywords: `AS (a + b) STORED`, `) ENGINE=...`.
  if (ddl && before?.text === ')') return false;
  return undefined;
}

/**
 * PostgreSQL contexts that decide by themselves: a keyword or a type whatever follows the word; undefined where the
 * rest of isName decides (in a structure statement, by the word before).
 */
function postgresName(tokens: Token[], i: number, { structure, merge }: StatementShape): boolean | undefined {
  const [before, after] = [tokens[i - 1], tokens[i + 1]];
  const word = tokens[i]!.text.toUpperCase();
  // A type: `x::json` (CAST's `AS json` is a KEYWORD_BEFORE).
  if (before?.text === '::') return false;
  // ALTER TABLE's next action: `ADD COLUMN a int, DROP COLUMN b, ALTER COLUMN c SET NOT NULL`.
  if (before?.text === ',' && isKeyword(tokens[0], 'ALTER') && ['ADD', 'ALTER', 'DROP'].includes(word)) return false;
  if (structure) return undefined;
  // UPDATE's SET (`UPDATE t SET between = 1`, `DO UPDATE SET`), whatever follows it.
  if (word === 'SET' && clauseOf(tokens, i) === 'UPDATE') return false;
  // `x [NOT] BETWEEN a AND b`: a name stands where an operand starts (`WHERE between = 1`, `a, between`) and as a
  // table's alias (`FROM t between WHERE`), where no operand stands.
  if (word === 'BETWEEN') {
    const operandStart = OPERAND_AFTER.has(before?.kind === 'word' ? before.text.toUpperCase() : (before?.text ?? ''));
    return operandStart || TABLE_CLAUSES.has(clauseOf(tokens, i) ?? '');
  }
  // A data change after a WITH query or inside one (`WITH x AS (...) DELETE FROM t`, `AS (DELETE FROM t ...)`,
  // `AS (UPDATE t SET ...)`), a MERGE's action (`WHEN MATCHED THEN DELETE`); in parentheses a name where a name
  // ends (`max(update)`, `(delete, 1)`) but before FROM.
  const change = ['INSERT', 'UPDATE', 'DELETE'].includes(word);
  const nameEnds = after !== undefined && AFTER_NAME.has(after.text.toUpperCase()) && !isKeyword(after, 'FROM');
  if (change && before?.text === '(') return nameEnds;
  if (change && (before?.text === ')' || (merge && isKeyword(before, 'THEN')))) return false;
  // `NULLS NOT DISTINCT` in a key (after a column list).
  if (word === 'NULLS' && isKeyword(after, 'NOT')) return false;
  return undefined;
}

/**
 * A PostgreSQL alias written after AS: in a select list or RETURNING any keyword, reserved ones too (ColLabel in
 * PostgreSQL's grammar: `count(*) AS order`); after a table in FROM, JOIN, UPDATE, INSERT INTO, MERGE ... USING the
 * unreserved keywords (ColId: `FROM events AS at`). Elsewhere AS precedes a type (`CAST(x AS json)`) or a query.
 */
function isPostgresAlias(tokens: Token[], i: number, word: string): boolean {
  if (!isKeyword(tokens[i - 1], 'AS')) return false;
  const clause = clauseOf(tokens, i - 1);
  if (clause === 'SELECT' || clause === 'RETURNING') return true;
  return clause !== undefined && TABLE_CLAUSES.has(clause) && POSTGRES_NAMES.has(word);
}

/**
 * A PostgreSQL output name without AS (BareColLabel, PostgreSQL 14 and later): any keyword but those of
 * NOT_BARE_LABELS, reserved ones too (`count(*) total`, `sum(x) all`, `a and`, `CASE ... END end`), where it ends a
 * select list's or RETURNING's item: after an operand, before `,`, FROM, the end or the next clause. Elsewhere the
 * word is the keyword (`a AND b`, `a IS NULL`, `CASE WHEN a THEN b END`, `x BETWEEN 1 AND 2`, `ORDER BY a DESC`).
 */
function isBareLabel(tokens: Token[], i: number, word: string): boolean {
  if (NOT_BARE_LABELS.has(word) || !endsOperand(tokens[i - 1])) return false;
  const after = tokens[i + 1];
  if (after !== undefined && !ITEM_END.has(after.kind === 'word' ? after.text.toUpperCase() : after.text)) return false;
  const clause = clauseOf(tokens, i);
  if (clause !== 'SELECT' && clause !== 'RETURNING') return false;
  return word !== 'END' || !closesCase(tokens, i);
}

/** PostgreSQL 15's keywords that take AS to be an output name (`pg_get_keywords()`, barelabel false). */
const NOT_BARE_LABELS = new Set([
  ...['ARRAY', 'AS', 'CREATE', 'EXCEPT', 'FETCH', 'FOR', 'FROM', 'GRANT', 'GROUP', 'HAVING', 'INTERSECT', 'INTO'],
  ...['LIMIT', 'OFFSET', 'ON', 'ORDER', 'RETURNING', 'TO', 'UNION', 'WHERE', 'WINDOW', 'WITH'],
  ...['CHAR', 'CHARACTER', 'PRECISION', 'ISNULL', 'NOTNULL', 'OVERLAPS'],
  ...['DAY', 'FILTER', 'HOUR', 'MINUTE', 'MONTH', 'OVER', 'SECOND', 'VARYING', 'WITHIN', 'WITHOUT', 'YEAR'],
]);

/** What ends a select list's item: the next item, the list's end, the clause after it. */
const ITEM_END = new Set([
  ...[',', ')', ';', 'FROM', 'INTO', 'WHERE', 'GROUP', 'HAVING', 'WINDOW', 'ORDER', 'LIMIT', 'OFFSET', 'FETCH'],
  ...['FOR', 'UNION', 'INTERSECT', 'EXCEPT'],
]);

/** Reserved words that are values, so end an operand (`SELECT null and`, `CASE ... END end`). */
const VALUE_WORDS = new Set([
  ...['NULL', 'TRUE', 'FALSE', 'END', 'USER', 'SESSION_USER', 'CURRENT_USER', 'CURRENT_ROLE', 'CURRENT_CATALOG'],
  ...['CURRENT_SCHEMA', 'CURRENT_DATE', 'CURRENT_TIME', 'CURRENT_TIMESTAMP', 'LOCALTIME', 'LOCALTIMESTAMP'],
]);

/**
 * Whether a token ends an operand: a name, a literal, a closing parenthesis; no operator or clause keyword, nor a
 * word after which the keyword is one (`x AT LOCAL`).
 */
function endsOperand(token: Token | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind === 'string' || token.kind === 'quoted') return true;
  if (token.kind !== 'word') return token.text === ')' || token.text === ']';
  const word = token.text.toUpperCase();
  if (KEYWORD_BEFORE.postgresql.has(word)) return false;
  return !POSTGRESQL_RESERVED.has(word) || VALUE_WORDS.has(word);
}

/** Whether the END at `i` closes a CASE opened before it (CASE and END counted as the keywords they still are). */
function closesCase(tokens: Token[], i: number): boolean {
  let open = 0;
  for (const token of tokens.slice(0, i)) {
    if (isKeyword(token, 'CASE')) open++;
    else if (isKeyword(token, 'END') && open > 0) open--;
  }
  return open > 0;
}

/** Words and symbols a name follows (a column or a table named between, not the operator). */
const OPERAND_AFTER = new Set([
  ...['SELECT', 'WHERE', 'AND', 'OR', 'ON', 'BY', 'HAVING', 'SET', 'RETURNING', 'FROM', 'JOIN', 'INTO'],
  ...['CASE', 'WHEN', 'THEN', 'ELSE'],
  ...['(', ',', '=', '<', '>', '<>', '!=', '<=', '>=', '+', '-', '*', '/', '||'],
]);

const TABLE_CLAUSES = new Set(['FROM', 'JOIN', 'UPDATE', 'INTO', 'USING']);

/** Words that open a clause or a statement, as clauseOf finds them. */
const CLAUSE_WORDS = new Set([
  ...TABLE_CLAUSES,
  ...['SELECT', 'RETURNING', 'WHERE', 'GROUP', 'HAVING', 'WINDOW', 'ORDER', 'LIMIT', 'OFFSET', 'FETCH', 'WITH'],
  ...['UNION', 'INTERSECT', 'EXCEPT', 'VALUES', 'SET', 'TABLE', 'VIEW', 'CREATE', 'PREPARE', 'ON'],
]);

/**
 * The clause the token at `i` stands in at its depth: the nearest clause word before it outside parentheses (an
 * earlier alias after AS and the FROM of `IS DISTINCT FROM` are no clause); undefined inside a parenthesis that opens
 * no query (`CAST(x AS json)`).
 */
function clauseOf(tokens: Token[], i: number): string | undefined {
  for (let k = i - 1; k >= 0; k--) {
    const token = tokens[k]!;
    if (token.text === ')') {
      k = openingParen(tokens, k);
      if (k < 0) return undefined;
      continue;
    }
    if (token.text === '(') return undefined;
    if (token.kind !== 'word' || isKeyword(tokens[k - 1], 'AS')) continue;
    const word = token.text.toUpperCase();
    if (word === 'FROM' && isKeyword(tokens[k - 1], 'DISTINCT')) continue;
    if (CLAUSE_WORDS.has(word)) return word;
  }
  return undefined;
}

/** A CREATE or ALTER without a query in it (a view's or CREATE TABLE AS's query is read as queries are). */
function structureOnly(tokens: Token[]): boolean {
  return !tokens.some((t) => isKeyword(t, 'SELECT') || isKeyword(t, 'VALUES'));
}
