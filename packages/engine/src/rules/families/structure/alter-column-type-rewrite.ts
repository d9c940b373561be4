import type { Dialect } from '@sqltune/contracts';
import { type AstNode, child } from '../../../model/ast.ts';
import { findColumn, findTable, type SchemaModel } from '../../../schema/model.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import { type ColumnDefinition, columnDefinitions, columnSpan, matchIn, nameOf, targetTable } from './ddl.ts';

const varying = new Set(['VARCHAR', 'CHARACTER VARYING']);

/**
 * Type changes that may keep the stored rows, where the rule stays silent: the same base type (a longer
 * VARCHAR or a wider NUMERIC needs no rewrite, and the schema model records no lengths) and, in
 * PostgreSQL, VARCHAR to TEXT, which is binary compatible.
 */
function mayKeepRows(from: string, to: string, dialect: Dialect): boolean {
  if (from === to || (varying.has(from) && varying.has(to))) return true;
  return dialect === 'postgresql' && varying.has(from) && to === 'TEXT';
}

function oldType(schema: SchemaModel, table: string, column: string): string | undefined {
  return findColumn(findTable(schema, table), column)?.type;
}

/** The column as it is now named: CHANGE COLUMN names the old column first. */
function currentNameNode(column: ColumnDefinition): AstNode | undefined {
  return child(column.node, 'old_column') ?? child(column.node, 'column');
}

/**
 * Changing a column's type: PostgreSQL's ALTER COLUMN ... TYPE rewrites the table under an ACCESS
 * EXCLUSIVE lock; MySQL's MODIFY/CHANGE to another type copies the table. MySQL's MODIFY also serves
 * for comments and defaults, so there the rule needs the schema to know that the type really changes.
 */
export const alterColumnTypeRewrite: Rule = {
  id: 'alter-column-type-rewrite',
  category: 'Other',
  severity: 'warning',
  dialects: ['postgresql', 'mysql'],
  example: {
    bad: 'ALTER TABLE orders ALTER COLUMN o_custkey TYPE BIGINT',
  },
  rewrites: false,
  title: { zh: '修改列类型导致重写整张表', en: 'Column type change rewrites the table' },
  rationale: {
    zh: 'PostgreSQL 的 ALTER COLUMN ... TYPE（除 VARCHAR 加长、改为 TEXT 等二进制兼容的变化外）会在 ACCESS EXCLUSIVE 锁下重写整张表并重建它的所有索引，期间连查询都被阻塞。MySQL 用 MODIFY/CHANGE 把列改成另一种类型时只能用 ALGORITHM=COPY 复制整张表，复制期间不允许写入，从库回放时还要再复制一次。大表请改用“加新列、分批回填、切换读写、删旧列”的方式，或使用 gh-ost、pt-online-schema-change 等在线改表工具。',
    en: 'PostgreSQL ALTER COLUMN ... TYPE, except for binary-compatible changes such as a longer VARCHAR or VARCHAR to TEXT, rewrites the whole table and rebuilds all its indexes under an ACCESS EXCLUSIVE lock that blocks even reads. A MySQL MODIFY/CHANGE to another type runs only with ALGORITHM=COPY: the table is copied, writes are refused meanwhile, and the replica copies it again. For large tables add a new column, backfill it in batches, switch reads and writes, then drop the old column, or use an online schema-change tool such as gh-ost or pt-online-schema-change.',
  },
  detect({ statement, schema }) {
    const table = targetTable(statement.ast) ?? '';
    const matches: RuleMatch[] = [];
    for (const column of columnDefinitions(statement.ast, statement.dialect)) {
      const nameNode = currentNameNode(column);
      const name = nameOf(nameNode) ?? column.name;
      const before = oldType(schema, table, name);
      if (before && mayKeepRows(before, column.type, statement.dialect)) continue;
      if (statement.dialect === 'postgresql' && column.action === 'alter') {
        matches.push(
          matchIn(columnSpan(statement, column, nameNode), {
            zh: `把列 ${name} 改为 ${column.display} 会在 ACCESS EXCLUSIVE 锁下重写表 ${table} 及其全部索引，期间读写都被阻塞。`,
            en: `Changing ${name} to ${column.display} rewrites ${table} and all its indexes under an ACCESS EXCLUSIVE lock, blocking reads and writes.`,
          }),
        );
      } else if (
        statement.dialect === 'mysql' &&
        before &&
        (column.action === 'modify' || column.action === 'change')
      ) {
        matches.push(
          matchIn(columnSpan(statement, column, nameNode), {
            zh: `把列 ${name} 从 ${before} 改为 ${column.display} 需要复制整张表 ${table}（ALGORITHM=COPY），期间不允许写入。`,
            en: `Changing ${name} from ${before} to ${column.display} copies the whole of ${table} (ALGORITHM=COPY), refusing writes meanwhile.`,
          }),
        );
      }
    }
    return matches;
  },
};
