import { ErrorCode, FEEDBACK_DETAIL_MAX_CHARS, Feedback, FeedbackBody, FeedbackIssueTypes } from '@sqltune/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FEEDBACK_ISSUE_TYPES, getFeedback, saveFeedback } from '../../feedback/service.ts';
import type { AppDeps } from '../app.ts';
import { ok } from '../envelope.ts';
import { documented } from '../openapi/route-doc.ts';
import { routePlugin } from '../route-plugin.ts';

const TaskParams = z.object({ id: z.string() });

/** Feedback on a result: like or dislike, an issue type and a detail (docs/design.md, "Feedback"). */
export const feedbackRoutes = routePlugin('feedback', async (app: FastifyInstance, { database }: AppDeps) => {
  const { db } = database;
  const issueTypes: FeedbackIssueTypes = { items: [...FEEDBACK_ISSUE_TYPES] };

  app.get(
    '/v1/feedback/issue_types',
    documented({
      summary: 'The issue types a feedback chooses from, with their labels in both languages',
      tag: 'feedback',
      auth: 'public',
      data: FeedbackIssueTypes,
    }),
    async () => ok(issueTypes),
  );

  app.get<{ Params: { id: string } }>(
    '/v1/feedback/optimizes/:id',
    documented({
      summary: "The signed-in user's feedback on one of their tasks (null when none was sent)",
      tag: 'feedback',
      auth: 'user',
      params: TaskParams,
      data: Feedback.nullable(),
      errors: [ErrorCode.NOT_FOUND],
    }),
    async (request) => {
      const user = request.user;
      return ok(await getFeedback(db, user, request.params.id));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/v1/feedback/optimizes/:id',
    documented({
      summary: 'Send or edit the feedback on one of your tasks (one per user and task)',
      description:
        'The issue type is required (4801) and must be one of GET /v1/feedback/issue_types (4803); the rating is ' +
        `like or dislike (4802); the detail is optional, at most ${FEEDBACK_DETAIL_MAX_CHARS} characters (4804, never cut). ` +
        'Sending again ' +
        "replaces the earlier feedback. Another user's task, or none, is 404.",
      tag: 'feedback',
      auth: 'user',
      params: TaskParams,
      body: FeedbackBody,
      input: 'raw',
      data: Feedback,
      errors: [
        ErrorCode.FEEDBACK_TYPE_REQUIRED,
        ErrorCode.FEEDBACK_RATING_REQUIRED,
        ErrorCode.FEEDBACK_TYPE_UNKNOWN,
        ErrorCode.FEEDBACK_DETAIL_TOO_LONG,
        ErrorCode.NOT_FOUND,
      ],
    }),
    async (request) => {
      const user = request.user;
      return ok(await saveFeedback(db, user, request.params.id, request.body));
    },
  );
});
