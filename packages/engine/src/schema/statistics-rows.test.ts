import { readFileSync } from 'node:fs';
import { AppError, type Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.ts';
import type { ColumnStatistics, SchemaModel, TableStatistics } from './model.ts';

/** Real client output, captured by fixtures/capture.sh from MariaDB 10.11 and PostgreSQL 15. */
function fixture(name: string): string {
  return readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
}

/** The tables of the captured PostgreSQL database, as DDL. */
const pgSchema = `CREATE TABLE customers (c_id int PRIMARY KEY, c_name text NOT NULL, c_city text);
CREATE TABLE orders (o_id bigint PRIMARY KEY, o_custkey int NOT NULL, o_status text NOT NULL, o_note text, o_date date NOT NULL);
CREATE TABLE events (e_id bigint PRIMARY KEY, e_kind text NOT NULL, e_at timestamptz NOT NULL);`;

/** The tables of the captured MariaDB database, as `mysql -e 'SHOW CREATE TABLE ...'` printed them. */
const mysqlSchema = fixture('mysql-show-create-batch.txt');

function schemaWith(statsText: string, dialect: Dialect = 'postgresql', schemaText?: string): SchemaModel {
  return analyze({
    sql: 'SELECT 1',
    dialect,
    schemaText: schemaText ?? (dialect === 'mysql' ? mysqlSchema : pgSchema),
    statsText,
  }).schema;
}

function statisticsOf(schema: SchemaModel, table: string): TableStatistics | undefined {
  return schema.tables.find((t) => t.name === table)?.statistics;
}

function columnOf(schema: SchemaModel, table: string, column: string): ColumnStatistics | undefined {
  return statisticsOf(schema, table)?.columns.find((c) => c.column === column);
}

function errorOf(statsText: string, dialect: Dialect = 'postgresql', schemaText?: string): AppError {
  try {
    schemaWith(statsText, dialect, schemaText);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a 4203 error');
}

describe('statistics pasted from psql', () => {
  it('puts pg_class rows and pg_stats columns (aligned output of a session) on the tables', () => {
    const schema = schemaWith(fixture('pg-stats-session.txt'));
    expect(schema.tables.map((t) => [t.name, t.statistics?.rows])).toEqual([
      ['customers', 2000],
      ['orders', 20000],
      ['events', 1_200_000],
    ]);
    expect(statisticsOf(schema, 'customers')?.columns).toEqual([]);
    const status = columnOf(schema, 'orders', 'o_status');
    expect(status).toEqual({
      column: 'o_status',
      distinct: 4,
      nullFraction: 0,
      averageWidth: 5,
      mostCommonValues: [
        { value: 'done', frequency: 0.49995 },
        { value: 'late', frequency: 0.1667 },
        { value: 'open', frequency: 0.1667 },
        { value: 'x,y "q"', frequency: 0.16665 },
      ],
    });
    expect(columnOf(schema, 'events', 'e_kind')?.mostCommonValues?.map((m) => m.value)).toEqual([
      'view',
      'a|b',
      '登录',
      'click',
    ]);
    const id = columnOf(schema, 'orders', 'o_id');
    expect(id).toMatchObject({ distinct: -1, nullFraction: 0, averageWidth: 8 });
    expect(id?.mostCommonValues).toBeUndefined();
    expect(id?.histogramBounds).toHaveLength(101);
    expect(id?.histogramBounds?.slice(0, 3)).toEqual(['1', '200', '400']);
    expect(columnOf(schema, 'events', 'e_at')?.histogramBounds?.[0]).toBe('2024-01-01 00:05:29+00');
    const note = columnOf(schema, 'orders', 'o_note');
    expect(note).toMatchObject({ distinct: 50, nullFraction: 0.3333 });
    expect(note?.mostCommonValues).toHaveLength(50);
  });

  it('reads psql -A (pipes) and the aligned form alike', () => {
    const aligned = schemaWith(fixture('pg-stats-session.txt'));
    const unaligned = schemaWith(fixture('pg-stats-unaligned.txt'));
    expect(unaligned.tables.map((t) => t.statistics)).toEqual(aligned.tables.map((t) => t.statistics));
  });

  it('reads tab-separated and \\x pg_stats rows, merging them with pg_class rows given apart', () => {
    const classes = fixture('pg-stats-unaligned.txt').split('\n').slice(0, 5).join('\n');
    const schema = schemaWith(`${classes}\n\n${fixture('pg-stats-tab.txt')}\n${fixture('pg-stats-expanded.txt')}`);
    expect(statisticsOf(schema, 'customers')?.rows).toBe(2000);
    expect(columnOf(schema, 'customers', 'c_city')).toEqual({
      column: 'c_city',
      distinct: 3,
      nullFraction: 0.25,
      averageWidth: 6,
      mostCommonValues: [
        { value: 'Lyon', frequency: 0.25 },
        { value: 'New York', frequency: 0.25 },
        { value: 'Paris', frequency: 0.25 },
      ],
    });
    expect(columnOf(schema, 'customers', 'c_name')?.histogramBounds?.slice(0, 2)).toEqual(['name 1', 'name 1015']);
    expect(columnOf(schema, 'events', 'e_kind')?.mostCommonValues?.[2]).toEqual({
      value: '登录',
      frequency: 0.19923334,
    });
    expect(statisticsOf(schema, 'orders')).toEqual({ table: 'orders', rows: 20000, columns: [] });
  });

  it('wins field by field over the table structure’s own statistics lines', () => {
    const schemaText = `${pgSchema}\n-- sqltune:stats orders rows=7\n-- sqltune:stats orders.o_status distinct=9 width=11\n-- sqltune:stats orders.o_date distinct=12`;
    const stats = 'tablename|attname|n_distinct|null_frac\norders|o_status|4|0\n(1 row)';
    const schema = schemaWith(stats, 'postgresql', schemaText);
    expect(statisticsOf(schema, 'orders')).toEqual({
      table: 'orders',
      rows: 7,
      columns: [
        { column: 'o_status', distinct: 4, averageWidth: 11, nullFraction: 0 },
        { column: 'o_date', distinct: 12 },
      ],
    });
  });

  it('skips what is not a table, and prefers a parent’s own pg_stats row over the inherited one', () => {
    const stats = [
      ' relname | relkind | reltuples ',
      '---------+---------+-----------',
      ' orders  | r       |     1e+06 ',
      ' orders_pkey | i   |     1e+06 ',
      '(2 rows)',
      '',
      'tablename\tattname\tinherited\tn_distinct',
      'orders\to_status\tt\t8',
      'orders\to_status\tf\t4',
    ].join('\n');
    const schema = schemaWith(stats);
    expect(statisticsOf(schema, 'orders')).toEqual({
      table: 'orders',
      rows: 1_000_000,
      columns: [{ column: 'o_status', distinct: 4 }],
    });
  });
});

describe('statistics pasted from mysql', () => {
  it('reads SHOW TABLE STATUS and information_schema results of a session', () => {
    const schema = schemaWith(fixture('mysql-stats-session.txt'), 'mysql');
    expect(statisticsOf(schema, 'orders')).toEqual({
      table: 'orders',
      rows: 19840,
      columns: [
        { column: 'o_custkey', distinct: 2204 },
        // This query left SUB_PART out, so the prefix index's cardinality is taken as the column's.
        { column: 'o_note', distinct: 102 },
        { column: 'o_status', distinct: 6 },
        { column: 'o_id', distinct: 19840 },
      ],
    });
    expect(statisticsOf(schema, 'customers')?.rows).toBe(1000);
    expect(columnOf(schema, 'customers', 'c_city')).toEqual({ column: 'c_city', distinct: 8 });
  });

  it('reads tab-separated information_schema.TABLES / STATISTICS and SHOW TABLE STATUS \\G', () => {
    const batch = schemaWith(fixture('mysql-stats-batch.txt'), 'mysql');
    expect(statisticsOf(batch, 'orders')?.rows).toBe(19840);
    // With SUB_PART given, the prefix index idx_note says nothing about o_note's distinct values.
    expect(columnOf(batch, 'orders', 'o_note')).toBeUndefined();
    expect(columnOf(batch, 'orders', 'o_custkey')).toEqual({ column: 'o_custkey', distinct: 2204 });

    const vertical = schemaWith(fixture('mysql-table-status-vertical.txt'), 'mysql');
    expect(vertical.tables.map((t) => t.statistics)).toEqual([
      { table: 'customers', rows: 1000, columns: [] },
      { table: 'orders', rows: 19840, columns: [] },
    ]);
  });

  it('takes a stated row count over one inferred from a unique index', () => {
    const stats = `${fixture('mysql-stats-batch.txt').split('\n').slice(3).join('\n')}\n-- sqltune:stats orders rows=123456`;
    expect(statisticsOf(schemaWith(stats, 'mysql'), 'orders')?.rows).toBe(123_456);
    const inferredOnly = fixture('mysql-stats-batch.txt').split('\n').slice(3).join('\n');
    expect(statisticsOf(schemaWith(inferredOnly, 'mysql'), 'orders')?.rows).toBe(19840);
  });
});

describe('statistics errors', () => {
  it('points at a table the structure does not have', () => {
    const error = errorOf(fixture('pg-stats-session.txt'), 'postgresql', 'CREATE TABLE orders (o_id bigint);');
    expect(error.code).toBe(4203);
    expect(error.detail).toMatchObject({ field: 'stats', line: 4, column: 2 });
    expect(error.detail.message.en).toBe('statistics: no such table customers in the table structure');
    expect(error.detail.message.zh).toBe('统计信息有误：表结构中没有表 customers');
  });

  it('points at a column the structure does not have', () => {
    const schemaText = pgSchema.replace('o_note text, ', '');
    const error = errorOf(fixture('pg-stats-session.txt'), 'postgresql', schemaText);
    expect(error.detail).toMatchObject({ field: 'stats', line: 18, column: 14 });
    expect(error.detail.message.en).toBe('statistics: no such column orders.o_note in the table structure');
  });

  it('checks information_schema.COLUMNS against the structure', () => {
    const columns = fixture('mysql-stats-session.txt').split('\n').slice(25).join('\n');
    expect(schemaWith(columns, 'mysql').tables.every((t) => t.statistics === undefined)).toBe(true);
    const nullable = errorOf(columns, 'mysql', mysqlSchema.replace('`o_date` date NOT NULL', '`o_date` date'));
    // Line 13 of the paste is `| orders     | o_date      | date      | NO          |`.
    expect(nullable.detail).toMatchObject({ line: 13, column: 42 });
    expect(nullable.detail.message.en).toMatch(
      /IS_NULLABLE is NO for orders\.o_date, but the table structure declares it nullable/,
    );
    const missing = errorOf(columns, 'mysql', mysqlSchema.replace(/`o_total`[^\\]*\\n/, ''));
    expect(missing.detail).toMatchObject({ line: 12, column: 16 });
    expect(missing.detail.message.en).toBe('statistics: no such column orders.o_total in the table structure');
  });

  it('validates most common values and histograms, at the cell', () => {
    const header = 'tablename|attname|most_common_vals|most_common_freqs|histogram_bounds';
    const lengths = errorOf(`${header}\norders|o_status|{a,b}|{0.5}|`);
    expect(lengths.detail).toMatchObject({ line: 2, column: 23 });
    expect(lengths.detail.message.en).toBe('statistics: most_common_vals has 2 values but most_common_freqs has 1');
    const sum = errorOf(`${header}\norders|o_status|{a,b}|{0.7,0.6}|`);
    expect(sum.detail.message.en).toBe('statistics: the most common value frequencies add up to 1.3, more than 1');
    expect(sum.detail).toMatchObject({ line: 2, column: 23 });
    expect(errorOf(`${header}\norders|o_status|{a}|{1.5}|`).detail.message.en).toMatch(/between 0 and 1/);
    const bounds = errorOf(`${header}\norders|o_date|||{2024-01-01}`);
    expect(bounds.detail).toMatchObject({ line: 2, column: 17 });
    expect(bounds.detail.message.en).toBe('statistics: a histogram needs at least 2 bounds');
    const array = errorOf(`${header}\norders|o_status|{a,"b}|{0.1,0.2}|`);
    expect(array.detail).toMatchObject({ line: 2, column: 20 });
    expect(array.detail.message.en).toBe('statistics: cannot read the array: a quoted array element is not closed');
  });

  it('needs a row count for column statistics', () => {
    const error = errorOf('tablename|attname|n_distinct\norders|o_status|4');
    expect(error.detail).toMatchObject({ line: 2, column: 8 });
    expect(error.detail.message.en).toMatch(/^statistics: no row count for table orders: add its rows/);
  });

  it('says when PostgreSQL never analysed a table', () => {
    const error = errorOf('relname|reltuples\norders|-1');
    expect(error.detail).toMatchObject({ line: 2, column: 8 });
    expect(error.detail.message.en).toMatch(
      /reltuples is -1: PostgreSQL has not analysed orders yet; run ANALYZE orders/,
    );
  });

  it('rejects lines and results it cannot read, and structure in the statistics field', () => {
    const line = errorOf('relname|reltuples\norders|5\n\nrows of orders: 5');
    expect(line.detail).toMatchObject({ line: 4, column: 1 });
    expect(line.detail.message.en).toMatch(/^statistics: cannot read this line; statistics are JSON/);
    const unknown = errorOf(' a | b \n---+---\n 1 | 2 ');
    expect(unknown.detail.message.en).toMatch(/cannot tell which result this is \(columns a, b\)/);
    const structure = errorOf(mysqlSchema, 'mysql');
    expect(structure.detail).toMatchObject({ line: 1 });
    expect(structure.detail.message.en).toMatch(/SHOW CREATE TABLE output: it belongs in the table structure/);
    expect(errorOf('relname|reltuples\norders|many').detail.message.en).toBe(
      'statistics: reltuples must be a number, not "many"',
    );
  });
});
