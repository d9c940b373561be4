import type { Localized } from '@sqltune/contracts';
import { type AstNode, children } from '../../../model/ast.ts';
import { isDrop } from '../../../model/nodes.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { keywordSpan, matchIn, optionValue } from './ddl.ts';

/** What the statement drops, for the message: `table orders, lineitem`, `database shop`. */
function droppedObjects(ast: AstNode): Localized | undefined {
  const keyword = String(ast.keyword ?? '').toLowerCase();
  if (keyword === 'table') {
    const list = children(ast, 'name')
      .map((source) => String(source.table ?? ''))
      .filter(Boolean)
      .join(', ');
    if (!list) return undefined;
    return { zh: `表 ${list}`, en: `${list.includes(',') ? 'tables' : 'table'} ${list}` };
  }
  if (keyword === 'database' || keyword === 'schema') {
    const database = optionValue(ast.name);
    return { zh: `库 ${database} 及其中所有表`, en: `${keyword} ${database} with every table in it` };
  }
  return undefined;
}

/** DROP TABLE / DROP DATABASE / DROP SCHEMA: the data is gone unless a backup has it. */
export const dropTable: Rule = {
  id: 'drop-table',
  category: 'Other',
  severity: 'critical',
  dialects: allDialects,
  example: { bad: 'DROP TABLE IF EXISTS orders' },
  rewrites: false,
  title: { zh: '删除表或数据库（DROP）', en: 'DROP TABLE or DROP DATABASE' },
  rationale: {
    zh: 'DROP TABLE / DROP DATABASE 删除表结构和全部数据。MySQL 的 DDL 会隐式提交，执行后无法回滚，只能靠备份加 binlog 恢复，大表还可能因清理表空间而短暂卡住实例；PostgreSQL 在事务内可以回滚，提交后同样无法挽回，且 CASCADE 会连带删除依赖它的视图和外键。这类语句不应出现在应用 SQL 中；变更时请先备份或改名（RENAME）保留一段时间，并走评审流程。',
    en: 'DROP TABLE and DROP DATABASE remove the structure and every row. In MySQL DDL commits implicitly, so nothing rolls it back short of a backup plus the binlog, and dropping a large table can stall the instance while its tablespace is cleaned up. PostgreSQL can roll a DROP back inside a transaction, but not after the commit, and CASCADE also drops the views and foreign keys that depend on the table. Such statements do not belong in application SQL; for a change, back the data up or RENAME the table and keep it a while, and have it reviewed.',
  },
  detect({ statement }) {
    const ast = statement.ast;
    if (!isDrop(ast)) return [];
    const objects = droppedObjects(ast);
    if (!objects) return [];
    const irreversible =
      statement.dialect === 'mysql'
        ? { zh: 'MySQL 会隐式提交，无法回滚', en: 'MySQL commits it implicitly, so it cannot be rolled back' }
        : { zh: '提交后无法恢复', en: 'it cannot be undone once committed' };
    return [
      matchIn(keywordSpan(statement, ['DROP']), {
        zh: `这条语句会删除${objects.zh}（结构和全部数据），${irreversible.zh}。`,
        en: `This statement deletes ${objects.en} (structure and rows); ${irreversible.en}.`,
      }),
    ];
  },
};
