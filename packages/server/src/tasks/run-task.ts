import { AppError, ErrorCode, messageOf, type Report } from '@sqltune/contracts';
import { type OptimizeOptions, optimize } from '@sqltune/planner';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { tasks } from '../db/schema.ts';
import { TaskStates } from './service.ts';

/** After this many attempts an unexpected failure is final; pg-boss's retryLimit matches it. */
export const MAX_ATTEMPTS = 4;

/**
 * Runs one optimization task. Bad input is the user's to fix: the task fails at once with its code.
 * Anything else is ours: it throws so the queue retries, until MAX_ATTEMPTS marks it failed.
 */
export async function runTask(db: Database, taskId: string, options: OptimizeOptions): Promise<void> {
  const [task] = await db
    .update(tasks)
    .set({ attempts: sql`${tasks.attempts} + 1`, startedAt: new Date() })
    .where(eq(tasks.id, taskId))
    .returning();
  if (!task || task.state !== TaskStates.running) return;
  try {
    const report = await optimize(
      {
        sql: task.inputSql,
        dialect: task.dialect as Report['dialect'],
        schemaText: task.inputSchema,
        statsText: task.inputStats,
        planText: task.inputPlan,
      },
      options,
    );
    await db.update(tasks).set(completedFields(report)).where(eq(tasks.id, taskId));
  } catch (error) {
    const final = error instanceof AppError || task.attempts >= MAX_ATTEMPTS;
    if (!final) throw error;
    const detail = error instanceof AppError ? error.detail : messageOf(ErrorCode.INTERNAL);
    await db
      .update(tasks)
      .set({ state: TaskStates.failed, error: detail, finishedAt: new Date() })
      .where(eq(tasks.id, taskId));
  }
}

function completedFields(report: Report) {
  const gains = report.statements.map((s) => s.gain?.ratio).filter((g): g is number => g !== undefined);
  return {
    state: TaskStates.completed,
    report,
    totalRules: report.statements.reduce((sum, s) => sum + s.rules.length, 0),
    totalIndexes: report.statements.reduce((sum, s) => sum + s.indexes.length, 0),
    performanceGain: gains.length > 0 ? gains.reduce((a, b) => a + b, 0) / gains.length : null,
    finishedAt: new Date(),
    error: null,
  };
}
