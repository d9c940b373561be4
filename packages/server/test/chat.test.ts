import type { ChatExchange, ChatHistory, CreatedTask, TaskDetail } from '@sqltune/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, ownerOtherAndGuest } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { type OpenAiTestServer, startOpenAiServer, TEST_MODEL } from '../../../test-support/openai-server.ts';
import { tasks, users } from '../src/db/schema.ts';
import type { Runtime } from '../src/runtime.ts';

const OWNER = 'chat-owner@example.com';
const OTHER = 'chat-other@example.com';
const SECRET = 'SELECT secret_col FROM hidden_table';

interface StreamEvent {
  event: string;
  data: { code?: number; message?: string; text?: string; role?: string; data?: unknown };
}

/** Reads a server-sent event stream to its end: each event's name and parsed data, in order. */
async function events(response: Response): Promise<StreamEvent[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
      return { event, data };
    });
}

/**
 * The chat about a result on the real app (embedded PGlite, its worker) with the local OpenAI-compatible server
 * as its model: owner only, read-only through a live share, streamed answers, upstream errors, limits.
 */
describe('chat about a result', () => {
  let app: AppUnderTest;
  let runtime: Runtime;
  let openai: OpenAiTestServer;
  let owner: ApiClient;
  let other: ApiClient;
  let guest: ApiClient;
  let task: TaskDetail;
  let path: string;

  const ask = (question: string, client = owner, stream = true) =>
    fetch(`${client.base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${client.token}`,
        'accept-language': client.language,
        ...(stream ? { accept: 'text/event-stream' } : {}),
      },
      body: JSON.stringify({ question }),
    });

  beforeAll(async () => {
    openai = await startOpenAiServer(() => 'unused');
    app = await startApp({
      name: 'chat',
      env: {
        LLM_BASE_URL: openai.baseUrl,
        LLM_MODEL: TEST_MODEL,
        LLM_TIMEOUT_MS: '1500',
      },
    });
    ({ runtime } = app);
    ({ owner, other, guest } = await ownerOtherAndGuest(app, { owner: OWNER, other: OTHER }));
    // A second task of the owner whose text must never reach the model.
    await owner.must<CreatedTask>('POST', '/api/v1/optimizes', { dialect: 'mysql', sql: SECRET });
    const created = await owner.must<CreatedTask>('POST', '/api/v1/optimizes', {
      dialect: 'postgresql',
      sql: 'SELECT o_orderkey FROM orders WHERE EXTRACT(YEAR FROM o_orderdate) = 1995',
    });
    task = await owner.finishedTask(created.id);
    path = `/api/v1/chat/optimizes/${task.id}`;
  });

  afterAll(async () => {
    await app?.stop();
    await openai?.close();
  });

  it("streams the model's answer, grounded in this report only, and keeps both messages", async () => {
    expect(task.state).toBe('Completed');
    openai.setScript(() => ({ content: 'The rewrite turns YEAR() into a date range.', chunkDelayMs: 5 }));
    const response = await ask('What did the rewrite change?');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = await events(response);
    expect(stream[0]).toMatchObject({
      event: 'question',
      data: { role: 'user', text: 'What did the rewrite change?' },
    });
    const deltas = stream.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('The rewrite turns YEAR() into a date range.');
    const done = stream.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.code).toBe(0);
    expect((done.data.data as ChatExchange).answer).toMatchObject({ role: 'assistant', source: 'llm' });

    // What the model got: the instructions, this report, the question; nothing of the owner's other task or email.
    const sent = openai.chatRequests().at(-1)!;
    expect((sent.body as { stream?: boolean }).stream).toBe(true);
    const system = sent.messages[0]!.content;
    expect(system).toMatch(/Never invent numbers/);
    expect(system).toContain('EXTRACT(YEAR FROM o_orderdate)');
    const everything = JSON.stringify(sent.messages);
    expect(everything).not.toContain('secret_col');
    expect(everything).not.toContain(OWNER);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'What did the rewrite change?' });

    const history = await owner.must<ChatHistory>('GET', path);
    expect(history.messages.map((m) => [m.role, m.source, m.text])).toEqual([
      ['user', null, 'What did the rewrite change?'],
      ['assistant', 'llm', 'The rewrite turns YEAR() into a date range.'],
    ]);
  });

  it('answers without streaming as a JSON envelope, and gives the model the earlier exchange', async () => {
    openai.setScript(() => 'Yes: it was checked on generated databases.');
    const response = await ask('And is it safe?', owner, false);
    const body = (await response.json()) as { code: number; data: ChatExchange };
    expect(body.code).toBe(0);
    expect(body.data.answer.text).toBe('Yes: it was checked on generated databases.');
    const sent = openai.chatRequests().at(-1)!;
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('reports an upstream error and a timeout with their codes, and keeps the question', async () => {
    openai.setScript(() => ({ status: 500, body: '{"error":{"message":"model overloaded"}}' }));
    const failed = await events(await ask('Question one?'));
    expect(failed.at(-1)).toMatchObject({ event: 'error', data: { code: 4902 } });
    expect(failed.at(-1)!.data.message).toMatch(/model overloaded/);

    openai.setScript(() => ({ content: 'too late', delayMs: 10_000 }));
    const late = await events(await ask('Question two?'));
    expect(late.at(-1)).toMatchObject({ event: 'error', data: { code: 4903 } });

    // A stream that stops in the middle times out too (the limit is of silence).
    openai.setScript(() => ({ content: 'one two three four', stallAfterChunks: 2 }));
    const stalled = await events(await ask('Question three?'));
    expect(stalled.filter((e) => e.event === 'delta').length).toBe(2);
    expect(stalled.at(-1)).toMatchObject({ event: 'error', data: { code: 4903 } });

    // Without streaming the same refusal is the HTTP answer.
    openai.setScript(() => ({ status: 503, body: 'down' }));
    const plain = await ask('Question four?', owner, false);
    expect(plain.status).toBe(502);
    expect(((await plain.json()) as { code: number }).code).toBe(4902);

    const texts = (await owner.must<ChatHistory>('GET', path)).messages.map((m) => m.text);
    expect(texts.slice(-4)).toEqual(['Question one?', 'Question two?', 'Question three?', 'Question four?']);
  });

  it("is the owner's only: another account and a guest get 404 and 401", async () => {
    expect((await other.call('GET', path)).status).toBe(404);
    const asked = await ask('Why?', other);
    expect(asked.status).toBe(404);
    expect((await guest.call('GET', path)).status).toBe(401);
    expect((await guest.call('POST', path, { question: 'Why?' })).status).toBe(401);
    expect((await owner.call('GET', '/api/v1/chat/optimizes/not-a-task')).status).toBe(404);
  });

  it('shows the chat read-only through a live share, and 404 once it is revoked', async () => {
    const { shareId } = await owner.must<{ shareId: string }>('POST', '/api/v1/share/optimizes', { id: task.id });
    const sharedPath = `/api/v1/share/${shareId}/chat/optimizes/${task.id}`;
    const shared = await guest.call<ChatHistory>('GET', sharedPath);
    expect(shared.code).toBe(0);
    expect(shared.data.messages).toEqual((await owner.must<ChatHistory>('GET', path)).messages);
    // Read-only: there is no POST on the shared route, and the share id does not open another task's chat.
    expect((await guest.call('POST', sharedPath, { question: 'hi' })).status).toBe(405);
    expect((await guest.call('GET', `/api/v1/share/${shareId}/chat/optimizes/${crypto.randomUUID()}`)).status).toBe(
      404,
    );
    await owner.must('DELETE', `/api/v1/share/optimizes/${shareId}`);
    const gone = await guest.call('GET', sharedPath);
    expect(gone.status).toBe(404);
  });

  it('refuses an empty question, one over 2000 characters, and a task that is not ready', async () => {
    const empty = await owner.call('POST', path, { question: '   ' });
    expect([empty.status, empty.code]).toEqual([400, 4904]);
    const long = await owner.call('POST', path, { question: 'x'.repeat(2001) });
    expect([long.status, long.code]).toEqual([413, 4207]);
    expect((long.data as { field?: string }).field).toBe('question');
    expect(long.message).toMatch(/2000/);
    expect((await owner.call('POST', path, {})).status).toBe(400);
    // A task without a completed report (a failed one, written as the worker writes it).
    const [row] = await runtime.database.db
      .insert(tasks)
      .values({
        userId: (await runtime.database.db.select({ id: users.id }).from(users).where(eq(users.email, OWNER)))[0]!.id,
        type: 'sql',
        dialect: 'mysql',
        object: 'SQL',
        state: 'Failed',
        inputSql: 'SELECT 1',
      })
      .returning({ id: tasks.id });
    const early = await owner.call('POST', `/api/v1/chat/optimizes/${row!.id}`, { question: 'why?' });
    expect([early.status, early.code]).toEqual([409, 4901]);
  });

  it('limits questions per account and hour with 4111', async () => {
    openai.setScript(() => 'ok');
    const used = (
      await runtime.database.db.execute<{ hits: number }>(
        `SELECT hits FROM rate_limits WHERE key LIKE 'chat:account:%'`,
      )
    ).rows[0]!.hits;
    let last = { status: 200, code: 0 };
    for (let i = used; i <= 30; i++) last = await owner.call('POST', path, { question: `q${i}` });
    expect(last.status).toBe(429);
    expect(last.code).toBe(4111);
  });
});
