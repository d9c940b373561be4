import { isUpdate } from '../../../model/nodes.ts';
import { ctesOf, queryScopes, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import { updateTargets } from './helpers.ts';

/**
 * MySQL error 1093: an UPDATE whose WHERE or SET subquery reads the table being updated ("You can't
 * specify target table ... for update in FROM clause"). Reading it through a derived table, which
 * MySQL materializes first, or a multi-table UPDATE with a JOIN, is accepted.
 */
export const updateSubquerySameTable: Rule = {
  id: 'update-subquery-same-table',
  category: 'Other',
  severity: 'critical',
  dialects: ['mysql'],
  example: {
    bad: 'UPDATE orders SET o_shippriority = 1 WHERE o_totalprice > (SELECT AVG(o_totalprice) FROM orders)',
    good: 'UPDATE orders o JOIN (SELECT AVG(o_totalprice) AS average FROM orders) a ON o.o_totalprice > a.average SET o.o_shippriority = 1',
  },
  rewrites: false,
  title: { zh: 'UPDATE 的子查询读取被更新的表', en: 'UPDATE subquery reads the table being updated' },
  rationale: {
    zh: "MySQL 不允许在 UPDATE 的 WHERE 或 SET 子查询中直接读取正在更新的表，语句会报错 1093（You can't specify target table ... for update in FROM clause）。可以把子查询改成派生表再 JOIN（派生表会先被物化），或先把结果查出来再更新。",
    en: "MySQL does not let an UPDATE's WHERE or SET subquery read the table being updated: the statement fails with error 1093 (You can't specify target table ... for update in FROM clause). Join a derived table instead (it is materialized first), or read the values before updating.",
  },
  detect({ statement, schema }) {
    const ast = statement.ast;
    if (!isUpdate(ast)) return [];
    const ctes = ctesOf(ast);
    const written = updateTargets(ast, sourcesOf(ast, schema, ctes));
    if (!written) return [];
    const targets = new Set([...written].flatMap((s) => (s.table ? [s.table.toLowerCase()] : [])));
    const matches: RuleMatch[] = [];
    for (const { query, kind, withinDerived } of queryScopes(ast)) {
      if (kind !== 'expression' || withinDerived) continue;
      const read = sourcesOf(query, schema, ctes).find((s) => !s.cte && s.table && targets.has(s.table.toLowerCase()));
      if (!read) continue;
      matches.push(
        matchAt(
          query,
          {
            zh: `子查询读取了正在更新的表 ${read.table}，MySQL 会报错 1093。`,
            en: `The subquery reads ${read.table}, the table being updated; MySQL rejects this with error 1093.`,
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};
