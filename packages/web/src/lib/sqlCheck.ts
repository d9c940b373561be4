/**
 * Client-side checks of the SQL input: split the text into statements (respecting quotes and comments) and read the
 * first keyword of each, ignoring comments.
 */

const FORBIDDEN = new Set(['INSERT', 'DELETE']);

/** The statements of `text`, with comments removed, split on semicolons outside quotes. */
export function splitStatements(text: string, hashComments = true): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      current += ' ';
      continue;
    }
    if (ch === '#' && hashComments) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      current += ' ';
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      current += ' ';
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === '\\' && ch !== '`') {
          j += 2;
          continue;
        }
        if (text[j] === ch) {
          if (text[j + 1] === ch) {
            j += 2;
            continue;
          }
          break;
        }
        j += 1;
      }
      current += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i += 1;
      continue;
    }
    current += ch;
    i += 1;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/** The first keyword of a statement (upper case), skipping opening parentheses. */
export function firstKeyword(statement: string): string {
  const match = /^[\s(]*([A-Za-z_]+)/.exec(statement);
  return match ? match[1].toUpperCase() : '';
}

export type SqlProblem = 'required' | 'notAllowed';

/** null when the text may be sent; otherwise what is wrong with it. */
export function checkSql(text: string, dialect: 'mysql' | 'postgresql' = 'mysql'): SqlProblem | null {
  const statements = splitStatements(text, dialect === 'mysql');
  if (statements.length === 0) return 'required';
  if (statements.some((statement) => FORBIDDEN.has(firstKeyword(statement)))) return 'notAllowed';
  return null;
}
