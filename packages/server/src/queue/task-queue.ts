import type { Dialect, MapperFramework, Message } from '@sqltune/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { deleteOtherRuns, deleteRun, storeReportParts } from '../tasks/report-parts.ts';

/**
 * The job queue is the tasks table itself (docs/design.md, "Tasks and workers"). A task 'In Progress' with no live
 * lease waits; a worker takes one with a single UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED), which
 * gives it a fresh lease token; the worker renews the lease while it runs, and every write of the outcome is
 * conditional on still holding that token, so a run whose lease was taken over can never write.
 */

/** After this many runs that did not finish (a crash, an internal error, a dead worker) the task fails for good. */
export const MAX_ATTEMPTS = 4;
/** A run that failed on our side is taken again after this many seconds. */
export const RETRY_DELAY_SECONDS = 5;

const IN_PROGRESS = 'In Progress';

/** What a worker needs to run a task it has taken. */
export interface ClaimedTask {
  id: string;
  token: string;
  attempts: number;
  dialect: Dialect;
  sql: string;
  schema: string | null;
  stats: string | null;
  plan: string | null;
  /** Set for a mapper task: `sql` is the XML of the file named `fileName`. */
  mapper: { fileName: string; framework: MapperFramework } | null;
  /** Pasted statement statistics (workload advice), for a SQL task. */
  workload: string | null;
}

/** What a completed run stores; the report arrives already serialized (JSON text) from the optimizer thread. */
export interface CompletedRun {
  reportJson: string;
  totalRules: number;
  totalIndexes: number;
  performanceGain: number | null;
}

/** A lease is live while its token is set and its time has not run out. */
const liveLease = sql`lease_token IS NOT NULL AND lease_expires_at > now()`;
const liveWorkerSlots = sql`(SELECT coalesce(sum(slots), 0) FROM workers
  WHERE seen_at + expire_seconds * interval '1 second' > now())`;

/** Announces (or refreshes) a worker and its slots; its liveness lasts its own expiry. */
export async function touchWorker(db: Database, id: string, slots: number, expireSeconds: number): Promise<void> {
  await db.execute(sql`INSERT INTO workers (id, slots, expire_seconds) VALUES (${id}, ${slots}, ${expireSeconds})
    ON CONFLICT (id) DO UPDATE SET slots = excluded.slots, expire_seconds = excluded.expire_seconds, seen_at = now()`);
}

export async function removeWorker(db: Database, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM workers WHERE id = ${id}`);
}

/**
 * Takes the next task, fairly: the order is the user's number of running tasks plus the task's rank among that
 * user's waiting tasks (round robin between users, a user with nothing running first), then age. One user never
 * holds every slot: at most (live slots - 1) of theirs run at once, at least 1. Ownerless tasks (the live examples,
 * examples/service.ts) come after every user's task and count as one user, so they too hold at most slots - 1.
 */
export async function claimTask(
  db: Database,
  worker: { id: string; expireSeconds: number },
): Promise<ClaimedTask | null> {
  const result = await db.execute<{
    id: string;
    lease_token: string;
    attempts: number;
    dialect: Dialect;
    type: string;
    framework: string | null;
    object: string;
    input_sql: string;
    input_schema: string | null;
    input_stats: string | null;
    input_plan: string | null;
    input_workload: string | null;
  }>(sql`
    WITH running AS (
      SELECT user_id, count(*) AS n FROM tasks WHERE state = ${IN_PROGRESS} AND ${liveLease} GROUP BY user_id
    ),
    waiting AS (
      SELECT t.id, t.created_at, coalesce(r.n, 0) AS running,
        coalesce(r.n, 0) + row_number() OVER (PARTITION BY t.user_id ORDER BY t.created_at, t.id) AS turn
      FROM tasks t LEFT JOIN running r ON r.user_id IS NOT DISTINCT FROM t.user_id
      WHERE t.state = ${IN_PROGRESS} AND t.available_at <= now() AND NOT (${liveLease})
    )
    UPDATE tasks SET
      lease_token = gen_random_uuid(),
      lease_expires_at = now() + ${worker.expireSeconds} * interval '1 second',
      leased_by = ${worker.id},
      attempts = attempts + 1,
      statements_done = 0,
      started_at = now()
    WHERE id = (
      SELECT t.id FROM tasks t JOIN waiting w ON w.id = t.id
      WHERE w.running < greatest(1, ${liveWorkerSlots} - 1)
        AND t.state = ${IN_PROGRESS} AND NOT (t.lease_token IS NOT NULL AND t.lease_expires_at > now())
      ORDER BY t.user_id IS NULL, w.turn, w.created_at, w.id
      LIMIT 1
      FOR UPDATE OF t SKIP LOCKED
    )
    RETURNING id, lease_token, attempts, dialect, type, framework, object, input_sql, input_schema, input_stats,
      input_plan, input_workload`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    token: row.lease_token,
    attempts: Number(row.attempts),
    dialect: row.dialect,
    sql: row.input_sql,
    schema: row.input_schema,
    stats: row.input_stats,
    plan: row.input_plan,
    mapper:
      row.type === 'mybatis'
        ? { fileName: row.object, framework: row.framework === 'ibatis' ? 'ibatis' : 'mybatis' }
        : null,
    workload: row.input_workload,
  };
}

/**
 * Extends the lease and records the run's progress; false when the lease is no longer ours (taken over, or the task
 * was deleted).
 */
export async function renewLease(
  db: Database,
  run: { id: string; token: string; done: number },
  expireSeconds: number,
): Promise<boolean> {
  const result = await db.execute(sql`UPDATE tasks
    SET lease_expires_at = now() + ${expireSeconds} * interval '1 second', statements_done = ${run.done}
    WHERE id = ${run.id} AND lease_token = ${run.token} AND state = ${IN_PROGRESS} RETURNING id`);
  return result.rows.length > 0;
}

/** The outcome columns every final write sets; the WHERE makes the write conditional on holding the lease. */
const finished = sql`finished_at = now(), lease_token = NULL, lease_expires_at = NULL, result_writes = result_writes + 1`;

/**
 * Stores the report (in parts, tasks/report-parts.ts) and completes the task; false (nothing kept) when the lease
 * is no longer ours. The UPDATE that completes is the one result write, conditional on the lease like every part.
 */
export async function completeTask(db: Database, id: string, token: string, run: CompletedRun): Promise<boolean> {
  if (!(await storeReportParts(db, id, token, run.reportJson))) return false;
  const result = await db.execute(sql`UPDATE tasks SET state = 'Completed', report_run = ${token}, error = NULL,
      total_rules = ${run.totalRules}, total_indexes = ${run.totalIndexes},
      performance_gain = ${run.performanceGain}, ${finished}
    WHERE id = ${id} AND lease_token = ${token} AND state = ${IN_PROGRESS} RETURNING id`);
  if (result.rows.length === 0) {
    await deleteRun(db, id, token);
    return false;
  }
  await deleteOtherRuns(db, id, token);
  return true;
}

/** Fails the task for good with a message for the user; false when the lease is no longer ours. */
export async function failTask(db: Database, id: string, token: string, error: Message): Promise<boolean> {
  const result = await db.execute(sql`UPDATE tasks SET state = 'Failed', error = ${JSON.stringify(error)}::jsonb,
      ${finished}
    WHERE id = ${id} AND lease_token = ${token} AND state = ${IN_PROGRESS} RETURNING id`);
  return result.rows.length > 0;
}

/** Gives the task back after a failure on our side, to be taken again after RETRY_DELAY_SECONDS. */
export async function retryTask(db: Database, id: string, token: string): Promise<boolean> {
  const result = await db.execute(sql`UPDATE tasks SET lease_token = NULL, lease_expires_at = NULL,
      available_at = now() + ${RETRY_DELAY_SECONDS} * interval '1 second'
    WHERE id = ${id} AND lease_token = ${token} AND state = ${IN_PROGRESS} RETURNING id`);
  return result.rows.length > 0;
}

/** Gives an unfinished task back at shutdown, at once and without counting the interrupted run as an attempt. */
export async function releaseTask(db: Database, id: string, token: string): Promise<void> {
  await db.execute(sql`UPDATE tasks SET lease_token = NULL, lease_expires_at = NULL, available_at = now(),
      attempts = greatest(attempts - 1, 0)
    WHERE id = ${id} AND lease_token = ${token} AND state = ${IN_PROGRESS}`);
}

/**
 * The embedded database belongs to one process: at its start every lease and worker row is from a run that is
 * gone (stopped or killed), so its tasks can be taken at once instead of after their expiry.
 */
export async function forgetEarlierRun(db: Database): Promise<void> {
  await db.execute(sql`UPDATE tasks SET lease_token = NULL, lease_expires_at = NULL
    WHERE state = ${IN_PROGRESS} AND lease_token IS NOT NULL`);
  await db.execute(sql`DELETE FROM workers`);
}

/**
 * Fails the tasks whose lease ran out MAX_ATTEMPTS times (their workers keep dying on them) and forgets workers
 * unseen for a day. Runs before each claim: cheap, and any live worker does it.
 */
export async function sweep(db: Database, internalError: Message): Promise<void> {
  await db.execute(sql`UPDATE tasks SET state = 'Failed', error = ${JSON.stringify(internalError)}::jsonb, ${finished}
    WHERE state = ${IN_PROGRESS} AND lease_token IS NOT NULL AND lease_expires_at <= now()
      AND attempts >= ${MAX_ATTEMPTS}`);
  await db.execute(sql`DELETE FROM workers WHERE seen_at < now() - interval '1 day'`);
}

/** The tasks in progress, oldest first, as the ETA model reads them (at most `limit`). */
export interface QueueSnapshot {
  /** Threads of the live workers. */
  slots: number;
  /** Mean run time per statement over the last 20 completed tasks; null before any. */
  msPerStatement: number | null;
  tasks: Array<{
    id: string;
    /** Null for an ownerless task (a live example). */
    userId: string | null;
    statements: number;
    running: boolean;
    /** Of a running task: how long its run has gone, and the statements it has done (at its last renewal). */
    elapsedMs: number;
    done: number;
  }>;
}

export async function queueSnapshot(db: Database, limit: number): Promise<QueueSnapshot> {
  const [capacity, pace, queued] = await Promise.all([
    db.execute<{ slots: string | number }>(sql`SELECT ${liveWorkerSlots} AS slots`),
    db.execute<{ ms: string | number | null }>(sql`
      SELECT sum(extract(epoch FROM finished_at - started_at)) * 1000 / nullif(sum(statement_count), 0) AS ms
      FROM (SELECT started_at, finished_at, statement_count FROM tasks
        WHERE state = 'Completed' AND started_at IS NOT NULL AND finished_at IS NOT NULL
        ORDER BY finished_at DESC LIMIT 20) recent`),
    db.execute<{
      id: string;
      user_id: string | null;
      statement_count: number;
      statements_done: number;
      running: boolean;
      elapsed_ms: string | number | null;
    }>(sql`
      SELECT id, user_id, statement_count, statements_done, (${liveLease}) AS running,
        extract(epoch FROM now() - started_at) * 1000 AS elapsed_ms
      FROM tasks WHERE state = ${IN_PROGRESS} ORDER BY created_at, id LIMIT ${limit}`),
  ]);
  const ms = pace.rows[0]?.ms;
  return {
    slots: Number(capacity.rows[0]?.slots ?? 0),
    msPerStatement: ms === null || ms === undefined ? null : Number(ms),
    tasks: queued.rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      statements: Number(row.statement_count),
      running: Boolean(row.running),
      elapsedMs: Number(row.elapsed_ms ?? 0),
      done: Number(row.statements_done),
    })),
  };
}
