import { z } from 'zod';
import { Language } from './localized.ts';
import { Dialect, Report } from './report.ts';

export const Health = z.object({
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({ kind: z.enum(['pglite', 'postgresql']), version: z.string() }),
  queue: z.object({ name: z.string(), version: z.string() }),
});
export type Health = z.infer<typeof Health>;

export const Credentials = z.object({
  email: z.string().trim().toLowerCase().email(),
  password: z.string().min(1),
});
export type Credentials = z.infer<typeof Credentials>;

export const SignUpBody = Credentials.extend({ acceptTerms: z.boolean() });
export type SignUpBody = z.infer<typeof SignUpBody>;

export const SessionData = z.object({ token: z.string(), email: z.string() });
export type SessionData = z.infer<typeof SessionData>;

export const VipValidity = z.object({
  plan: z.enum(['free', 'starter', 'plus']),
  period: z.enum(['monthly', 'yearly']),
  sqlCnt: z.number().int().optional(),
  xmlCnt: z.number().int().optional(),
  validUntil: z.string(),
});
export type VipValidity = z.infer<typeof VipValidity>;

export const UserInfo = z.object({
  email: z.string(),
  language: Language,
  is_newsletter_subscribed: z.boolean(),
  sqlUsed: z.number().int(),
  xmlUsed: z.number().int(),
  vipValidity: z.array(VipValidity),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const TaskType = z.enum(['sql', 'mybatis']);
export type TaskType = z.infer<typeof TaskType>;

/** Task states as the spec names them. */
export const TaskState = z.enum(['In Progress', 'Failed', 'Completed']);
export type TaskState = z.infer<typeof TaskState>;

export const TaskSummary = z.object({
  id: z.string(),
  type: TaskType,
  dialect: Dialect,
  object: z.string(),
  state: TaskState,
  totalRules: z.number().int(),
  performanceGain: z.number().nullable(),
  totalIndexes: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  etaMinutes: z.number().nullable(),
});
export type TaskSummary = z.infer<typeof TaskSummary>;

export const TaskPage = z.object({
  items: z.array(TaskSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TaskPage = z.infer<typeof TaskPage>;

export const TaskListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const TaskDetail = TaskSummary.extend({
  report: Report.nullable(),
  error: z.object({ code: z.number(), message: z.object({ zh: z.string(), en: z.string() }) }).nullable(),
  input: z.object({
    sql: z.string(),
    schema: z.string().nullable(),
    stats: z.string().nullable(),
    plan: z.string().nullable(),
  }),
});
export type TaskDetail = z.infer<typeof TaskDetail>;

export const CreatedTask = z.object({ id: z.string(), state: TaskState });
export type CreatedTask = z.infer<typeof CreatedTask>;
