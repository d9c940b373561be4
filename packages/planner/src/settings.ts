import { tmpdir } from 'node:os';

/**
 * How this process's optimizers are set up. The planner never reads the environment: the program's edge (the
 * server's configuration, the CLI, a bench, the test setup) reads it once with `plannerSettingsFromEnv` and hands
 * the result to `availablePlanners`, which makes it the settings every optimizer started afterwards uses. The
 * optimizers are process singletons (one PGlite pool, one sandbox server per kind), so settings given after one
 * has started apply from its next start (after `shutdownPlanners`).
 */

/** The PostgreSQL optimizer: embedded PGlite, or a PostgreSQL + HypoPG sandbox server. */
export interface PostgresPlannerSettings {
  /** Plan on a sandbox server instead of embedded PGlite (when one can be had). */
  readonly useSandbox: boolean;
  /** An existing PostgreSQL + HypoPG server to use as the sandbox; unset: one started from the local binaries. */
  readonly sandboxUrl?: string;
  /** Where the local sandbox server's throwaway directory is made; unset: /dev/shm when roomy, else the OS temp dir. */
  readonly serverDir?: string;
  /** Session databases created ahead of use (0 to 8). */
  readonly spareDatabases: number;
  /** Statistics may be written into the server's files when the server is on this machine (false: never). */
  readonly fileAccess: boolean;
}

/** The MySQL-family optimizer: a MariaDB sandbox server. */
export interface MariaDbPlannerSettings {
  /** An existing server to use as the sandbox; unset: one started from the local binaries. */
  readonly sandboxUrl?: string;
  /** Where the local server's throwaway directory is made; unset: /dev/shm when roomy, else the OS temp dir. */
  readonly serverDir?: string;
}

/** The embedded PGlite pool. */
export interface PglitePoolSettings {
  /** Instances at most, leased and spare together (default 2: one per core on the reference machine). */
  readonly poolSize: number;
  /** Directory for the cached template database; null: no cache. */
  readonly cacheDir: string | null;
}

export interface PlannerSettings {
  readonly postgres: PostgresPlannerSettings;
  readonly mariadb: MariaDbPlannerSettings;
  readonly pglite: PglitePoolSettings;
}

export const DEFAULT_PLANNER_SETTINGS: PlannerSettings = {
  postgres: { useSandbox: false, spareDatabases: 2, fileAccess: true },
  mariadb: {},
  pglite: { poolSize: 2, cacheDir: tmpdir() },
};

let active: PlannerSettings = DEFAULT_PLANNER_SETTINGS;

/** The settings optimizers started from now on use. */
export function configurePlanners(settings: PlannerSettings): void {
  active = settings;
}

export function plannerSettings(): PlannerSettings {
  return active;
}

type Environment = Readonly<Record<string, string | undefined>>;

function count(text: string | undefined, fallback: number, max: number): number {
  const n = Number.parseInt(text ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, max) : fallback;
}

/**
 * The settings the documented environment variables ask for (README, "Settings"): POSTGRES_SANDBOX_URL,
 * SQLTUNE_POSTGRES_PLANNER, SQLTUNE_POSTGRES_DIR, SQLTUNE_POSTGRES_SPARES, POSTGRES_SANDBOX_FILES, MYSQL_SANDBOX_URL,
 * SQLTUNE_MARIADB_DIR, SQLTUNE_PGLITE_POOL_SIZE and SQLTUNE_PGLITE_CACHE_DIR. For the program's edge only.
 */
export function plannerSettingsFromEnv(env: Environment): PlannerSettings {
  const postgresUrl = env.POSTGRES_SANDBOX_URL || undefined;
  const mariadbUrl = env.MYSQL_SANDBOX_URL || undefined;
  return {
    postgres: {
      useSandbox: Boolean(postgresUrl) || env.SQLTUNE_POSTGRES_PLANNER === 'sandbox',
      ...(postgresUrl ? { sandboxUrl: postgresUrl } : {}),
      ...(env.SQLTUNE_POSTGRES_DIR ? { serverDir: env.SQLTUNE_POSTGRES_DIR } : {}),
      spareDatabases: count(env.SQLTUNE_POSTGRES_SPARES, DEFAULT_PLANNER_SETTINGS.postgres.spareDatabases, 8),
      fileAccess: env.POSTGRES_SANDBOX_FILES !== 'off',
    },
    mariadb: {
      ...(mariadbUrl ? { sandboxUrl: mariadbUrl } : {}),
      ...(env.SQLTUNE_MARIADB_DIR ? { serverDir: env.SQLTUNE_MARIADB_DIR } : {}),
    },
    pglite: {
      poolSize: Math.max(1, count(env.SQLTUNE_PGLITE_POOL_SIZE, DEFAULT_PLANNER_SETTINGS.pglite.poolSize, 64)),
      cacheDir: env.SQLTUNE_PGLITE_CACHE_DIR || DEFAULT_PLANNER_SETTINGS.pglite.cacheDir,
    },
  };
}
