import { child, columnRef, literalValue } from '../../../model/ast.ts';
import { ownWalk, queryScopes } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { operatorOf } from './helpers.ts';

const passwordColumn = /^(?:.*_)?(?:password|passwd|pwd)$/i;

/**
 * `WHERE password = 'secret'`: comparing a password column with a string in SQL means passwords are
 * stored as they are typed (or with a reversible encoding), and puts the password into query text,
 * logs and the slow-query log.
 */
export const passwordLiteralComparison: Rule = {
  id: 'password-literal-comparison',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: "SELECT id FROM app_user WHERE login = 'alice' AND password = 'hunter2'",
    good: "SELECT id, password_hash FROM app_user WHERE login = 'alice'",
  },
  rewrites: false,
  title: { zh: '密码列与字符串常量比较', en: 'Password column compared with a string literal' },
  rationale: {
    zh: '在 SQL 中用字符串常量比较密码列，说明密码以明文（或可逆编码、未加盐的哈希）存储，而且密码会出现在语句文本、日志和慢查询日志中。请只存储加盐的慢哈希（bcrypt、scrypt、Argon2），按用户名取出哈希后在应用中校验。',
    en: 'Comparing a password column with a string literal in SQL means passwords are stored as typed (or reversibly encoded, or as an unsalted hash), and puts the password into statement text, logs and the slow-query log. Store only salted slow hashes (bcrypt, scrypt, Argon2): fetch the hash by user name and verify it in the application.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const { query } of queryScopes(statement.ast)) {
      ownWalk(query, ({ node }) => {
        const operator = operatorOf(node);
        if (operator !== '=' && operator !== '<>' && operator !== '!=') return undefined;
        const left = child(node, 'left');
        const right = child(node, 'right');
        for (const [column, literal] of [
          [left, right],
          [right, left],
        ]) {
          const ref = columnRef(column);
          const value = literalValue(literal);
          if (!ref || !passwordColumn.test(ref.column) || typeof value !== 'string' || value === '') continue;
          matches.push(
            matchAt(
              node,
              {
                zh: `${ref.column} 与字符串常量比较：密码以可直接比较的形式（明文或未加盐的哈希）存储，并出现在 SQL 文本中。`,
                en: `${ref.column} is compared with a string literal: the password is stored in a directly comparable form (plain text or an unsalted hash) and appears in the SQL.`,
              },
              statement.text,
            ),
          );
          break;
        }
        return undefined;
      });
    }
    return matches;
  },
};
