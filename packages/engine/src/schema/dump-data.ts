import { splitStatements } from '../dialect/split.ts';
import { codeTokens, isKeyword, lex } from '../text/lexer.ts';

/**
 * The data section of a plain pg_dump (its default output, without --schema-only): each table's
 * `COPY name (columns) FROM stdin;` line with its rows up to the `\.` line, and the `SELECT pg_catalog.setval(...)`
 * calls that set its sequences. Tables are planned empty with the statistics given, so they change nothing: they are
 * blanked (newlines kept, so positions stay those of the text as pasted) before the structure is read, and the
 * planners never see them. Nothing of them runs. (INSERT statements stay refused, as docs/schema-input.md says.)
 */
export function withoutPgDumpData(text: string): string {
  const units = text.split('');
  let blanked = blankCopyBlocks(text, units);
  const rest = blanked ? units.join('') : text;
  for (const slice of splitStatements(rest, 'postgresql')) {
    if (!isSetval(slice.text)) continue;
    const end = slice.offset + slice.text.length + (rest.startsWith(';', slice.offset + slice.text.length) ? 1 : 0);
    blank(units, slice.offset, end);
    blanked = true;
  }
  return blanked ? units.join('') : text;
}

/** `SELECT [pg_catalog.]setval(...)` alone: pg_dump's SEQUENCE SET entries. */
function isSetval(statement: string): boolean {
  const tokens = codeTokens(lex(statement, { mysql: false }));
  const name = tokens[1]?.text.toLowerCase();
  const close = tokens.findIndex((t) => t.text === ')');
  return (
    isKeyword(tokens[0], 'SELECT') &&
    (name === 'setval' || name === 'pg_catalog.setval') &&
    tokens[2]?.text === '(' &&
    close === tokens.length - 1
  );
}

const COPY_FROM_STDIN = /^COPY\s.+\sFROM\s+stdin;\s*$/i;

/**
 * Each `COPY ... FROM stdin;` line and its rows up to the `\.` line. Rows are not SQL (an apostrophe in one would
 * open a string for a lexer), so the block is found by its lines; a COPY whose `\.` never comes is left as it is
 * (and refused as what it is).
 */
function blankCopyBlocks(text: string, units: string[]): boolean {
  let found = false;
  let offset = 0;
  let copyStart = -1;
  for (const line of text.split('\n')) {
    if (copyStart < 0 && COPY_FROM_STDIN.test(line)) copyStart = offset;
    else if (copyStart >= 0 && line === '\\.') {
      blank(units, copyStart, offset + line.length);
      copyStart = -1;
      found = true;
    }
    offset += line.length + 1;
  }
  return found;
}

function blank(units: string[], from: number, to: number): void {
  for (let i = from; i < to; i++) if (units[i] !== '\n') units[i] = ' ';
}
