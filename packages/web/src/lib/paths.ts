/** The router's basename: '/app' (vite's base without the trailing slash). */
export const BASENAME = import.meta.env.BASE_URL.replace(/\/+$/, '') || '/';

/** The current path with query, relative to the basename (for example '/sqlConfig?x=1'). */
export function currentAppPath(): string {
  let path = window.location.pathname;
  if (BASENAME !== '/' && (path === BASENAME || path.startsWith(`${BASENAME}/`))) {
    path = path.slice(BASENAME.length) || '/';
  }
  return `${path}${window.location.search}`;
}

export function isLoginPath(appPath: string): boolean {
  return appPath === '/login' || appPath.startsWith('/login/') || appPath.startsWith('/login?');
}

/** The sign-in page with a redirect back to `from` (an app path). */
export function loginPath(from: string = currentAppPath()): string {
  return `/login?redirect=${encodeURIComponent(from)}`;
}

/** A redirect target is only followed when it is an app-internal path. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (isLoginPath(value)) return '/';
  return value;
}
