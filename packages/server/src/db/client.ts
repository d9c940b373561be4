import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PgliteThreadClient } from './pglite-client.ts';
import * as schema from './schema.ts';

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/** The query surface both drivers share; drizzle's two database types differ only in driver details. */
export type Database = ReturnType<typeof drizzlePg<typeof schema>>;

/** Runs raw SQL (tests, benches): parameterless text may hold several statements (PGlite needs exec for that). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface AppDatabase {
  kind: 'pglite' | 'postgresql';
  db: Database;
  executeSql: ExecuteSql;
  version(): Promise<string>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /**
   * Told of an error on an idle pooled connection (the server restarted or was shut down). Without a listener such
   * an error would be thrown from the pool's event emitter and end the process; the pool drops the connection and
   * opens a fresh one on the next query either way.
   */
  onConnectionError?: (error: Error) => void;
}

/** Opens the app database: PostgreSQL when a URL is given, else embedded PGlite under the data dir. */
export async function openDatabase(options: DatabaseOptions): Promise<AppDatabase> {
  return options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.onConnectionError ?? (() => undefined))
    : await openPglite(options.dataDir);
}

/** The embedded database runs in a thread of its own (pglite-client.ts), which applies the migrations. */
async function openPglite(dataDir: string): Promise<AppDatabase> {
  const client = await PgliteThreadClient.open({ path: join(dataDir, 'pglite'), migrationsFolder });
  // The client has the part of PGlite's interface drizzle calls.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  return {
    kind: 'pglite',
    db: db as unknown as Database,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
    version: async () => versionOf((await client.query<{ version: string }>('SELECT version()')).rows),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, onConnectionError: (error: Error) => void): Promise<AppDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', onConnectionError);
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  return {
    kind: 'postgresql',
    db,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    version: async () => versionOf((await pool.query<{ version: string }>('SELECT version()')).rows),
    close: () => pool.end(),
  };
}

function versionOf(rows: Array<{ version: string }>): string {
  const full = rows[0]?.version ?? 'unknown';
  return /^PostgreSQL [\d.]+/.exec(full)?.[0] ?? full;
}
