import { candidatesFor, mergeStatistics, parseSchema, parseStatisticsJson } from '@sqltune/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../../test-support/services.ts';
import { adviseStatementIndexes, defaultLimits } from '../index-advisor.ts';
import type { PlannerSession } from '../types.ts';
import { mariadbPlanner, shutdownMariaDb } from './backend.ts';
import { estimateWhatIf, limitRows } from './what-if-estimate.ts';

const ddl = `CREATE TABLE orders (id INT PRIMARY KEY, user_id INT, status VARCHAR(10), pay_time DATETIME, shipped DATE, total DECIMAL(10,2), note VARCHAR(100));
CREATE TABLE users (id INT PRIMARY KEY, name VARCHAR(40), city VARCHAR(40));`;

/** Statistics generated for 500,000 orders paid evenly over 2024: a 100-bucket histogram on pay_time. */
function generatedSchema() {
  const schema = parseSchema(ddl, 'mysql');
  const start = Date.UTC(2024, 0, 1);
  const bounds = Array.from({ length: 101 }, (_, i) =>
    new Date(start + (i * 366 * 86_400_000) / 100).toISOString().slice(0, 19).replace('T', ' '),
  );
  const columns = { pay_time: { ndv: 450_000, histogram: bounds }, status: { ndv: 10 }, user_id: { ndv: 90_000 } };
  const users = { rows: 90_000, columns: { name: { ndv: 90_000 } } };
  mergeStatistics(
    schema,
    parseStatisticsJson(JSON.stringify({ tables: { orders: { rows: 500_000, columns }, users } })),
  );
  return schema;
}

describe.runIf(serviceAvailable('MariaDB', process.env.MYSQL_SANDBOX_URL ? 'MYSQL_SANDBOX_URL' : mariadbBinary))(
  'MariaDB what-if costing of range- and ORDER BY-led indexes on generated statistics',
  () => {
    const schema = generatedSchema();
    let session: PlannerSession;
    const advise = async (sql: string) => {
      const baseline = await session.explain(sql);
      return adviseStatementIndexes(
        session,
        sql,
        candidatesFor(sql, 'mysql', schema),
        schema,
        baseline,
        defaultLimits,
        (candidate, plan, before) => estimateWhatIf(candidate, plan, before, schema, sql),
      );
    };
    beforeAll(async () => {
      session = await mariadbPlanner.open({
        dialect: 'mysql',
        schemaSql: ddl,
        statistics: schema.tables.flatMap((t) => (t.statistics ? [t.statistics] : [])),
      });
    });
    afterAll(async () => {
      await session?.close();
      await shutdownMariaDb();
    });

    it('advises a range-led index for a range, costed from the histogram, read by the optimizer', async () => {
      const sql = "SELECT * FROM orders WHERE pay_time BETWEEN '2024-03-01' AND '2024-04-01'";
      const { indexes } = await advise(sql);
      expect(indexes.map((i) => i.columns)).toEqual([['pay_time']]);
      const [index] = indexes;
      expect(index!.estimateBasis).toBe('histogram-estimate');
      expect(index!.roles).toEqual([{ column: 'pay_time', role: 'range' }]);
      // One month of the year is about 8.5% of 500,000 rows, at 1.2 a row: not the empty index's 1 row.
      const perRow = 1.2;
      expect(index!.costAfter!).toBeGreaterThan(0.06 * 500_000 * perRow);
      expect(index!.costAfter!).toBeLessThan(0.1 * 500_000 * perRow);
      expect(index!.costAfter!).toBeLessThan(index!.costBefore! * 0.9);
      // The optimizer reads the index in the plan with it.
      expect((await session.explain(sql, [index!.ddl])).raw).toMatch(/idx_orders_pay_time/);
    });

    it('advises the range-led index for a narrow range too', async () => {
      const { indexes } = await advise(
        "SELECT id, total FROM orders WHERE pay_time BETWEEN '2024-03-01' AND '2024-03-03'",
      );
      expect(indexes[0]?.estimateBasis).toBe('histogram-estimate');
      expect(indexes[0]!.costAfter!).toBeLessThan(indexes[0]!.costBefore! / 10);
    });

    it('advises nothing for a range over most of the table: the scan is cheaper', async () => {
      const { indexes, declined } = await advise(
        "SELECT id, total FROM orders WHERE pay_time BETWEEN '2024-02-01' AND '2024-12-01'",
      );
      expect(indexes).toEqual([]);
      expect(declined.map((d) => d.table)).toEqual(['orders']);
    });

    it('does not estimate a range on a column without a histogram', async () => {
      const { indexes, declined } = await advise("SELECT id, total FROM orders WHERE shipped > '2024-06-01'");
      expect(indexes).toEqual([]);
      expect(declined).toEqual([expect.objectContaining({ table: 'orders', reason: 'uncostable' })]);
    });

    it('advises the ORDER BY index for a LIMIT, costed for the rows read in index order', async () => {
      const { indexes } = await advise('SELECT id, total FROM orders ORDER BY pay_time DESC LIMIT 1000');
      const [index] = indexes;
      expect(index?.columns[0]).toBe('pay_time');
      expect(index!.estimateBasis).toBe('limit-estimate');
      expect(index!.roles?.[0]).toEqual({ column: 'pay_time', role: 'order' });
      expect(index!.costAfter!).toBeLessThan(index!.costBefore! / 10);
    });

    it('costs an equality then ORDER BY index for the LIMIT rows it reads, not every row of the lookup', async () => {
      const sql = "SELECT id, total FROM orders WHERE status = 'paid' ORDER BY pay_time DESC LIMIT 20";
      const { indexes } = await advise(sql);
      const [index] = indexes;
      expect(index?.columns).toEqual(['status', 'pay_time']);
      expect(index!.estimateBasis).toBe('limit-estimate');
      // 20 rows at 1.2 each, where the lookup alone would read 50,000 (a tenth of the table).
      expect(index!.costAfter!).toBeLessThan(100);
    });

    it('without a LIMIT the same index is costed for every row of the lookup', async () => {
      const sql = "SELECT id, total FROM orders WHERE status = 'paid' ORDER BY pay_time DESC";
      const { indexes } = await advise(sql);
      expect(indexes.every((i) => (i.costAfter ?? Infinity) > 1000)).toBe(true);
    });

    it('costs a covering range index below the same range read through the table', async () => {
      const covered = await advise(
        "SELECT pay_time, status FROM orders WHERE pay_time BETWEEN '2024-03-01' AND '2024-04-01'",
      );
      const [index] = covered.indexes;
      expect(index?.kind).toBe('covering');
      expect(index!.estimateBasis).toBe('histogram-estimate');
      const plain = await advise("SELECT * FROM orders WHERE pay_time BETWEEN '2024-03-01' AND '2024-04-01'");
      expect(plain.indexes[0]?.kind).toBe('btree');
      expect(index!.costAfter!).toBeLessThan(plain.indexes[0]!.costAfter! * 0.7);
    });

    it('costs a range in a materialized IN subquery: the whole plan scaled to the rows the range passes', async () => {
      const sql =
        "SELECT id, name FROM users WHERE id IN (SELECT user_id FROM orders WHERE pay_time BETWEEN '2024-09-01' AND '2024-09-02')";
      const { indexes } = await advise(sql);
      expect(indexes.map((i) => i.columns)).toEqual([['pay_time', 'user_id']]);
      const [index] = indexes;
      expect(index!.estimateBasis).toBe('histogram-estimate');
      // The plan read from the empty index costs under 10 (1 row); the estimate stands on the rows the
      // histogram passes (MariaDB puts this day at about 150 of the 500,000).
      const fromEmptyIndex = (await session.explain(sql, [index!.ddl])).totalCost;
      expect(fromEmptyIndex).toBeLessThan(10);
      expect(index!.costAfter!).toBeGreaterThan(100 * 1.2);
      expect(index!.costAfter!).toBeLessThan(index!.costBefore! / 10);
    });

    it('leaves a join uncosted where the range passes most rows or its column has no histogram', async () => {
      const wide = await advise(
        "SELECT id, name FROM users WHERE id IN (SELECT user_id FROM orders WHERE pay_time BETWEEN '2024-01-15' AND '2024-12-15')",
      );
      expect(wide.indexes.filter((i) => i.columns[0] === 'pay_time')).toEqual([]);
      const unknown = await advise(
        "SELECT id, name FROM users WHERE id IN (SELECT user_id FROM orders WHERE shipped BETWEEN '2024-09-01' AND '2024-09-02')",
      );
      expect(unknown.indexes.filter((i) => i.estimateBasis === 'histogram-estimate')).toEqual([]);
    });
  },
);

describe('the rows a LIMIT asks for', () => {
  it('reads LIMIT n, LIMIT n OFFSET m and LIMIT m, n at the end of the statement', () => {
    expect(limitRows('SELECT 1 FROM t ORDER BY a LIMIT 20')).toBe(20);
    expect(limitRows('SELECT 1 FROM t ORDER BY a LIMIT 20 OFFSET 100;')).toBe(120);
    expect(limitRows('SELECT 1 FROM t ORDER BY a LIMIT 100, 20')).toBe(120);
  });

  it('ignores a LIMIT inside a derived table, and statements without one', () => {
    expect(limitRows('SELECT * FROM (SELECT a FROM t ORDER BY a LIMIT 5) x')).toBeUndefined();
    expect(limitRows('SELECT a FROM t ORDER BY a')).toBeUndefined();
  });
});
