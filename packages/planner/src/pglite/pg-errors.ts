import { AppError, type ErrorCode } from '@sqltune/contracts';
import { PgError } from './pool.ts';
import { lineColumnAt, pgPositionToOffset } from './sql-text.ts';

export interface ErrorPlace {
  /** The user's whole text (schema script or statement) that line/column refer to. */
  source: string;
  /** Where the text PostgreSQL received starts in `source`. */
  sourceOffset: number;
  /** The text PostgreSQL received (it may carry a prefix such as "EXPLAIN (FORMAT JSON) "). */
  sent: string;
  /** Length of that prefix: positions inside it are moved to the start of the statement. */
  prefixLength: number;
  /** Offset in `source` to report when PostgreSQL gives no position (the statement's first token). */
  fallbackOffset: number;
}

/** Turns a PostgreSQL error into an AppError whose line/column point into the user's text. */
export function appErrorFromPg(
  code: ErrorCode,
  error: unknown,
  place: ErrorPlace,
  prefix: { zh: string; en: string },
): AppError {
  const message = error instanceof Error ? error.message : String(error);
  let offset = place.fallbackOffset;
  if (error instanceof PgError && error.position !== undefined) {
    const sentOffset = pgPositionToOffset(place.sent, error.position);
    if (sentOffset !== undefined) offset = place.sourceOffset + Math.max(0, sentOffset - place.prefixLength);
  }
  const { line, column } = lineColumnAt(place.source, offset);
  const hint = error instanceof PgError && error.hint ? ` (${error.hint})` : '';
  return new AppError(code, {
    line,
    column,
    message: {
      zh: `${prefix.zh}第 ${line} 行第 ${column} 列：${message}${hint}`,
      en: `${prefix.en} at line ${line}, column ${column}: ${message}${hint}`,
    },
  });
}
