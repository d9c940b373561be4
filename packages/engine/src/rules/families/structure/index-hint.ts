import { codeTokens, isKeyword, lex, type Token } from '../../../text/lexer.ts';
import type { Rule, RuleMatch } from '../../rule.ts';

const hintWords = ['FORCE', 'USE', 'IGNORE'];

/** Where the hint starting at token `at` ends: its closing parenthesis, after an optional FOR JOIN/ORDER BY/GROUP BY. */
function hintEnd(tokens: Token[], at: number): number | undefined {
  let i = at + 2;
  if (isKeyword(tokens[i], 'FOR')) i += isKeyword(tokens[i + 1], 'GROUP') || isKeyword(tokens[i + 1], 'ORDER') ? 3 : 2;
  if (tokens[i]?.text !== '(') return undefined;
  while (i < tokens.length && tokens[i]!.text !== ')') i++;
  return tokens[i]?.end;
}

/**
 * MySQL index hints (`FORCE INDEX (i)`, `USE INDEX`, `IGNORE INDEX`). The parser never sees them
 * (they are blanked before parsing), so this reads the statement's tokens.
 */
export const indexHint: Rule = {
  id: 'index-hint',
  category: 'Execution Plan',
  severity: 'info',
  dialects: ['mysql'],
  example: {
    bad: 'SELECT o_orderkey FROM orders FORCE INDEX (idx_orders_custkey) WHERE o_custkey = 42',
    good: 'SELECT o_orderkey FROM orders WHERE o_custkey = 42',
  },
  rewrites: false,
  title: { zh: '使用索引提示（FORCE/USE/IGNORE INDEX）', en: 'Index hint (FORCE/USE/IGNORE INDEX)' },
  rationale: {
    zh: "索引提示把执行计划写死在 SQL 里：数据量和分布变化后优化器无法再选更好的索引；提示里的索引被改名或删除后，语句直接报错 1176（Key ... doesn't exist in table）。计划不理想通常是统计信息过期（先执行 ANALYZE TABLE，或建立直方图）或缺少合适的索引导致的，应先解决根因。确需干预时，MySQL 8.0.20 起可用 /*+ INDEX(t idx) */ 等优化器提示，索引不存在时只产生警告；并为提示写明原因、定期复查。",
    en: "An index hint fixes the plan in the SQL text: when data grows or its distribution shifts, the optimizer can no longer pick a better index, and once the hinted index is renamed or dropped the statement fails with error 1176 (Key ... doesn't exist in table). A poor plan usually comes from stale statistics (run ANALYZE TABLE, or build a histogram) or a missing index; fix that first. When a hint is really needed, MySQL 8.0.20 and later offer optimizer hints such as /*+ INDEX(t idx) */, which only warn when the index is missing; document why the hint is there and review it regularly.",
  },
  detect({ statement }) {
    const tokens = codeTokens(lex(statement.text, { mysql: true }));
    const matches: RuleMatch[] = [];
    tokens.forEach((token, i) => {
      const keyword = tokens[i + 1]?.text.toUpperCase();
      if (!hintWords.some((w) => isKeyword(token, w)) || (keyword !== 'INDEX' && keyword !== 'KEY')) return;
      const end = hintEnd(tokens, i);
      if (end === undefined) return;
      const table = tokens[i - 1]?.kind === 'word' || tokens[i - 1]?.kind === 'quoted' ? tokens[i - 1]!.text : '';
      const text = statement.text.slice(token.start, end).replace(/\s+/g, ' ');
      matches.push({
        span: { start: token.start, end },
        message: {
          zh: `${table ? `${table} 上的 ` : ''}${text} 在语句中限定了索引选择；索引改名或删除后语句会报错。`,
          en: `${text}${table ? ` on ${table}` : ''} constrains the index choice in the statement text; it fails once the index is renamed or dropped.`,
        },
      });
    });
    return matches;
  },
};
