import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Dialect } from '@sqltune/contracts';
import { analyze } from '@sqltune/engine';
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable } from '../../../test-support/corpus.ts';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { getAdminPool, shutdownMariaDb } from '../src/mariadb/server.ts';

/**
 * sqlglot's optimizer fixtures (../shared/corpus/sqlglot-fixtures, read in place) as inputs for our rewrites: every
 * fixture statement our rules rewrite (the table structure below) is run before and after on real rows, in PGlite
 * for the PostgreSQL dialect and in MariaDB for the MySQL one, and both must return the same multiset of rows. A fixture the database refuses as written
 * (another dialect's functions, tables it does not have) does not apply. sqlglot's own expected forms are not
 * compared as text: ours are different rewrites of the same statements.
 */
const corpus = new URL('../../../../shared/corpus/sqlglot-fixtures/', import.meta.url);
const files = [
  'unnest_subqueries.sql',
  'merge_subqueries.sql',
  'eliminate_subqueries.sql',
  'pushdown_predicates.sql',
  'eliminate_joins.sql',
  'optimize_joins.sql',
  'normalize.sql',
  'simplify.sql',
];

/**
 * Tables x, y and z with the columns the statement fixtures read (id a key, the rest nullable with repeats), and v
 * with a nullable boolean column per letter for the condition fixtures (simplify, normalize), which are run as
 * `SELECT id FROM v WHERE <condition>`.
 */
const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
const schemaText = [
  ...['x', 'y', 'z'].map(
    (t) => `CREATE TABLE ${t} (id INT NOT NULL PRIMARY KEY, a INT, b INT, c INT, d INT, flag INT, cnt INT);`,
  ),
  `CREATE TABLE v (id INT NOT NULL PRIMARY KEY, ${letters.map((l) => `${l} BOOLEAN`).join(', ')});`,
].join('\n');

/** 60 rows of TRUE, FALSE and NULL, from a fixed pseudo-random sequence (the same rows on every run). */
function conditionRows(): string {
  const truth = ['TRUE', 'FALSE', 'NULL'];
  let state = 17;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return truth[Math.floor((state / 2147483648) * 3)]!;
  };
  return Array.from({ length: 60 }, (_, i) => `(${i + 1}, ${letters.map(next).join(', ')})`).join(', ');
}

/** Twelve rows a table: NULLs, repeated values and values equal to the fixtures' literals (1, 2, 3). */
function rows(table: string): string {
  const shift = { x: 0, y: 1, z: 2 }[table] ?? 0;
  const value = (i: number, k: number) => {
    const v = (i * (k + 2) + shift) % 5;
    return v === 4 ? 'NULL' : String(v);
  };
  return Array.from({ length: 12 }, (_, i) => {
    const values = [1, 2, 3, 4, 5, 6].map((k) => value(i, k));
    return `(${i + 1}, ${values.join(', ')})`;
  }).join(', ');
}

interface Fixture {
  file: string;
  sql: string;
}

/** The input statement of each case: cases are separated by blank lines, input first, options above it. */
function fixtures(file: string): Fixture[] {
  const text = readFileSync(new URL(file, corpus), 'utf8');
  return text
    .split(/\n\s*\n/)
    .filter((block) => !/^#\s*execute\s*:/m.test(block) && !/^#\s*dialect\s*:\s*(?!postgres\s*$)/m.test(block))
    .map((block) =>
      block
        .split('\n')
        .filter((line) => !/^\s*(#|--)/.test(line))
        .join('\n'),
    )
    .map((block) => block.split(/;\s*(\n|$)/)[0]!.trim())
    .filter((sql) => sql.length > 0)
    .map((sql) => ({ file, sql: /^(SELECT|WITH)\b/i.test(sql) ? sql : `SELECT id FROM v WHERE ${sql}` }));
}

type Run = (sql: string) => Promise<string[] | Error>;

/** Rewrites every fixture our rules rewrite, runs both forms, and lists the rewritten ones and the differences. */
async function compareRewrites(dialect: Dialect, run: Run): Promise<{ applied: number; differences: string[] }> {
  let applied = 0;
  const differences: string[] = [];
  for (const { file, sql } of all) {
    let after: string | undefined;
    try {
      const steps = analyze({ sql, dialect, schemaText }).statements[0]?.steps ?? [];
      after = steps[steps.length - 1]?.after;
    } catch {
      continue; // refused or unreadable input: nothing rewritten
    }
    if (!after) continue;
    const before = await run(sql);
    if (before instanceof Error) continue; // not this database's SQL as written, or tables/columns we do not have
    applied++;
    const rewritten = await run(after);
    const same = !(rewritten instanceof Error) && JSON.stringify(rewritten) === JSON.stringify(before);
    if (!same) differences.push(`${file}\n  before: ${sql}\n  after:  ${after}`);
  }
  console.log(`sqlglot fixtures, ${dialect}: ${all.length} statements, ${applied} rewritten and run`);
  return { applied, differences };
}

const haveCorpus = corpusAvailable();
const all = haveCorpus ? files.flatMap(fixtures) : [];
const tableRows = (table: string) => (table === 'v' ? conditionRows() : rows(table));

describe.runIf(haveCorpus)("sqlglot's optimizer fixtures, rewritten by our rules, on real rows", () => {
  it('are read (several hundred statements and conditions)', () => {
    expect(all.length).toBeGreaterThan(500);
  });

  describe('PostgreSQL (PGlite)', () => {
    let db: PGlite;
    beforeAll(async () => {
      db = await PGlite.create();
      await db.exec(schemaText);
      for (const table of ['x', 'y', 'z', 'v']) await db.exec(`INSERT INTO ${table} VALUES ${tableRows(table)}`);
    });
    afterAll(async () => db?.close());

    it('return the same rows after every rewrite', async () => {
      const { applied, differences } = await compareRewrites('postgresql', async (sql) => {
        try {
          const result = await db.query<unknown[]>(sql, [], { rowMode: 'array' });
          return result.rows.map((row) => JSON.stringify(row)).sort();
        } catch (error) {
          return error as Error;
        }
      });
      expect(differences).toEqual([]);
      // The check has something to check: a good number of fixtures are rewritten.
      expect(applied).toBeGreaterThan(20);
    }, 120_000);
  });

  describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('MySQL dialect (MariaDB)', () => {
    const database = `sqltune_sqlglot_${process.pid}_${Date.now()}`;
    let connection: mysql.PoolConnection;
    beforeAll(async () => {
      const { pool } = await getAdminPool();
      connection = await pool.getConnection();
      await connection.query(`CREATE DATABASE ${database}`);
      await connection.query(`USE ${database}`);
      for (const statement of schemaText.split(';').filter((s) => s.trim())) await connection.query(statement);
      for (const table of ['x', 'y', 'z', 'v']) {
        await connection.query(`INSERT INTO ${table} VALUES ${tableRows(table)}`);
      }
    });
    afterAll(async () => {
      if (connection) {
        await connection.query(`DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
        connection.release();
      }
      await shutdownMariaDb();
    });

    it('return the same rows after every rewrite', async () => {
      const { applied, differences } = await compareRewrites('mysql', async (sql) => {
        try {
          const [result] = await connection.query({ sql, rowsAsArray: true });
          return (result as unknown[]).map((row) => JSON.stringify(row)).sort();
        } catch (error) {
          return error as Error;
        }
      });
      expect(differences).toEqual([]);
      expect(applied).toBeGreaterThan(20);
    }, 120_000);
  });
});
