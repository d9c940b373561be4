import { AppError } from '@sqltune/contracts';
import { optimize } from '@sqltune/planner';
import { describe, expect, it } from 'vitest';
import { progressLine } from '../src/progress.ts';

// No planners: findings only, so these run in milliseconds; the CLI tests cover the embedded PostgreSQL.
const options = { planners: {}, engineVersion: 'test', now: () => new Date(0) };

describe('optimize() as the CLI calls it', () => {
  it('reports progress per statement and places every statement in the whole file', async () => {
    const sql = [
      '-- leading comment',
      'SELECT 1;   SELECT * FROM orders',
      "WHERE YEAR(o_orderdate) = 1995 AND o_comment LIKE '%x%';",
      '',
      '\tSELECT o_orderkey FROM orders ORDER BY RAND() LIMIT 10 OFFSET 100000',
    ].join('\r\n');
    const progress: Array<[number, number]> = [];
    const report = await optimize(
      { sql, dialect: 'mysql' },
      { ...options, onProgress: (done, total) => progress.push([done, total]) },
    );
    expect(report.statements.map((s) => s.location?.line)).toEqual([2, 2, 5]);
    expect(progress).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('fails fast with positions in the whole input', async () => {
    const error = await optimize({ sql: 'SELECT 1;\nSELECT a FROM t WHERE;', dialect: 'mysql' }, options).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).detail).toMatchObject({ code: 4202, line: 2 });
  });
});

describe('progressLine', () => {
  it('draws a bar of the statements done', () => {
    expect(progressLine(0, 4)).toBe('[--------------------] 0/4 statements');
    expect(progressLine(1, 4)).toBe('[#####---------------] 1/4 statements');
    expect(progressLine(4, 4)).toBe('[####################] 4/4 statements');
  });
});
