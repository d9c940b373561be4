import type { Dialect } from '@sqltune/contracts';
import type { Cell, OutputTable } from './client-output.ts';
import { markNotNull, type PlaceOf, readDdlStatement } from './ddl-statements.ts';
import { structureError } from './input-errors.ts';
import { findColumn, findTable, type SchemaModel, type TableDef } from './model.ts';
import { cellReader, kindLabel, outputKind } from './output-kinds.ts';
import { cardinalityFacts, type PastedIndex, readPastedIndexes } from './pasted-indexes.ts';
import type { StatisticsFacts } from './statistics-facts.ts';

/** DDL text for the planner, each statement on the field line it came from when the lines before leave room. */
export class DdlText {
  private readonly lines: string[] = [];

  add(line: number, text: string): void {
    while (this.lines.length < line - 1) this.lines.push('');
    this.lines.push(...text.split('\n'));
  }

  text(): string {
    return `${this.lines.join('\n').trimEnd()}\n`;
  }
}

/**
 * A pasted client result in the table structure field: SHOW CREATE TABLE (its DDL is read as if typed) or
 * SHOW INDEX / information_schema.STATISTICS (indexes the tables do not have yet are added, as DDL too, and the
 * cardinalities become distinct counts). Both are MySQL's; anything else is an error that says where it belongs.
 */
export function readPastedStructure(
  schema: SchemaModel,
  table: OutputTable,
  dialect: Dialect,
  ddl: DdlText,
  facts: StatisticsFacts,
): void {
  const kind = outputKind(table.headers);
  const at = { line: table.line, column: 1 };
  if (!kind) {
    throw structureError(
      at,
      `cannot tell which result this is (columns ${table.headers.join(', ')}); the table structure accepts CREATE TABLE / CREATE INDEX statements and the output of SHOW CREATE TABLE and SHOW INDEX`,
      `无法识别该结果（列为 ${table.headers.join(', ')}）；表结构只接受 CREATE TABLE / CREATE INDEX 语句以及 SHOW CREATE TABLE、SHOW INDEX 的输出`,
    );
  }
  if (kind !== 'create-table' && kind !== 'indexes') {
    throw structureError(
      at,
      `this is ${kindLabel(kind)} output, which is statistics: give it in the statistics field`,
      `这是 ${kindLabel(kind)} 的输出，属于统计信息，请填写在统计信息中`,
    );
  }
  if (dialect !== 'mysql') {
    throw structureError(
      at,
      `${kindLabel(kind)} output is MySQL's: choose the MySQL dialect, or give PostgreSQL CREATE TABLE statements`,
      `${kindLabel(kind)} 是 MySQL 的输出：请选择 MySQL 方言，或提供 PostgreSQL 的 CREATE TABLE 语句`,
    );
  }
  if (kind === 'create-table') readCreateTables(schema, table, ddl);
  else readIndexes(schema, table, ddl, facts);
}

function readCreateTables(schema: SchemaModel, table: OutputTable, ddl: DdlText): void {
  const cell = cellReader(table);
  for (const row of table.rows) {
    const create = cell(row, 'create table');
    if (!create?.text) continue;
    // mysql -e / --batch escapes the DDL's newlines as \n and keeps it on one line.
    const escaped = table.layout === 'delimited' && !create.text.includes('\n');
    const sql = escaped ? unescapeBatch(create.text) : create.text;
    const placeOf: PlaceOf = escaped
      ? () => ({ line: create.line, column: create.column })
      : (line, column) => ({
          line: create.line + line - 1,
          column: line === 1 ? create.column + column - 1 : column,
        });
    readDdlStatement(schema, sql, 'mysql', placeOf);
    ddl.add(create.line, `${sql.trimEnd()};`);
  }
}

function unescapeBatch(text: string): string {
  const escapes: Record<string, string> = { n: '\n', t: '\t', '0': '\0', '\\': '\\' };
  return text.replace(/\\(.)/g, (_, c: string) => escapes[c] ?? c);
}

function readIndexes(schema: SchemaModel, table: OutputTable, ddl: DdlText, facts: StatisticsFacts): void {
  const indexes = readPastedIndexes(table, 'schema');
  const statements: string[] = [];
  for (const index of indexes) {
    const target = findTable(schema, index.table);
    if (!target) {
      throw structureError(
        index.at,
        `the index ${index.name} is on table ${index.table}, which is not defined above it`,
        `索引 ${index.name} 所在的表 ${index.table} 未在其上方定义`,
      );
    }
    for (const column of index.columns) checkColumn(target, column.at);
    if (alreadyDefined(target, index)) continue;
    statements.push(indexDdl(target, index));
    const columns = index.columns.map((c) => c.name);
    target.indexes.push({
      name: index.primary ? 'PRIMARY' : index.name,
      columns,
      unique: index.unique,
      primary: index.primary,
      // Marked, as the DDL reader marks them: a FULLTEXT or SPATIAL key serves no equality, range or order.
      ...(index.type === 'FULLTEXT' || index.type === 'SPATIAL' ? { method: index.type.toLowerCase() } : {}),
    });
    if (index.primary) markNotNull(target, columns);
  }
  if (statements.length > 0) ddl.add(table.line, statements.join('\n'));
  cardinalityFacts(indexes, true, facts);
}

function checkColumn(table: TableDef, cell: Cell): void {
  if (findColumn(table, cell.text)) return;
  throw structureError(cell, `table ${table.name} has no column ${cell.text}`, `表 ${table.name} 没有列 ${cell.text}`);
}

/** The same index, by name, as the primary key, or as an unnamed key on the same columns (inline UNIQUE, FOREIGN KEY). */
function alreadyDefined(table: TableDef, index: PastedIndex): boolean {
  const columns = index.columns.map((c) => c.name.toLowerCase()).join('\u0000');
  return table.indexes.some(
    (known) =>
      (known.name !== null && known.name.toLowerCase() === index.name.toLowerCase()) ||
      (index.primary && known.primary) ||
      (known.name === null &&
        known.unique === index.unique &&
        known.columns.map((c) => c.toLowerCase()).join('\u0000') === columns),
  );
}

function indexDdl(table: TableDef, index: PastedIndex): string {
  const columns = index.columns.map((c) => `${quote(c.name)}${c.prefix ? `(${c.prefix})` : ''}`).join(', ');
  if (index.primary) return `ALTER TABLE ${quote(table.name)} ADD PRIMARY KEY (${columns});`;
  const kind = index.type === 'FULLTEXT' || index.type === 'SPATIAL' ? `${index.type} ` : index.unique ? 'UNIQUE ' : '';
  return `CREATE ${kind}INDEX ${quote(index.name)} ON ${quote(table.name)} (${columns});`;
}

function quote(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}
