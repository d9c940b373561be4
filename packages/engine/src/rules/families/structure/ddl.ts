/**
 * Shared reading of DDL for the structure family: the table a statement creates or alters, the
 * columns and keys it defines, and where a name or keyword sits in the text. The parser gives DDL
 * nodes no locations in PostgreSQL, so spans come from the statement's tokens instead.
 */
import type { Dialect, Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef, isNode, span } from '../../../model/ast.ts';
import { isAlter, isColumnRefNode, isCreate, isFunctionCall, isLiteralOf } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { type ColumnDef, findTable, type SchemaModel, unquote } from '../../../schema/model.ts';
import { definedType } from '../../../semantics/types.ts';
import { codeTokens, isKeyword, lex, type Token } from '../../../text/lexer.ts';
import type { RuleMatch } from '../../rule.ts';

export type TextSpan = { start: number; end: number };

/** A column as a CREATE TABLE or an ALTER TABLE statement defines it. */
export interface ColumnDefinition {
  name: string;
  /** Upper-case type the column has: INT, VARCHAR, DOUBLE PRECISION (FLOAT8), BIGINT (INT8); see definedType. */
  type: string;
  /** Upper-case words after the type: UNSIGNED, ZEROFILL, WITHOUT TIME ZONE. */
  modifiers: string[];
  /** The type as it reads in messages: VARCHAR(30), DECIMAL(15,2), FLOAT8, INT UNSIGNED. */
  display: string;
  /** 'create' in CREATE TABLE; the ALTER TABLE action otherwise: add, modify, change, alter. */
  action: string;
  node: AstNode;
}

export type KeyKind = 'primary' | 'unique' | 'index' | 'fulltext' | 'spatial' | 'foreign';

/** One column of a key: `column` is null for an expression, `prefixed` when only a leading part is indexed. */
export interface KeyPart {
  column: string | null;
  prefixed: boolean;
  node: AstNode;
}

/** A primary key, unique key, index or foreign key defined by the statement. */
export interface KeyDefinition {
  kind: KeyKind;
  name: string | null;
  parts: KeyPart[];
  node: AstNode;
}

export function isCreateTable(ast: AstNode): boolean {
  return isCreate(ast) && ast.keyword === 'table';
}

export function isAlterTable(ast: AstNode): boolean {
  return isAlter(ast) && children(ast, 'table').length > 0;
}

export function isCreateIndex(ast: AstNode): boolean {
  return isCreate(ast) && ast.keyword === 'index';
}

/** The table a CREATE TABLE, ALTER TABLE or CREATE INDEX statement works on, as written. */
export function targetTable(ast: AstNode): string | undefined {
  const source = isCreateIndex(ast) ? child(ast, 'table') : children(ast, 'table')[0];
  return typeof source?.table === 'string' ? source.table : undefined;
}

/** The name of a column reference or definition, whatever shape the dialect's grammar gave it. */
export function nameOf(node: AstNode | undefined): string | undefined {
  return columnRef(node)?.column;
}

/** The ALTER TABLE actions, one per comma-separated clause. */
export function alterActions(ast: AstNode): AstNode[] {
  return isAlterTable(ast) ? children(ast, 'expr') : [];
}

/** Columns defined by CREATE TABLE, or added, modified or retyped by ALTER TABLE. */
export function columnDefinitions(ast: AstNode, dialect: Dialect): ColumnDefinition[] {
  const items = isCreateTable(ast)
    ? children(ast, 'create_definitions').map((node) => ({ node, action: 'create' }))
    : alterActions(ast).map((node) => ({ node, action: String(node.action ?? '').toLowerCase() }));
  const columns: ColumnDefinition[] = [];
  for (const { node, action } of items) {
    const definition = child(node, 'definition');
    const name = nameOf(child(node, 'column'));
    if (node.resource !== 'column' || !definition || !name) continue;
    const type = definedType(definition, dialect);
    const modifiers = Array.isArray(definition.suffix)
      ? definition.suffix.map((word) => String(word).toUpperCase())
      : [];
    columns.push({ name, type, modifiers, display: typeText(definition, modifiers), action, node });
  }
  return columns;
}

/** `VARCHAR(30)`, `DECIMAL(15,2)`; PostgreSQL's FLOAT8 reads as FLOAT with length 8 and no parentheses. */
function typeText(definition: AstNode, modifiers: string[]): string {
  const type = String(definition.dataType ?? '').toUpperCase();
  const { length, scale } = definition;
  let size = '';
  if (typeof length === 'number' && definition.parentheses)
    size = `(${length}${typeof scale === 'number' ? `,${scale}` : ''})`;
  else if (typeof length === 'number') size = String(length);
  return [`${type}${size}`, ...modifiers].join(' ');
}

/** Keys defined by CREATE TABLE (inline or as table constraints), ALTER TABLE ... ADD, or CREATE INDEX. */
export function keyDefinitions(ast: AstNode): KeyDefinition[] {
  if (isCreateIndex(ast)) {
    const kind = indexKind(String(ast.index_type ?? 'index'));
    return [{ kind, name: stringOrNull(ast.index), parts: children(ast, 'index_columns').map(keyPart), node: ast }];
  }
  const keys: KeyDefinition[] = [];
  const definitions = isCreateTable(ast)
    ? children(ast, 'create_definitions')
    : alterActions(ast)
        .filter((action) => action.action === 'add')
        .map((action) => child(action, 'create_definitions') ?? action);
  for (const definition of definitions) {
    if (definition.resource === 'column') keys.push(...inlineKeys(definition));
    else if (definition.resource === 'index' || definition.resource === 'constraint') {
      const kind = indexKind(String(definition.constraint_type ?? definition.keyword ?? 'index'));
      const name = stringOrNull(definition.index) ?? stringOrNull(definition.constraint);
      keys.push({ kind, name, parts: children(definition, 'definition').map(keyPart), node: definition });
    }
  }
  return keys;
}

/** `id INT PRIMARY KEY`, `code CHAR(3) UNIQUE`, `customer_id INT REFERENCES customer(id)`. */
function inlineKeys(definition: AstNode): KeyDefinition[] {
  const columnNode = child(definition, 'column');
  const column = nameOf(columnNode);
  if (!column || !columnNode) return [];
  const parts = [{ column, prefixed: false, node: columnNode }];
  const keys: KeyDefinition[] = [];
  if (typeof definition.primary_key === 'string') keys.push({ kind: 'primary', name: null, parts, node: definition });
  if (definition.unique === 'unique' || definition.unique_or_primary === 'unique') {
    keys.push({ kind: 'unique', name: null, parts, node: definition });
  }
  if (child(definition, 'reference_definition')) keys.push({ kind: 'foreign', name: null, parts, node: definition });
  return keys;
}

function indexKind(word: string): KeyKind {
  const lower = word.toLowerCase();
  if (lower.startsWith('primary')) return 'primary';
  if (lower.startsWith('unique')) return 'unique';
  if (lower.startsWith('foreign')) return 'foreign';
  if (lower.startsWith('fulltext')) return 'fulltext';
  if (lower.startsWith('spatial')) return 'spatial';
  return 'index';
}

/**
 * A key column. MySQL prefixes read as `body(10)`: a column reference with a suffix inside CREATE TABLE,
 * a one-argument "function call" in CREATE INDEX. Anything else is an expression.
 */
function keyPart(node: AstNode): KeyPart {
  if (isColumnRefNode(node)) {
    return { column: nameOf(node) ?? null, prefixed: typeof node.suffix === 'string', node };
  }
  const args = child(node, 'args');
  const values = args ? children(args, 'value') : [];
  const parts = children(child(node, 'name') ?? {}, 'name');
  if (isFunctionCall(node) && parts.length === 1 && values.length === 1 && isLiteralOf(values[0], 'number')) {
    return { column: String(parts[0]!.value), prefixed: true, node };
  }
  return { column: null, prefixed: false, node };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The key's name for messages: its own name, else its column list. */
export function keyLabel(key: KeyDefinition): string {
  // An expression key by its text (dialect/key-expressions.ts), `<expr>` when the parser read it some other way.
  const label = (part: KeyPart) =>
    part.column ?? (typeof part.node.expression === 'string' ? `(${part.node.expression})` : '<expr>');
  const columns = `(${key.parts.map(label).join(', ')})`;
  if (key.kind === 'primary') return `PRIMARY KEY ${columns}`;
  return key.name ? `${key.name} ${columns}` : columns;
}

/**
 * Column types the statement and the schema know for a table: the statement's own definitions win,
 * so a CREATE TABLE or an ALTER TABLE ... ADD COLUMN is read as written.
 */
export function knownColumnTypes(ast: AstNode, dialect: Dialect, schema: SchemaModel): Map<string, string> {
  const types = new Map<string, string>();
  const table = targetTable(ast);
  const schemaColumns: ColumnDef[] = table ? (findTable(schema, table)?.columns ?? []) : [];
  for (const column of schemaColumns) types.set(column.name.toLowerCase(), column.type);
  for (const column of columnDefinitions(ast, dialect)) types.set(column.name.toLowerCase(), column.type);
  return types;
}

/** Words of an identifier, lower case: `unitPrice` and `unit_price` both give ['unit', 'price']. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

function tokensOf(statement: ParsedStatement): Token[] {
  return codeTokens(lex(statement.text, { mysql: statement.dialect === 'mysql' }));
}

/** The name a word or quoted token stands for: `db.t` gives t, a quoted name loses its quotes. */
function tokenName(token: Token): string | undefined {
  if (token.kind === 'quoted') return unquote(token.text);
  if (token.kind === 'word') return token.text.split('.').pop();
  return undefined;
}

/** Where `name` is first written (as a word or a quoted identifier) at or after offset `from`. */
export function identifierSpan(statement: ParsedStatement, name: string, from = 0): TextSpan | undefined {
  const wanted = unquote(name).toLowerCase();
  const token = tokensOf(statement).find((t) => t.start >= from && tokenName(t)?.toLowerCase() === wanted);
  return token ? { start: token.start, end: token.end } : undefined;
}

/** Tokens a column definition's name follows: `(`, `,`, and the ALTER TABLE verbs. */
const definitionLeaders = new Set(['(', ',', 'ADD', 'COLUMN', 'MODIFY', 'CHANGE', 'ALTER', 'EXISTS']);

/**
 * Where a column definition's name is written: the parser's location when it gave one (MySQL), else
 * the first token of that name that starts a definition, after the table name (so `PRIMARY KEY` is not
 * taken for a column named `key`, nor the table for a column named like it).
 */
export function columnSpan(
  statement: ParsedStatement,
  column: ColumnDefinition,
  nameNode: AstNode | undefined = child(column.node, 'column'),
): TextSpan | undefined {
  const located = span(nameNode, statement.text);
  if (located) return located;
  const wanted = unquote(nameOf(nameNode) ?? column.name).toLowerCase();
  const table = targetTable(statement.ast);
  const after = table ? (identifierSpan(statement, table)?.end ?? 0) : 0;
  const tokens = tokensOf(statement);
  const named = tokens
    .map((token, i) => ({ token, previous: tokens[i - 1] }))
    .filter(({ token }) => token.start >= after && tokenName(token)?.toLowerCase() === wanted);
  const found =
    named.find(({ previous }) => previous && definitionLeaders.has(previous.text.toUpperCase())) ?? named[0];
  return found ? { start: found.token.start, end: found.token.end } : undefined;
}

/** Where a run of keywords (`ENGINE`, `CREATE INDEX`) is first written, at or after offset `from`. */
export function keywordSpan(statement: ParsedStatement, words: string[], from = 0): TextSpan | undefined {
  const tokens = tokensOf(statement);
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.start < from || !words.every((word, j) => isKeyword(tokens[i + j], word))) continue;
    return { start: tokens[i]!.start, end: tokens[i + words.length - 1]!.end };
  }
  return undefined;
}

/**
 * Where a key column is written: the parser's location when it gave one (MySQL), else the last mention
 * of the name, since key lists come after the column definitions.
 */
export function keyPartSpan(statement: ParsedStatement, part: KeyPart): TextSpan | undefined {
  const located = span(part.node, statement.text);
  if (located) return located;
  if (!part.column) return undefined;
  const wanted = unquote(part.column).toLowerCase();
  const token = tokensOf(statement).findLast((t) => tokenName(t)?.toLowerCase() === wanted);
  return token ? { start: token.start, end: token.end } : undefined;
}

export function matchIn(span: TextSpan | undefined, message: Localized): RuleMatch {
  return span ? { span, message } : { message };
}

/** The text of a table option's value, which the parser gives as a string or as `{ type: 'default', value }`. */
export function optionValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isNode(value) && typeof value.value === 'string') return value.value;
  return '';
}
