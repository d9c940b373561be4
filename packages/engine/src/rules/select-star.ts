import type { Localized } from '@sqltune/contracts';
import { parseStatements } from '../dialect/parse.ts';
import { type AstNode, child, children, columnRef, isNode } from '../model/ast.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { findTable, type SchemaModel, type TableDef, unquote } from '../schema/model.ts';
import { ctesVisibleIn } from '../semantics/scope.ts';
import { matchAt } from './match-helpers.ts';
import { identifier } from './rewrite/identifiers.ts';
import { type QueryLayout, selectCandidates } from './rewrite/layout.ts';
import { type TokenView, tokenView } from './rewrite/tokens.ts';
import { type Change, firstFaithful, matchesWithEdits } from './rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from './rule.ts';

/**
 * `SELECT *` in the outermost query: reads and ships every column, and defeats covering indexes.
 *
 * The finding asks for the columns actually needed, which only the user knows. What can be done safely
 * is to spell `*` out: `*` means every column of every FROM table, tables in FROM order, columns in table
 * order, and `t.*` those of t. So `*` is expanded from the schema when every FROM item is a table the
 * schema knows (no derived table, no CTE of the same name), no NATURAL or USING join merges columns, the
 * query is the outermost one and not a set operation. The result has the same columns, names and order;
 * the user can then delete the ones they do not need.
 */
export const selectStar: Rule = {
  id: 'select-star',
  category: 'Network Transport',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT * FROM orders WHERE o_custkey = 7',
    good: 'SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 7',
  },
  rewrites: true,
  title: { zh: '避免 SELECT *', en: 'Avoid SELECT *' },
  rationale: {
    zh: 'SELECT * 读取并传输所有列，无法使用覆盖索引，表结构变化时结果也会变化。请只列出需要的列。提供表结构时，* 会按表结构展开为完整的列清单（列与顺序不变），便于再删去不需要的列。',
    en: 'SELECT * reads and transfers every column, rules out covering indexes, and changes when the table does. List the columns you need. With the table structure, * is expanded into the full column list (same columns, same order), ready for deleting the ones you do not need.',
  },
  detect({ statement, schema }) {
    if (statement.kind !== 'select') return [];
    const stars = children(statement.ast, 'columns').filter(
      (column) => columnRef(child(column, 'expr'))?.column === '*',
    );
    if (stars.length === 0) return [];
    const plan = expansion(statement, schema);
    const expanded = typeof plan === 'string' ? plan : expand(statement, plan);
    const change = typeof expanded === 'string' ? undefined : expanded;
    const reason = typeof expanded === 'string' ? expanded : undefined;
    const items = children(statement.ast, 'columns');
    const found = stars.map((column, i): { match: RuleMatch; change?: Change } => {
      const match = matchAt(column, messageFor(reason));
      const at = match.span ?? itemSpan(statement, items.indexOf(column));
      return { match: at ? { span: at, message: match.message } : match, change: i === 0 ? change : undefined };
    });
    return matchesWithEdits(statement, found);
  },
};

type Refusal = 'schema' | 'shape' | 'names' | 'text';

function messageFor(reason: Refusal | undefined): Localized {
  const base: Localized = {
    zh: '查询返回了所有列，请改为列出实际需要的列。',
    en: 'The query returns every column; list only the columns you need.',
  };
  const why: Record<Refusal, Localized> = {
    schema: {
      zh: '（表结构中没有 FROM 中的全部表，未自动展开。）',
      en: '(Not expanded automatically: the table structure does not cover every table in FROM.)',
    },
    shape: {
      zh: '（FROM 中有子查询、USING/NATURAL 连接或集合运算，未自动展开。）',
      en: '(Not expanded automatically: FROM has a subquery, a USING or NATURAL join, or the query is a set operation.)',
    },
    names: {
      zh: '（有列名或表名无法确定引号写法，未自动展开。）',
      en: '(Not expanded automatically: a column or table name cannot be written back safely.)',
    },
    text: {
      zh: '（未能定位 * 的位置，未自动展开。）',
      en: '(Not expanded automatically: * could not be placed in the text.)',
    },
  };
  if (!reason) {
    return {
      zh: `${base.zh}已按表结构把 * 展开为完整的列清单，请删去不需要的列。`,
      en: `${base.en} The * is expanded into the full column list from the table structure; delete the columns you do not need.`,
    };
  }
  return { zh: `${base.zh}${why[reason].zh}`, en: `${base.en} ${why[reason].en}` };
}

interface Source {
  table: TableDef;
  /** The name the query uses for it: alias or table name, as written. */
  name: string;
}

/** The FROM tables with their schema definitions, or why `*` cannot be expanded. */
function expansion(statement: ParsedStatement, schema: SchemaModel): Source[] | Refusal {
  const query = statement.ast;
  if (isNode(query._next) || query.set_op) return 'shape';
  const from = children(query, 'from');
  if (from.length === 0) return 'shape';
  const ctes = ctesVisibleIn(statement.ast, query);
  const sources: Source[] = [];
  for (const source of from) {
    const join = String(source.join ?? '').toUpperCase();
    if (typeof source.table !== 'string' || source.expr || source.using || join.includes('NATURAL')) return 'shape';
    if (ctes.has(unquote(source.table).toLowerCase())) return 'shape';
    const table = findTable(schema, source.table);
    if (!table) return 'schema';
    sources.push({ table, name: typeof source.as === 'string' ? source.as : source.table });
  }
  return sources;
}

/** Replaces each `*` / `t.*` of the select list by its columns, qualified when FROM has several tables. */
function expand(statement: ParsedStatement, sources: Source[]): Change | Refusal {
  const { dialect } = statement;
  const query = statement.ast;
  const qualify = sources.length > 1;
  const columnsOf = (source: Source): string[] | undefined => {
    const prefix = qualify ? identifier(unquote(source.name), dialect) : '';
    if (prefix === undefined) return undefined;
    const names = source.table.columns.map((c) => identifier(c.name, dialect));
    if (names.some((n) => n === undefined) || names.length === 0) return undefined;
    return names.map((n) => (qualify ? `${prefix}.${n}` : n!));
  };
  const items = children(query, 'columns');
  const lists: Array<string[] | undefined> = items.map((item) => {
    const ref = columnRef(child(item, 'expr'));
    const starTable = child(item, 'expr')?.table;
    if (ref?.column !== '*') return undefined;
    const qualifier = typeof starTable === 'string' ? starTable : isNode(starTable) ? String(starTable.value) : null;
    if (!qualifier) {
      const all = sources.map(columnsOf);
      return all.some((c) => !c) ? [] : (all.flat() as string[]);
    }
    const matching = sources.filter((s) => unquote(s.name).toLowerCase() === unquote(qualifier).toLowerCase());
    return matching.length === 1 ? (columnsOf(matching[0]!) ?? []) : [];
  });
  if (lists.some((l) => l !== undefined && l.length === 0)) return 'names';
  // The intended select list, parsed: the expanded names must read back as those columns.
  const view = tokenView(statement);
  const { tokens } = view;
  const candidates = selectCandidates(statement, query).flatMap((layout): Change[] => {
    const ranges = itemRanges(view, layout);
    if (ranges?.length !== items.length) return [];
    const edits = ranges.flatMap(([a, b], i) => {
      const list = lists[i];
      if (!list) return [];
      return [{ start: tokens[a]!.start, end: tokens[b]!.end, replacement: list.join(', ') }];
    });
    const columns = expectedColumns(statement, items, lists);
    return columns ? [{ edits, replacements: new Map([[query, { ...query, columns }]]) }] : [];
  });
  return firstFaithful(statement, candidates) ?? 'text';
}

/** The select list's items as token ranges (between commas at its depth, up to FROM), or undefined without FROM. */
function itemRanges(view: TokenView, layout: QueryLayout): Array<[number, number]> | undefined {
  const end = layout.clauses.get('FROM');
  if (end === undefined) return undefined;
  const ranges: Array<[number, number]> = [];
  let from = layout.list;
  for (let i = layout.list; i <= end; i++) {
    if (i === end || (view.tokens[i]!.text === ',' && view.depth[i] === view.depth[layout.select])) {
      ranges.push([from, i - 1]);
      from = i + 1;
    }
  }
  return ranges;
}

/**
 * Where the i-th select item is written, for a finding whose node the parser did not locate (PostgreSQL's `*`):
 * only when one SELECT of the text agrees with the query and its items are as many as the tree's.
 */
function itemSpan(statement: ParsedStatement, index: number): { start: number; end: number } | undefined {
  const layouts = selectCandidates(statement, statement.ast);
  const view = tokenView(statement);
  const ranges = layouts.length === 1 ? itemRanges(view, layouts[0]!) : undefined;
  const range = ranges?.length === children(statement.ast, 'columns').length ? ranges[index] : undefined;
  return range ? { start: view.tokens[range[0]]!.start, end: view.tokens[range[1]]!.end } : undefined;
}

/** The select list with each star item replaced by the parsed items of its expansion. */
function expectedColumns(
  statement: ParsedStatement,
  items: AstNode[],
  lists: Array<string[] | undefined>,
): AstNode[] | undefined {
  const expanded = lists.flatMap((l) => l ?? []);
  let parsed: AstNode[];
  try {
    const [probe] = parseStatements(`SELECT ${expanded.join(', ')} FROM t`, statement.dialect);
    parsed = children(probe!.ast, 'columns');
  } catch {
    return undefined;
  }
  if (parsed.length !== expanded.length) return undefined;
  let next = 0;
  return items.flatMap((item, i) => {
    const list = lists[i];
    if (!list) return [item];
    const part = parsed.slice(next, next + list.length);
    next += list.length;
    return part;
  });
}
