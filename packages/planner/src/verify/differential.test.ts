import { AppError, ErrorCode, Verification } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable } from '../../../../test-support/corpus.ts';
import { pglitePlanner, shutdownPglitePool } from '../pglite/backend.ts';
import { TPCH_SCHEMA, TPCH_STATISTICS, tpchQueries } from '../test-support/tpch.ts';
import type { PlannerSession } from '../types.ts';

const SCHEMA = `
CREATE TABLE t (id int PRIMARY KEY, a int, b text, d date);
CREATE TABLE u (id int PRIMARY KEY, b int, t_id int REFERENCES t (id), c numeric(10,2));
CREATE TABLE stock (sku text PRIMARY KEY, qty int NOT NULL CHECK (qty >= 0));
`;

describe('differential verification', () => {
  let session: PlannerSession;

  beforeAll(async () => {
    session = await pglitePlanner.open({
      dialect: 'postgresql',
      schemaSql: SCHEMA,
      statistics: [{ table: 't', rows: 1_000_000, columns: [] }],
    });
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await shutdownPglitePool();
  });

  async function verdict(original: string, candidate: string, literals: Array<string | number> = []) {
    const v = await session.verify(original, candidate, { literals });
    expect(Verification.parse(v)).toEqual(v);
    expect(v.method).toBe('differential');
    expect(`${v.detail?.en} ${v.detail?.zh}`).not.toMatch(/proven|证明了/i);
    return v;
  }

  it('does not refute an equivalent pair (DISTINCT inside IN)', async () => {
    const v = await verdict(
      'SELECT a FROM t WHERE a IN (SELECT DISTINCT b FROM u)',
      'SELECT a FROM t WHERE a IN (SELECT b FROM u)',
    );
    expect(v.verdict).toBe('not-refuted');
    expect(v.databases).toBe(5);
    expect(v.detail?.en).toMatch(/^Not refuted: .* on 5 generated databases .*not a proof/);
  });

  it('refutes COUNT(col) -> COUNT(*) on a nullable column', async () => {
    const v = await verdict('SELECT COUNT(a) FROM t', 'SELECT COUNT(*) FROM t');
    expect(v.verdict).toBe('refuted');
    expect(v.detail?.en).toMatch(/^Refuted on generated database 1 of 5 \(normal; rows: t 40; seed \d+\): /);
  });

  it('refutes UNION -> UNION ALL', async () => {
    expect(
      (await verdict('SELECT a FROM t UNION SELECT b FROM u', 'SELECT a FROM t UNION ALL SELECT b FROM u')).verdict,
    ).toBe('refuted');
  });

  it('refutes NOT IN -> NOT EXISTS over a nullable column', async () => {
    const v = await verdict(
      'SELECT id FROM t WHERE id NOT IN (SELECT t_id FROM u)',
      'SELECT id FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.t_id = t.id)',
    );
    expect(v.verdict).toBe('refuted');
  });

  it('finds boundary ties from literals (> vs >=, dates)', async () => {
    expect((await verdict('SELECT id FROM t WHERE a > 17', 'SELECT id FROM t WHERE a >= 17', [17])).verdict).toBe(
      'refuted',
    );
    expect((await verdict('SELECT id FROM t WHERE a > 17', 'SELECT id FROM t WHERE a >= 18', [17])).verdict).toBe(
      'not-refuted',
    );
    const dates = await verdict(
      "SELECT id FROM t WHERE d < date '2023-06-30'",
      "SELECT id FROM t WHERE d <= date '2023-06-30'",
    );
    expect(dates.verdict).toBe('refuted');
    expect((await verdict("SELECT id FROM t WHERE b LIKE 'abc%'", "SELECT id FROM t WHERE b >= 'abc'")).verdict).toBe(
      'refuted',
    );
  });

  it('compares order when there is a top-level ORDER BY, allowing ties to come in any order', async () => {
    expect((await verdict('SELECT id, a FROM t ORDER BY a', 'SELECT id, a FROM t ORDER BY a DESC')).verdict).toBe(
      'refuted',
    );
    const ties = await verdict(
      'SELECT id, a FROM t ORDER BY a',
      'SELECT id, a FROM (SELECT * FROM t ORDER BY id DESC) s ORDER BY 2',
    );
    expect(ties.verdict).toBe('not-refuted');
    // Dropping the ORDER BY is a change: the candidate's order is arbitrary.
    expect((await verdict('SELECT id, a FROM t ORDER BY a, id', 'SELECT id, a FROM t')).verdict).toBe('refuted');
    // Window ORDER BY is not a top-level order.
    const window = await verdict(
      'SELECT id, rank() OVER (ORDER BY a) FROM t',
      'SELECT id, rank() OVER (ORDER BY a) FROM t ORDER BY id',
    );
    expect(window.verdict).toBe('not-refuted');
  });

  it('keeps CHECK constraints and unique keys while generating', async () => {
    const v = await verdict('SELECT sku, qty FROM stock WHERE qty >= 0', 'SELECT sku, qty FROM stock');
    expect(v.verdict).toBe('not-refuted');
  });

  it('refutes a candidate that fails, reports an invalid original as 4202, skips non-queries', async () => {
    const broken = await verdict('SELECT a FROM t', 'SELECT nope FROM t');
    expect(broken).toMatchObject({ verdict: 'refuted', databases: 0 });
    await expect(
      session.verify('SELECT a FROM t\nWHERE nope = 1', 'SELECT a FROM t', { literals: [] }),
    ).rejects.toSatisfy(
      (e: unknown) =>
        e instanceof AppError &&
        e.detail.code === ErrorCode.CONTENT_INVALID &&
        e.detail.line === 2 &&
        e.detail.column === 7,
    );
    const update = await verdict('UPDATE t SET a = 1', 'UPDATE t SET a = 1 WHERE true');
    expect(update.verdict).toBe('not-run');
    const params = await verdict('SELECT a FROM t WHERE id = $1', 'SELECT a FROM t WHERE id = $1');
    expect(params.verdict).toBe('not-run');
  });

  it('stops a runaway statement, answers not-run, and the session carries on on a fresh instance', async () => {
    const slow = 'SELECT count(*) FROM t a, t b, t c, t d, t e';
    const v = await session.verify(slow, slow, { literals: [], statementTimeoutMs: 300 });
    expect(v).toMatchObject({ verdict: 'not-run', databases: 0 });
    expect(v.detail?.en).toMatch(/did not answer within 300 ms/);
    const plan = await session.explain('SELECT * FROM t');
    expect(plan.root.rows).toBe(1_000_000);
  }, 60_000);

  it('leaves the session untouched: statistics and plans are the same afterwards', async () => {
    const before = await session.explain('SELECT * FROM t');
    expect(before.root.rows).toBe(1_000_000);
    await verdict('SELECT * FROM t JOIN u ON u.t_id = t.id', 'SELECT * FROM u JOIN t ON u.t_id = t.id');
    expect(await session.explain('SELECT * FROM t')).toEqual(before);
  });
});

describe.runIf(corpusAvailable())('differential verification on TPC-H (sqlglot rewrites of the corpus queries)', () => {
  let session: PlannerSession;

  beforeAll(async () => {
    session = await pglitePlanner.open({ dialect: 'postgresql', schemaSql: TPCH_SCHEMA, statistics: TPCH_STATISTICS });
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await shutdownPglitePool();
  });

  it('does not refute the optimizer-equivalent rewrites', async () => {
    const queries = tpchQueries().filter((q) => [1, 4, 6, 10, 13, 14, 18, 19].includes(q.number));
    expect(queries).toHaveLength(8);
    for (const q of queries) {
      const v = await session.verify(q.original, q.optimized, { literals: [], seed: 42 });
      expect({ query: q.number, verdict: v.verdict }).toEqual({ query: q.number, verdict: 'not-refuted' });
    }
  }, 60_000);

  it('refutes a broken variant of a corpus query', async () => {
    const q6 = tpchQueries().find((q) => q.number === 6);
    if (!q6) throw new Error('TPC-H 6 missing');
    const candidate = q6.original.replace('l_quantity < 24', 'l_quantity <= 24');
    expect(candidate).not.toBe(q6.original);
    const v = await session.verify(q6.original, candidate, { literals: [24], seed: 42 });
    expect(v.verdict).toBe('refuted');
  }, 60_000);
});
