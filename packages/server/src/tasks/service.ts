import {
  AppError,
  type CreatedTask,
  type Dialect,
  ErrorCode,
  type Report,
  type TaskDetail,
  type TaskPage,
  type TaskState,
  type TaskSummary,
} from '@sqltune/contracts';
import { analyze, firstStatementError } from '@sqltune/engine';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { sqlLimitReached, userInfo } from '../accounts/plans.ts';
import type { Database } from '../db/client.ts';
import { tasks, users } from '../db/schema.ts';
import type { JobQueue } from '../queue/queue.ts';
import { checkPlanText } from './plan-text.ts';

export const TaskStates = {
  running: 'In Progress',
  failed: 'Failed',
  completed: 'Completed',
} as const satisfies Record<string, TaskState>;

export interface NewTask {
  dialect: Dialect;
  sql: string;
  schema: string | null;
  /** Statistics as JSON; needs the schema. */
  stats: string | null;
  plan: string | null;
  fileName: string | null;
}

type User = typeof users.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

/**
 * Validates the input at once (so a user sees 4202/4203/4204 with a position before anything is
 * queued), checks the quota, stores the task and enqueues its job.
 */
export async function createTask(db: Database, queue: JobQueue, user: User, input: NewTask): Promise<CreatedTask> {
  if (!input.sql.trim()) throw new AppError(ErrorCode.INPUT_REQUIRED, { field: 'sql' });
  const analysis = analyze({
    sql: input.sql,
    dialect: input.dialect,
    schemaText: input.schema,
    statsText: input.stats,
  });
  const unparsable = firstStatementError(analysis);
  if (unparsable) throw unparsable;
  if (input.plan) checkPlanText(input.plan, input.dialect);
  if (sqlLimitReached(await userInfo(db, user))) throw new AppError(ErrorCode.QUOTA_EXCEEDED);

  const [task] = await db
    .insert(tasks)
    .values({
      userId: user.id,
      type: 'sql',
      dialect: input.dialect,
      object: input.fileName ?? summarize(input.sql),
      state: TaskStates.running,
      inputSql: input.sql,
      inputSchema: input.schema,
      inputStats: input.stats,
      inputPlan: input.plan,
    })
    .returning();
  await db
    .update(users)
    .set({ sqlUsed: sql`${users.sqlUsed} + 1` })
    .where(eq(users.id, user.id));
  await queue.enqueue({ taskId: task!.id });
  return { id: task!.id, state: TaskStates.running };
}

function summarize(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 77)}...` : oneLine;
}

export async function listTasks(db: Database, user: User, page: number, pageSize: number): Promise<TaskPage> {
  const [rows, [total], eta] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(eq(tasks.userId, user.id))
      .orderBy(desc(tasks.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(tasks).where(eq(tasks.userId, user.id)),
    etaMinutes(db),
  ]);
  return { items: rows.map((row) => summaryOf(row, eta)), total: total?.value ?? 0, page, pageSize };
}

export async function taskDetail(db: Database, user: User, id: string): Promise<TaskDetail> {
  const row = await ownTask(db, user, id);
  return {
    ...summaryOf(row, await etaMinutes(db)),
    report: (row.report as Report | null) ?? null,
    error: (row.error as TaskDetail['error']) ?? null,
    input: { sql: row.inputSql, schema: row.inputSchema, stats: row.inputStats, plan: row.inputPlan },
  };
}

export async function deleteTask(db: Database, user: User, id: string): Promise<void> {
  await ownTask(db, user, id);
  await db.delete(tasks).where(and(eq(tasks.id, id), eq(tasks.userId, user.id)));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ownTask(db: Database, user: User, id: string): Promise<TaskRow> {
  const [row] = uuidPattern.test(id)
    ? await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.id, id), eq(tasks.userId, user.id)))
        .limit(1)
    : [];
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, { message: { zh: '任务不存在', en: 'task not found' } });
  return row;
}

function summaryOf(row: TaskRow, eta: number | null): TaskSummary {
  return {
    id: row.id,
    type: row.type === 'mybatis' ? 'mybatis' : 'sql',
    dialect: row.dialect as Dialect,
    object: row.object,
    state: row.state as TaskState,
    totalRules: row.totalRules,
    performanceGain: row.performanceGain,
    totalIndexes: row.totalIndexes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    etaMinutes: row.state === TaskStates.running ? eta : null,
  };
}

/** ETA from measured durations: the mean of the last 20 finished tasks, rounded up to whole minutes. */
async function etaMinutes(db: Database): Promise<number | null> {
  const recent = await db
    .select({ started: tasks.startedAt, finished: tasks.finishedAt })
    .from(tasks)
    .where(and(eq(tasks.state, TaskStates.completed), isNotNull(tasks.startedAt), isNotNull(tasks.finishedAt)))
    .orderBy(desc(tasks.finishedAt))
    .limit(20);
  if (recent.length === 0) return null;
  const meanMs = recent.reduce((sum, r) => sum + (r.finished!.getTime() - r.started!.getTime()), 0) / recent.length;
  return Math.max(1, Math.ceil(meanMs / 60_000));
}
