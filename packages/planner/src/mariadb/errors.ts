import type { AppError, ErrorCode } from '@sqltune/contracts';
import { appErrorAt, type ErrorPlace as BaseErrorPlace } from '../error-place.ts';
import { tokenize } from '../sql-text.ts';
import { lineStartOffset } from './sql-text.ts';

/** What mysql2 puts on a server error (only the fields we read). */
export interface MysqlServerError extends Error {
  errno?: number;
  code?: string;
  sqlState?: string;
  sqlMessage?: string;
  fatal?: boolean;
}

export function isServerError(error: unknown): error is MysqlServerError {
  return (
    error instanceof Error &&
    typeof (error as MysqlServerError).errno === 'number' &&
    typeof (error as MysqlServerError).sqlMessage === 'string'
  );
}

/** A connection-level failure (server gone, socket closed, timeout): the session must reconnect. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as MysqlServerError;
  if (e.fatal) return true;
  return [
    'PROTOCOL_CONNECTION_LOST',
    'ECONNREFUSED',
    'ECONNRESET',
    'EPIPE',
    'ENOENT',
    'ETIMEDOUT',
    'PROTOCOL_SEQUENCE_TIMEOUT',
  ].includes(e.code ?? '');
}

export interface ErrorPlace extends BaseErrorPlace {
  /** Database names to hide from messages (the sandbox's `s_xxx`). */
  hideNames?: string[];
}

/** The server's message without sandbox database names. */
export function cleanMessage(message: string, hideNames: string[] = []): string {
  let out = message;
  for (const name of hideNames) {
    out = out.split(`\`${name}\`.`).join('').split(`${name}.`).join('');
  }
  return out;
}

/**
 * Where in `sent` the error is: MariaDB's syntax errors say `near '<rest of the statement>' at line N`
 * (line of `sent`); other errors name an object in quotes ('col', `db`.`table`), which we look up as a token.
 */
export function errorOffsetInSent(message: string, sent: string): number | undefined {
  const near = /near '([\s\S]*)' at line (\d+)\s*$/.exec(message);
  if (near) {
    const line = Number(near[2]);
    const text = near[1];
    const from = lineStartOffset(sent, line);
    if (text.length === 0) return sent.trimEnd().length;
    for (const probe of [text, text.slice(0, 40), text.slice(0, 12)]) {
      if (!probe) continue;
      const at = sent.indexOf(probe, from);
      if (at >= 0) return at;
      const anywhere = sent.indexOf(probe);
      if (anywhere >= 0) return anywhere;
    }
    return from;
  }
  const quoted = /'([^']+)'|`([^`]+)`/.exec(message);
  if (quoted) {
    const name = (quoted[1] ?? quoted[2]).split('.').pop()?.replace(/`/g, '') ?? '';
    if (name) {
      const wanted = name.toLowerCase();
      const token = tokenize(sent, 'mysql').find(
        (t) =>
          (t.kind === 'word' || t.kind === 'qident' || t.kind === 'string') &&
          (t.kind === 'word' ? t.text : t.value).toLowerCase() === wanted,
      );
      if (token) return token.start;
    }
  }
  return undefined;
}

/** Turns a MariaDB error into an AppError whose line/column point into the user's text. */
export function appErrorFromMysql(
  code: ErrorCode,
  error: unknown,
  place: ErrorPlace,
  prefix: { zh: string; en: string },
): AppError {
  const raw = isServerError(error)
    ? (error.sqlMessage ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);
  const serverCode = isServerError(error) ? error.errno : undefined;
  const missing = serverCode === 1370 ? missingFunction(raw, place.sent) : undefined;
  if (missing) {
    const lacking = {
      zh: `${prefix.zh.replace(/，$/, '')}（为 MySQL 语句生成计划的 MariaDB 10.11 没有这个函数），`,
      en: `${prefix.en} (MariaDB 10.11, which plans MySQL statements here, has no such function)`,
    };
    return appErrorAt(code, place, missing.offset, missing.message, lacking, 'mysql', 1305);
  }
  const message = cleanMessage(raw, place.hideNames);
  return appErrorAt(code, place, errorOffsetInSent(raw, place.sent), message, prefix, 'mysql', serverCode);
}

/**
 * MariaDB answers a call of a function it has not (MySQL 8's GROUPING(), BIN_TO_UUID(), ...) as a stored function of
 * the sandbox's database that its user may not run (1370, "execute command denied ... for routine 'X'"). Said as
 * what it means, MariaDB's own 1305 for a user who could run it, at the call.
 */
function missingFunction(raw: string, sent: string): { message: string; offset: number | undefined } | undefined {
  const routine = /for routine '([^']+)'/.exec(raw)?.[1];
  const name = routine?.split('.').pop();
  if (!name) return undefined;
  const wanted = name.toUpperCase();
  const call = tokenize(sent, 'mysql').find(
    (t, i, all) => t.kind === 'word' && t.value === wanted && all[i + 1]?.value === '(',
  );
  return {
    message: `FUNCTION ${name} does not exist`,
    offset: call?.start,
  };
}
