import { child, children } from '../../../model/ast.ts';
import type { Rule } from '../../rule.ts';
import { columnDefinitions, columnSpan, matchIn } from './ddl.ts';

/** A MySQL ENUM column: the list of values is part of the table definition. */
export const enumColumn: Rule = {
  id: 'enum-column',
  category: 'Other',
  severity: 'info',
  dialects: ['mysql'],
  example: {
    bad: "CREATE TABLE shipment (id BIGINT PRIMARY KEY, status ENUM('new', 'packed', 'shipped') NOT NULL)",
    good: 'CREATE TABLE shipment (id BIGINT PRIMARY KEY, status_id TINYINT UNSIGNED NOT NULL)',
  },
  rewrites: false,
  title: { zh: '使用 ENUM 列', en: 'ENUM column' },
  rationale: {
    zh: "ENUM 的取值列表写在表定义里：只有在列表末尾追加新值才能原地完成，插入中间、删除或改名都要用 ALTER TABLE 复制整张表。ENUM 按内部序号而不是文本排序和比较，数字形式的取值（如 ENUM('1', '2')）与序号容易混淆；非严格模式下非法值会被存成空字符串。取值会变化的状态请改用字典表加外键或整数编码，或用 VARCHAR 加 CHECK 约束（MySQL 8.0.16 起生效）。",
    en: "An ENUM keeps its list of values in the table definition: only appending values at the end of the list is done in place; inserting in the middle, removing or renaming one makes ALTER TABLE copy the whole table. ENUMs sort and compare by their internal index, not their text, numeric-looking values (ENUM('1', '2')) are easily confused with the index, and outside strict mode an invalid value is stored as the empty string. For values that change, use a lookup table with an integer code, or VARCHAR with a CHECK constraint (enforced from MySQL 8.0.16).",
  },
  detect({ statement }) {
    return columnDefinitions(statement.ast, statement.dialect)
      .filter((column) => column.type === 'ENUM')
      .map((column) => {
        const values = children(child(child(column.node, 'definition') ?? {}, 'expr') ?? {}, 'value').length;
        return matchIn(columnSpan(statement, column), {
          zh: `列 ${column.name} 是有 ${values} 个取值的 ENUM；增删或调整取值需要 ALTER TABLE。`,
          en: `Column ${column.name} is an ENUM of ${values} values; changing the values takes an ALTER TABLE.`,
        });
      });
  },
};
