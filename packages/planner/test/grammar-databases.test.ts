/**
 * The grammar coverage corpus (test-support/grammar) is real SQL: every statement runs on the database of its dialect
 * against the tables of <dialect>-setup.sql, and the markers are true. grammar.test.ts holds the engine to reading
 * the same statements; together they say the engine reads what the databases take.
 *  - MariaDB 10.11: every statement runs except the `@mysql8` ones, which it must refuse (MySQL 8 syntax MariaDB does
 *    not have); `@mariadb` ones run (MySQL 8 is not on this machine).
 *  - PGlite (PostgreSQL 18): every statement runs.
 *  - PostgreSQL 15 (the machine's binaries): every unmarked statement runs; `@pg16`, `@pg17` and `@pg18` ones are
 *    refused.
 * Each statement runs in a transaction that is rolled back (PostgreSQL's DDL too); MariaDB commits DDL, so after a
 * statement that changed the tables, columns or indexes the database is rebuilt from the setup file.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GrammarCase,
  grammarCases,
  MYSQL_DATABASE,
  setupStatements,
} from '../../../test-support/grammar/corpus.ts';
import { mariadbBinary, postgresBinDir, serviceAvailable, startPostgres } from '../../../test-support/services.ts';
import { getAdminPool, shutdownMariaDb } from '../src/mariadb/server.ts';

/** What the database said to one corpus statement: nothing (it ran) or its error message. */
interface Outcome {
  grammarCase: GrammarCase;
  error?: string;
}

const place = (outcome: Outcome) => `${outcome.grammarCase.dialect}.sql:${outcome.grammarCase.line}`;

/** The statements that should have run but did not, each with the database's message. */
const notRun = (outcomes: Outcome[], expectedToRun: (c: GrammarCase) => boolean) =>
  outcomes.filter((o) => expectedToRun(o.grammarCase) && o.error).map((o) => `${place(o)}: ${o.error}`);

/** The statements that should have been refused but ran. */
const notRefused = (outcomes: Outcome[], expectedToRun: (c: GrammarCase) => boolean) =>
  outcomes
    .filter((o) => !expectedToRun(o.grammarCase) && !o.error)
    .map((o) => `${place(o)}: ran, yet is marked @${o.grammarCase.only?.tag}`);

const message = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('the MySQL grammar corpus on MariaDB', () => {
  const outcomes: Outcome[] = [];
  const runsOnMariaDb = (c: GrammarCase) => c.only?.tag !== 'mysql8';

  beforeAll(async () => {
    const { pool } = await getAdminPool();
    const connection = await pool.getConnection();
    const run = (sql: string) => connection.query(sql);
    /** The tables, columns and indexes of the corpus database, to see whether a statement changed them. */
    const shape = async () => {
      const [rows] = await connection.query(
        `SELECT CONCAT_WS(' ', c.TABLE_NAME, c.COLUMN_NAME, c.COLUMN_TYPE, s.INDEX_NAME) AS item
           FROM information_schema.COLUMNS c
           LEFT JOIN information_schema.STATISTICS s
             ON s.TABLE_SCHEMA = c.TABLE_SCHEMA AND s.TABLE_NAME = c.TABLE_NAME AND s.COLUMN_NAME = c.COLUMN_NAME
          WHERE c.TABLE_SCHEMA = ? ORDER BY item`,
        [MYSQL_DATABASE],
      );
      return (rows as Array<{ item: string }>).map((row) => row.item).join('\n');
    };
    const build = async () => {
      await run(`DROP DATABASE IF EXISTS ${MYSQL_DATABASE}`);
      await run(`CREATE DATABASE ${MYSQL_DATABASE} CHARACTER SET utf8mb4`);
      await run(`USE ${MYSQL_DATABASE}`);
      for (const statement of setupStatements('mysql')) await run(statement);
    };
    try {
      await build();
      const built = await shape();
      for (const grammarCase of grammarCases('mysql')) {
        const outcome: Outcome = { grammarCase };
        try {
          await run('START TRANSACTION');
          await run(grammarCase.sql);
        } catch (error) {
          outcome.error = message(error);
        }
        await run('ROLLBACK');
        // A temporary table outlives the statement in the session: dropped by name, as the statement wrote it.
        const temporary = /^CREATE\s+TEMPORARY\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/i.exec(grammarCase.sql);
        if (temporary) await run(`DROP TEMPORARY TABLE IF EXISTS ${temporary[1]}`);
        if ((await shape()) !== built) await build();
        outcomes.push(outcome);
      }
      await run(`DROP DATABASE ${MYSQL_DATABASE}`);
    } finally {
      connection.release();
    }
  }, 600_000);
  afterAll(async () => shutdownMariaDb());

  it('runs every statement but the MySQL 8 ones', () => {
    expect(outcomes).toHaveLength(grammarCases('mysql').length);
    expect(notRun(outcomes, runsOnMariaDb)).toEqual([]);
  });

  it('refuses every statement marked @mysql8', () => {
    expect(outcomes.filter((o) => o.grammarCase.only?.tag === 'mysql8').length).toBeGreaterThan(10);
    expect(notRefused(outcomes, runsOnMariaDb)).toEqual([]);
  });
});

/** Runs the PostgreSQL corpus through `exec` (one simple-protocol statement) after the setup file. */
async function postgresOutcomes(exec: (sql: string) => Promise<unknown>): Promise<Outcome[]> {
  for (const statement of setupStatements('postgresql')) await exec(statement);
  const outcomes: Outcome[] = [];
  for (const grammarCase of grammarCases('postgresql')) {
    const outcome: Outcome = { grammarCase };
    try {
      await exec('BEGIN');
      await exec(grammarCase.sql);
    } catch (error) {
      outcome.error = message(error);
    }
    await exec('ROLLBACK');
    // CREATE INDEX CONCURRENTLY cannot run in a transaction: it runs on its own (its index names no other statement).
    if (outcome.error && /cannot run inside a transaction block/.test(outcome.error)) {
      outcome.error = undefined;
      try {
        await exec(grammarCase.sql);
      } catch (error) {
        outcome.error = message(error);
      }
    }
    outcomes.push(outcome);
  }
  return outcomes;
}

describe('the PostgreSQL grammar corpus on PGlite (PostgreSQL 18)', () => {
  it('runs every statement', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create();
    try {
      const outcomes = await postgresOutcomes((sql) => db.exec(sql));
      expect(outcomes).toHaveLength(grammarCases('postgresql').length);
      expect(notRun(outcomes, () => true)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 300_000);
});

describe.runIf(serviceAvailable('PostgreSQL', postgresBinDir))('the PostgreSQL grammar corpus on PostgreSQL 15', () => {
  const runsOn15 = (c: GrammarCase) => c.only === undefined;
  let outcomes: Outcome[] = [];
  let version = '';

  beforeAll(async () => {
    const server = await startPostgres();
    const client = new pg.Client({ connectionString: server.url });
    try {
      await client.connect();
      version = String((await client.query('SHOW server_version_num')).rows[0]?.server_version_num ?? '');
      outcomes = await postgresOutcomes((sql) => client.query(sql));
    } finally {
      await client.end().catch(() => undefined);
      await server.stop();
    }
  }, 300_000);

  it('runs every statement not marked as newer syntax', () => {
    expect(version.slice(0, 2)).toBe('15');
    expect(notRun(outcomes, runsOn15)).toEqual([]);
  });

  it('refuses every statement marked @pg16, @pg17 or @pg18', () => {
    expect(outcomes.filter((o) => !runsOn15(o.grammarCase)).length).toBeGreaterThan(10);
    expect(notRefused(outcomes, runsOn15)).toEqual([]);
  });
});
