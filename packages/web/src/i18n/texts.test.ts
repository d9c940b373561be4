import { describe, expect, it } from 'vitest';
import en from './en.ts';
import zh from './zh.ts';

/** A path inside this repository, as a user should never be sent to one (issue 15 item 8). */
const REPOSITORY_PATH =
  /\b(docs|packages|test-support|scripts|e2e|bench)\/|README|\.env\.example|\b[\w-]+\.(md|tsx?)\b/;

function strings(value: unknown, at: string): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, at ? `${at}.${key}` : key));
  }
  return [];
}

describe('the texts of the web app', () => {
  for (const [language, texts] of [
    ['zh', zh],
    ['en', en],
  ] as const) {
    it(`point no user at a repository path (${language})`, () => {
      const found = strings(texts, '').filter(([, text]) => REPOSITORY_PATH.test(text));
      expect(found).toEqual([]);
    });
  }
});
