/**
 * The red-team round against the default sandbox (embedded PGlite), through the planner session and through
 * optimize() with the user's SQL, table structure and statistics (docs/security.md, P1-P4 and C1-C3).
 */
import { pglitePlanner, shutdownPglitePool } from '../../src/pglite/backend.ts';
import { postgresCatalogReads, postgresIdentityAttacks, postgresSchemaAttacks } from './red-team-attacks.ts';
import { redTeamRound } from './red-team-support.ts';

redTeamRound({
  name: 'PGlite',
  available: true,
  planner: pglitePlanner,
  catalogReads: postgresCatalogReads,
  statementAttacks: () => postgresIdentityAttacks(),
  schemaAttacks: postgresSchemaAttacks,
  stillAnswers: 'Seq Scan',
  shutdown: shutdownPglitePool,
});
