import { type AstNode, child, children, columnRef } from '../../../model/ast.ts';
import { isSelect } from '../../../model/nodes.ts';
import { coversUniqueKey, type SchemaModel } from '../../../schema/model.ts';
import { ctesOf, resolveColumn, sourcesOf, statementQueries } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  containsAggregate,
  groupItems,
  inSetOperation,
  isConstant,
  isExistsSubquery,
  limitParts,
  numberValue,
  pinnedColumns,
  selectItems,
} from './helpers.ts';

/** `SELECT ... LIMIT 10` with no ORDER BY: which ten rows come back is up to the plan of the day. */
export const limitWithoutOrderBy: Rule = {
  id: 'limit-without-order-by',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 7 LIMIT 10',
    good: 'SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 7 ORDER BY o_orderkey LIMIT 10',
  },
  rewrites: false,
  title: { zh: 'LIMIT/OFFSET 没有 ORDER BY', en: 'LIMIT/OFFSET without ORDER BY' },
  rationale: {
    zh: '没有 ORDER BY 时，SQL 不保证行的顺序，LIMIT 取到哪些行、OFFSET 跳过哪些行取决于执行计划、并行度和数据的物理位置。索引变化、统计信息更新或数据库升级后，同一语句可能返回不同的行，分页时还会出现重复或遗漏。请按唯一的键排序（必要时加主键作为最后一个排序列）。',
    en: 'Without ORDER BY, SQL guarantees no row order, so which rows LIMIT keeps and OFFSET skips depends on the plan, parallelism and physical layout. After an index change, a statistics refresh or an upgrade the same statement can return different rows, and pages can repeat or skip rows. Order by a unique key (add the primary key as the last sort column if needed).',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    for (const { query, key, ancestors } of statementQueries(statement.ast)) {
      if (!isSelect(query)) continue;
      const { count, offset } = limitParts(query);
      if (!count && !offset) continue;
      if (count && numberValue(count) === 0) continue;
      if (children(query, 'orderby').length > 0 || inSetOperation(query, key) || isExistsSubquery(ancestors)) continue;
      if (children(query, 'from').length === 0 || atMostOneRow(statement.ast, query, schema) || identicalRows(query))
        continue;
      // A work queue (`... LIMIT 10 FOR UPDATE SKIP LOCKED`) takes whichever rows are free, by design.
      if (/SKIP LOCKED/i.test(String(query.locking_read ?? ''))) continue;
      if (onlyCounted(query, ancestors)) continue;
      matches.push(
        matchAt(
          child(query, 'limit')!,
          count
            ? {
                zh: 'LIMIT 没有配合 ORDER BY，返回哪些行是不确定的；请按唯一的键排序。',
                en: 'LIMIT without ORDER BY returns an arbitrary choice of rows; order by a unique key.',
              }
            : {
                zh: 'OFFSET 没有配合 ORDER BY，跳过哪些行是不确定的；请按唯一的键排序。',
                en: 'OFFSET without ORDER BY skips an arbitrary choice of rows; order by a unique key.',
              },
          statement.text,
        ),
      );
    }
    return matches;
  },
};

/** An aggregate without GROUP BY, or a unique key pinned by WHERE on the only table: one row at most. */
function atMostOneRow(ast: AstNode, query: AstNode, schema: SchemaModel): boolean {
  if (groupItems(query).length === 0 && selectItems(query).some((i) => containsAggregate(i.expr))) return true;
  const sources = sourcesOf(query, schema, ctesOf(ast));
  const table = sources.length === 1 ? sources[0]!.def : undefined;
  if (!table) return false;
  const pinned = new Set(
    pinnedColumns(query).flatMap((column) => {
      const found = resolveColumn(ast, schema, query, columnRef(column)!);
      return found ? [found.column.name.toLowerCase()] : [];
    }),
  );
  return coversUniqueKey(table, pinned);
}

/** Only constants selected (`SELECT 1 ... LIMIT 1`): every row looks the same, so which ones is moot. */
function identicalRows(query: AstNode): boolean {
  const items = selectItems(query);
  return items.length > 0 && items.every((i) => isConstant(i.expr));
}

/**
 * `SELECT count(*) FROM (SELECT ... OFFSET $1 LIMIT $2) sub` (Prisma's count with skip and take): the outer query only
 * counts the derived rows, and how many a LIMIT or OFFSET keeps does not depend on which.
 */
function onlyCounted(query: AstNode, ancestors: AstNode[]): boolean {
  const outer = [...ancestors].reverse().find((a) => isSelect(a) && a !== query);
  if (!outer || outer.where || outer.having || groupItems(outer).length > 0) return false;
  const from = children(outer, 'from');
  if (from.length !== 1 || child(from[0]!, 'expr')?.ast !== query) return false;
  const items = children(outer, 'columns').map((item) => child(item, 'expr'));
  return (
    items.length > 0 &&
    items.every((expr) => {
      if (expr?.type !== 'aggr_func' || String(expr.name).toUpperCase() !== 'COUNT' || expr.over) return false;
      const args = child(expr, 'args');
      const arg = args ? child(args, 'expr') : undefined;
      return arg?.type === 'star' || arg?.type === 'number';
    })
  );
}
