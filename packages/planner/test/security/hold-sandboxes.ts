/**
 * A process that starts the local PostgreSQL and MariaDB sandboxes, opens a session on each, prints their run
 * directories as one JSON line and waits to be killed (sandbox-files.test.ts).
 */
import { mariadbPlanner } from '../../src/mariadb/backend.ts';
import { localServerInfo as mariadbServer } from '../../src/mariadb/server.ts';
import { postgresPlanner } from '../../src/postgres/backend.ts';
import { localServerInfo as postgresServer } from '../../src/postgres/server.ts';
import { configurePlanners, plannerSettingsFromEnv } from '../../src/settings.ts';

// A program's edge: the servers' parent directory comes from the environment the test gives.
configurePlanners(plannerSettingsFromEnv(process.env));

const request = { schemaSql: 'CREATE TABLE t (a int PRIMARY KEY);', statistics: [] };
await mariadbPlanner.open({ dialect: 'mysql', ...request });
await postgresPlanner.open({ dialect: 'postgresql', ...request });
console.log(JSON.stringify({ mariadb: mariadbServer()?.dir, postgres: postgresServer()?.dir }));
setInterval(() => undefined, 60_000);
