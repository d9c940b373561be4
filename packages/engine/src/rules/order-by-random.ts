import { type AstNode, child, children, functionName } from '../model/ast.ts';
import { selectQueries } from '../semantics/scope.ts';
import { matchAt } from './match-helpers.ts';
import { allDialects, type Rule } from './rule.ts';

/** `ORDER BY RAND()` sorts the whole result by a random key to pick a few rows. */
export const orderByRandom: Rule = {
  id: 'order-by-random',
  category: 'Execution Plan',
  severity: 'critical',
  dialects: allDialects,
  example: { bad: 'SELECT p_partkey FROM part ORDER BY RAND() LIMIT 5' },
  rewrites: false,
  title: { zh: '避免 ORDER BY RAND()', en: 'Avoid ORDER BY RAND()' },
  rationale: {
    zh: '按随机值排序需要为每一行计算随机数并对整个结果排序，数据量大时代价极高。可先随机选取主键范围，或使用 TABLESAMPLE。',
    en: 'Sorting by a random value computes one per row and sorts the whole result, which is very costly on large tables. Pick random key ranges first, or use TABLESAMPLE.',
  },
  detect({ statement }) {
    return selectQueries(statement.ast).flatMap((query) =>
      children(query, 'orderby')
        .map((item) => child(item, 'expr'))
        .filter((expr): expr is AstNode => expr !== undefined)
        .filter((expr) => ['RAND', 'RANDOM'].includes(functionName(expr) ?? ''))
        .map((expr) =>
          matchAt(expr, {
            zh: '按随机函数排序会对全部结果排序。',
            en: 'Ordering by a random function sorts the entire result.',
          }),
        ),
    );
  },
};
