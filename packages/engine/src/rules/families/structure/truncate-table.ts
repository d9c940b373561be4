import { children } from '../../../model/ast.ts';
import { isTruncate } from '../../../model/nodes.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { keywordSpan, matchIn } from './ddl.ts';

/** TRUNCATE: every row gone, no WHERE, no DELETE triggers, and in MySQL no rollback. */
export const truncateTable: Rule = {
  id: 'truncate-table',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: { bad: 'TRUNCATE TABLE lineitem' },
  rewrites: false,
  title: { zh: '用 TRUNCATE 清空表', en: 'TRUNCATE empties a whole table' },
  rationale: {
    zh: 'TRUNCATE 一次删除表中所有行。MySQL 中它属于 DDL：隐式提交、无法回滚，不触发 DELETE 触发器，AUTO_INCREMENT 计数归零，被其他表外键引用时直接失败。PostgreSQL 中它要持有 ACCESS EXCLUSIVE 锁，阻塞所有读写；它不遵循 MVCC，快照早于它的并发事务会看到空表；CASCADE 会连带清空所有引用它的表。应用 SQL 中请用带条件的 DELETE 分批删除；确需清空时请先备份并走评审流程。',
    en: "TRUNCATE removes every row at once. In MySQL it is DDL: it commits implicitly and cannot be rolled back, fires no DELETE triggers, resets AUTO_INCREMENT, and fails outright if another table's foreign key references the table. In PostgreSQL it holds an ACCESS EXCLUSIVE lock that blocks every read and write; it is not MVCC-safe, so concurrent transactions with an older snapshot see an empty table; and CASCADE empties every referencing table as well. In application SQL delete in batches with a WHERE clause; when a table really must be emptied, back it up first and have the change reviewed.",
  },
  detect({ statement }) {
    const ast = statement.ast;
    if (!isTruncate(ast)) return [];
    const names = children(ast, 'name')
      .map((source) => String(source.table ?? ''))
      .filter(Boolean);
    const tables = names.join(', ');
    const cascade = children(ast, 'suffix').some((s) => String(s.value).toUpperCase() === 'CASCADE');
    const consequence = cascade
      ? {
          zh: '；CASCADE 还会清空所有通过外键引用它的表',
          en: `; CASCADE also empties every table that references ${names.length > 1 ? 'them' : 'it'} through a foreign key`,
        }
      : statement.dialect === 'mysql'
        ? { zh: '，且无法回滚', en: ', and cannot be rolled back' }
        : { zh: '', en: '' };
    return [
      matchIn(keywordSpan(statement, ['TRUNCATE']), {
        zh: `TRUNCATE 删除表 ${tables} 的全部数据${consequence.zh}。`,
        en: `TRUNCATE deletes every row of ${tables}${consequence.en}.`,
      }),
    ];
  },
};
