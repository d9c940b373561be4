import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiTestServer, startOpenAiServer, TEST_MODEL } from '../../../../test-support/openai-server.ts';
import { freePort } from '../../../../test-support/services.ts';
import { type AiSettings, aiSettingsFromEnv, chatCompletion, completionsUrl } from './client.ts';

/** The chat completions client against a real local OpenAI-compatible HTTP server. */
describe('chat completions client', () => {
  let server: OpenAiTestServer;
  let settings: AiSettings;
  const messages = [
    { role: 'system' as const, content: 'be brief' },
    { role: 'user' as const, content: 'hello' },
  ];

  beforeAll(async () => {
    server = await startOpenAiServer();
    settings = { baseUrl: server.baseUrl, apiKey: 'sk-test-123', model: TEST_MODEL, timeoutMs: 2_000 };
  });

  afterAll(async () => {
    await server?.close();
  });

  it('posts the messages with the bearer key, the model, temperature 0 and a JSON response format', async () => {
    server.setScript((received) => `echo: ${received.at(-1)?.content}`);
    const before = server.chatRequests().length;
    const outcome = await chatCompletion(settings, messages);
    expect(outcome).toEqual({ ok: true, content: 'echo: hello' });
    const request = server.chatRequests().slice(before)[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe('Bearer sk-test-123');
    expect(request.body).toMatchObject({ model: TEST_MODEL, temperature: 0, response_format: { type: 'json_object' } });
    expect(request.messages).toEqual(messages);
  });

  it('sends no authorization header without a key, and accepts a base URL with a trailing slash', async () => {
    server.setScript(() => 'ok');
    const before = server.chatRequests().length;
    const outcome = await chatCompletion({ baseUrl: `${server.baseUrl}/`, model: TEST_MODEL }, messages);
    expect(outcome.ok).toBe(true);
    expect(server.chatRequests().slice(before)[0]!.headers.authorization).toBeUndefined();
    expect(completionsUrl('http://h/v1/')).toBe('http://h/v1/chat/completions');
  });

  it('asks again without response_format when the server rejects it', async () => {
    server.setScript((_, request) =>
      (request.body as { response_format?: unknown }).response_format
        ? { status: 400, body: '{"error":{"message":"response_format is not supported"}}' }
        : 'plain answer',
    );
    const before = server.chatRequests().length;
    expect(await chatCompletion(settings, messages)).toEqual({ ok: true, content: 'plain answer' });
    expect(server.chatRequests().length - before).toBe(2);
  });

  it('reports an HTTP error with the message the server gave', async () => {
    server.setScript(() => ({ status: 500, body: '{"error":{"message":"the model is overloaded"}}' }));
    const outcome = await chatCompletion(settings, messages);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problem.en).toBe('The AI endpoint answered HTTP 500: the model is overloaded');
    expect(outcome.problem.zh).toContain('HTTP 500');
  });

  it('reports a body that is not a chat completion', async () => {
    server.setScript(() => ({ status: 200, body: '<html>gateway</html>' }));
    const outcome = await chatCompletion(settings, messages);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problem.en).toMatch(/not a chat completions response: <html>gateway<\/html>/);
  });

  it('gives up after the time limit', async () => {
    server.setScript(() => ({ content: 'too late', delayMs: 10_000 }));
    const outcome = await chatCompletion({ ...settings, timeoutMs: 300 }, messages);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problem.en).toBe('The AI endpoint did not answer within 300 ms (LLM_TIMEOUT_MS).');
  });

  it('reports an endpoint nobody listens on', async () => {
    const port = await freePort();
    const outcome = await chatCompletion({ ...settings, baseUrl: `http://127.0.0.1:${port}/v1` }, messages);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.problem.en).toMatch(/^Could not reach the AI endpoint \(LLM_BASE_URL\): ECONNREFUSED/);
  });

  it('serves the model list like the OpenAI API', async () => {
    const response = await fetch(`${server.baseUrl}/models`);
    expect(await response.json()).toMatchObject({ object: 'list', data: [{ id: TEST_MODEL, object: 'model' }] });
  });
});

describe('settings from the environment', () => {
  it('needs both the URL and the model; the key and time limit are optional', () => {
    expect(aiSettingsFromEnv({})).toBeUndefined();
    expect(aiSettingsFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toBeUndefined();
    expect(aiSettingsFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'm' })).toEqual({
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'm',
    });
    expect(
      aiSettingsFromEnv({ LLM_BASE_URL: 'http://h/v1', LLM_MODEL: 'm', LLM_API_KEY: 'k', LLM_TIMEOUT_MS: '5000' }),
    ).toEqual({ baseUrl: 'http://h/v1', model: 'm', apiKey: 'k', timeoutMs: 5000 });
    expect(aiSettingsFromEnv({ LLM_BASE_URL: 'http://h/v1', LLM_MODEL: 'm', LLM_TIMEOUT_MS: 'soon' })).toEqual({
      baseUrl: 'http://h/v1',
      model: 'm',
    });
  });
});
