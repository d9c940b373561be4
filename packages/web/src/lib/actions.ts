import type { Language, SessionData, UserInfo } from '@sqltune/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { logout } from '../api/auth.ts';
import { getUser, patchUser } from '../api/user.ts';
import i18n from '../i18n/index.ts';
import { storeLanguage } from './language.ts';
import { clearSession, getStoredUser, isLoggedIn, setToken, storeUser } from './session.ts';

export const USER_QUERY_KEY = ['user'] as const;

/** After sign-in or sign-up: keep the token in the cookie, then fetch the user and store it. */
export async function completeSignIn(queryClient: QueryClient, session: SessionData): Promise<UserInfo | null> {
  setToken(session.token);
  try {
    const user = await getUser();
    storeUser(user);
    queryClient.setQueryData(USER_QUERY_KEY, user);
    return user;
  } catch {
    return null;
  }
}

/** Logout per the spec: tell the server, clear token and user info, then go to index (reload when already there). */
export async function signOut(queryClient: QueryClient, goHome: () => void): Promise<void> {
  try {
    await logout();
  } catch {
    // the session is cleared locally either way
  }
  clearSession();
  queryClient.clear();
  const base = import.meta.env.BASE_URL.replace(/\/+$/, '');
  const path = window.location.pathname.replace(/\/+$/, '');
  if (path === base || path === '') window.location.reload();
  else goHome();
}

/**
 * Switches the UI language, stores it, and tells the server when logged in. With the server's refresh flag
 * (`reload`, SQLTUNE_LANGUAGE_REFRESH) the page then reloads, as the spec says, once the server has the new language.
 */
export async function switchLanguage(lang: Language, { reload = false }: { reload?: boolean } = {}): Promise<void> {
  if (!storeLanguage(lang)) return;
  if (!reload) {
    await i18n.changeLanguage(lang);
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }
  if (isLoggedIn()) {
    const user = getStoredUser();
    if (user) storeUser({ ...user, language: lang });
    try {
      await patchUser({ language: lang });
    } catch {
      // the language still applies locally
    }
  }
  if (reload) window.location.reload();
}
