import { child, children, literalValue } from '../model/ast.ts';
import { selectQueries } from '../semantics/scope.ts';
import { matchAt } from './match-helpers.ts';
import { allDialects, type Rule } from './rule.ts';

/** Above this offset, reading and discarding rows dominates a paging query. */
export const LARGE_OFFSET = 1000;

/** `LIMIT n OFFSET m` with a large m: the database still reads the m skipped rows. */
export const largeOffset: Rule = {
  id: 'large-offset',
  category: 'Scan Estimation',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 20 OFFSET 100000',
    good: 'SELECT o_orderkey FROM orders WHERE o_orderkey > 123456 ORDER BY o_orderkey LIMIT 20',
  },
  rewrites: false,
  title: { zh: '大偏移量分页', en: 'Paging with a large OFFSET' },
  rationale: {
    zh: `OFFSET 超过 ${LARGE_OFFSET} 时，数据库仍需读取并丢弃之前的所有行。请改用基于上一页最后一个键值的游标分页（keyset pagination）。`,
    en: `With an OFFSET above ${LARGE_OFFSET} the database still reads and discards every skipped row. Page by the last key seen instead (keyset pagination).`,
  },
  detect({ statement }) {
    return selectQueries(statement.ast).flatMap((query) => {
      const limit = child(query, 'limit');
      if (!limit) return [];
      const values = children(limit, 'value').map(literalValue);
      // MySQL `LIMIT m, n` puts the offset first; `LIMIT n OFFSET m` puts it second.
      const offset = limit.seperator === ',' ? values[0] : limit.seperator === 'offset' ? values[1] : undefined;
      if (typeof offset !== 'number' || offset <= LARGE_OFFSET) return [];
      return [
        matchAt(limit, {
          zh: `偏移量 ${offset} 会读取并丢弃 ${offset} 行。`,
          en: `An offset of ${offset} reads and throws away ${offset} rows.`,
        }),
      ];
    });
  },
};
