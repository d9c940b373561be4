import type { Dialect } from '@sqltune/contracts';
import { pglitePlanner, shutdownPglitePool } from './pglite/backend.ts';
import type { PlannerBackend } from './types.ts';

/**
 * The optimizers this process can use, by dialect. PostgreSQL always has embedded PGlite; the
 * MySQL family gets a MariaDB sandbox when one is configured or local binaries exist.
 */
export async function availablePlanners(): Promise<Partial<Record<Dialect, PlannerBackend>>> {
  return { postgresql: pglitePlanner };
}

/** Releases every pooled optimizer instance (tests and server shutdown). */
export async function shutdownPlanners(): Promise<void> {
  await shutdownPglitePool();
}
