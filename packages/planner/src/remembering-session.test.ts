import { ErrorCode } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglitePlanner, shutdownPglitePool } from './pglite/backend.ts';
import { rememberingSession } from './remembering-session.ts';
import { appError } from './test-support/helpers.ts';
import { TPCH_SCHEMA, TPCH_STATISTICS } from './test-support/tpch.ts';

describe('rememberingSession on PGlite', () => {
  let session: ReturnType<typeof rememberingSession>;

  beforeAll(async () => {
    session = rememberingSession(
      await pglitePlanner.open({ dialect: 'postgresql', schemaSql: TPCH_SCHEMA, statistics: TPCH_STATISTICS }),
    );
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await shutdownPglitePool();
  });

  const sql = 'SELECT * FROM orders WHERE o_custkey = 42';
  const byCustomer = 'CREATE INDEX o_cust ON orders (o_custkey)';

  it('answers the same EXPLAIN from memory, with a copy the caller may change', async () => {
    const answered = session.asked.explainsAnswered;
    const first = await session.explain(sql);
    const untouched = structuredClone(first);
    first.root.warnings.push({ zh: '调用方的注释', en: "a caller's note" });
    const second = await session.explain(sql);
    expect(session.asked.explainsAnswered).toBe(answered + 1);
    expect(second).toEqual(untouched);
  });

  it('asks the optimizer again for another statement or another what-if set', async () => {
    const answered = session.asked.explainsAnswered;
    const withIndex = await session.explain(sql, [byCustomer]);
    const other = await session.explain(`${sql} AND o_orderstatus = 'F'`);
    expect(session.asked.explainsAnswered).toBe(answered + 2);
    expect(withIndex.totalCost).toBeLessThan((await session.explain(sql)).totalCost);
    expect(other.totalCost).toBeGreaterThan(0);
  });

  it('answers the same verification from memory, and other options again', async () => {
    const before = 'SELECT COUNT(*) FROM orders WHERE EXTRACT(YEAR FROM o_orderdate) = 1995';
    const after = "SELECT COUNT(*) FROM orders WHERE o_orderdate >= '1995-01-01' AND o_orderdate < '1996-01-01'";
    const answered = session.asked.verificationsAnswered;
    const first = await session.verify(before, after, { literals: [1995] });
    expect(await session.verify(before, after, { literals: [1995] })).toEqual(first);
    expect(session.asked.verificationsAnswered).toBe(answered + 1);
    await session.verify(before, after, { literals: [1995], seed: 7 });
    expect(session.asked.verificationsAnswered).toBe(answered + 2);
  });

  it('does not remember an error: the statement is asked again', async () => {
    const answered = session.asked.explainsAnswered;
    for (let i = 0; i < 2; i++)
      expect((await appError(session.explain('SELECT no_such FROM orders'))).code).toBe(ErrorCode.CONTENT_INVALID);
    expect(session.asked.explainsAnswered).toBe(answered + 2);
  });
});
