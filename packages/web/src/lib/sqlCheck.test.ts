import { ErrorCode } from '@sqltune/contracts';
import { analyze } from '@sqltune/engine';
import { describe, expect, it } from 'vitest';
import { checkSql } from './sqlCheck.ts';

type Dialect = 'mysql' | 'postgresql';

/** Whether the engine refuses the text as a data change (4205), as the API would after submission. */
function engineRefuses(sql: string, dialect: Dialect): boolean {
  try {
    analyze({ sql, dialect });
    return false;
  } catch (error) {
    if ((error as { code?: number }).code === ErrorCode.STATEMENT_NOT_ALLOWED) return true;
    throw error;
  }
}

const refused: [Dialect, string][] = [
  ['mysql', 'INSERT INTO t VALUES (1)'],
  ['mysql', 'REPLACE INTO t VALUES (1)'],
  ['mysql', 'delete from t where a = 1'],
  ['mysql', 'SELECT 1; /* first */ REPLACE t SET a = 1'],
  ['mysql', "SELECT 'a;b' FROM t; DELETE FROM t"],
  ['postgresql', 'SELECT 1; DELETE FROM t USING u WHERE t.a = u.a'],
  ['postgresql', 'INSERT INTO t VALUES (1)'],
  ['postgresql', 'MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE'],
  ['postgresql', 'SELECT 1; merge into t using u on t.a = u.a when not matched then insert values (u.a)'],
];

const accepted: [Dialect, string][] = [
  ['mysql', 'SELECT * FROM t WHERE a = 1'],
  ['mysql', "SELECT 'x; DELETE FROM t' FROM t"],
  ['mysql', 'SELECT a FROM t -- ; DELETE FROM t'],
  ['mysql', 'SELECT a FROM t # ; REPLACE INTO t VALUES (1)'],
  ['mysql', "SELECT 'it\\'s; DELETE FROM t' FROM t"],
  ['mysql', 'UPDATE t SET a = 1 WHERE b = 2'],
  // MySQL has no MERGE: sent, and the engine places its syntax error (4202) instead of refusing a data change.
  ['mysql', 'MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE'],
  ['postgresql', 'SELECT $$; DELETE FROM t$$'],
  ['postgresql', "SELECT E'\\'; DELETE FROM t'"],
  ['postgresql', "SELECT 'MERGE INTO t' AS merge FROM t"],
  ['postgresql', 'SELECT 1 /* a /* nested */ ; DELETE FROM t */'],
];

describe('checkSql', () => {
  it.each(refused)('refuses the data change in %s: %s, as the engine does', (dialect, sql) => {
    expect(checkSql(sql, dialect)).toBe('notAllowed');
    expect(engineRefuses(sql, dialect)).toBe(true);
  });

  it.each(accepted)('sends %s: %s, which the engine does not refuse either', (dialect, sql) => {
    expect(checkSql(sql, dialect)).toBeNull();
    expect(engineRefuses(sql, dialect)).toBe(false);
  });

  it('asks for a statement when the text holds only blanks, comments and semicolons', () => {
    expect(checkSql(' -- nothing\n /* here */ ;; ', 'mysql')).toBe('required');
    expect(checkSql(' -- nothing\n /* here */ ;; ', 'postgresql')).toBe('required');
    expect(checkSql('SELECT 1', 'postgresql')).toBeNull();
  });
});
