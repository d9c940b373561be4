/**
 * The red-team round against the PostgreSQL 15 + HypoPG sandbox (local binaries), with the victim's session open on
 * the same server: catalogs and statistics views, identity changes, table structure evaluated during setup and
 * verification, crafted statistics handed to the SECURITY DEFINER injection, heavy planning (docs/security.md, S1-S5).
 */
import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { postgresBinDir, serviceAvailable } from '../../../../test-support/services.ts';
import { postgresPlanner, shutdownPostgresSandbox } from '../../src/postgres/backend.ts';
import { postgresCatalogReads, postgresIdentityAttacks, postgresSchemaAttacks } from './red-team-attacks.ts';
import { redTeamRound } from './red-team-support.ts';

const hypopgInstalled =
  postgresBinDir !== undefined &&
  existsSync(`/usr/share/postgresql/${postgresBinDir.split('/').at(-2)}/extension/hypopg.control`);

redTeamRound(
  {
    name: 'PostgreSQL',
    available:
      serviceAvailable('PostgreSQL+HypoPG', hypopgInstalled ? postgresBinDir : undefined) &&
      !process.env.POSTGRES_SANDBOX_URL,
    planner: postgresPlanner,
    catalogReads: postgresCatalogReads,
    statementAttacks: () => postgresIdentityAttacks(),
    schemaAttacks: postgresSchemaAttacks,
    victimStillAnswers: () => 'Seq Scan',
    stillAnswers: 'Seq Scan',
    shutdown: shutdownPostgresSandbox,
  },
  () => {
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
  },
);
