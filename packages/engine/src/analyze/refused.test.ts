import { AppError } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.ts';

function refusal(sql: string, dialect: 'mysql' | 'postgresql') {
  try {
    analyze({ sql, dialect });
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.detail : error;
  }
}

describe('data changes are refused (the spec: the optimizer never touches them)', () => {
  it('INSERT, DELETE and REPLACE with 4205 at their line', () => {
    expect(refusal('SELECT 1;\nINSERT INTO t SELECT * FROM u', 'mysql')).toMatchObject({ code: 4205, line: 2 });
    expect(refusal('DELETE a FROM a JOIN b ON b.id = a.b_id', 'mysql')).toMatchObject({ code: 4205, line: 1 });
    expect(refusal('REPLACE INTO t (id) VALUES (1)', 'mysql')).toMatchObject({ code: 4205 });
  });

  it('also when the parser cannot read the statement (PostgreSQL DELETE ... USING)', () => {
    expect(refusal('DELETE FROM t USING u WHERE u.id = t.u_id RETURNING t.id', 'postgresql')).toMatchObject({
      code: 4205,
    });
  });

  it("PostgreSQL's MERGE, which inserts and deletes, as a data change; MySQL has none: a syntax error at its place", () => {
    const merge =
      'MERGE INTO users u USING staging s ON u.id = s.id WHEN MATCHED THEN UPDATE SET name = s.name WHEN NOT MATCHED THEN INSERT (id, name) VALUES (s.id, s.name)';
    expect(refusal(`SELECT 1;\n${merge}`, 'postgresql')).toMatchObject({ code: 4205, line: 2 });
    // Unreadable (no WHEN clause) is still a MERGE.
    expect(refusal('MERGE INTO users u USING staging s ON u.id = s.id', 'postgresql')).toMatchObject({ code: 4205 });
    expect(refusal(merge, 'mysql')).toBeUndefined();
    const [mysql] = analyze({ sql: merge, dialect: 'mysql' }).statements;
    expect(mysql!.error?.detail).toMatchObject({ code: 4202, line: 1 });
  });

  it('but not queries and UPDATE, nor a statement that merely mentions the words', () => {
    expect(refusal('UPDATE t SET v = 1 WHERE id = 2', 'postgresql')).toBeUndefined();
    expect(refusal("SELECT 'DELETE' AS word FROM t", 'mysql')).toBeUndefined();
    // Unreadable and not a data change: the statement carries its 4202, nothing is thrown.
    expect(refusal('SELEC id FROM t', 'mysql')).toBeUndefined();
  });
});

describe('data changes analyzed when asked (the CLI, on a project’s files)', () => {
  it('gives INSERT ... SELECT, DELETE and REPLACE their findings instead of 4205', () => {
    const analysis = analyze({
      sql: 'INSERT INTO t SELECT * FROM u ORDER BY RAND();\nDELETE FROM t;\nREPLACE INTO t (id) VALUES (1)',
      dialect: 'mysql',
      dataChanges: 'analyze',
    });
    expect(analysis.statements.map((s) => [s.statement.kind, s.error?.code])).toEqual([
      ['insert', undefined],
      ['delete', undefined],
      ['replace', undefined],
    ]);
    expect(analysis.statements[0]!.findings.map((f) => f.id)).toContain('order-by-random');
    expect(analysis.statements[1]!.findings.map((f) => f.id)).toContain('delete-without-where');
  });

  it('reads a MERGE as a data change of its own kind, with its target and source', () => {
    const [merge] = analyze({
      sql: 'MERGE INTO users u USING staging s ON u.id = s.id WHEN MATCHED THEN DELETE',
      dialect: 'postgresql',
      dataChanges: 'analyze',
    }).statements;
    expect(merge!.error).toBeUndefined();
    expect(merge!.statement.kind).toBe('merge');
    expect(merge!.statement.tables.map((t) => [t.name, t.alias])).toEqual([
      ['users', 'u'],
      ['staging', 's'],
    ]);
  });
});
