import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type AiSettings, type PlannerSettings, plannerSettingsFromEnv } from '@sqltune/planner';
import { z } from 'zod';
import { Catalogue } from './accounts/catalogue.ts';
import type { MailSettings } from './mail/mailer.ts';
import { type PaymentSettings, STORE_BUILDER_SCRIPT_URL } from './payments/index.ts';

/** A link the web app puts in an href: http(s) or mailto only (a javascript: URL would run in the app's origin). */
const linkAddress = z
  .string()
  .regex(/^(https?:\/\/|mailto:)\S+$/i, 'must start with http://, https:// or mailto:')
  .optional()
  .or(z.literal(''));

/** Every setting comes from the environment, validated once at start; `.env.example` documents each. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  SQLTUNE_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SQLTUNE_WORKER: z.enum(['in-process', 'off']).default('in-process'),
  SQLTUNE_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(60),
  SQLTUNE_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  SQLTUNE_ANALYSIS_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  SQLTUNE_ANALYSIS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(60),
  SQLTUNE_WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LLM_BASE_URL: z.url().optional().or(z.literal('')),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('SQLTune <no-reply@localhost>'),
  SQLTUNE_PUBLIC_URL: z.string().optional(),
  SQLTUNE_PLANS_FILE: z.string().optional(),
  SQLTUNE_TRUST_PROXY: z.enum(['true', 'false', '']).optional(),
  SQLTUNE_PAYMENT_PROVIDER: z.enum(['local', 'fastspring', '']).optional(),
  FASTSPRING_STOREFRONT: z.string().optional(),
  FASTSPRING_WEBHOOK_SECRET: z.string().optional(),
  FASTSPRING_SCRIPT_URL: z.url().optional().or(z.literal('')),
  SQLTUNE_HELP_URL: linkAddress,
  SQLTUNE_SUPPORT_URL: linkAddress,
  SQLTUNE_BLOG_URL: linkAddress,
  SQLTUNE_LANGUAGE_REFRESH: z.enum(['true', 'false', '']).optional(),
  SQLTUNE_EXAMPLES: z.enum(['on', 'off', '']).optional(),
});

/** Where Help, Contact Support and the update banner lead (served to the web by GET /v1/site_config). */
export interface SiteLinks {
  help: string;
  support: string;
  blog: string;
}

/** Placeholders until an operator sets the real addresses. */
export const DEFAULT_LINKS: SiteLinks = {
  help: 'https://github.com/',
  support: 'https://github.com/',
  blog: 'https://github.com/',
};

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the app database is embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  inProcessWorker: boolean;
  /**
   * How long a task's lease lasts without a heartbeat (a third of it apart); after that the task is taken again by
   * any live worker. Read on every start, per worker: nothing stores it.
   */
  jobExpireSeconds: number;
  /** Optimizations one worker process runs at a time, each in its own thread with its own optimizers. */
  workerConcurrency: number;
  /** Threads that check submissions (parse and analyze) for the API, off its event loop. */
  analysisThreads: number;
  /** A submission whose check takes longer is refused (4209) and its thread replaced. */
  analysisTimeoutSeconds: number;
  webDist: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** The OpenAI-compatible endpoint for AI rewrites; undefined (the step is skipped) unless URL and model are set. */
  ai: AiSettings | undefined;
  /** How the optimizers are set up (PGlite pool, PostgreSQL and MariaDB sandboxes; README, "Settings"). */
  planners: PlannerSettings;
  mail: MailSettings;
  /** Where users reach the app (scheme, host, port, no path): the base of every link in a mail. */
  publicUrl: string;
  /** The plans on offer (SQLTUNE_PLANS_FILE or the defaults). */
  catalogue: Catalogue;
  /** Behind a reverse proxy: read the client's address and scheme from X-Forwarded-For / -Proto. */
  trustProxy: boolean;
  /** Checkout: the local test provider (the default) or FastSpring. */
  payments: PaymentSettings;
  links: SiteLinks;
  /** The spec's refresh flag: the web app reloads the page after a language change (served by GET /v1/site_config). */
  languageRefresh: boolean;
  /** Make the live examples (example_sql, example_postgresql, example_mybatis) at start; off: they answer 404. */
  examples: boolean;
}

/** Reads `.env` from the working directory into process.env when present (real variables win). */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.parse(env);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(parsed.SQLTUNE_DATA_DIR),
    databaseUrl: parsed.DATABASE_URL || undefined,
    inProcessWorker: parsed.SQLTUNE_WORKER === 'in-process',
    jobExpireSeconds: parsed.SQLTUNE_JOB_EXPIRE_SECONDS,
    workerConcurrency: parsed.SQLTUNE_WORKER_CONCURRENCY,
    analysisThreads: parsed.SQLTUNE_ANALYSIS_THREADS,
    analysisTimeoutSeconds: parsed.SQLTUNE_ANALYSIS_TIMEOUT_SECONDS,
    webDist: resolve(parsed.SQLTUNE_WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: parsed.LOG_LEVEL,
    ai: aiSettingsOf(parsed),
    planners: plannerSettingsFromEnv(env),
    mail: {
      smtpUrl: parsed.SMTP_URL || undefined,
      from: parsed.MAIL_FROM,
      outboxDir: join(resolve(parsed.SQLTUNE_DATA_DIR), 'outbox'),
    },
    publicUrl: (parsed.SQLTUNE_PUBLIC_URL || `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    catalogue: Catalogue.fromFile(parsed.SQLTUNE_PLANS_FILE || undefined),
    trustProxy: parsed.SQLTUNE_TRUST_PROXY === 'true',
    payments: paymentSettingsOf(parsed),
    links: {
      help: parsed.SQLTUNE_HELP_URL || DEFAULT_LINKS.help,
      // Without a support address of its own, Contact Support leads where Help does.
      support: parsed.SQLTUNE_SUPPORT_URL || parsed.SQLTUNE_HELP_URL || DEFAULT_LINKS.support,
      blog: parsed.SQLTUNE_BLOG_URL || DEFAULT_LINKS.blog,
    },
    languageRefresh: parsed.SQLTUNE_LANGUAGE_REFRESH === 'true',
    examples: parsed.SQLTUNE_EXAMPLES !== 'off',
  };
}

function paymentSettingsOf(env: z.infer<typeof Env>): PaymentSettings {
  if (env.SQLTUNE_PAYMENT_PROVIDER !== 'fastspring') return { provider: 'local' };
  // A half-configured FastSpring would take payments it cannot credit: refuse to start instead.
  if (!env.FASTSPRING_STOREFRONT || !env.FASTSPRING_WEBHOOK_SECRET) {
    throw new Error(
      'SQLTUNE_PAYMENT_PROVIDER=fastspring needs FASTSPRING_STOREFRONT and FASTSPRING_WEBHOOK_SECRET: set both.',
    );
  }
  return {
    provider: 'fastspring',
    storefront: env.FASTSPRING_STOREFRONT,
    webhookSecret: env.FASTSPRING_WEBHOOK_SECRET,
    scriptUrl: env.FASTSPRING_SCRIPT_URL || STORE_BUILDER_SCRIPT_URL,
  };
}

function aiSettingsOf(env: z.infer<typeof Env>): AiSettings | undefined {
  if (!env.LLM_BASE_URL) return undefined;
  // A URL without a model is a half-done setup: say so at start rather than skip the AI step on every task.
  if (!env.LLM_MODEL) throw new Error('LLM_BASE_URL is set but LLM_MODEL is not: set both to enable AI rewrites.');
  return {
    baseUrl: env.LLM_BASE_URL,
    model: env.LLM_MODEL,
    timeoutMs: env.LLM_TIMEOUT_MS,
    ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}),
  };
}
