import type { Dialect } from '@sqltune/contracts';
import { mariadbAvailable, mariadbPlanner, shutdownMariaDb } from './mariadb/backend.ts';
import { pglitePlanner, shutdownPglitePool } from './pglite/backend.ts';
import { postgresPlanner, postgresSandboxAvailable, shutdownPostgresSandbox } from './postgres/backend.ts';
import { sweepAbandonedRunDirectories } from './sandbox-files.ts';
import { configurePlanners, type PlannerSettings, plannerSettings } from './settings.ts';
import type { PlannerBackend } from './types.ts';

/**
 * The optimizers this process can use, by dialect, set up by `settings` (which every optimizer started from now on
 * uses; default: the settings given last).
 * - PostgreSQL: embedded PGlite by default; a PostgreSQL + HypoPG sandbox when the settings ask for one (an existing
 *   server by URL, or one started from the local binaries).
 * - MySQL family: a MariaDB sandbox when a server URL is given or local binaries exist.
 */
export async function availablePlanners(
  settings: PlannerSettings = plannerSettings(),
): Promise<Partial<Record<Dialect, PlannerBackend>>> {
  configurePlanners(settings);
  // A worker starting up: whatever sandbox files an earlier run could not remove (it was killed) go now.
  sweepAbandonedRunDirectories();
  const planners: Partial<Record<Dialect, PlannerBackend>> = {
    postgresql: settings.postgres.useSandbox && postgresSandboxAvailable() ? postgresPlanner : pglitePlanner,
  };
  if (mariadbAvailable()) planners.mysql = mariadbPlanner;
  return planners;
}

/** Releases every pooled optimizer instance and sandbox server (tests and server shutdown). */
export async function shutdownPlanners(): Promise<void> {
  await Promise.all([shutdownPglitePool(), shutdownMariaDb(), shutdownPostgresSandbox()]);
}
