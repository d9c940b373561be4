import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, ErrorCode, PlanTree, Verification } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable } from '../../../../test-support/corpus.ts';
import { postgresBinDir, serviceAvailable } from '../../../../test-support/services.ts';
import { heapPages } from '../pglite/stats.ts';
import {
  appError,
  nodes,
  PLAIN_STATISTICS,
  stepTimings,
  TICKETS_DISTRIBUTION,
  withSession,
} from '../test-support/helpers.ts';
import { TPCH_SCHEMA, TPCH_STATISTICS, tpchQueries } from '../test-support/tpch.ts';
import type { PlannerSession } from '../types.ts';
import { postgresPlanner, shutdownPostgresSandbox } from './backend.ts';
import { localServerInfo } from './server.ts';

/** The local binaries with HypoPG installed (the brief's PostgreSQL 15), or an external server. */
const hypopgInstalled =
  postgresBinDir !== undefined &&
  existsSync(`/usr/share/postgresql/${postgresBinDir.split('/').at(-2)}/extension/hypopg.control`);
const available = serviceAvailable(
  'PostgreSQL+HypoPG',
  process.env.POSTGRES_SANDBOX_URL ? 'POSTGRES_SANDBOX_URL' : hypopgInstalled ? postgresBinDir : undefined,
);

/** Orders without secondary indexes and a nullable comment (what-if and verification tests). */
const PLAIN_SCHEMA = `CREATE TABLE customer (
  c_custkey int NOT NULL PRIMARY KEY,
  c_name varchar(25) NOT NULL
);
CREATE TABLE orders (
  o_orderkey int NOT NULL PRIMARY KEY,
  o_custkey int NOT NULL REFERENCES customer (c_custkey),
  o_orderstatus char(1) NOT NULL,
  o_totalprice numeric(15,2) NOT NULL,
  o_orderdate date NOT NULL,
  o_comment varchar(79)
);`;
describe.runIf(available)('PostgreSQL + HypoPG planner backend (real server)', () => {
  let tpch: PlannerSession;
  let plain: PlannerSession;
  const { timings, timed } = stepTimings();

  beforeAll(async () => {
    plain = await timed('first open (server start-up + open)', () =>
      postgresPlanner.open({ dialect: 'postgresql', schemaSql: PLAIN_SCHEMA, statistics: PLAIN_STATISTICS }),
    );
    tpch = await timed('open TPC-H', () =>
      postgresPlanner.open({ dialect: 'postgresql', schemaSql: TPCH_SCHEMA, statistics: TPCH_STATISTICS }),
    );
  });

  afterAll(async () => {
    await tpch?.close();
    await plain?.close();
    await shutdownPostgresSandbox();
    console.log('PostgreSQL + HypoPG planner timings (ms):', timings);
  });

  it('names its optimizer from version() and the extension', () => {
    expect(tpch.source).toMatch(/^PostgreSQL 1\d\.\d+ \+ HypoPG 1\.\d+\.\d+ \((local sandbox|sandbox server)\)$/);
    expect(tpch.notes).toEqual([]);
  });

  it('plans 1,000,000 injected rows with a full-size sequential scan', async () => {
    const session = await timed('open', () =>
      postgresPlanner.open({
        dialect: 'postgresql',
        schemaSql: 'CREATE TABLE events (id bigint PRIMARY KEY, kind int NOT NULL, payload text);',
        statistics: [{ table: 'events', rows: 1_000_000, columns: [{ column: 'payload', averageWidth: 60 }] }],
      }),
    );
    try {
      const plan = await session.explain('SELECT * FROM events');
      expect(PlanTree.parse(plan)).toEqual(plan);
      expect(plan.root).toMatchObject({ node: 'Seq Scan', relation: 'events', rows: 1_000_000 });
      // seq_page_cost per page + cpu_tuple_cost per row, as for a table really holding the rows.
      const pages = heapPages(1_000_000, [8, 4, 60]);
      expect(pages).toBeGreaterThan(10_000);
      expect(plan.totalCost).toBeCloseTo(pages + 1_000_000 * 0.01, 0);
      expect(plan.raw).toMatch(/^Seq Scan on events {2}\(cost=0\.00\.\.\d+\.\d+ rows=1000000 width=\d+\)$/);
      // The primary key is sized too: a point lookup is an index scan.
      const lookup = await session.explain('SELECT * FROM events WHERE id = 7');
      expect(lookup.root).toMatchObject({ node: 'Index Scan', index: 'events_pkey', rows: 1 });
    } finally {
      await session.close();
    }
  });

  it('estimates an equality on o_custkey from n_distinct (1.5M rows / 100,000 values = 15)', async () => {
    const plan = await timed('explain', () => plain.explain('SELECT * FROM orders WHERE o_custkey = 42'));
    expect(plan.root).toMatchObject({ node: 'Seq Scan', relation: 'orders', rows: 15 });
    expect(plan.root.warnings[0]?.en).toMatch(/^Seq Scan on large table orders \(1,500,000 rows\) with filter/);
    const nulls = await plain.explain('SELECT * FROM orders WHERE o_comment IS NULL');
    expect(nulls.root.rows).toBe(150_000);
  });

  it('a what-if index (HypoPG) lowers the cost under the candidate’s name; without it the scan is back', async () => {
    const sql = 'SELECT * FROM orders WHERE o_custkey = 42';
    const before = await plain.explain(sql);
    expect(before.root.node).toBe('Seq Scan');
    const after = await timed('what-if explain', () =>
      plain.explain(sql, ['CREATE INDEX orders_custkey_whatif ON orders (o_custkey)']),
    );
    const scans = nodes(after.root).filter((n) => n.index === 'orders_custkey_whatif');
    expect(scans.map((n) => n.node)).toEqual([expect.stringMatching(/Index Scan$/)]);
    expect(after.totalCost).toBeLessThan(before.totalCost / 100);
    expect(after.raw).toContain('orders_custkey_whatif');
    expect(after.raw).not.toMatch(/<\d+>/);
    // An unnamed candidate gets the name PostgreSQL would give it.
    const unnamed = await plain.explain(sql, ['CREATE INDEX CONCURRENTLY ON public.orders (o_custkey)']);
    expect(nodes(unnamed.root).some((n) => n.index === 'orders_o_custkey_idx')).toBe(true);
    // The hypothetical index is gone: the same statement plans as before.
    expect(await plain.explain(sql)).toEqual(before);
  });

  it('sizes hypothetical indexes from the statistics (a covering index allows an index-only scan)', async () => {
    const plan = await plain.explain('SELECT o_orderdate FROM orders WHERE o_custkey = 42', [
      'CREATE INDEX ON orders (o_custkey) INCLUDE (o_orderdate)',
    ]);
    expect(plan.root).toMatchObject({ node: 'Index Only Scan', index: 'orders_o_custkey_o_orderdate_idx' });
  });

  it('plans statements with $n parameters as generic plans', async () => {
    const plan = await tpch.explain('SELECT * FROM customer WHERE c_custkey = $1');
    expect(plan.root).toMatchObject({ node: 'Index Scan', index: 'customer_pkey', rows: 1 });
    // The prepared statement is gone afterwards: the same call works again.
    expect((await tpch.explain('SELECT * FROM customer WHERE c_custkey = $1')).root.node).toBe('Index Scan');
  });

  it.runIf(corpusAvailable())('plans the TPC-H queries', async () => {
    const queries = tpchQueries();
    const failures: string[] = [];
    const start = performance.now();
    for (const q of queries) {
      try {
        expect((await tpch.explain(q.original)).totalCost).toBeGreaterThan(0);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        failures.push(`Q${q.number}`);
      }
    }
    timings['explain, TPC-H average'] = Math.round(((performance.now() - start) / queries.length) * 10) / 10;
    // The corpus writes a few queries in other dialects (e.g. CAST(... AS STRING)).
    expect(failures.length).toBeLessThanOrEqual(2);
    const big = await tpch.explain('SELECT * FROM lineitem');
    expect(big.root.rows).toBe(6_001_215);
  });

  it('reports a statement that fails to plan as 4202 at its line and column', async () => {
    const error = await appError(plain.explain('SELECT o_orderkey\nFROM orders\nWHERE o_custky = 1'));
    expect(error.detail).toMatchObject({ code: ErrorCode.CONTENT_INVALID, line: 3, column: 7 });
    expect(error.detail.message.en).toContain('column "o_custky" does not exist');
    const generic = await appError(plain.explain('SELECT *\nFROM orders WHERE o_custky = $1'));
    expect(generic.detail).toMatchObject({ code: ErrorCode.CONTENT_INVALID, line: 2, column: 19 });
    const two = await appError(plain.explain('SELECT 1;\nSELECT 2'));
    expect(two.detail).toMatchObject({ code: ErrorCode.CONTENT_INVALID, line: 2, column: 1 });
    const badIndex = await appError(plain.explain('SELECT 1', ['CREATE INDEX ON orders (nope)']));
    expect(badIndex.detail.code).toBe(ErrorCode.CONTENT_INVALID);
    // The session is still usable after errors.
    expect((await plain.explain('SELECT count(*) FROM customer')).root.node).toBe('Aggregate');
  });

  it('verifies: an equivalent pair is not refuted, COUNT(col) vs COUNT(*) on a nullable column is refuted', async () => {
    const same = await timed('verify', () =>
      plain.verify(
        'SELECT o_custkey, count(*) FROM orders WHERE o_orderstatus = $$F$$ GROUP BY o_custkey',
        "SELECT o_custkey, count(*) FROM orders WHERE 'F' = o_orderstatus GROUP BY 1",
        { literals: [] },
      ),
    );
    expect(Verification.parse(same)).toEqual(same);
    expect(same).toMatchObject({ method: 'differential', verdict: 'not-refuted', databases: 5 });
    const different = await plain.verify('SELECT count(o_comment) FROM orders', 'SELECT count(*) FROM orders', {
      literals: [],
    });
    expect(different.verdict).toBe('refuted');
    // Verification ran in a transaction that was rolled back: the statistics are intact.
    expect((await plain.explain('SELECT * FROM orders')).root.rows).toBe(1_500_000);
  });

  it('stops a verification statement at its timeout (not run) and stays usable', async () => {
    const v = await plain.verify(
      'SELECT o_orderkey FROM orders WHERE pg_sleep(0.05) IS NOT NULL',
      'SELECT o_orderkey FROM orders',
      { literals: [], statementTimeoutMs: 150 },
    );
    expect(v.verdict).toBe('not-run');
    expect(v.detail?.en).toMatch(/150 ms/);
    expect((await plain.explain('SELECT * FROM orders')).root.rows).toBe(1_500_000);
  });

  it('runs the user’s SQL as an unprivileged role', async () => {
    const v = await plain.verify("SELECT current_setting('is_superuser')", "SELECT 'off'::text", { literals: [] });
    expect(v.verdict).toBe('not-refuted');
  });

  it('isolates sessions (a database each) and drops them on close', async () => {
    const a = await postgresPlanner.open({
      dialect: 'postgresql',
      schemaSql: 'CREATE TABLE public.people (id int PRIMARY KEY, name text);',
      statistics: [{ table: 'people', rows: 5000, columns: [] }],
    });
    const b = await postgresPlanner.open({
      dialect: 'postgresql',
      schemaSql: 'CREATE TABLE people (id int, other text);',
      statistics: [],
    });
    try {
      expect((await a.explain('SELECT * FROM public.people')).root.rows).toBe(5000);
      expect((await b.explain('SELECT * FROM people')).root.rows).toBe(1000);
      expect(b.notes?.map((n) => n.en)).toEqual(['no statistics for people: planned as 1000 rows each']);
      await expect(b.explain('SELECT name FROM people')).rejects.toThrow(AppError);
      await expect(a.explain('SELECT * FROM orders')).rejects.toThrow(/relation "orders" does not exist/);
    } finally {
      const start = performance.now();
      await a.close();
      timings.close = Math.round((performance.now() - start) * 10) / 10;
      await b.close();
    }
    await expect(a.explain('SELECT 1')).rejects.toThrow(/closed/);
  });

  it('rejects bad DDL with 4203 at the line and column of the user text', async () => {
    const schemaSql =
      'CREATE TABLE a (id int PRIMARY KEY);\n\nCREATE TABLE b (\n  id int,\n  a_id int REFERENCES a (nope)\n);';
    const error = await appError(postgresPlanner.open({ dialect: 'postgresql', schemaSql, statistics: [] }));
    expect(error.detail).toMatchObject({ code: ErrorCode.TABLE_STRUCTURE_INVALID, line: 3 });
    expect(error.detail.message.en).toContain('column "nope" referenced in foreign key constraint does not exist');
    const syntax = await appError(
      postgresPlanner.open({
        dialect: 'postgresql',
        schemaSql: 'CREATE TABLE a (id int);\nCREATE TABLE b (id int,, x int);',
        statistics: [],
      }),
    );
    expect(syntax.detail).toMatchObject({ code: ErrorCode.TABLE_STRUCTURE_INVALID, line: 2, column: 24 });
    const insert = await appError(
      postgresPlanner.open({
        dialect: 'postgresql',
        schemaSql: 'CREATE TABLE t (a int);\n  INSERT INTO t VALUES (1);',
        statistics: [],
      }),
    );
    expect(insert.detail).toMatchObject({ code: ErrorCode.TABLE_STRUCTURE_INVALID, line: 2, column: 3 });
  });

  it('accepts pg_dump output and installs trusted contrib extensions', async () => {
    const schemaSql = `SET statement_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS plpython3u;
CREATE EXTENSION IF NOT EXISTS earthdistance CASCADE;
CREATE SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS "uuid-ossp" WITH SCHEMA extensions;
CREATE TYPE public.mood AS ENUM ('sad', 'ok');
CREATE TABLE public.people (id integer NOT NULL, name text, mood public.mood, ref uuid DEFAULT extensions.uuid_generate_v4());
ALTER TABLE public.people OWNER TO app;
CREATE SEQUENCE public.people_id_seq AS integer START WITH 1;
ALTER TABLE ONLY public.people ALTER COLUMN id SET DEFAULT nextval('public.people_id_seq'::regclass);
ALTER TABLE ONLY public.people ADD CONSTRAINT people_pkey PRIMARY KEY (id);
CREATE INDEX people_name_trgm ON public.people USING gin (name public.gin_trgm_ops);`;
    const session = await postgresPlanner.open({
      dialect: 'postgresql',
      schemaSql,
      statistics: [{ table: 'people', rows: 200_000, columns: [] }],
    });
    try {
      // plpython3u is off the allow list and never sent; earthdistance is allowed but not trusted: the server refuses.
      expect(session.notes?.map((n) => n.en)).toEqual([
        'CREATE EXTENSION plpython3u ignored: not allowed in the PostgreSQL sandbox',
        expect.stringMatching(/^CREATE EXTENSION earthdistance ignored \(permission denied to create extension/),
      ]);
      const plan = await session.explain("SELECT * FROM people WHERE name LIKE '%anna%'");
      expect(nodes(plan.root).some((n) => n.index === 'people_name_trgm')).toBe(true);
    } finally {
      await session.close();
    }
  });

  it('injects most common values, a histogram and a correlation when the statistics carry them', async () => {
    const session = await postgresPlanner.open({
      dialect: 'postgresql',
      schemaSql: 'CREATE TABLE tickets (id int PRIMARY KEY, status text NOT NULL, amount int NOT NULL);',
      statistics: [{ table: 'tickets', rows: 1_000_000, columns: TICKETS_DISTRIBUTION }],
    });
    try {
      expect((await session.explain("SELECT * FROM tickets WHERE status = 'open'")).root.rows).toBe(200_000);
      expect((await session.explain("SELECT * FROM tickets WHERE status = 'lost'")).root.rows).toBe(10_000);
      // amount < 1000: 10 of 100 histogram buckets.
      const range = await session.explain('SELECT * FROM tickets WHERE amount < 1000');
      expect(range.root.rows).toBeGreaterThan(95_000);
      expect(range.root.rows).toBeLessThan(105_000);
    } finally {
      await session.close();
    }
  });

  it('splits a relation above 1 GB into segment files the planner counts', async () => {
    const session = await postgresPlanner.open({
      dialect: 'postgresql',
      schemaSql: 'CREATE TABLE wide (id bigint, body char(2000));',
      statistics: [{ table: 'wide', rows: 2_000_000, columns: [] }],
    });
    try {
      const plan = await session.explain('SELECT * FROM wide');
      const pages = heapPages(2_000_000, [8, 2001]);
      expect(pages).toBeGreaterThan(131_072 * 2);
      expect(plan.root.rows).toBe(2_000_000);
      expect(plan.totalCost).toBeCloseTo(pages + 2_000_000 * 0.01, 0);
      const info = localServerInfo();
      if (info) {
        // The heap is N (1 GB), N.1 (1 GB), N.2 (the rest), all sparse: no disk blocks beyond a few.
        const segments = segmentFiles(join(info.dataDir, 'base'));
        expect(segments.length).toBeGreaterThanOrEqual(3);
        const bytes = segments.reduce((sum, f) => sum + statSync(f).size, 0);
        expect(bytes).toBe(pages * 8192);
        expect(segments.reduce((sum, f) => sum + statSync(f).blocks * 512, 0)).toBeLessThan(1024 * 1024);
      }
    } finally {
      await session.close();
    }
  });

  // Last: it kills the server the other tests share.
  it.runIf(!process.env.POSTGRES_SANDBOX_URL)('rebuilds a session on a new server when its server died', async () => {
    const session = await postgresPlanner.open({
      dialect: 'postgresql',
      schemaSql: PLAIN_SCHEMA,
      statistics: PLAIN_STATISTICS,
    });
    try {
      const before = await session.explain('SELECT * FROM orders WHERE o_custkey = 42');
      const info = localServerInfo();
      expect(info?.pid).toBeGreaterThan(0);
      // Immediate shutdown: the server is gone at once, as after a crash (SIGKILL would leak its SysV segment).
      process.kill(info?.pid ?? 0, 'SIGQUIT');
      // The watchdog sees the server exit and removes its directory.
      for (let i = 0; i < 100 && existsSync(info?.dir ?? '/'); i++) await new Promise((r) => setTimeout(r, 50));
      const after = await session.explain('SELECT * FROM orders WHERE o_custkey = 42');
      expect(after).toEqual(before);
      expect(localServerInfo()?.dir).not.toBe(info?.dir);
    } finally {
      await session.close();
    }
  });
});

/** The segment files (N, N.1, N.2 ...) of the relation with the most segments in a data directory. */
function segmentFiles(base: string): string[] {
  let best: string[] = [];
  for (const db of readdirSync(base)) {
    for (const file of readdirSync(join(base, db))) {
      if (!/^\d+\.1$/.test(file)) continue;
      const head = file.slice(0, -2);
      const out = [join(base, db, head)];
      for (let n = 1; existsSync(join(base, db, `${head}.${n}`)); n++) out.push(join(base, db, `${head}.${n}`));
      if (out.length > best.length) best = out;
    }
  }
  return best;
}

describe.runIf(available)('types and indexes of extensions the PostgreSQL sandbox does not have', () => {
  afterAll(async () => {
    await shutdownPostgresSandbox();
  });

  it('plans a pgvector table with a bytea stand-in, skips its hnsw index and places the distance error', async () => {
    const opening = postgresPlanner.open({
      dialect: 'postgresql',
      schemaSql: `CREATE EXTENSION vector;
CREATE TABLE documents (id bigint PRIMARY KEY, embedding vector(1536));
CREATE INDEX documents_hnsw ON documents USING hnsw (embedding vector_cosine_ops);`,
      statistics: [{ table: 'documents', rows: 50_000, columns: [] }],
    });
    await withSession(opening, async (session) => {
      const en = session.notes?.map((n) => n.en) ?? [];
      expect(en).toContainEqual(expect.stringMatching(/^column documents\.embedding: vector\(1536\) is not known/));
      expect(en).toContainEqual(expect.stringMatching(/^CREATE INDEX documents_hnsw not made .*"hnsw" does not exist/));
      expect((await session.explain('SELECT * FROM documents WHERE id = 3')).raw).toMatch(/documents_pkey/);
      const distance = await appError(session.explain('SELECT id FROM documents ORDER BY embedding <=> $1'));
      expect(distance.detail).toMatchObject({ code: ErrorCode.CONTENT_INVALID, line: 1, column: 45 });
      expect(distance.detail.message.en).toContain('documents.embedding (vector(1536)) planned as bytea');
    });
  }, 120_000);

  it('creates a trusted allowed extension the structure uses without asking (citext of a \\d paste)', async () => {
    const opening = postgresPlanner.open({
      dialect: 'postgresql',
      schemaSql:
        'CREATE TABLE users (id int PRIMARY KEY, email citext NOT NULL);\nCREATE UNIQUE INDEX users_email ON users (email);',
      statistics: [{ table: 'users', rows: 100_000, columns: [] }],
    });
    await withSession(opening, async (session) => {
      expect(session.notes?.[0]?.en).toBe(
        'the table structure uses types or operator classes of citext without CREATE EXTENSION citext: created for it',
      );
      expect((await session.explain("SELECT id FROM users WHERE email = 'A@b.c'")).raw).toMatch(/users_email/);
    });
  }, 120_000);
});
