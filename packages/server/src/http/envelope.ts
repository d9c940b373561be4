import { AppError, type Envelope, ErrorCode, type Language, type Message, messageOf } from '@sqltune/contracts';

export function ok<T>(data: T): Envelope<T> {
  return { code: 0, message: 'success', data };
}

/**
 * An error body: `message` in the request's language for simple clients, and `data` with the full
 * bilingual message, field and position for the web app.
 */
export function failure(detail: Message, language: Language): Envelope<Message> {
  return { code: detail.code, message: detail.message[language], data: detail };
}

/** Fastify's and its plugins' 4xx errors by status: each status its own code, the rest a plain 400. */
const codeOfStatus: Record<number, ErrorCode> = {
  405: ErrorCode.METHOD_NOT_ALLOWED,
  408: ErrorCode.REQUEST_TIMEOUT,
  413: ErrorCode.BODY_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  431: ErrorCode.HEADERS_TOO_LARGE,
};

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const validation = (error as { validation?: unknown; statusCode?: number }).validation;
  const status = (error as { statusCode?: number }).statusCode;
  if (validation || (status && status >= 400 && status < 500)) {
    const text = error instanceof Error ? error.message : 'bad request';
    const code = codeOfStatus[status ?? 400] ?? ErrorCode.BAD_REQUEST;
    const { message } = messageOf(code);
    return new AppError(
      code,
      { message: { zh: `${message.zh}：${text}`, en: `${message.en}: ${text}` } },
      status ?? 400,
    );
  }
  return new AppError(ErrorCode.INTERNAL, messageOf(ErrorCode.INTERNAL));
}
