import type { Dialect, Finding, Localized } from '@sqltune/contracts';
import { type IndexDef, keyTexts, type SchemaModel, type TableDef } from './model.ts';

/**
 * The table structure check of the result page: problems in the DDL itself, independent of the query.
 * Each check returns findings with the CREATE TABLE line as their location.
 */
export function checkSchema(schema: SchemaModel, dialect: Dialect): Finding[] {
  return schema.tables.flatMap((table) => [...missingPrimaryKey(table, dialect), ...redundantIndexes(table)]);
}

function at(table: TableDef) {
  return { line: table.line, column: 1, length: 0 };
}

/** Why a table needs a primary key, in each database's own terms: InnoDB clusters on it, PostgreSQL has no clustering. */
function withoutPrimaryKey(table: string, dialect: Dialect): Localized {
  return dialect === 'mysql'
    ? {
        zh: `表 ${table} 没有主键。InnoDB 会生成隐藏的聚簇键，复制和按行定位都会变慢。`,
        en: `Table ${table} has no primary key. InnoDB then clusters on a hidden key, and replication and row lookups get slower.`,
      }
    : {
        zh: `表 ${table} 没有主键：逻辑复制无法发布它的 UPDATE 和 DELETE（除非设置 REPLICA IDENTITY，FULL 时按整行比较，代价高），重复的行也无法区分。`,
        en: `Table ${table} has no primary key: logical replication cannot publish its UPDATEs and DELETEs (unless a REPLICA IDENTITY is set; FULL compares whole rows, which is slow), and duplicate rows cannot be told apart.`,
      };
}

function missingPrimaryKey(table: TableDef, dialect: Dialect): Finding[] {
  // A materialized view has no primary key to give: a unique index is what it takes (REFRESH ... CONCURRENTLY).
  if (table.materializedView || table.foreignTable || table.indexes.some((index) => index.primary)) return [];
  return [
    {
      id: 'schema-missing-primary-key',
      severity: 'warning',
      title: { zh: '表没有主键', en: 'Table has no primary key' },
      message: withoutPrimaryKey(table.name, dialect),
      span: at(table),
      rewrite: false,
    },
  ];
}

/**
 * An index whose columns are a leading prefix of another index's columns adds write cost and no read path. Only
 * indexes of one access method compare (a gin or hnsw index serves other operators than a btree), with the same
 * operator classes and collations on the prefix (Django's `varchar_pattern_ops` index beside a unique key serves
 * LIKE 'ab%', the key does not). An expression key compares by its text as written (`lower(email)`: the same text
 * is the same key; a differently written equal one is missed, never the reverse); one read without its text ('')
 * says nothing.
 */
function redundantIndexes(table: TableDef): Finding[] {
  const findings: Finding[] = [];
  // A column compares case-insensitively, an expression as written.
  const keysOf = (index: IndexDef) => index.columns.map((c, k) => index.expressions?.[k] ?? c.toLowerCase());
  for (const index of table.indexes) {
    const keys = keysOf(index);
    if (index.primary || index.unique || keys.includes('')) continue;
    const cover = table.indexes.find(
      (other) =>
        other !== index &&
        other.method === index.method &&
        index.columns.every((_, i) => (other.keyOptions?.[i] ?? '') === (index.keyOptions?.[i] ?? '')) &&
        other.columns.length >= index.columns.length &&
        keys.every((key, i) => keysOf(other)[i] === key) &&
        (other.columns.length > index.columns.length || table.indexes.indexOf(other) < table.indexes.indexOf(index)),
    );
    if (!cover) continue;
    const name = index.name ?? `(${keyTexts(index).join(', ')})`;
    const coverName = cover.name ?? `(${keyTexts(cover).join(', ')})`;
    findings.push({
      id: 'schema-redundant-index',
      severity: 'info',
      title: { zh: '冗余索引', en: 'Redundant index' },
      message: {
        zh: `表 ${table.name} 的索引 ${name} 是索引 ${coverName} 的前缀，可以删除以减少写入开销。`,
        en: `Index ${name} on ${table.name} is a prefix of ${coverName}; dropping it saves write cost.`,
      },
      span: at(table),
      rewrite: false,
    });
  }
  return findings;
}
