import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OpenAI-compatible HTTP server for tests, on 127.0.0.1 and a free port. It implements
 * POST /v1/chat/completions and GET /v1/models in the OpenAI wire format, answers from a script the test
 * supplies (a function of the request), and records every request (headers and parsed body).
 */

export interface ChatRequestMessage {
  role: string;
  content: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (undefined for GET or a body that is not JSON). */
  body: unknown;
}

/**
 * What the script answers: the assistant's content, or a raw HTTP reply (errors, garbage), after an optional delay.
 * A request with `stream: true` gets the content as server-sent events, in `chunks` when given (else word by word),
 * `chunkDelayMs` apart; `stallAfterChunks` stops sending after that many chunks and holds the connection open (a
 * stalled stream), `streamError` sends an OpenAI-style error event after the chunks instead of `[DONE]`.
 */
export type ScriptedReply =
  | string
  | {
      content: string;
      delayMs?: number;
      chunks?: string[];
      chunkDelayMs?: number;
      stallAfterChunks?: number;
      streamError?: string;
    }
  | { status: number; body: string; delayMs?: number };

export type ChatScript = (
  messages: ChatRequestMessage[],
  request: RecordedRequest,
) => ScriptedReply | Promise<ScriptedReply>;

export interface OpenAiTestServer {
  /** The API root to configure as LLM_BASE_URL, e.g. http://127.0.0.1:41234/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Chat completion requests only, with their messages. */
  chatRequests(): Array<RecordedRequest & { messages: ChatRequestMessage[] }>;
  setScript(script: ChatScript): void;
  close(): Promise<void>;
}

export const TEST_MODEL = 'sqltune-test-model';

export async function startOpenAiServer(script: ChatScript = () => '{"candidates":[]}'): Promise<OpenAiTestServer> {
  let current = script;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, { error: { message: String(error), type: 'server_error' } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const recorded: RecordedRequest = { method: req.method ?? '', path, headers: req.headers, body: parseJson(text) };
    requests.push(recorded);
    if (req.method === 'GET' && path === '/v1/models') {
      reply(res, 200, { object: 'list', data: [{ id: TEST_MODEL, object: 'model', created: 0, owned_by: 'sqltune' }] });
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      reply(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } });
      return;
    }
    const messages = messagesOf(recorded.body);
    if (!messages) {
      reply(res, 400, { error: { message: 'messages is required', type: 'invalid_request_error' } });
      return;
    }
    const answer = await current(messages, recorded);
    const scripted = typeof answer === 'string' ? { content: answer } : answer;
    if (scripted.delayMs) await delay(scripted.delayMs, res);
    if (res.destroyed) return;
    if ('status' in scripted) {
      res.writeHead(scripted.status, { 'content-type': 'application/json' }).end(scripted.body);
      return;
    }
    const model = (recorded.body as { model?: string }).model ?? TEST_MODEL;
    if ((recorded.body as { stream?: unknown }).stream === true) {
      await stream(res, model, scripted);
      return;
    }
    reply(res, 200, completion(model, scripted.content));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    chatRequests: () =>
      requests
        .filter((r) => r.path === '/v1/chat/completions')
        .map((r) => ({ ...r, messages: messagesOf(r.body) ?? [] })),
    setScript: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // A delayed reply must not keep the server (and the test process) alive.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A streamed chat completion as the OpenAI API sends it: chat.completion.chunk events, then `data: [DONE]`. */
async function stream(
  res: ServerResponse,
  model: string,
  scripted: Exclude<ScriptedReply, string | { status: number }>,
): Promise<void> {
  const id = `chatcmpl-test-${Math.random().toString(36).slice(2)}`;
  const chunks = scripted.chunks ?? scripted.content.match(/\S+\s*|\s+/g) ?? [];
  const event = (delta: Record<string, string>, finish: string | null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    })}\n\n`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(event({ role: 'assistant', content: '' }, null));
  for (const [i, chunk] of chunks.entries()) {
    if (scripted.stallAfterChunks !== undefined && i >= scripted.stallAfterChunks) {
      await delay(3_600_000, res);
      return;
    }
    if (scripted.chunkDelayMs) await delay(scripted.chunkDelayMs, res);
    if (res.destroyed) return;
    res.write(event({ content: chunk }, null));
  }
  if (scripted.streamError) {
    res.end(`data: ${JSON.stringify({ error: { message: scripted.streamError, type: 'server_error' } })}\n\n`);
    return;
  }
  res.write(event({}, 'stop'));
  res.end('data: [DONE]\n\n');
}

/** A chat.completion object as the OpenAI API returns it. */
function completion(model: string, content: string) {
  return {
    id: `chatcmpl-test-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

function messagesOf(body: unknown): ChatRequestMessage[] | undefined {
  const messages = (body as { messages?: unknown })?.messages;
  if (!Array.isArray(messages)) return undefined;
  return messages.map((m) => ({ role: String(m?.role), content: String(m?.content) }));
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Waits, but stops early when the client gives up (its timeout closes the connection). */
function delay(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
