import { columnRef } from '../../../model/ast.ts';
import { isUpdate } from '../../../model/nodes.ts';
import { findColumn } from '../../../schema/model.ts';
import { ctesOf, ownedSource, sourcesOf } from '../../../semantics/scope.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { isPrimaryKeyColumn, setItems, updateTargets } from './helpers.ts';

/**
 * SET on a primary-key column. The key is the row's identity: changing it moves the row in InnoDB's
 * clustered index (a delete plus an insert), rewrites every secondary index entry, and must be carried
 * to every row that refers to it.
 */
export const updatePrimaryKey: Rule = {
  id: 'update-primary-key',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'UPDATE orders SET o_orderkey = o_orderkey + 1000000 WHERE o_orderkey < 100',
    good: "UPDATE orders SET o_orderstatus = 'F' WHERE o_orderkey < 100",
  },
  rewrites: false,
  title: { zh: '更新主键列', en: 'UPDATE changes a primary-key column' },
  rationale: {
    zh: '主键是行的身份标识。修改主键在 InnoDB 中相当于删除再插入（聚簇索引中的行要移动位置），所有二级索引项都要改写，引用它的外键行也要跟着处理；批量修改时锁和日志量都很大，缓存和下游系统中按主键保存的数据也会失效。请确认确有必要，通常应改用不变的代理键。',
    en: 'The primary key is the row identity. Changing it is a delete plus an insert in InnoDB (the row moves in the clustered index), every secondary index entry is rewritten, and rows referring to it through foreign keys must follow; in bulk this means heavy locking and logging, and caches or downstream systems keyed by it go stale. Make sure it is needed; an immutable surrogate key is the usual answer.',
  },
  detect({ statement, schema }) {
    const ast = statement.ast;
    if (!isUpdate(ast)) return [];
    const sources = sourcesOf(ast, schema, ctesOf(ast));
    const targets = updateTargets(ast, sources);
    if (!targets) return [];
    const matches: RuleMatch[] = [];
    for (const { column, value } of setItems(ast)) {
      const owner = !column.table && targets.size === 1 ? [...targets][0] : ownedSource(column, sources);
      if (!owner?.def || !targets.has(owner)) continue;
      const def = findColumn(owner.def, column.column);
      if (!def || !isPrimaryKeyColumn(owner.def, def.name)) continue;
      // SET id = id changes nothing.
      const same = columnRef(value);
      if (same && same.column.toLowerCase() === def.name.toLowerCase()) continue;
      matches.push({
        message: {
          zh: `${owner.table}.${def.name} 是主键列，修改它会移动行并改写所有索引。`,
          en: `${owner.table}.${def.name} is part of the primary key; changing it moves the row and rewrites every index.`,
        },
      });
    }
    return matches;
  },
};
