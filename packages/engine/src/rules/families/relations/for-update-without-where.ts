import { child, children } from '../../../model/ast.ts';
import { queryScopes } from '../../../semantics/scope.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { hasLimit, lockingClauseSpan, lockingRead } from './helpers.ts';

/**
 * `SELECT ... FROM t FOR UPDATE` with neither WHERE nor LIMIT locks every row of the table until the
 * transaction ends, blocking every writer. PostgreSQL's FOR UPDATE / NO KEY UPDATE / SHARE / KEY SHARE and
 * MySQL 8's FOR SHARE are read as well (dialect/grammar-gaps.ts).
 */
export const forUpdateWithoutWhere: Rule = {
  id: 'for-update-without-where',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey, o_orderstatus FROM orders FOR UPDATE',
    good: 'SELECT o_orderkey, o_orderstatus FROM orders WHERE o_orderkey = 42 FOR UPDATE',
  },
  rewrites: false,
  title: { zh: '锁定读没有 WHERE 条件', en: 'Locking read without WHERE' },
  rationale: {
    zh: '没有 WHERE 和 LIMIT 的 SELECT ... FOR UPDATE / FOR SHARE / LOCK IN SHARE MODE 会锁住表中的每一行（MySQL InnoDB 在可重复读下还会加间隙锁，连插入也会被阻塞；PostgreSQL 会给每一行加行锁并写入行头），直到事务结束，其他写入全部等待。请只锁定真正要修改的行。',
    en: 'SELECT ... FOR UPDATE / FOR SHARE / LOCK IN SHARE MODE without WHERE or LIMIT locks every row of the table (in MySQL, under InnoDB repeatable read, the gaps too, so inserts block; in PostgreSQL each row is locked by writing to its header) until the transaction ends, and every writer waits. Lock only the rows you mean to change.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const { query } of queryScopes(statement.ast)) {
      const lock = lockingRead(query);
      if (!lock || child(query, 'where') || hasLimit(query) || children(query, 'from').length === 0) continue;
      const span = lockingClauseSpan(statement.text);
      matches.push({
        ...(span ? { span } : {}),
        message: {
          zh: `${lock} 没有 WHERE 条件，会锁住所读表的每一行。`,
          en: `${lock} has no WHERE condition, so it locks every row of the tables read.`,
        },
      });
    }
    return matches;
  },
};
