import { AppError } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { checkPlanText } from './plan-text.ts';

function rejection(text: string, dialect: 'mysql' | 'postgresql'): AppError {
  try {
    checkPlanText(text, dialect);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('checkPlanText (submission check of a pasted plan)', () => {
  it('accepts a plan of the dialect and refuses text that is none, at its first offending line', () => {
    expect(() => checkPlanText('-> Table scan on t  (cost=1.15 rows=9)', 'mysql')).not.toThrow();
    const error = rejection(
      'Seq Scan on t  (cost=0.00..1.00 rows=1 width=4)\n  Filter: (a = 1)\n  garbage',
      'postgresql',
    );
    expect(error.code).toBe(4204);
    expect(error.httpStatus).toBe(400);
    expect(error.detail).toMatchObject({ field: 'plan', line: 3, column: 3 });
  });

  it('refuses a plan of the other dialect', () => {
    const error = rejection('-> Table scan on t  (cost=1.15 rows=9)', 'postgresql');
    expect(error.detail.message.en).toContain(
      "this is a MySQL/MariaDB plan, but the statement's database is PostgreSQL",
    );
  });
});
