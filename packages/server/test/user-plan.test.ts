import type { CreatedTask } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test-support/api-client.ts';
import { type AppUnderTest, startApp } from '../../../test-support/app.ts';
import { outboxOf } from '../../../test-support/mail.ts';

/** psql's output of EXPLAIN ANALYZE on PostgreSQL 15 (50,000 orders, 2,000 customers), as a user pastes it. */
const pastedPlan = `                                                               QUERY PLAN
----------------------------------------------------------------------------------------------------------------------------------------
 Limit  (cost=1040.12..1040.14 rows=5 width=13) (actual time=8.928..8.933 rows=5 loops=1)
   ->  Sort  (cost=1040.12..1040.62 rows=200 width=13) (actual time=8.926..8.931 rows=5 loops=1)
         Sort Key: (count(*)) DESC
         Sort Method: top-N heapsort  Memory: 25kB
         ->  HashAggregate  (cost=1034.80..1036.80 rows=200 width=13) (actual time=8.841..8.866 rows=200 loops=1)
               Group Key: c.name
               Batches: 1  Memory Usage: 48kB
               ->  Hash Join  (cost=38.50..1026.45 rows=1671 width=5) (actual time=0.287..8.454 rows=1667 loops=1)
                     Hash Cond: (o.customer_id = c.id)
                     ->  Seq Scan on orders o  (cost=0.00..944.00 rows=16708 width=4) (actual time=0.016..6.753 rows=16666 loops=1)
                           Filter: (status = 'open'::text)
                           Rows Removed by Filter: 33334
                     ->  Hash  (cost=36.00..36.00 rows=200 width=9) (actual time=0.254..0.256 rows=200 loops=1)
                           Buckets: 1024  Batches: 1  Memory Usage: 17kB
                           ->  Seq Scan on customers c  (cost=0.00..36.00 rows=200 width=9) (actual time=0.011..0.217 rows=200 loops=1)
                                 Filter: (region = 'north'::text)
                                 Rows Removed by Filter: 1800
 Planning Time: 0.768 ms
 Execution Time: 9.061 ms
(19 rows)
`;

const statement = `SELECT c.name, count(*) FROM customers c JOIN orders o ON o.customer_id = c.id
WHERE c.region = 'north' AND o.status = 'open' GROUP BY c.name ORDER BY 2 DESC LIMIT 5`;

/** A pasted plan through the API and the worker: refused with 4204 at submission, or read into the report. */
describe('user-supplied plans through the API', () => {
  let app: AppUnderTest;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startApp({ name: 'user-plan' });
    api = new ApiClient(app.base, outboxOf(app.dataDir));
    await api.register('plans@example.com');
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('refuses an unreadable plan with 4204, its position and the accepted formats', async () => {
    const lines = pastedPlan.split('\n');
    lines.splice(5, 0, '         (this line was edited by hand)');
    const edited = await api.call<{ field: string; line: number; column: number }>('POST', '/api/v1/optimizes', {
      dialect: 'postgresql',
      sql: statement,
      plan: lines.join('\n'),
    });
    expect(edited.code).toBe(4204);
    expect(edited.data).toMatchObject({ field: 'plan', line: 6, column: 10 });
    expect(edited.message).toContain('Accepted formats: PostgreSQL EXPLAIN or EXPLAIN ANALYZE as text');
    const otherDialect = await api.call('POST', '/api/v1/optimizes', {
      dialect: 'mysql',
      sql: statement,
      plan: pastedPlan,
    });
    expect(otherDialect.code).toBe(4204);
    expect(otherDialect.message).toContain('this is a PostgreSQL plan');
  });

  it("reads the user's plan into the report and lists its hotspots with the rules", async () => {
    const created = await api.call<CreatedTask>('POST', '/api/v1/optimizes', {
      dialect: 'postgresql',
      sql: statement,
      schema: `CREATE TABLE customers (id int PRIMARY KEY, name text, region text);
CREATE TABLE orders (id int PRIMARY KEY, customer_id int, total numeric, status text);`,
      stats: '{"tables": {"orders": {"rows": 50000}, "customers": {"rows": 2000}}}',
      plan: pastedPlan,
    });
    expect(created.code).toBe(0);
    const detail = await api.finishedTask(created.data.id);
    expect(detail.state).toBe('Completed');
    const { plan, rules } = detail.report!.statements[0]!;
    expect(plan.userSupplied).toBe(pastedPlan);
    expect(plan.userPlan).toMatchObject({ format: 'postgresql-text', totalCost: 1040.14, executionTimeMs: 9.061 });
    const scan = rules.find((r) => r.id === 'plan-full-scan-large-table');
    expect(scan).toMatchObject({ severity: 'warning', rewrite: false });
    expect(scan!.message.en).toContain(
      "reads all of table orders (about 50,000 rows) to filter (status = 'open'::text)",
    );
    // The hotspot is marked on the node of the user's plan.
    const hashJoin = plan.userPlan!.root.children[0]!.children[0]!.children[0]!;
    expect(hashJoin.children[0]).toMatchObject({ node: 'Seq Scan', relation: 'orders', actualRows: 16666 });
    expect(hashJoin.children[0]!.warnings).toEqual([scan!.message]);
  });
});
