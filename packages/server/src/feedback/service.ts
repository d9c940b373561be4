import {
  AppError,
  ErrorCode,
  FEEDBACK_DETAIL_MAX_CHARS,
  type Feedback,
  type FeedbackBody,
  type FeedbackIssueType,
  FeedbackRating,
} from '@sqltune/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { feedback, tasks, users } from '../db/schema.ts';
import { isTaskId, taskNotFound } from '../tasks/service.ts';

type User = typeof users.$inferSelect;

/**
 * The issue types a feedback chooses from (GET /v1/feedback/issue_types), in the order the select lists them. Ids
 * are stored with each feedback: keep them when relabelling, add new ones rather than renaming.
 */
export const FEEDBACK_ISSUE_TYPES: readonly FeedbackIssueType[] = [
  { id: 'helpful', label: { zh: '结果有帮助', en: 'The result helped' } },
  { id: 'index_advice', label: { zh: '索引建议', en: 'Index advice' } },
  { id: 'rewrite', label: { zh: 'SQL 改写', en: 'SQL rewrite' } },
  { id: 'plan', label: { zh: '执行计划', en: 'Execution plan' } },
  { id: 'score', label: { zh: '性能评分', en: 'Performance scores' } },
  { id: 'wrong_result', label: { zh: '结果有误', en: 'Something in the result is wrong' } },
  { id: 'display', label: { zh: '页面显示', en: 'Page display' } },
  { id: 'other', label: { zh: '其他', en: 'Other' } },
];
const issueTypeIds = new Set(FEEDBACK_ISSUE_TYPES.map((type) => type.id));

/**
 * Checks a feedback body field by field, each problem with its own code: the issue type first (the spec: "Feedback
 * requires choosing an issue type"), then the rating, then the detail's size (never cut: 4804 beyond the limit).
 */
export function checkFeedback(body: unknown): Required<FeedbackBody> {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const issueType = typeof fields.issueType === 'string' ? fields.issueType.trim() : '';
  if (!issueType) throw new AppError(ErrorCode.FEEDBACK_TYPE_REQUIRED, { field: 'issueType' });
  const rating = FeedbackRating.safeParse(fields.rating);
  if (!rating.success) throw new AppError(ErrorCode.FEEDBACK_RATING_REQUIRED, { field: 'rating' });
  if (!issueTypeIds.has(issueType)) throw new AppError(ErrorCode.FEEDBACK_TYPE_UNKNOWN, { field: 'issueType' });
  if (fields.detail !== undefined && fields.detail !== null && typeof fields.detail !== 'string') {
    throw new AppError(ErrorCode.BAD_REQUEST, {
      field: 'detail',
      message: { zh: '字段 detail 必须是文本', en: 'the field detail must be a string' },
    });
  }
  const detail = typeof fields.detail === 'string' ? fields.detail.trim() : '';
  if (detail.length > FEEDBACK_DETAIL_MAX_CHARS) {
    throw new AppError(ErrorCode.FEEDBACK_DETAIL_TOO_LONG, {
      field: 'detail',
      message: {
        zh: `问题描述最多 ${FEEDBACK_DETAIL_MAX_CHARS} 个字符（当前 ${detail.length} 个）`,
        en: `the description takes at most ${FEEDBACK_DETAIL_MAX_CHARS} characters (this one has ${detail.length})`,
      },
    });
  }
  return { rating: rating.data, issueType, detail };
}

/** The caller's own task, or 404 (never 403: ids do not leak whose a task is). */
async function ownTask(db: Database, user: User, taskId: string): Promise<string> {
  const [task] = isTaskId(taskId)
    ? await db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.id, taskId), eq(tasks.userId, user.id)))
        .limit(1)
    : [];
  if (!task) throw taskNotFound();
  return task.id;
}

function feedbackOf(row: typeof feedback.$inferSelect): Feedback {
  return {
    taskId: row.taskId,
    rating: row.rating === 'dislike' ? 'dislike' : 'like',
    issueType: row.issueType,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's feedback on one of their tasks; null when none was sent. */
export async function getFeedback(db: Database, user: User, taskId: string): Promise<Feedback | null> {
  const id = await ownTask(db, user, taskId);
  const [row] = await db
    .select()
    .from(feedback)
    .where(and(eq(feedback.userId, user.id), eq(feedback.taskId, id)))
    .limit(1);
  return row ? feedbackOf(row) : null;
}

/** Sends or edits (one per user and task) the caller's feedback on one of their tasks. */
export async function saveFeedback(db: Database, user: User, taskId: string, body: unknown): Promise<Feedback> {
  const fields = checkFeedback(body);
  const id = await ownTask(db, user, taskId);
  const [row] = await db
    .insert(feedback)
    .values({ userId: user.id, taskId: id, ...fields })
    .onConflictDoUpdate({
      target: [feedback.userId, feedback.taskId],
      set: { ...fields, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw taskNotFound();
  return feedbackOf(row);
}

/** A feedback as the admin listing prints it. */
export interface ListedFeedback extends Feedback {
  email: string;
  taskType: string;
}

/** The most recently sent or edited feedback first (npm run admin -- feedback list). */
export async function listFeedback(db: Database, limit: number): Promise<ListedFeedback[]> {
  const rows = await db
    .select({ feedback, email: users.email, taskType: tasks.type })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .innerJoin(tasks, eq(tasks.id, feedback.taskId))
    .orderBy(desc(feedback.updatedAt))
    .limit(limit);
  return rows.map((row) => ({ ...feedbackOf(row.feedback), email: row.email, taskType: row.taskType }));
}
