/**
 * The red-team round against the PostgreSQL 15 + HypoPG sandbox (local binaries), with the victim's session open on
 * the same server: catalogs and statistics views, identity changes, table structure evaluated during setup and
 * verification, crafted statistics handed to the SECURITY DEFINER injection, heavy planning (docs/security.md, S1-S5).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, serviceAvailable } from '../../../../test-support/services.ts';
import { postgresPlanner, shutdownPostgresSandbox } from '../../src/postgres/backend.ts';
import type { PlannerSession } from '../../src/types.ts';
import {
  answersTo,
  attackerRequest,
  expectNothingLeaked,
  plantSecrets,
  removeSecrets,
  victimRequest,
} from './attacks.ts';
import { postgresCatalogReads, postgresIdentityAttacks, postgresSchemaAttacks } from './red-team-attacks.ts';
import {
  expectAnsweredByContract,
  expectStillUnprivileged,
  optimizeAnswer,
  planTimeAttacks,
  statisticsAttacks,
} from './red-team-support.ts';

const hypopgInstalled =
  postgresBinDir !== undefined &&
  existsSync(`/usr/share/postgresql/${postgresBinDir.split('/').at(-2)}/extension/hypopg.control`);
const available = serviceAvailable('PostgreSQL+HypoPG', hypopgInstalled ? postgresBinDir : undefined);

const secrets = plantSecrets();
const options = { planners: { postgresql: postgresPlanner }, engineVersion: 'test' };

describe.runIf(available && !process.env.POSTGRES_SANDBOX_URL)('the PostgreSQL sandbox, red-team round', () => {
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

  it('reads nothing of the open session next door or the server from catalogs, statistics views and files', async () => {
    for (const read of postgresCatalogReads(secrets)) {
      expectNothingLeaked(await answersTo(attacker, `SELECT ${read} AS v FROM t`), secrets, read);
    }
  }, 300_000);

  it('changes no identity and signals no other session’s backend; stays unprivileged after each', async () => {
    for (const sql of postgresIdentityAttacks()) {
      expectNothingLeaked(await answersTo(attacker, sql), secrets, sql);
      await expectStillUnprivileged(attacker, 'postgresql', secrets, sql);
    }
    // The victim's session was not cancelled or terminated.
    expect(JSON.stringify(await victim.explain(`SELECT id FROM ${secrets.table}`))).toContain('Seq Scan');
  }, 300_000);

  it('evaluates no table structure with privilege (defaults, generated columns, checks, bounds, indexes, views)', async () => {
    for (const schemaText of postgresSchemaAttacks(secrets)) {
      const answer = await optimizeAnswer(
        { sql: 'SELECT a, k FROM t WHERE a = 1', dialect: 'postgresql', schemaText },
        options,
      );
      expectNothingLeaked(answer, secrets, schemaText);
      expectAnsweredByContract(answer);
    }
  }, 600_000);

  it('hands crafted statistics values to the injection without evaluating or leaking anything', async () => {
    for (const attack of statisticsAttacks('postgresql', secrets)) {
      const answer = await optimizeAnswer(attack, options);
      expectNothingLeaked(answer, secrets, attack.statsText ?? '');
      expectAnsweredByContract(answer);
    }
  }, 600_000);

  it('injects a column whose values its type refuses without them, with a note, and the other columns in full', async () => {
    const session = await postgresPlanner.open({
      dialect: 'postgresql',
      schemaSql: 'CREATE TABLE r (a int, k text);',
      statistics: [
        {
          table: 'r',
          rows: 1_000_000,
          columns: [
            { column: 'a', distinct: 10, histogramBounds: ['x', 'y', 'z'] },
            { column: 'k', distinct: 100, mostCommonValues: [{ value: 'common', frequency: 0.4 }] },
          ],
        },
      ],
    });
    try {
      expect(JSON.stringify(session.notes)).toContain('the most common values or histogram of r.a were ignored');
      expect(JSON.stringify(session.notes)).not.toContain('r.k');
      // The refused column's other statistics are in (10 distinct values), and so are the accepted column's values.
      expect((await session.explain('SELECT a FROM r WHERE a = 1')).root.rows).toBe(100_000);
      expect((await session.explain("SELECT a FROM r WHERE k = 'common'")).root.rows).toBe(400_000);
    } finally {
      await session.close();
    }
  }, 60_000);

  it('bounds what the optimizer evaluates while planning (huge values, long IN lists over many MCVs)', async () => {
    for (const attack of planTimeAttacks('postgresql')) {
      const answer = await optimizeAnswer(attack, options);
      expectNothingLeaked(answer, secrets, attack.sql.slice(0, 200));
      expectAnsweredByContract(answer);
    }
    expect(await answersTo(attacker, 'SELECT a FROM t')).toContain('Seq Scan');
  }, 600_000);
});
