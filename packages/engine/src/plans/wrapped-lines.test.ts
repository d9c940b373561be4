import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseUserPlan } from './parse.ts';
import { cutAt, reading, wrapWords } from './test-support.ts';

/**
 * Plans whose long lines a mail client or a chat app wrapped at the words, or a terminal cut at its width, read
 * as the plan whole (wrapped-lines.ts). PostgreSQL and MariaDB plans from real servers are in postgres.test.ts and
 * mariadb.test.ts; here the pasted fixtures of fixtures/real, MySQL 8's TREE among them.
 */
const dir = new URL('./fixtures/real/', import.meta.url);
const fixture = (file: string) => readFileSync(new URL(file, dir), 'utf8');
const dialectOf = (file: string) => (file.startsWith('pg') ? 'postgresql' : 'mysql');
const read = (text: string, file: string) => reading(parseUserPlan(text, dialectOf(file)));
const pastes = (text: string) =>
  [80, 60, 40].flatMap((width) => [
    { how: `words ${width}`, text: wrapWords(text, width) },
    { how: `cut ${width}`, text: cutAt(text, width) },
  ]);

describe('pasted plans wrapped at the words or cut at a width', () => {
  const trees = readdirSync(dir).filter((f) => /^my80-tree/.test(f) && fixture(f).trimStart().startsWith('->'));

  it.each(trees)('reads the TREE plan %s wrapped or cut at 80, 60 and 40 columns as the plan whole', (file) => {
    const text = fixture(file);
    const whole = read(text, file);
    for (const { how, text: wrapped } of pastes(text)) {
      expect(wrapped, how).not.toBe(text);
      expect(read(wrapped, file), how).toEqual(whole);
    }
  });
});
