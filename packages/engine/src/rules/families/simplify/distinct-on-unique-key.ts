import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, columnRef, isNode } from '../../../model/ast.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { type IndexDef, type SchemaModel, unquote } from '../../../schema/model.ts';
import { ownedColumn, selectQueries } from '../../../semantics/scope.ts';
import { isExactNumber } from '../../../semantics/types.ts';
import type { Change } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  chainOf,
  containsAggregate,
  groupItems,
  isSelectDistinct,
  numberValue,
  operatorOf,
  selectItems,
} from '../clauses/helpers.ts';
import {
  distinctMatch,
  dropDistinct,
  isNonText,
  isNotNullKey,
  keyText,
  membershipSubqueries,
  querySources,
  type Source,
  settle,
  uniqueKeys,
  withReason,
} from './helpers.ts';

/**
 * `SELECT DISTINCT o_orderkey, o_custkey FROM orders`: the rows carry the table's primary key, so no two
 * are alike and DISTINCT has nothing to remove, yet it costs a sort or a hash over the whole result.
 *
 * Proven, and DISTINCT dropped, when the select list holds every column of a unique key of the first
 * FROM table (as plain columns, or through `*` / `t.*`) whose columns are all NOT NULL (a unique key lets
 * several rows hold NULL), and every other FROM item is joined (INNER or LEFT) on an equality with each
 * column of one of its own unique keys: then each row of the first table meets at most one row of each
 * joined table, and the output has at most one row per key value. The other side of those equalities
 * must be a column of an earlier table with the same type (on MySQL not a string: two columns may use
 * different collations) or a number for a numeric key, so `=` cannot match two key values at once.
 * DISTINCT over the key compares as the unique index does (same column, same collation), so it cannot
 * find two equal rows either. Without such proof (nullable key, a join that may repeat rows) it is
 * reported and left alone; with GROUP BY it is distinct-with-group-by's.
 */
export const distinctOnUniqueKey: Rule = {
  id: 'distinct-on-unique-key',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT DISTINCT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F'",
    good: "SELECT o_orderkey, o_totalprice FROM orders WHERE o_orderstatus = 'F'",
  },
  rewrites: true,
  title: { zh: 'DISTINCT 的结果已包含唯一键', en: 'DISTINCT over rows that carry a unique key' },
  rationale: {
    zh: '选择列表包含了表的主键或非空唯一键时，每一行的键值都不同，结果本来就没有重复行，DISTINCT 不会去掉任何行，却要对全部结果做一次排序或哈希去重。连接的其他表如果按各自的唯一键等值连接（每行最多匹配一行），结论同样成立。唯一键的列可以为 NULL 时，多行 NULL 可以同时存在，此时只报告不改写。',
    en: 'When the select list includes the primary key or a NOT NULL unique key of the table, every row has a different key value, so there are no duplicate rows: DISTINCT removes nothing but still sorts or hashes the whole result. The same holds when each other joined table is joined by equality on its own unique key (at most one match per row). A unique key whose columns may be NULL allows several rows with NULL, so that case is only reported.',
  },
  detect({ statement, schema }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    const membership = membershipSubqueries(statement.ast);
    for (const query of selectQueries(statement.ast)) {
      if (membership.has(query)) continue;
      // With GROUP BY or an aggregate the rows are groups: distinct-with-group-by's concern.
      if (!isSelectDistinct(query) || groupItems(query).length > 0) continue;
      if (selectItems(query).some((i) => containsAggregate(i.expr))) continue;
      const verdict = keyVerdict(statement, schema, query);
      if (!verdict) continue;
      const message = withReason(messageFor(verdict), reasonFor(verdict));
      found.push({
        match: distinctMatch(statement, query, message),
        change: verdict.blocker ? undefined : dropDistinct(statement, query),
      });
    }
    return settle(statement, found);
  },
};

interface Verdict {
  table: string;
  key: IndexDef;
  joined: boolean;
  /** Why DISTINCT must stay: the key may be NULL, or a join may repeat rows (naming the table). */
  blocker?: { kind: 'nullable' } | { kind: 'join'; table: string };
}

/** Whether the query's rows are proven distinct by a key (so its DISTINCT is this rule's to drop). */
export function distinctByKey(statement: ParsedStatement, schema: SchemaModel, query: AstNode): boolean {
  const verdict = keyVerdict(statement, schema, query);
  return !!verdict && !verdict.blocker;
}

function keyVerdict(statement: ParsedStatement, schema: SchemaModel, query: AstNode): Verdict | undefined {
  const sources = querySources(statement, schema, query);
  const base = sources?.[0];
  if (!sources || !base?.def) return undefined;
  const selected = selectedColumns(sources, base, query);
  const covered = uniqueKeys(base.def).filter((key) => key.columns.every((c) => selected.has(c.toLowerCase())));
  if (covered.length === 0) return undefined;
  const key = covered.find((k) => isNotNullKey(base.def!, k));
  const common = { table: base.def.name, joined: sources.length > 1 };
  if (!key) return { ...common, key: covered[0]!, blocker: { kind: 'nullable' } };
  const repeating = sources.slice(1).find((source, i) => !matchesAtMostOnce(statement, sources, i + 1, source));
  if (repeating) {
    const name = repeating.def?.name ?? repeating.table ?? repeating.name;
    return { ...common, key, blocker: { kind: 'join', table: name || '?' } };
  }
  return { ...common, key };
}

/** Lower-case names of the base table's columns that the select list returns as they are. */
function selectedColumns(sources: Source[], base: Source, query: AstNode): Set<string> {
  const names = new Set<string>();
  const all = () => {
    for (const column of base.def!.columns) names.add(column.name.toLowerCase());
  };
  // PostgreSQL's `SELECT DISTINCT *` may come as a plain string.
  if (query.columns === '*') all();
  for (const { expr } of selectItems(query)) {
    const ref = columnRef(expr);
    if (!ref) continue;
    if (ref.column === '*') {
      const qualifier = starQualifier(expr);
      if (!qualifier || unquote(qualifier).toLowerCase() === base.name) all();
      continue;
    }
    const resolved = ownedColumn(ref, sources);
    if (resolved?.source === base) names.add(resolved.column.name.toLowerCase());
  }
  return names;
}

function starQualifier(expr: AstNode): string | undefined {
  const table = expr.table;
  if (typeof table === 'string') return table;
  return isNode(table) && typeof table.value === 'string' ? table.value : undefined;
}

/**
 * Whether each row of the earlier FROM items meets at most one row of source `index`: an INNER or LEFT
 * join whose ON is an AND chain pinning every column of one of its unique keys with `=` to a column of
 * an earlier item (same type; not a string on MySQL) or to a number (for a numeric key column).
 */
function matchesAtMostOnce(statement: ParsedStatement, sources: Source[], index: number, source: Source): boolean {
  if (!source.def || (source.join !== 'INNER JOIN' && source.join !== 'LEFT JOIN') || source.node.using) {
    return false;
  }
  const pinned = new Set<string>();
  for (const condition of chainOf(child(source.node, 'on'), 'AND')) {
    if (operatorOf(condition) !== '=') continue;
    const sides = [child(condition, 'left'), child(condition, 'right')];
    for (const [mine, other] of [sides, [...sides].reverse()]) {
      const ref = columnRef(mine);
      const own = ref && ownedColumn(ref, sources);
      if (!own || own.source !== source) continue;
      if (pinsOnce(statement, sources, index, own.column, other)) pinned.add(own.column.name.toLowerCase());
    }
  }
  return uniqueKeys(source.def).some((key) => key.columns.every((c) => pinned.has(c.toLowerCase())));
}

function pinsOnce(
  statement: ParsedStatement,
  sources: Source[],
  index: number,
  key: { type: string; name: string },
  other: AstNode | undefined,
): boolean {
  const exactKey = isExactNumber(key);
  if (numberValue(other) !== undefined) return exactKey;
  const ref = columnRef(other);
  const resolved = ref && ownedColumn(ref, sources);
  if (!resolved || sources.indexOf(resolved.source) >= index) return false;
  const value = resolved.column;
  // Two exact numbers compare exactly; otherwise the same type, so no conversion widens `=`.
  const sameKind = (exactKey && isExactNumber(value)) || value.type === key.type;
  if (!sameKind) return false;
  return statement.dialect === 'postgresql' || isNonText(value);
}

function messageFor(verdict: Verdict): Localized {
  const key = keyText(verdict.key);
  if (verdict.blocker) {
    return {
      zh: `选择列表包含 ${verdict.table} 的唯一键（${key}），结果行可能本来就不重复，DISTINCT 可能是多余的。`,
      en: `The select list includes the unique key (${key}) of ${verdict.table}, so the rows may already be distinct and DISTINCT may be redundant.`,
    };
  }
  return {
    zh: `选择列表包含 ${verdict.table} 的唯一键（${key}）${verdict.joined ? '，且每个连接最多匹配一行' : ''}，结果行不会重复，DISTINCT 不会去掉任何行，可以去掉。`,
    en: `The select list includes the unique key (${key}) of ${verdict.table}${verdict.joined ? ' and each join matches at most one row' : ''}, so no two rows are alike and DISTINCT removes nothing; it can go.`,
  };
}

function reasonFor(verdict: Verdict): Localized | undefined {
  const key = keyText(verdict.key);
  if (verdict.blocker?.kind === 'nullable') {
    return {
      zh: `（但唯一键 ${key} 的列可以为 NULL，多行 NULL 可以同时存在，未自动去掉 DISTINCT；如果这些列不会为 NULL，请声明为 NOT NULL。）`,
      en: `(Not removed automatically: the columns of the unique key (${key}) may be NULL, and several rows may hold NULL; if they never do, declare them NOT NULL.)`,
    };
  }
  if (verdict.blocker?.kind === 'join') {
    return {
      zh: `（但与 ${verdict.blocker.table} 的连接不是按其唯一键、以相同类型的列等值连接，可能让行重复，未自动去掉 DISTINCT。）`,
      en: `(Not removed automatically: the join with ${verdict.blocker.table} is not an equality on its unique key with columns of the same type, so it may repeat rows.)`,
    };
  }
  return undefined;
}
