import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/** Every setting comes from the environment, validated once at start; `.env.example` documents each. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  SQLTUNE_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SQLTUNE_WORKER: z.enum(['in-process', 'off']).default('in-process'),
  SQLTUNE_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(600),
  SQLTUNE_QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(60),
  SQLTUNE_WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the app database is embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  inProcessWorker: boolean;
  jobExpireSeconds: number;
  /** How often expired jobs (their worker died) are failed over to a retry. */
  queueMaintenanceSeconds: number;
  webDist: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
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
    queueMaintenanceSeconds: parsed.SQLTUNE_QUEUE_MAINTENANCE_SECONDS,
    webDist: resolve(parsed.SQLTUNE_WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: parsed.LOG_LEVEL,
  };
}
