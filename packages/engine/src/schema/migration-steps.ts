import type { Dialect } from '@sqltune/contracts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';
import type { ColumnDef, SchemaModel, TableDef } from './model.ts';
import { findColumn, findTable, unquote } from './model.ts';

/**
 * The steps of a migration history that change what the structure already holds (Flyway / Liquibase / Django /
 * Prisma / Rails migrations, replayed one after another): columns added, changed, renamed or dropped, indexes dropped
 * or renamed, tables renamed or dropped. The model ends as the history ends, as the sandboxes, which run the same
 * statements, do: a column renamed or dropped later is gone, an index dropped later is not counted. Read from the
 * statement's words (the servers judge the rest); keys and indexes an ALTER TABLE adds are read by
 * ddl-statements.ts after these steps.
 */

/** Reads a column definition as a CREATE TABLE's (ddl-statements.ts), or undefined when it does not read. */
export type ColumnReader = (definition: string) => ColumnDef | undefined;

interface Name {
  name: string;
  next: number;
}

/** A possibly qualified name at `k` (`public.t`, `"s"."T"`, `` `db`.`t` ``): its last part, unquoted. */
function nameAt(tokens: Token[], k: number): Name | undefined {
  const first = tokens[k];
  if (!first || (first.kind !== 'word' && first.kind !== 'quoted')) return undefined;
  let name = lastPart(first.text);
  let next = k + 1;
  while (tokens[next]?.text === '.' && tokens[next + 1]) {
    name = lastPart(tokens[next + 1]!.text);
    next += 2;
  }
  return { name, next };
}

function lastPart(word: string): string {
  const quoted = /^[`"]/.test(word);
  return unquote(quoted ? word : word.slice(word.lastIndexOf('.') + 1));
}

/** The index after the words `words` at `k` when they are there, else `k`. */
function skipWords(tokens: Token[], k: number, words: string): number {
  const list = words.split(' ');
  return list.every((word, n) => isKeyword(tokens[k + n], word)) ? k + list.length : k;
}

/** Splits tokens from..to at depth-0 commas. */
function actions(tokens: Token[], from: number): Token[][] {
  const out: Token[][] = [[]];
  let depth = 0;
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.text === ';') break;
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    if (depth === 0 && t.text === ',') out.push([]);
    else out.at(-1)!.push(t);
  }
  return out.filter((action) => action.length > 0);
}

/** The words after which ADD adds a key or a constraint, not a column. */
const ADD_NOT_COLUMN = new Set([
  'PRIMARY',
  'UNIQUE',
  'CONSTRAINT',
  'INDEX',
  'KEY',
  'FULLTEXT',
  'SPATIAL',
  'FOREIGN',
  'CHECK',
  'PARTITION',
  'PERIOD',
  'EXCLUDE',
  'SYSTEM',
]);

/** The words after which DROP drops something other than a column. */
const DROP_NOT_COLUMN = new Set([
  'PRIMARY',
  'INDEX',
  'KEY',
  'FOREIGN',
  'CONSTRAINT',
  'CHECK',
  'PARTITION',
  'DEFAULT',
  'SYSTEM',
  'PERIOD',
]);

/**
 * An ALTER TABLE's steps that are not keys added: applied to the table in the model, in the order written. A table
 * the model does not hold is left to the sandbox (ddl-statements.ts names it when the statement adds a key to it).
 */
export function applyAlterTable(schema: SchemaModel, text: string, dialect: Dialect, readColumn: ColumnReader): void {
  const tokens = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  let k = 1;
  while (['ONLINE', 'IGNORE'].some((w) => isKeyword(tokens[k], w))) k++;
  k = skipWords(tokens, k + 1, 'IF EXISTS');
  k = skipWords(tokens, k, 'ONLY');
  const target = nameAt(tokens, k);
  if (!target) return;
  let table = findTable(schema, target.name);
  for (const action of actions(tokens, target.next)) {
    if (!table) return;
    const renamed = alterStep(table, action, dialect, readColumn);
    if (renamed) table = renamed;
  }
}

/** One action of an ALTER TABLE; a table renamed by it is returned. */
function alterStep(table: TableDef, action: Token[], dialect: Dialect, readColumn: ColumnReader): TableDef | undefined {
  const word = action[0]?.text.toUpperCase();
  if (word === 'ADD' && !ADD_NOT_COLUMN.has(action[1]?.text.toUpperCase() ?? '')) {
    let k = skipWords(action, 1, 'COLUMN');
    k = skipWords(action, k, 'IF NOT EXISTS');
    // MySQL's ADD [COLUMN] (a int, b int).
    const list = action[k]?.text === '(' ? actions(action.slice(k + 1, -1), 0) : [action.slice(k)];
    for (const definition of list) addColumn(table, definition, readColumn);
    return undefined;
  }
  if (word === 'ADD') {
    usingIndex(table, action);
    return undefined;
  }
  if (word === 'DROP' && !DROP_NOT_COLUMN.has(action[1]?.text.toUpperCase() ?? '')) {
    let k = skipWords(action, 1, 'COLUMN');
    k = skipWords(action, k, 'IF EXISTS');
    const column = nameAt(action, k)?.name;
    if (column) dropColumn(table, column, dialect);
    return undefined;
  }
  if (word === 'DROP') {
    const what = action[1]?.text.toUpperCase();
    if (what === 'PRIMARY') table.indexes = table.indexes.filter((i) => !i.primary);
    else if (what === 'INDEX' || what === 'KEY' || what === 'CONSTRAINT') {
      const name = nameAt(action, skipWords(action, 2, 'IF EXISTS'))?.name;
      // The model names a primary key PRIMARY; PostgreSQL's is `<table>_pkey` unless named otherwise.
      if (name && !dropIndex(table, name) && what === 'CONSTRAINT' && /_pkey$/i.test(name))
        table.indexes = table.indexes.filter((i) => !i.primary);
    }
    return undefined;
  }
  if (word === 'RENAME') return renameStep(table, action);
  if (word === 'CHANGE') {
    const k = skipWords(action, 1, 'COLUMN');
    const old = nameAt(action, k);
    if (old) replaceColumn(table, old.name, action.slice(old.next), readColumn);
    return undefined;
  }
  if (word === 'MODIFY') {
    const k = skipWords(action, 1, 'COLUMN');
    const column = nameAt(action, k);
    if (column) replaceColumn(table, column.name, action.slice(k), readColumn);
    return undefined;
  }
  if (word === 'ALTER') alterColumn(table, action, readColumn);
  return undefined;
}

/**
 * PostgreSQL's `ADD CONSTRAINT c UNIQUE | PRIMARY KEY USING INDEX i`: the index becomes the constraint's and takes its
 * name, so a later RENAME CONSTRAINT or DROP CONSTRAINT reaches it.
 */
function usingIndex(table: TableDef, action: Token[]): void {
  const at = action.findIndex((t, i) => isKeyword(t, 'USING') && isKeyword(action[i + 1], 'INDEX'));
  const constraint = isKeyword(action[1], 'CONSTRAINT') ? nameAt(action, 2)?.name : undefined;
  const index = at > 0 ? nameAt(action, at + 2)?.name : undefined;
  if (!constraint || !index) return;
  for (const i of table.indexes) if (sameName(i.name, index)) i.name = constraint;
}

/** RENAME [COLUMN] a TO b, RENAME INDEX | KEY | CONSTRAINT a TO b, RENAME [TO | AS] t. */
function renameStep(table: TableDef, action: Token[]): TableDef | undefined {
  const what = action[1]?.text.toUpperCase();
  if (what === 'TO' || what === 'AS' || action.length === 2) {
    const name = nameAt(action, what === 'TO' || what === 'AS' ? 2 : 1)?.name;
    if (name) table.name = name;
    return table;
  }
  const objectWord = what === 'COLUMN' || what === 'INDEX' || what === 'KEY' || what === 'CONSTRAINT';
  const old = nameAt(action, objectWord ? 2 : 1);
  const to = old && isKeyword(action[old.next], 'TO') ? nameAt(action, old.next + 1) : undefined;
  if (!old || !to) return undefined;
  if (what === 'INDEX' || what === 'KEY' || what === 'CONSTRAINT') {
    for (const index of table.indexes) if (sameName(index.name, old.name)) index.name = to.name;
    return undefined;
  }
  const column = findColumn(table, old.name);
  if (!column) return undefined;
  for (const index of table.indexes) index.columns = index.columns.map((c) => (sameName(c, old.name) ? to.name : c));
  column.name = to.name;
  return undefined;
}

function sameName(a: string | null, b: string): boolean {
  return a !== null && a.toLowerCase() === b.toLowerCase();
}

/** MySQL's FIRST / AFTER col at the end of a column definition: where the column goes, not what it is. */
function withoutPlacement(definition: Token[]): Token[] {
  const last = definition.length - 1;
  if (isKeyword(definition[last], 'FIRST')) return definition.slice(0, last);
  if (isKeyword(definition[last - 1], 'AFTER')) return definition.slice(0, last - 1);
  return definition;
}

function definitionText(definition: Token[]): string {
  return withoutPlacement(definition)
    .map((t) => t.text)
    .join(' ');
}

function addColumn(table: TableDef, definition: Token[], readColumn: ColumnReader): void {
  const name = nameAt(definition, 0)?.name;
  if (!name || findColumn(table, name)) return;
  table.columns.push(readColumn(definitionText(definition)) ?? fallbackColumn(name, definition));
}

/** A column whose definition the reader did not take: its name and the first word of its type. */
function fallbackColumn(name: string, definition: Token[]): ColumnDef {
  return { name, type: (definition[1]?.text ?? '').replace(/[`"]/g, '').toUpperCase(), nullable: true };
}

function replaceColumn(table: TableDef, old: string, definition: Token[], readColumn: ColumnReader): void {
  const at = table.columns.findIndex((c) => sameName(c.name, old));
  const name = nameAt(definition, 0)?.name;
  if (at < 0 || !name) return;
  table.columns[at] = readColumn(definitionText(definition)) ?? fallbackColumn(name, definition);
  if (!sameName(name, old))
    for (const index of table.indexes) index.columns = index.columns.map((c) => (sameName(c, old) ? name : c));
}

/** ALTER [COLUMN] c TYPE | SET DATA TYPE t [USING ...] | SET NOT NULL | DROP NOT NULL; defaults change nothing read. */
function alterColumn(table: TableDef, action: Token[], readColumn: ColumnReader): void {
  const k = skipWords(action, 1, 'COLUMN');
  const name = nameAt(action, k);
  const column = name ? findColumn(table, name.name) : undefined;
  if (!name || !column) return;
  const rest = action.slice(name.next);
  if (isKeyword(rest[0], 'SET') && isKeyword(rest[1], 'NOT')) column.nullable = false;
  else if (isKeyword(rest[0], 'DROP') && isKeyword(rest[1], 'NOT')) column.nullable = true;
  const type = isKeyword(rest[0], 'TYPE') ? 1 : skipWords(rest, 0, 'SET DATA TYPE');
  if (type === 0) return;
  const end = rest.findIndex((t, i) => i > type && (isKeyword(t, 'USING') || isKeyword(t, 'COLLATE')));
  const typeText = rest
    .slice(type, end < 0 ? undefined : end)
    .map((t) => t.text)
    .join(' ');
  const read = readColumn(`${action[name.next - 1]!.text} ${typeText}`);
  if (!read) return;
  column.type = read.type;
  if (read.length === undefined) delete column.length;
  else column.length = read.length;
}

/** MySQL takes the column out of its indexes (an index left with none goes); PostgreSQL drops the indexes on it. */
function dropColumn(table: TableDef, column: string, dialect: Dialect): void {
  table.columns = table.columns.filter((c) => !sameName(c.name, column));
  if (dialect === 'postgresql') {
    table.indexes = table.indexes.filter((i) => !i.columns.some((c) => sameName(c, column)));
    return;
  }
  for (const index of table.indexes) {
    const keep = index.columns.map((c) => !sameName(c, column));
    if (keep.every(Boolean)) continue;
    index.columns = index.columns.filter((_, n) => keep[n]);
    if (index.expressions) index.expressions = index.expressions.filter((_, n) => keep[n]);
    if (index.descending) index.descending = index.descending.filter((_, n) => keep[n]);
    if (index.prefixLengths) index.prefixLengths = index.prefixLengths.filter((_, n) => keep[n]);
  }
  table.indexes = table.indexes.filter((i) => i.columns.length > 0);
}

function dropIndex(table: TableDef, name: string): boolean {
  const before = table.indexes.length;
  table.indexes = table.indexes.filter((i) => !sameName(i.name, name));
  return table.indexes.length < before;
}

/**
 * The statements of a history that are not ALTER TABLE: DROP TABLE | VIEW | INDEX [IF EXISTS] (MySQL's `DROP INDEX i
 * ON t`, PostgreSQL's `DROP INDEX [CONCURRENTLY] [IF EXISTS] i, ...`), MySQL's RENAME TABLE a TO b [, c TO d], and
 * PostgreSQL's ALTER INDEX [IF EXISTS] a RENAME TO b. Returns whether the statement was one of them.
 */
export function applySchemaChange(schema: SchemaModel, text: string, dialect: Dialect): boolean {
  const tokens = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  const first = tokens[0]?.text.toUpperCase();
  const second = tokens[1]?.text.toUpperCase();
  if (first === 'DROP' && (second === 'TABLE' || second === 'VIEW' || second === 'INDEX')) {
    let k = skipWords(tokens, 2, 'CONCURRENTLY');
    k = skipWords(tokens, k, 'IF EXISTS');
    const names = actions(tokens, k).map((part) => nameAt(part, 0)?.name ?? '');
    if (second === 'TABLE') {
      const gone = new Set(names.map((n) => n.toLowerCase()));
      schema.tables = schema.tables.filter((t) => !gone.has(t.name.toLowerCase()));
    } else if (second === 'VIEW') {
      const gone = new Set(names.map((n) => n.toLowerCase()));
      if (schema.views) schema.views = schema.views.filter((v) => !gone.has(v.toLowerCase()));
      schema.tables = schema.tables.filter((t) => !(t.materializedView && gone.has(t.name.toLowerCase())));
    } else {
      const on = tokens.findIndex((t) => isKeyword(t, 'ON'));
      const only = on > 0 ? findTable(schema, nameAt(tokens, on + 1)?.name ?? '') : undefined;
      const index = nameAt(tokens, k)?.name;
      if (only && index) dropIndex(only, index);
      else for (const name of names) schema.tables.some((t) => dropIndex(t, name));
    }
    return true;
  }
  if (first === 'RENAME' && second === 'TABLE') {
    for (const pair of actions(tokens, 2)) {
      const from = nameAt(pair, 0);
      const to = from && isKeyword(pair[from.next], 'TO') ? nameAt(pair, from.next + 1) : undefined;
      const table = from && findTable(schema, from.name);
      if (table && to) table.name = to.name;
    }
    return true;
  }
  if (first === 'ALTER' && second === 'INDEX' && dialect === 'postgresql') {
    const index = nameAt(tokens, skipWords(tokens, 2, 'IF EXISTS'));
    if (index && isKeyword(tokens[index.next], 'RENAME') && isKeyword(tokens[index.next + 1], 'TO')) {
      const to = nameAt(tokens, index.next + 2)?.name;
      for (const table of schema.tables)
        for (const i of table.indexes) if (to && sameName(i.name, index.name)) i.name = to;
    }
    return true;
  }
  return false;
}

/**
 * `CREATE TABLE [IF NOT EXISTS] t LIKE other` (MySQL, also `(LIKE other)`) and PostgreSQL's `CREATE TABLE t (LIKE
 * other [INCLUDING ...])` alone: a copy of the other table's columns, and its indexes where the copy has them (MySQL
 * always; PostgreSQL with INCLUDING INDEXES or ALL). Undefined for any other CREATE TABLE, or an other table the
 * model does not hold (the sandbox judges it).
 */
export function copiedTable(schema: SchemaModel, text: string, dialect: Dialect, line: number): TableDef | undefined {
  const tokens = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  let k = skipWords(tokens, 2, 'IF NOT EXISTS');
  const target = nameAt(tokens, k);
  if (!target) return undefined;
  k = target.next;
  const parenthesized = tokens[k]?.text === '(';
  if (!isKeyword(tokens[parenthesized ? k + 1 : k], 'LIKE')) return undefined;
  const source = nameAt(tokens, parenthesized ? k + 2 : k + 1);
  const other = source && findTable(schema, source.name);
  if (!other) return undefined;
  const rest = tokens.slice(source.next).map((t) => t.text.toUpperCase());
  const withIndexes =
    dialect === 'mysql' || rest.some((word, i) => word === 'INCLUDING' && ['INDEXES', 'ALL'].includes(rest[i + 1]!));
  return {
    name: target.name,
    line,
    columns: other.columns.map((c) => ({ ...c })),
    indexes: withIndexes ? other.indexes.map((i) => ({ ...i, columns: [...i.columns] })) : [],
  };
}
