/**
 * The two real databases the quality bench measures on, behind one small interface: a throwaway PostgreSQL
 * (test-support's startPostgres) and a throwaway MariaDB of our own (not the planner's sandbox, which has small
 * buffers and a 30 s statement limit): its own data directory, unix socket only, removed on stop.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dialect } from '@sqltune/contracts';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { INSTALL_DB_CANDIDATES, MARIADBD_CANDIDATES } from '../../packages/planner/src/mariadb/server.ts';
import { postgresBinDir, startPostgres } from '../../test-support/services.ts';
import { type ColumnFigures, type MeasuredStatistics, TABLES, type TableData, type Value } from './data.ts';
import { normalizeValue, type ValueKind } from './rows.ts';

export interface Database {
  /** `postgresql` or `mariadb`, as the summary line names it. */
  name: string;
  dialect: Dialect;
  version: string;
  /** Runs one statement; the rows come back as normalised text (see rows.ts). */
  query(sql: string): Promise<string[][]>;
  /** The plan's shape (EXPLAIN without costs or row estimates), to tell whether a plan changed and which indexes it reads. */
  planShape(sql: string): Promise<string>;
  /** Whether an error from query() is the statement timeout. */
  isTimeout(error: unknown): boolean;
  load(tables: TableData[]): Promise<void>;
  /** Fresh statistics for one table, or for all of them. */
  analyze(table?: string): Promise<void>;
  statistics(): Promise<MeasuredStatistics>;
  createIndex(ddl: string): Promise<void>;
  /** Hides built indexes from the optimizer (the original statement's runs) or shows them again. */
  setIndexesVisible(ddls: string[], visible: boolean): Promise<void>;
  dropIndex(ddl: string): Promise<void>;
  stop(): Promise<void>;
}

const openDatabases = new Set<Database>();

/** Stops every database still open (on SIGINT/SIGTERM). */
export async function stopAllDatabases(): Promise<void> {
  await Promise.allSettled([...openDatabases].map((db) => db.stop()));
}

function tracked(db: Database): Database {
  const stop = db.stop;
  const wrapped: Database = {
    ...db,
    stop: async () => {
      openDatabases.delete(wrapped);
      await stop();
    },
  };
  openDatabases.add(wrapped);
  return wrapped;
}

/** Index and table names of a `CREATE INDEX name ON table (...)` statement, unquoted. */
export function indexNames(ddl: string): { index: string; table: string } {
  const match = /^\s*CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(\S+)\s+ON\s+(\S+)/i.exec(ddl);
  if (!match) throw new Error(`not a CREATE INDEX statement: ${ddl}`);
  const unquote = (id: string) => id.replace(/^[`"]|[`"]$/g, '');
  return { index: unquote(match[1]!), table: unquote(match[2]!) };
}

const INSERT_PARAMETERS = 30_000;

// ---------------------------------------------------------------- PostgreSQL

export function postgresAvailable(): boolean {
  return postgresBinDir !== undefined;
}

const PG_FLOAT_TYPES = new Set([700, 701]);
const PG_NUMERIC = 1700;
/** Every value as the server's text: no Date objects, no float parsing; normalised by column type below. */
const rawText = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

export async function openPostgres(schemaSql: string, timeoutSeconds: number): Promise<Database> {
  const server = await startPostgres();
  const client = new pg.Client({ connectionString: server.url });
  try {
    await client.connect();
    await client.query('ALTER SYSTEM SET autovacuum = off');
    await client.query('SELECT pg_reload_conf()');
    await client.query(schemaSql);
  } catch (error) {
    await client.end().catch(() => undefined);
    await server.stop();
    throw error;
  }
  const version = String((await client.query('SHOW server_version')).rows[0]?.server_version ?? '');
  await client.query(`SET statement_timeout = '${timeoutSeconds}s'`);
  const query = async (sql: string): Promise<string[][]> => {
    const result = await client.query({ text: sql, rowMode: 'array', types: rawText });
    const kinds: ValueKind[] = result.fields.map((f) =>
      PG_FLOAT_TYPES.has(f.dataTypeID) ? 'float' : f.dataTypeID === PG_NUMERIC ? 'decimal' : 'other',
    );
    return (result.rows as unknown[][]).map((row) => row.map((value, i) => normalizeValue(value, kinds[i]!)));
  };
  return tracked({
    name: 'postgresql',
    dialect: 'postgresql',
    version: `PostgreSQL ${version}`,
    query,
    async planShape(sql) {
      const rows = await query(`EXPLAIN (COSTS OFF) ${sql}`);
      return rows.map((r) => r[0]).join('\n');
    },
    isTimeout: (error) => (error as { code?: string }).code === '57014',
    async load(tables) {
      for (const table of tables) {
        const perRow = table.columns.length;
        const batch = Math.floor(INSERT_PARAMETERS / perRow);
        let values: Value[] = [];
        const flush = async () => {
          if (values.length === 0) return;
          const rows = values.length / perRow;
          const placeholders = Array.from(
            { length: rows },
            (_, r) => `(${table.columns.map((_, c) => `$${r * perRow + c + 1}`).join(', ')})`,
          );
          await client.query(
            `INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES ${placeholders.join(', ')}`,
            values,
          );
          values = [];
        };
        await client.query('BEGIN');
        for (const row of table.rows()) {
          values.push(...row);
          if (values.length >= batch * perRow) await flush();
        }
        await flush();
        await client.query('COMMIT');
      }
    },
    async analyze(table) {
      await client.query('SET statement_timeout = 0');
      await client.query(table ? `ANALYZE ${table}` : 'VACUUM ANALYZE');
      await client.query(`SET statement_timeout = '${timeoutSeconds}s'`);
    },
    async statistics() {
      const rows = new Map<string, number>();
      const counts = await client.query<{ relname: string; reltuples: number }>(
        `SELECT c.relname, c.reltuples::float8 AS reltuples FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`,
      );
      for (const r of counts.rows) rows.set(r.relname, Math.round(Number(r.reltuples)));
      const columns = new Map<string, Map<string, ColumnFigures>>();
      const stats = await client.query<{
        tablename: string;
        attname: string;
        n_distinct: number;
        null_frac: number;
        avg_width: number;
        mcv: string | null;
        freqs: number[] | null;
        histogram: string | null;
      }>(
        `SELECT tablename, attname, n_distinct::float8 AS n_distinct, null_frac::float8 AS null_frac, avg_width,
                most_common_vals::text AS mcv, most_common_freqs::float8[] AS freqs, histogram_bounds::text AS histogram
         FROM pg_stats WHERE schemaname = 'public' ORDER BY tablename, attname`,
      );
      for (const s of stats.rows) {
        const total = rows.get(s.tablename) ?? 0;
        const nDistinct = Number(s.n_distinct);
        const distinct = Math.max(1, Math.round(nDistinct >= 0 ? nDistinct : -nDistinct * total));
        if (!columns.has(s.tablename)) columns.set(s.tablename, new Map());
        columns.get(s.tablename)!.set(s.attname, {
          distinct,
          nulls: Number(s.null_frac),
          width: Number(s.avg_width),
          ...(s.mcv && s.freqs ? { mostCommonValues: s.mcv, mostCommonFrequencies: s.freqs.map(Number) } : {}),
          ...(s.histogram ? { histogramBounds: s.histogram } : {}),
        });
      }
      return { rows, columns };
    },
    async createIndex(ddl) {
      await client.query('SET statement_timeout = 0');
      try {
        await client.query(ddl);
      } finally {
        await client.query(`SET statement_timeout = '${timeoutSeconds}s'`);
      }
    },
    async setIndexesVisible(ddls, visible) {
      for (const ddl of ddls) {
        // The planner skips an index that is not valid (it is still maintained; our statements only read).
        // The catalog update invalidates the table's cached index list. hypopg_hide_index() would do this per
        // session, but only from hypopg 1.4; Debian 12 ships 1.3.1.
        await client.query(
          `UPDATE pg_index SET indisvalid = ${visible} WHERE indexrelid = '"${indexNames(ddl).index}"'::regclass`,
        );
      }
    },
    async dropIndex(ddl) {
      await client.query(`DROP INDEX IF EXISTS "${indexNames(ddl).index}"`);
    },
    async stop() {
      await client.end().catch(() => undefined);
      await server.stop();
    },
  });
}

// ---------------------------------------------------------------- MariaDB

const mariadbd = MARIADBD_CANDIDATES.find((path) => existsSync(path));
const installDb = INSTALL_DB_CANDIDATES.find((path) => existsSync(path));

export function mariadbBinariesAvailable(): boolean {
  return mariadbd !== undefined && installDb !== undefined;
}

const MYSQL_FLOAT_TYPES = new Set([4, 5]); // FLOAT, DOUBLE
const MYSQL_DECIMAL_TYPES = new Set([0, 246]); // DECIMAL, NEWDECIMAL
const ER_STATEMENT_TIMEOUT = 1969;

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 120_000, maxBuffer: 8 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${file} failed: ${error.message}\n${stderr}`)) : resolve(),
    );
  });
}

export async function openMariaDb(schemaSql: string, timeoutSeconds: number): Promise<Database> {
  if (!mariadbd || !installDb) throw new Error('MariaDB binaries not found');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'sqltune-bench-mariadb-'));
  const data = join(dir, 'data');
  const socketPath = join(dir, 'sock');
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  // If this process dies without stopping us (an uncaught error), the server and its files go with it.
  const onExit = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const stopServer = async () => {
    process.off('exit', onExit);
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, 20_000);
      });
      await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  let connection: mysql.Connection;
  try {
    await run(installDb, [
      '--no-defaults',
      `--datadir=${data}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--skip-name-resolve',
      ...(asRoot ? ['--user=root'] : []),
    ]);
    child = spawn(
      mariadbd,
      [
        '--no-defaults',
        `--datadir=${data}`,
        `--socket=${socketPath}`,
        '--skip-networking',
        ...(asRoot ? ['--user=root'] : []),
        `--pid-file=${join(dir, 'mariadbd.pid')}`,
        `--log-error=${join(dir, 'error.log')}`,
        `--tmpdir=${dir}`,
        `--secure-file-priv=${dir}`,
        '--skip-name-resolve',
        '--skip-log-bin',
        '--character-set-server=utf8mb4',
        '--collation-server=utf8mb4_general_ci',
        '--innodb-buffer-pool-size=512M',
        '--innodb-flush-log-at-trx-commit=0',
        '--innodb-doublewrite=0',
        '--performance-schema=OFF',
      ],
      { stdio: 'ignore' },
    );
    const started = child;
    exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        connection = await mysql.createConnection({
          socketPath,
          user: 'root',
          password: '',
          multipleStatements: false,
          supportBigNumbers: true,
          bigNumberStrings: true,
          dateStrings: true,
          decimalNumbers: false,
          charset: 'utf8mb4_general_ci',
        });
        break;
      } catch (error) {
        if (started.exitCode !== null || Date.now() > deadline) {
          let log = '';
          try {
            log = readFileSync(join(dir, 'error.log'), 'utf8').split('\n').slice(-15).join('\n');
          } catch {}
          throw new Error(`MariaDB did not start: ${(error as Error).message}\n${log}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await connection.query('CREATE DATABASE tpch');
    await connection.query('USE tpch');
    for (const statement of schemaSql.split(/;\s*\n/).filter((s) => s.replace(/--[^\n]*/g, '').trim())) {
      await connection.query(statement);
    }
  } catch (error) {
    await stopServer();
    throw error;
  }
  const [versionRows] = await connection.query<mysql.RowDataPacket[]>('SELECT VERSION() AS v');
  const version = String(versionRows[0]?.v ?? '');
  await connection.query(`SET SESSION max_statement_time = ${timeoutSeconds}`);
  const withoutTimeout = async <T>(action: () => Promise<T>): Promise<T> => {
    await connection.query('SET SESSION max_statement_time = 0');
    try {
      return await action();
    } finally {
      await connection.query(`SET SESSION max_statement_time = ${timeoutSeconds}`);
    }
  };
  const query = async (sql: string): Promise<string[][]> => {
    const [rows, fields] = await connection.query<mysql.RowDataPacket[][]>({ sql, rowsAsArray: true });
    const kinds: ValueKind[] = (fields ?? []).map((f) =>
      MYSQL_FLOAT_TYPES.has(f.columnType ?? -1)
        ? 'float'
        : MYSQL_DECIMAL_TYPES.has(f.columnType ?? -1)
          ? 'decimal'
          : 'other',
    );
    return (rows as unknown as unknown[][]).map((row) => row.map((value, i) => normalizeValue(value, kinds[i]!)));
  };
  return tracked({
    name: 'mariadb',
    dialect: 'mysql',
    version: `MariaDB ${version}`,
    query,
    async planShape(sql) {
      // id, select_type, table, type, key, key_len, ref, Extra (not possible_keys, rows, filtered).
      const rows = await query(`EXPLAIN ${sql}`);
      return rows.map((r) => [0, 1, 2, 3, 5, 6, 7, 10].map((i) => r[i]).join(' ')).join('\n');
    },
    isTimeout: (error) => (error as { errno?: number }).errno === ER_STATEMENT_TIMEOUT,
    async load(tables) {
      await connection.query('SET SESSION unique_checks = 0, foreign_key_checks = 0');
      for (const table of tables) {
        const batch = Math.floor(INSERT_PARAMETERS / table.columns.length);
        let rows: Value[][] = [];
        const flush = async () => {
          if (rows.length === 0) return;
          await connection.query(`INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES ?`, [rows]);
          rows = [];
        };
        await connection.query('START TRANSACTION');
        for (const row of table.rows()) {
          rows.push(row);
          if (rows.length >= batch) await flush();
        }
        await flush();
        await connection.query('COMMIT');
      }
      await connection.query('SET SESSION unique_checks = 1, foreign_key_checks = 1');
    },
    async analyze(table) {
      await withoutTimeout(async () => {
        // After loading: InnoDB and engine-independent statistics (histograms) of every column. After an index
        // is built the data has not changed: InnoDB's index statistics are enough, and the heavy full-table
        // histogram pass would leave dirty pages being flushed while the optimized statement is timed.
        if (table) await connection.query(`ANALYZE TABLE ${table}`);
        else for (const name of TABLES) await connection.query(`ANALYZE TABLE ${name} PERSISTENT FOR ALL`);
      });
    },
    async statistics() {
      // Engine-independent statistics that ANALYZE ... PERSISTENT FOR ALL collected.
      const rows = new Map<string, number>();
      const [tableRows] = await connection.query<mysql.RowDataPacket[]>(
        `SELECT table_name, cardinality FROM mysql.table_stats WHERE db_name = 'tpch'`,
      );
      for (const r of tableRows) rows.set(String(r.table_name), Number(r.cardinality));
      const columns = new Map<string, Map<string, ColumnFigures>>();
      const [columnRows] = await connection.query<mysql.RowDataPacket[]>(
        `SELECT table_name, column_name, nulls_ratio, avg_length, avg_frequency FROM mysql.column_stats
         WHERE db_name = 'tpch' ORDER BY table_name, column_name`,
      );
      for (const c of columnRows) {
        const table = String(c.table_name);
        const total = rows.get(table) ?? 0;
        const nulls = Number(c.nulls_ratio ?? 0);
        const frequency = Number(c.avg_frequency ?? 1) || 1;
        if (!columns.has(table)) columns.set(table, new Map());
        columns.get(table)!.set(String(c.column_name), {
          distinct: Math.max(1, Math.round((total * (1 - nulls)) / frequency)),
          nulls,
          width: Math.round(Number(c.avg_length ?? 0)),
        });
      }
      return { rows, columns };
    },
    async createIndex(ddl) {
      await withoutTimeout(() => connection.query(ddl));
    },
    async setIndexesVisible(ddls, visible) {
      for (const ddl of ddls) {
        const { index, table } = indexNames(ddl);
        await connection.query(
          `ALTER TABLE \`${table}\` ALTER INDEX \`${index}\` ${visible ? 'NOT IGNORED' : 'IGNORED'}`,
        );
      }
    },
    async dropIndex(ddl) {
      const { index, table } = indexNames(ddl);
      await connection.query(`DROP INDEX IF EXISTS \`${index}\` ON \`${table}\``);
    },
    async stop() {
      await connection.end().catch(() => undefined);
      await stopServer();
    },
  });
}
