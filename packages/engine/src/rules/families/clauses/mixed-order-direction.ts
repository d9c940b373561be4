import { type AstNode, child, children, columnRef } from '../../../model/ast.ts';
import { holdsSetOperationOrder, orderKeyMeaning, selectQueries } from '../../../semantics/scope.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  containsAggregate,
  containsWindow,
  groupItems,
  isSelectDistinct,
  limitParts,
  matchOver,
  pinnedColumns,
  sameColumn,
  selectItems,
} from './helpers.ts';

/**
 * `SELECT ... FROM t ORDER BY a ASC, b DESC LIMIT n`: a plain index on (a, b) is read one way or the other,
 * never both at once, so the top-N query sorts every matching row instead of stopping after n.
 */
export const mixedOrderDirection: Rule = {
  id: 'mixed-order-direction',
  category: 'Index Usage',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders ORDER BY o_custkey ASC, o_orderdate DESC LIMIT 20',
    good: 'SELECT o_orderkey FROM orders ORDER BY o_custkey DESC, o_orderdate DESC LIMIT 20',
  },
  rewrites: false,
  title: { zh: 'ORDER BY 中升序降序混用', en: 'Mixed ASC and DESC in ORDER BY' },
  rationale: {
    zh: '带 LIMIT 的单表查询本可以沿索引顺序读取、取够行数就停止。普通的联合索引 (a, b) 可以正向或反向扫描，分别满足 ORDER BY a, b 和 ORDER BY a DESC, b DESC，但满足不了 a ASC, b DESC 这种混合方向，数据库只能先读出所有符合条件的行再排序（MySQL 的 filesort、PostgreSQL 的 Sort）。如果确实需要混合方向，请建立方向一致的索引：MySQL 8.0 起支持降序索引（更早的版本会忽略 DESC），PostgreSQL 可用 CREATE INDEX ... (a, b DESC)。',
    en: 'A single-table query with LIMIT could read an index in order and stop after enough rows. A plain composite index on (a, b) can be scanned forwards or backwards, serving ORDER BY a, b and ORDER BY a DESC, b DESC, but not a mixed a ASC, b DESC, so the database must read every matching row and sort them (filesort in MySQL, a Sort node in PostgreSQL). If the mixed order is needed, create an index with matching directions: MySQL supports descending indexes from 8.0 (earlier versions ignore DESC), and PostgreSQL accepts CREATE INDEX ... (a, b DESC).',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const query of selectQueries(statement.ast)) {
      const items = children(query, 'orderby');
      const exprs = items.map((item) => child(item, 'expr'));
      // What each key sorts by: a name or position may stand for a select item (`COUNT(*) AS total ... ORDER BY
      // total`, `b + 1 AS c ... ORDER BY c`), which is no column whatever a table of the query calls its columns.
      const sorted = exprs.map((e) => e && orderKeyMeaning(query, e)?.expr);
      // An index can only help when every sort key is a plain column.
      if (items.length < 2 || sorted.some((e) => !columnRef(e))) continue;
      // A UNION's ORDER BY sorts its combined rows: no index of one branch gives them in any order.
      if (!servableByIndexOrder(query) || holdsSetOperationOrder(statement.ast, query)) continue;
      const pinned = pinnedColumns(query);
      // A column fixed by `col = constant` has one value, so its direction does not matter.
      const directions = items
        .filter((_, i) => !pinned.some((p) => sameColumn(p, sorted[i])))
        .map((item) => String(item.type ?? 'ASC').toUpperCase());
      // A direction pasted at run time (MyBatis' `${direction}`) may be either: only the written ones count.
      if (new Set(directions.filter((d) => d === 'ASC' || d === 'DESC')).size < 2) continue;
      matches.push(
        matchOver(
          exprs as AstNode[],
          query,
          {
            zh: 'ORDER BY 中同时有升序和降序，普通索引无法按这种顺序读取，只能读出全部匹配行后排序再取前几行。',
            en: 'ORDER BY mixes ascending and descending keys, which a plain index cannot deliver, so every matching row is sorted before LIMIT applies.',
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};

/**
 * A top-N read of one table: LIMIT, one table in FROM, and no grouping, DISTINCT or aggregate that would
 * sort or hash the rows anyway. That is where reading an index in order replaces the sort.
 */
function servableByIndexOrder(query: AstNode): boolean {
  const sources = children(query, 'from');
  if (sources.length !== 1 || typeof sources[0]!.table !== 'string') return false;
  if (!limitParts(query).count || groupItems(query).length > 0 || isSelectDistinct(query)) return false;
  return !selectItems(query).some((i) => containsAggregate(i.expr) || containsWindow(i.expr));
}
