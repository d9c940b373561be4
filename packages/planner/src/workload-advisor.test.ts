import { candidatesFor, parseSchema } from '@sqltune/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglitePlanner } from './pglite/backend.ts';
import type { PlannerSession } from './types.ts';
import { adviseWorkload } from './workload-advisor.ts';

const schemaText = `CREATE TABLE customer (c_custkey int PRIMARY KEY, c_name varchar(25) NOT NULL, c_phone char(15) NOT NULL,
  c_comment varchar(117) NOT NULL);
CREATE TABLE orders (o_orderkey int PRIMARY KEY, o_custkey int NOT NULL, o_orderstatus char(1) NOT NULL,
  o_totalprice numeric(15,2) NOT NULL, o_orderdate date NOT NULL, o_comment varchar(79) NOT NULL);
-- sqltune:stats customer rows=1500000
-- sqltune:stats customer.c_name distinct=1500000
-- sqltune:stats orders rows=15000000
-- sqltune:stats orders.o_custkey distinct=1000000`;
const schema = parseSchema(schemaText, 'postgresql');

const workload = [
  'SELECT o_orderkey FROM orders WHERE o_custkey = 42',
  "SELECT o_orderkey, o_totalprice FROM orders WHERE o_custkey = 7 AND o_orderdate >= '1998-01-01'",
  "SELECT c_custkey FROM customer WHERE c_name = 'Customer#000000042'",
];

describe('workload index advisor (Extend-style) on PGlite', () => {
  let session: PlannerSession;
  beforeAll(async () => {
    session = await pglitePlanner.open({
      dialect: 'postgresql',
      schemaSql: schemaText,
      statistics: schema.tables.flatMap((t) => (t.statistics ? [t.statistics] : [])),
    });
  });
  afterAll(async () => {
    await session?.close();
  });

  const advise = (budgetBytes?: number) =>
    adviseWorkload(
      session,
      'postgresql',
      workload,
      workload.map((sql) => candidatesFor(sql, 'postgresql', schema)),
      schema,
      budgetBytes === undefined ? {} : { budgetBytes },
    );

  it('chooses one set that serves every statement, within the budget', async () => {
    const advice = (await advise())!;
    const keys = advice.indexes.map((i) => `${i.table}(${i.columns.join(',')})`);
    expect(keys.some((k) => k.startsWith('orders(o_custkey'))).toBe(true);
    expect(keys).toContain('customer(c_name)');
    // One index on orders serves both orders statements: no second index starting with o_custkey.
    expect(keys.filter((k) => k.startsWith('orders(o_custkey')).length).toBe(1);
    expect(advice.costAfter).toBeLessThan(advice.costBefore / 10);
    const total = advice.indexes.reduce((sum, i) => sum + i.estimatedBytes!, 0);
    expect(total).toBeLessThanOrEqual(advice.budgetBytes);
    for (const index of advice.indexes) expect(index.benefit!).toBeGreaterThan(0);
  });

  it('leaves out what does not fit a small budget, best value per byte first', async () => {
    const full = (await advise())!;
    const customerIndex = full.indexes.find((i) => i.table === 'customer')!;
    const ordersIndex = full.indexes.find((i) => i.table === 'orders')!;
    // Room for one of the two: the search keeps the one that saves the most per byte.
    const budget = Math.max(customerIndex.estimatedBytes!, ordersIndex.estimatedBytes!) + 1;
    const small = (await advise(budget))!;
    expect(small.indexes).toHaveLength(1);
    expect(small.indexes[0]!.estimatedBytes!).toBeLessThanOrEqual(budget);
    expect(small.costAfter).toBeGreaterThan(full.costAfter);
  });

  it('advises nothing when the budget fits no index', async () => {
    expect(await advise(1024)).toBeUndefined();
  });
});
