import { AppError, type Dialect, type ErrorCode, type Localized } from '@sqltune/contracts';
import { reduceServerText } from './server-text.ts';
import { lineColumnAt } from './sql-text.ts';

/** Where a statement the server rejected came from, so its error can point into the user's text. */
export interface ErrorPlace {
  /** The user's whole text (schema script or statement) that line/column refer to. */
  source: string;
  /** Where the text the server received starts in `source`. */
  sourceOffset: number;
  /** The text the server received (it may carry a prefix such as "EXPLAIN (FORMAT JSON) "). */
  sent: string;
  /** Length of that prefix: positions inside it are moved to the start of the statement. */
  prefixLength: number;
  /** Offset in `source` to report when the server gives no position (the statement's first token). */
  fallbackOffset: number;
}

/**
 * An AppError at the line/column of the user's text that `sentOffset` (an offset in `place.sent`, or undefined
 * when the server gave no position) stands for. `serverMessage` is the server's text: it is reduced to what the
 * user's text holds (server-text.ts) and labelled with the server's `serverCode`.
 */
export function appErrorAt(
  code: ErrorCode,
  place: ErrorPlace,
  sentOffset: number | undefined,
  serverMessage: string,
  prefix: Localized,
  dialect: Dialect,
  serverCode?: string | number,
): AppError {
  const message = reduceServerText(serverMessage, [place.source, place.sent], serverCode);
  const offset =
    sentOffset === undefined ? place.fallbackOffset : place.sourceOffset + Math.max(0, sentOffset - place.prefixLength);
  const { line, column } = lineColumnAt(place.source, offset, dialect);
  return new AppError(code, {
    line,
    column,
    message: {
      zh: `${prefix.zh}第 ${line} 行第 ${column} 列：${message}`,
      en: `${prefix.en} at line ${line}, column ${column}: ${message}`,
    },
  });
}
