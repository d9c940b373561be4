/**
 * One connection to the sandbox server (node-postgres), shaped like the part of PGlite's instance that the shared
 * PostgreSQL helpers use (`query`, `exec`, `dead`), so catalog reading (../pglite/stats.ts readCatalog) and
 * differential verification (../verify/differential.ts) run on it unchanged.
 *
 *  - Values come back as PostgreSQL prints them (every type parser is the identity), as PGlite's are configured.
 *  - Server errors become PgError (code, 1-based position, detail, hint), so error placement is shared too.
 *  - `timeoutMs` on a query sets statement_timeout for it (transaction-local: callers run those in a transaction);
 *    a statement that exceeds it rejects with PostgresTimeoutError, which verification reports as "not run".
 *  - A lost connection marks it dead and rejects with PostgresConnectionLost; the session rebuilds itself.
 *  - Queries always use the extended protocol: one statement per call, whatever the text holds.
 */
import pg from 'pg';
import { PgError, PgliteDeadError, type PgliteInstance, PgliteTimeoutError, type PgResult } from '../pglite/pool.ts';

export interface QueryOptions {
  rowMode?: 'object' | 'array';
  /** statement_timeout for this statement, in ms (inside a transaction). */
  timeoutMs?: number;
}

/** A statement ran longer than its statement_timeout (the connection stays usable). */
export class PostgresTimeoutError extends PgliteTimeoutError {
  constructor(timeoutMs: number) {
    super(timeoutMs);
    this.name = 'PostgresTimeoutError';
    this.message = `the statement ran longer than its ${timeoutMs} ms limit (statement_timeout)`;
  }
}

/** The connection to the sandbox server is gone. */
export class PostgresConnectionLost extends PgliteDeadError {
  constructor(reason: string) {
    super(`the connection to the PostgreSQL sandbox was lost (${reason})`);
    this.name = 'PostgresConnectionLost';
  }
}

/** The subset of PgliteInstance the shared helpers call; PgConnection implements it. */
export type SqlSession = Pick<PgliteInstance, 'query' | 'exec' | 'dead'>;

const identity = (value: string) => value;
const TEXT_TYPES = { getTypeParser: () => identity } as unknown as pg.CustomTypesConfig;

/** Client-side guard for a statement the server does not stop (network trouble): its timeout plus this. */
const CLIENT_GRACE_MS = 15_000;
/** Client-side limit for statements without their own timeout (EXPLAIN, DDL, catalog reads). */
const DEFAULT_CLIENT_LIMIT_MS = 120_000;

type ExtendedQueryConfig = pg.QueryConfig & {
  rowMode?: 'array';
  queryMode?: 'extended';
  query_timeout?: number;
};

export class PgConnection implements SqlSession {
  private lost: string | undefined;

  private constructor(private readonly client: pg.Client) {
    client.on('error', (error) => {
      this.lost ??= error.message;
    });
    client.on('end', () => {
      this.lost ??= 'connection closed';
    });
  }

  static async connect(config: pg.ClientConfig): Promise<PgConnection> {
    const client = new pg.Client({ ...config, types: TEXT_TYPES });
    // Errors before connect() settles are reported by connect() itself.
    client.on('error', () => undefined);
    await client.connect();
    return new PgConnection(client);
  }

  get dead(): boolean {
    return this.lost !== undefined;
  }

  /** The server process id of this connection (pg_terminate_backend from an admin connection). */
  get processId(): number | undefined {
    return (this.client as unknown as { processID?: number }).processID;
  }

  async query<Row = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<PgResult<Row>> {
    if (this.lost) throw new PostgresConnectionLost(this.lost);
    const timeoutMs = options.timeoutMs;
    if (timeoutMs !== undefined) await this.run(`SELECT set_config('statement_timeout', $1, true)`, [`${timeoutMs}`]);
    try {
      const config: ExtendedQueryConfig = {
        text: sql,
        values: params,
        queryMode: 'extended',
        query_timeout: (timeoutMs ?? DEFAULT_CLIENT_LIMIT_MS - CLIENT_GRACE_MS) + CLIENT_GRACE_MS,
      };
      if (options.rowMode === 'array') config.rowMode = 'array';
      const r = await this.client.query(config);
      return { rows: r.rows as Row[], fields: r.fields, affectedRows: r.rowCount ?? undefined };
    } catch (error) {
      throw this.translate(error, timeoutMs);
    }
  }

  /** Simple-protocol execution of several statements without parameters: only for text this module built. */
  async exec(sql: string): Promise<PgResult<Record<string, unknown>>[]> {
    if (this.lost) throw new PostgresConnectionLost(this.lost);
    try {
      const r = (await this.client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      const results = Array.isArray(r) ? r : [r];
      return results.map((x) => ({ rows: x.rows, fields: x.fields ?? [], affectedRows: x.rowCount ?? undefined }));
    } catch (error) {
      throw this.translate(error, undefined);
    }
  }

  async end(): Promise<void> {
    this.lost ??= 'closed';
    await this.client.end().catch(() => undefined);
  }

  private async run(sql: string, params: unknown[]): Promise<void> {
    try {
      await this.client.query({ text: sql, values: params, queryMode: 'extended' } as ExtendedQueryConfig);
    } catch (error) {
      throw this.translate(error, undefined);
    }
  }

  private translate(error: unknown, timeoutMs: number | undefined): Error {
    if (error instanceof pg.DatabaseError) {
      // 57014 query_canceled: statement_timeout (or a cancel request).
      if (error.code === '57014' && timeoutMs !== undefined && /statement timeout/.test(error.message))
        return new PostgresTimeoutError(timeoutMs);
      // 57P01 admin_shutdown / 57P02 crash_shutdown / 57P03 cannot_connect_now: the server is going away.
      if (error.code === '57P01' || error.code === '57P02' || error.code === '57P03') {
        this.lost ??= error.message;
        return new PostgresConnectionLost(error.message);
      }
      return new PgError({
        message: error.message,
        code: error.code,
        position: error.position,
        detail: error.detail,
        hint: error.hint,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    // Anything else (socket closed, client-side read timeout) leaves the connection in an unknown state.
    this.lost ??= message;
    void this.client.end().catch(() => undefined);
    return new PostgresConnectionLost(message);
  }
}

/**
 * The connection as the PgliteInstance the shared helpers are typed with. They only call query/exec/dead, which
 * PgConnection implements with the same contract (see SqlSession); the cast is confined here.
 */
export function asPgliteInstance(connection: SqlSession): PgliteInstance {
  return connection as unknown as PgliteInstance;
}
