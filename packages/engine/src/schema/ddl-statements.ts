import { AppError, type Dialect } from '@sqltune/contracts';
import { parseEach, parseWithLibrary } from '../dialect/parse.ts';
import { splitStatements } from '../dialect/split.ts';
import { type AstNode, child, children, columnRef, isNode } from '../model/ast.ts';
import { expressionText } from '../model/expression-text.ts';
import { definedType, isMysqlCollated, isStringType } from '../semantics/types.ts';
import { codeTokens, isKeyword, lex } from '../text/lexer.ts';
import { positionAt } from '../text/position.ts';
import { structureError, type Where } from './input-errors.ts';
import { materializedViewTable } from './materialized-view.ts';
import { applyAlterTable, applySchemaChange, copiedTable } from './migration-steps.ts';
import type { ColumnDef, IndexDef, SchemaModel, TableDef } from './model.ts';
import { findTable, servesComparisons, unquote } from './model.ts';
import { schemaStatementKind } from './statement-kinds.ts';

/** Maps a position inside a statement's text (1-based) to its position in the field. */
export type PlaceOf = (line: number, column: number) => Where;

/**
 * Reads the table structure's statements into the schema (statement-kinds.ts says which are read, which are let
 * through for the sandbox, which are noise of dump tools, and which are refused with 4203 at their position, so
 * nothing runs that the user did not mean as structure). `firstLine` is the field line `text` starts on.
 */
export function readDdlStatements(schema: SchemaModel, text: string, firstLine: number, dialect: Dialect): void {
  for (const slice of splitStatements(text, dialect)) {
    const start = positionAt(text, slice.offset);
    const placeOf: PlaceOf = (line, column) => ({
      line: firstLine + start.line - 1 + line - 1,
      column: line === 1 ? start.column + column - 1 : column,
    });
    readDdlStatement(schema, slice.text, dialect, placeOf);
  }
}

/** One statement of the table structure into the schema. */
export function readDdlStatement(schema: SchemaModel, text: string, dialect: Dialect, placeOf: PlaceOf): void {
  const kind = schemaStatementKind(text, dialect);
  // An ALTER TABLE that adds no key (a default, an identity, storage) changes nothing the model holds; the sandbox
  // runs it and its server judges it.
  // A later step of a migration history (a DROP, a RENAME, PostgreSQL's ALTER INDEX ... RENAME): the model ends as the
  // history does.
  if ((kind === 'change' || kind === 'accepted') && applySchemaChange(schema, text, dialect)) return;
  if (kind === 'alter-table') applyAlterTable(schema, text, dialect, (definition) => columnFrom(definition, dialect));
  if (kind === 'accepted') {
    // A PostgreSQL materialized view is read as the table it is; any other view (or one whose columns cannot be
    // told) is known by name.
    const view = dialect === 'postgresql' ? materializedViewTable(schema, text, placeOf(1, 1).line) : undefined;
    if (view) schema.tables.push(view);
    else addViewName(schema, text, dialect);
    return;
  }
  if (kind === 'noise' || (kind === 'alter-table' && !addsKey(text, dialect))) return;
  const at = placeOf(1, 1);
  if (kind === 'refused') throw notStructure(at, dialect);
  if (kind === 'alter-table' && dialect === 'postgresql') {
    addPostgresKeys(schema, text, at);
    return;
  }
  const copy = kind === 'create-table' ? copiedTable(schema, text, dialect, at.line) : undefined;
  if (copy) {
    schema.tables.push(copy);
    return;
  }
  const ast = parseDdl(text, dialect, placeOf);
  if (kind === 'create-table' && ast.type === 'create' && ast.keyword === 'table') {
    schema.tables.push(tableFrom(ast, at.line, dialect));
  } else if (kind === 'create-index' && ast.type === 'create' && ast.keyword === 'index') {
    addIndex(schema, ast, at, dialect);
  } else if (kind === 'alter-table' && ast.type === 'alter') {
    addAlteredKeys(schema, ast, at, dialect);
  } else {
    throw notStructure(at, dialect);
  }
}

/** Whether an ALTER TABLE may add a key or an index: ADD followed by PRIMARY, UNIQUE, CONSTRAINT, INDEX or KEY. */
function addsKey(text: string, dialect: Dialect): boolean {
  const tokens = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  const keyWords = ['PRIMARY', 'UNIQUE', 'CONSTRAINT', 'INDEX', 'KEY', 'FULLTEXT', 'SPATIAL', 'FOREIGN'];
  return tokens.some((t, i) => isKeyword(t, 'ADD') && keyWords.some((w) => isKeyword(tokens[i + 1], w)));
}

/**
 * PostgreSQL: the keys an ALTER TABLE adds, `ADD [CONSTRAINT name] PRIMARY KEY | UNIQUE [NULLS [NOT] DISTINCT]
 * (columns)`, read from its words. What pg_dump writes around them (ONLY, DEFERRABLE, INCLUDE, WITH, USING INDEX
 * TABLESPACE) does not change the key, and the other constraints (FOREIGN KEY ... NOT VALID, CHECK, EXCLUDE) make
 * none: the sandbox runs the statement and its server judges the rest.
 */
function addPostgresKeys(schema: SchemaModel, text: string, at: Where): void {
  const tokens = codeTokens(lex(text, { mysql: false }));
  let k = 2;
  while (isKeyword(tokens[k], 'IF') || isKeyword(tokens[k], 'EXISTS') || isKeyword(tokens[k], 'ONLY')) k++;
  // The name: its parts up to the last (`public.t`, `public."T"`, `"s"."T"`).
  let tableName = '';
  for (; k < tokens.length; k++) {
    const part = tokens[k]!.text;
    if (part === '.') continue;
    tableName = lastPart(part);
    if (!part.endsWith('.') && tokens[k + 1]?.text !== '.') break;
  }
  for (; k < tokens.length; k++) {
    if (!isKeyword(tokens[k], 'ADD')) continue;
    let i = k + 1;
    let name: string | null = null;
    if (isKeyword(tokens[i], 'CONSTRAINT')) {
      name = unquote(tokens[i + 1]?.text ?? '');
      i += 2;
    }
    const primary = isKeyword(tokens[i], 'PRIMARY') && isKeyword(tokens[i + 1], 'KEY');
    if (!primary && !isKeyword(tokens[i], 'UNIQUE')) continue;
    i += primary ? 2 : 1;
    while (['NULLS', 'NOT', 'DISTINCT'].some((w) => isKeyword(tokens[i], w))) i++;
    if (tokens[i]?.text !== '(') continue; // USING INDEX name: the key of an index made before
    const columns: string[] = [];
    for (i++; i < tokens.length && tokens[i]!.text !== ')'; i++)
      if (tokens[i]!.text !== ',') columns.push(unquote(tokens[i]!.text));
    k = i;
    const table = findTable(schema, tableName);
    if (!table) throw unknownTable(tableName, at);
    table.indexes.push({ name: primary ? 'PRIMARY' : name, columns, unique: true, primary });
    if (primary) markNotNull(table, columns);
  }
}

/**
 * The name of a CREATE ... VIEW (`sakila`.`film_list`: film_list), kept so that a statement reading the view is not
 * told its table is missing (Sakila's `SELECT * FROM film_list` was).
 */
function addViewName(schema: SchemaModel, text: string, dialect: Dialect): void {
  const tokens = codeTokens(lex(text, { mysql: dialect === 'mysql' }));
  let k = tokens.findIndex((t) => isKeyword(t, 'VIEW'));
  if (k < 0) return;
  k++;
  while (['IF', 'NOT', 'EXISTS'].some((w) => isKeyword(tokens[k], w))) k++;
  let name = '';
  for (; k < tokens.length && !isKeyword(tokens[k], 'AS') && tokens[k]!.text !== '('; k++) {
    if (tokens[k]!.text !== '.') name = lastPart(tokens[k]!.text);
  }
  if (name) schema.views = [...(schema.views ?? []), name];
}

/** The last part of a name as the lexer gives it (`public.t`: `t`), unquoted. */
function lastPart(word: string): string {
  return unquote(word.slice(word.lastIndexOf('.') + 1));
}

/** The keys and indexes an ALTER TABLE adds (ADD [CONSTRAINT n] PRIMARY KEY / UNIQUE, ADD INDEX / KEY). */
function addAlteredKeys(schema: SchemaModel, ast: AstNode, at: Where, dialect: Dialect): void {
  const tableName = String(children(ast, 'table')[0]?.table ?? '');
  const table = findTable(schema, tableName);
  for (const action of children(ast, 'expr')) {
    if (action.action !== 'add') continue;
    const definition = child(action, 'create_definitions');
    const def = definition ?? (action.resource === 'index' ? action : undefined);
    if (!def || (def.resource !== 'constraint' && def.resource !== 'index') || !makesIndex(def, dialect)) continue;
    if (!table) throw unknownTable(tableName, at);
    const index = def.resource === 'index' && !definition ? alteredIndexFrom(def, dialect) : indexFrom(def, dialect);
    // As in CREATE TABLE: InnoDB makes an index for a foreign key only when none starts with its columns (a history
    // that drops a foreign key and adds it again keeps the one index).
    if (isForeignKey(def) && table.indexes.some((i) => startsWith(i.columns, index.columns))) continue;
    table.indexes.push(index);
    if (table.indexes.at(-1)!.primary) markNotNull(table, table.indexes.at(-1)!.columns);
  }
}

/** MySQL's `ADD [UNIQUE] INDEX name (cols)` as the parser gives it (the definition on the action itself). */
function alteredIndexFrom(def: AstNode, dialect: Dialect): IndexDef {
  return {
    name: typeof def.index === 'string' ? def.index : null,
    columns: children(def, 'definition').map(nameOf),
    ...keyShapes(children(def, 'definition'), dialect),
    ...prefixLengths(children(def, 'definition')),
    unique: String(def.keyword ?? '')
      .toLowerCase()
      .startsWith('unique'),
    primary: false,
    ...mysqlKeyMethod(String(def.keyword ?? '').toLowerCase()),
  };
}

/** A column definition as a CREATE TABLE reads it (ALTER TABLE ... ADD COLUMN, MODIFY, CHANGE), if it reads. */
function columnFrom(definition: string, dialect: Dialect): ColumnDef | undefined {
  try {
    const ast = parseWithLibrary(`CREATE TABLE sqltune_column (${definition})`, dialect);
    return tableFrom(ast, 0, dialect).columns[0];
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

function unknownTable(tableName: string, at: Where) {
  return structureError(
    { line: at.line, column: 1 },
    `the statement refers to table ${tableName}, which is not defined`,
    `语句引用了未定义的表 ${tableName}`,
  );
}

/**
 * One DDL statement read as statements are (dialect/parse.ts: the parser with the engine's preparation for the
 * forms it refuses), its 4202 turned into 4203 at the same place in the table structure field.
 */
function parseDdl(text: string, dialect: Dialect, placeOf: PlaceOf): AstNode {
  try {
    return parseWithLibrary(text, dialect);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { line = 1, column = 1, message } = error.detail;
    // The parser's "unexpected X" is kept: a message that names nothing leaves the user searching the line.
    const reason = message.en.startsWith('SQL syntax error')
      ? {
          en: message.en.replace(/^SQL syntax error/, 'table structure syntax error'),
          zh: message.zh.replace(/^SQL 语法错误/, '表结构语法错误'),
        }
      : message;
    throw structureError(placeOf(line, column), reason.en, reason.zh);
  }
}

/** What the table structure field takes, by dialect, for the 4203 message. */
const ACCEPTED: Record<Dialect, { en: string; zh: string }> = {
  mysql: {
    en: 'CREATE TABLE, CREATE INDEX, ALTER TABLE, CREATE VIEW, mysqldump output, or SHOW CREATE TABLE / SHOW INDEX output',
    zh: 'CREATE TABLE、CREATE INDEX、ALTER TABLE、CREATE VIEW、mysqldump 的输出，或 SHOW CREATE TABLE / SHOW INDEX 的输出',
  },
  postgresql: {
    en: 'CREATE TABLE, CREATE INDEX, ALTER TABLE, CREATE VIEW, CREATE SCHEMA, CREATE SEQUENCE, CREATE TYPE (enum, composite, range), COMMENT ON, or pg_dump output',
    zh: 'CREATE TABLE、CREATE INDEX、ALTER TABLE、CREATE VIEW、CREATE SCHEMA、CREATE SEQUENCE、CREATE TYPE（枚举、复合、范围类型）、COMMENT ON，或 pg_dump 的输出',
  },
};

function notStructure(at: Where, dialect: Dialect) {
  const accepted = ACCEPTED[dialect];
  return structureError(
    at,
    `the table structure accepts only ${accepted.en}; data, queries, code and other changes are not run`,
    `表结构只接受${accepted.zh}；不执行数据、查询、代码或其他修改`,
  );
}

function nameOf(node: AstNode | undefined): string {
  const column = columnRef(node)?.column;
  if (column !== undefined) return column;
  // MySQL's CREATE INDEX reads `col(10)` as a call of `col`; any other call (`lower(name)`) is an expression key,
  // which has no column.
  if (node?.type !== 'function' || prefixOf(node) === null) return '';
  const name = child(node, 'name')?.name as Array<{ value?: unknown }> | undefined;
  return typeof name?.[0]?.value === 'string' ? name[0].value : '';
}

/** The prefix length of an index column (`username(2)`: 2), null for a whole column. */
function prefixOf(node: AstNode): number | null {
  const suffix = typeof node.suffix === 'string' ? /^\((\d+)\)$/.exec(node.suffix) : null;
  if (suffix) return Number(suffix[1]);
  if (node.type !== 'function') return null;
  const args = children(child(node, 'args') ?? {}, 'value');
  return args.length === 1 && typeof args[0]?.value === 'number' ? args[0].value : null;
}

/** `keyOptions` for an index whose keys have an operator class or a collation (PostgreSQL's grammar reads both). */
function keyOptions(nodes: AstNode[]): Pick<IndexDef, 'keyOptions'> {
  const options = nodes.map((node) => {
    const collation = child(child(child(node, 'collate') ?? {}, 'collate') ?? {}, 'name')?.value;
    return [
      typeof node.opclass === 'string' ? node.opclass.toLowerCase() : '',
      typeof collation === 'string' ? `COLLATE "${collation}"` : '',
    ]
      .filter(Boolean)
      .join(' ');
  });
  return options.some(Boolean) ? { keyOptions: options } : {};
}

/**
 * `expressions` and `descending` for an index with a key on an expression (`(lower(email))`, MySQL's functional key
 * part; its text put on the key's node by dialect/key-expressions.ts) or stored descending. An expression is printed
 * as model/expression-text.ts prints the query's (`lower(email)` whether written `` lower(`email`) `` or not), so
 * candidates and the redundancy checks compare like with like; written text where no printing is possible.
 */
function keyShapes(nodes: AstNode[], dialect: Dialect): Pick<IndexDef, 'expressions' | 'descending'> {
  // A parenthesized column (`(a)`, which PostgreSQL indexes as the column) is a column key.
  const expressions = nodes.map((node) => (nameOf(node) === '' ? keyExpressionText(node, dialect) : null));
  const descending = nodes.map((node) => /^desc$/i.test(String(node.order_by ?? '')));
  return {
    ...(expressions.some((e) => e !== null) ? { expressions } : {}),
    ...(descending.some(Boolean) ? { descending } : {}),
  };
}

function keyExpressionText(node: AstNode, dialect: Dialect): string {
  const written = typeof node.expression === 'string' ? node.expression : undefined;
  const printed = expressionText(node);
  if (printed !== undefined || written === undefined) return printed ?? '';
  // MySQL's functional key part holds its text only (key-expressions.ts): read it as the expression it is.
  const outcome = parseEach(`SELECT ${written}`, dialect)[0];
  const item = outcome && 'statement' in outcome ? child(outcome.statement.ast, 'columns') : undefined;
  const expr = Array.isArray(item) && isNode(item[0]) ? child(item[0], 'expr') : undefined;
  return (expr && expressionText(expr)) ?? written;
}

/** `prefixLengths` for an index whose key has any prefix column. */
function prefixLengths(nodes: AstNode[]): Pick<IndexDef, 'prefixLengths'> {
  const lengths = nodes.map(prefixOf);
  return lengths.some((l) => l !== null) ? { prefixLengths: lengths } : {};
}

function tableFrom(ast: AstNode, line: number, dialect: Dialect): TableDef {
  const name = String(children(ast, 'table')[0]?.table ?? '');
  const table: TableDef = { name, columns: [], indexes: [], line };
  const foreignKeys: IndexDef[] = [];
  const tableCollation = optionValue(children(ast, 'table_options').find((o) => /^collate$/i.test(String(o.keyword))));
  const engine = optionValue(children(ast, 'table_options').find((o) => /^engine$/i.test(String(o.keyword))));
  if (dialect === 'mysql' && engine) table.engine = engine.toUpperCase();
  for (const def of children(ast, 'create_definitions')) {
    if (def.resource === 'column') {
      const column = nameOf(child(def, 'column'));
      const type = definedType(child(def, 'definition') ?? {}, dialect);
      const notNull = child(def, 'nullable')?.type === 'not null';
      const primary = typeof def.primary_key === 'string';
      const collation = dialect === 'mysql' ? mysqlCollation(def, type, tableCollation) : undefined;
      const length = child(def, 'definition')?.length;
      table.columns.push({
        name: column,
        type,
        nullable: !notNull && !primary,
        ...(typeof length === 'number' && isStringType(type) ? { length } : {}),
        ...(collation ? { collation } : {}),
      });
      if (primary) table.indexes.push({ name: 'PRIMARY', columns: [column], unique: true, primary: true });
      if (def.unique === 'unique' || def.unique_or_primary === 'unique') {
        table.indexes.push({ name: null, columns: [column], unique: true, primary: false });
      }
    } else if ((def.resource === 'index' || def.resource === 'constraint') && makesIndex(def, dialect)) {
      (isForeignKey(def) ? foreignKeys : table.indexes).push(indexFrom(def, dialect));
    }
  }
  // InnoDB indexes a foreign key only when no index starts with its columns (mysqldump prints the index it made).
  for (const key of foreignKeys)
    if (!table.indexes.some((i) => servesComparisons(i) && startsWith(i.columns, key.columns))) table.indexes.push(key);
  for (const index of table.indexes.filter((i) => i.primary)) markNotNull(table, index.columns);
  return table;
}

function isForeignKey(def: AstNode): boolean {
  return String(def.constraint_type ?? def.keyword ?? '')
    .toLowerCase()
    .startsWith('foreign');
}

function startsWith(columns: string[], prefix: string[]): boolean {
  return prefix.length <= columns.length && prefix.every((c, i) => c.toLowerCase() === columns[i]!.toLowerCase());
}

/**
 * A MySQL text column's collation when the DDL fixes it: its own COLLATE, or (with no CHARACTER SET of its own,
 * which would bring that set's default collation) the table's COLLATE=.
 */
function mysqlCollation(def: AstNode, type: string, tableCollation: string | undefined): string | undefined {
  if (!isMysqlCollated(type)) return undefined;
  const clause = child(def, 'collate');
  const own = clause ? child(clause, 'collate')?.name : undefined;
  if (typeof own === 'string') return own.toLowerCase();
  return child(def, 'character_set') ? undefined : tableCollation;
}

function optionValue(option: AstNode | undefined): string | undefined {
  const value = option?.value;
  const text = isNode(value) ? value.value : value;
  return typeof text === 'string' ? text.toLowerCase() : undefined;
}

/** Primary key columns are NOT NULL whether or not the DDL says so. */
export function markNotNull(table: TableDef, columns: string[]): void {
  const keys = new Set(columns.map((c) => c.toLowerCase()));
  for (const column of table.columns) if (keys.has(column.name.toLowerCase())) column.nullable = false;
}

/**
 * Whether a table constraint creates an index: keys do; CHECK never does; FOREIGN KEY does in MySQL (InnoDB adds
 * one when no index starts with the columns) but not in PostgreSQL.
 */
function makesIndex(def: AstNode, dialect: Dialect): boolean {
  const kind = String(def.constraint_type ?? def.keyword ?? '').toLowerCase();
  if (kind.startsWith('check')) return false;
  if (kind.startsWith('foreign')) return dialect === 'mysql';
  return true;
}

function indexFrom(def: AstNode, dialect: Dialect): IndexDef {
  const kind = String(def.constraint_type ?? def.keyword ?? '').toLowerCase();
  const columns = children(def, 'definition').map(nameOf);
  const primary = kind.startsWith('primary');
  return {
    name: primary ? 'PRIMARY' : typeof def.index === 'string' ? def.index : null,
    columns,
    ...prefixLengths(children(def, 'definition')),
    ...keyShapes(children(def, 'definition'), dialect),
    unique: primary || kind.startsWith('unique'),
    primary,
    ...mysqlKeyMethod(kind),
  };
}

/**
 * MySQL's `FULLTEXT` and `SPATIAL` keys (the parser's keyword, `fulltext key`, or CREATE INDEX's `index_type`): not
 * B-trees, whatever USING says; marked so no =, range, ORDER BY or join is thought served by them.
 */
function mysqlKeyMethod(kind: string): Pick<IndexDef, 'method'> {
  const word = kind.split(' ')[0];
  return word === 'fulltext' || word === 'spatial' ? { method: word } : {};
}

function addIndex(schema: SchemaModel, ast: AstNode, at: Where, dialect: Dialect): void {
  const tableName = String(child(ast, 'table')?.table ?? '');
  const table = findTable(schema, tableName);
  if (!table) throw unknownTable(tableName, at);
  // MySQL: InnoDB makes every key but FULLTEXT and SPATIAL ones a B-tree, whatever USING says.
  const method =
    dialect === 'postgresql'
      ? String(child(ast, 'index_using')?.type ?? 'btree').toLowerCase()
      : (mysqlKeyMethod(String(ast.index_type ?? '').toLowerCase()).method ?? 'btree');
  table.indexes.push({
    name: typeof ast.index === 'string' ? ast.index : null,
    columns: children(ast, 'index_columns').map(nameOf),
    ...prefixLengths(children(ast, 'index_columns')),
    unique: String(ast.index_type ?? '').toLowerCase() === 'unique',
    primary: false,
    ...(method === 'btree' ? {} : { method }),
    ...keyOptions(children(ast, 'index_columns')),
    ...keyShapes(children(ast, 'index_columns'), dialect),
    ...(child(ast, 'where') ? { where: expressionText(child(ast, 'where')) ?? '' } : {}),
  });
}
