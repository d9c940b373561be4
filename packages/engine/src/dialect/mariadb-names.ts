import { isKeyword, type Token } from '../text/lexer.ts';
import type { FormContext } from './markers.ts';

/**
 * Names MariaDB takes unquoted that node-sql-parser's MySQL grammar refuses as reserved words (MySQL 8 reserves
 * RANK and WINDOW; MariaDB 10.11, the sandbox, reserves none of these): a leaderboard's `rank` column, an `option`
 * or a `full` flag. Where one stands as a name, the parser's copy has it in backticks, which gives the same tree as a
 * name the grammar takes unquoted (`column: 'rank'`). Where it is the keyword (RANK() and DATABASE() calls, a WINDOW
 * clause, FULL JOIN, WITH CHECK OPTION, WITH GRANT OPTION, CREATE DATABASE) it is left alone.
 */
export function mariadbNames({ tokens, substitutions }: FormContext): void {
  const ddl = isKeyword(tokens[0], 'CREATE') || isKeyword(tokens[0], 'ALTER');
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' || !NAMES.has(token.text.toUpperCase())) return;
    if (isName(tokens, i, ddl)) {
      substitutions.push({ start: token.start, end: token.end, replacement: `\`${token.text}\`` });
    }
  });
}

const NAMES = new Set(['RANK', 'OPTION', 'FULL', 'WINDOW', 'SCHEMA', 'DATABASE']);

/**
 * Words after which the word is the keyword (CREATE DATABASE, WITH CHECK | GRANT | ADMIN OPTION, SHOW FULL, a foreign
 * key's MATCH FULL).
 */
const KEYWORD_BEFORE = new Set([
  'CREATE',
  'DROP',
  'ALTER',
  'SHOW',
  'USE',
  'CHECK',
  'GRANT',
  'ADMIN',
  'MATCH',
  'IF',
  'EXISTS',
]);

/** Tokens after which a word ends an expression or a name (`rank FROM`, `rank = 1`, `rank DESC`). */
const AFTER_NAME = new Set(
  (
    ', ) = < > ! ; + - * / % | & ^ FROM WHERE AND OR AS IS IN NOT LIKE BETWEEN THEN ELSE END WHEN ORDER GROUP ' +
    'LIMIT HAVING UNION ASC DESC ON USING XOR DIV MOD REGEXP RLIKE'
  ).split(' '),
);

function isName(tokens: Token[], i: number, ddl: boolean): boolean {
  const [before, after] = [tokens[i - 1], tokens[i + 1]];
  // `@rank` is a user variable, `rank(` a call.
  if (
    before?.text === '@' ||
    after?.text === '(' ||
    (before?.kind === 'word' && KEYWORD_BEFORE.has(before.text.toUpperCase()))
  )
    return false;
  // FULL [OUTER] JOIN is MySQL's unsupported join (refused elsewhere), not a name.
  if (isKeyword(tokens[i], 'FULL') && (isKeyword(after, 'JOIN') || isKeyword(after, 'OUTER'))) return false;
  if (before?.text === '.' || isKeyword(before, 'AS')) return true;
  // A column definition or a key's column in CREATE / ALTER TABLE: `(rank INT`, `, rank INT`, `KEY (rank)`.
  if (ddl && (before?.text === '(' || before?.text === ',')) return true;
  return after === undefined || AFTER_NAME.has(after.text.toUpperCase());
}
