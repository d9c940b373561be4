import type { Dialect } from '@sqltune/contracts';
import type { PlannerBackend } from './types.ts';

/** The optimizers this process can use, by dialect. */
export async function availablePlanners(): Promise<Partial<Record<Dialect, PlannerBackend>>> {
  return {};
}

/** Releases every pooled optimizer instance (tests and server shutdown). */
export async function shutdownPlanners(): Promise<void> {}
