import { child } from '../model/ast.ts';
import { allDialects, type Rule } from './rule.ts';

/** A DELETE with no WHERE empties the table, row by row, logging each; almost always a mistake or a TRUNCATE. */
export const deleteWithoutWhere: Rule = {
  id: 'delete-without-where',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: { bad: 'DELETE FROM orders', good: 'DELETE FROM orders WHERE o_orderkey = 42' },
  rewrites: false,
  title: { zh: 'DELETE 没有 WHERE 条件', en: 'DELETE without WHERE' },
  rationale: {
    zh: '没有 WHERE 的 DELETE 会逐行删除整张表，写大量日志并长时间持有锁。请确认这是预期行为；要清空表时 TRUNCATE 更快。',
    en: 'A DELETE without WHERE removes the whole table row by row, logging each row and holding locks for long. Make sure this is intended; to empty a table, TRUNCATE is far faster.',
  },
  detect({ statement }) {
    if (statement.kind !== 'delete' || child(statement.ast, 'where')) return [];
    return [{ message: { zh: '该 DELETE 会删除表中的每一行。', en: 'This DELETE removes every row of the table.' } }];
  },
};
