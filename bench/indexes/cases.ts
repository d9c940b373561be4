/**
 * Index cases written for this project (bench/indexes.ts). Cases come in groups that share one data set: the
 * group's table structures (any existing indexes too) and how their rows are generated (a fixed seed, sizes where
 * plans matter), loaded once per database; each case is one query on it and whether an index is expected to help.
 * The groups are in the files beside this one (shop.ts, logs.ts, small.ts).
 */
import type { Dialect } from '@sqltune/contracts';
import type { TableData } from '../quality/data.ts';

export interface ColumnSpec {
  name: string;
  /** Type per dialect: [PostgreSQL, MySQL]. */
  type: [string, string];
  /** The value of row i (0-based), as text; `random` is the table's seeded generator. */
  value: (i: number, random: () => number) => string;
}

export interface TableSpec {
  name: string;
  rows: number;
  /** The first column is the primary key. */
  columns: ColumnSpec[];
  /** Existing secondary indexes: name and key per dialect ([PostgreSQL, MySQL]; MySQL may key a prefix). */
  indexes?: Array<{ name: string; key: [string, string] }>;
}

export interface BenchCase {
  name: string;
  /** Whether an index is expected to help; when not, advising nothing is the right answer. */
  expectsIndex: boolean;
  tables: TableSpec[];
  sql: string;
  /** Only on these databases (default both): a case whose answer depends on what one database can index. */
  databases?: Array<'postgresql' | 'mariadb'>;
}

/** Cases that share one data set: loaded once per database, each case's indexes built and dropped in turn. */
export interface BenchGroup {
  name: string;
  tables: TableSpec[];
  cases: Array<Omit<BenchCase, 'tables'>>;
}

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);

export const id: ColumnSpec = { name: 'id', type: ['INT', 'INT'], value: (i) => String(i + 1) };

/** A time uniformly within `days` days from 2024-01-01. */
export const timestamp = (name: string, days: number): ColumnSpec => ({
  name,
  type: ['TIMESTAMP', 'DATETIME'],
  value: (_, random) =>
    new Date(START + Math.floor(random() * days * DAY)).toISOString().slice(0, 19).replace('T', ' '),
});

/** 1..distinct, uniform. */
export const integer = (name: string, distinct: number): ColumnSpec => ({
  name,
  type: ['INT', 'INT'],
  value: (_, random) => String(1 + Math.floor(random() * distinct)),
});

/** `name_0`..`name_{distinct-1}`, uniform. */
export const word = (name: string, distinct: number, length = 40): ColumnSpec => ({
  name,
  type: [`VARCHAR(${length})`, `VARCHAR(${length})`],
  value: (_, random) => `${name}_${Math.floor(random() * distinct)}`,
});

/**
 * `name_0`..`name_{distinct-1}` with a skew: value k is drawn with weight 1/(k+1)^2 (about 61% `name_0`, 15% `name_1`,
 * 7% `name_2`, the tail rare), so most common values and their frequencies matter.
 */
export const skewed = (name: string, distinct: number): ColumnSpec => {
  const weights = Array.from({ length: distinct }, (_, k) => 1 / (k + 1) ** 2);
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w / total;
    cumulative.push(sum);
  }
  return {
    name,
    type: ['VARCHAR(40)', 'VARCHAR(40)'],
    value: (_, random) => {
      const r = random();
      const k = cumulative.findIndex((c) => r < c);
      return `${name}_${k < 0 ? distinct - 1 : k}`;
    },
  };
};

export const amount = (name = 'total', max = 1000): ColumnSpec => ({
  name,
  type: ['NUMERIC(10,2)', 'DECIMAL(10,2)'],
  value: (_, random) => (random() * max).toFixed(2),
});

/** A wide column nobody filters on: rows long enough that a scan reads many pages. */
export const filler = (name = 'note', width = 40): ColumnSpec => ({
  name,
  type: ['VARCHAR(100)', 'VARCHAR(100)'],
  value: (i) => `${name} ${i} ${'x'.repeat(width)}`,
});

export function caseDdl(tables: TableSpec[], dialect: Dialect): string {
  const k = dialect === 'mysql' ? 1 : 0;
  const quote = (name: string) => (dialect === 'mysql' ? `\`${name}\`` : name);
  return tables
    .flatMap((t) => [
      `CREATE TABLE ${t.name} (${t.columns.map((col, i) => `${col.name} ${col.type[k]}${i === 0 ? ' PRIMARY KEY' : ''}`).join(', ')});`,
      ...(t.indexes ?? []).map((index) => `CREATE INDEX ${quote(index.name)} ON ${t.name} ${index.key[k]};`),
    ])
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

export function caseTables(tables: TableSpec[]): TableData[] {
  return tables.map((t, k) => ({
    name: t.name,
    columns: t.columns.map((col) => col.name),
    rowCount: t.rows,
    *rows() {
      const random = seeded(1000 + k);
      for (let i = 0; i < t.rows; i++) yield t.columns.map((col) => col.value(i, random));
    },
  }));
}
