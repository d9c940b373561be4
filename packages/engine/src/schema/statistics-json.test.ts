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

  it('takes the names of the comment lines (distinct, nulls, width) and refuses a key it does not know', () => {
    const statsText = JSON.stringify({
      tables: { orders: { rows: 100, columns: { o_custkey: { distinct: 40, nulls: 0.5, width: 4 } } } },
    });
    const { schema } = analyze({ sql: 'SELECT 1', dialect: 'mysql', schemaText, statsText });
    expect(schema.tables[0]!.statistics?.columns).toEqual([
      { column: 'o_custkey', distinct: 40, nullFraction: 0.5, averageWidth: 4 },
    ]);
    const misspelt = errorOf('{"tables": {"orders": {"rows": 1,\n "columns": {"o_custkey": {"distinc": 3}}}}}');
    expect(misspelt.code).toBe(4203);
    expect(misspelt.detail.line).toBe(2);
    expect(misspelt.detail.message.en).toMatch(/tables\.orders\.columns\.o_custkey\.distinc is not a statistic.*ndv/);
    expect(misspelt.detail.message.zh).toMatch(/不是可识别的统计项/);
    expect(errorOf('{"tables": {"orders": {"rows": 1, "row": 2}}}').detail.message.en).toMatch(/orders\.row is not/);
    expect(
      errorOf('{"tables": {"orders": {"rows": 1, "columns": {"o_custkey": {"ndv": 3, "distinct": 3}}}}}').detail.message
        .en,
    ).toMatch(/give one of ndv, distinct/);
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

  it('reads most common values and histograms, in our form and in PostgreSQL’s', () => {
    const statsText = JSON.stringify(
      {
        tables: {
          orders: {
            rows: 1000,
            columns: {
              o_custkey: {
                ndv: -0.5,
                mcv: [
                  { value: '7', freq: 0.2 },
                  { value: 8, freq: 0.1 },
                ],
                histogram: [1, 50, 100],
              },
              o_orderkey: {
                n_distinct: -1,
                most_common_vals: '{a,"b c"}',
                most_common_freqs: [0.25, '0.125'],
                histogram_bounds: '{1,500,1000}',
              },
            },
          },
        },
      },
      null,
      2,
    );
    const { schema } = analyze({ sql: 'SELECT 1', dialect: 'mysql', schemaText, statsText });
    expect(schema.tables[0]!.statistics?.columns).toEqual([
      {
        column: 'o_custkey',
        distinct: -0.5,
        mostCommonValues: [
          { value: '7', frequency: 0.2 },
          { value: '8', frequency: 0.1 },
        ],
        histogramBounds: ['1', '50', '100'],
      },
      {
        column: 'o_orderkey',
        distinct: -1,
        mostCommonValues: [
          { value: 'a', frequency: 0.25 },
          { value: 'b c', frequency: 0.125 },
        ],
        histogramBounds: ['1', '500', '1000'],
      },
    ]);
  });

  it('validates most common values and histograms and points at the key', () => {
    const column = (stats: object) =>
      JSON.stringify({ tables: { orders: { rows: 10, columns: { o_custkey: stats } } } }, null, 2);
    const sum = errorOf(
      column({
        mcv: [
          { value: 'a', freq: 0.6 },
          { value: 'b', freq: 0.5 },
        ],
      }),
    );
    // Line 7 is `          "mcv": [`.
    expect(sum.detail).toMatchObject({ field: 'stats', line: 7, column: 11 });
    expect(sum.detail.message.en).toBe(
      'statistics: tables.orders.columns.o_custkey.mcv: the most common value frequencies add up to 1.1, more than 1',
    );
    const range = errorOf(column({ mcv: [{ value: 'a', freq: 2 }] }));
    expect(range.detail.message.en).toMatch(/each most common value frequency must be between 0 and 1/);
    const lengths = errorOf(column({ most_common_vals: ['a', 'b'], most_common_freqs: [0.1] }));
    expect(lengths.detail).toMatchObject({ line: 11 });
    expect(lengths.detail.message.en).toMatch(/2 most_common_vals but 1 most_common_freqs/);
    const alone = errorOf(column({ most_common_vals: ['a'] }));
    expect(alone.detail.message.en).toMatch(/most_common_freqs is missing/);
    const both = errorOf(column({ histogram: [1, 2], histogram_bounds: [1, 2] }));
    expect(both.detail.message.en).toMatch(/give histogram or histogram_bounds, not both/);
    const bounds = errorOf(column({ histogram: [1] }));
    expect(bounds.detail).toMatchObject({ line: 7, column: 11 });
    expect(bounds.detail.message.en).toMatch(/a histogram needs at least 2 bounds/);
    const value = errorOf(column({ mcv: [{ value: null, freq: 0.1 }] }));
    expect(value.detail).toMatchObject({ line: 9, column: 15 });
    expect(value.detail.message.en).toMatch(/mcv\[0\]\.value must be a string or a number/);
    const array = errorOf(column({ histogram_bounds: '1,2,3' }));
    expect(array.detail.message.en).toMatch(/histogram_bounds: an array is written \{value,value,\.\.\.\}/);
  });

  it('points at an unknown table or column where the JSON names it', () => {
    const unknownTable = errorOf('{\n  "tables": {\n    "orders": {"rows": 1},\n    "lineitem": {"rows": 1}\n  }\n}');
    expect(unknownTable.detail).toMatchObject({ field: 'stats', line: 4, column: 5 });
    const unknownColumn = errorOf('{"tables": {"orders": {"rows": 1,\n  "columns": {"o_total": {"ndv": 3}}}}}');
    expect(unknownColumn.detail).toMatchObject({ line: 2, column: 15 });
    expect(unknownColumn.detail.message.en).toBe('statistics: no such column orders.o_total in the table structure');
  });
});
