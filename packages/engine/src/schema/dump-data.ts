import type { Dialect, Localized } from '@sqltune/contracts';
import { splitStatements } from '../dialect/split.ts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';

/**
 * The data section of a plain pg_dump (its default output, without --schema-only): each table's
 * `COPY name (columns) FROM stdin;` line with its rows up to the `\.` line, and the `SELECT pg_catalog.setval(...)`
 * calls that set its sequences. Tables are planned empty with the statistics given, so they change nothing: they are
 * blanked (newlines kept, so positions stay those of the text as pasted) before the structure is read, a note says
 * how many rows of which tables were skipped, and the planners never see them. Nothing of them runs. So are INSERTs
 * of constant rows (Rails' structure.sql fills `schema_migrations` so; mysqldump's rows: withoutMysqlDumpData).
 */
export function withoutPgDumpData(text: string): { text: string; note?: Localized } {
  const units = text.split('');
  const copied = blankCopyBlocks(text, units);
  let blanked = copied.length > 0;
  const rest = blanked ? units.join('') : text;
  for (const slice of splitStatements(rest, 'postgresql')) {
    if (!isSetval(slice.text)) continue;
    const end = slice.offset + slice.text.length + (rest.startsWith(';', slice.offset + slice.text.length) ? 1 : 0);
    blank(units, slice.offset, end);
    blanked = true;
  }
  // Rails' structure.sql ends with `INSERT INTO "schema_migrations" (version) VALUES (...)`; seed migrations too.
  const inserts = constantInserts(blanked ? units.join('') : text, units, 'postgresql');
  if (!blanked && inserts.statements === 0) return { text };
  const rows = copied.reduce((n, block) => n + block.rows, 0) + inserts.rows;
  const statements = copied.length + inserts.statements;
  if (statements === 0) return { text: units.join('') };
  const kind = copied.length === 0 ? 'INSERT' : inserts.statements === 0 ? 'COPY' : 'COPY / INSERT';
  return {
    text: units.join(''),
    note: skippedDataNote(rows, statements, kind, [...copied.map((b) => b.table), ...inserts.tables]),
  };
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

/** pg_dump's `COPY name (columns) FROM stdin;`, and a migration's with options (`WITH (FORMAT csv)`, `CSV HEADER`). */
const COPY_FROM_STDIN = /^COPY\s+(.+?)\s*(?:\(.*\))?\s+FROM\s+stdin\b[^;]*;\s*$/i;

/**
 * Each `COPY ... FROM stdin;` line and its rows up to the `\.` line, blanked: the table each names and how many
 * rows it held. Rows are not SQL (an apostrophe in one would open a string for a lexer), so the block is found by
 * its lines; a COPY whose `\.` never comes is left as it is (and refused as what it is).
 */
function blankCopyBlocks(text: string, units: string[]): Array<{ table: string; rows: number }> {
  const blocks: Array<{ table: string; rows: number }> = [];
  let offset = 0;
  let copy: { start: number; table: string; rows: number } | undefined;
  for (const line of text.split('\n')) {
    const header = copy ? undefined : COPY_FROM_STDIN.exec(line);
    if (header) copy = { start: offset, table: header[1]!.trim(), rows: 0 };
    else if (copy && line === '\\.') {
      blank(units, copy.start, offset + line.length);
      blocks.push({ table: copy.table, rows: copy.rows });
      copy = undefined;
    } else if (copy) copy.rows++;
    offset += line.length + 1;
  }
  return blocks;
}

/** The note that a dump's data was skipped: rows, statements and tables, in both languages. */
function skippedDataNote(
  rows: number,
  statements: number,
  kind: 'COPY' | 'INSERT' | 'COPY / INSERT',
  tables: string[],
): Localized {
  const names = [...new Set(tables)].join(', ');
  return {
    zh: `表结构中的数据已跳过：${statements} 条 ${kind} 语句中的 ${rows} 行（${names}）。只读取表结构；统计信息请在统计信息输入中给出，或写成 -- sqltune:stats 行。`,
    en: `The data in the table structure was skipped: ${rows} row(s) in ${statements} ${kind} statement(s) (${names}). Only the structure is read; give statistics in the statistics input or as -- sqltune:stats lines.`,
  };
}

/** Blanks `from`..`to` of a text split into `units`, keeping its newlines (so positions stay those as pasted). */
export function blank(units: string[], from: number, to: number): void {
  for (let i = from; i < to; i++) if (units[i] !== '\n') units[i] = ' ';
}

/**
 * The data of a mysqldump / mariadb-dump made without --no-data: its `INSERT INTO t VALUES (...),(...);` statements
 * (and `REPLACE INTO`, with --replace; `INSERT IGNORE`, with --insert-ignore; a column list, with --complete-insert).
 * Only rows of constants are data (strings, numbers, NULL, hex and bit literals, charset introducers such as
 * `_binary`): such a statement is blanked (newlines kept) and counted, and a note says so; an INSERT holding anything
 * else (a call, a subquery, INSERT ... SELECT) is left in place for skipped-code.ts, which skips it as a data step
 * (data-steps.ts). Nothing of them runs.
 */
export function withoutMysqlDumpData(text: string): { text: string; note?: Localized } {
  const inserts = constantInserts(text, text.split(''), 'mysql');
  if (inserts.statements === 0) return { text };
  return {
    text: inserts.text,
    note: skippedDataNote(inserts.rows, inserts.statements, 'INSERT', inserts.tables),
  };
}

/** The INSERT statements of constant rows in `text` (dataRows), blanked in `units`. */
function constantInserts(
  text: string,
  units: string[],
  dialect: Dialect,
): { text: string; statements: number; rows: number; tables: string[] } {
  let statements = 0;
  let rows = 0;
  const tables = new Set<string>();
  for (const slice of splitStatements(text, dialect)) {
    const data = dataRows(codeTokens(lex(slice.text, { mysql: dialect === 'mysql' })));
    if (!data) continue;
    const end = slice.offset + slice.text.length + (text.startsWith(';', slice.offset + slice.text.length) ? 1 : 0);
    blank(units, slice.offset, end);
    statements++;
    rows += data.rows;
    tables.add(data.table);
  }
  return { text: statements > 0 ? units.join('') : text, statements, rows, tables: [...tables] };
}

/** `INSERT [IGNORE] INTO name [(columns)] VALUES (constants), ...`: the table and how many rows; undefined otherwise. */
export function dataRows(tokens: Token[]): { table: string; rows: number } | undefined {
  let i = 0;
  if (!isKeyword(tokens[i], 'INSERT') && !isKeyword(tokens[i], 'REPLACE')) return undefined;
  i++;
  if (isKeyword(tokens[i], 'IGNORE')) i++;
  if (!isKeyword(tokens[i++], 'INTO')) return undefined;
  const nameStart = i;
  const isName = (t: Token | undefined) => t?.kind === 'word' || t?.kind === 'quoted';
  if (!isName(tokens[i])) return undefined;
  i++;
  // A qualified name: the lexer gives `shop.` then `` `t` `` (or `shop`, `.`, `t`).
  while (true) {
    if (tokens[i - 1]!.text.endsWith('.') && isName(tokens[i])) i++;
    else if (tokens[i]?.text === '.' && isName(tokens[i + 1])) i += 2;
    else break;
  }
  const table = tokens
    .slice(nameStart, i)
    .map((t) => t.text.replace(/^[`"]|[`"]$/g, ''))
    .join('');
  if (tokens[i]?.text === '(') {
    while (tokens[i] && tokens[i]!.text !== ')') {
      if (!['word', 'quoted'].includes(tokens[i]!.kind) && !'(,'.includes(tokens[i]!.text)) return undefined;
      i++;
    }
    i++;
  }
  if (!isKeyword(tokens[i], 'VALUES') && !isKeyword(tokens[i], 'VALUE')) return undefined;
  let rows = 0;
  let depth = 0;
  for (const token of tokens.slice(i + 1)) {
    if (token.text === '(') {
      if (depth++ > 0) return undefined;
      rows++;
    } else if (token.text === ')') depth--;
    else if (token.text === ',' || token.text === ';') continue;
    else if (depth !== 1 || !isConstant(token)) return undefined;
  }
  return rows > 0 && depth === 0 ? { table, rows } : undefined;
}

/** A token of a constant as mysqldump prints values: a string, a number, NULL, a hex or bit literal, a sign, `_binary`. */
function isConstant(token: Token): boolean {
  if (token.kind === 'string') return true;
  if (token.kind === 'symbol') return token.text === '-' || token.text === '+' || token.text === '.';
  // X'..', B'..' and N'..' are a prefix word and a string to the lexer.
  return (
    token.kind === 'word' && /^(?:\d[\w.]*|NULL|TRUE|FALSE|0x[0-9a-f]+|0b[01]+|_[a-z0-9]+|[xbn])$/i.test(token.text)
  );
}
