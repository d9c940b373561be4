import { children } from '../../../model/ast.ts';
import { cteBody, cteName, cteReads, queryScopes } from '../../../semantics/scope.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import { cteNameSpan } from './helpers.ts';

/**
 * PostgreSQL 12+ inlines a CTE that is read once, but materializes one read two or more times (and
 * versions before 12 materialize every CTE): the conditions of each reader are not pushed into it, so
 * it is computed in full and its result scanned without indexes. Often right (compute once), sometimes
 * the reason a query is slow, hence information.
 */
export const cteReferencedMultipleTimes: Rule = {
  id: 'cte-referenced-multiple-times',
  category: 'Execution Plan',
  severity: 'info',
  dialects: ['postgresql'],
  example: {
    bad: 'WITH totals AS (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) SELECT a.o_custkey FROM totals a JOIN totals b ON b.total = a.total AND b.o_custkey <> a.o_custkey WHERE a.o_custkey = 7',
    good: 'WITH totals AS (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders GROUP BY o_custkey) SELECT o_custkey FROM totals WHERE o_custkey = 7',
  },
  rewrites: false,
  title: { zh: 'CTE 被多次引用（会被物化）', en: 'CTE read more than once (materialized)' },
  rationale: {
    zh: 'PostgreSQL 12 起只内联被引用一次的 CTE；被引用两次及以上的 CTE 会先完整计算并物化（12 之前的版本总是物化）。外层的过滤条件不会下推进 CTE，物化结果上也没有索引。如果每次引用只取其中一小部分，考虑写成 AS NOT MATERIALIZED，或改为子查询；如果本意就是只算一次，可以忽略。',
    en: 'Since PostgreSQL 12 only a CTE read once is inlined; one read two or more times is computed in full and materialized first (before 12, every CTE is). Outer conditions are not pushed into it, and the materialized result has no indexes. When each reader needs only a small part, consider AS NOT MATERIALIZED or a subquery; when computing it once is the point, ignore this.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const readsOf = cteReads(statement.ast, schema);
    for (const { query } of queryScopes(statement.ast)) {
      const entries = children(query, 'with');
      for (const entry of entries) {
        const name = cteName(entry);
        const body = cteBody(entry);
        const read = readsOf.get(entry);
        // A recursive CTE is always materialized: that is not what this rule is about.
        if (!name || !body || !read || read.fromOwnBody > 0) continue;
        const reads = read.total;
        if (reads < 2) continue;
        const span = cteNameSpan(statement.text, name, false);
        matches.push({
          ...(span ? { span } : {}),
          message: {
            zh: `CTE ${name} 被引用 ${reads} 次，会被完整计算并物化，外层条件不会下推。`,
            en: `CTE ${name} is read ${reads} times, so it is computed in full and materialized; outer conditions are not pushed into it.`,
          },
        });
      }
    }
    return matches;
  },
};
