/**
 * Index cases written for this project (bench/indexes.ts): each a table structure, how its rows are generated (a
 * fixed seed, sizes where plans matter) and one query, and whether an index is expected to help.
 */
import type { Dialect } from '@sqltune/contracts';
import type { TableData } from '../quality/data.ts';

interface ColumnSpec {
  name: string;
  /** Type per dialect: [PostgreSQL, MySQL]. */
  type: [string, string];
  /** The value of row i (0-based), as text; `random` is the case's seeded generator. */
  value: (i: number, random: () => number) => string;
}

interface TableSpec {
  name: string;
  rows: number;
  /** The first column is the primary key. */
  columns: ColumnSpec[];
}

export interface BenchCase {
  name: string;
  expectsIndex: boolean;
  tables: TableSpec[];
  sql: string;
}

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const id: ColumnSpec = { name: 'id', type: ['INT', 'INT'], value: (i) => String(i + 1) };
const timestamp = (name: string, days: number): ColumnSpec => ({
  name,
  type: ['TIMESTAMP', 'DATETIME'],
  value: (_, random) =>
    new Date(START + Math.floor(random() * days * DAY)).toISOString().slice(0, 19).replace('T', ' '),
});
const integer = (name: string, distinct: number): ColumnSpec => ({
  name,
  type: ['INT', 'INT'],
  value: (_, random) => String(1 + Math.floor(random() * distinct)),
});
const word = (name: string, distinct: number): ColumnSpec => ({
  name,
  type: ['VARCHAR(40)', 'VARCHAR(40)'],
  value: (_, random) => `${name}_${Math.floor(random() * distinct)}`,
});
const amount: ColumnSpec = {
  name: 'total',
  type: ['NUMERIC(10,2)', 'DECIMAL(10,2)'],
  value: (_, random) => (random() * 1000).toFixed(2),
};
const filler: ColumnSpec = {
  name: 'note',
  type: ['VARCHAR(100)', 'VARCHAR(100)'],
  value: (i) => `note ${i} ${'x'.repeat(40)}`,
};

const orders = (rows: number, extra: ColumnSpec[] = []): TableSpec => ({
  name: 'orders',
  rows,
  columns: [id, integer('user_id', 20_000), word('status', 10), timestamp('pay_time', 366), amount, filler, ...extra],
});
const users: TableSpec = {
  name: 'users',
  rows: 20_000,
  columns: [id, word('city', 500), word('name', 20_000), filler],
};

export const benchCases: BenchCase[] = [
  {
    name: 'equality-selective',
    expectsIndex: true,
    tables: [orders(200_000)],
    sql: 'SELECT id, total FROM orders WHERE user_id = 4242',
  },
  {
    name: 'range-narrow',
    expectsIndex: true,
    tables: [orders(200_000)],
    sql: "SELECT id, total FROM orders WHERE pay_time BETWEEN '2024-03-01' AND '2024-03-03'",
  },
  {
    name: 'order-by-limit',
    expectsIndex: true,
    tables: [orders(200_000)],
    sql: 'SELECT id, total FROM orders ORDER BY pay_time DESC LIMIT 100',
  },
  {
    name: 'unselective-eq-range',
    expectsIndex: true,
    tables: [orders(200_000)],
    sql: "SELECT id, total FROM orders WHERE status = 'status_3' AND pay_time BETWEEN '2024-05-01' AND '2024-05-02'",
  },
  {
    name: 'join-filter',
    expectsIndex: true,
    tables: [users, orders(200_000)],
    sql: "SELECT o.id, o.total FROM users u JOIN orders o ON o.user_id = u.id WHERE u.city = 'city_7'",
  },
  {
    name: 'correlated-max',
    expectsIndex: true,
    tables: [users, orders(200_000)],
    sql: "SELECT u.name, (SELECT MAX(o.pay_time) FROM orders o WHERE o.user_id = u.id) AS last FROM users u WHERE u.city = 'city_9'",
  },
  {
    name: 'no-index-wide-range',
    expectsIndex: false,
    tables: [orders(200_000)],
    sql: "SELECT count(*) FROM orders WHERE pay_time > '2024-02-01'",
  },
  {
    name: 'no-index-tiny-table',
    expectsIndex: false,
    tables: [{ name: 'regions', rows: 50, columns: [id, word('label', 50)] }],
    sql: "SELECT id FROM regions WHERE label = 'label_3'",
  },
];

export function caseDdl(c: BenchCase, dialect: Dialect): string {
  const k = dialect === 'mysql' ? 1 : 0;
  return c.tables
    .map(
      (t) =>
        `CREATE TABLE ${t.name} (${t.columns.map((col, i) => `${col.name} ${col.type[k]}${i === 0 ? ' PRIMARY KEY' : ''}`).join(', ')});`,
    )
    .join('\n');
}

/** Mulberry32: a small seeded generator, so every run loads the same rows. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function caseTables(c: BenchCase): TableData[] {
  return c.tables.map((t, k) => ({
    name: t.name,
    columns: t.columns.map((col) => col.name),
    rowCount: t.rows,
    *rows() {
      const random = seeded(1000 + k);
      for (let i = 0; i < t.rows; i++) yield t.columns.map((col) => col.value(i, random));
    },
  }));
}
