/**
 * The red-team round against the MariaDB sandbox (local binaries), with the victim's session open on the same
 * server: catalogs, status and schemas a shared server fills, statements that change privileges or outlive the
 * session, table structure evaluated with privilege, crafted statistics written by the administrative connection,
 * heavy planning (docs/security.md, M1-M4).
 */
import { mariadbBinary, serviceAvailable } from '../../../../test-support/services.ts';
import { mariadbPlanner, shutdownMariaDb } from '../../src/mariadb/backend.ts';
import { mysqlCatalogReads, mysqlSchemaAttacks, mysqlStatementAttacks } from './red-team-attacks.ts';
import { redTeamRound } from './red-team-support.ts';

redTeamRound({
  name: 'MariaDB',
  available: serviceAvailable('MariaDB', mariadbBinary) && !process.env.MYSQL_SANDBOX_URL,
  planner: mariadbPlanner,
  catalogReads: mysqlCatalogReads,
  statementAttacks: mysqlStatementAttacks,
  schemaAttacks: mysqlSchemaAttacks,
  victimStillAnswers: (secrets) => secrets.table,
  stillAnswers: '"relation":"t"',
  shutdown: shutdownMariaDb,
});
