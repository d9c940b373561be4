/**
 * Attacks on the PostgreSQL 15 + HypoPG sandbox (local binaries): one server for every session, so isolation rests on
 * an unprivileged login role and a database per session, on statistics functions that evaluate nothing the user
 * defined, and on a server started without this process's environment (docs/security.md, claims S1-S6).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, serviceAvailable } from '../../../../test-support/services.ts';
import { postgresPlanner, shutdownPostgresSandbox } from '../../src/postgres/backend.ts';
import { acquireSandboxDatabase, localServerInfo, releaseSandboxDatabase } from '../../src/postgres/server.ts';
import type { PlannerSession } from '../../src/types.ts';
import {
  answersTo,
  attackerRequest,
  expectDumpCodeLeftNoTrace,
  expectForeignDataNeverReachesSandbox,
  expectHiddenSchemaStatementRefused,
  expectMergeWritesNothing,
  expectMigrationStepsConfined,
  expectNothingLeaked,
  expectStartedWithoutOurEnvironment,
  expectStatisticsObjectsAsTheRole,
  expectTimeLimitNotRun,
  expectUserTypesSafe,
  plantSecrets,
  postgresAttacks,
  postgresCrossSessionReads,
  removeSecrets,
  victimRequest,
} from './attacks.ts';

const hypopgInstalled =
  postgresBinDir !== undefined &&
  existsSync(`/usr/share/postgresql/${postgresBinDir.split('/').at(-2)}/extension/hypopg.control`);
const available = serviceAvailable('PostgreSQL+HypoPG', hypopgInstalled ? postgresBinDir : undefined);

const secrets = plantSecrets();

describe.runIf(available && !process.env.POSTGRES_SANDBOX_URL)('the PostgreSQL sandbox under attack', () => {
  let victim: PlannerSession;
  let attacker: PlannerSession;

  beforeAll(async () => {
    victim = await postgresPlanner.open(victimRequest(secrets, 'postgresql'));
    await victim.explain(`SELECT id FROM ${secrets.table} WHERE email = '${secrets.sessionValue}'`);
    attacker = await postgresPlanner.open(attackerRequest('postgresql'));
  }, 120_000);

  afterAll(async () => {
    await attacker?.close();
    await victim?.close();
    await shutdownPostgresSandbox();
    removeSecrets(secrets);
  });

  it('starts the server without this process’s environment', () => {
    expectStartedWithoutOurEnvironment(localServerInfo()?.pid, secrets);
  });

  it('answers no attack with a host file, an environment value or another session’s value', async () => {
    for (const sql of postgresAttacks(secrets)) {
      expectNothingLeaked(await answersTo(attacker, sql), secrets, sql);
    }
  }, 600_000);

  it('shows nothing of a session that is open, nor of one that has closed', async () => {
    for (const read of postgresCrossSessionReads()) {
      expectNothingLeaked(await answersTo(attacker, `SELECT ${read} AS v FROM t`), secrets, read);
    }
    const gone = await postgresPlanner.open(victimRequest(secrets, 'postgresql'));
    await gone.explain(`SELECT id FROM ${secrets.table} WHERE email = '${secrets.sessionValue}'`);
    await gone.close();
    for (const read of postgresCrossSessionReads()) {
      expectNothingLeaked(await answersTo(attacker, `SELECT ${read} AS v FROM t`), secrets, read);
    }
  }, 300_000);

  it('runs user SQL as an unprivileged role: reading a file or changing identity is denied', async () => {
    const read = await answersTo(attacker, `SELECT (pg_read_file('${secrets.file}'))::int AS x FROM t`);
    expect(read).toContain('permission denied for function pg_read_file');
    const identity = await answersTo(
      attacker,
      `SELECT (set_config('session_authorization', 'postgres', false))::int AS x FROM t`,
    );
    expect(identity).toContain('permission denied to set session authorization');
  }, 60_000);

  it('refuses domains and a statement hidden behind E strings in the table structure (4203)', async () => {
    // COPY TO PROGRAM through both lists: the engine takes domains and DO blocks out of the structure now (never
    // run, skipped-code.ts).
    const hidden = `CREATE TABLE t (a int, k text DEFAULT E'\\'');\nCOPY t TO PROGRAM 'cat ${secrets.file}';\nCREATE TABLE u (x int);`;
    await expectHiddenSchemaStatementRefused(postgresPlanner, hidden);
    // The planner's own list still refuses a domain that reaches it.
    const domain = `CREATE TABLE t (a int, k text DEFAULT E'\\'');\nCREATE DOMAIN d AS text CHECK (pg_read_file('${secrets.file}') IS NOT NULL);\nCREATE TABLE u (x d);`;
    await expect(
      postgresPlanner.open({ dialect: 'postgresql', schemaSql: domain, statistics: [] }),
    ).rejects.toMatchObject({ detail: { code: 4203, line: 2, column: 1 } });
  }, 60_000);

  it('plans a MERGE without running it: nothing it would write is written, and another session’s table is not there', async () => {
    await expectMergeWritesNothing(postgresPlanner, secrets);
  }, 120_000);

  it('makes a foreign table as a plain table, and nothing of a server or user mapping reaches the sandbox', async () => {
    await expectForeignDataNeverReachesSandbox(postgresPlanner);
  }, 120_000);

  it('makes statistics objects as the role: their expressions never run, one on a catalog is left out', async () => {
    await expectStatisticsObjectsAsTheRole(postgresPlanner, secrets);
  }, 120_000);

  it("runs a migration history's DROP and RENAME steps as the session's role: the server's own objects are refused (4203)", async () => {
    await expectMigrationStepsConfined(postgresPlanner, 'postgresql');
  }, 120_000);

  it("runs none of a dump's code: its functions, procedures, triggers and domains leave no trace", async () => {
    await expectDumpCodeLeftNoTrace(postgresPlanner, 'postgresql', secrets);
  }, 120_000);

  it('injects statistics without evaluating anything the user defined, even types made behind its back', async () => {
    const [out] = secrets.outFiles;
    // Made directly as the session's role (the allow list would refuse them): a domain whose CHECK writes a file
    // if it ever runs, and a composite type over it.
    const lease = await acquireSandboxDatabase();
    try {
      const db = lease.connection;
      await db.query(
        `CREATE DOMAIN evil AS text CHECK (lo_export(lo_from_bytea(0, convert_to(pg_read_file('${secrets.file}'), 'UTF8')), '${out}') = 1)`,
      );
      await db.query('CREATE TYPE pair AS (p evil)');
      await db.query('CREATE TABLE dt (a evil, b pair, c evil[])');
      for (const [column, values] of [
        ['a', '{one,two}'],
        ['b', '{"(one)","(two)"}'],
        ['c', '{"{one}","{two}"}'],
      ]) {
        await db.query(
          `SELECT sqltune.set_attribute_stats('dt'::regclass, $1, false, 0, 10, -0.5, $2, '{0.5,0.4}', $2, NULL)`,
          [column, values],
        );
      }
      const slots = await db.query<{ attname: string; mcv: string | null }>(
        `SELECT attname, most_common_vals::text AS mcv FROM pg_stats WHERE tablename = 'dt' ORDER BY attname`,
      );
      // The domain's values are read as its base type (text): no CHECK ran. The composite and the array of the
      // domain would run it: left out.
      expect(slots.rows).toEqual([
        { attname: 'a', mcv: '{one,two}' },
        { attname: 'b', mcv: null },
        { attname: 'c', mcv: null },
      ]);
      expect(existsSync(out)).toBe(false);
    } finally {
      await lease.connection.end();
      await releaseSandboxDatabase(lease.database);
    }
  }, 60_000);

  it('makes composite and range types of built-in functions only; collations and text search objects never', async () => {
    await expectUserTypesSafe(postgresPlanner, secrets);
  }, 120_000);

  it('labels a verification stopped by its time limit "not-run", never "refuted"', async () => {
    await expectTimeLimitNotRun(attacker, 'pg_sleep(30) IS NOT NULL', 500);
  }, 60_000);
});
