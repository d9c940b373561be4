import { child } from '../../../model/ast.ts';
import { matchAt, walkBinaryExpressions } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { operatorOf, stringValue } from './helpers.ts';

/** `name LIKE 'Smith'`: a pattern without % or _ is an equality in disguise. */
export const likeWithoutWildcard: Rule = {
  id: 'like-without-wildcard',
  category: 'Index Usage',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT c_custkey FROM customer WHERE c_name LIKE 'Customer#000000001'",
    good: "SELECT c_custkey FROM customer WHERE c_name = 'Customer#000000001'",
  },
  rewrites: false,
  title: { zh: 'LIKE 模式中没有通配符', en: 'LIKE pattern without a wildcard' },
  rationale: {
    zh: '不含 % 和 _ 的 LIKE 模式实际上是等值比较。直接写 = 更清楚地表达意图，优化器也能把它当作普通的等值查找；同时避免日后传入的值恰好含有 % 或 _ 时意外变成模糊匹配。注意两者只在尾部空格的处理上可能不同（MySQL 使用 PAD SPACE 排序规则时，= 忽略尾部空格，LIKE 不忽略）。',
    en: 'A LIKE pattern with no % or _ is an equality. Writing = states the intent, lets the optimizer treat it as a plain equality lookup, and avoids a surprise match when a value later happens to contain % or _. The two can differ only on trailing spaces (under MySQL PAD SPACE collations = ignores them, LIKE does not).',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkBinaryExpressions(statement.ast, ({ node }) => {
      const operator = operatorOf(node);
      if (operator !== 'LIKE' && operator !== 'NOT LIKE') return;
      const patternNode = child(node, 'right');
      const pattern = stringValue(patternNode);
      // An ESCAPE clause or a backslash makes the pattern's meaning depend on escaping rules: leave it.
      if (pattern === undefined || patternNode?.escape || /[%_\\]/.test(pattern)) return;
      if (stringValue(child(node, 'left')) !== undefined) return;
      const instead = operator === 'LIKE' ? '=' : '<>';
      matches.push(
        matchAt(
          node,
          {
            zh: `模式 '${pattern}' 不含通配符，${operator} 等同于 ${instead}，请直接使用 ${instead}。`,
            en: `The pattern '${pattern}' has no wildcard, so ${operator} acts as ${instead}; use ${instead}.`,
          },
          statement.text,
        ),
      );
    });
    return matches;
  },
};
