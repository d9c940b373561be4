import { ctesOf, queryScopes, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { joinConditions, label } from './helpers.ts';

/**
 * `JOIN b ON a.x = b.x OR a.y = b.y`: with the tables related only through an OR, no single key drives
 * the join, so indexes and hash joins are out and every pair of rows is tested.
 */
export const joinUsingOr: Rule = {
  id: 'join-using-or',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT c.c_name, o.o_orderkey FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey OR o.o_clerk = c.c_name',
    good: 'SELECT c.c_name, o.o_orderkey FROM customer c JOIN orders o ON o.o_custkey = c.c_custkey UNION SELECT c.c_name, o.o_orderkey FROM customer c JOIN orders o ON o.o_clerk = c.c_name',
  },
  rewrites: false,
  title: { zh: '连接条件使用 OR', en: 'Join condition built on OR' },
  rationale: {
    zh: '表之间只通过 OR 关联时，没有一个可以驱动连接的等值键，索引查找和哈希连接都无法使用，数据库只能逐对比较行。可以拆成两个连接查询再 UNION，或保留一个等值键并把 OR 放到附加条件中。',
    en: 'When the tables are related only through an OR, there is no single equality key to drive the join: index lookups and hash joins are out, and every pair of rows is tested. Split it into two joins combined with UNION, or keep one equality key and move the OR into an extra condition.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    for (const { query } of queryScopes(statement.ast)) {
      for (const join of joinConditions(sourcesOf(query, schema, ctes))) {
        if (join.equality.length > 0 || join.or.length === 0) continue;
        matches.push(
          matchAt(
            join.or[0]!,
            {
              zh: `与 ${label(join.source)} 的连接只通过 OR 关联，无法使用索引或哈希连接。`,
              en: `The join with ${label(join.source)} relates the tables only through OR, so no index or hash join can drive it.`,
            },
            statement.text,
          ),
        );
      }
    }
    return matches;
  },
};
