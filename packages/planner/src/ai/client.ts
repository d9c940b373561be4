/**
 * A minimal client for an OpenAI-compatible chat completions endpoint (OpenAI, Azure-style gateways, vLLM,
 * Ollama, LM Studio, ...): one POST {baseUrl}/chat/completions with a bearer key, temperature 0 and a time limit.
 * No SDK: Node's fetch is enough, and every failure comes back as a value with a bilingual reason, never a throw,
 * because the AI step must never fail the optimization task.
 */
import type { Localized } from '@sqltune/contracts';

export interface AiSettings {
  /** The API root, e.g. https://api.openai.com/v1 (requests go to `${baseUrl}/chat/completions`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <key>`; local endpoints often need none. */
  apiKey?: string;
  model: string;
  /** Time limit for one request (default 30,000 ms). */
  timeoutMs?: number;
  /** How many candidate rewrites to ask for (default 3). */
  maxCandidates?: number;
  /**
   * When to ask: 'when-costly' (default) only when the plan after rules and indexes still reads a large table in
   * full (see ./criterion.ts); 'always' for every SELECT (tests, or a user who wants every statement reviewed).
   */
  ask?: 'when-costly' | 'always';
}

export const DEFAULT_AI_TIMEOUT_MS = 30_000;

/**
 * The settings from LLM_BASE_URL, LLM_MODEL, LLM_API_KEY and LLM_TIMEOUT_MS, for callers without their own
 * configuration layer (the CLI); undefined unless both the URL and the model are set. The server validates the
 * same variables in its config.
 */
export function aiSettingsFromEnv(env: NodeJS.ProcessEnv): AiSettings | undefined {
  const baseUrl = env.LLM_BASE_URL?.trim();
  const model = env.LLM_MODEL?.trim();
  if (!baseUrl || !model) return undefined;
  const timeoutMs = Number(env.LLM_TIMEOUT_MS);
  return {
    baseUrl,
    model,
    ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}),
    ...(Number.isInteger(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}),
  };
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type ChatOutcome = { ok: true; content: string } | { ok: false; problem: Localized };

/** Asks for one completion; the content of the first choice, or why there is none. */
export async function chatCompletion(settings: AiSettings, messages: ChatMessage[]): Promise<ChatOutcome> {
  const first = await post(settings, messages, true);
  // Some compatible servers reject `response_format`; the prompt asks for JSON anyway, so ask again without it.
  if (!first.ok && first.status === 400 && /response_format/i.test(first.body)) {
    return outcomeOf(await post(settings, messages, false));
  }
  return outcomeOf(first);
}

type HttpResult =
  | { ok: true; status: number; body: string }
  | { ok: false; status: number; body: string }
  | { ok: false; status: 0; body: string; problem: Localized };

async function post(settings: AiSettings, messages: ChatMessage[], jsonFormat: boolean): Promise<HttpResult> {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  const body = {
    model: settings.model,
    temperature: 0,
    messages,
    ...(jsonFormat ? { response_format: { type: 'json_object' } } : {}),
  };
  try {
    const response = await fetch(completionsUrl(settings.baseUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body read is covered by the same signal: a server that stalls mid-answer times out too.
    const text = await response.text();
    return { ok: response.ok, status: response.status, body: text };
  } catch (error) {
    return { ok: false, status: 0, body: '', problem: transportProblem(error, timeoutMs) };
  }
}

export function completionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

function outcomeOf(result: HttpResult): ChatOutcome {
  if ('problem' in result) return { ok: false, problem: result.problem };
  if (!result.ok) return { ok: false, problem: httpProblem(result.status, result.body) };
  const content = contentOf(result.body);
  if (content === undefined) {
    return {
      ok: false,
      problem: {
        zh: `AI 接口的应答不是 chat completions 格式：${excerpt(result.body)}`,
        en: `The AI endpoint's answer is not a chat completions response: ${excerpt(result.body)}`,
      },
    };
  }
  return { ok: true, content };
}

/** `choices[0].message.content` of a chat completions response, when there is one. */
function contentOf(body: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const choices = (value as { choices?: unknown })?.choices;
  if (!Array.isArray(choices)) return undefined;
  const content = (choices[0] as { message?: { content?: unknown } } | undefined)?.message?.content;
  return typeof content === 'string' ? content : undefined;
}

function httpProblem(status: number, body: string): Localized {
  // OpenAI-style errors carry `{"error": {"message": ...}}`; anything else is shown as a short excerpt.
  let message = excerpt(body);
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string };
    const inner = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (typeof inner === 'string') message = excerpt(inner);
  } catch {
    // not JSON: keep the excerpt
  }
  return {
    zh: `AI 接口返回 HTTP ${status}${message ? `：${message}` : ''}`,
    en: `The AI endpoint answered HTTP ${status}${message ? `: ${message}` : ''}`,
  };
}

function transportProblem(error: unknown, timeoutMs: number): Localized {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return {
      zh: `AI 接口在 ${timeoutMs} 毫秒内没有应答（LLM_TIMEOUT_MS）。`,
      en: `The AI endpoint did not answer within ${timeoutMs} ms (LLM_TIMEOUT_MS).`,
    };
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return {
    zh: `无法连接 AI 接口（LLM_BASE_URL）：${reason}`,
    en: `Could not reach the AI endpoint (LLM_BASE_URL): ${reason}`,
  };
}

function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Why a streamed answer has no end: the endpoint failed (`failed`) or went quiet past the time limit (`timeout`). */
export type StreamOutcome =
  | { ok: true; content: string }
  | { ok: false; kind: 'failed' | 'timeout'; problem: Localized; partial: string };

/**
 * Asks for one completion with `stream: true` and hands each piece of text to `onDelta` as it arrives (the
 * server-sent events of the chat completions API: `data: {choices:[{delta:{content}}]}` lines, then `data: [DONE]`).
 * The time limit is of silence: no first byte, or no next piece, within `timeoutMs`. An endpoint that answers with a
 * whole JSON completion instead is taken as one piece. `signal` stops it (the asker went away): that ends as
 * `failed`. Never throws.
 */
export async function streamChatCompletion(
  settings: AiSettings,
  messages: ChatMessage[],
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<StreamOutcome> {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  let content = '';
  const failed = (problem: Localized): StreamOutcome =>
    timedOut
      ? { ok: false, kind: 'timeout', problem: timeoutProblem(timeoutMs), partial: content }
      : { ok: false, kind: 'failed', problem, partial: content };
  arm();
  try {
    const response = await fetch(completionsUrl(settings.baseUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: settings.model, temperature: 0, stream: true, messages }),
      signal: controller.signal,
    });
    if (!response.ok || !response.body) return failed(httpProblem(response.status, await response.text()));
    if (!/event-stream/i.test(response.headers.get('content-type') ?? '')) {
      const whole = outcomeOf({ ok: true, status: response.status, body: await response.text() });
      if (!whole.ok) return failed(whole.problem);
      content = whole.content;
      onDelta(content);
      return { ok: true, content };
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      arm();
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n');
      while (end >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, '');
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf('\n');
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') {
          void reader.cancel().catch(() => {});
          return { ok: true, content };
        }
        const event = eventOf(data);
        if (event.error) return failed(event.error);
        if (event.delta) {
          content += event.delta;
          onDelta(event.delta);
        }
      }
    }
    // The stream ended without [DONE]: what came is the answer, unless nothing came.
    if (!content) return failed({ zh: 'AI 接口的流式应答没有内容', en: "The AI endpoint's streamed answer was empty" });
    return { ok: true, content };
  } catch (error) {
    return failed(transportProblem(error, timeoutMs));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** One `data:` line of a streamed completion: its piece of text, or the error it reports. */
function eventOf(data: string): { delta?: string; error?: Localized } {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return {
      error: {
        zh: `AI 接口的流式应答无法解析：${excerpt(data)}`,
        en: `The AI endpoint's streamed answer is not JSON: ${excerpt(data)}`,
      },
    };
  }
  const error = (value as { error?: { message?: unknown } | string })?.error;
  if (error) {
    const message = typeof error === 'string' ? error : String(error.message ?? '');
    return { error: { zh: `AI 接口报错：${excerpt(message)}`, en: `The AI endpoint reported: ${excerpt(message)}` } };
  }
  const choices = (value as { choices?: Array<{ delta?: { content?: unknown } }> })?.choices;
  const delta = Array.isArray(choices) ? choices[0]?.delta?.content : undefined;
  return typeof delta === 'string' && delta ? { delta } : {};
}

function timeoutProblem(timeoutMs: number): Localized {
  return {
    zh: `AI 接口在 ${timeoutMs} 毫秒内没有继续应答（LLM_TIMEOUT_MS）。`,
    en: `The AI endpoint went silent for ${timeoutMs} ms (LLM_TIMEOUT_MS).`,
  };
}
