/** Every /api response: `code` 0 is success, 401 means logged out, anything else is an error. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const API_PREFIX = '/api';
export const TOKEN_COOKIE = 'Admin-Token';
export const REQUEST_TIMEOUT_MS = 60_000;
