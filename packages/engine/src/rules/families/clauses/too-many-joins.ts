import { children } from '../../../model/ast.ts';
import { selectQueries } from '../../../semantics/scope.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { matchOver } from './helpers.ts';

/** PostgreSQL's join_collapse_limit and from_collapse_limit default to 8. */
export const MAX_JOINED = 8;

/** More than eight tables joined in one query level: planning gets expensive and join order stops being searched. */
export const tooManyJoins: Rule = {
  id: 'too-many-joins',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT 1 FROM lineitem l JOIN orders o ON o.o_orderkey = l.l_orderkey JOIN customer c ON c.c_custkey = o.o_custkey JOIN nation cn ON cn.n_nationkey = c.c_nationkey JOIN region cr ON cr.r_regionkey = cn.n_regionkey JOIN part p ON p.p_partkey = l.l_partkey JOIN supplier s ON s.s_suppkey = l.l_suppkey JOIN partsupp ps ON ps.ps_partkey = l.l_partkey AND ps.ps_suppkey = l.l_suppkey JOIN nation sn ON sn.n_nationkey = s.s_nationkey',
    good: 'SELECT 1 FROM lineitem l JOIN orders o ON o.o_orderkey = l.l_orderkey JOIN customer c ON c.c_custkey = o.o_custkey JOIN nation cn ON cn.n_nationkey = c.c_nationkey',
  },
  rewrites: false,
  title: { zh: '单个查询连接的表过多', en: 'Too many tables joined in one query' },
  rationale: {
    zh: `连接顺序的可能组合随表的数量呈指数增长。PostgreSQL 在一个查询层级中超过 ${MAX_JOINED} 个表时（join_collapse_limit、from_collapse_limit 默认均为 8）不再把其余的显式 JOIN 纳入连接顺序的搜索，而是沿用书写顺序，表更多时还会改用遗传算法（geqo_threshold 默认 12），计划质量不稳定；MySQL 搜索连接顺序（optimizer_search_depth）的耗时同样会急剧增加。请确认每个表都确有必要，或把部分连接拆到子查询、预先汇总的表中。`,
    en: `The possible join orders grow exponentially with the number of tables. Past ${MAX_JOINED} tables in one query level PostgreSQL stops reordering the remaining explicit JOINs and keeps them as written (join_collapse_limit and from_collapse_limit default to 8), and with more tables switches to a genetic search (geqo_threshold, 12 by default) whose plans vary; in MySQL the join-order search (optimizer_search_depth) takes steeply longer as well. Check that every table is needed, or move some joins into subqueries or pre-aggregated tables.`,
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const query of selectQueries(statement.ast)) {
      const sources = children(query, 'from');
      if (sources.length <= MAX_JOINED) continue;
      matches.push(
        matchOver(
          sources,
          query,
          {
            zh: `这一层查询连接了 ${sources.length} 个表，超过 ${MAX_JOINED} 个。`,
            en: `This query level joins ${sources.length} tables, more than ${MAX_JOINED}.`,
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};
