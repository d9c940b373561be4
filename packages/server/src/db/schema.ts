import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    dialect: text('dialect').notNull(),
    object: text('object').notNull(),
    state: text('state').notNull(),
    inputSql: text('input_sql').notNull(),
    inputSchema: text('input_schema'),
    inputStats: text('input_stats'),
    inputPlan: text('input_plan'),
    report: jsonb('report'),
    error: jsonb('error'),
    totalRules: integer('total_rules').notNull().default(0),
    performanceGain: doublePrecision('performance_gain'),
    totalIndexes: integer('total_indexes').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('tasks_user_created_idx').on(table.userId, table.createdAt)],
);
