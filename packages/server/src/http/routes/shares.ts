import { CreatedShare, ErrorCode, TaskDetail, type TaskType } from '@sqltune/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { revokeShare, sharedDetail, shareTask } from '../../shares/service.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { routePlugin } from '../route-plugin.ts';
import { parseBody } from '../validate.ts';
import { detailBody } from './optimizes.ts';

const ShareRequest = z.object({ id: z.string() });
type ShareRequest = z.infer<typeof ShareRequest>;

/** Read-only links to a result (docs/design.md, "Sharing"). */
export const shareRoutes = routePlugin(
  'share',
  async (app: FastifyInstance, { database, config, examples }: AppDeps) => {
    const { db } = database;

    app.post<{ Body: ShareRequest }>(
      '/v1/share/optimizes',
      documented({
        summary: "Share one of the signed-in user's results: its read-only link id (the same one until revoked)",
        tag: 'shares',
        auth: 'user',
        body: ShareRequest,
        data: CreatedShare,
        errors: [ErrorCode.NOT_FOUND],
      }),
      async (request) => {
        const user = request.user;
        const { id } = request.body;
        return ok(await shareTask(db, user, id));
      },
    );

    for (const type of ['sql', 'mybatis'] as const satisfies readonly TaskType[]) {
      // No sign-in: the share id is the key. Not cached, so a revoked link stops answering at once.
      app.get<{ Params: { shareId: string } }>(
        `/v1/share/optimizes/${type}/:shareId`,
        documented({
          summary: `A shared ${type === 'sql' ? 'SQL' : 'mapper'} result, read-only, without sign-in (nothing of its owner); ${
            type === 'sql' ? 'example_sql and example_postgresql are' : 'example_mybatis is'
          } the live example (4701 while it is being made)`,
          tag: 'shares',
          auth: 'public',
          params: z.object({ shareId: z.string() }),
          data: TaskDetail,
          errors: [ErrorCode.NOT_FOUND, ErrorCode.EXAMPLE_PREPARING],
        }),
        async (request, reply) => {
          const body = detailBody(
            await sharedDetail(db, request.params.shareId, type, config.examples, () => examples?.remakeUnavailable()),
          );
          return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
        },
      );
    }

    app.delete<{ Params: { shareId: string } }>(
      '/v1/share/optimizes/:shareId',
      documented({
        summary: 'Revoke a share: its link answers 404 from then on',
        tag: 'shares',
        auth: 'user',
        params: z.object({ shareId: z.string() }),
        errors: [ErrorCode.NOT_FOUND],
      }),
      async (request) => {
        const user = request.user;
        await revokeShare(db, user, request.params.shareId);
        return ok(null);
      },
    );
  },
);
