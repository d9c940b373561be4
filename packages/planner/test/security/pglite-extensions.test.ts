/**
 * Attacks on the PGlite sandbox once contrib extensions are loaded (docs/security.md, P2 and P5): the extensions are
 * created by the bootstrap superuser before the instance switches to the session's role, and nothing of theirs may
 * hand that role any privilege back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglitePlanner, shutdownPglitePool } from '../../src/pglite/backend.ts';
import { ALLOWED_EXTENSIONS, type ExtensionRequest } from '../../src/pglite/extensions.ts';
import { PgError, type PgliteLease, PglitePool, SANDBOX_ROLE } from '../../src/pglite/pool.ts';
import type { PlannerSession } from '../../src/types.ts';
import { answersTo, expectNothingLeaked, plantSecrets, removeSecrets } from './attacks.ts';

const secrets = plantSecrets();

/** The server's error for `sql` as the session's role, or 'ok'. */
async function attempt(lease: PgliteLease, sql: string): Promise<string> {
  try {
    await lease.db.query(sql);
    return 'ok';
  } catch (error) {
    if (error instanceof PgError) return error.message;
    throw error;
  }
}

describe('the PGlite sandbox with every allowed extension loaded', () => {
  const pool = new PglitePool({ size: 1, cacheDir: null });
  let lease: PgliteLease;

  beforeAll(async () => {
    lease = await pool.acquire(ALLOWED_EXTENSIONS.map((name): ExtensionRequest => ({ name })));
  }, 120_000);

  afterAll(async () => {
    await lease?.release();
    await pool.shutdown();
  });

  it('hands out the instance as the unprivileged role, the extensions owned by someone else', async () => {
    const who = await lease.db.query<{ current_user: string; session_user: string; extensions: string }>(
      'SELECT current_user, session_user, (SELECT count(*) FROM pg_extension)::text AS extensions',
    );
    expect(who.rows[0]).toEqual({
      current_user: SANDBOX_ROLE,
      session_user: SANDBOX_ROLE,
      // plpgsql and the allowed ones
      extensions: String(ALLOWED_EXTENSIONS.length + 1),
    });
    const owners = await lease.db.query<{ owner: string }>(
      'SELECT DISTINCT extowner::regrole::text AS owner FROM pg_extension',
    );
    expect(owners.rows.map((r) => r.owner)).not.toContain(SANDBOX_ROLE);
  }, 60_000);

  it('no extension function runs with its owner’s privilege (SECURITY DEFINER)', async () => {
    const definers = await lease.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM pg_proc p JOIN pg_depend d
          ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
        WHERE p.prosecdef`,
    );
    const members = await lease.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM pg_depend WHERE classid = 'pg_proc'::regclass AND deptype = 'e'`,
    );
    expect(Number(members.rows[0]?.n)).toBeGreaterThan(500);
    expect(definers.rows[0]?.n).toBe('0');
  }, 60_000);

  it('the role can not change, drop or add extensions, nor read files, nor switch identity', async () => {
    expect(await attempt(lease, 'DROP EXTENSION citext')).toMatch(/must be owner of extension citext/);
    expect(await attempt(lease, 'ALTER EXTENSION pg_trgm UPDATE')).toMatch(/must be owner of extension pg_trgm/);
    expect(await attempt(lease, 'ALTER FUNCTION uuid_generate_v4() SECURITY DEFINER')).toMatch(
      /must be owner of function uuid_generate_v4/,
    );
    // Bundles of the rest are not in the instance at all.
    expect(await attempt(lease, 'CREATE EXTENSION file_fdw')).toMatch(/extension "file_fdw" is not available/);
    expect(await attempt(lease, 'CREATE EXTENSION dblink')).toMatch(/extension "dblink" is not available/);
    expect(await attempt(lease, `SELECT pg_read_file('${secrets.file}')`)).toMatch(
      /permission denied for function pg_read_file/,
    );
    expect(await attempt(lease, `SELECT set_config('session_authorization', 'postgres', false)`)).toMatch(
      /permission denied for function set_config/,
    );
    // Extension functions work, as the role.
    expect(await attempt(lease, "SELECT similarity('abc', 'abd'), digest('x', 'sha256'), 'A'::citext = 'a'")).toBe(
      'ok',
    );
  }, 60_000);
});

describe('the PGlite planner session with extensions asked for in the table structure', () => {
  let session: PlannerSession;

  beforeAll(async () => {
    session = await pglitePlanner.open({
      dialect: 'postgresql',
      schemaSql: [
        'CREATE EXTENSION pg_trgm;',
        'CREATE EXTENSION pgcrypto;',
        'CREATE EXTENSION file_fdw;',
        'CREATE EXTENSION dblink;',
        'CREATE EXTENSION adminpack;',
        'CREATE EXTENSION citext SCHEMA pg_catalog;',
        'CREATE TABLE t (a int PRIMARY KEY, k text);',
        'CREATE INDEX tk ON t USING gin (k gin_trgm_ops);',
      ].join('\n'),
      statistics: [{ table: 't', rows: 1000, columns: [] }],
    });
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await shutdownPglitePool();
    removeSecrets(secrets);
  });

  it('names every extension it did not create, and creates none of them', async () => {
    expect(session.notes?.map((n) => n.en)).toEqual(
      ['file_fdw', 'dblink', 'adminpack', 'citext'].map(
        (name) => `CREATE EXTENSION ${name} ignored: not available in the embedded PostgreSQL`,
      ),
    );
    const answer = await answersTo(session, "SELECT 'x'::citext::text AS v FROM t");
    expect(answer).toContain('type \\"citext\\" does not exist');
  }, 60_000);

  it('a statement can not create an extension or reach files through one', async () => {
    for (const sql of [
      'CREATE EXTENSION file_fdw',
      'CREATE EXTENSION citext',
      `SELECT pg_read_file('${secrets.file}') AS v FROM t`,
      `SELECT encode(digest(pg_read_binary_file('${secrets.file}'), 'sha256'), 'hex') AS v FROM t`,
      `SELECT similarity(pg_read_file('${secrets.file}'), k)::text AS v FROM t`,
    ]) {
      const answer = await answersTo(session, sql);
      expectNothingLeaked(answer, secrets, sql);
      expect(answer, sql).toMatch(/permission denied for function pg_read|syntax error/);
    }
  }, 120_000);
});
