import { children } from '../../../model/ast.ts';
import { isUpdate } from '../../../model/nodes.ts';
import type { Rule } from '../../rule.ts';
import { hasLimit } from './helpers.ts';

/**
 * `UPDATE t SET ... LIMIT n` without ORDER BY changes whichever n rows the plan happens to read first.
 * MySQL flags it as unsafe for statement-based replication: a replica may change different rows.
 */
export const updateWithLimitWithoutOrder: Rule = {
  id: 'update-with-limit-without-order',
  category: 'Other',
  severity: 'warning',
  dialects: ['mysql'],
  example: {
    bad: "UPDATE orders SET o_orderstatus = 'P' WHERE o_orderstatus = 'O' LIMIT 100",
    good: "UPDATE orders SET o_orderstatus = 'P' WHERE o_orderstatus = 'O' ORDER BY o_orderkey LIMIT 100",
  },
  rewrites: false,
  title: { zh: 'UPDATE 使用 LIMIT 却没有 ORDER BY', en: 'UPDATE with LIMIT but no ORDER BY' },
  rationale: {
    zh: '没有 ORDER BY 时，UPDATE ... LIMIT 修改的是执行计划恰好先读到的那些行，换一个索引或数据分布结果就不同。MySQL 把这种语句标记为对基于语句的复制不安全（Unsafe statement），从库可能修改不同的行，导致主从数据不一致。请按唯一键排序，例如 ORDER BY 主键。',
    en: 'Without ORDER BY, UPDATE ... LIMIT changes whichever rows the plan happens to read first, which differs with another index or data layout. MySQL marks such statements unsafe for statement-based replication: a replica may change different rows and drift from the source. Order by a unique key, such as the primary key.',
  },
  detect({ statement }) {
    const ast = statement.ast;
    if (!isUpdate(ast) || !hasLimit(ast) || children(ast, 'orderby').length > 0) return [];
    return [
      {
        message: {
          zh: '这条 UPDATE 修改哪些行取决于执行计划，请加上按唯一键的 ORDER BY。',
          en: 'Which rows this UPDATE changes depends on the plan; add ORDER BY on a unique key.',
        },
      },
    ];
  },
};
