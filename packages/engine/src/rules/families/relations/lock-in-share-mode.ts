import { queryScopes } from '../../../semantics/scope.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import { lockingClauseSpan, lockingRead } from './helpers.ts';

/** LOCK IN SHARE MODE is the old spelling of FOR SHARE, kept in MySQL 8.0 only for compatibility. */
export const lockInShareMode: Rule = {
  id: 'lock-in-share-mode',
  category: 'Other',
  severity: 'info',
  dialects: ['mysql'],
  example: { bad: 'SELECT c_acctbal FROM customer WHERE c_custkey = 7 LOCK IN SHARE MODE' },
  rewrites: false,
  title: { zh: '使用旧语法 LOCK IN SHARE MODE', en: 'Old LOCK IN SHARE MODE syntax' },
  rationale: {
    zh: 'MySQL 8.0 起 LOCK IN SHARE MODE 由 FOR SHARE 取代，旧写法只为兼容保留。FOR SHARE 还支持 NOWAIT、SKIP LOCKED 和 OF 表名，锁等待更可控。新代码请使用 FOR SHARE（MySQL 5.7 及更早版本只支持旧写法）。',
    en: 'Since MySQL 8.0, FOR SHARE replaces LOCK IN SHARE MODE, which is kept only for compatibility. FOR SHARE also accepts NOWAIT, SKIP LOCKED and OF table, for better control of lock waits. Use FOR SHARE in new code (MySQL 5.7 and earlier only know the old form).',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const { query } of queryScopes(statement.ast)) {
      if (lockingRead(query) !== 'LOCK IN SHARE MODE') continue;
      const span = lockingClauseSpan(statement.text);
      matches.push({
        ...(span ? { span } : {}),
        message: {
          zh: '在 MySQL 8.0 中请改用 FOR SHARE。',
          en: 'On MySQL 8.0, write FOR SHARE instead.',
        },
      });
    }
    return matches;
  },
};
