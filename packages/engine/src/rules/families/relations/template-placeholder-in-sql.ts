import { codeTokens, lex } from '../../../text/lexer.ts';
import { templatePlaceholders } from '../../../text/placeholders.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';

/**
 * `${...}` in the statement itself (`ORDER BY ${column}`, `WHERE id = ${id}`, `FROM ${table}`): MyBatis `${}` or
 * another template pastes the value into the SQL text unescaped, so whoever controls the value controls the
 * statement. `#{...}` (a bind parameter) is the fix for values; names (columns, tables, sort direction) can only be
 * pasted safely after checking them against a fixed list. The `${}` inside quotes is template-placeholder-in-string.
 */
export const templatePlaceholderInSql: Rule = {
  id: 'template-placeholder-in-sql',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: `SELECT c_custkey FROM customer WHERE c_custkey = \${id}`,
    good: 'SELECT c_custkey FROM customer WHERE c_custkey = #{id}',
  },
  rewrites: false,
  tokenLevel: true,
  title: {
    zh: `SQL 中的 \${} 文本替换（SQL 注入风险）`,
    en: `\${} text substitution in the SQL (SQL injection risk)`,
  },
  rationale: {
    zh: `\${...} 会把参数值原样拼进 SQL 文本，不做转义也不做类型检查；能控制这个值的人就能改写整条语句（SQL 注入）。值请改用绑定参数 #{...}；表名、列名、排序方向等只能拼接时，先在代码中用固定的白名单校验。`,
    en: `\${...} pastes the value into the SQL text with no escaping and no type check: whoever controls the value can rewrite the statement (SQL injection). Use a bind parameter #{...} for values; where a name (table, column, sort direction) must be pasted, check it against a fixed list in code first.`,
  },
  detect({ statement }) {
    const tokens = codeTokens(lex(statement.text, { mysql: statement.dialect === 'mysql' }));
    const matches: RuleMatch[] = [];
    for (const { sigil, first, last } of templatePlaceholders(tokens)) {
      if (sigil !== '$') continue;
      const start = tokens[first]!.start;
      const end = tokens[last]!.end;
      const written = statement.text.slice(start, end);
      const after =
        /^(LIMIT|OFFSET|,)$/i.test(tokens[first - 1]?.text ?? '') || /^(ASC|DESC)$/i.test(tokens[last + 1]?.text ?? '');
      matches.push({
        span: { start, end },
        message: after
          ? {
              zh: `${written} 把值原样拼进 SQL；数字请用绑定参数 #{...}，或在代码中先校验为整数。`,
              en: `${written} pastes its value into the SQL; use a bind parameter #{...} for numbers, or check it is an integer in code first.`,
            }
          : {
              zh: `${written} 把值原样拼进 SQL；值请用 #{...}，名称请先用白名单校验。`,
              en: `${written} pastes its value into the SQL; use #{...} for values, and check names against a fixed list.`,
            },
      });
    }
    return matches;
  },
};
