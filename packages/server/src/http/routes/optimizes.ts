import { AppError, Dialect, ErrorCode, TaskListQuery } from '@sqltune/contracts';
import { normalizeNewlines } from '@sqltune/engine';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createTask, deleteTask, listTasks, type NewTask, taskDetail } from '../../tasks/service.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { parseBody } from '../validate.ts';

const Fields = z.object({
  dialect: Dialect,
  sql: z.string().optional(),
  schema: z.string().optional(),
  stats: z.string().optional(),
  plan: z.string().optional(),
});

export async function optimizeRoutes(app: FastifyInstance, { database, queue }: AppDeps) {
  const { db } = database;

  app.post('/v1/optimizes', async (request) => {
    const user = await request.requireUser();
    return ok(await createTask(db, queue, user, await readSubmission(request)));
  });

  app.get('/v1/optimizes', async (request) => {
    const user = await request.requireUser();
    const query = parseBody(TaskListQuery, request.query);
    return ok(await listTasks(db, user, query.page, query.pageSize));
  });

  app.get<{ Params: { id: string } }>('/v1/optimizes/sql/:id', async (request) => {
    const user = await request.requireUser();
    return ok(await taskDetail(db, user, request.params.id));
  });

  app.delete<{ Params: { id: string } }>('/v1/optimizes/:id', async (request) => {
    const user = await request.requireUser();
    await deleteTask(db, user, request.params.id);
    return ok(null);
  });
}

/** Multipart (the web app, with an optional .sql file) or JSON (scripts); both give the same fields. */
async function readSubmission(request: FastifyRequest): Promise<NewTask> {
  const fields: Record<string, string> = {};
  let fileName: string | null = null;
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!/\.sql$/i.test(part.filename)) {
          await part.toBuffer();
          throw new AppError(ErrorCode.CONTENT_INVALID, {
            field: 'file',
            message: { zh: '只能上传一个 .sql 文件', en: 'upload one .sql file' },
          });
        }
        fileName = part.filename;
        fields.sql = (await part.toBuffer()).toString('utf8');
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } else {
    Object.assign(fields, request.body ?? {});
  }
  const parsed = parseBody(Fields, fields);
  // Stored with LF newlines, so the positions in errors and findings match the text shown back.
  const text = (value: string | undefined) => (value?.trim() ? normalizeNewlines(value) : null);
  return {
    dialect: parsed.dialect,
    sql: text(parsed.sql) ?? '',
    schema: text(parsed.schema),
    stats: text(parsed.stats),
    plan: text(parsed.plan),
    fileName,
  };
}
