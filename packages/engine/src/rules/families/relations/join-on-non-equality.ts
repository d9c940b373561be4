import { ctesOf, queryScopes, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { joinConditions, label, sourcesReferenced } from './helpers.ts';

/**
 * A JOIN whose ON relates the tables only through `<`, `>`, `<>`, BETWEEN or LIKE. Without an equality
 * there is no key for a hash join or a merge join: the database pairs rows in a nested loop.
 */
export const joinOnNonEquality: Rule = {
  id: 'join-on-non-equality',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o.o_orderkey, l.l_linenumber FROM orders o JOIN lineitem l ON l.l_shipdate > o.o_orderdate',
    good: 'SELECT o.o_orderkey, l.l_linenumber FROM orders o JOIN lineitem l ON l.l_orderkey = o.o_orderkey AND l.l_shipdate > o.o_orderdate',
  },
  rewrites: false,
  title: { zh: '连接条件中没有等值比较', en: 'Join condition without an equality' },
  rationale: {
    zh: '连接条件只有 <、>、<>、BETWEEN 或 LIKE 时，无法使用哈希连接或归并连接，只能嵌套循环逐行配对，结果行数也往往远超预期。请确认是否遗漏了等值连接键；范围连接确属必要时，确保被查找一侧的比较列上有索引。',
    en: 'When the join condition only uses <, >, <>, BETWEEN or LIKE, neither a hash join nor a merge join is possible: rows are paired in a nested loop, and the result is often far larger than expected. Check for a missing equality key; when a range join is intended, index the compared column on the looked-up side.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    for (const { query } of queryScopes(statement.ast)) {
      const sources = sourcesOf(query, schema, ctes);
      for (const join of joinConditions(sources)) {
        if (join.equality.length > 0 || join.or.length > 0 || join.other.length > 0) continue;
        if (join.inequality.length === 0) continue;
        // A FROM subquery may hold a single row (an average to compare with): only plain tables count.
        const sides = join.inequality.flatMap((c) => [...(sourcesReferenced(c, sources) ?? [])]);
        if (sides.some((s) => !s.table || s.cte)) continue;
        matches.push(
          matchAt(
            join.inequality[0]!,
            {
              zh: `与 ${label(join.source)} 的连接只有非等值条件，只能用嵌套循环执行。`,
              en: `The join with ${label(join.source)} has no equality condition, so it can only run as a nested loop.`,
            },
            statement.text,
          ),
        );
      }
    }
    return matches;
  },
};
