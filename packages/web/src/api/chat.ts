import { API_PREFIX, type ChatExchange, type ChatHistory, type ChatMessage, type Envelope } from '@sqltune/contracts';
import { currentLanguage } from '../lib/language.ts';
import { getToken } from '../lib/session.ts';
import { ApiError, type ErrorData, request } from './http.ts';

/** GET /v1/chat/optimizes/{id}: the chat about one of the signed-in user's results. */
export function getChat(taskId: string): Promise<ChatHistory> {
  return request<ChatHistory>(`/v1/chat/optimizes/${encodeURIComponent(taskId)}`, { method: 'GET' });
}

/** The chat of a shared result, read without the session, as the shared result itself is. */
export function getSharedChat(shareId: string, taskId: string): Promise<ChatHistory> {
  return request<ChatHistory>(`/v1/share/${encodeURIComponent(shareId)}/chat/optimizes/${encodeURIComponent(taskId)}`, {
    method: 'GET',
    withoutToken: true,
  });
}

export interface AskHandlers {
  /** The question as stored. */
  onQuestion: (question: ChatMessage) => void;
  /** Each piece of the answer as it arrives. */
  onDelta: (text: string) => void;
}

function errorOf(envelope: Envelope<unknown> | null, status: number): ApiError {
  const data = envelope?.data && typeof envelope.data === 'object' ? (envelope.data as ErrorData) : null;
  return new ApiError(envelope?.code ?? -1, envelope?.message ?? '', data, status, envelope);
}

/**
 * POST /v1/chat/optimizes/{id} as server-sent events: the question, the answer's pieces, then the exchange as
 * stored. A refusal (before or during the answer) rejects with its ApiError.
 */
export async function askQuestion(
  taskId: string,
  question: string,
  handlers: AskHandlers,
  signal?: AbortSignal,
): Promise<ChatExchange> {
  const headers = new Headers({
    Accept: 'text/event-stream',
    'Accept-Language': currentLanguage(),
    'Content-Type': 'application/json',
  });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${API_PREFIX}/v1/chat/optimizes/${encodeURIComponent(taskId)}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ question }),
    credentials: 'include',
    signal,
  });
  if (!/event-stream/.test(response.headers.get('content-type') ?? '') || !response.body) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw errorOf(envelope, response.status);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown;
      if (event === 'question') handlers.onQuestion(data as ChatMessage);
      else if (event === 'delta') handlers.onDelta((data as { text: string }).text);
      else if (event === 'done') return (data as Envelope<ChatExchange>).data;
      else if (event === 'error') throw errorOf(data as Envelope<unknown>, response.status);
    }
  }
  throw errorOf(null, response.status);
}
