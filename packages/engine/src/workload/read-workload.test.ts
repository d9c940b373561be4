import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, type Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { parseSchema } from '../schema/parse-schema.ts';
import type { Workload } from './model.ts';
import { readWorkload } from './read-workload.ts';
import { representativeText } from './representative.ts';

// Real client output, captured by scripts/capture-workload-fixtures.ts from PostgreSQL 15 and MariaDB 10.11.
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

const schemaSql = `CREATE TABLE customers (id int PRIMARY KEY, email varchar(100) NOT NULL, country char(2) NOT NULL);
CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL, status varchar(10) NOT NULL,
  created_at date NOT NULL, total numeric(10,2) NOT NULL);`;

function errorOf(text: string, dialect: Dialect = 'mysql') {
  try {
    readWorkload(text, dialect);
  } catch (error) {
    if (error instanceof AppError) return error.detail;
    throw error;
  }
  throw new Error('expected a 4210 error');
}

/** The entry whose text mentions `needle`. */
function entry(workload: Workload, needle: RegExp) {
  const found = workload.entries.filter((e) => needle.test(e.text));
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The input at an entry's place starts with its text (the first 20 characters). */
function pointsAtText(input: string, e: { line: number; column: number; text: string }) {
  const line = input.split('\n')[e.line - 1]!;
  return line.slice(e.column - 1).startsWith(e.text.slice(0, 20));
}

// The captured workload ran `customer_id = ?` 40 times, the status/date range 12 times, the email lookup 5 times,
// the join 3 times, and 20 inserts, 8 updates and 2 deletes on orders.
const lookup = /^SELECT\s+id\s*,\s*`?total/i;
const range = /^SELECT\s+id\s+FROM\W+orders\W+WHERE\s+status/i;
const runs: Array<[RegExp, number]> = [
  [lookup, 40],
  [range, 12],
  [/^SELECT \* FROM\W+customers/, 5],
  [/^SELECT\W+c\W*\.\W*country/, 3],
  [/^INSERT INTO\W+orders\W+\(/, 20],
  [/^UPDATE/, 8],
  [/^DELETE/, 2],
];

describe('readWorkload on captured client output', () => {
  it.each([
    ['pg-stat-statements-aligned.txt', 'postgresql', 'pg_stat_statements'],
    ['pg-stat-statements.csv', 'postgresql', 'pg_stat_statements'],
    ['mysql-digest-table.txt', 'mysql', 'statements_by_digest'],
    ['mysql-digest-vertical.txt', 'mysql', 'statements_by_digest'],
    ['mysql-digest-batch.tsv', 'mysql', 'statements_by_digest'],
    ['mysqldumpslow.txt', 'mysql', 'mysqldumpslow'],
    ['mariadb-slow.log', 'mysql', 'slow_log'],
  ] as const)('%s: every statement with its calls, times and place', (name, dialect, format) => {
    const input = fixture(name);
    const workload = readWorkload(input, dialect);
    expect(workload.format).toBe(format);
    for (const [needle, calls] of runs) {
      const e = entry(workload, needle);
      expect(e.calls).toBe(calls);
      expect(e.totalMs).toBeGreaterThanOrEqual(0);
      if (name !== 'pg-stat-statements.csv') expect(pointsAtText(input, e)).toBe(true);
    }
    // The 40 lookups by customer_id read the whole table each time (no index): more time than the 5 email lookups.
    expect(entry(workload, lookup).totalMs).toBeGreaterThan(entry(workload, /^SELECT \* FROM\W+customers/).totalMs);
  });

  it('PostgreSQL: the CSV and the aligned table agree', () => {
    const aligned = readWorkload(fixture('pg-stat-statements-aligned.txt'), 'postgresql');
    const csv = readWorkload(fixture('pg-stat-statements.csv'), 'postgresql');
    const byText = (w: Workload) => Object.fromEntries(w.entries.map((e) => [e.text, [e.calls, e.totalMs, e.rows]]));
    expect(byText(csv)).toEqual(byText(aligned));
  });

  it('MySQL: SUM_TIMER_WAIT picoseconds become milliseconds, the same in all three layouts', () => {
    const layouts = ['mysql-digest-table.txt', 'mysql-digest-vertical.txt', 'mysql-digest-batch.tsv'].map((name) =>
      readWorkload(fixture(name), 'mysql'),
    );
    const raw = /\|\s+40 \|\s+(\d+) \|/.exec(fixture('mysql-digest-table.txt'))![1]!;
    for (const workload of layouts) expect(entry(workload, lookup).totalMs).toBeCloseTo(Number(raw) / 1e9, 6);
  });

  it('psql aligned output joins a query that spans lines (the `+` marks)', () => {
    const input = [
      ' query                  | calls | total_exec_time ',
      '------------------------+-------+-----------------',
      ' SELECT *              +|     7 |            12.5 ',
      '   FROM orders         +|       |                 ',
      '   WHERE customer_id = $1 |       |                 ',
      '(1 row)',
    ].join('\n');
    const [only] = readWorkload(input, 'postgresql').entries;
    expect(only!.text.replace(/\s+/g, ' ')).toBe('SELECT * FROM orders WHERE customer_id = $1');
    expect(only!.calls).toBe(7);
  });

  it('a slow log counts each run of a statement once and keeps its first text with real values', () => {
    const workload = readWorkload(fixture('mariadb-slow.log'), 'mysql');
    const lookup = entry(workload, /customer_id = /);
    expect(lookup.text).toMatch(/customer_id = \d+$/);
    expect(workload.entries.some((e) => /^(?:SET timestamp|use )/i.test(e.text))).toBe(false);
  });
});

describe('representativeText: normalized statements get typed values', () => {
  const schema = parseSchema(schemaSql, 'mysql');
  it.each([
    ['pg-stat-statements-aligned.txt', 'postgresql'],
    ['mysql-digest-table.txt', 'mysql'],
    ['mysqldumpslow.txt', 'mysql'],
  ] as const)('%s: no placeholder is left and DATE gets a date', (name, dialect) => {
    const workload = readWorkload(fixture(name), dialect);
    const ranged = representativeText(entry(workload, range).text, workload.format, dialect, schema);
    expect(ranged).toMatch(/DATE '2024-01-15'/);
    expect(ranged).toMatch(/status\W* = 'a'/i);
    const looked = representativeText(entry(workload, lookup).text, workload.format, dialect, schema);
    expect(looked).toMatch(/customer_id\W* = 1$/);
    expect(looked).not.toMatch(/\$1|\?|\bN\b/);
  });

  it('a PostgreSQL parameter used twice gets one value', () => {
    const text = representativeText(
      'SELECT id FROM orders WHERE customer_id = $1 OR id = $1',
      'pg_stat_statements',
      'postgresql',
      schema,
    );
    expect(text).toBe('SELECT id FROM orders WHERE customer_id = 1 OR id = 1');
  });

  it("a digest's collapsed IN list becomes one value", () => {
    const text = representativeText(
      'SELECT * FROM `orders` WHERE `id` IN (...)',
      'statements_by_digest',
      'mysql',
      schema,
    );
    expect(text).toBe('SELECT * FROM `orders` WHERE `id` IN (1)');
  });
});

describe('readWorkload: unreadable input is 4210 at its place', () => {
  it('pg_stat_statements: a calls cell that is not a number', () => {
    const input = fixture('pg-stat-statements-aligned.txt').replace('|    40 |', '|    4x |');
    const column = input.split('\n')[2]!.indexOf('4x') + 1;
    expect(errorOf(input, 'postgresql')).toMatchObject({ code: 4210, field: 'workload', line: 3, column });
  });

  it('pg_stat_statements: no time column', () => {
    expect(errorOf(' query | calls\n-------+-------\n SELECT 1 | 3\n', 'postgresql')).toMatchObject({
      code: 4210,
      line: 1,
    });
  });

  it('pg_stat_statements CSV: an unclosed quote and a short row', () => {
    const csv = fixture('pg-stat-statements.csv');
    const unclosed = `${csv.trimEnd()}\n10,5,t,1,"SELECT 1\n`;
    expect(errorOf(unclosed, 'postgresql')).toMatchObject({ code: 4210, line: csv.trimEnd().split('\n').length + 1 });
    const short = `${csv.trimEnd()}\n10,5,t\n`;
    expect(errorOf(short, 'postgresql')).toMatchObject({
      code: 4210,
      line: csv.trimEnd().split('\n').length + 1,
      column: 1,
    });
  });

  it('events_statements_summary_by_digest: a COUNT_STAR that is not a number, and no SUM_TIMER_WAIT', () => {
    const vertical = fixture('mysql-digest-vertical.txt').replace('COUNT_STAR: 40', 'COUNT_STAR: forty');
    expect(errorOf(vertical)).toMatchObject({ code: 4210, line: 3, column: 20 });
    expect(errorOf('DIGEST_TEXT\tCOUNT_STAR\nSELECT ?\t3\n')).toMatchObject({ code: 4210, line: 1 });
  });

  it('mysqldumpslow: a Count line with no statement, and a broken time', () => {
    expect(errorOf('Count: 3  Time=0.01s (0s)  Lock=0.00s (0s)  Rows_sent=1.0 (3)\n\n')).toMatchObject({
      code: 4210,
      line: 1,
    });
    const broken = fixture('mysqldumpslow.txt').replace('Count: 40  Time=0.02s', 'Count: 40  Time=x.02s');
    expect(errorOf(broken)).toMatchObject({ code: 4210, line: 4, column: 17 });
  });

  it('slow log: a Query_time that is not a number', () => {
    const broken = fixture('mariadb-slow.log').replace(/# Query_time: [\d.]+/, '# Query_time: soon');
    expect(errorOf(broken)).toMatchObject({ code: 4210, column: 15 });
  });

  it('text in none of the formats, and a result without statements', () => {
    const other = errorOf('\n\nEXPLAIN SELECT 1;\n');
    expect(other).toMatchObject({ code: 4210, field: 'workload', line: 3, column: 1 });
    expect(other.message.zh).toMatch(/无法识别/);
    expect(other.message.en).toMatch(/not recognized/);
    expect(
      errorOf(' query | calls | total_exec_time\n-------+-------+-----------------\n(0 rows)\n', 'postgresql'),
    ).toMatchObject({
      code: 4210,
    });
  });
});
