import { PassThrough } from 'node:stream';
import { ChatExchange, ChatHistory, ChatQuestion, ErrorCode } from '@sqltune/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { acceptQuestion, answerQuestion, chatHistory, sharedChatHistory } from '../../chat/service.ts';
import type { AppDeps } from '../app.ts';
import { failure, ok, toAppError } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { languageOf } from '../protocol-errors.ts';
import { routePlugin } from '../route-plugin.ts';
import { parseBody } from '../validate.ts';

const TaskParams = z.object({ id: z.string() });

const ASK_DESCRIPTION = [
  "Asks a question about one of the signed-in user's completed results.",
  'With an OpenAI-compatible endpoint configured (LLM_* settings) the model answers from the report alone;',
  'without one, the built-in assistant does. The question is at most 2000 characters (4207, field `question`),',
  'and an account asks at most 30 an hour (4111). Sent with `Accept: text/event-stream`, the answer streams as',
  'server-sent events: `question` (the stored question), `delta` ({text}) for each piece, then `done` (the envelope',
  'below) or `error` (an error envelope: 4902 the model failed, 4903 it timed out; the question stays in the',
  'history). Without that header the answer is this JSON envelope once complete.',
].join(' ');

/** The chat about a result: questions and answers per task, and its read-only view through a live share. */
export const chatRoutes = routePlugin('chat', async (app: FastifyInstance, { database, config }: AppDeps) => {
  const { db } = database;

  app.get<{ Params: { id: string } }>(
    '/v1/chat/optimizes/:id',
    documented({
      summary: "The chat about one of the signed-in user's results, oldest message first",
      tag: 'chat',
      auth: 'user',
      params: TaskParams,
      data: ChatHistory,
      errors: [ErrorCode.NOT_FOUND],
    }),
    async (request) => {
      const user = request.user;
      return ok({ messages: await chatHistory(db, user, request.params.id) });
    },
  );

  app.post<{ Params: { id: string }; Body: ChatQuestion }>(
    '/v1/chat/optimizes/:id',
    documented({
      summary: "Ask a question about one of the signed-in user's results; the answer can stream",
      description: ASK_DESCRIPTION,
      tag: 'chat',
      auth: 'user',
      params: TaskParams,
      body: ChatQuestion,
      data: ChatExchange,
      errors: [
        ErrorCode.NOT_FOUND,
        ErrorCode.FIELD_TOO_LARGE,
        ErrorCode.CHAT_QUESTION_REQUIRED,
        ErrorCode.TOO_MANY_REQUESTS,
        ErrorCode.CHAT_TASK_NOT_READY,
        ErrorCode.CHAT_UPSTREAM_FAILED,
        ErrorCode.CHAT_UPSTREAM_TIMEOUT,
      ],
    }),
    async (request, reply) => {
      const user = request.user;
      const { question } = request.body;
      const language = languageOf(request);
      // Every refusal before the answer starts is an ordinary error envelope with its HTTP status.
      const accepted = await acceptQuestion(db, user, request.params.id, question);
      if (!/text\/event-stream/i.test(request.headers.accept ?? '')) {
        return ok(await answerQuestion(db, config.ai, accepted, language, () => {}));
      }
      const stream = new PassThrough();
      const send = (event: string, data: unknown) => {
        if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      // The asker went away: stop asking the model (the answer is not stored; the question stays).
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!stream.writableEnded) gone.abort();
      });
      void reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
      send('question', accepted.question);
      try {
        const exchange = await answerQuestion(
          db,
          config.ai,
          accepted,
          language,
          (text) => send('delta', { text }),
          gone.signal,
        );
        send('done', ok(exchange));
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code === ErrorCode.INTERNAL) request.log.error({ err: error }, 'chat answer failed');
        send('error', failure(appError.detail, language));
      }
      stream.end();
      return reply;
    },
  );

  app.get<{ Params: { shareId: string; id: string } }>(
    '/v1/share/:shareId/chat/optimizes/:id',
    documented({
      summary: 'The chat about a shared result, read-only, without sign-in (404 once the share is revoked)',
      tag: 'chat',
      auth: 'public',
      params: z.object({ shareId: z.string(), id: z.string() }),
      data: ChatHistory,
      errors: [ErrorCode.NOT_FOUND],
    }),
    async (request, reply) => {
      const messages = await sharedChatHistory(db, request.params.shareId, request.params.id);
      return reply.header('cache-control', 'no-store').send(ok({ messages }));
    },
  );
});
