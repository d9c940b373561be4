import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef } from '../../../model/ast.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { ownedColumn, selectQueries } from '../../../semantics/scope.ts';
import type { TextEdit } from '../../../text/patch.ts';
import { clauseEnd, selectCandidates } from '../../rewrite/layout.ts';
import { tokenView } from '../../rewrite/tokens.ts';
import { type Change, firstFaithful } from '../../rewrite/verify.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import { groupItems, hasGroupingSets } from '../clauses/helpers.ts';
import { hasLimit, keyText, keywordMatch, querySources, settle, withReason } from './helpers.ts';

/**
 * `GROUP BY o_orderkey, o_custkey, o_orderdate` over orders alone: o_orderkey is the primary key, so each
 * group is one row already and the other grouping columns split nothing; they only widen the sort or hash keys.
 *
 * Over a single table, grouping by every primary key column makes one group per row, so any further grouping
 * column can go without changing the groups. PostgreSQL (9.1 and later) knows the table's other columns are
 * functionally dependent on its primary key, so the select list, HAVING and ORDER BY may keep using them
 * ungrouped. (Not a unique key: PostgreSQL only draws the dependency from a primary key.)
 *
 * PostgreSQL only. MariaDB does not recognise functional dependencies: with ONLY_FULL_GROUP_BY it rejects
 * `SELECT id, a FROM t GROUP BY id` ("'t.a' isn't in GROUP BY"), checked on MariaDB 10.11.
 *
 * When the query has no ORDER BY, or has LIMIT/OFFSET, rows may come out in the grouping's sort order, so
 * the key columns must come first in GROUP BY: then sorting by all the columns or by the key alone is the
 * same order. Otherwise it is only reported.
 */
export const redundantGroupByColumns: Rule = {
  id: 'redundant-group-by-columns',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: ['postgresql'],
  example: {
    bad: 'SELECT o_orderkey, o_orderdate, o_totalprice, COUNT(*) FROM orders GROUP BY o_orderkey, o_orderdate, o_totalprice',
    good: 'SELECT o_orderkey, o_orderdate, o_totalprice, COUNT(*) FROM orders GROUP BY o_orderkey',
  },
  rewrites: true,
  title: { zh: 'GROUP BY 中多余的列', en: 'Redundant GROUP BY columns' },
  rationale: {
    zh: '单表查询按主键的全部列分组时，每个分组恰好是一行，其他分组列不会再细分任何分组，只会让排序或哈希的键变宽。PostgreSQL 能识别其他列函数依赖于主键，去掉它们后选择列表、HAVING 和 ORDER BY 仍可直接使用这些列。本规则只用于 PostgreSQL：MariaDB 不识别函数依赖，开启 ONLY_FULL_GROUP_BY 时会拒绝改写后的语句。查询没有 ORDER BY 或带 LIMIT 时，要求主键列在 GROUP BY 中排在最前，以免改变行的输出顺序。',
    en: 'When a single-table query groups by every column of the primary key, each group is exactly one row, so further grouping columns split nothing and only widen the sort or hash keys. PostgreSQL knows the other columns are functionally dependent on the primary key, so once they are removed the select list, HAVING and ORDER BY can still use them. PostgreSQL only: MariaDB does not recognise functional dependencies and rejects the rewritten statement under ONLY_FULL_GROUP_BY. Without ORDER BY, or with LIMIT, the key columns must come first in GROUP BY so the order rows come out in stays the same.',
  },
  detect({ statement, schema }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    for (const query of selectQueries(statement.ast)) {
      const groups = groupItems(query);
      if (groups.length < 2 || hasGroupingSets(query)) continue;
      const sources = querySources(statement, schema, query);
      const table = sources?.length === 1 ? sources[0]!.def : undefined;
      const primary = table?.indexes.find((i) => i.primary);
      if (!sources || !table || !primary) continue;
      // Each grouping item that is a plain column of the table, by lower-case name.
      const names = groups.map((g) => {
        const ref = columnRef(g);
        return ref ? ownedColumn(ref, sources)?.column.name.toLowerCase() : undefined;
      });
      const keyColumns = primary.columns.map((c) => c.toLowerCase());
      const firsts = keyColumns.map((c) => names.indexOf(c));
      if (firsts.some((at) => at < 0)) continue;
      const redundant = names.map((name, i) => name !== undefined && !firsts.includes(i));
      if (!redundant.some(Boolean)) continue;
      const orderMatters = children(query, 'orderby').length === 0 || hasLimit(query);
      const keyFirst = Math.max(...firsts) < redundant.indexOf(true);
      const refusal: Localized | undefined =
        orderMatters && !keyFirst
          ? {
              zh: '（查询没有 ORDER BY 或带有 LIMIT，结果可能按分组顺序输出；主键列不在 GROUP BY 最前面，去掉其他列会改变这个顺序，未自动改写。请把主键列放在最前，或加上 ORDER BY。）',
              en: '(Not rewritten automatically: without ORDER BY, or with LIMIT, rows may come out in grouping order, and with the key columns not first in GROUP BY removing the others would change it. Put the key columns first or add an ORDER BY.)',
            }
          : undefined;
      const message = withReason(
        {
          zh: `GROUP BY 已包含 ${table.name} 的主键（${keyText(primary)}），每个分组只有一行，其他分组列是多余的，可以去掉。`,
          en: `GROUP BY already holds the primary key (${keyText(primary)}) of ${table.name}, so each group is one row and the other grouping columns are redundant.`,
        },
        refusal,
      );
      found.push({
        match: keywordMatch(statement, query, (l) => l.clauses.get('GROUP'), message),
        change: refusal ? undefined : dropGroupItems(statement, query, redundant),
      });
    }
    return settle(statement, found);
  },
};

/** Removes the flagged items from the GROUP BY list, each with one comma next to it. */
function dropGroupItems(statement: ParsedStatement, query: AstNode, flagged: boolean[]): Change | undefined {
  const view = tokenView(statement);
  const { tokens } = view;
  const groupby = child(query, 'groupby');
  const kept = groupItems(query).filter((_, i) => !flagged[i]);
  const replacement = Array.isArray(query.groupby)
    ? { ...query, groupby: kept }
    : { ...query, groupby: { ...groupby, columns: kept } };
  return firstFaithful(
    statement,
    selectCandidates(statement, query).flatMap((layout): Change[] => {
      const group = layout.clauses.get('GROUP');
      if (group === undefined) return [];
      const end = clauseEnd(layout, group);
      // The items: token ranges between commas at the GROUP keyword's depth.
      const items: Array<[number, number]> = [];
      let from = group + 2;
      for (let i = group + 2; i <= end + 1; i++) {
        if (i === end + 1 || (tokens[i]!.text === ',' && view.depth[i] === view.depth[group])) {
          items.push([from, i - 1]);
          from = i + 1;
        }
      }
      if (items.length !== flagged.length) return [];
      return [{ edits: removals(tokens, items, flagged), replacements: new Map([[query, replacement]]) }];
    }),
  );
}

/** One edit per run of removed items: `, a, b` after a kept item, or `a, b, ` before the first kept one. */
function removals(tokens: Array<{ start: number; end: number }>, items: Array<[number, number]>, flagged: boolean[]) {
  const edits: TextEdit[] = [];
  for (let i = 0; i < items.length; i++) {
    if (!flagged[i]) continue;
    let j = i;
    while (flagged[j + 1]) j++;
    const start = i > 0 ? tokens[items[i - 1]![1]]!.end : tokens[items[i]![0]]!.start;
    const end = i > 0 ? tokens[items[j]![1]]!.end : tokens[items[j + 1]![0]]!.start;
    edits.push({ start, end, replacement: '' });
    i = j;
  }
  return edits;
}
