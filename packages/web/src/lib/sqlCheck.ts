/**
 * Client-side checks of the SQL input, read by the engine's own lexer and splitter (`@sqltune/engine/text`, which
 * loads no parser), so the browser refuses exactly the statements the engine refuses (4205) and splits where the
 * server would.
 */
import type { Dialect } from '@sqltune/contracts';
import { isDataChange, splitStatements } from '@sqltune/engine/text';

export type SqlProblem = 'required' | 'notAllowed';

/** null when the text may be sent; otherwise what is wrong with it. */
export function checkSql(text: string, dialect: Dialect = 'mysql'): SqlProblem | null {
  const statements = splitStatements(text, dialect);
  if (statements.length === 0) return 'required';
  const mysql = dialect === 'mysql';
  if (statements.some((statement) => isDataChange(statement.text, mysql))) return 'notAllowed';
  return null;
}
