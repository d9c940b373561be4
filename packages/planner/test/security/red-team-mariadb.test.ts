/**
 * The red-team round against the MariaDB sandbox (local binaries), with the victim's session open on the same
 * server: catalogs, status and schemas a shared server fills, statements that change privileges or outlive the
 * session, table structure evaluated with privilege, crafted statistics written by the administrative connection,
 * heavy planning (docs/security.md, M1-M4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../../test-support/services.ts';
import { mariadbPlanner, shutdownMariaDb } from '../../src/mariadb/backend.ts';
import type { PlannerSession } from '../../src/types.ts';
import {
  answersTo,
  attackerRequest,
  expectNothingLeaked,
  plantSecrets,
  removeSecrets,
  victimRequest,
} from './attacks.ts';
import { mysqlCatalogReads, mysqlSchemaAttacks, mysqlStatementAttacks } from './red-team-attacks.ts';
import {
  expectAnsweredByContract,
  expectStillUnprivileged,
  optimizeAnswer,
  planTimeAttacks,
  statisticsAttacks,
} from './red-team-support.ts';

const available = serviceAvailable('MariaDB', mariadbBinary);
const secrets = plantSecrets();
const options = { planners: { mysql: mariadbPlanner }, engineVersion: 'test' };

describe.runIf(available && !process.env.MYSQL_SANDBOX_URL)('the MariaDB sandbox, red-team round', () => {
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

  it('reads nothing of the open session next door from catalogs, statistics, status or server files', async () => {
    for (const read of mysqlCatalogReads(secrets)) {
      expectNothingLeaked(await answersTo(attacker, `SELECT ${read} AS v FROM t`), secrets, read);
    }
  }, 300_000);

  it('runs no statement that changes privileges, outlives the session or lifts its time limit', async () => {
    for (const sql of mysqlStatementAttacks(secrets)) {
      expectNothingLeaked(await answersTo(attacker, sql), secrets, sql);
      await expectStillUnprivileged(attacker, 'mysql', secrets, sql);
    }
    expect(JSON.stringify(await victim.explain(`SELECT id FROM ${secrets.table}`))).toContain(secrets.table);
  }, 600_000);

  it('evaluates no table structure with privilege (defaults, generated columns, checks, views, triggers, events)', async () => {
    for (const schemaText of mysqlSchemaAttacks(secrets)) {
      const answer = await optimizeAnswer(
        { sql: 'SELECT a, k FROM t WHERE a = 1', dialect: 'mysql', schemaText },
        options,
      );
      expectNothingLeaked(answer, secrets, schemaText);
      expectAnsweredByContract(answer);
    }
  }, 600_000);

  it('writes crafted statistics into the server as data, and answers with a report or a refusal', async () => {
    for (const attack of statisticsAttacks('mysql', secrets)) {
      const answer = await optimizeAnswer(attack, options);
      expectNothingLeaked(answer, secrets, attack.statsText ?? '');
      expectAnsweredByContract(answer);
    }
  }, 600_000);

  it('bounds what the optimizer evaluates while planning (huge values, long IN lists, regular expressions)', async () => {
    for (const attack of planTimeAttacks('mysql')) {
      const answer = await optimizeAnswer(attack, options);
      expectNothingLeaked(answer, secrets, attack.sql.slice(0, 200));
      expectAnsweredByContract(answer);
    }
    expect(await answersTo(attacker, 'SELECT a FROM t')).toContain('"relation":"t"');
  }, 600_000);
});
