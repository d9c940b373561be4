import { parseSchema } from '@sqltune/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { withSession } from '../test-support/helpers.ts';
import { pglitePlanner, shutdownPglitePool } from './backend.ts';

/** A materialized view as pg_dump writes it (WITH NO DATA, its index after it, REFRESH in the post-data section). */
const DUMP = `CREATE TABLE public.orders (id bigint NOT NULL, customer_id bigint, total numeric(12,2));
CREATE MATERIALIZED VIEW public.customer_totals AS
 SELECT orders.customer_id,
    sum(orders.total) AS total
   FROM public.orders
  GROUP BY orders.customer_id
  WITH NO DATA;
ALTER MATERIALIZED VIEW public.customer_totals OWNER TO app;
CREATE UNIQUE INDEX customer_totals_customer ON public.customer_totals USING btree (customer_id);
REFRESH MATERIALIZED VIEW public.customer_totals;`;

const open = (schemaSql: string, viewRows = 200_000) =>
  pglitePlanner.open({
    dialect: 'postgresql',
    schemaSql,
    statistics: [
      { table: 'orders', rows: 5_000_000, columns: [] },
      { table: 'customer_totals', rows: viewRows, columns: [{ column: 'customer_id', distinct: viewRows }] },
    ],
  });

describe('materialized views in the table structure (PGlite)', () => {
  afterAll(async () => {
    await shutdownPglitePool();
  });

  it('plans over a pg_dump materialized view as over a table, with its index and statistics', async () => {
    await withSession(open(DUMP), async (session) => {
      const byCustomer = await session.explain('SELECT total FROM customer_totals WHERE customer_id = 42');
      expect(byCustomer.raw).toMatch(/Index Scan using customer_totals_customer on customer_totals/);
      expect((await session.explain('SELECT * FROM customer_totals')).root.rows).toBe(200_000);
    });
  }, 120_000);

  it('never runs its query: made WITH NO DATA even when the text asks for data', async () => {
    // Run, 1/0 would fail the structure with "division by zero"; the view is made and a statement over it plans.
    const schemaSql = `CREATE TABLE t (a int);
CREATE MATERIALIZED VIEW boom AS SELECT a, 1 / 0 AS x FROM t WITH DATA;
CREATE MATERIALIZED VIEW boom2 AS SELECT 1 / 0 AS y;`;
    await withSession(open(schemaSql), async (session) => {
      expect((await session.explain('SELECT x FROM boom')).raw).toMatch(/Seq Scan on boom/);
      expect((await session.explain('SELECT y FROM boom2')).raw).toMatch(/Seq Scan on boom2/);
    });
  }, 120_000);

  it('has the columns the engine names for output columns written without AS', async () => {
    const schemaSql = `CREATE TABLE orders (id bigint, customer_id bigint, total numeric);
CREATE MATERIALIZED VIEW summary AS
 SELECT o.customer_id, count(*), sum(o.total), id + 1, lower('A'), o.id::text, '1'::integer,
  CASE WHEN id > 0 THEN 1 END, CASE WHEN id > 0 THEN 1 ELSE total END, coalesce(total, 0), current_date,
  ARRAY[id], EXISTS (SELECT 1), trim('x'), extract(year FROM now()), max(id) OVER (),
  '2024-01-01'::timestamp with time zone
 FROM orders o GROUP BY o.customer_id, id, total;`;
    const names = parseSchema(schemaSql, 'postgresql').tables.find((t) => t.name === 'summary')?.columns ?? [];
    expect(names).toHaveLength(17);
    await withSession(open(schemaSql), async (session) => {
      // Every name the model holds is a column of the view the sandbox made (a wrong one fails to plan)...
      const list = names.map((c) => `"${c.name}"`).join(', ');
      expect((await session.explain(`SELECT ${list} FROM summary`)).raw).toMatch(/Seq Scan on summary/);
      // ...and a name PostgreSQL does not give is not.
      await expect(session.explain('SELECT "trim" FROM summary')).rejects.toThrow(/trim/);
    });
  }, 120_000);
});
