import type { TaskType } from '@sqltune/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { revokeShare, sharedDetail, shareTask } from '../../shares/service.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { parseBody } from '../validate.ts';
import { detailBody } from './optimizes.ts';

const ShareRequest = z.object({ id: z.string() });

/** Read-only links to a result (docs/design.md, "Sharing"). */
export async function shareRoutes(app: FastifyInstance, { database }: AppDeps) {
  const { db } = database;

  app.post('/v1/share/optimizes', async (request) => {
    const user = await request.requireUser();
    const { id } = parseBody(ShareRequest, request.body);
    return ok(await shareTask(db, user, id));
  });

  for (const type of ['sql', 'mybatis'] as const satisfies readonly TaskType[]) {
    // No sign-in: the share id is the key. Not cached, so a revoked link stops answering at once.
    app.get<{ Params: { shareId: string } }>(`/v1/share/optimizes/${type}/:shareId`, async (request, reply) => {
      const body = detailBody(await sharedDetail(db, request.params.shareId, type));
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
    });
  }

  app.delete<{ Params: { shareId: string } }>('/v1/share/optimizes/:shareId', async (request) => {
    const user = await request.requireUser();
    await revokeShare(db, user, request.params.shareId);
    return ok(null);
  });
}
