import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  language: text('language').notNull().default('zh'),
  newsletter: boolean('newsletter').notNull().default(false),
  sqlUsed: integer('sql_used').notNull().default(0),
  xmlUsed: integer('xml_used').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Opaque session tokens; only their SHA-256 is stored, so a database leak does not leak sessions. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One entry of the spec's vipValidity list: a plan period with its quota. */
export const planGrants = pgTable('plan_grants', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull(),
  period: text('period').notNull(),
  sqlCnt: integer('sql_cnt').notNull(),
  xmlCnt: integer('xml_cnt').notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The tasks table is also the job queue: a task 'In Progress' waits until a worker leases it (lease_token set,
 * lease_expires_at renewed by the worker's heartbeat) and is finished by a write that must still hold that lease
 * (docs/design.md, "Tasks and workers").
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** A mapper task's ORM (`mybatis` or `ibatis`), as its file was read at submission; null for SQL. */
    framework: text('framework'),
    dialect: text('dialect').notNull(),
    object: text('object').notNull(),
    state: text('state').notNull(),
    inputSql: text('input_sql').notNull(),
    inputSchema: text('input_schema'),
    inputStats: text('input_stats'),
    inputPlan: text('input_plan'),
    /** The run whose report parts (taskReportParts) are this task's report; set when it completes. */
    reportRun: uuid('report_run'),
    error: jsonb('error'),
    totalRules: integer('total_rules').notNull().default(0),
    performanceGain: doublePrecision('performance_gain'),
    totalIndexes: integer('total_indexes').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** Statements in the submission, counted at submission: the ETA's unit of work. */
    statementCount: integer('statement_count').notNull().default(1),
    /** Statements the current run has finished, written with each lease renewal: the ETA of a running task. */
    statementsDone: integer('statements_done').notNull().default(0),
    /** Set while a worker holds the task; the result is written only by the holder of this token. */
    leaseToken: uuid('lease_token'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** The worker holding the lease (host, pid and a random id), for operators. */
    leasedBy: text('leased_by'),
    /** Not taken before this time (a retry waits a little). */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many times a result (report or final error) was stored: exactly-once means at most 1. */
    resultWrites: integer('result_writes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('tasks_user_created_idx').on(table.userId, table.createdAt),
    index('tasks_in_progress_idx').on(table.createdAt).where(sql`${table.state} = 'In Progress'`),
  ],
);

/**
 * A completed task's report, as JSON text cut in parts of REPORT_PART_CHARS (tasks/report-parts.ts): a report can
 * be tens of megabytes, and the embedded database runs one statement at a time, so one part per statement keeps
 * every other query's wait short. Parts are keyed by the run (lease token) that wrote them; only the run that
 * completed the task counts.
 */
export const taskReportParts = pgTable(
  'task_report_parts',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    run: uuid('run').notNull(),
    seq: integer('seq').notNull(),
    part: text('part').notNull(),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.run, table.seq] })],
);

/**
 * Worker processes and their thread counts: the queue's capacity, for fair claiming and ETAs. A worker is live while
 * seen_at + expire_seconds (its own SQLTUNE_JOB_EXPIRE_SECONDS) is in the future.
 */
export const workers = pgTable('workers', {
  id: text('id').primaryKey(),
  slots: integer('slots').notNull(),
  expireSeconds: integer('expire_seconds').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
