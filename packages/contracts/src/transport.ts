/** Every /api response: `code` 0 is success, 401 means logged out, anything else is an error. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const API_PREFIX = '/api';
export const TOKEN_COOKIE = 'Admin-Token';
export const REQUEST_TIMEOUT_MS = 60_000;

/** The longest question the chat about a result takes, in characters (longer: 4207 with field `question`). */
export const CHAT_QUESTION_MAX_CHARS = 2000;
/** Questions one account may ask per hour, over all its results (more: 4111). */
export const CHAT_QUESTIONS_PER_HOUR = 30;
