import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { availablePlanners, shutdownPlanners } from '../src/backends.ts';
import { optimize } from '../src/optimize.ts';

/**
 * A rule's rewrite is weighed against the original statement with indexes advised for each (optimize.ts,
 * originalIfCheaperWithIndexes): the original is kept when its own indexes make it clearly cheaper.
 */
const schema = [
  'CREATE TABLE users (id INT PRIMARY KEY, city VARCHAR(40), name VARCHAR(40));',
  'CREATE TABLE orders (id INT PRIMARY KEY, user_id INT, status VARCHAR(40), pay_time TIMESTAMP, total DECIMAL(10,2));',
  '-- sqltune:stats users rows=20000',
  '-- sqltune:stats users.city distinct=500',
  '-- sqltune:stats users.name distinct=12000',
  '-- sqltune:stats orders rows=200000',
  '-- sqltune:stats orders.user_id distinct=20000',
  '-- sqltune:stats orders.status distinct=10',
  '-- sqltune:stats orders.pay_time distinct=190000',
].join('\n');

// The correlated MAX per outer row: rules rewrite it into a join over a grouped derived table, which aggregates
// every order; an index on (user_id, pay_time) makes each of the original's ~40 lookups one probe.
const correlatedMax =
  "SELECT u.name, (SELECT MAX(o.pay_time) FROM orders o WHERE o.user_id = u.id) AS last FROM users u WHERE u.city = 'city_9'";
// A year taken from the column, next to a selective equality: the range rewrite with its (user_id, pay_time) index
// costs no more than the original with its (user_id) one, so on PostgreSQL the rewrite stays.
const yearOfColumn = 'SELECT id, total FROM orders WHERE EXTRACT(YEAR FROM pay_time) = 2024 AND user_id = 42';

const options = async () => ({ planners: await availablePlanners(), engineVersion: 'test' });

afterAll(async () => {
  await shutdownPlanners();
});

const databases: Array<{ dialect: 'postgresql' | 'mysql'; available: boolean }> = [
  { dialect: 'postgresql', available: true },
  { dialect: 'mysql', available: serviceAvailable('MariaDB', mariadbBinary) },
];

for (const { dialect, available } of databases) {
  describe.runIf(available)(`the original statement with its own indexes (${dialect})`, () => {
    it('keeps the original correlated MAX with a (user_id, pay_time) index when that beats the rewrite', async () => {
      const report = await optimize({ sql: correlatedMax, dialect, schemaText: schema }, await options());
      const s = report.statements[0]!;
      expect(s.optimized).toBe(correlatedMax);
      expect(s.steps).toEqual([]);
      const orders = s.indexes.find((i) => i.table === 'orders');
      expect(orders?.columns.slice(0, 2)).toEqual(['user_id', 'pay_time']);
      const dropped = s.droppedSteps ?? [];
      expect(dropped.length).toBeGreaterThan(0);
      expect(dropped[0]!.reason.en).toMatch(/original and its indexes are kept/);
      expect(dropped[0]!.costBefore).toBeLessThan(dropped[0]!.costAfter);
      expect(s.rules.every((r) => !r.rewrite)).toBe(true);
    }, 120_000);

    it.runIf(dialect === 'postgresql')(
      'keeps a rewrite the original with its indexes does not clearly beat',
      async () => {
        const report = await optimize({ sql: yearOfColumn, dialect, schemaText: schema }, await options());
        const s = report.statements[0]!;
        expect(s.optimized).toMatch(/pay_time >= '2024-01-01' AND pay_time < '2025-01-01'/);
        expect(s.steps.map((step) => step.ruleId)).toContain('year-to-range');
        expect(s.indexes[0]?.columns).toEqual(['user_id', 'pay_time']);
        expect(s.droppedSteps ?? []).toEqual([]);
      },
      120_000,
    );
  });
}
