import type { TaskDetail } from '@sqltune/contracts';
import { waitFor } from './services.ts';

/** A tiny client for API tests: JSON in, envelope out, with the bearer token when set. */
export class ApiClient {
  token: string | undefined;
  constructor(readonly base: string) {}

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; code: number; message: string; data: T }> {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.base}${path}`, { method, headers, body: payload });
    const json = (await response.json()) as { code: number; message: string; data: T };
    return { status: response.status, ...json };
  }

  /** Polls a task until it leaves In Progress (one minute at most) and returns its detail. */
  async finishedTask(id: string): Promise<TaskDetail> {
    let detail!: TaskDetail;
    await waitFor(async () => {
      detail = (await this.call<TaskDetail>('GET', `/api/v1/optimizes/sql/${id}`)).data;
      if (detail.state === 'In Progress') throw new Error('still running');
    }, 60_000);
    return detail;
  }
}
