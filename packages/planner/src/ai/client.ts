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
