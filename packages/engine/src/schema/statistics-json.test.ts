import { AppError } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.ts';

const schemaText = 'CREATE TABLE orders (o_orderkey INT PRIMARY KEY, o_custkey INT);\n-- sqltune:stats orders rows=5';

function errorOf(statsText: string): AppError {
  try {
    analyze({ sql: 'SELECT 1', dialect: 'mysql', schemaText, statsText });
  } catch (error) {
    if (error instanceof AppError) return error;
  }
  throw new Error('expected a 4203 error');
}

describe('statistics as JSON', () => {
  it('puts rows and column statistics on the schema, over the comment lines', () => {
    const statsText = JSON.stringify({
      tables: { ORDERS: { rows: 10_000_000, columns: { o_custkey: { ndv: 1000, null_frac: 0.1, avg_width: 4 } } } },
    });
    const { schema } = analyze({ sql: 'SELECT 1', dialect: 'mysql', schemaText, statsText });
    expect(schema.tables[0]!.statistics).toEqual({
      table: 'orders',
      rows: 10_000_000,
      columns: [{ column: 'o_custkey', distinct: 1000, nullFraction: 0.1, averageWidth: 4 }],
    });
  });

  it('says where the JSON is broken', () => {
    const error = errorOf('{\n  "tables": {\n    "orders": { "rows": 1, }\n  }\n}');
    expect(error.code).toBe(4203);
    expect(error.detail.line).toBe(3);
  });

  it('names the path of a bad value and an unknown table', () => {
    expect(errorOf('{"tables": {"orders": {"rows": "many"}}}').detail.message.en).toMatch(/tables\.orders\.rows/);
    expect(
      errorOf('{"tables": {"orders": {"rows": 1, "columns": {"o_custkey": {"null_frac": 2}}}}}').detail.message.en,
    ).toMatch(/null_frac must be between 0 and 1/);
    expect(errorOf('{"tables": {"lineitem": {"rows": 1}}}').detail.message.en).toMatch(/no such table/);
    expect(errorOf('[]').detail.message.en).toMatch(/expected/);
  });
});
