/**
 * The red-team round against the default sandbox (embedded PGlite), through the planner session and through
 * optimize() with the user's SQL, table structure and statistics (docs/security.md, P1-P4 and C1-C3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optimize } from '../../src/optimize.ts';
import { pglitePlanner, shutdownPglitePool } from '../../src/pglite/backend.ts';
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

const secrets = plantSecrets();
const options = { planners: { postgresql: pglitePlanner }, engineVersion: 'test' };

describe('the PGlite sandbox, red-team round', () => {
  let attacker: PlannerSession;

  beforeAll(async () => {
    const victim = await pglitePlanner.open(victimRequest(secrets, 'postgresql'));
    await victim.explain(`SELECT id FROM ${secrets.table} WHERE email = '${secrets.sessionValue}'`);
    await victim.close();
    attacker = await pglitePlanner.open(attackerRequest('postgresql'));
  }, 120_000);

  afterAll(async () => {
    await attacker?.close();
    await shutdownPglitePool();
    removeSecrets(secrets);
  });

  it('reads nothing of another session or the server from catalogs, statistics views and server files', async () => {
    for (const read of postgresCatalogReads(secrets)) {
      expectNothingLeaked(await answersTo(attacker, `SELECT ${read} AS v FROM t`), secrets, read);
    }
  }, 300_000);

  it('changes no identity through statements that are not SET, and stays unprivileged after each', async () => {
    for (const sql of postgresIdentityAttacks()) {
      expectNothingLeaked(await answersTo(attacker, sql), secrets, sql);
      await expectStillUnprivileged(attacker, 'postgresql', secrets, sql);
    }
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

  it('hands crafted statistics values to the optimizer without evaluating or leaking anything', async () => {
    for (const attack of statisticsAttacks('postgresql', secrets)) {
      const answer = await optimizeAnswer(attack, options);
      expectNothingLeaked(answer, secrets, attack.statsText ?? '');
      expectAnsweredByContract(answer);
    }
  }, 600_000);

  it('bounds what the optimizer evaluates while planning (huge values, long IN lists over many MCVs)', async () => {
    for (const attack of planTimeAttacks('postgresql')) {
      const answer = await optimizeAnswer(attack, options);
      expectNothingLeaked(answer, secrets, attack.sql.slice(0, 200));
      expectAnsweredByContract(answer);
    }
    // The sandbox still answers.
    expect(await answersTo(attacker, 'SELECT a FROM t')).toContain('Seq Scan');
  }, 600_000);
});
