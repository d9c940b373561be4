/**
 * Database error text is data from inside the sandbox: whatever a statement managed to read there (a file, another
 * value, a setting) can come back inside an error message, e.g. `invalid input syntax for type integer: "<what it
 * read>"`. So a message reaches a report only reduced (docs/security.md):
 *  - its first line only (PostgreSQL's DETAIL, CONTEXT and the like never come along), at most MAX_LENGTH characters;
 *  - every quoted part ("...", '...', `...`) kept only when the user's own text holds it (each dotted part of it, case
 *    folded, since PostgreSQL folds names), else shown as "…";
 *  - every run of 5 or more digits the user did not write shown as "…" (object ids, sizes, numbers read elsewhere);
 *  - the server's error code appended, so the message stays useful when the values are gone.
 * The unquoted words, and a few quoted ones (SERVER_PHRASES), are the server's own message templates.
 */

const MAX_LENGTH = 300;
/** Quoted words of MariaDB's own message templates ("Unknown column 'x' in 'field list'"). */
const SERVER_PHRASES = new Set([
  'field list',
  'where clause',
  'on clause',
  'order clause',
  'group statement',
  'having clause',
  'from clause',
  'IN/ALL/ANY subquery',
]);
const QUOTED = /"(?:[^"]|"")*"|'(?:[^'\\]|''|\\.)*'|`(?:[^`]|``)*`/g;
const LONG_NUMBER = /\d{5,}/g;

/** `text` reduced to what `known` (the user's own texts: statement, table structure, statistics) already holds. */
export function reduceServerText(text: string, known: readonly string[], code?: string | number): string {
  const haystack = known.join('\n').toLowerCase();
  const holds = (part: string) => haystack.includes(part.toLowerCase());
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  let reduced = firstLine.replace(QUOTED, (quoted) => {
    const inner = quoted.slice(1, -1);
    const kept =
      inner.length === 0 ||
      SERVER_PHRASES.has(inner) ||
      inner.split('.').every((part) => part.length === 0 || holds(part));
    return kept ? quoted : `${quoted[0]}…${quoted[0]}`;
  });
  reduced = reduced.replace(LONG_NUMBER, (digits) => (holds(digits) ? digits : '…'));
  if (reduced.length > MAX_LENGTH) reduced = `${reduced.slice(0, MAX_LENGTH - 1)}…`;
  const label =
    code === undefined || code === '' ? '' : ` (${typeof code === 'number' ? 'error' : 'SQLSTATE'} ${code})`;
  return `${reduced}${label}`;
}
