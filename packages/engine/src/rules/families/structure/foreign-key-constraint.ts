import { child, children } from '../../../model/ast.ts';
import type { Rule } from '../../rule.ts';
import { keyDefinitions, keyPartSpan, matchIn, targetTable } from './ddl.ts';

/** FOREIGN KEY / REFERENCES in a MySQL CREATE TABLE or ALTER TABLE. */
export const foreignKeyConstraint: Rule = {
  id: 'foreign-key-constraint',
  category: 'Other',
  severity: 'info',
  dialects: ['mysql'],
  example: {
    bad: 'CREATE TABLE order_note (id BIGINT PRIMARY KEY, order_id INT NOT NULL, note VARCHAR(200), FOREIGN KEY (order_id) REFERENCES orders (o_orderkey))',
    good: 'CREATE TABLE order_note (id BIGINT PRIMARY KEY, order_id INT NOT NULL, note VARCHAR(200), KEY idx_order_note_order (order_id))',
  },
  rewrites: false,
  title: { zh: 'MySQL 表使用外键约束', en: 'Foreign key constraint on a MySQL table' },
  rationale: {
    zh: 'InnoDB 在子表每次插入或更新外键列时，都要在父表对应行上加共享锁；父表删除或更新键值时还要检查（或级联修改）子表。高并发下这会带来额外的锁等待和死锁，级联操作也不会触发触发器。常用的在线改表工具 gh-ost 不支持带外键的表，pt-online-schema-change 处理外键也需要特殊选项，分库分表后外键更无法跨库生效。许多 MySQL 的 OLTP 规范因此要求在应用层保证引用完整性，只保留外键列上的普通索引。',
    en: 'For every insert into the child table, or update of its foreign-key column, InnoDB takes a shared lock on the matching parent row, and deleting or re-keying a parent row checks (or cascades into) the child table. Under concurrency that adds lock waits and deadlocks, and cascaded changes fire no triggers. The online schema-change tool gh-ost refuses tables with foreign keys, pt-online-schema-change needs special options for them, and once data is sharded a foreign key cannot span databases. Many MySQL OLTP guidelines therefore enforce references in the application and keep only a plain index on the column.',
  },
  detect({ statement }) {
    const table = targetTable(statement.ast) ?? '';
    return keyDefinitions(statement.ast)
      .filter((key) => key.kind === 'foreign')
      .map((key) => {
        const reference = child(key.node, 'reference_definition');
        const parent = String(children(reference ?? {}, 'table')[0]?.table ?? '');
        const columns = key.parts.map((part) => part.column).join(', ');
        return matchIn(keyPartSpan(statement, key.parts[0]!), {
          zh: `表 ${table} 的 (${columns}) 通过外键引用 ${parent}：每次写入都要锁住父表的对应行。`,
          en: `Table ${table} references ${parent} through a foreign key on (${columns}): every write locks the matching parent row.`,
        });
      });
  },
};
