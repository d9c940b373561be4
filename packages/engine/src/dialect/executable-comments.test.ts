import { describe, expect, it } from 'vitest';
import { type AstNode, span } from '../model/ast.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import { parseStatements } from './parse.ts';
import { splitStatements } from './split.ts';

const where = (sql: string, dialect: 'mysql' | 'postgresql') => parseStatements(sql, dialect)[0]!.ast.where as AstNode;

describe('MySQL executable comments', () => {
  it('read the code inside them, as the server runs it, at its place in the text as written', () => {
    for (const sql of [
      'SELECT id FROM customers /*!50000 WHERE id > 1 */',
      'SELECT /*!40001 SQL_NO_CACHE */ id FROM customers /*M!100100 WHERE id > 1 */',
      'SELECT id FROM customers /*! WHERE id > 1*/',
    ]) {
      const condition = where(sql, 'mysql');
      expect(condition, sql).toMatchObject({ type: 'binary_expr', operator: '>' });
      const at = span(condition, sql);
      expect(at && sql.slice(at.start, at.end), sql).toBe('id > 1');
    }
  });

  it('read the partitioning and attributes SHOW CREATE TABLE wraps in them', () => {
    const schema = parseSchema(
      `CREATE TABLE \`events\` (\`id\` int NOT NULL, \`d\` date NOT NULL, \`secret\` varchar(10) DEFAULT NULL /*!80023 INVISIBLE */,
  PRIMARY KEY (\`id\`,\`d\`)) ENGINE=InnoDB DEFAULT CHARSET=latin1
/*!50100 PARTITION BY RANGE (year(\`d\`))
(PARTITION p0 VALUES LESS THAN (2000) ENGINE = InnoDB,
 PARTITION p1 VALUES LESS THAN MAXVALUE ENGINE = InnoDB) */;`,
      'mysql',
    );
    expect(schema.tables[0]?.columns.map((c) => c.name)).toEqual(['id', 'd', 'secret']);
    expect(schema.tables[0]?.indexes[0]).toMatchObject({ primary: true, columns: ['id', 'd'] });
  });

  it('leave plain comments, hints, mariadb-dump never-run comments and PostgreSQL alone', () => {
    expect(where('SELECT id FROM customers /* WHERE id > 1 */', 'mysql')).toBeNull();
    expect(where('SELECT id FROM customers /*M!999999\\- WHERE id > 1 */', 'mysql')).toBeNull();
    expect(where('SELECT id FROM customers /*!50000 WHERE id > 1 */', 'postgresql')).toBeNull();
    expect(parseStatements('SELECT /*+ BKA(c) */ id FROM customers c', 'mysql')).toHaveLength(1);
  });

  it('are part of the statement they are in: its text keeps both marks, the server reads no unclosed comment', () => {
    const input =
      '-- dump\nCREATE TABLE t (id int) ENGINE=InnoDB\n/*!50100 PARTITION BY HASH (id) PARTITIONS 2 */;\n/*!40101 SET NAMES utf8mb4 */;\nSELECT 1 /* plain */;';
    expect(splitStatements(input, 'mysql').map((s) => s.text)).toEqual([
      'CREATE TABLE t (id int) ENGINE=InnoDB\n/*!50100 PARTITION BY HASH (id) PARTITIONS 2 */',
      '/*!40101 SET NAMES utf8mb4 */',
      // A plain comment ending a statement is kept as written too.
      'SELECT 1 /* plain */',
    ]);
  });
});
