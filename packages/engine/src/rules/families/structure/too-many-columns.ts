import { allDialects, type Rule } from '../../rule.ts';
import { columnDefinitions, identifierSpan, isCreateTable, matchIn, targetTable } from './ddl.ts';

/** Past this many columns a table is usually several entities in one. */
export const MAX_COLUMNS = 50;

function wideTable(columns: number): string {
  const list = Array.from({ length: columns }, (_, i) => `attr_${i + 1} VARCHAR(20)`).join(', ');
  return `CREATE TABLE customer_profile (id BIGINT PRIMARY KEY, ${list})`;
}

/** A CREATE TABLE with more than 50 columns. */
export const tooManyColumns: Rule = {
  id: 'too-many-columns',
  category: 'Other',
  severity: 'info',
  dialects: allDialects,
  example: { bad: wideTable(MAX_COLUMNS), good: wideTable(20) },
  rewrites: false,
  title: { zh: '表的列过多', en: 'Too many columns in one table' },
  rationale: {
    zh: `超过 ${MAX_COLUMNS} 列的宽表通常把多个实体或低频属性混在一起。行越宽，每个数据页容纳的行越少，任何扫描、缓存和复制都要搬运更多字节；PostgreSQL 更新任意一列都要写出整行的新版本；MySQL 单行还受 65,535 字节的限制。请把很少一起读取的列拆到按主键一对一关联的扩展表中。`,
    en: `A table of more than ${MAX_COLUMNS} columns usually mixes several entities or rarely used attributes. Wider rows mean fewer rows a page, so every scan, the buffer cache and replication move more bytes; in PostgreSQL, updating any column writes a new version of the whole row; and MySQL caps a row at 65,535 bytes. Move columns that are seldom read together into a side table keyed one-to-one by the primary key.`,
  },
  detect({ statement }) {
    if (!isCreateTable(statement.ast)) return [];
    const count = columnDefinitions(statement.ast, statement.dialect).length;
    if (count <= MAX_COLUMNS) return [];
    const table = targetTable(statement.ast) ?? '';
    return [
      matchIn(identifierSpan(statement, table), {
        zh: `表 ${table} 有 ${count} 列，超过 ${MAX_COLUMNS} 列。`,
        en: `Table ${table} has ${count} columns, more than ${MAX_COLUMNS}.`,
      }),
    ];
  },
};
