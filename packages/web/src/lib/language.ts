import type { Language } from '@sqltune/contracts';
import { LANGUAGE_STORAGE_KEY } from '../config.ts';

export const LANGUAGES: readonly Language[] = ['zh', 'en'];

export function isLanguage(value: unknown): value is Language {
  return value === 'zh' || value === 'en';
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored language, or null when none (or something invalid) is stored. */
export function getStoredLanguage(): Language | null {
  const value = readStorage(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

/** Stores the language; only 'zh' and 'en' are accepted. Returns whether it was stored. */
export function storeLanguage(value: unknown): boolean {
  if (!isLanguage(value)) return false;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, value);
  } catch {
    // storage unavailable: the language still applies for this page
  }
  return true;
}

/**
 * The language to start with: the stored one; otherwise en when the browser speaks English (and en is then stored);
 * otherwise zh.
 */
export function initialLanguage(): Language {
  const stored = getStoredLanguage();
  if (stored) return stored;
  const browser = typeof navigator === 'undefined' ? '' : (navigator.language ?? '');
  if (browser.toLowerCase().startsWith('en')) {
    storeLanguage('en');
    return 'en';
  }
  return 'zh';
}

/** The language requests should announce in Accept-Language. */
export function currentLanguage(): Language {
  return getStoredLanguage() ?? 'zh';
}
