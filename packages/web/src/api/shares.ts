import type { CreatedShare, TaskDetail, TaskType } from '@sqltune/contracts';
import { request } from './http.ts';

/** POST /v1/share/optimizes: the live share of one of the caller's tasks, made when there is none. */
export function createShare(taskId: string): Promise<CreatedShare> {
  return request<CreatedShare>('/v1/share/optimizes', { body: { id: taskId } });
}

/** A shared result, read without the session: a share link works the same signed in or out. */
export function getSharedTask(type: TaskType, shareId: string): Promise<TaskDetail> {
  return request<TaskDetail>(`/v1/share/optimizes/${type}/${encodeURIComponent(shareId)}`, {
    method: 'GET',
    withoutToken: true,
  });
}

/** DELETE /v1/share/optimizes/{shareId}: the link answers 404 from now on. */
export function revokeShare(shareId: string): Promise<null> {
  return request<null>(`/v1/share/optimizes/${encodeURIComponent(shareId)}`, { method: 'DELETE' });
}
