import type { Dialect } from '@sqltune/contracts';
import { mariadbAvailable, mariadbPlanner, shutdownMariaDb } from './mariadb/backend.ts';
import { pglitePlanner, shutdownPglitePool } from './pglite/backend.ts';
import { postgresPlanner, postgresSandboxAvailable, shutdownPostgresSandbox } from './postgres/backend.ts';
import { sweepAbandonedRunDirectories } from './sandbox-files.ts';
import type { PlannerBackend } from './types.ts';

/**
 * The optimizers this process can use, by dialect.
 * - PostgreSQL: embedded PGlite by default; a PostgreSQL + HypoPG sandbox when POSTGRES_SANDBOX_URL is
 *   set, or when SQLTUNE_POSTGRES_PLANNER=sandbox asks for one started from the local binaries.
 * - MySQL family: a MariaDB sandbox when MYSQL_SANDBOX_URL is set or local binaries exist.
 */
export async function availablePlanners(
  env: NodeJS.ProcessEnv = process.env,
): Promise<Partial<Record<Dialect, PlannerBackend>>> {
  // A worker starting up: whatever sandbox files an earlier run could not remove (it was killed) go now.
  sweepAbandonedRunDirectories();
  const wantsSandbox = Boolean(env.POSTGRES_SANDBOX_URL) || env.SQLTUNE_POSTGRES_PLANNER === 'sandbox';
  const planners: Partial<Record<Dialect, PlannerBackend>> = {
    postgresql: wantsSandbox && postgresSandboxAvailable() ? postgresPlanner : pglitePlanner,
  };
  if (mariadbAvailable()) planners.mysql = mariadbPlanner;
  return planners;
}

/** Releases every pooled optimizer instance and sandbox server (tests and server shutdown). */
export async function shutdownPlanners(): Promise<void> {
  await Promise.all([shutdownPglitePool(), shutdownMariaDb(), shutdownPostgresSandbox()]);
}
