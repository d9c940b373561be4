import {
  API_PREFIX,
  type Envelope,
  ErrorCode,
  errorMessages,
  type Language,
  type Localized,
  REQUEST_TIMEOUT_MS,
} from '@sqltune/contracts';
import i18n from '../i18n/index.ts';
import { currentLanguage } from '../lib/language.ts';
import { currentAppPath, isLoginPath, loginPath } from '../lib/paths.ts';
import { clearSession, getToken } from '../lib/session.ts';

/** What a failed response may carry in `data`: the bilingual message and where the problem is. */
export interface ErrorData {
  code?: number;
  message?: Localized | string;
  field?: string;
  line?: number;
  column?: number;
  [key: string]: unknown;
}

/** A rejected call: the body's code and message, its data, and the HTTP status (0 for network errors). */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: ErrorData | null;
  readonly body: Envelope<unknown> | null;

  constructor(code: number, message: string, data: ErrorData | null, status: number, body: Envelope<unknown> | null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.status = status;
    this.body = body;
  }

  /** The message in the given language: the bilingual one from data when present, else the body's message. */
  localized(lang: Language): string {
    const message = this.data?.message;
    if (message && typeof message === 'object' && typeof message[lang] === 'string' && message[lang]) {
      return message[lang];
    }
    if (typeof message === 'string' && message) return message;
    return this.message || i18n.t('errors.unknown', { lng: lang });
  }

  get field(): string | undefined {
    return typeof this.data?.field === 'string' ? this.data.field : undefined;
  }

  get line(): number | undefined {
    return typeof this.data?.line === 'number' ? this.data.line : undefined;
  }

  get column(): number | undefined {
    return typeof this.data?.column === 'number' ? this.data.column : undefined;
  }
}

/** Codes the client makes up for failures that have no response body. */
export const NETWORK_ERROR_CODE = -1;

function serviceException(status = 0): ApiError {
  const message = errorMessages[ErrorCode.INTERNAL];
  return new ApiError(NETWORK_ERROR_CODE, i18n.t('errors.serviceException'), { message }, status, null);
}

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => {
  window.location.assign(`${import.meta.env.BASE_URL.replace(/\/+$/, '')}${to}`);
};

/** The router registers itself here so a 401 navigates without a full page load. */
export function registerNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

/** The logout flow of a 401: clear the session and, unless on a login route, go to Login with a redirect back. */
function handleUnauthorized(): void {
  clearSession();
  const here = currentAppPath();
  if (!isLoginPath(here)) navigateTo(loginPath(here));
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** POST unless given. */
  method?: Method;
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Do not send the Authorization header even when a token exists. */
  withoutToken?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  let url = `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

/**
 * Calls the API under /api. Resolves with `data` when the body's code is 0; a 401 (status or code) runs the logout
 * flow; any other code rejects with an ApiError carrying the body. Network failures and timeouts reject with the
 * generic "service exception" error.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'POST', body, query, withoutToken = false, timeoutMs = REQUEST_TIMEOUT_MS, signal } = options;
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const token = withoutToken ? null : getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (error) {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    if (signal?.aborted) throw error;
    throw serviceException();
  }

  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }

  const code = isEnvelope(parsed) ? parsed.code : undefined;
  if (response.status === 401 || code === ErrorCode.UNAUTHORIZED) {
    handleUnauthorized();
    const envelope = isEnvelope(parsed) ? parsed : null;
    throw new ApiError(
      ErrorCode.UNAUTHORIZED,
      envelope?.message || i18n.t('errors.loginFirst'),
      { message: errorMessages[ErrorCode.UNAUTHORIZED] },
      response.status,
      envelope,
    );
  }
  if (!isEnvelope(parsed)) throw serviceException(response.status);
  if (parsed.code === ErrorCode.OK) return parsed.data as T;

  const data = parsed.data && typeof parsed.data === 'object' ? (parsed.data as ErrorData) : null;
  throw new ApiError(parsed.code, parsed.message, data, response.status, parsed);
}

/** The text to show a user for any error: the localized server message when there is one. */
export function errorText(error: unknown, lang: Language): string {
  if (error instanceof ApiError) return error.localized(lang);
  return i18n.t('errors.serviceException', { lng: lang });
}
