import { AppError, type Dialect, ErrorCode } from '@sqltune/contracts';
import nodeSqlParser from 'node-sql-parser';
import { blankMysqlHints } from '../dialect/parse.ts';
import { splitStatements } from '../dialect/split.ts';
import { type AstNode, child, children, columnRef, isNode } from '../model/ast.ts';
import { normalizeNewlines, positionAt } from '../text/position.ts';
import type { ColumnStatistics, IndexDef, SchemaModel, TableDef, TableStatistics } from './model.ts';
import { findTable } from './model.ts';

const parser = new nodeSqlParser.Parser();

/**
 * Reads the user's table structure: CREATE TABLE and CREATE INDEX statements, plus statistics lines
 *   -- sqltune:stats orders rows=1500000
 *   -- sqltune:stats orders.o_custkey distinct=99996 nulls=0.0 width=4
 * Anything else (INSERT, DROP, ...) is rejected with 4203 and its line, so nothing runs that the user
 * did not mean as structure.
 */
export function parseSchema(input: string, dialect: Dialect): SchemaModel {
  const text = normalizeNewlines(input);
  const tables: TableDef[] = [];
  for (const slice of splitStatements(text, dialect)) {
    const position = positionAt(text, slice.offset);
    const ast = parseDdl(slice.text, dialect, position.line);
    if (ast.type === 'create' && ast.keyword === 'table') tables.push(tableFrom(ast, position.line));
    else if (ast.type === 'create' && ast.keyword === 'index') addIndex(tables, ast, position.line);
    else throw notStructure(position.line, position.column);
  }
  const schema = { tables };
  applyStatistics(schema, text);
  return schema;
}

function parseDdl(text: string, dialect: Dialect, line: number): AstNode {
  try {
    const result = parser.astify(dialect === 'mysql' ? blankMysqlHints(text) : text, { database: dialect });
    const ast = Array.isArray(result) ? result[0] : result;
    if (isNode(ast)) return ast;
  } catch (error) {
    const at = (error as { location?: { start?: { line?: number; column?: number } } }).location?.start;
    const where = { line: line + (at?.line ?? 1) - 1, column: at?.column ?? 1 };
    throw new AppError(ErrorCode.TABLE_STRUCTURE_INVALID, {
      ...where,
      message: { zh: '表结构语法错误', en: 'table structure syntax error' },
    });
  }
  throw notStructure(line, 1);
}

function notStructure(line: number, column: number): AppError {
  return new AppError(ErrorCode.TABLE_STRUCTURE_INVALID, {
    line,
    column,
    message: {
      zh: '表结构只接受 CREATE TABLE 和 CREATE INDEX 语句',
      en: 'the table structure accepts only CREATE TABLE and CREATE INDEX statements',
    },
  });
}

function nameOf(node: AstNode | undefined): string {
  return columnRef(node)?.column ?? '';
}

function tableFrom(ast: AstNode, line: number): TableDef {
  const name = String(children(ast, 'table')[0]?.table ?? '');
  const table: TableDef = { name, columns: [], indexes: [], line };
  for (const def of children(ast, 'create_definitions')) {
    if (def.resource === 'column') {
      const column = nameOf(child(def, 'column'));
      const type = String(child(def, 'definition')?.dataType ?? '').toUpperCase();
      const notNull = child(def, 'nullable')?.type === 'not null';
      const primary = typeof def.primary_key === 'string';
      table.columns.push({ name: column, type, nullable: !notNull && !primary });
      if (primary) table.indexes.push({ name: 'PRIMARY', columns: [column], unique: true, primary: true });
      if (def.unique === 'unique' || def.unique_or_primary === 'unique') {
        table.indexes.push({ name: null, columns: [column], unique: true, primary: false });
      }
    } else if (def.resource === 'index' || def.resource === 'constraint') {
      table.indexes.push(indexFrom(def));
    }
  }
  for (const index of table.indexes.filter((i) => i.primary)) {
    for (const column of table.columns) if (index.columns.includes(column.name)) column.nullable = false;
  }
  return table;
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

function addIndex(tables: TableDef[], ast: AstNode, line: number): void {
  const tableName = String(child(ast, 'table')?.table ?? '');
  const table = findTable({ tables }, tableName);
  if (!table) {
    throw new AppError(ErrorCode.TABLE_STRUCTURE_INVALID, {
      line,
      column: 1,
      message: {
        zh: `索引引用了未定义的表 ${tableName}`,
        en: `the index refers to table ${tableName}, which is not defined`,
      },
    });
  }
  table.indexes.push({
    name: typeof ast.index === 'string' ? ast.index : null,
    columns: children(ast, 'index_columns').map(nameOf),
    unique: String(ast.index_type ?? '').toLowerCase() === 'unique',
    primary: false,
  });
}

const statsLine = /^\s*--\s*sqltune:stats\s+(\S+)\s+(.*)$/i;

function applyStatistics(schema: SchemaModel, text: string): void {
  text.split('\n').forEach((raw, i) => {
    const match = statsLine.exec(raw);
    if (!match) return;
    const [target, settings] = [match[1]!, parseSettings(match[2]!, i + 1)];
    const [tableName, columnName] = target.split('.') as [string, string | undefined];
    const table = findTable(schema, tableName);
    if (!table) throw statsError(i + 1, `unknown table ${tableName}`, `未知的表 ${tableName}`);
    table.statistics ??= { table: table.name, rows: 0, columns: [] } satisfies TableStatistics;
    if (!columnName) {
      table.statistics.rows = settings.rows ?? table.statistics.rows;
      return;
    }
    const column: ColumnStatistics = { column: columnName };
    if (settings.distinct !== undefined) column.distinct = settings.distinct;
    if (settings.nulls !== undefined) column.nullFraction = settings.nulls;
    if (settings.width !== undefined) column.averageWidth = settings.width;
    table.statistics.columns.push(column);
  });
}

function parseSettings(text: string, line: number): Record<string, number> {
  const settings: Record<string, number> = {};
  for (const pair of text.trim().split(/\s+/)) {
    const [key, value] = pair.split('=');
    const number = Number(value);
    if (!key || value === undefined || !Number.isFinite(number)) {
      throw statsError(line, `cannot read "${pair}", expected key=number`, `无法识别 "${pair}"，应为 key=数字`);
    }
    settings[key.toLowerCase()] = number;
  }
  return settings;
}

function statsError(line: number, en: string, zh: string): AppError {
  return new AppError(ErrorCode.TABLE_STRUCTURE_INVALID, {
    line,
    column: 1,
    message: { zh: `统计信息有误：${zh}`, en: `statistics: ${en}` },
  });
}
