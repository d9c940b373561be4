import type { CreatedTask, Dialect, MapperFramework, TaskDetail, TaskPage, TaskType } from '@sqltune/contracts';
import { TASK_PAGE_SIZE } from '../config.ts';
import { request } from './http.ts';

export interface OptimizeInput {
  dialect: Dialect;
  /** The statement text; or send `file` instead. */
  sql?: string;
  file?: File;
  schema?: string;
  /** Statistics as JSON, {"tables": {...}}. */
  stats?: string;
  plan?: string;
  /** Set for a mapper: the ORM chosen on /xmlConfig; `sql` or `file` is then its XML. */
  orm?: MapperFramework;
  /** Pasted statement statistics, optimized in place of `sql`. */
  workload?: string;
}

/** POST /v1/optimizes as multipart form data. */
export function createOptimize(input: OptimizeInput): Promise<CreatedTask> {
  const form = new FormData();
  form.append('dialect', input.dialect);
  if (input.file) form.append('file', input.file, input.file.name);
  else form.append('sql', input.sql ?? '');
  if (input.schema?.trim()) form.append('schema', input.schema);
  if (input.stats?.trim()) form.append('stats', input.stats);
  if (input.plan?.trim()) form.append('plan', input.plan);
  if (input.orm) form.append('orm', input.orm);
  if (input.workload?.trim()) form.append('workload', input.workload);
  return request<CreatedTask>('/v1/optimizes', { body: form });
}

export function listTasks(page = 1, pageSize = TASK_PAGE_SIZE): Promise<TaskPage> {
  return request<TaskPage>('/v1/optimizes', { method: 'GET', query: { page, pageSize } });
}

/** A task's detail: GET /v1/optimizes/sql/{id}, or /mybatis/{id} for a mapper task. */
export function getTask(type: TaskType, id: string): Promise<TaskDetail> {
  return request<TaskDetail>(`/v1/optimizes/${type}/${encodeURIComponent(id)}`, { method: 'GET' });
}

export function deleteTask(id: string): Promise<null> {
  return request<null>(`/v1/optimizes/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
