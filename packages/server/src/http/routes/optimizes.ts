import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  AppError,
  CreatedTask,
  Dialect,
  ErrorCode,
  MapperFramework,
  TaskDetail,
  TaskListQuery,
  TaskPage,
  type TaskType,
} from '@sqltune/contracts';
import { normalizeNewlines } from '@sqltune/engine';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  checkFieldSize,
  checkNoNul,
  FIELD_BYTE_LIMITS,
  type FieldLabel,
  fieldTooLarge,
  MAX_MAPPER_STATEMENTS,
  MAX_STATEMENTS,
  type SubmissionField,
} from '../../tasks/limits.ts';
import {
  createTask,
  deleteTask,
  listTasks,
  type NewTask,
  type StoredTaskDetail,
  taskDetail,
} from '../../tasks/service.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { routePlugin } from '../route-plugin.ts';
import { parseBody } from '../validate.ts';

const Fields = z.object({
  dialect: Dialect,
  sql: z.string().optional(),
  schema: z.string().optional(),
  stats: z.string().optional(),
  plan: z.string().optional(),
  /** Set for a mapper (with `sql` or an .xml file holding its XML): the ORM chosen on /xmlConfig. */
  orm: MapperFramework.optional(),
  /** Statement statistics (pg_stat_statements, the digest summary, a slow log) for workload advice. */
  workload: z.string().optional(),
});

/** The name a pasted mapper is known by in its findings' positions and its patched file. */
const PASTED_MAPPER_NAME = 'mapper.xml';

/** A byte limit as the documentation states it. */
function mib(bytes: number): string {
  return `${bytes / (1024 * 1024)} MiB`;
}

export const optimizeRoutes = routePlugin(
  'optimize',
  async (app: FastifyInstance, { database, analysis, onTaskCreated, config }: AppDeps) => {
    const { db } = database;

    app.post(
      '/v1/optimizes',
      documented({
        summary: 'Submit a statement (or several), or a MyBatis/iBatis mapper, for optimization',
        description:
          'The input is checked at once (content errors come back with their line and column) and the task is queued; ' +
          'it uses one unit of the SQL quota, or of the XML quota for a mapper (orm set). Poll the detail route for the ' +
          `report. Limits: ${mib(FIELD_BYTE_LIMITS.sql)} for the SQL or the mapper, ${mib(FIELD_BYTE_LIMITS.schema)} ` +
          `for each other field (UTF-8 bytes; 4207 beyond, never cut), at most ${MAX_STATEMENTS} statements, or ` +
          `${MAX_MAPPER_STATEMENTS} in a mapper (4208).`,
        tag: 'tasks',
        auth: 'user',
        body: Fields,
        input: 'raw',
        multipart: {
          dialect: 'mysql or postgresql',
          file: 'one .sql file, or one .xml mapper file with orm',
          sql: 'the statement text, or the pasted mapper with orm',
          schema: 'optional CREATE TABLE statements',
          stats: 'optional statistics',
          plan: 'optional EXPLAIN output',
          orm: 'mybatis or ibatis for a mapper',
          workload: 'optional statement statistics (pg_stat_statements, the digest summary, a slow log)',
        },
        data: CreatedTask,
        errors: [
          ErrorCode.INPUT_REQUIRED,
          ErrorCode.CONTENT_INVALID,
          ErrorCode.TABLE_STRUCTURE_INVALID,
          ErrorCode.PLAN_INVALID,
          ErrorCode.STATEMENT_NOT_ALLOWED,
          ErrorCode.FIELD_TOO_LARGE,
          ErrorCode.TOO_MANY_STATEMENTS,
          ErrorCode.ANALYSIS_TOO_SLOW,
          ErrorCode.WORKLOAD_INVALID,
          ErrorCode.TOO_MANY_FILES,
          ErrorCode.QUOTA_EXCEEDED,
        ],
      }),
      async (request) => {
        const user = request.user;
        return ok(await createTask(db, config.catalogue, analysis, user, await readSubmission(request), onTaskCreated));
      },
    );

    app.get<{ Querystring: TaskListQuery }>(
      '/v1/optimizes',
      documented({
        summary: "The signed-in user's tasks, newest first, a page at a time",
        tag: 'tasks',
        auth: 'user',
        query: TaskListQuery,
        data: TaskPage,
      }),
      async (request) => {
        const user = request.user;
        return ok(await listTasks(db, user, request.query.page, request.query.pageSize));
      },
    );

    for (const type of ['sql', 'mybatis'] as const satisfies readonly TaskType[]) {
      app.get<{ Params: { id: string } }>(
        `/v1/optimizes/${type}/:id`,
        documented({
          summary: `A ${type === 'sql' ? 'SQL' : 'mapper'} task's state, input and report (null while it runs)`,
          tag: 'tasks',
          auth: 'user',
          params: z.object({ id: z.string() }),
          data: TaskDetail,
          errors: [ErrorCode.NOT_FOUND],
        }),
        async (request, reply) => {
          const user = request.user;
          const body = detailBody(await taskDetail(db, user, request.params.id, type));
          return reply.type('application/json; charset=utf-8').send(body);
        },
      );
    }

    app.delete<{ Params: { id: string } }>(
      '/v1/optimizes/:id',
      documented({
        summary: "Delete one of the signed-in user's tasks",
        tag: 'tasks',
        auth: 'user',
        params: z.object({ id: z.string() }),
        errors: [ErrorCode.NOT_FOUND],
      }),
      async (request) => {
        const user = request.user;
        await deleteTask(db, user, request.params.id);
        return ok(null);
      },
    );
  },
);

/**
 * The envelope of a task's detail (TaskDetail) with the stored report JSON put in as it is: parsing a report of
 * tens of megabytes to serialize it again held the event loop for a second. `data` is the envelope's last key and
 * `report` is added as its last, so the text ends `}}` where the report goes.
 */
export function detailBody({ reportJson, ...detail }: StoredTaskDetail): string {
  const envelope = JSON.stringify(ok(detail));
  return `${envelope.slice(0, -2)},"report":${reportJson ?? 'null'}}}`;
}

/**
 * Multipart (the web app, with an optional .sql or .xml file) or JSON (scripts); both give the same fields, each
 * checked against its byte limit (4207) and for NUL characters (4202-4204 with the position) before anything else.
 * A submission is a mapper when it names its ORM (`orm`) or comes as an .xml file: `sql` (or the file) is its XML,
 * within the same limit as SQL, and a pasted plan means nothing for it.
 */
async function readSubmission(request: FastifyRequest): Promise<NewTask> {
  const { fields, fileName } = request.isMultipart()
    ? await readMultipart(request)
    : { fields: request.body, fileName: null };
  const parsed = parseBody(Fields, fields);
  const isMapper = parsed.orm !== undefined || (fileName !== null && isXmlFile(fileName));
  if (isMapper && fileName !== null && !isXmlFile(fileName)) throw wrongFile('xml');
  const text = (field: SubmissionField, label: FieldLabel = field) => {
    const value = parsed[field];
    if (value === undefined) return null;
    checkFieldSize(field, value, label);
    // Stored with LF newlines, so the positions in errors and findings match the text shown back.
    const normalized = normalizeNewlines(value);
    checkNoNul(label, normalized);
    return normalized.trim() ? normalized : null;
  };
  return {
    dialect: parsed.dialect,
    sql: text('sql', fileName === null ? 'sql' : 'file') ?? '',
    schema: text('schema'),
    stats: text('stats'),
    plan: isMapper ? null : text('plan'),
    workload: isMapper ? null : text('workload'),
    fileName,
    mapper: isMapper ? { fileName: fileName ?? PASTED_MAPPER_NAME, framework: parsed.orm ?? null } : null,
  };
}

/** The form's fields, with the file's content as `sql`; a field or file cut at the parser's limit is refused. */
async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; fileName: string | null }> {
  const fields: Record<string, string> = {};
  let fileName: string | null = null;
  try {
    for await (const part of request.parts()) {
      fileName = (await readPart(part, fields)) ?? fileName;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw tooManyFiles();
    throw error;
  }
  return { fields, fileName };
}

/** One part of the form: a field into `fields`, or the file's text as `sql` (its name returned). */
async function readPart(part: Multipart, fields: Record<string, string>): Promise<string | null> {
  if (part.type === 'file') {
    if (!/\.(sql|xml)$/i.test(part.filename)) {
      await part.toBuffer();
      throw wrongFile(null);
    }
    checkNoNul('file', part.filename);
    fields.sql = await fileText(part);
    return part.filename;
  }
  if (part.valueTruncated) throw truncatedField(part.fieldname);
  fields[part.fieldname] = String(part.value);
  return null;
}

/** More files than the one .sql or .xml a submission takes (images are read in the browser, never sent). */
function tooManyFiles(): AppError {
  return new AppError(ErrorCode.TOO_MANY_FILES, { field: 'file' });
}

function isXmlFile(name: string): boolean {
  return /\.xml$/i.test(name);
}

/** The spec's upload limit: one SQL or XML file; `expected` when the other fields say which. */
function wrongFile(expected: 'xml' | null): AppError {
  return new AppError(ErrorCode.CONTENT_INVALID, {
    field: 'file',
    message:
      expected === 'xml'
        ? { zh: '优化 XML 时只能上传一个 .xml 文件', en: 'upload one .xml file to optimize a mapper' }
        : { zh: '只能上传一个 .sql 或 .xml 文件', en: 'upload one .sql or .xml file' },
  });
}

async function fileText(part: MultipartFile): Promise<string> {
  try {
    return (await part.toBuffer()).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldTooLarge('sql', 'file');
    throw error;
  }
}

function truncatedField(name: string): AppError {
  if (name in FIELD_BYTE_LIMITS) return fieldTooLarge(name as SubmissionField);
  return new AppError(ErrorCode.BODY_TOO_LARGE, {
    field: name,
    message: { zh: `字段 ${name} 过大`, en: `field ${name} is too large` },
  });
}
