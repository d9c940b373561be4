import type { AppError, ErrorCode } from '@sqltune/contracts';
import { appErrorAt, type ErrorPlace } from '../error-place.ts';
import { PgError } from './pool.ts';
import { pgPositionToOffset } from './sql-text.ts';

/** Turns a PostgreSQL error into an AppError whose line/column point into the user's text. */
export function appErrorFromPg(
  code: ErrorCode,
  error: unknown,
  place: ErrorPlace,
  prefix: { zh: string; en: string },
): AppError {
  const message = error instanceof Error ? error.message : String(error);
  const sentOffset =
    error instanceof PgError && error.position !== undefined
      ? pgPositionToOffset(place.sent, error.position)
      : undefined;
  const hint = error instanceof PgError && error.hint ? ` (${error.hint})` : '';
  const serverCode = error instanceof PgError ? error.code : undefined;
  return appErrorAt(code, place, sentOffset, `${message}${hint}`, prefix, 'postgresql', serverCode);
}
