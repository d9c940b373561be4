import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  AppError,
  DEFAULT_LANGUAGE,
  ErrorCode,
  type Language,
  languageFromHeader,
  messageOf,
} from '@sqltune/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope.ts';

/**
 * Errors raised before a route runs, each answered in the envelope with its own code: requests Node's HTTP parser
 * refuses (headers too large, a malformed request line), URLs the router cannot decode, and a method a path does
 * not accept.
 */

/** Node answers these itself, before Fastify sees a request; there are no headers to pick a language from. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = clientErrorOf(error.code);
  if (socket.writable) {
    const body = JSON.stringify(failure(appError.detail, DEFAULT_LANGUAGE));
    socket.write(
      `HTTP/1.1 ${appError.httpStatus} ${STATUS_CODES[appError.httpStatus]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function clientErrorOf(code: string | undefined): AppError {
  if (code === 'HPE_HEADER_OVERFLOW') return new AppError(ErrorCode.HEADERS_TOO_LARGE);
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError(ErrorCode.REQUEST_TIMEOUT);
  if (code === 'HPE_INVALID_URL') return new AppError(ErrorCode.BAD_URL, {}, 400);
  return new AppError(ErrorCode.BAD_REQUEST, {
    message: { zh: '请求格式有误，无法解析', en: 'the request is malformed and cannot be read' },
  });
}

/** The router's own errors: a path whose percent-encoding does not decode, or a parameter longer than any id. */
export function frameworkErrors(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  const appError =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError(ErrorCode.BAD_URL, {}, 400)
      : new AppError(ErrorCode.BAD_REQUEST);
  void reply.status(appError.httpStatus).send(failure(appError.detail, languageOf(request)));
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods an existing API path accepts; empty when no route has the path (a real 404). */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  const path = url.split('?')[0] ?? url;
  return methods.filter((method) => app.findRoute({ method, url: path }) !== null);
}

export function methodNotAllowed(request: FastifyRequest, allowed: string[]): AppError {
  const { message } = messageOf(ErrorCode.METHOD_NOT_ALLOWED);
  return new AppError(ErrorCode.METHOD_NOT_ALLOWED, {
    message: {
      zh: `${message.zh}：${request.method}，可用：${allowed.join(', ')}`,
      en: `${message.en}: ${request.method}; allowed: ${allowed.join(', ')}`,
    },
  });
}

export function languageOf(request: FastifyRequest): Language {
  return languageFromHeader(request.headers['accept-language']);
}
