import { z } from 'zod';
import { FEEDBACK_DETAIL_MAX_CHARS } from './feedback-limits.ts';
import { Localized } from './localized.ts';

/**
 * Feedback on a result (GET/POST /v1/feedback/optimizes/{id}): like or dislike, an issue type from the list the API
 * serves (GET /v1/feedback/issue_types) and a detail text. One per user and task; sending again edits it.
 */

export const FeedbackRating = z.enum(['like', 'dislike']);
export type FeedbackRating = z.infer<typeof FeedbackRating>;

/** One choice of the issue type select: its id and its label in both languages. */
export const FeedbackIssueType = z.object({ id: z.string(), label: Localized });
export type FeedbackIssueType = z.infer<typeof FeedbackIssueType>;

export const FeedbackIssueTypes = z.object({ items: z.array(FeedbackIssueType) });
export type FeedbackIssueTypes = z.infer<typeof FeedbackIssueTypes>;

/**
 * What POST /v1/feedback/optimizes/{id} takes. The server checks each field itself so that each problem has its own
 * code (4801 no issue type, 4802 no rating, 4803 an issue type not in the list, 4804 a detail over the limit).
 */
export const FeedbackBody = z.object({
  rating: FeedbackRating,
  issueType: z.string().min(1).max(64),
  detail: z.string().max(FEEDBACK_DETAIL_MAX_CHARS).optional(),
});
export type FeedbackBody = z.infer<typeof FeedbackBody>;

/** The caller's feedback on one task, as stored. */
export const Feedback = z.object({
  taskId: z.string(),
  rating: FeedbackRating,
  issueType: z.string(),
  detail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feedback = z.infer<typeof Feedback>;
