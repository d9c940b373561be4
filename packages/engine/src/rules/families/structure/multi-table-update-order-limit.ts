import { child, children } from '../../../model/ast.ts';
import { isUpdate } from '../../../model/nodes.ts';
import type { Rule } from '../../rule.ts';
import { keywordSpan, matchIn } from './ddl.ts';

/** `UPDATE a JOIN b ... ORDER BY ... LIMIT n`: MySQL accepts ORDER BY and LIMIT only in single-table UPDATE. */
export const multiTableUpdateOrderLimit: Rule = {
  id: 'multi-table-update-order-limit',
  category: 'Other',
  severity: 'critical',
  dialects: ['mysql'],
  example: {
    bad: "UPDATE orders o JOIN customer c ON c.c_custkey = o.o_custkey SET o.o_orderpriority = '1-URGENT' WHERE c.c_mktsegment = 'BUILDING' AND o.o_orderstatus = 'O' ORDER BY o.o_orderdate LIMIT 100",
    good: "UPDATE orders o JOIN (SELECT o2.o_orderkey FROM orders o2 JOIN customer c ON c.c_custkey = o2.o_custkey WHERE c.c_mktsegment = 'BUILDING' AND o2.o_orderstatus = 'O' ORDER BY o2.o_orderdate LIMIT 100) picked ON picked.o_orderkey = o.o_orderkey SET o.o_orderpriority = '1-URGENT' WHERE o.o_orderstatus = 'O'",
  },
  rewrites: false,
  title: { zh: '多表 UPDATE 使用 ORDER BY 或 LIMIT', en: 'Multi-table UPDATE with ORDER BY or LIMIT' },
  rationale: {
    zh: 'MySQL 的多表 UPDATE（UPDATE a JOIN b ... 或 UPDATE a, b ...）语法不允许 ORDER BY 和 LIMIT，执行时直接报错 1221（Incorrect usage of UPDATE and ORDER BY / LIMIT），语句一行也不会修改。需要“按顺序更新前 N 行”时，请在派生表中选出这些行的主键（派生表里可以 ORDER BY ... LIMIT），再与目标表连接更新；或者分两步先查出主键再按主键更新。',
    en: 'MySQL\'s multiple-table UPDATE syntax (UPDATE a JOIN b ... or UPDATE a, b ...) allows neither ORDER BY nor LIMIT: the statement fails with error 1221 (Incorrect usage of UPDATE and ORDER BY / LIMIT) and changes nothing. To update "the first N rows in some order", pick their primary keys in a derived table, where ORDER BY ... LIMIT is allowed, and join it to the target; or select the keys first and update by key.',
  },
  detect({ statement }) {
    const ast = statement.ast;
    if (!isUpdate(ast) || children(ast, 'table').length < 2) return [];
    const ordered = children(ast, 'orderby').length > 0;
    const limited = children(child(ast, 'limit') ?? {}, 'value').length > 0;
    if (!ordered && !limited) return [];
    const clause = [ordered ? 'ORDER BY' : '', limited ? 'LIMIT' : ''].filter(Boolean).join(' / ');
    const span = ordered ? keywordSpan(statement, ['ORDER', 'BY']) : undefined;
    return [
      matchIn(span ?? keywordSpan(statement, ['LIMIT']), {
        zh: `多表 UPDATE 不能使用 ${clause}，MySQL 会报错 1221；请在派生表中按顺序选出主键后再连接更新。`,
        en: `A multi-table UPDATE cannot use ${clause}; MySQL fails with error 1221. Pick the keys in an ordered derived table and join it instead.`,
      }),
    ];
  },
};
