import { lex } from '../text/lexer.ts';
import type { FormContext } from './markers.ts';

/**
 * MySQL's and MariaDB's executable comments (`/*! ... *\/`, `/*!50100 ... *\/`, `/*M!100301 ... *\/`): the server runs
 * the code inside them, and the clients print them in what users paste - mysqldump and SHOW CREATE TABLE wrap
 * partitioning (`/*!50100 PARTITION BY RANGE (...) *\/`), invisible columns (`/*!80023 INVISIBLE *\/`) and unenforced
 * checks (`/*!80016 NOT ENFORCED *\/`) in them, and old scripts write `SELECT /*!40001 SQL_NO_CACHE *\/`. The lexer
 * already reads what lies between the marks as code (text/lexer.ts, which leaves mariadb-dump's never-run
 * `/*M!999999` a comment); node-sql-parser skips the whole comment. So the marks are left out of the parser's copy
 * and the code is read as the server reads it (every version's code: a server older than the number would skip it,
 * and reading more only makes the checks see more).
 */
export function executableComments({ text, dialect, substitutions }: FormContext): void {
  if (dialect !== 'mysql') return;
  let open = false;
  for (const token of lex(text, { mysql: true })) {
    if (token.kind !== 'comment') continue;
    const opens = /^\/\*M?!\d*$/.test(token.text);
    const closes = open && token.text === '*/';
    if (!opens && !closes) continue;
    open = opens;
    substitutions.push({ start: token.start, end: token.end, replacement: ' ' });
  }
}
