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

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const validation = (error as { validation?: unknown; statusCode?: number }).validation;
  const status = (error as { statusCode?: number }).statusCode;
  if (validation || (status && status >= 400 && status < 500)) {
    const text = error instanceof Error ? error.message : 'bad request';
    return new AppError(
      ErrorCode.BAD_REQUEST,
      { message: { zh: `请求有误：${text}`, en: `bad request: ${text}` } },
      status ?? 400,
    );
  }
  return new AppError(ErrorCode.INTERNAL, messageOf(ErrorCode.INTERNAL));
}
