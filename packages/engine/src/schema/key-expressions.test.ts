import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.ts';
import { parseSchema } from './parse-schema.ts';

const indexesOf = (sql: string, dialect: 'mysql' | 'postgresql') => parseSchema(sql, dialect).tables[0]!.indexes;

describe('expression keys of an index in the table structure', () => {
  it("records MySQL 8's functional key parts of SHOW CREATE TABLE with their text, a lone one or among columns", () => {
    const indexes = indexesOf(
      `CREATE TABLE \`u\` (
  \`id\` int NOT NULL,
  \`email\` varchar(100) DEFAULT NULL,
  PRIMARY KEY (\`id\`),
  KEY \`by_lower\` ((lower(\`email\`))),
  KEY \`by_sum\` ((\`id\` + 1)),
  KEY \`mixed\` (\`id\`,(lower(\`email\`)) DESC),
  CONSTRAINT \`positive\` CHECK ((\`id\` > 0))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
      'mysql',
    );
    expect(indexes.map((i) => [i.name, i.columns, i.expressions])).toEqual([
      ['PRIMARY', ['id'], undefined],
      ['by_lower', [''], ['lower(`email`)']],
      // The grammar refused these two before (4203): an operator in the key, and a key of a column and an expression.
      ['by_sum', [''], ['`id` + 1']],
      ['mixed', ['id', ''], [null, 'lower(`email`)']],
    ]);
  });

  it('records them in CREATE INDEX of both dialects; a prefix, an operator class or a collation is no expression', () => {
    expect(
      indexesOf('CREATE TABLE u (id int, email varchar(100));\nCREATE INDEX i ON u ((lower(email)), id);', 'mysql'),
    ).toEqual([expect.objectContaining({ columns: ['', 'id'], expressions: ['lower(email)', null] })]);
    const pg = indexesOf(
      `CREATE TABLE u (id int, email text);
CREATE INDEX a ON u (lower(email) text_pattern_ops);
CREATE INDEX b ON u ((id  +  1), email COLLATE "C");
CREATE INDEX c ON u (email text_pattern_ops, id);
CREATE INDEX d ON u ((id));`,
      'postgresql',
    );
    expect(pg.map((i) => [i.name, i.columns, i.expressions])).toEqual([
      ['a', [''], ['lower(email)']],
      ['b', ['', 'email'], ['id + 1', null]],
      ['c', ['email', 'id'], undefined],
      ['d', ['id'], undefined],
    ]);
    const prefixed = indexesOf(
      'CREATE TABLE `u` (`id` int, `email` varchar(100), KEY `p` (`email`(10)), UNIQUE KEY `q` (`id`,`email`))',
      'mysql',
    );
    expect(prefixed.map((i) => [i.columns, i.prefixLengths, i.expressions])).toEqual([
      [['email'], [10], undefined],
      [['id', 'email'], undefined, undefined],
    ]);
  });

  it('names an expression key by its text in the structure check, not <expr>', () => {
    const sql =
      'CREATE TABLE t (a INT, b INT, c INT, d INT, e INT, s VARCHAR(9), KEY wide (a, b, c, d, e, (lower(`s`))));';
    const messages = analyze({ sql, dialect: 'mysql' })
      .statements.flatMap((s) => s.findings)
      .filter((f) => f.id === 'index-too-many-columns')
      .map((f) => f.message.en);
    expect(messages).toEqual(['Index wide (a, b, c, d, e, (lower(`s`))) has 6 columns, more than 5.']);
  });
});
