import { AppError } from '@sqltune/contracts';
import { splitStatements } from '@sqltune/engine';
import { describe, expect, it } from 'vitest';
import { checkNoNul, countStatements } from './limits.ts';

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
