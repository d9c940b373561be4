import { AppError, type Dialect, ErrorCode } from '@sqltune/contracts';
import { reduceServerText } from './server-text.ts';
import { splitStatements, type Token, tokenize, trimStatement } from './sql-text.ts';

/**
 * Reads each what-if index with `read` (given the trimmed text and its tokens); a text that is not one statement, or
 * that `read` does not accept (undefined), is an error naming it.
 */
export function readWhatIfIndexes<T>(
  indexes: string[],
  dialect: Dialect,
  read: (text: string, tokens: Token[]) => T | undefined,
): T[] {
  return indexes.map((raw) => {
    const text = trimStatement(raw, dialect);
    const index = splitStatements(text, dialect).length === 1 ? read(text, tokenize(text, dialect)) : undefined;
    if (!index) {
      throw new AppError(ErrorCode.CONTENT_INVALID, {
        message: {
          zh: `假设索引必须是一条 CREATE INDEX 语句：${raw}`,
          en: `a what-if index must be one CREATE INDEX statement: ${raw}`,
        },
      });
    }
    return index;
  });
}

/**
 * The error for a what-if index the server refused: its message reduced to what the index statement and the user's
 * table structure hold (server-text.ts).
 */
export function whatIfIndexError(
  sql: string,
  serverMessage: string,
  schemaSql: string,
  serverCode?: string | number,
): AppError {
  const message = reduceServerText(serverMessage, [sql, schemaSql], serverCode);
  return new AppError(ErrorCode.CONTENT_INVALID, {
    message: {
      zh: `假设索引无法创建（${message}）：${sql}`,
      en: `the what-if index can not be created (${message}): ${sql}`,
    },
  });
}
