import { child, children } from '../../../model/ast.ts';
import { isExprList } from '../../../model/nodes.ts';
import { matchAt, walkBinaryExpressions } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { operatorOf } from './helpers.ts';

/** MySQL's eq_range_index_dive_limit defaults to 200: past it, row estimates for IN lists become guesses. */
export const LONG_IN_LIST = 200;

/** `IN (v1, v2, ... v500)`: a list this long costs parsing and planning, and is estimated coarsely. */
export const inListTooLong: Rule = {
  id: 'in-list-too-long',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: `SELECT o_orderkey FROM orders WHERE o_custkey IN (${Array.from({ length: 250 }, (_, i) => i + 1).join(', ')})`,
    good: "SELECT o.o_orderkey FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey WHERE c.c_mktsegment = 'BUILDING'",
  },
  rewrites: false,
  title: { zh: 'IN 列表过长', en: 'IN list too long' },
  rationale: {
    zh: `IN 列表超过 ${LONG_IN_LIST} 个值时，语句的解析和优化成本明显上升；MySQL 超过 eq_range_index_dive_limit（默认 200）后不再逐值探查索引，只能用统计信息粗估行数，容易选错执行计划，列表过大还可能超出 range_optimizer_max_mem_size 而退化为全表扫描。请把这些值放入临时表后做连接，或在 PostgreSQL 中以数组参数配合 = ANY($1) 传入。`,
    en: `Past ${LONG_IN_LIST} values an IN list makes parsing and planning noticeably costlier. MySQL stops probing the index per value beyond eq_range_index_dive_limit (200 by default) and falls back to coarse statistics, which can pick a poor plan, and a very large list can exceed range_optimizer_max_mem_size and end in a full scan. Load the values into a temporary table and join, or on PostgreSQL pass one array parameter with = ANY($1).`,
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkBinaryExpressions(statement.ast, ({ node }) => {
      if (!['IN', 'NOT IN'].includes(operatorOf(node))) return;
      const list = child(node, 'right');
      const count = isExprList(list) ? children(list, 'value').length : 0;
      if (count <= LONG_IN_LIST) return;
      matches.push(
        matchAt(
          node,
          {
            zh: `IN 列表有 ${count} 个值，超过了 ${LONG_IN_LIST} 个；建议改用临时表连接或数组参数。`,
            en: `The IN list has ${count} values, more than ${LONG_IN_LIST}; join a temporary table or pass an array instead.`,
          },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
