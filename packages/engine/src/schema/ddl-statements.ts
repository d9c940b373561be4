import { AppError, type Dialect } from '@sqltune/contracts';
import { parseWithLibrary } from '../dialect/parse.ts';
import { splitStatements } from '../dialect/split.ts';
import { type AstNode, child, children, columnRef, isNode } from '../model/ast.ts';
import { positionAt } from '../text/position.ts';
import { structureError, type Where } from './input-errors.ts';
import type { IndexDef, SchemaModel, TableDef } from './model.ts';
import { findTable } from './model.ts';

/** Maps a position inside a statement's text (1-based) to its position in the field. */
export type PlaceOf = (line: number, column: number) => Where;

/**
 * Reads CREATE TABLE and CREATE INDEX statements into the schema. Anything else (INSERT, DROP, ...) is
 * rejected with 4203 at its position, so nothing runs that the user did not mean as structure.
 * `firstLine` is the field line `text` starts on.
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

/** One CREATE TABLE / CREATE INDEX statement into the schema. */
export function readDdlStatement(schema: SchemaModel, text: string, dialect: Dialect, placeOf: PlaceOf): void {
  const ast = parseDdl(text, dialect, placeOf);
  const at = placeOf(1, 1);
  if (ast.type === 'create' && ast.keyword === 'table') schema.tables.push(tableFrom(ast, at.line, dialect));
  else if (ast.type === 'create' && ast.keyword === 'index') addIndex(schema, ast, at);
  else throw notStructure(at);
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
    const reason = message.en.startsWith('SQL syntax error')
      ? { en: 'table structure syntax error', zh: '表结构语法错误' }
      : message;
    throw structureError(placeOf(line, column), reason.en, reason.zh);
  }
}

function notStructure(at: Where) {
  return structureError(
    at,
    'the table structure accepts only CREATE TABLE and CREATE INDEX statements (or SHOW CREATE TABLE / SHOW INDEX output)',
    '表结构只接受 CREATE TABLE 和 CREATE INDEX 语句（或 SHOW CREATE TABLE / SHOW INDEX 的输出）',
  );
}

function nameOf(node: AstNode | undefined): string {
  return columnRef(node)?.column ?? '';
}

function tableFrom(ast: AstNode, line: number, dialect: Dialect): TableDef {
  const name = String(children(ast, 'table')[0]?.table ?? '');
  const table: TableDef = { name, columns: [], indexes: [], line };
  const tableCollation = optionValue(children(ast, 'table_options').find((o) => /^collate$/i.test(String(o.keyword))));
  for (const def of children(ast, 'create_definitions')) {
    if (def.resource === 'column') {
      const column = nameOf(child(def, 'column'));
      const type = String(child(def, 'definition')?.dataType ?? '').toUpperCase();
      const notNull = child(def, 'nullable')?.type === 'not null';
      const primary = typeof def.primary_key === 'string';
      const collation = dialect === 'mysql' ? mysqlCollation(def, type, tableCollation) : undefined;
      table.columns.push({ name: column, type, nullable: !notNull && !primary, ...(collation ? { collation } : {}) });
      if (primary) table.indexes.push({ name: 'PRIMARY', columns: [column], unique: true, primary: true });
      if (def.unique === 'unique' || def.unique_or_primary === 'unique') {
        table.indexes.push({ name: null, columns: [column], unique: true, primary: false });
      }
    } else if ((def.resource === 'index' || def.resource === 'constraint') && makesIndex(def, dialect)) {
      table.indexes.push(indexFrom(def));
    }
  }
  for (const index of table.indexes.filter((i) => i.primary)) markNotNull(table, index.columns);
  return table;
}

const textTypes = new Set(['CHAR', 'VARCHAR', 'TINYTEXT', 'TEXT', 'MEDIUMTEXT', 'LONGTEXT', 'ENUM', 'SET']);

/**
 * A MySQL text column's collation when the DDL fixes it: its own COLLATE, or (with no CHARACTER SET of its own,
 * which would bring that set's default collation) the table's COLLATE=.
 */
function mysqlCollation(def: AstNode, type: string, tableCollation: string | undefined): string | undefined {
  if (!textTypes.has(type)) return undefined;
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

function indexFrom(def: AstNode): IndexDef {
  const kind = String(def.constraint_type ?? def.keyword ?? '').toLowerCase();
  const columns = children(def, 'definition').map(nameOf);
  const primary = kind.startsWith('primary');
  return {
    name: primary ? 'PRIMARY' : typeof def.index === 'string' ? def.index : null,
    columns,
    unique: primary || kind.startsWith('unique'),
    primary,
  };
}

function addIndex(schema: SchemaModel, ast: AstNode, at: Where): void {
  const tableName = String(child(ast, 'table')?.table ?? '');
  const table = findTable(schema, tableName);
  if (!table) {
    throw structureError(
      { line: at.line, column: 1 },
      `the index refers to table ${tableName}, which is not defined`,
      `索引引用了未定义的表 ${tableName}`,
    );
  }
  table.indexes.push({
    name: typeof ast.index === 'string' ? ast.index : null,
    columns: children(ast, 'index_columns').map(nameOf),
    unique: String(ast.index_type ?? '').toLowerCase() === 'unique',
    primary: false,
  });
}
