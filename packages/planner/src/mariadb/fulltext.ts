/**
 * `MATCH (cols) AGAINST (...)` over a table without a FULLTEXT index on exactly those columns: MySQL and MariaDB
 * refuse it (1191 "Can't find FULLTEXT index matching the column list"), on the user's server as in the sandbox. The
 * statement is right; the structure pasted lacks the index (or the user has not made it yet). The sandbox plans the
 * statement with that index added as a what-if index, and the plan says so and gives the index to add.
 */
import type { Localized } from '@sqltune/contracts';
import { nameOf, type Token, tokenize, trimStatement } from '../sql-text.ts';
import { whatIfIndexOf } from './ddl.ts';
import { quoteIdent, tableAliases } from './sql-text.ts';
import type { CatalogTable } from './stats.ts';

/** A FULLTEXT index a MATCH ... AGAINST needs and the table lacks. */
export interface MissingFulltextIndex {
  table: string;
  columns: string[];
  /** `ft_<table>_<columns>` (at most 64 characters, MySQL's limit). */
  index: string;
}

/** `ALTER TABLE t ADD FULLTEXT INDEX ft_t_c (c)`, in `database` when given, as the sandbox runs it and the user may. */
export function addFulltextIndexSql(missing: MissingFulltextIndex, database?: string): string {
  const table =
    database === undefined ? quoteIdent(missing.table) : `${quoteIdent(database)}.${quoteIdent(missing.table)}`;
  return `ALTER TABLE ${table} ADD FULLTEXT INDEX ${quoteIdent(missing.index)} (${missing.columns.map(quoteIdent).join(', ')})`;
}

const TEXT_TYPES = new Set(['char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext']);

/** The `MATCH (...)` column lists of `text` followed by AGAINST: each column's qualifier (if any) and name. */
function matchColumnLists(tokens: Token[]): Array<Array<{ qualifier?: string; column: string }>> {
  const lists: Array<Array<{ qualifier?: string; column: string }>> = [];
  tokens.forEach((token, i) => {
    if (!(token.kind === 'word' && token.value === 'MATCH' && tokens[i + 1]?.value === '(')) return;
    const depth = tokens[i + 1]!.depth;
    const close = tokens.findIndex((t, k) => k > i + 1 && t.value === ')' && t.depth === depth);
    if (close < 0 || !(tokens[close + 1]?.kind === 'word' && tokens[close + 1]!.value === 'AGAINST')) return;
    const list: Array<{ qualifier?: string; column: string }> = [];
    let parts: string[] = [];
    for (let k = i + 2; k <= close; k++) {
      const t = tokens[k]!;
      if (t.kind === 'punct' && (t.value === ',' || t.value === ')')) {
        if (parts.length === 0) return;
        list.push(parts.length > 1 ? { qualifier: parts.at(-2), column: parts.at(-1)! } : { column: parts[0]! });
        parts = [];
      } else if (nameOf(t) !== undefined && t.depth === depth + 1) parts.push(nameOf(t)!);
      else if (!(t.kind === 'punct' && t.value === '.')) return;
    }
    lists.push(list);
  });
  return lists;
}

/**
 * The FULLTEXT indexes the MATCH ... AGAINST of `text` need and `catalog` lacks (`ignored(table, index)`: indexes not
 * of the structure, the sandbox's what-if ones). A column list whose table can not be told, or with a column that is
 * not text, is left to the server (its own error says what is wrong).
 */
export function missingFulltextIndexes(
  text: string,
  catalog: readonly CatalogTable[],
  ignored: (table: string, index: string) => boolean = () => false,
): MissingFulltextIndex[] {
  const tokens = tokenize(text, 'mysql');
  const lists = matchColumnLists(tokens);
  if (lists.length === 0) return [];
  const aliases = tableAliases(text);
  const find = (name: string) =>
    catalog.find((t) => t.name === name) ?? catalog.find((t) => t.name.toLowerCase() === name.toLowerCase());
  const inStatement = [...new Set(aliases.values())].map(find).filter((t) => t !== undefined);
  const columnOf = (table: CatalogTable, column: string) =>
    table.columns.find((c) => c.name.toLowerCase() === column.toLowerCase());
  const missing: MissingFulltextIndex[] = [];
  for (const list of lists) {
    const qualifiers = new Set(list.map((c) => c.qualifier));
    if (qualifiers.size !== 1) continue;
    const [qualifier] = qualifiers;
    const owners =
      qualifier === undefined
        ? inStatement.filter((t) => list.every((c) => columnOf(t, c.column)))
        : [find(aliases.get(qualifier) ?? aliases.get(qualifier.toLowerCase()) ?? qualifier)];
    const table = owners.length === 1 ? owners[0] : undefined;
    if (table?.kind !== 'table') continue;
    const columns = list.map((c) => columnOf(table, c.column));
    if (columns.some((c) => !c || !TEXT_TYPES.has(c.dataType.toLowerCase()))) continue;
    const names = columns.map((c) => c!.name);
    const key = names
      .map((n) => n.toLowerCase())
      .sort()
      .join('\u0000');
    const has = table.indexes.some(
      (index) =>
        index.type.toUpperCase() === 'FULLTEXT' &&
        !ignored(table.name, index.name) &&
        index.columns
          .map((c) => c.toLowerCase())
          .sort()
          .join('\u0000') === key,
    );
    if (has || missing.some((m) => m.table === table.name && m.columns.join('\u0000') === names.join('\u0000')))
      continue;
    missing.push({ table: table.name, columns: names, index: `ft_${table.name}_${names.join('_')}`.slice(0, 64) });
  }
  return missing;
}

/**
 * The FULLTEXT keys a what-if index statement adds (`CREATE FULLTEXT INDEX ... ON t (a, b)`, `ALTER TABLE t ADD
 * FULLTEXT INDEX ... (a, b)`): the table and the columns of each.
 */
function fulltextKeysOf(sql: string): Array<{ table: string; columns: string[] }> {
  const text = trimStatement(sql, 'mysql');
  const tokens = tokenize(text, 'mysql');
  const table = whatIfIndexOf(text, tokens)?.table;
  if (table === undefined) return [];
  const keys: Array<{ table: string; columns: string[] }> = [];
  tokens.forEach((token, i) => {
    if (!(token.kind === 'word' && token.value === 'FULLTEXT')) return;
    const open = tokens.findIndex((t, k) => k > i && t.kind === 'punct' && t.value === '(');
    if (open < 0) return;
    const depth = tokens[open]!.depth;
    const columns: string[] = [];
    for (let k = open + 1; k < tokens.length && !(tokens[k]!.value === ')' && tokens[k]!.depth === depth); k++) {
      const name = tokens[k]!.depth === depth + 1 ? nameOf(tokens[k]) : undefined;
      if (name !== undefined) columns.push(name);
    }
    keys.push({ table, columns });
  });
  return keys;
}

/**
 * The missing FULLTEXT indexes the what-if indexes asked for do not already add (the advice names the index the
 * statement needs, and the plan with the advised set asks for it): the sandbox adds only the others, never the same
 * key twice.
 */
export function notAskedFor(missing: MissingFulltextIndex[], whatIfIndexes: string[]): MissingFulltextIndex[] {
  const asked = whatIfIndexes.flatMap(fulltextKeysOf);
  const sameSet = (a: string[], b: string[]) =>
    a.length === b.length && a.every((c) => b.some((d) => d.toLowerCase() === c.toLowerCase()));
  return missing.filter(
    (m) => !asked.some((k) => k.table.toLowerCase() === m.table.toLowerCase() && sameSet(k.columns, m.columns)),
  );
}

/** The plan's note for an index the sandbox added for MATCH ... AGAINST: the statement fails without it. */
export function missingFulltextNote(index: MissingFulltextIndex): Localized {
  const columns = index.columns.join(', ');
  const ddl = addFulltextIndexSql(index).replace(/`/g, '');
  return {
    zh: `MATCH ... AGAINST 需要表 ${index.table} 在 (${columns}) 上恰好有一个 FULLTEXT 索引，表结构中没有：在 MySQL/MariaDB 上该语句会报错 1191（Can't find FULLTEXT index matching the column list）。执行计划按已建此索引生成，请添加（InnoDB）：${ddl}`,
    en: `MATCH ... AGAINST needs a FULLTEXT index on exactly (${columns}) of ${index.table}, which the structure does not have: on MySQL and MariaDB the statement fails with error 1191 (Can't find FULLTEXT index matching the column list). Planned with that index; add it (InnoDB): ${ddl}`,
  };
}
