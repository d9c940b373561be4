import { z } from 'zod';

/** Text shown to a user, always in both product languages. */
export const Localized = z.object({ zh: z.string(), en: z.string() });
export type Localized = z.infer<typeof Localized>;

export const Language = z.enum(['zh', 'en']);
export type Language = z.infer<typeof Language>;

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
