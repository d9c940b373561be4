import { lex } from '../../../text/lexer.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';

const placeholder = /\$\{[^}]*\}/;

/**
 * A string literal holding `${...}`: MyBatis `${}` (or any template) text substitution inside quotes,
 * `name = '${name}'`. The value is pasted into the SQL text unescaped, so a quote in it ends the
 * literal and the rest runs as SQL. Bind parameters (`#{}` in MyBatis) are the fix. A `${}` outside
 * quotes is template-placeholder-in-sql.
 */
export const templatePlaceholderInString: Rule = {
  id: 'template-placeholder-in-string',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: {
    bad: `SELECT c_custkey FROM customer WHERE c_name = '\${name}'`,
    good: "SELECT c_custkey FROM customer WHERE c_name = 'Customer#000000007'",
  },
  rewrites: false,
  tokenLevel: true,
  title: {
    zh: `字符串中的 \${} 文本替换（SQL 注入风险）`,
    en: `\${} text substitution inside a string (SQL injection risk)`,
  },
  rationale: {
    zh: `字符串常量中出现 \${...}，说明 SQL 是用 MyBatis 的 \${} 或其他模板做文本拼接生成的。参数值被原样拼进 SQL，不做转义，值中的一个单引号就能结束字符串，后面的内容会作为 SQL 执行，这就是 SQL 注入。请改用绑定参数（MyBatis 中为 #{}），LIKE 模糊匹配可写成 CONCAT('%', #{kw}, '%')。`,
    en: `A \${...} inside a string literal means the SQL is built by text substitution, MyBatis \${} or another template. The value is pasted into the SQL unescaped: one quote in it ends the literal and the rest runs as SQL, which is SQL injection. Use bind parameters (#{} in MyBatis); for LIKE, write CONCAT('%', #{kw}, '%').`,
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const token of lex(statement.text, { mysql: statement.dialect === 'mysql' })) {
      if (token.kind !== 'string') continue;
      const found = placeholder.exec(token.text);
      if (!found) continue;
      matches.push({
        span: { start: token.start, end: token.end },
        message: {
          zh: `字符串 ${token.text} 中的 ${found[0]} 是文本替换，值未经转义直接拼入 SQL。`,
          en: `${found[0]} in ${token.text} is text substitution: the value goes into the SQL unescaped.`,
        },
      });
    }
    return matches;
  },
};
