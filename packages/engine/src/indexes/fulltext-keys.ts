import { type IndexColumnRole, indexRolesWording, type Localized } from '@sqltune/contracts';
import { type AstNode, children, walk } from '../model/ast.ts';
import type { IndexDef, TableDef } from '../schema/model.ts';
import { isText } from '../semantics/types.ts';
import type { IndexCandidate } from './candidates.ts';

/**
 * MySQL's `MATCH (cols) AGAINST (...)`: MySQL and MariaDB run it only through a FULLTEXT index on exactly those
 * columns (error 1191 "Can't find FULLTEXT index matching the column list" without one; MyISAM and Aria also run
 * IN BOOLEAN MODE without it, by reading every row). The index is not an option to weigh but what the statement
 * needs: its candidate is `required`, and the planner's MariaDB sandbox plans the statement with it (its fulltext.ts
 * names it the same way, `ft_<table>_<columns>`, so the advice is the index the plan reads).
 */

type Owner = (node: AstNode | undefined) => { table: string; column: { name: string; type: string } } | undefined;

/** A MySQL `MATCH (cols) AGAINST (...)` on one table's columns, and whether it is IN BOOLEAN MODE. */
export interface FulltextSearch {
  columns: string[];
  booleanMode: boolean;
}

/** The MATCH ... AGAINST searches of one query (not of its subqueries), each on columns of one table. */
export function fulltextSearches(query: AstNode, owner: Owner): Array<FulltextSearch & { table: string }> {
  const searches: Array<FulltextSearch & { table: string }> = [];
  walk(query, ({ node, key }) => {
    if (key === 'ast' || (node !== query && node.type === 'select')) return false;
    if (node.type !== 'fulltext_search') return undefined;
    const owners = children(node, 'columns').map(owner);
    const table = owners[0]?.table;
    // A column the structure does not hold, or columns of two tables, is left to the server's own error.
    if (!table || owners.some((o) => !o || o.table !== table)) return false;
    // Only text columns take a FULLTEXT key: anything else is the server's error to give, not an index to advise.
    if (owners.some((o) => !isText(o!.column))) return false;
    const mode = String((node.mode as { value?: unknown } | undefined)?.value ?? '');
    searches.push({ table, columns: owners.map((o) => o!.column.name), booleanMode: /BOOLEAN/i.test(mode) });
    return false;
  });
  return searches;
}

/** Storage engines with FULLTEXT indexes (MySQL: InnoDB since 5.6, MyISAM; MariaDB also Aria and Mroonga). */
const FULLTEXT_ENGINES = new Set(['INNODB', 'MYISAM', 'ARIA', 'MROONGA']);
/** Engines that run IN BOOLEAN MODE without a FULLTEXT index (reading and parsing every row). */
const BOOLEAN_WITHOUT_INDEX = new Set(['MYISAM', 'ARIA']);

/** Whether two column lists hold the same columns, in any order (MATCH's list must equal the key's as a set). */
export function sameColumnSet(a: string[], b: string[]): boolean {
  const key = (list: string[]) =>
    list
      .map((c) => c.toLowerCase())
      .sort()
      .join('\u0000');
  return a.length === b.length && key(a) === key(b);
}

/**
 * The FULLTEXT index each search needs and the table lacks; `covered` is an existing FULLTEXT index that serves a
 * search (the table's "why no index" when nothing else is proposed for it).
 */
export function fulltextCandidates(
  table: TableDef,
  searches: FulltextSearch[],
): { candidates: IndexCandidate[]; covered?: IndexDef } {
  const candidates: IndexCandidate[] = [];
  let covered: IndexDef | undefined;
  for (const search of searches) {
    const existing = table.indexes.find((i) => i.method === 'fulltext' && sameColumnSet(i.columns, search.columns));
    if (existing) {
      covered ??= existing;
      continue;
    }
    const { columns } = search;
    const name = `ft_${table.name}_${columns.join('_')}`.slice(0, 64);
    const roles = columns.map((): IndexColumnRole => 'fulltext');
    const quote = (id: string) => `\`${id.replace(/`/g, '``')}\``;
    candidates.push({
      table: table.name,
      columns,
      include: [],
      kind: 'fulltext',
      required: true,
      equalityPrefix: 0,
      name,
      ddl: `CREATE FULLTEXT INDEX ${quote(name)} ON ${quote(table.name)} (${columns.map(quote).join(', ')});`,
      reason: fulltextReason(table, search, roles),
      roles,
      // The FULLTEXT index's cost does not rest on the columns' statistics (the optimizer asks the index itself).
      missingStatistics: [],
      conditionColumns: columns,
    });
  }
  return { candidates, ...(covered ? { covered } : {}) };
}

function fulltextReason(table: TableDef, search: FulltextSearch, roles: IndexColumnRole[]): Localized {
  const columns = search.columns.join(', ');
  const wording = indexRolesWording(search.columns.map((column, i) => ({ column, role: roles[i]! })));
  const engine = table.engine;
  const shown = engine && (ENGINE_NAMES[engine] ?? engine);
  const searches = {
    zh: `查询用 MATCH (${columns}) AGAINST (...) 搜索 ${table.name}，`,
    en: `The query searches ${table.name} with MATCH (${columns}) AGAINST (...), `,
  };
  const roleText = { zh: `各列作用：${wording.zh}。`, en: `Column roles: ${wording.en}.` };
  if (engine && BOOLEAN_WITHOUT_INDEX.has(engine) && search.booleanMode) {
    return {
      zh: `${searches.zh}在 ${shown} 表上 IN BOOLEAN MODE 没有恰好建在这些列上的 FULLTEXT 索引也能执行，但要读取并解析每一行。${roleText.zh} 沙箱按 InnoDB 规划这张表，没有该索引就无法规划（错误 1191），所以没有不带它的计划可比较。`,
      en: `${searches.en}which on a ${shown} table IN BOOLEAN MODE runs without a FULLTEXT index on exactly these columns, but by reading and parsing every row. ${roleText.en} The sandbox plans the table as InnoDB, where the statement cannot be planned without it (error 1191), so there is no plan without it to compare.`,
    };
  }
  const unsupported =
    engine && !FULLTEXT_ENGINES.has(engine)
      ? {
          zh: ` ${table.name} 的存储引擎 ${shown} 不支持 FULLTEXT 索引（错误 1214）：先改用 InnoDB（ALTER TABLE ${table.name} ENGINE=InnoDB），沙箱按 InnoDB 规划了这张表。`,
          en: ` The storage engine of ${table.name}, ${shown}, has no FULLTEXT indexes (error 1214): move it to InnoDB first (ALTER TABLE ${table.name} ENGINE=InnoDB); the sandbox planned the table as InnoDB.`,
        }
      : { zh: '', en: '' };
  return {
    zh: `${searches.zh}需要恰好建在这些列上的 FULLTEXT 索引：没有它，MySQL 和 MariaDB 拒绝执行该语句（错误 1191：Can't find FULLTEXT index matching the column list）。${roleText.zh}${unsupported.zh}`,
    en: `${searches.en}which needs a FULLTEXT index on exactly these columns: without it MySQL and MariaDB refuse the statement (error 1191, Can't find FULLTEXT index matching the column list). ${roleText.en}${unsupported.en}`,
  };
}

/** Engines as their documentation spells them (the model keeps them upper case). */
const ENGINE_NAMES: Record<string, string> = { INNODB: 'InnoDB', MYISAM: 'MyISAM', ARIA: 'Aria', MROONGA: 'Mroonga' };
