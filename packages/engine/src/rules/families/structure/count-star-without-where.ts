import { type AstNode, child, children, functionArgs, functionName, walk } from '../../../model/ast.ts';
import { isLiteralOf, isSelect, isStar } from '../../../model/nodes.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { identifierSpan, matchIn } from './ddl.ts';

/** COUNT(*) or COUNT(1): counts rows, not values. */
function countsRows(node: AstNode): boolean {
  if (functionName(node) !== 'COUNT' || child(node, 'args')?.distinct) return false;
  const expr = child(child(node, 'args') ?? {}, 'expr');
  if (isStar(expr)) return true;
  const [arg] = functionArgs(node);
  return isLiteralOf(arg, 'number');
}

function selectsRowCount(query: AstNode): boolean {
  let found = false;
  for (const column of children(query, 'columns')) {
    walk(column, ({ node }) => {
      found ||= countsRows(node);
      return undefined;
    });
  }
  return found;
}

/**
 * `SELECT COUNT(*) FROM t` with no WHERE, as the statement itself: neither InnoDB nor PostgreSQL stores
 * an exact row count, so this reads a whole index or table every time.
 */
export const countStarWithoutWhere: Rule = {
  id: 'count-star-without-where',
  category: 'Scan Estimation',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT COUNT(*) FROM lineitem',
    good: "SELECT COUNT(*) FROM lineitem WHERE l_shipdate >= DATE '1998-12-01'",
  },
  rewrites: false,
  title: { zh: '不带 WHERE 的 COUNT(*) 全表计数', en: 'COUNT(*) over a whole table' },
  rationale: {
    zh: 'InnoDB 和 PostgreSQL 都不保存精确的表行数：由于 MVCC，不同事务看到的行数可能不同。因此不带 WHERE 的 COUNT(*) 每次都要扫描整个索引（InnoDB 选最小的二级索引或聚簇索引）或整张表，行数越多越慢，在大表上频繁调用会占满 I/O。只需要近似值时请读取统计信息（MySQL 的 information_schema.TABLES.TABLE_ROWS，PostgreSQL 的 pg_class.reltuples）；需要精确值且调用频繁时，请维护一张计数表或缓存结果。',
    en: 'Neither InnoDB nor PostgreSQL stores an exact row count, because under MVCC each transaction may see a different number of rows. COUNT(*) without WHERE therefore reads a whole index (InnoDB picks the smallest secondary index, or the clustered index) or the whole table every time, slower as the table grows, and frequent calls on a large table saturate I/O. When an estimate will do, read the statistics (information_schema.TABLES.TABLE_ROWS in MySQL, pg_class.reltuples in PostgreSQL); when an exact, frequently read count is needed, maintain a counter table or cache the result.',
  },
  detect({ statement }) {
    const query = statement.ast;
    if (!isSelect(query) || query._next || query.where) return [];
    if (children(query, 'with').length > 0) return [];
    // GROUP BY reads as a list or as `{ columns }` depending on the dialect's grammar.
    const groupBy = [...children(query, 'groupby'), ...children(child(query, 'groupby') ?? {}, 'columns')];
    if (groupBy.length > 0) return [];
    const sources = children(query, 'from');
    const table = sources[0]?.table;
    if (sources.length !== 1 || typeof table !== 'string' || !selectsRowCount(query)) return [];
    return [
      matchIn(identifierSpan(statement, table), {
        zh: `对表 ${table} 不带条件地 COUNT(*) 每次都要扫描整个索引或整张表。`,
        en: `An unfiltered COUNT(*) on ${table} reads a whole index or the whole table every time.`,
      }),
    ];
  },
};
