import { TOKEN_COOKIE, type UserInfo } from '@sqltune/contracts';
import { useSyncExternalStore } from 'react';
import { USER_INFO_STORAGE_KEY } from '../config.ts';

/**
 * The session: logged in means the Admin-Token cookie exists. The user info fetched from GET /v1/user is kept in
 * localStorage under `userInfo`. Cookie changes cannot be observed, so every change made here notifies subscribers.
 */

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_INFO_STORAGE_KEY || event.key === null) listener();
  };
  const onFocus = () => listener();
  window.addEventListener('storage', onStorage);
  window.addEventListener('focus', onFocus);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('focus', onFocus);
  };
}

export function getToken(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === TOKEN_COOKIE) {
      const value = part.slice(eq + 1).trim();
      if (!value) return null;
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

export function isLoggedIn(): boolean {
  return getToken() !== null;
}

export function setToken(token: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every browser
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Lax${secure}`;
  notify();
}

function readUserRaw(): string | null {
  try {
    return localStorage.getItem(USER_INFO_STORAGE_KEY);
  } catch {
    return null;
  }
}

let cachedRaw: string | null = null;
let cachedUser: UserInfo | null = null;

export function getStoredUser(): UserInfo | null {
  const raw = readUserRaw();
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cachedUser = parsed && typeof parsed === 'object' ? (parsed as UserInfo) : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

export function storeUser(user: UserInfo): void {
  try {
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // storage unavailable
  }
  notify();
}

/** Clears the token cookie and the stored user info. */
export function clearSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every browser
  document.cookie = `${TOKEN_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
  try {
    localStorage.removeItem(USER_INFO_STORAGE_KEY);
  } catch {
    // storage unavailable
  }
  notify();
}

export interface Session {
  loggedIn: boolean;
  user: UserInfo | null;
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn, () => false);
}

export function useSession(): Session {
  const loggedIn = useLoggedIn();
  const user = useSyncExternalStore(subscribe, getStoredUser, () => null);
  return { loggedIn, user: loggedIn ? user : null };
}
