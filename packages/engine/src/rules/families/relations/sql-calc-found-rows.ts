import { selectQueries } from '../../../semantics/scope.ts';
import { codeTokens, isKeyword, lex } from '../../../text/lexer.ts';
import type { Rule, RuleMatch } from '../../rule.ts';

/**
 * SQL_CALC_FOUND_ROWS (WordPress's WP_Query, WooCommerce's product lists): the server counts every row the query
 * matches, past its LIMIT, for a later FOUND_ROWS(). Deprecated since MySQL 8.0.17.
 */
export const sqlCalcFoundRows: Rule = {
  id: 'sql-calc-found-rows',
  category: 'Scan Estimation',
  severity: 'warning',
  dialects: ['mysql'],
  example: {
    bad: 'SELECT SQL_CALC_FOUND_ROWS o_orderkey FROM orders WHERE o_custkey = 7 ORDER BY o_orderdate DESC LIMIT 0, 10',
    good: 'SELECT o_orderkey FROM orders WHERE o_custkey = 7 ORDER BY o_orderdate DESC LIMIT 0, 10',
  },
  rewrites: false,
  title: { zh: 'SQL_CALC_FOUND_ROWS 越过 LIMIT 计数', en: 'SQL_CALC_FOUND_ROWS counts past the LIMIT' },
  rationale: {
    zh: 'SQL_CALC_FOUND_ROWS 让服务器在 LIMIT 之外继续找出所有匹配行，只为之后的 FOUND_ROWS() 计数：LIMIT 不再能提前结束查询，按索引顺序读前几行的计划也用不上。MySQL 8.0.17 起已弃用。需要总数时另执行一条 SELECT COUNT(*)（条件相同，不带 ORDER BY 和 LIMIT），它可以只读索引，也可以缓存或省略。',
    en: 'SQL_CALC_FOUND_ROWS makes the server go on past the LIMIT and find every matching row, only to count them for a later FOUND_ROWS(): the LIMIT no longer ends the query early, and a plan that reads the first rows in index order is lost. It is deprecated since MySQL 8.0.17. When the total is needed, run a separate SELECT COUNT(*) with the same conditions and no ORDER BY or LIMIT, which can read an index only, and can be cached or skipped.',
  },
  detect({ statement }) {
    const queries = selectQueries(statement.ast).filter(
      (query) =>
        Array.isArray(query.options) && query.options.some((o) => String(o).toUpperCase() === 'SQL_CALC_FOUND_ROWS'),
    );
    if (queries.length === 0) return [];
    const words = codeTokens(lex(statement.text, { mysql: true })).filter((t) => isKeyword(t, 'SQL_CALC_FOUND_ROWS'));
    const message = {
      zh: 'SQL_CALC_FOUND_ROWS 会读出 LIMIT 之外的全部匹配行；需要总数时另执行 SELECT COUNT(*)。',
      en: 'SQL_CALC_FOUND_ROWS reads every matching row past the LIMIT; run a separate SELECT COUNT(*) when the total is needed.',
    };
    return queries.map((_, i): RuleMatch => {
      const word = words[i];
      return word ? { span: { start: word.start, end: word.end }, message } : { message };
    });
  },
};
