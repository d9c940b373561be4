import { describe, expect, it } from 'vitest';
import { checkSchema } from './checks.ts';
import { parseSchema } from './parse-schema.ts';

const ORDERS = 'CREATE TABLE public.orders (id bigint NOT NULL, customer_id bigint, total numeric(12,2));\n';

describe('PostgreSQL materialized views in the table structure', () => {
  it('reads a pg_dump materialized view as a table of its output columns, with its index', () => {
    const schema = parseSchema(
      `${ORDERS}CREATE MATERIALIZED VIEW public.customer_totals AS
 SELECT orders.customer_id,
    sum(orders.total) AS total
   FROM public.orders
  GROUP BY orders.customer_id
  WITH NO DATA;
ALTER MATERIALIZED VIEW public.customer_totals OWNER TO app;
CREATE UNIQUE INDEX customer_totals_customer ON public.customer_totals USING btree (customer_id);
REFRESH MATERIALIZED VIEW public.customer_totals;`,
      'postgresql',
    );
    const view = schema.tables.find((t) => t.name === 'customer_totals')!;
    expect(view).toMatchObject({ line: 2, materializedView: true });
    // A plain column keeps its table's type; an aggregate has none the engine reasons about.
    expect(view.columns.map((c) => [c.name, c.type])).toEqual([
      ['customer_id', 'BIGINT'],
      ['total', ''],
    ]);
    expect(view.indexes).toEqual([
      expect.objectContaining({ name: 'customer_totals_customer', columns: ['customer_id'], unique: true }),
    ]);
  });

  it('names the columns by the column list, expands a star of a known table, and takes any data clause', () => {
    const columns = (view: string) =>
      parseSchema(`${ORDERS}${view}`, 'postgresql')
        .tables.find((t) => t.name === 'v')
        ?.columns.map((c) => c.name);
    expect(columns('CREATE MATERIALIZED VIEW v (who, amount) AS SELECT customer_id, total FROM orders;')).toEqual([
      'who',
      'amount',
    ]);
    expect(columns('CREATE MATERIALIZED VIEW IF NOT EXISTS v AS SELECT o.* FROM orders o WITH DATA;')).toEqual([
      'id',
      'customer_id',
      'total',
    ]);
    // A star of a table the structure does not define, or two columns PostgreSQL would give one name (it refuses
    // the view): no table, still accepted.
    expect(columns('CREATE MATERIALIZED VIEW v AS SELECT * FROM elsewhere;')).toBeUndefined();
    expect(columns('CREATE MATERIALIZED VIEW v AS SELECT id + 1, total * 2 FROM orders;')).toBeUndefined();
  });

  it('names a column written without AS as PostgreSQL does, so the view is in the model', () => {
    const view = parseSchema(
      `${ORDERS}CREATE MATERIALIZED VIEW public.summary AS
 SELECT o.customer_id, count(*), sum(o.total), id + 1, lower('A'), public.f(id), o.id::text, '1'::integer,
  CASE WHEN id > 0 THEN 1 END, CASE WHEN id > 0 THEN 1 ELSE total END, coalesce(total, 0), current_date,
  ARRAY[id], EXISTS (SELECT 1), trim('x'), extract(year FROM now()), max(id) OVER (),
  '2024-01-01'::timestamp with time zone
 FROM public.orders o GROUP BY o.customer_id, id, total
  WITH NO DATA;`,
      'postgresql',
    ).tables.find((t) => t.name === 'summary');
    expect(view?.columns.map((c) => c.name)).toEqual([
      'customer_id',
      'count',
      'sum',
      '?column?',
      'lower',
      'f',
      'id',
      'int4',
      'case',
      'total',
      'coalesce',
      'current_date',
      'array',
      'exists',
      'btrim',
      'extract',
      'max',
      'timestamptz',
    ]);
    // A plain column keeps its type; a named expression has none the engine reasons about.
    expect(view?.columns.slice(0, 2).map((c) => c.type)).toEqual(['BIGINT', '']);
  });

  it('is PostgreSQL only, and the no-primary-key check leaves it alone', () => {
    expect(() => parseSchema('REFRESH MATERIALIZED VIEW v;', 'mysql')).toThrow(/accepts only/);
    const schema = parseSchema(
      'CREATE TABLE t (a int);\nCREATE MATERIALIZED VIEW v AS SELECT a FROM t WITH NO DATA;',
      'postgresql',
    );
    expect(checkSchema(schema, 'postgresql').map((f) => f.message.en)).toEqual([
      expect.stringContaining('Table t has no primary key'),
    ]);
  });
});
