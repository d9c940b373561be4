import type { Rule } from '../../rule.ts';
import { isCreateIndex, keywordSpan, matchIn, targetTable } from './ddl.ts';

/** PostgreSQL `CREATE INDEX` without CONCURRENTLY: writes to the table wait for the whole build. */
export const createIndexWithoutConcurrently: Rule = {
  id: 'create-index-without-concurrently',
  category: 'Other',
  severity: 'warning',
  dialects: ['postgresql'],
  example: {
    bad: 'CREATE INDEX idx_orders_orderdate ON orders (o_orderdate)',
    good: 'CREATE INDEX CONCURRENTLY idx_orders_orderdate ON orders (o_orderdate)',
  },
  rewrites: false,
  title: { zh: 'CREATE INDEX 未使用 CONCURRENTLY', en: 'CREATE INDEX without CONCURRENTLY' },
  rationale: {
    zh: 'PostgreSQL 的普通 CREATE INDEX 在建索引期间对表持有 SHARE 锁：查询可以继续，但 INSERT、UPDATE、DELETE 都要等到整个索引建完，大表上可能是几分钟到几小时的写入中断。CREATE INDEX CONCURRENTLY 不阻塞写入，代价是扫描两次表、耗时更长，且不能在事务块中执行；如果失败，会留下一个 INVALID 的索引，需要先 DROP INDEX CONCURRENTLY 再重试。',
    en: 'A plain CREATE INDEX in PostgreSQL holds a SHARE lock on the table while it builds: queries go on, but every INSERT, UPDATE and DELETE waits until the whole index is built, which on a large table means minutes to hours without writes. CREATE INDEX CONCURRENTLY does not block writes, at the price of two table scans and a longer build, and it cannot run inside a transaction block; if it fails it leaves an INVALID index to drop (DROP INDEX CONCURRENTLY) before retrying.',
  },
  detect({ statement }) {
    const ast = statement.ast;
    if (!isCreateIndex(ast) || ast.concurrently) return [];
    const table = targetTable(ast) ?? '';
    const name = typeof ast.index === 'string' ? `${ast.index} ` : '';
    return [
      matchIn(keywordSpan(statement, ['CREATE']), {
        zh: `建索引 ${name}期间表 ${table} 的所有写入都会被阻塞；请使用 CREATE INDEX CONCURRENTLY。`,
        en: `Building index ${name}blocks every write to ${table} until it ends; use CREATE INDEX CONCURRENTLY.`,
      }),
    ];
  },
};
