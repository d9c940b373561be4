import { child } from '../model/ast.ts';
import { allDialects, type Rule } from './rule.ts';

/** An UPDATE with no WHERE changes every row of the table; almost always a mistake. */
export const updateWithoutWhere: Rule = {
  id: 'update-without-where',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: { bad: "UPDATE orders SET o_comment = ''", good: "UPDATE orders SET o_comment = '' WHERE o_orderkey = 42" },
  rewrites: false,
  title: { zh: 'UPDATE 没有 WHERE 条件', en: 'UPDATE without WHERE' },
  rationale: {
    zh: '没有 WHERE 的 UPDATE 会修改整张表并长时间持有锁。请确认这是预期行为，或补上条件。',
    en: 'An UPDATE without WHERE changes the whole table and holds locks for long. Make sure this is intended, or add the condition.',
  },
  detect({ statement }) {
    if (statement.kind !== 'update' || child(statement.ast, 'where')) return [];
    return [{ message: { zh: '该 UPDATE 会修改表中的每一行。', en: 'This UPDATE changes every row of the table.' } }];
  },
};
