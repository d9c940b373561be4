import type { Language, Localized } from './localized.ts';

// Plain values, no schema: the web app's first route imports them, and a module without zod keeps zod out of it.

export const DEFAULT_LANGUAGE: Language = 'zh';

export function localized(zh: string, en: string): Localized {
  return { zh, en };
}

/** Picks a language from an Accept-Language header; anything that is not English falls back to zh. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
