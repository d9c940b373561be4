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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  language: text('language').notNull().default('zh'),
  newsletter: boolean('newsletter').notNull().default(false),
  /** Null until the emailed activation link is followed; sign-in refuses such an account (4102). */
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  /** SHA-256 of the activation link's token, kept after activation so a second click says "already activated". */
  activationTokenHash: text('activation_token_hash').unique(),
  /**
   * The id of the unsubscribe links in update mails: 32 random bytes made at the first subscription and kept, so every
   * mail's link works until it is used; not derived from anything a reader of the mail could forge.
   */
  unsubscribeId: text('unsubscribe_id').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One live verification code per address and purpose (sign-up or password reset); a new one replaces it. Only its
 * SHA-256 is stored; `attempts` counts wrong guesses (the code is void after MAX_CODE_ATTEMPTS).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.email, table.purpose] })],
);

/** Single-use codes for a plan and a period, minted by operators (`npm run admin -- codes mint`). */
export const redeemCodes = pgTable('redeem_codes', {
  code: text('code').primaryKey(),
  plan: text('plan').notNull(),
  period: text('period').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
});

/**
 * Fixed-window counters of rate-limited actions (sign-in, sign-up, code sending, redeem), keyed by action and account
 * or address: one row per key and window, counted by an upsert, so the limits hold across API processes sharing one
 * PostgreSQL.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

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

/**
 * One entry of the spec's vipValidity list: a plan for a period with its quota and what was used of it. The free plan
 * gets one row per monthly cycle of the account (created when first needed; the partial unique index makes that
 * race-free), paid plans one per grant. A task takes one unit from one active grant with units left (accounts/quota.ts).
 */
export const planGrants = pgTable(
  'plan_grants',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    period: text('period').notNull(),
    sqlCnt: integer('sql_cnt').notNull(),
    xmlCnt: integer('xml_cnt').notNull(),
    sqlUsed: integer('sql_used').notNull().default(0),
    xmlUsed: integer('xml_used').notNull().default(0),
    /** Where the grant came from: free (the monthly cycle), admin, redeem (with the code) or purchase. */
    source: text('source').notNull().default('free'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('plan_grants_user_valid_idx').on(table.userId, table.validUntil),
    uniqueIndex('plan_grants_free_cycle_idx').on(table.userId, table.validFrom).where(sql`${table.source} = 'free'`),
  ],
);

/**
 * One item of a paid order, recorded when its webhook event is processed: the key (provider, event id, item position)
 * makes a replayed event add nothing, and the grant it added is `grant_id` (payments/purchases.ts).
 */
export const purchases = pgTable(
  'purchases',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    item: integer('item').notNull(),
    orderReference: text('order_reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    grantId: uuid('grant_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId, table.item] }),
    index('purchases_order_idx').on(table.provider, table.orderReference),
  ],
);

/**
 * The tasks table is also the job queue: a task 'In Progress' waits until a worker leases it (lease_token set,
 * lease_expires_at renewed by the worker's heartbeat) and is finished by a write that must still hold that lease
 * (docs/design.md, "Tasks and workers").
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Null for the tasks of the live examples (examples table): owned by nobody, listed nowhere, no quota. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
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
    /** Pasted statement statistics (pg_stat_statements, a digest table, a slow log): optimized in place of the SQL. */
    inputWorkload: text('input_workload'),
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
 * Read-only links to a task's result: the id is the link's only secret (24 random bytes, base64url), kept as it is
 * so the owner's share button gets the same link again; it gives the result and nothing else of the owner. One live
 * share per task (the unique index makes "create or reuse" race-free); revoking deletes the row, and deleting the
 * task deletes its share.
 */
export const shares = pgTable(
  'shares',
  {
    id: text('id').primaryKey(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('shares_task_idx').on(table.taskId)],
);

/**
 * A user's feedback on one of their tasks (docs/design.md, "Feedback"): one row per user and task, edited in place
 * when sent again. `issueType` is an id of the list the API serves (feedback/issue-types.ts).
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    rating: text('rating').notNull(),
    issueType: text('issue_type').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('feedback_user_task_idx').on(table.userId, table.taskId),
    index('feedback_updated_idx').on(table.updatedAt),
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

/**
 * The live examples (example_sql, example_postgresql, example_mybatis): each is an ownerless task made by the pipeline
 * from inputs kept in the repository (packages/server/src/examples), made again when the engine version or the input
 * changes (docs/design.md, "Live examples"). `task_id` is the run shown; `previous_task_id` the one shown until the
 * new run completes.
 */
export const examples = pgTable('examples', {
  name: text('name').primaryKey(),
  taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
  previousTaskId: uuid('previous_task_id').references(() => tasks.id, { onDelete: 'set null' }),
  engineVersion: text('engine_version').notNull(),
  /** SHA-256 of the example's inputs as made: an edited input is made again too. */
  inputDigest: text('input_digest').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The chat about a result, per task (chat/service.ts): the owner's questions (`role` user, `source` null) and their
 * answers (`role` assistant) from the configured language model (`source` llm) or the built-in assistant (`source`
 * assistant). A question whose answer failed stays, unanswered. Deleting the task deletes its chat.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull(),
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_task_created_idx').on(table.taskId, table.createdAt)],
);
