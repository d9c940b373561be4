/**
 * What a PostgreSQL + HypoPG sandbox server is, whichever kind (external: external-server.ts; local: local-server.ts),
 * and the template database every session database is copied from (`sqltune_template_v3`): HypoPG (schema `hypopg`)
 * and the statistics functions (schema `sqltune`, see stats.ts). The session databases themselves: server.ts.
 */
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { quoteIdent, quoteLiteral } from '../pglite/sql-text.ts';
import { plannerSettings } from '../settings.ts';
import type { LocalProcess } from './local-server.ts';
import { type FileAccess, type SizingMode, STATS_FUNCTIONS_SQL } from './stats.ts';

/** The template every session database is copied from; the suffix changes when its content changes. */
export const TEMPLATE_DATABASE = 'sqltune_template_v3';
const TEMPLATE_MARK = 'sqltune template v3 ready';

/** What the sandbox server is and what it allows. */
export interface SandboxServer {
  local: boolean;
  /** "15.14" */
  version: string;
  /** "1.3.1" */
  hypopgVersion: string;
  /** The schema HypoPG's functions are in, in every session database. */
  hypopgSchema: string;
  sizing: SizingMode;
  files?: FileAccess;
  /** Sessions run as their own unprivileged role (false: as the URL's role). */
  sessionRoles: boolean;
  /** Autovacuum runs on the server: tables must opt out, or it would ANALYZE the injected statistics away. */
  autovacuum: boolean;
}

export interface SandboxDatabase {
  name: string;
  role?: { name: string; password: string };
}

/** Client settings for a database (and role) of a sandbox server. */
export type ClientConfigFor = (database: string, role?: SandboxDatabase['role']) => pg.ClientConfig;

/** A sandbox server reached: what it is, its admin pool, and for a local one its process. */
export interface ServerHandle {
  readonly server: SandboxServer;
  readonly admin: pg.Pool;
  readonly configFor: ClientConfigFor;
  readonly local?: LocalProcess;
}

export interface RoleFacts {
  autovacuum: boolean;
  superuser: boolean;
  createdb: boolean;
  version: string;
  blockSize: number;
  segmentBlocks: number;
  dataDir?: string;
  systemIdentifier?: string;
}

export async function readFacts(admin: pg.Pool): Promise<RoleFacts> {
  const r = await admin.query<{
    rolsuper: boolean;
    rolcreatedb: boolean;
    autovacuum: string;
    version: string;
    block_size: string;
    segment_size: string;
  }>(
    `SELECT r.rolsuper, r.rolcreatedb, current_setting('autovacuum') AS autovacuum,
            current_setting('server_version') AS version,
            current_setting('block_size') AS block_size,
            (SELECT setting FROM pg_settings WHERE name = 'segment_size') AS segment_size
       FROM pg_roles r WHERE r.rolname = current_user`,
  );
  const row = r.rows[0];
  const facts: RoleFacts = {
    autovacuum: row?.autovacuum !== 'off',
    superuser: Boolean(row?.rolsuper),
    createdb: Boolean(row?.rolcreatedb),
    version: (row?.version ?? '').split(' ')[0],
    blockSize: Number(row?.block_size ?? 8192),
    segmentBlocks: Number(row?.segment_size ?? 131072),
  };
  try {
    const d = await admin.query<{ dir: string; id: string }>(
      `SELECT current_setting('data_directory') AS dir, (SELECT system_identifier::text FROM pg_control_system()) AS id`,
    );
    facts.dataDir = d.rows[0]?.dir;
    facts.systemIdentifier = d.rows[0]?.id;
  } catch {
    // Not allowed to read them: no file access.
  }
  return facts;
}

/** File access to the server's data directory, when it is on this machine and writable from this process. */
export function fileAccessOf(facts: RoleFacts): FileAccess | undefined {
  if (!plannerSettings().postgres.fileAccess) return undefined;
  if (!facts.dataDir || !facts.systemIdentifier) return undefined;
  try {
    // pg_control starts with the cluster's system identifier (uint64, this machine's byte order).
    const control = readFileSync(join(facts.dataDir, 'global', 'pg_control'));
    const id = control.length >= 8 ? control.readBigUInt64LE(0).toString() : '';
    if (id !== facts.systemIdentifier) return undefined;
    accessSync(join(facts.dataDir, 'base'), constants.W_OK);
    const s = statSync(facts.dataDir);
    const access: FileAccess = {
      dataDir: facts.dataDir,
      blockSize: facts.blockSize,
      segmentBlocks: facts.segmentBlocks,
    };
    if (process.getuid && s.uid !== process.getuid()) access.owner = { uid: s.uid, gid: s.gid };
    return access;
  } catch {
    return undefined;
  }
}

/**
 * Makes sure the template database exists (HypoPG, and the statistics functions when the role is a superuser).
 * Returns HypoPG's schema and version and whether the statistics functions are there.
 */
export async function ensureTemplate(
  admin: pg.Pool,
  configFor: ClientConfigFor,
  superuser: boolean,
): Promise<{ hypopgSchema: string; hypopgVersion: string; statsFunctions: boolean }> {
  const readMark = async () => {
    const r = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [TEMPLATE_DATABASE],
    );
    return r.rows.length === 0 ? undefined : (r.rows[0].comment ?? '');
  };
  const parse = (mark: string) => {
    const fields = new Map(
      mark
        .slice(TEMPLATE_MARK.length)
        .trim()
        .split(/\s+/)
        .map((kv) => kv.split('=') as [string, string]),
    );
    return {
      hypopgSchema: fields.get('hypopg') ?? 'hypopg',
      hypopgVersion: fields.get('hypopg_version') ?? '',
      statsFunctions: fields.get('stats') === 'on',
    };
  };
  const mark = await readMark();
  if (mark?.startsWith(TEMPLATE_MARK)) return parse(mark);
  const lockClient = await admin.connect();
  try {
    // One process builds it; others wait for the lock and find it ready.
    await lockClient.query(`SELECT pg_advisory_lock(hashtext($1))`, [TEMPLATE_DATABASE]);
    const again = await readMark();
    if (again?.startsWith(TEMPLATE_MARK)) return parse(again);
    if (again !== undefined) {
      // Left half-made by a process that died: start over.
      await lockClient
        .query(`ALTER DATABASE ${quoteIdent(TEMPLATE_DATABASE)} IS_TEMPLATE false`)
        .catch(() => undefined);
      await lockClient.query(`DROP DATABASE ${quoteIdent(TEMPLATE_DATABASE)} WITH (FORCE)`);
    }
    await lockClient.query(`CREATE DATABASE ${quoteIdent(TEMPLATE_DATABASE)} TEMPLATE template1`);
    const t = new pg.Client(configFor(TEMPLATE_DATABASE));
    t.on('error', () => undefined);
    await t.connect();
    let result: { hypopgSchema: string; hypopgVersion: string; statsFunctions: boolean };
    try {
      const existing = await t.query<{ schema: string; version: string }>(
        `SELECT extnamespace::regnamespace::text AS schema, extversion AS version FROM pg_extension WHERE extname = 'hypopg'`,
      );
      let hypopgSchema = existing.rows[0]?.schema;
      let hypopgVersion = existing.rows[0]?.version;
      if (!hypopgSchema) {
        try {
          await t.query('CREATE SCHEMA hypopg');
          await t.query('CREATE EXTENSION hypopg SCHEMA hypopg');
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(
            `the PostgreSQL sandbox has no usable HypoPG extension (${message}): install HypoPG on the server (Debian: postgresql-<major>-hypopg) and connect as a superuser, or create the extension in template1`,
          );
        }
        const v = await t.query<{ version: string }>(
          `SELECT extversion AS version FROM pg_extension WHERE extname = 'hypopg'`,
        );
        hypopgSchema = 'hypopg';
        hypopgVersion = v.rows[0]?.version ?? '';
      }
      await t.query(`GRANT USAGE ON SCHEMA ${quoteIdent(hypopgSchema)} TO PUBLIC`);
      let statsFunctions = false;
      if (superuser) {
        await t.query(STATS_FUNCTIONS_SQL);
        statsFunctions = true;
      }
      result = { hypopgSchema, hypopgVersion: hypopgVersion ?? '', statsFunctions };
    } finally {
      await t.end().catch(() => undefined);
    }
    // A template (so roles with CREATEDB but not its owner may copy it) nobody connects to.
    await lockClient.query(`ALTER DATABASE ${quoteIdent(TEMPLATE_DATABASE)} IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    const newMark = `${TEMPLATE_MARK} hypopg=${result.hypopgSchema} hypopg_version=${result.hypopgVersion} stats=${result.statsFunctions ? 'on' : 'off'}`;
    await lockClient.query(`COMMENT ON DATABASE ${quoteIdent(TEMPLATE_DATABASE)} IS ${quoteLiteral(newMark)}`);
    return result;
  } finally {
    await lockClient.query(`SELECT pg_advisory_unlock(hashtext($1))`, [TEMPLATE_DATABASE]).catch(() => undefined);
    lockClient.release();
  }
}
