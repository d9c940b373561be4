import { randomBytes } from 'node:crypto';
import { AppError, type CreatedShare, ErrorCode, type TaskType } from '@sqltune/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { shares, tasks, type users } from '../db/schema.ts';
import { exampleDetail } from '../examples/service.ts';
import { detailWhere, isTaskId, type StoredTaskDetail, taskNotFound } from '../tasks/service.ts';

type User = typeof users.$inferSelect;

/** Random bytes of a share id: 192 bits, far past guessing (docs/design.md, "Sharing"). */
const SHARE_ID_BYTES = 24;

/** A share id as made here: the base64url of SHARE_ID_BYTES bytes (32 characters). */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The live share of one of the caller's tasks, made when there is none: the share button gives the same link each
 * time until it is revoked. Another user's task (or none) is 404, as the task detail answers it.
 */
export async function shareTask(db: Database, user: User, taskId: string): Promise<CreatedShare> {
  const [task] = isTaskId(taskId)
    ? await db
        .select({ id: tasks.id, type: tasks.type })
        .from(tasks)
        .where(and(eq(tasks.id, taskId), eq(tasks.userId, user.id)))
        .limit(1)
    : [];
  if (!task) throw taskNotFound();
  // A concurrent click inserts nothing here and reads the row the other one made.
  await db
    .insert(shares)
    .values({ id: randomBytes(SHARE_ID_BYTES).toString('base64url'), taskId: task.id })
    .onConflictDoNothing({ target: shares.taskId });
  const [share] = await db.select({ id: shares.id }).from(shares).where(eq(shares.taskId, task.id)).limit(1);
  if (!share) throw taskNotFound(); // the task was deleted between the two statements
  return { shareId: share.id, type: task.type === 'mybatis' ? 'mybatis' : 'sql' };
}

/**
 * The shared task of `type`, without sign-in. The task's own id is kept (the shared chat route names it); the
 * running ETA is dropped, as it describes the queue rather than the result.
 */
export async function sharedDetail(
  db: Database,
  shareId: string,
  type: TaskType,
  examplesEnabled: boolean,
  /** Called when the example asked for has no run to show or its run failed (it is then made again). */
  onExampleUnavailable?: () => void,
): Promise<StoredTaskDetail> {
  // The live examples are shares named by the example (examples/service.ts); 4701 while one is being made.
  const example = await exampleDetail(db, shareId, type, examplesEnabled, onExampleUnavailable);
  if (example) return { ...example, etaMinutes: null };
  const detail = SHARE_ID_PATTERN.test(shareId)
    ? await detailWhere(
        db,
        and(
          eq(tasks.type, type),
          eq(tasks.id, sql`(SELECT ${shares.taskId} FROM ${shares} WHERE ${shares.id} = ${shareId})`),
        ),
      )
    : null;
  if (!detail) throw shareNotFound();
  return { ...detail, etaMinutes: null };
}

/** Ends a share of one of the caller's tasks: its link answers 404 from now on. */
export async function revokeShare(db: Database, user: User, shareId: string): Promise<void> {
  const deleted = SHARE_ID_PATTERN.test(shareId)
    ? await db
        .delete(shares)
        .where(
          and(
            eq(shares.id, shareId),
            sql`EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${shares.taskId} AND ${tasks.userId} = ${user.id})`,
          ),
        )
        .returning({ id: shares.id })
    : [];
  if (deleted.length === 0) throw shareNotFound();
}

function shareNotFound(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, {
    message: { zh: '分享不存在或已被撤销', en: 'this share does not exist or was revoked' },
  });
}
