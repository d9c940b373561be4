import {
  AppError,
  type CreatedTask,
  type Dialect,
  ErrorCode,
  type TaskDetail,
  type TaskPage,
  type TaskState,
  type TaskSummary,
  type TaskType,
} from '@sqltune/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Catalogue } from '../accounts/catalogue.ts';
import { sqlLimitReached, userInfo, xmlLimitReached } from '../accounts/quota.ts';
import type { Database } from '../db/client.ts';
import { tasks, type users } from '../db/schema.ts';
import { queueSnapshot } from '../queue/task-queue.ts';
import type { AnalysisPool } from './analysis-pool.ts';
import type { CheckedSubmission, SubmissionText } from './check-submission.ts';
import { estimateFinishMs } from './eta.ts';
import { readReport } from './report-parts.ts';

export const TaskStates = {
  running: 'In Progress',
  failed: 'Failed',
  completed: 'Completed',
} as const satisfies Record<string, TaskState>;

export interface NewTask extends SubmissionText {
  fileName: string | null;
}

type User = typeof users.$inferSelect;

/** Tasks in progress the ETA model reads at most; a task further back has no ETA. */
const ETA_QUEUE_LIMIT = 1000;

/**
 * Checks the input at once (so a user sees 4202-4208 with a position before anything is queued) in an analysis
 * thread, then stores the task, which is its job too (the tasks table is the queue), taking one unit of quota in the
 * same statement. `onCreated` tells an in-process worker not to wait for its next poll.
 */
export async function createTask(
  db: Database,
  catalogue: Catalogue,
  analysis: AnalysisPool,
  user: User,
  input: NewTask,
  onCreated: () => void,
): Promise<CreatedTask> {
  // A SQL task may leave the statement empty when workload statistics bring the statements.
  if (!input.sql.trim() && !(input.workload && !input.mapper)) {
    throw new AppError(ErrorCode.INPUT_REQUIRED, { field: input.mapper ? 'file' : 'sql' });
  }
  const type: TaskType = input.mapper ? 'mybatis' : 'sql';
  // A user already at the limit is told so without spending an analysis on the submission.
  // userInfo also opens the free plan's current monthly cycle when it is new.
  const info = await userInfo(db, catalogue, user);
  if (type === 'mybatis' ? xmlLimitReached(info) : sqlLimitReached(info)) throw new AppError(ErrorCode.QUOTA_EXCEEDED);
  const checked = await analysis.check(user.id, input);
  const id = await insertWithinQuota(db, user.id, input, checked);
  if (!id) throw new AppError(ErrorCode.QUOTA_EXCEEDED);
  onCreated();
  return { id, state: TaskStates.running };
}

/** The quota a task of each type takes: a grant's used counter and the count it is limited by. */
const quotaColumns = {
  sql: { used: sql.raw('sql_used'), granted: sql.raw('sql_cnt') },
  mybatis: { used: sql.raw('xml_used'), granted: sql.raw('xml_cnt') },
} as const satisfies Record<TaskType, unknown>;

/**
 * Takes one unit of quota (SQL, or XML for a mapper) from an active grant with units left and inserts the task, in
 * one statement. The grant is locked FOR UPDATE: a concurrent statement that locked it first and used its last unit
 * makes PostgreSQL re-check the row, drop it (used < count fails) and lock the next grant with units left, so
 * concurrent submissions can never pass the spec's limit (sqlUsed >= the sum of sqlCnt over the active grants, the
 * same for XML; accounts/quota.ts). Grants that end first are used first. Returns the task id, or null when the limit
 * is reached.
 */
async function insertWithinQuota(
  db: Database,
  userId: string,
  input: NewTask,
  checked: CheckedSubmission,
): Promise<string | null> {
  const type: TaskType = input.mapper ? 'mybatis' : 'sql';
  const { used, granted } = quotaColumns[type];
  const object = input.mapper?.fileName ?? input.fileName ?? summarize(input.sql || (input.workload ?? ''));
  const result = await db.execute<{ id: string }>(sql`
    WITH chosen AS (
      SELECT id FROM plan_grants
      WHERE user_id = ${userId} AND valid_from <= now() AND valid_until > now() AND ${used} < ${granted}
      ORDER BY valid_until, id
      LIMIT 1
      FOR UPDATE
    ), taken AS (
      UPDATE plan_grants AS g SET ${used} = g.${used} + 1
      FROM chosen WHERE g.id = chosen.id AND g.${used} < g.${granted}
      RETURNING g.user_id
    )
    INSERT INTO tasks (user_id, type, framework, dialect, object, state, input_sql, input_schema, input_stats,
      input_plan, input_workload, statement_count)
    SELECT user_id, ${type}, ${checked.framework}, ${input.dialect}, ${object}, ${TaskStates.running},
      ${input.sql}, ${input.schema}, ${input.stats}, ${input.plan}, ${input.workload}, ${checked.statementCount}
    FROM taken
    RETURNING id`);
  return result.rows[0]?.id ?? null;
}

function summarize(text: string): string {
  const oneLine = text.slice(0, 200).replace(/\s+/g, ' ').trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 77)}...` : oneLine;
}

/** The columns of the task list: never the report or the input, which may be megabytes each. */
const summaryColumns = {
  id: tasks.id,
  type: tasks.type,
  dialect: tasks.dialect,
  object: tasks.object,
  state: tasks.state,
  totalRules: tasks.totalRules,
  performanceGain: tasks.performanceGain,
  totalIndexes: tasks.totalIndexes,
  createdAt: tasks.createdAt,
  finishedAt: tasks.finishedAt,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof tasks.$inferSelect)[K] };

export async function listTasks(db: Database, user: User, page: number, pageSize: number): Promise<TaskPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(tasks)
      .where(eq(tasks.userId, user.id))
      .orderBy(desc(tasks.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(tasks).where(eq(tasks.userId, user.id)),
  ]);
  const etas = await etaMinutes(db, rows);
  return { items: rows.map((row) => summaryOf(row, etas)), total: total?.value ?? 0, page, pageSize };
}

/** A task's detail with its report still as stored JSON text: it may be tens of megabytes, never parsed here. */
export type StoredTaskDetail = Omit<TaskDetail, 'report'> & { reportJson: string | null };

/** A task of `type`: the SQL and the mapper detail are separate calls, and neither answers for the other's tasks. */
export async function taskDetail(db: Database, user: User, id: string, type: TaskType): Promise<StoredTaskDetail> {
  const detail = isTaskId(id)
    ? await detailWhere(db, and(eq(tasks.id, id), eq(tasks.userId, user.id), eq(tasks.type, type)))
    : null;
  if (!detail) throw taskNotFound();
  return detail;
}

/**
 * The detail of the one task `condition` selects (it must name the task by its key), or null. Shared results read it
 * too (shares/service.ts): the detail holds the task, its input and its report, never its owner.
 */
export async function detailWhere(db: Database, condition: SQL | undefined): Promise<StoredTaskDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      reportRun: tasks.reportRun,
      error: tasks.error,
      inputSql: tasks.inputSql,
      inputSchema: tasks.inputSchema,
      inputStats: tasks.inputStats,
      inputPlan: tasks.inputPlan,
      inputWorkload: tasks.inputWorkload,
    })
    .from(tasks)
    .where(condition)
    .limit(1);
  if (!row) return null;
  return {
    ...summaryOf(row, await etaMinutes(db, [row])),
    reportJson: row.reportRun ? await readReport(db, row.id, row.reportRun) : null,
    error: (row.error as TaskDetail['error']) ?? null,
    input: {
      sql: row.inputSql,
      schema: row.inputSchema,
      stats: row.inputStats,
      plan: row.inputPlan,
      workload: row.inputWorkload,
    },
  };
}

export async function deleteTask(db: Database, user: User, id: string): Promise<void> {
  const deleted = isTaskId(id)
    ? await db
        .delete(tasks)
        .where(and(eq(tasks.id, id), eq(tasks.userId, user.id)))
        .returning({ id: tasks.id })
    : [];
  if (deleted.length === 0) throw taskNotFound();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isTaskId(id: string): boolean {
  return uuidPattern.test(id);
}

export function taskNotFound(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, { message: { zh: '任务不存在', en: 'task not found' } });
}

function summaryOf(row: SummaryRow, etas: Map<string, number>): TaskSummary {
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
    etaMinutes: row.state === TaskStates.running ? (etas.get(row.id) ?? null) : null,
  };
}

/**
 * ETAs in minutes (fractional; the web app rounds up) of the rows in progress, from the real queue (eta.ts). The
 * queue is read only when a row needs it.
 */
async function etaMinutes(db: Database, rows: SummaryRow[]): Promise<Map<string, number>> {
  const minutes = new Map<string, number>();
  if (!rows.some((row) => row.state === TaskStates.running)) return minutes;
  const finishMs = estimateFinishMs(await queueSnapshot(db, ETA_QUEUE_LIMIT));
  for (const [id, ms] of finishMs) minutes.set(id, Math.round((ms / 60_000) * 100) / 100);
  return minutes;
}
