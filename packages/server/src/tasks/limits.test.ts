import { AppError } from '@sqltune/contracts';
import { splitStatements } from '@sqltune/engine';
import { describe, expect, it } from 'vitest';
import { checkSubmission } from './check-submission.ts';
import { checkNoNul, countStatements, MAX_STATEMENTS } from './limits.ts';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('countStatements', () => {
  it("counts as the engine's splitter does, strings and comments included", () => {
    const sql = "SELECT ';' FROM t; -- a; comment\nSELECT $$;$$;\n/* ; */ SELECT 3";
    expect(countStatements(sql, 'postgresql')).toBe(splitStatements(sql, 'postgresql').length);
    expect(countStatements(sql, 'postgresql')).toBe(3);
  });

  it('refuses one statement over the maximum, with the line where it starts', () => {
    const sql = Array.from({ length: 11 }, (_, i) => `SELECT ${i};`).join('\n');
    expect(countStatements(sql, 'mysql', 11)).toBe(11);
    expect(refusal(() => countStatements(sql, 'mysql', 10)).detail).toMatchObject({ code: 4208, line: 11 });
  });

  it('refuses from a prefix when it can, and reads the whole text when a prefix settles nothing', () => {
    // Every prefix ends inside the string; only the whole text has the second statement.
    const sql = `SELECT '${'x'.repeat(70 * 1024)};' AS a; SELECT 2`;
    expect(countStatements(sql, 'mysql', 2)).toBe(2);
    expect(refusal(() => countStatements('SELECT 1;'.repeat(100_000), 'mysql', 500)).detail.line).toBe(1);
  });

  it("does not count a prefix's semicolons inside a ( the rest of the text closes", () => {
    // A PostgreSQL rule with 3,000 actions is one statement, though every prefix splits it at each action.
    const rule = `CREATE RULE r AS ON INSERT TO t DO ALSO (${'DELETE FROM a; '.repeat(3000)}DELETE FROM b);`;
    expect(countStatements(`${rule}\nSELECT 2;`, 'postgresql', 2)).toBe(2);
    // A ( never closed: its semicolons end statements, and too many of them are refused.
    const unclosed = `SELECT (1;\n${'SELECT 1;\n'.repeat(10_000)}`;
    expect(refusal(() => countStatements(unclosed, 'postgresql', 500)).detail.line).toBe(501);
  });
});

describe('checkNoNul', () => {
  it('gives the line and column of the first NUL with the code of the field', () => {
    expect(() => checkNoNul('sql', 'SELECT 1')).not.toThrow();
    expect(refusal(() => checkNoNul('plan', 'a\nbc\0')).detail).toMatchObject({
      code: 4204,
      field: 'plan',
      line: 2,
      column: 3,
    });
  });
});

describe('checkSubmission with a stored routine', () => {
  it('counts the statements of its body, and refuses more than the maximum at the first one over', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  SELECT ${i};`).join('\n');
    const routine = (n: number) => `CREATE PROCEDURE p()\nBEGIN\n${body(n)}\nEND;`;
    const checked = checkSubmission({
      dialect: 'mysql',
      sql: routine(3),
      schema: null,
      stats: null,
      plan: null,
      mapper: null,
      workload: null,
    });
    expect(checked.statementCount).toBe(3);
    const refused = refusal(() =>
      checkSubmission({
        dialect: 'mysql',
        sql: routine(MAX_STATEMENTS + 1),
        schema: null,
        stats: null,
        plan: null,
        mapper: null,
        workload: null,
      }),
    );
    expect(refused.detail).toMatchObject({ code: 4208, line: MAX_STATEMENTS + 3 });
  });
});
