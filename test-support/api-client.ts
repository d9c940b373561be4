import { connect } from 'node:net';
import type { TaskDetail, TaskType } from '@sqltune/contracts';
import { codeOf, linkOf, type Mailbox, outboxOf } from './mail.ts';
import { waitFor } from './services.ts';

export const TEST_PASSWORD = 'Str0ng!pass';

/**
 * A tiny client for API tests: JSON in, envelope out, with the bearer token when set. `mailbox` is where the server's
 * mails arrive (its outbox or a test SMTP server), which sign-up reads codes and links from.
 */
export class ApiClient {
  token: string | undefined;
  language: 'zh' | 'en' = 'en';
  constructor(
    readonly base: string,
    readonly mailbox?: Mailbox,
  ) {}

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; code: number; message: string; data: T }> {
    const headers: Record<string, string> = { 'accept-language': this.language };
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

  /** Throws unless the answer is a success; returns its data. */
  async must<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.call<T>(method, path, body);
    if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.code} ${answer.message}`);
    return answer.data;
  }

  /**
   * Signs up as a user does: asks for a code, reads it from the mail, signs up, follows the mailed activation link
   * (which signs in). Keeps and returns the token.
   */
  async register(email: string, password = TEST_PASSWORD): Promise<string> {
    if (!this.mailbox) throw new Error('ApiClient.register needs the mailbox the server sends to');
    await this.must('POST', '/api/v1/auth/code', { email, purpose: 'register' });
    const code = codeOf(await this.mailbox.next(email, /\d{6}/));
    await this.must('POST', '/api/v1/auth/register', { email, password, code, acceptTerms: true });
    const link = linkOf(await this.mailbox.next(email, /activ|激活/i), '/app/login/activation?token=');
    const session = await this.must<{ token: string }>('POST', '/api/v1/auth/activate', {
      token: link.searchParams.get('token'),
    });
    this.token = session.token;
    return this.token;
  }

  /**
   * Polls a task of `type` until it leaves In Progress (`timeoutMs`, one minute by default) and returns its detail.
   */
  async finishedTask(id: string, timeoutMs = 60_000, type: TaskType = 'sql'): Promise<TaskDetail> {
    let detail!: TaskDetail;
    await waitFor(async () => {
      detail = (await this.call<TaskDetail>('GET', `/api/v1/optimizes/${type}/${id}`)).data;
      if (detail.state === 'In Progress') throw new Error('still running');
    }, timeoutMs);
    return detail;
  }
}

/**
 * Who an ownership test on the app under test needs: the owner and another user, each signed up with the given
 * address (mails read from the app's outbox), and a guest with no account.
 */
export async function ownerOtherAndGuest(
  app: { base: string; dataDir: string },
  emails: { owner: string; other: string },
): Promise<{ owner: ApiClient; other: ApiClient; guest: ApiClient }> {
  const owner = new ApiClient(app.base, outboxOf(app.dataDir));
  const other = new ApiClient(app.base, outboxOf(app.dataDir));
  const guest = new ApiClient(app.base);
  await owner.register(emails.owner);
  await other.register(emails.other);
  return { owner, other, guest };
}

export interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends bytes as they are over a plain socket and reads the answer until the server closes the connection: for
 * requests fetch would refuse to send (oversized headers, malformed URLs). The request should say
 * `Connection: close`.
 */
export function rawHttp(base: string, request: string | Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const headers = split < 0 ? text : text.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
      resolve({ status, headers, body: split < 0 ? '' : text.slice(split + 4) });
    });
  });
}
