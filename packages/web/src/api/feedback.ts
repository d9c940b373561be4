import type { Feedback, FeedbackBody, FeedbackIssueTypes } from '@sqltune/contracts';
import { request } from './http.ts';

/** GET /v1/feedback/issue_types: the choices of the issue type select, labelled in both languages. */
export function getIssueTypes(): Promise<FeedbackIssueTypes> {
  return request<FeedbackIssueTypes>('/v1/feedback/issue_types', { method: 'GET', withoutToken: true });
}

/** GET /v1/feedback/optimizes/{id}: the caller's feedback on one of their tasks, null when none was sent. */
export function getFeedback(taskId: string): Promise<Feedback | null> {
  return request<Feedback | null>(`/v1/feedback/optimizes/${encodeURIComponent(taskId)}`, { method: 'GET' });
}

/** POST /v1/feedback/optimizes/{id}: sends the feedback, or edits the one sent before. */
export function sendFeedback(taskId: string, body: FeedbackBody): Promise<Feedback> {
  return request<Feedback>(`/v1/feedback/optimizes/${encodeURIComponent(taskId)}`, { body });
}
