import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AppError, type Dialect, ErrorCode, type TaskType } from '@sqltune/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../db/client.ts';
import { examples, tasks } from '../db/schema.ts';
import type { AnalysisPool } from '../tasks/analysis-pool.ts';
import type { SubmissionText } from '../tasks/check-submission.ts';
import { detailWhere, type StoredTaskDetail } from '../tasks/service.ts';

/**
 * The live examples (docs/design.md, "Live examples"): real results of our own pipeline, made from the inputs in
 * ./inputs as ownerless tasks at start, in the background, and made again when the engine version or an input
 * changes. They are read as shares named by the example (`/api/v1/share/optimizes/sql/example_sql`).
 */
export interface ExampleDefinition {
  /** The share id the web app links (EXAMPLE_*_SHARE_ID in packages/web/src/config.ts). */
  name: string;
  type: TaskType;
  dialect: Dialect;
  /** The statement (or mapper) file and its tables with statistics, under ./inputs. */
  input: string;
  schema: string;
}

export const EXAMPLES: readonly ExampleDefinition[] = [
  { name: 'example_sql', type: 'sql', dialect: 'mysql', input: 'shop-mysql.sql', schema: 'shop-mysql-schema.sql' },
  {
    name: 'example_postgresql',
    type: 'sql',
    dialect: 'postgresql',
    input: 'shop-postgresql.sql',
    schema: 'shop-postgresql-schema.sql',
  },
  {
    name: 'example_mybatis',
    type: 'mybatis',
    dialect: 'mysql',
    input: 'OrderMapper.xml',
    schema: 'OrderMapper-schema.sql',
  },
];

/** A client asked for an example being made is told to come back after this long. */
const RETRY_AFTER_SECONDS = 10;
/** How often a process that made an example looks whether it is done (to drop the run it replaces). */
const SETTLE_POLL_MS = 2000;
/**
 * A failed example is made again when a visitor opens it, at most this often per API process: a failure that
 * lasts (a broken input) costs one optimization per period, not one per visit.
 */
const REMAKE_FAILED_MS = 5 * 60_000;

const inputsDir = new URL('./inputs/', import.meta.url);

export function exampleDefinition(name: string): ExampleDefinition | undefined {
  return EXAMPLES.find((example) => example.name === name);
}

/** The submission an example is made from, as a user would send it. */
export function exampleSubmission(example: ExampleDefinition): SubmissionText {
  const read = (file: string) => readFileSync(new URL(file, inputsDir), 'utf8');
  return {
    dialect: example.dialect,
    sql: read(example.input),
    schema: read(example.schema),
    stats: null,
    plan: null,
    mapper: example.type === 'mybatis' ? { fileName: example.input, framework: null } : null,
    workload: null,
  };
}

function digestOf(submission: SubmissionText): string {
  return createHash('sha256').update(JSON.stringify(submission)).digest('hex');
}

export interface ExamplesOptions {
  db: Database;
  analysis: AnalysisPool;
  engineVersion: string;
  log: Logger;
  /** Called after an example task is stored: an in-process worker looks for it at once. */
  onTaskCreated: () => void;
}

/**
 * Makes the examples that are missing or out of date, in the background of an API process. Several API processes
 * may start at once: each write is conditional on the row it read, and a process that lost the race deletes the
 * task it made.
 */
export class ExampleMaker {
  private stopped = false;
  private settleTimer: NodeJS.Timeout | undefined;
  /** The current pass (a start or a refresh); stop() waits for it. */
  private pass: Promise<void> = Promise.resolve();
  private lastRemake = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: ExamplesOptions) {}

  /** Runs a pass after the current one; resolves when its tasks are stored (not yet optimized). Never rejects. */
  refresh(): Promise<void> {
    this.pass = this.pass
      .then(() => this.makeMissing())
      .catch((error) => {
        this.options.log.error({ err: error }, 'could not prepare the examples');
      });
    return this.pass;
  }

  /**
   * A visitor found an example failed or without a run: make it again now, unless that was tried in the last
   * REMAKE_FAILED_MS. Without this, a failed example waited for the next start of the app.
   */
  remakeUnavailable(): void {
    const now = Date.now();
    if (this.stopped || now - this.lastRemake < REMAKE_FAILED_MS) return;
    this.lastRemake = now;
    void this.refresh();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.settleTimer);
    await this.pass;
  }

  private async makeMissing(): Promise<void> {
    const { db } = this.options;
    await dropReplaced(db);
    let made = 0;
    for (const example of EXAMPLES) {
      if (this.stopped) return;
      if (await this.makeIfStale(example)) made++;
    }
    if (made > 0) this.settleLater();
  }

  /** Makes the example again when it is missing, out of date or failed; true when a task was stored. */
  private async makeIfStale(example: ExampleDefinition): Promise<boolean> {
    const { db, analysis, engineVersion, log } = this.options;
    const submission = exampleSubmission(example);
    const digest = digestOf(submission);
    const [row] = await db
      .select({
        taskId: examples.taskId,
        previousTaskId: examples.previousTaskId,
        engineVersion: examples.engineVersion,
        inputDigest: examples.inputDigest,
        state: tasks.state,
      })
      .from(examples)
      .leftJoin(tasks, eq(tasks.id, examples.taskId))
      .where(eq(examples.name, example.name))
      .limit(1);
    const upToDate = row && row.engineVersion === engineVersion && row.inputDigest === digest;
    if (upToDate && row.state && row.state !== 'Failed') return false;

    const checked = await analysis.check(`example:${example.name}`, submission);
    const [task] = await db
      .insert(tasks)
      .values({
        userId: null,
        type: example.type,
        framework: checked.framework,
        dialect: example.dialect,
        object: example.type === 'mybatis' ? example.input : example.name,
        state: 'In Progress',
        inputSql: submission.sql,
        inputSchema: submission.schema,
        statementCount: checked.statementCount,
      })
      .returning({ id: tasks.id });
    const taskId = task!.id;
    const values = { taskId, engineVersion, inputDigest: digest, createdAt: new Date() };
    let stored: unknown[];
    if (!row) {
      stored = await db
        .insert(examples)
        .values({ name: example.name, ...values })
        .onConflictDoNothing()
        .returning({ name: examples.name });
    } else {
      // The completed run is shown until the new one completes; an unfinished or failed one is of no use.
      const keep = row.state === 'Completed' ? row.taskId : row.previousTaskId;
      stored = await db
        .update(examples)
        .set({ ...values, previousTaskId: keep })
        .where(sql`${examples.name} = ${example.name} AND ${examples.taskId} IS NOT DISTINCT FROM ${row.taskId}::uuid`)
        .returning({ name: examples.name });
      if (stored.length > 0 && row.taskId && keep !== row.taskId) await deleteTask(db, row.taskId);
    }
    if (stored.length === 0) {
      // Another process made it first.
      await deleteTask(db, taskId);
      return false;
    }
    log.info(
      { example: example.name, taskId, engineVersion, reason: row ? (upToDate ? 'failed' : 'out of date') : 'missing' },
      'making an example',
    );
    this.options.onTaskCreated();
    return true;
  }

  /** Drops each replaced run once its successor has completed; stops looking when none is left to wait for. */
  private settleLater(): void {
    if (this.stopped) return;
    this.settleTimer = setTimeout(() => {
      this.pass = this.pass
        .then(async () => {
          if (this.stopped) return;
          await dropReplaced(this.options.db);
          if (await anyInProgress(this.options.db)) this.settleLater();
        })
        .catch((error) => this.options.log.error({ err: error }, 'could not settle the examples'));
    }, SETTLE_POLL_MS);
    this.settleTimer.unref();
  }
}

async function deleteTask(db: Database, id: string): Promise<void> {
  await db.delete(tasks).where(eq(tasks.id, id));
}

/** Deletes the runs kept for display whose successor has completed (the FK then clears previous_task_id). */
async function dropReplaced(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM tasks WHERE id IN (
    SELECT e.previous_task_id FROM examples e JOIN tasks t ON t.id = e.task_id
    WHERE e.previous_task_id IS NOT NULL AND t.state = 'Completed')`);
}

async function anyInProgress(db: Database): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM examples e JOIN tasks t ON t.id = e.task_id
    WHERE t.state = 'In Progress' LIMIT 1`);
  return result.rows.length > 0;
}

/**
 * The example `name` of `type`, read-only and without sign-in: its current run once finished, else the run it
 * replaces; while neither is there, 4701 (being prepared). Null when `name` is no example of `type`.
 */
export async function exampleDetail(
  db: Database,
  name: string,
  type: TaskType,
  enabled: boolean,
  onUnavailable: () => void = () => {},
): Promise<StoredTaskDetail | null> {
  const example = exampleDefinition(name);
  if (!example || example.type !== type || !enabled) return null;
  const [row] = await db
    .select({ taskId: examples.taskId, previousTaskId: examples.previousTaskId, state: tasks.state })
    .from(examples)
    .leftJoin(tasks, eq(tasks.id, examples.taskId))
    .where(eq(examples.name, name))
    .limit(1);
  // A completed run first, then the completed run it replaces, then a failed one (the page says why).
  const shown =
    (row?.state === 'Completed' ? row.taskId : null) ??
    row?.previousTaskId ??
    (row?.state === 'Failed' ? row.taskId : null);
  // Its current run failed or is gone: a run is made again (one in progress is simply waited for).
  if (!row?.state || row.state === 'Failed') onUnavailable();
  const detail = shown ? await detailWhere(db, eq(tasks.id, shown)) : null;
  if (!detail || detail.state === 'In Progress') {
    throw new AppError(ErrorCode.EXAMPLE_PREPARING, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  }
  return detail;
}
