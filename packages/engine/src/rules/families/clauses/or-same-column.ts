import { type AstNode, child, columnRef } from '../../../model/ast.ts';
import { matchAt, walkWithKeys } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { chainOf, columnKey, isChainTop, isConstant, operatorOf } from './helpers.ts';

/** From this many equalities on one column, an OR chain reads better as IN. */
export const OR_CHAIN = 3;

/** `a = 1 OR a = 2 OR a = 3`: one IN list says the same, and is planned as one lookup list. */
export const orSameColumn: Rule = {
  id: 'or-same-column',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_orderpriority = '1-URGENT' OR o_orderpriority = '2-HIGH' OR o_orderpriority = '3-MEDIUM'",
    good: "SELECT o_orderkey FROM orders WHERE o_orderpriority IN ('1-URGENT', '2-HIGH', '3-MEDIUM')",
  },
  rewrites: false,
  title: { zh: '同一列的多个 OR 等值条件', en: 'Several OR equalities on one column' },
  rationale: {
    zh: '对同一列写多个 = 并用 OR 连接，与一个 IN 列表含义相同（包括 NULL 的处理）。IN 更短更清晰；PostgreSQL 18 之前的版本对 OR 链会为每个值各做一次索引扫描再合并（BitmapOr），而 IN 只需一次带值列表的索引扫描。',
    en: 'Several = on one column joined by OR mean exactly what one IN list means, NULLs included. IN is shorter and clearer, and PostgreSQL before version 18 plans an OR chain as one index scan per value merged by a BitmapOr, where IN is a single index scan with a value list.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node, ancestors }) => {
      if (operatorOf(node) !== 'OR' || !isChainTop(node, ancestors)) return;
      const byColumn = new Map<string, { column: AstNode; count: number }>();
      for (const term of chainOf(node, 'OR')) {
        if (operatorOf(term) !== '=') continue;
        const left = child(term, 'left');
        const right = child(term, 'right');
        const column =
          columnKey(left) && isConstant(right) ? left : columnKey(right) && isConstant(left) ? right : undefined;
        if (!column) continue;
        const key = columnKey(column)!;
        byColumn.set(key, { column, count: (byColumn.get(key)?.count ?? 0) + 1 });
      }
      for (const { column: columnNode, count } of byColumn.values()) {
        if (count < OR_CHAIN) continue;
        const ref = columnRef(columnNode)!;
        const column = ref.table ? `${ref.table}.${ref.column}` : ref.column;
        matches.push(
          matchAt(
            node,
            {
              zh: `${column} 上有 ${count} 个用 OR 连接的等值条件，可以合并为 ${column} IN (...)。`,
              en: `${count} equalities on ${column} are joined by OR; write ${column} IN (...) instead.`,
            },
            statement.text,
          ),
        );
      }
    });
    return matches;
  },
};
