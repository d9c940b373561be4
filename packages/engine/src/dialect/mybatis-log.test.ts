import { describe, expect, it } from 'vitest';
import { logMasked } from './mybatis-log.ts';
import { parseEach, parseStatements } from './parse.ts';
import { splitStatements } from './split.ts';

describe("a MyBatis log's Preparing lines are read as the statements", () => {
  it('reads the SQL of each Preparing line, the log prefix shown before it, the Parameters and result lines left out', () => {
    const log = [
      '2026-11-27 10:00:00.123 DEBUG 4242 --- [main] c.e.mapper.UserMapper.selectList : ==>  Preparing: SELECT id,name FROM user WHERE deleted=0 AND (age > ?)',
      '2026-11-27 10:00:00.124 DEBUG 4242 --- [main] c.e.mapper.UserMapper.selectList : ==> Parameters: 18(Integer)',
      '2026-11-27 10:00:00.130 DEBUG 4242 --- [main] c.e.mapper.UserMapper.selectList : <==      Total: 3',
      '-- the second call',
      '==>  Preparing: UPDATE user SET name=? WHERE id=? AND deleted=0',
      '==> Parameters: Jone(String), 1(Long)',
      '<==    Updates: 1',
    ].join('\n');
    const statements = parseStatements(log, 'mysql');
    expect(statements.map((s) => [s.kind, s.text, s.line])).toEqual([
      ['select', 'SELECT id,name FROM user WHERE deleted=0 AND (age > ?)', 1],
      ['update', 'UPDATE user SET name=? WHERE id=? AND deleted=0', 5],
    ]);
    expect(statements[0]!.leadingComments).toMatch(/selectList : ==> {2}Preparing: $/);
    // A comment before the log line is shown with it, the prefix as written.
    expect(statements[1]!.leadingComments).toBe('-- the second call\n==>  Preparing: ');
    // The splitter every count and check uses (the server's statement limit, the browser's check) splits it so.
    expect(splitStatements(log, 'mysql').map((s) => s.text)).toEqual(statements.map((s) => s.text));
    // Positions are those of the text as written.
    expect(log.slice(statements[1]!.offset).startsWith('UPDATE user')).toBe(true);
    expect(parseStatements('==>  Preparing: SELECT 1 FROM t WHERE a = $1', 'postgresql')).toHaveLength(1);
  });

  it('leaves SQL without a Preparing line alone, and a string that holds one', () => {
    const sql = "SELECT '==>  Preparing: x' AS a FROM t;\nSELECT 2";
    expect(logMasked(sql)).toBe(sql);
    expect(parseStatements(sql, 'mysql').map((s) => s.text)).toEqual([
      "SELECT '==>  Preparing: x' AS a FROM t",
      'SELECT 2',
    ]);
    // A Parameters line alone is no log the reader knows: it stays, and fails at its place.
    const [outcome] = parseEach('==> Parameters: 18(Integer)', 'mysql');
    expect(outcome!.error?.code).toBe(4202);
  });
});
