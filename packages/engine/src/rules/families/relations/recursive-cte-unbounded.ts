import { type AstNode, child, children } from '../../../model/ast.ts';
import { unquote } from '../../../schema/model.ts';
import { cteBody, cteName, queryScopes } from '../../../semantics/scope.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { cteNameSpan, hasLimit } from './helpers.ts';

/**
 * `WITH RECURSIVE n AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)`: a recursive step that reads only the
 * CTE itself, with no WHERE and no LIMIT, produces as many rows in every round as in the one before,
 * forever. MySQL aborts at cte_max_recursion_depth; PostgreSQL runs until memory or disk runs out,
 * unless the outer query stops reading early with LIMIT.
 */
export const recursiveCteUnbounded: Rule = {
  id: 'recursive-cte-unbounded',
  category: 'Execution Plan',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: 'WITH RECURSIVE seq AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM seq) SELECT n FROM seq WHERE n <= 10',
    good: 'WITH RECURSIVE seq AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM seq WHERE n < 10) SELECT n FROM seq',
  },
  rewrites: false,
  title: { zh: '递归 CTE 没有终止条件', en: 'Recursive CTE without a stop condition' },
  rationale: {
    zh: '递归部分只读取 CTE 自身、既没有 WHERE 也没有 LIMIT 时，每一轮都会产生与上一轮同样多的行，永远不会结束。MySQL 会在达到 cte_max_recursion_depth 后报错中止；PostgreSQL 会一直运行直到耗尽内存或磁盘。外层查询的 WHERE 不能让递归停止，请把终止条件写在递归部分的 WHERE 中。',
    en: 'A recursive step that reads only the CTE itself, with neither WHERE nor LIMIT, produces as many rows in every round as in the previous one and never ends. MySQL aborts with an error at cte_max_recursion_depth; PostgreSQL runs until memory or disk is exhausted. A WHERE in the outer query does not stop the recursion: put the stop condition in the WHERE of the recursive step.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    const postgres = statement.dialect === 'postgresql';
    // PostgreSQL evaluates a CTE only as far as the outer query reads it: an outer LIMIT stops it.
    if (postgres && hasLimit(statement.ast)) return matches;
    for (const { query } of queryScopes(statement.ast)) {
      for (const entry of children(query, 'with')) {
        const name = cteName(entry);
        const body = cteBody(entry);
        if (!name || !body || !unboundedStep(body, name.toLowerCase())) continue;
        const span = cteNameSpan(statement.text, name, !postgres);
        matches.push({
          ...(span ? { span } : {}),
          message: {
            zh: `递归 CTE ${name} 的递归部分没有终止条件，递归不会自行结束。`,
            en: `The recursive step of CTE ${name} has no stop condition, so the recursion never ends by itself.`,
          },
        });
      }
    }
    return matches;
  },
};

/** A UNION ALL branch that reads only the CTE, with no WHERE and no LIMIT. */
function unboundedStep(body: AstNode, name: string): boolean {
  for (let branch: AstNode | undefined = body; branch; branch = child(branch, '_next')) {
    const next = child(branch, '_next');
    if (!next) break;
    if (String(branch.set_op ?? '').toLowerCase() !== 'union all') continue;
    const sources = children(next, 'from');
    const readsOnlySelf =
      sources.length === 1 &&
      typeof sources[0]!.table === 'string' &&
      !sources[0]!.db &&
      unquote(sources[0]!.table).toLowerCase() === name;
    if (readsOnlySelf && !child(next, 'where') && !hasLimit(next)) return true;
  }
  return false;
}
