/**
 * Keywords as names, database against engine: every keyword of PostgreSQL's `pg_get_keywords()` and of MariaDB's
 * `information_schema.KEYWORDS`, tried in each position below on a throwaway server (test-support/services.ts) and by
 * the engine. Prints each disagreement: `db=true engine=false` is SQL the database reads and the engine refuses (the
 * gaps dialect/keyword-names.ts closes), `db=false engine=true` SQL the engine reads though the database refuses it,
 * `engine=crash` an engine failure that is no syntax error. A position's tables need not exist: only a syntax error
 * (SQLSTATE 42601, MariaDB 1064) counts as refused.
 *
 *   node --import tsx scripts/keyword-sweep.ts [postgresql|mysql]
 */
import { AppError, type Dialect } from '@sqltune/contracts';
import { parseStatements } from '@sqltune/engine';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { startMariadb, startPostgres } from '../test-support/services.ts';

const POSITIONS: Record<string, (word: string) => string> = {
  column: (k) => `SELECT ${k} FROM kn`,
  aliasAfterAs: (k) => `SELECT a AS ${k} FROM kn`,
  alias: (k) => `SELECT a ${k} FROM kn`,
  callAlias: (k) => `SELECT count(*) ${k} FROM kn`,
  lastAlias: (k) => `SELECT a ${k}`,
  aliasBeforeComma: (k) => `SELECT a ${k}, b FROM kn`,
  where: (k) => `SELECT a FROM kn WHERE ${k} = 1`,
  qualified: (k) => `SELECT kn.${k} FROM kn`,
  orderBy: (k) => `SELECT a FROM kn ORDER BY ${k}`,
  groupBy: (k) => `SELECT a FROM kn GROUP BY ${k}`,
  tableAliasAfterAs: (k) => `SELECT ${k}.a FROM kn AS ${k}`,
  tableAlias: (k) => `SELECT ${k}.a FROM kn ${k} WHERE ${k}.a = 1`,
  tableAliasBeforeJoin: (k) => `SELECT 1 FROM kn ${k} JOIN kn b ON ${k}.a = b.a`,
  table: (k) => `SELECT a FROM ${k}`,
  updateSet: (k) => `UPDATE kn SET ${k} = 1`,
  insertColumns: (k) => `INSERT INTO kn (${k}) VALUES (1)`,
  createTable: (k) => `CREATE TABLE kx (${k} int)`,
};

/** Runs a statement on the database: false when it is refused as a syntax error. */
type Database = (sql: string) => Promise<boolean>;

function engineReads(sql: string, dialect: Dialect): boolean | 'crash' {
  try {
    parseStatements(sql, dialect);
    return true;
  } catch (error) {
    return error instanceof AppError ? false : 'crash';
  }
}

async function sweep(dialect: Dialect, words: string[], database: Database): Promise<string[]> {
  const found: string[] = [];
  for (const word of words) {
    for (const [position, make] of Object.entries(POSITIONS)) {
      const sql = make(word);
      const db = await database(sql);
      const engine = engineReads(sql, dialect);
      if (db !== engine) found.push(`${dialect} ${position} ${word} db=${db} engine=${engine} :: ${sql}`);
    }
  }
  return found;
}

async function sweepPostgres(): Promise<string[]> {
  const server = await startPostgres();
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ word: string }>('SELECT word FROM pg_get_keywords() ORDER BY word');
    return await sweep(
      'postgresql',
      rows.map((row) => row.word),
      async (sql) => {
        try {
          // EXPLAIN runs nothing; CREATE TABLE runs (the server is thrown away).
          await client.query(sql.startsWith('CREATE') ? sql : `EXPLAIN ${sql}`);
          return true;
        } catch (error) {
          return (error as { code?: string }).code !== '42601';
        }
      },
    );
  } finally {
    await client.end();
    await server.stop();
  }
}

async function sweepMariadb(): Promise<string[]> {
  const server = await startMariadb();
  const connection = await mysql.createConnection({ socketPath: server.socket, user: 'root' });
  try {
    await connection.query('CREATE DATABASE sweep');
    await connection.query('USE sweep');
    const [rows] = await connection.query('SELECT WORD FROM information_schema.KEYWORDS ORDER BY WORD');
    return await sweep(
      'mysql',
      (rows as Array<{ WORD: string }>).map((row) => row.WORD),
      async (sql) => {
        try {
          await connection.query(sql.startsWith('SELECT') ? `EXPLAIN ${sql}` : sql);
          return true;
        } catch (error) {
          return (error as { errno?: number }).errno !== 1064;
        }
      },
    );
  } finally {
    await connection.end();
    await server.stop();
  }
}

const only = process.argv[2];
const found = [
  ...(only !== 'mysql' ? await sweepPostgres() : []),
  ...(only !== 'postgresql' ? await sweepMariadb() : []),
];
console.log(found.join('\n'));
const gaps = found.filter((line) => line.includes('db=true')).length;
console.error(`${found.length} disagreements, ${gaps} read by the database and not by the engine`);
