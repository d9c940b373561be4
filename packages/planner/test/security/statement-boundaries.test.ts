/**
 * The statement boundaries the checkers see are the ones the database sees (docs/security.md, claim C1): scripts
 * built from every string, name and comment form of each dialect are split by the engine's lexer (the schema check),
 * by the planner's lexer (the sandbox's allow list) and by the real server running the script, and the three must
 * count the same statements.
 */
import { splitStatements as engineSplit } from '@sqltune/engine';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../../test-support/services.ts';
import { connectionOptions, getServer, shutdownMariaDb } from '../../src/mariadb/server.ts';
import { PGLITE_START_PARAMS, PgliteInstance } from '../../src/pglite/pool.ts';
import { splitStatements as plannerSplit } from '../../src/sql-text.ts';

/** Values (each one a valid SELECT item) whose text holds `;`, quotes, backslashes or comment marks. */
const POSTGRES_ITEMS = [
  `'a;b'`,
  `'it''s;'`,
  `E'\\';'`,
  `e'\\\\'`,
  `E'x\\\\\\';y'`,
  `'\\'`,
  `$$;$$`,
  `$a1$ ; ' $a1$`,
  `$_$ $$ ; $_$`,
  `"x;y".a`,
  `U&'\\0041;'`,
  `B'01'`,
  `X'3b'`,
  `N'n;'`,
  `1 /* ; /* ; */ ; */`,
  `1 -- ; '\n`,
  `2/**/`,
];
const POSTGRES_TABLE = `(SELECT 1 AS a) AS "x;y"`;

const MYSQL_ITEMS = [
  `'a;b'`,
  `'it''s;'`,
  `'\\';'`,
  `"\\";"`,
  `"a"";b"`,
  `\`x;\`\`y\`.a`,
  `1 -- ; '\n`,
  `1 --1`,
  `1 # ; '\n`,
  `1 /* ; */`,
  `1 /*! + 1 */`,
  `1 /*!50001 ; SELECT 2 */`,
  `1 /*M!100100 ; SELECT 3 */`,
  `_utf8mb4'x;'`,
  `X'3b'`,
  `N'n;'`,
];
const MYSQL_TABLE = '(SELECT 1 AS a) AS `x;``y`';

/** A small deterministic random source, so a failing script can be reproduced. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Scripts of 1-4 SELECTs, each with 1-3 items drawn from `items`, some statements ending without a semicolon. */
function scripts(items: string[], table: string, count: number, seed: number): string[] {
  const random = rng(seed);
  const pick = () => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, () => {
    const statements = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
      const selected = Array.from({ length: 1 + Math.floor(random() * 3) }, pick).join(',\n  ');
      return `SELECT ${selected} FROM ${table}`;
    });
    return `${statements.join(';\n')}${random() < 0.5 ? ';' : ''}`;
  });
}

describe('statement boundaries: PostgreSQL', () => {
  let db: PgliteInstance;
  beforeAll(async () => {
    db = await PgliteInstance.start({ startParams: PGLITE_START_PARAMS });
  }, 120_000);
  afterAll(async () => {
    await db?.terminate();
  });

  it('engine, planner and server count the same statements', async () => {
    for (const script of scripts(POSTGRES_ITEMS, POSTGRES_TABLE, 300, 7)) {
      const server = (await db.exec(script)).length;
      expect(engineSplit(script, 'postgresql').length, script).toBe(server);
      expect(plannerSplit(script, 'postgresql').length, script).toBe(server);
    }
  }, 120_000);
});

describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('statement boundaries: MariaDB', () => {
  let connection: mysql.Connection;
  beforeAll(async () => {
    connection = await mysql.createConnection({ ...connectionOptions(await getServer()), multipleStatements: true });
  }, 120_000);
  afterAll(async () => {
    await connection?.end();
    await shutdownMariaDb();
  });

  it('engine, planner and server count the same statements', async () => {
    let ran = 0;
    const all = scripts(MYSQL_ITEMS, MYSQL_TABLE, 300, 11);
    for (const script of all) {
      let results: unknown;
      try {
        [results] = await connection.query(script);
      } catch {
        // The server refuses the script (an executable comment split by a `;` is not closed in its statement):
        // nothing runs, which is safe whatever we counted.
        continue;
      }
      ran++;
      // One statement answers its rows; several answer one result per statement.
      const server = Array.isArray(results) && Array.isArray(results[0]) ? results.length : 1;
      expect(engineSplit(script, 'mysql').length, script).toBe(server);
      expect(plannerSplit(script, 'mysql').length, script).toBe(server);
    }
    expect(ran).toBeGreaterThan(all.length * 0.4);
  }, 120_000);
});
