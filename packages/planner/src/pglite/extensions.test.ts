import { afterAll, describe, expect, it } from 'vitest';
import { tokenize } from '../sql-text.ts';
import { withSession } from '../test-support/helpers.ts';
import { pglitePlanner, shutdownPglitePool } from './backend.ts';
import { ALLOWED_EXTENSIONS, createExtensionSql, extensionsToLoad, readCreateExtension } from './extensions.ts';
import { PglitePool } from './pool.ts';

const read = (sql: string) => readCreateExtension(tokenize(sql, 'postgresql'));

describe('readCreateExtension', () => {
  it('accepts the allowed extensions in every form of the statement and builds its own text', () => {
    expect(read('CREATE EXTENSION pg_trgm')).toEqual({ accepted: true, request: { name: 'pg_trgm' } });
    const full = read('create extension if not exists "uuid-ossp" with schema extensions version \'1.1\' cascade');
    expect(full).toEqual({ accepted: true, request: { name: 'uuid-ossp', schema: 'extensions' } });
    if (!full?.accepted) throw new Error('unreachable');
    expect(createExtensionSql(full.request)).toBe(
      'CREATE EXTENSION IF NOT EXISTS "uuid-ossp" SCHEMA "extensions" CASCADE',
    );
    expect(read('CREATE EXTENSION citext SCHEMA public')).toMatchObject({ accepted: true });
    expect(read('CREATE TABLE t (x int)')).toBeUndefined();
  });

  it('refuses names off the list, catalog schemas and anything more in the statement', () => {
    expect(read('CREATE EXTENSION postgis')).toEqual({ accepted: false, name: 'postgis' });
    expect(read('CREATE EXTENSION file_fdw')).toEqual({ accepted: false, name: 'file_fdw' });
    expect(read('CREATE EXTENSION dblink')).toEqual({ accepted: false, name: 'dblink' });
    expect(read('CREATE EXTENSION lo')).toEqual({ accepted: false, name: 'lo' });
    expect(read('CREATE EXTENSION pg_trgm SCHEMA pg_catalog')).toEqual({ accepted: false, name: 'pg_trgm' });
    expect(read('CREATE EXTENSION pg_trgm SCHEMA information_schema')).toEqual({ accepted: false, name: 'pg_trgm' });
    expect(read('CREATE EXTENSION pg_trgm FROM unpackaged')).toEqual({ accepted: false, name: 'pg_trgm' });
    expect(read('CREATE EXTENSION pg_trgm; DROP TABLE x')).toEqual({ accepted: false, name: 'pg_trgm' });
    expect(read('CREATE EXTENSION')).toEqual({ accepted: false, name: undefined });
  });

  it('loads what an extension requires first', () => {
    expect(extensionsToLoad([{ name: 'earthdistance' }, { name: 'cube' }, { name: 'citext' }])).toEqual([
      'cube',
      'earthdistance',
      'citext',
    ]);
  });
});

describe('the PGlite pool with extensions', () => {
  it('starts an instance with the extensions in a full pool (in a spare’s place), and spares carry none', async () => {
    const pool = new PglitePool({ size: 1 });
    try {
      await (await pool.acquire()).release(); // a spare is started in its place, filling the pool
      const withCitext = await pool.acquire([{ name: 'citext' }]);
      const equal = await withCitext.db.query<{ equal: string }>("SELECT ('a'::citext = 'A')::text AS equal");
      expect(equal.rows).toEqual([{ equal: 'true' }]);
      await withCitext.release();
      const plain = await pool.acquire();
      await expect(plain.db.query("SELECT 'a'::citext")).rejects.toThrow(/type "citext" does not exist/);
      await plain.release();
    } finally {
      await pool.shutdown();
    }
  }, 120_000);
});

describe('contrib extensions on embedded PGlite', () => {
  afterAll(async () => {
    await shutdownPglitePool();
  });

  it('plans a schema using citext, hstore, ltree, a trigram index and uuid_generate_v4()', async () => {
    const schemaSql = `CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION hstore;
CREATE EXTENSION ltree;
CREATE EXTENSION pg_trgm;
CREATE EXTENSION "uuid-ossp";
CREATE EXTENSION postgis;
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
  email citext UNIQUE NOT NULL,
  name text NOT NULL,
  attrs hstore,
  path ltree
);
CREATE INDEX users_name_trgm ON users USING gin (name gin_trgm_ops);
CREATE INDEX users_path ON users USING gist (path);`;
    const session = await pglitePlanner.open({
      dialect: 'postgresql',
      schemaSql,
      statistics: [{ table: 'users', rows: 2_000_000, columns: [] }],
    });
    try {
      expect(session.notes?.map((n) => n.en)).toEqual([
        'CREATE EXTENSION postgis ignored: not available in the embedded PostgreSQL',
      ]);
      expect(session.notes?.[0]?.zh).toBe('CREATE EXTENSION postgis 已忽略：内置 PostgreSQL 中没有此扩展');
      const byEmail = await session.explain("SELECT id FROM users WHERE email = 'A@Example.com'");
      expect(byEmail.raw).toMatch(/Index Scan using users_email_key/);
      const trigram = await session.explain("SELECT id FROM users WHERE name LIKE '%smith%'");
      expect(trigram.raw).toMatch(/Bitmap Index Scan on users_name_trgm/);
      const subtree = await session.explain("SELECT id FROM users WHERE path <@ 'top.science'");
      expect(subtree.raw).toContain('users_path');
      const tagged = await session.explain("SELECT id FROM users WHERE attrs -> 'color' = 'red'");
      expect(tagged.root.relation).toBe('users');
      // The extension's functions run as the session's role.
      const verdict = await session.verify(
        'SELECT count(*) FROM users WHERE length(uuid_generate_v4()::text) = 36',
        'SELECT count(*) FROM users',
        { literals: [] },
      );
      expect(verdict).toMatchObject({ verdict: 'not-refuted' });
    } finally {
      await session.close();
    }
  }, 120_000);

  it('creates every allowed extension, and a schema named for one is the session own', async () => {
    const schemaSql = [
      'CREATE SCHEMA extensions;',
      ...ALLOWED_EXTENSIONS.map((name) => `CREATE EXTENSION IF NOT EXISTS "${name}" WITH SCHEMA extensions;`),
      'CREATE TABLE extensions.mine (id uuid DEFAULT extensions.gen_random_uuid(), code extensions.isbn13);',
    ].join('\n');
    const session = await pglitePlanner.open({ dialect: 'postgresql', schemaSql, statistics: [] });
    try {
      expect(session.notes).toEqual([expect.objectContaining({ en: expect.stringMatching(/planned as 1000 rows/) })]);
      const plan = await session.explain('SELECT * FROM extensions.mine');
      expect(plan.root.relation).toBe('mine');
    } finally {
      await session.close();
    }
  }, 120_000);

  it('a schema without extensions gets none of their types (the column is a stand-in)', async () => {
    const opening = pglitePlanner.open({
      dialect: 'postgresql',
      schemaSql: 'CREATE TABLE t (box cube);',
      statistics: [],
    });
    await withSession(opening, async (session) => {
      expect(session.notes?.[0]?.en).toMatch(/^column t\.box: cube is not known to the planner/);
      await expect(session.explain("SELECT 1 FROM t WHERE box = '(1)'::cube")).rejects.toThrow(
        /type "cube" does not exist/,
      );
    });
  }, 120_000);

  it('creates an allowed extension whose types or operator classes the structure uses without asking', async () => {
    const opening = pglitePlanner.open({
      dialect: 'postgresql',
      schemaSql: `CREATE TABLE public.users (id int PRIMARY KEY, email public.citext NOT NULL, name text);
CREATE UNIQUE INDEX users_email ON public.users (email);
CREATE INDEX users_name_trgm ON public.users USING gin (name public.gin_trgm_ops);`,
      statistics: [{ table: 'users', rows: 200_000, columns: [] }],
    });
    await withSession(opening, async (session) => {
      expect(session.notes?.map((n) => n.en).filter((n) => !n.includes('no statistics'))).toEqual([
        'the table structure uses types or operator classes of citext without CREATE EXTENSION citext: created for it',
        'the table structure uses types or operator classes of pg_trgm without CREATE EXTENSION pg_trgm: created for it',
      ]);
      expect((await session.explain("SELECT id FROM users WHERE email = 'A@Example.com'")).raw).toMatch(/users_email/);
      expect((await session.explain("SELECT id FROM users WHERE name LIKE '%smith%'")).raw).toMatch(/users_name_trgm/);
    });
  }, 120_000);
});
