import { child } from '../../../model/ast.ts';
import { allDialects, type Rule } from '../../rule.ts';
import { type ColumnDefinition, columnDefinitions, columnSpan, matchIn, targetTable } from './ddl.ts';

/** Columns that fill themselves: auto-increment, serial, identity and generated columns. */
function fillsItself(column: ColumnDefinition): boolean {
  const node = column.node;
  return (
    Boolean(node.auto_increment || node.generated || node.generated_by_default) ||
    ['SERIAL', 'SMALLSERIAL', 'BIGSERIAL'].includes(column.type)
  );
}

/** `ALTER TABLE t ADD COLUMN c INT NOT NULL` with no DEFAULT: existing rows have no value to give it. */
export const addNotNullColumnWithoutDefault: Rule = {
  id: 'add-not-null-column-without-default',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'ALTER TABLE customer ADD COLUMN c_tier INT NOT NULL',
    good: 'ALTER TABLE customer ADD COLUMN c_tier INT NOT NULL DEFAULT 0',
  },
  rewrites: false,
  title: { zh: '新增 NOT NULL 列却没有默认值', en: 'NOT NULL column added without a default' },
  rationale: {
    zh: '给已有数据的表加 NOT NULL 列却不写 DEFAULT 时，已有的行没有值可填。PostgreSQL 会直接报错（column ... contains null values），表为空时才能成功，因此测试环境能通过、生产环境失败。MySQL 则悄悄用该类型的隐式默认值（0、空字符串等）填充所有已有行，这些值往往不是正确的业务数据。请显式写出 DEFAULT；需要按行计算的值，先加可空列、回填数据，再设为 NOT NULL。',
    en: "Adding a NOT NULL column without DEFAULT to a table that has rows leaves those rows nothing to hold. PostgreSQL fails (column ... contains null values) unless the table is empty, so the migration passes on an empty test database and fails in production. MySQL silently fills every existing row with the type's implicit default (0, the empty string ...), which is seldom correct data. Write the DEFAULT explicitly; for values computed per row, add the column nullable, backfill it, then make it NOT NULL.",
  },
  detect({ statement }) {
    const table = targetTable(statement.ast) ?? '';
    return columnDefinitions(statement.ast, statement.dialect)
      .filter(
        (column) =>
          column.action === 'add' &&
          child(column.node, 'nullable')?.type === 'not null' &&
          !child(column.node, 'default_val') &&
          !fillsItself(column),
      )
      .map((column) =>
        matchIn(
          columnSpan(statement, column),
          statement.dialect === 'postgresql'
            ? {
                zh: `向表 ${table} 加 NOT NULL 列 ${column.name} 但没有 DEFAULT：表中已有数据时这条语句会失败。`,
                en: `Column ${column.name} is added to ${table} as NOT NULL without DEFAULT: this fails as soon as the table has rows.`,
              }
            : {
                zh: `向表 ${table} 加 NOT NULL 列 ${column.name} 但没有 DEFAULT：已有的行会被填上该类型的隐式默认值。`,
                en: `Column ${column.name} is added to ${table} as NOT NULL without DEFAULT: existing rows get the type's implicit default.`,
              },
        ),
      );
  },
};
