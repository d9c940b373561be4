import { codeTokens, isKeyword, lex } from '../../../text/lexer.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';

const joinWords = ['JOIN', 'LEFT', 'RIGHT', 'FULL', 'INNER'];

/**
 * NATURAL JOIN joins on every column name the two tables share. Adding an unrelated column with a
 * common name (`name`, `updated_at`) to either table silently changes the join. Both dialects have it (the
 * parser's gaps around it are owned in dialect/grammar-gaps.ts).
 */
export const naturalJoin: Rule = {
  id: 'natural-join',
  category: 'SQL Complexity',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT n_name, r_name FROM nation NATURAL JOIN region',
    good: 'SELECT n.n_name, r.r_name FROM nation n JOIN region r ON r.r_regionkey = n.n_regionkey',
  },
  rewrites: false,
  title: { zh: '使用 NATURAL JOIN（连接列隐式决定）', en: 'NATURAL JOIN hides the join columns' },
  rationale: {
    zh: 'NATURAL JOIN 按两张表所有同名列连接，连接条件不出现在语句中。以后任一张表新增一个常见名字的列（如 name、updated_at），连接条件就会悄悄改变，结果随之出错；没有同名列时它还会退化成笛卡尔积。请用 JOIN ... ON 写出连接列。',
    en: 'NATURAL JOIN joins on every column name the two tables share, and the condition never appears in the statement. Adding a column with a common name (name, updated_at) to either table later silently changes the join and the result; with no shared names it becomes a Cartesian product. Spell the join columns out with JOIN ... ON.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    const tokens = codeTokens(lex(statement.text, { mysql: statement.dialect === 'mysql' }));
    tokens.forEach((token, i) => {
      if (!isKeyword(token, 'NATURAL') || !joinWords.some((w) => isKeyword(tokens[i + 1], w))) return;
      let j = i + 1;
      while (j < tokens.length && !isKeyword(tokens[j], 'JOIN')) j++;
      const end = tokens[j]?.end ?? token.end;
      matches.push({
        span: { start: token.start, end },
        message: {
          zh: `${statement.text.slice(token.start, end)} 的连接列由同名列隐式决定，表结构变化会悄悄改变结果。`,
          en: `${statement.text.slice(token.start, end)} joins on whatever columns share a name; a schema change silently changes the result.`,
        },
      });
    });
    return matches;
  },
};
