import type { Rule, RuleMatch } from '../../rule.ts';
import { keyDefinitions, keyLabel, keyPartSpan, knownColumnTypes, matchIn } from './ddl.ts';

const largeObjectTypes = new Set([
  'TINYTEXT',
  'TEXT',
  'MEDIUMTEXT',
  'LONGTEXT',
  'TINYBLOB',
  'BLOB',
  'MEDIUMBLOB',
  'LONGBLOB',
]);

/**
 * A TEXT, BLOB or JSON column in a B-tree key without a prefix length. MySQL refuses the statement:
 * error 1170 for TEXT/BLOB, 3152 for JSON. FULLTEXT and SPATIAL indexes take whole columns and are fine.
 */
export const textBlobIndexWithoutPrefix: Rule = {
  id: 'text-blob-index-without-prefix',
  category: 'Other',
  severity: 'critical',
  dialects: ['mysql'],
  example: {
    bad: 'CREATE TABLE article (id BIGINT PRIMARY KEY, title TEXT NOT NULL, KEY idx_title (title))',
    good: 'CREATE TABLE article (id BIGINT PRIMARY KEY, title TEXT NOT NULL, KEY idx_title (title(64)))',
  },
  rewrites: false,
  title: { zh: 'TEXT/BLOB 列建索引未指定前缀长度', en: 'TEXT/BLOB column indexed without a prefix length' },
  rationale: {
    zh: 'InnoDB 的 B-tree 索引键有长度上限（DYNAMIC 行格式为 3072 字节），TEXT、BLOB 列必须指定前缀长度才能建索引，否则 MySQL 直接拒绝执行（错误 1170：BLOB/TEXT column used in key specification without a key length）；JSON 列则根本不能直接建索引（错误 3152）。请写成 col(N) 前缀索引，N 取能区分大多数值的最短长度；需要整列唯一或精确匹配时，为其哈希值建生成列再建索引；JSON 请为提取出的值建生成列或函数索引。',
    en: 'InnoDB B-tree keys have a length limit (3072 bytes with the DYNAMIC row format), so a TEXT or BLOB column can only be indexed with a prefix length; without one MySQL refuses the statement (error 1170, BLOB/TEXT column used in key specification without a key length). A JSON column cannot be indexed directly at all (error 3152). Write a prefix index col(N), with the shortest N that tells most values apart; for uniqueness or exact match on the whole value, index a generated column holding its hash; for JSON, index a generated column or a functional index on the extracted value.',
  },
  detect({ statement, schema }) {
    const types = knownColumnTypes(statement.ast, statement.dialect, schema);
    const matches: RuleMatch[] = [];
    for (const key of keyDefinitions(statement.ast)) {
      if (key.kind === 'fulltext' || key.kind === 'spatial' || key.kind === 'foreign') continue;
      for (const part of key.parts) {
        const type = part.column ? types.get(part.column.toLowerCase()) : undefined;
        if (!part.column || !type || part.prefixed) continue;
        const json = type === 'JSON';
        if (!json && !largeObjectTypes.has(type)) continue;
        matches.push(
          matchIn(keyPartSpan(statement, part), {
            zh: json
              ? `JSON 列 ${part.column} 不能直接出现在索引 ${keyLabel(key)} 中，MySQL 会报错 3152；请为提取的值建生成列或函数索引。`
              : `${type} 列 ${part.column} 出现在索引 ${keyLabel(key)} 中却没有前缀长度，MySQL 会报错 1170；请写成 ${part.column}(N)。`,
            en: json
              ? `JSON column ${part.column} cannot be part of index ${keyLabel(key)} (MySQL error 3152); index a generated column or an expression on the extracted value.`
              : `${type} column ${part.column} is in index ${keyLabel(key)} without a prefix length (MySQL error 1170); write ${part.column}(N).`,
          }),
        );
      }
    }
    return matches;
  },
};
