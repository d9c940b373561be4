/**
 * Attacks on the MariaDB sandbox (local binaries): one server for every session, so isolation rests on a user and a
 * database per session that can reach nothing else, on a server without access to the machine's files, and on a
 * server started without this process's environment (docs/security.md, claims M1-M5).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../../test-support/services.ts';
import { mariadbPlanner, shutdownMariaDb } from '../../src/mariadb/backend.ts';
import { getAdminPool, localServerInfo } from '../../src/mariadb/server.ts';
import type { PlannerSession } from '../../src/types.ts';
import {
  answersTo,
  attackerRequest,
  expectDumpCodeLeftNoTrace,
  expectMigrationStepsConfined,
  expectNothingLeaked,
  expectStartedWithoutOurEnvironment,
  expectTimeLimitNotRun,
  mysqlAttacks,
  plantSecrets,
  removeSecrets,
  victimRequest,
} from './attacks.ts';

const available = serviceAvailable('MariaDB', mariadbBinary);
const secrets = plantSecrets();

describe.runIf(available && !process.env.MYSQL_SANDBOX_URL)('the MariaDB sandbox under attack', () => {
  let victim: PlannerSession;
  let attacker: PlannerSession;

  beforeAll(async () => {
    victim = await mariadbPlanner.open(victimRequest(secrets, 'mysql'));
    await victim.explain(`SELECT id FROM ${secrets.table} WHERE email = '${secrets.sessionValue}'`);
    attacker = await mariadbPlanner.open(attackerRequest('mysql'));
  }, 120_000);

  afterAll(async () => {
    await attacker?.close();
    await victim?.close();
    await shutdownMariaDb();
    removeSecrets(secrets);
  });

  it('starts the server without this process’s environment', () => {
    expectStartedWithoutOurEnvironment(localServerInfo()?.pid, secrets);
  });

  it('answers no attack with a host file, an environment value or another session’s value', async () => {
    for (const sql of mysqlAttacks(secrets)) {
      expectNothingLeaked(await answersTo(attacker, sql), secrets, sql);
    }
  }, 600_000);

  it("runs none of a dump's code: its triggers, functions, procedures and events leave no trace", async () => {
    await expectDumpCodeLeftNoTrace(mariadbPlanner, 'mysql', secrets);
  }, 120_000);

  it('writes no file outside the sandbox from the table structure (DATA DIRECTORY, other engines)', async () => {
    const target = mkdtempSync(join(tmpdir(), 'sqltune-attack-dir-'));
    try {
      for (const schemaSql of [
        `CREATE TABLE d1 (a int) ENGINE=InnoDB DATA DIRECTORY='${target}'`,
        `CREATE TABLE d2 (a int) ENGINE=MyISAM DATA DIRECTORY='${target}' INDEX DIRECTORY='${target}'`,
        `CREATE TABLE d3 (a int) ENGINE=Aria DATA DIRECTORY='${target}'`,
        `CREATE TABLE d4 (a int) ENGINE=CSV`,
        `CREATE TABLE d5 (a int) ENGINE=FEDERATED CONNECTION='mysql://root@127.0.0.1:3306/mysql/user'`,
        `CREATE TABLE d6 (a int) ENGINE=CONNECT TABLE_TYPE=CSV FILE_NAME='${secrets.file}'`,
      ]) {
        const session = await mariadbPlanner
          .open({ dialect: 'mysql', schemaSql, statistics: [] })
          .catch((error: unknown) => error);
        if (session && typeof (session as PlannerSession).close === 'function') {
          expectNothingLeaked(await answersTo(session as PlannerSession, 'SELECT a AS v FROM d1'), secrets, schemaSql);
          await (session as PlannerSession).close();
        }
        expect(readdirSync(target), schemaSql).toEqual([]);
      }
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  }, 120_000);

  it("reaches no other session's database through names written in another case", async () => {
    const { pool } = await getAdminPool();
    const [rows] = await pool.query<RowDataPacket[]>(
      'SELECT TABLE_SCHEMA AS db FROM information_schema.TABLES WHERE TABLE_NAME = ?',
      [secrets.table],
    );
    const db = String(rows[0]?.db);
    expect(db).toMatch(/^s_[0-9a-f]{12}$/);
    const [DB, SECRET] = [db.toUpperCase(), secrets.table.toUpperCase()];
    // Tables named as the victim's database and as the catalog's table in another case: the names the sandbox
    // writes as the structure defines them (mariadb/names.ts) must never become another database's.
    const session = await mariadbPlanner.open({
      dialect: 'mysql',
      schemaSql: `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));
CREATE TABLE \`${DB}\` (a int, email varchar(200));
CREATE TABLE ${SECRET} (id int, email varchar(200));
CREATE TABLE TABLES (TABLE_NAME varchar(64), TABLE_SCHEMA varchar(64));`,
      statistics: [],
    });
    try {
      for (const sql of [
        `SELECT email AS v FROM ${DB}.${secrets.table}`,
        `SELECT email AS v FROM ${db}.${SECRET}`,
        `SELECT email AS v FROM ${DB}.${SECRET}`,
        `SELECT ${db}.${secrets.table}.email AS v FROM ${db}.${secrets.table}`,
        `SELECT ${DB}.email AS v FROM ${DB} JOIN ${db}.${secrets.table} s ON s.id = ${DB}.a`,
      ]) {
        await expect(session.explain(sql), sql).rejects.toThrow(/denied|doesn't exist|Unknown/);
        const answer = await answersTo(session, sql);
        for (const secret of [secrets.sessionValue, secrets.fileValue]) expect(answer, sql).not.toContain(secret);
      }
      for (const sql of [
        `SELECT CONCAT_WS(':', TABLE_SCHEMA, TABLE_NAME) AS v FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA LIKE 'S\\_%'`,
        `SELECT CONCAT_WS(':', TABLE_SCHEMA, TABLE_NAME) AS v FROM information_schema.tables WHERE TABLE_NAME LIKE 'SECRET%'`,
        `SELECT CONCAT_WS(':', TABLE_SCHEMA, TABLE_NAME) AS v FROM Information_Schema.Tables WHERE TABLE_SCHEMA = '${DB}'`,
      ]) {
        expectNothingLeaked(await answersTo(session, sql), secrets, sql);
      }
    } finally {
      await session.close();
    }
  }, 120_000);

  it("reads its own table where a statement names the victim's database before a table (qualifiers map to its own)", async () => {
    const { pool } = await getAdminPool();
    const [rows] = await pool.query<RowDataPacket[]>(
      'SELECT TABLE_SCHEMA AS db FROM information_schema.TABLES WHERE TABLE_NAME = ?',
      [secrets.table],
    );
    const db = String(rows[0]?.db);
    // The attacker defines a table of the victim's table's name: `victimdb.secret_x` is then its own secret_x.
    const session = await mariadbPlanner.open({
      dialect: 'mysql',
      schemaSql: `CREATE TABLE t (a int PRIMARY KEY);\nCREATE TABLE ${secrets.table} (id int, email varchar(200));`,
      statistics: [],
    });
    try {
      for (const sql of [
        `SELECT email AS v FROM ${db}.${secrets.table}`,
        `SELECT s.email AS v FROM t JOIN ${db}.${secrets.table} s ON s.id = t.a`,
        `SELECT ${db}.${secrets.table}.email AS v FROM ${db}.${secrets.table}`,
      ]) {
        const plan = await session.explain(sql);
        expect(JSON.stringify(plan), sql).not.toContain(db);
        // The table's name is the attacker's own here; the victim's values must never show.
        const answer = await answersTo(session, sql);
        for (const secret of [secrets.sessionValue, secrets.fileValue]) expect(answer, sql).not.toContain(secret);
      }
    } finally {
      await session.close();
    }
  }, 120_000);

  it("runs a migration history's DROP and RENAME steps as the session's role: the server's own objects are refused (4203)", async () => {
    await expectMigrationStepsConfined(mariadbPlanner, 'mysql');
  }, 120_000);

  it('labels a verification stopped by its time limit "not-run", never "refuted"', async () => {
    await expectTimeLimitNotRun(attacker, 'SLEEP(40) = 0');
  }, 120_000);

  it('keeps every file of the server in its own directory', () => {
    const dir = localServerInfo()?.dir;
    expect(dir && existsSync(dir)).toBe(true);
    for (const file of secrets.outFiles) expect(existsSync(file)).toBe(false);
  });
});
