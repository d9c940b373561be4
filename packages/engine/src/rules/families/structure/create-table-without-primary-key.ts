import { findTable } from '../../../schema/model.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { identifierSpan, isCreateTable, keyDefinitions, matchIn, targetTable } from './ddl.ts';

/**
 * A CREATE TABLE (or CREATE TABLE ... AS SELECT) in the statements that declares no primary key.
 * Tables of the table structure are checked by the schema check (schema-missing-primary-key), so a
 * table the schema already holds is left to it rather than reported twice.
 */
export const createTableWithoutPrimaryKey: Rule = {
  id: 'create-table-without-primary-key',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'CREATE TABLE payment_log (order_id BIGINT NOT NULL, paid_at DATETIME NOT NULL, note VARCHAR(200))',
    good: 'CREATE TABLE payment_log (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, order_id BIGINT NOT NULL, paid_at DATETIME NOT NULL, note VARCHAR(200))',
  },
  rewrites: false,
  title: { zh: '建表语句没有主键', en: 'CREATE TABLE without a primary key' },
  rationale: {
    zh: '没有主键时，InnoDB 用隐藏的 6 字节行号做聚簇索引，这个行号全实例共享一个计数器，并发插入会争用；基于行的复制在从库上应用每一行 UPDATE/DELETE 时都可能全表扫描，造成复制延迟；MySQL 组复制拒绝写入这样的表，sql_require_primary_key=ON 时连建表都会失败。PostgreSQL 逻辑复制在没有主键（REPLICA IDENTITY）的表上会拒绝已发布的 UPDATE 和 DELETE。请为每张表定义主键，没有自然键时用 BIGINT 自增列。',
    en: 'Without a primary key InnoDB clusters rows on a hidden 6-byte row ID drawn from one instance-wide counter that concurrent inserts contend on; row-based replication may scan the whole table on the replica for every row an UPDATE or DELETE changes, and replication lags; Group Replication rejects writes to such tables, and with sql_require_primary_key=ON they cannot even be created. PostgreSQL logical replication rejects published UPDATEs and DELETEs on a table without a primary key (replica identity). Give every table a primary key, a BIGINT auto-increment column when there is no natural one.',
  },
  detect({ statement, schema }) {
    const ast = statement.ast;
    if (!isCreateTable(ast) || ast.temporary || ast.like) return [];
    const table = targetTable(ast);
    if (!table || findTable(schema, table)) return [];
    if (keyDefinitions(ast).some((key) => key.kind === 'primary')) return [];
    const fromQuery = Boolean(ast.query_expr) && !ast.create_definitions;
    return [
      matchIn(
        identifierSpan(statement, table),
        fromQuery
          ? {
              zh: `CREATE TABLE ... AS SELECT 创建的表 ${table} 没有主键；请在列定义中声明主键。`,
              en: `CREATE TABLE ... AS SELECT creates ${table} without a primary key; declare one in a column list.`,
            }
          : {
              zh: `表 ${table} 没有定义主键。`,
              en: `Table ${table} declares no primary key.`,
            },
      ),
    ];
  },
};
