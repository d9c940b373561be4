import { AppError, ErrorCode, PlanTree } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable } from '../../../../test-support/corpus.ts';
import { appError, nodes } from '../test-support/helpers.ts';
import { TPCH_SCHEMA, TPCH_STATISTICS, tpchQueries } from '../test-support/tpch.ts';
import type { PlannerSession } from '../types.ts';
import { pglitePlanner, shutdownPglitePool } from './backend.ts';

describe('pglitePlanner on TPC-H', () => {
  let session: PlannerSession;

  beforeAll(async () => {
    session = await pglitePlanner.open({ dialect: 'postgresql', schemaSql: TPCH_SCHEMA, statistics: TPCH_STATISTICS });
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await shutdownPglitePool();
  });

  it('names its optimizer from SELECT version()', () => {
    expect(session.source).toBe('PostgreSQL 18.6 (embedded PGlite)');
    expect(session.notes).toEqual([]);
  });

  it('plans with the injected statistics', async () => {
    const plan = await session.explain('SELECT * FROM orders');
    expect(PlanTree.parse(plan)).toEqual(plan);
    expect(plan.root).toMatchObject({ node: 'Seq Scan', relation: 'orders', rows: 1_500_000 });
    expect(plan.totalCost).toBeGreaterThan(30_000);
    expect(plan.raw).toMatch(/^Seq Scan on orders {2}\(cost=0\.00\.\.\d+\.\d+ rows=1500000 width=\d+\)$/);
  });

  it.runIf(corpusAvailable())(
    'plans every corpus query, or reports 4202 inside the statement',
    async () => {
      const queries = tpchQueries();
      expect(queries).toHaveLength(22);
      let planned = 0;
      for (const q of queries) {
        try {
          const plan = await session.explain(q.original);
          expect(plan.totalCost).toBeGreaterThan(0);
          planned++;
        } catch (error) {
          // The corpus writes a few queries in other dialects (e.g. CAST(... AS STRING)).
          expect(error).toBeInstanceOf(AppError);
          const detail = (error as AppError).detail;
          expect(detail.code).toBe(ErrorCode.CONTENT_INVALID);
          expect(detail.line).toBeGreaterThanOrEqual(1);
          expect(detail.line).toBeLessThanOrEqual(q.original.split('\n').length);
        }
      }
      expect(planned).toBeGreaterThanOrEqual(20);
    },
    60_000,
  );

  it('a what-if index turns a selective seq scan into an index scan and lowers the cost', async () => {
    const sql = 'SELECT * FROM orders WHERE o_custkey = 42';
    const before = await session.explain(sql);
    expect(before.root.node).toBe('Seq Scan');
    expect(before.root.rows).toBe(15);
    expect(before.root.warnings[0]?.en).toMatch(/^Seq Scan on large table orders \(1,500,000 rows\) with filter/);
    const after = await session.explain(sql, ['CREATE INDEX orders_custkey_whatif ON orders (o_custkey)']);
    const scans = nodes(after.root).filter((n) => n.index === 'orders_custkey_whatif');
    expect(scans.map((n) => n.node)).toEqual([expect.stringMatching(/Index Scan$/)]);
    expect(after.totalCost).toBeLessThan(before.totalCost / 100);
    // The index was rolled back: the same statement plans as before.
    expect(await session.explain(sql)).toEqual(before);
  });

  it('keeps the statistics of tables a what-if TRUNCATE cascades to (lineitem references orders)', async () => {
    const sql = 'SELECT * FROM lineitem JOIN orders ON o_orderkey = l_orderkey WHERE o_custkey = 42';
    const plan = await session.explain(sql, ['CREATE INDEX ON orders (o_custkey)']);
    const lineitem = nodes(plan.root).find((n) => n.relation === 'lineitem');
    const orders = nodes(plan.root).find((n) => n.relation === 'orders');
    expect(orders?.rows).toBe(15);
    expect(lineitem?.node).toMatch(/Index Scan/);
    expect((await session.explain('SELECT * FROM lineitem')).root.rows).toBe(6_001_215);
  });

  it('explains data-changing statements without running them', async () => {
    const plan = await session.explain("UPDATE orders SET o_comment = 'x' WHERE o_orderkey = 1");
    expect(plan.root.node).toBe('ModifyTable');
    expect(plan.root.children[0]).toMatchObject({ node: 'Index Scan', index: 'orders_pkey' });
  });

  it('sizes what-if indexes from the statistics (a covering index allows an index-only scan)', async () => {
    const plan = await session.explain('SELECT o_orderdate FROM orders WHERE o_custkey = 42', [
      'CREATE INDEX CONCURRENTLY ON orders (o_custkey) INCLUDE (o_orderdate)',
    ]);
    expect(plan.root.node).toBe('Index Only Scan');
  });

  it('plans statements with $n parameters as generic plans, errors placed in the statement', async () => {
    const plan = await session.explain('SELECT * FROM customer WHERE c_custkey = $1');
    expect(plan.root).toMatchObject({ node: 'Index Scan', index: 'customer_pkey', rows: 1 });
    expect(plan.raw).toMatch(/Index Cond: \(c_custkey = \$1\)/);
    const error = await appError(session.explain('SELECT *\nFROM customer WHERE nope = $2 AND c_custkey = $1'));
    expect(error.detail).toMatchObject({ code: ErrorCode.CONTENT_INVALID, line: 2, column: 21 });
  });

  it('reports a statement that fails to plan as 4202 at its line and column', async () => {
    const error = await appError(session.explain('SELECT o_orderkey\nFROM orders\nWHERE o_custky = 1'));
    expect(error.detail).toMatchObject({ code: ErrorCode.CONTENT_INVALID, line: 3, column: 7 });
    expect(error.detail.message.en).toContain('column "o_custky" does not exist');
    const two = await appError(session.explain('SELECT 1;\nSELECT 2'));
    expect(two.detail).toMatchObject({ code: ErrorCode.CONTENT_INVALID, line: 2, column: 1 });
    const badIndex = await appError(session.explain('SELECT 1', ['CREATE INDEX ON orders (nope)']));
    expect(badIndex.detail.code).toBe(ErrorCode.CONTENT_INVALID);
    // The session is still usable after errors.
    expect((await session.explain('SELECT count(*) FROM region')).root.node).toBe('Aggregate');
  });
});

describe('pglitePlanner schema handling', () => {
  afterAll(async () => {
    await shutdownPglitePool();
  });

  it('rejects bad DDL with 4203 at the line and column of the user text', async () => {
    const schemaSql =
      'CREATE TABLE a (id int PRIMARY KEY);\n\nCREATE TABLE b (\n  id int,\n  a_id int REFERENCES a (nope)\n);';
    const error = await appError(pglitePlanner.open({ dialect: 'postgresql', schemaSql, statistics: [] }));
    expect(error.detail.code).toBe(ErrorCode.TABLE_STRUCTURE_INVALID);
    expect(error.detail.line).toBe(3);
    expect(error.detail.message.en).toContain('column "nope" referenced in foreign key constraint does not exist');
    const syntax = await appError(
      pglitePlanner.open({
        dialect: 'postgresql',
        schemaSql: 'CREATE TABLE a (id int);\nCREATE TABLE b (id int,, x int);',
        statistics: [],
      }),
    );
    expect(syntax.detail).toMatchObject({ code: ErrorCode.TABLE_STRUCTURE_INVALID, line: 2, column: 24 });
  }, 60_000);

  it('refuses statements that are not table structure (4203) and never runs them', async () => {
    const schemaSql = 'CREATE TABLE t (a int);\n  INSERT INTO t VALUES (1);';
    const error = await appError(pglitePlanner.open({ dialect: 'postgresql', schemaSql, statistics: [] }));
    expect(error.detail).toMatchObject({ code: ErrorCode.TABLE_STRUCTURE_INVALID, line: 2, column: 3 });
    expect(error.detail.message.en).toContain('INSERT is not part of a table structure');
  }, 60_000);

  it('accepts pg_dump output, isolates sessions and resets the instance on close', async () => {
    const schemaSql = `SET statement_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);
CREATE TYPE public.mood AS ENUM ('sad', 'ok');
CREATE TABLE public.people (id integer NOT NULL, mood public.mood);
ALTER TABLE public.people OWNER TO app;
CREATE SEQUENCE public.people_id_seq AS integer START WITH 1;
ALTER TABLE ONLY public.people ALTER COLUMN id SET DEFAULT nextval('public.people_id_seq'::regclass);
ALTER TABLE ONLY public.people ADD CONSTRAINT people_pkey PRIMARY KEY (id);
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';
CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA public;`;
    const a = await pglitePlanner.open({
      dialect: 'postgresql',
      schemaSql,
      statistics: [{ table: 'people', rows: 5000, columns: [] }],
    });
    expect((await a.explain('SELECT * FROM public.people')).root.rows).toBe(5000);
    // pg_trgm is bundled and allowed; PostGIS is not.
    expect(a.notes?.map((n) => n.en)).toEqual([
      'CREATE EXTENSION postgis ignored: not available in the embedded PostgreSQL',
    ]);
    // pg_trgm's similarity() is there (its default selectivity: a third of the rows).
    const similar = await a.explain("SELECT * FROM public.people WHERE similarity(mood::text, 'ok') > 0.5");
    expect(similar.root.rows).toBe(Math.round(5000 / 3));
    // A second session at the same time has its own database.
    const b = await pglitePlanner.open({
      dialect: 'postgresql',
      schemaSql: 'CREATE TABLE other (x int);',
      statistics: [],
    });
    await expect(b.explain('SELECT * FROM people')).rejects.toThrow(AppError);
    await b.close();
    await a.close();
    // After close the next session starts from an empty database.
    const c = await pglitePlanner.open({
      dialect: 'postgresql',
      schemaSql: 'CREATE TABLE people (z int);',
      statistics: [],
    });
    const plan = await c.explain('SELECT z FROM people');
    expect(plan.root.rows).toBe(1000);
    expect(c.notes?.map((n) => n.en)).toEqual(['no statistics for people: planned as 1000 rows each']);
    await c.close();
    await expect(c.explain('SELECT 1')).rejects.toThrow(/closed/);
  }, 60_000);
});
