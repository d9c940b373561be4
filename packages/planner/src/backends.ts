import type { Dialect } from '@sqltune/contracts';
import { mariadbAvailable, mariadbPlanner, shutdownMariaDb } from './mariadb/backend.ts';
import { pglitePlanner, shutdownPglitePool } from './pglite/backend.ts';
import type { PlannerBackend } from './types.ts';

/**
 * The optimizers this process can use, by dialect. PostgreSQL always has embedded PGlite; the MySQL
 * family gets a MariaDB sandbox when MYSQL_SANDBOX_URL is set or local binaries exist.
 */
export async function availablePlanners(): Promise<Partial<Record<Dialect, PlannerBackend>>> {
  const planners: Partial<Record<Dialect, PlannerBackend>> = { postgresql: pglitePlanner };
  if (mariadbAvailable()) planners.mysql = mariadbPlanner;
  return planners;
}

/** Releases every pooled optimizer instance and sandbox server (tests and server shutdown). */
export async function shutdownPlanners(): Promise<void> {
  await Promise.all([shutdownPglitePool(), shutdownMariaDb()]);
}
