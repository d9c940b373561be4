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
}
