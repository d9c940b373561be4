import { parseEach } from '../dialect/parse.ts';
import { type AstNode, children, columnRef } from '../model/ast.ts';
import { isSelect } from '../model/nodes.ts';
import { codeTokens, isKeyword, lex, type Token } from '../text/lexer.ts';
import { type ColumnDef, findColumn, findTable, type SchemaModel, type TableDef, unquote } from './model.ts';
import { postgresOutputName } from './output-names.ts';

/**
 * A PostgreSQL materialized view of the table structure as the table it is: `CREATE MATERIALIZED VIEW name [(cols)]
 * AS query [WITH [NO] DATA]` gives a table of the query's output columns (a column without AS named as PostgreSQL
 * names it: `count`, `?column?`), so statements over it are checked like
 * statements over a table and indexes on it are read and advised. A column selected as a plain column of a table
 * the structure defines has that column's type; any other (an aggregate, an expression) has none the engine
 * reasons about. The sandbox makes the view WITH NO DATA (planner/src/pglite/ddl.ts sentText).
 * Undefined when the statement is not one, or its query is not a SELECT the engine reads.
 */
export function materializedViewTable(schema: SchemaModel, text: string, line: number): TableDef | undefined {
  const tokens = codeTokens(lex(text, { mysql: false }));
  const view = tokens.findIndex((t, i) => isKeyword(t, 'VIEW') && isKeyword(tokens[i - 1], 'MATERIALIZED'));
  if (view < 0 || !isKeyword(tokens[0], 'CREATE')) return undefined;
  let at = view + 1;
  if (isKeyword(tokens[at], 'IF') && isKeyword(tokens[at + 1], 'NOT') && isKeyword(tokens[at + 2], 'EXISTS')) at += 3;
  const name = qualifiedName(tokens, at);
  if (!name) return undefined;
  at = name.next;
  const listed = tokens[at]?.text === '(' ? nameList(tokens, at) : undefined;
  if (listed) at = listed.next;
  if (!isKeyword(tokens[at], 'AS')) return undefined;
  const query = text.slice(tokens[at + 1]?.start ?? text.length, queryEnd(tokens, text));
  const outcome = parseEach(query, 'postgresql')[0];
  const ast = outcome && !outcome.error ? outcome.statement.ast : undefined;
  if (!isSelect(ast)) return undefined;
  const columns = outputColumns(schema, ast, listed?.names);
  return columns ? { name: name.text, columns, indexes: [], line, materializedView: true } : undefined;
}

/** `schema.name` or `name`, the last part (a name is found by it, as tables are), and the token after it. */
function qualifiedName(tokens: Token[], at: number): { text: string; next: number } | undefined {
  let last = at;
  if (!tokens[last] || tokens[last]!.kind === 'symbol') return undefined;
  while (tokens[last + 1]?.text === '.' && tokens[last + 2]) last += 2;
  // The lexer may give `public.mv` as one word: the name is its last part.
  const lastPart = /(?:"(?:[^"]|"")*"|[^."]+)$/.exec(tokens[last]!.text)?.[0] ?? tokens[last]!.text;
  return { text: unquote(lastPart), next: last + 1 };
}

/** `(a, b, c)`: the names and the token after the parenthesis. */
function nameList(tokens: Token[], open: number): { names: string[]; next: number } | undefined {
  const names: string[] = [];
  let i = open + 1;
  while (tokens[i] && tokens[i]!.text !== ')') {
    if (tokens[i]!.text !== ',') names.push(unquote(tokens[i]!.text));
    i++;
  }
  return tokens[i] ? { names, next: i + 1 } : undefined;
}

/** Where the query ends: before a trailing `WITH [NO] DATA`. */
function queryEnd(tokens: Token[], text: string): number {
  const n = tokens.length;
  if (isKeyword(tokens[n - 1], 'DATA')) {
    if (isKeyword(tokens[n - 2], 'WITH')) return tokens[n - 2]!.start;
    if (isKeyword(tokens[n - 2], 'NO') && isKeyword(tokens[n - 3], 'WITH')) return tokens[n - 3]!.start;
  }
  return text.length;
}

/**
 * The query's output columns, named by the list when there is one, else as PostgreSQL names them
 * (output-names.ts); undefined when a star's columns cannot be told or two columns share a name.
 */
function outputColumns(schema: SchemaModel, query: AstNode, listed: string[] | undefined): ColumnDef[] | undefined {
  const tables = children(query, 'from').flatMap((source) => {
    const table = typeof source.table === 'string' ? findTable(schema, source.table) : undefined;
    return table ? [{ table, alias: typeof source.as === 'string' ? unquote(source.as) : table.name }] : [];
  });
  const columns: ColumnDef[] = [];
  for (const [i, item] of children(query, 'columns').entries()) {
    const ref = columnRef(item.expr as AstNode | undefined);
    const owners = tables.filter((t) => !ref?.table || t.alias.toLowerCase() === unquote(ref.table).toLowerCase());
    if (ref?.column === '*') {
      // `*` or `t.*` of tables the structure defines: their columns; of anything else, none can be told.
      if (owners.length === 0 || owners.length < children(query, 'from').length) return undefined;
      columns.push(
        ...owners.flatMap((t) => t.table.columns.map((c) => ({ name: c.name, type: c.type, nullable: true }))),
      );
      continue;
    }
    const name =
      listed?.[i] ??
      (typeof item.as === 'string' ? unquote(item.as) : postgresOutputName(item.expr as AstNode | undefined));
    const found = ref ? owners.map((t) => findColumn(t.table, ref.column)).filter((c) => c !== undefined) : [];
    columns.push({ name, type: found.length === 1 ? found[0]!.type : '', nullable: true });
  }
  // Two columns of one name (`SELECT a + 1, b + 1`: ?column? twice): PostgreSQL refuses to make the view.
  const names = new Set(columns.map((c) => c.name));
  return names.size === columns.length ? columns : undefined;
}
