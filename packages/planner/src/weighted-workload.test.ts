import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkloadIndexes } from '@sqltune/contracts';
import { parseSchema, prepareWorkload } from '@sqltune/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { WORKLOAD_SHOP_SCHEMA } from '../../../test-support/workload-shop.ts';
import { mariadbPlanner, shutdownMariaDb } from './mariadb/backend.ts';
import { optimize } from './optimize.ts';
import { pglitePlanner } from './pglite/backend.ts';
import type { PlannerSession } from './types.ts';
import { adviseWeightedWorkload } from './weighted-workload.ts';

const schema = parseSchema(WORKLOAD_SHOP_SCHEMA, 'postgresql');
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../engine/src/workload/fixtures', name), 'utf8');

/** A pg_stat_statements result as psql prints it, from [query, calls, total ms] rows. */
function pgStatStatements(rows: Array<[string, number, number]>): string {
  const lines = rows.map(([q, c, t]) => ` ${q} | ${c} | ${t}`);
  return [
    ' query | calls | total_exec_time',
    '-------+-------+-----------------',
    ...lines,
    `(${rows.length} rows)`,
  ].join('\n');
}

describe('workload advice weighed by pasted statement statistics (PGlite)', () => {
  let session: PlannerSession;
  beforeAll(async () => {
    session = await pglitePlanner.open({
      dialect: 'postgresql',
      schemaSql: schema.ddl,
      statistics: schema.tables.flatMap((t) => (t.statistics ? [t.statistics] : [])),
    });
  });
  afterAll(async () => {
    await session?.close();
  });

  const advise = async (text: string): Promise<WorkloadIndexes> => {
    const prepared = prepareWorkload(text, 'postgresql', schema);
    const texts = prepared.statements.filter((s) => s.planned).map((s) => s.sql);
    return adviseWeightedWorkload(session, 'postgresql', prepared, texts, schema);
  };
  const keys = (w: WorkloadIndexes) => w.indexes.map((i) => `${i.table}(${i.columns.join(',')})`);

  it('on the captured pg_stat_statements: names what each index serves and which writes it slows', async () => {
    const w = await advise(fixture('pg-stat-statements-aligned.txt'));
    expect(w.source?.weighting).toBe('time');
    const number = (re: RegExp) => w.source!.statements.find((s) => re.test(s.text))!.number;
    const lookup = number(/customer_id = \$1$/);
    const byCustomer = w.indexes.findIndex((i) => i.table === 'orders' && i.columns[0] === 'customer_id');
    expect(byCustomer).toBeGreaterThanOrEqual(0);
    const use = w.usage![byCustomer]!;
    expect(use.serves).toContain(lookup);
    // Inserts and deletes change every index of orders; the UPDATE assigns status only.
    expect(use.slows.sort()).toEqual([number(/^INSERT/), number(/^DELETE/)].sort());
    expect(use.writeCost).toBeGreaterThan(0);
    // The measured time's shares add up, and the writes are listed but not planned.
    expect(w.source!.statements.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 6);
    expect(w.source!.statements.find((s) => s.kind === 'insert')!.skipped).toBeDefined();
    // orders_status leads orders_status_created: redundant.
    expect(w.existing).toContainEqual(
      expect.objectContaining({ name: 'orders_status', reason: 'redundant', coveredBy: 'orders_status_created' }),
    );
  });

  it('an index is credited with the measured time of the statements it serves, whatever their calls', async () => {
    const byCustomer = 'SELECT id FROM orders WHERE customer_id = $1';
    const byEmail = 'SELECT id FROM customers WHERE email = $1';
    const prepare = (customerMs: number, emailMs: number) =>
      prepareWorkload(
        pgStatStatements([
          [byCustomer, 10, customerMs],
          [byEmail, 1000, emailMs],
        ]),
        'postgresql',
        schema,
      );
    const choose = async (customerMs: number, emailMs: number) => {
      const prepared = prepare(customerMs, emailMs);
      const texts = prepared.statements.filter((s) => s.planned).map((s) => s.sql);
      return adviseWeightedWorkload(session, 'postgresql', prepared, texts, schema);
    };
    const customerHeavy = await choose(90_000, 10);
    const emailHeavy = await choose(10, 90_000);
    // The saving each index is credited with follows the time of the statement it serves.
    const saving = (w: WorkloadIndexes, key: string) => w.usage![keys(w).indexOf(key)]?.saving ?? 0;
    expect(saving(customerHeavy, 'orders(customer_id)')).toBeGreaterThan(80_000);
    expect(saving(customerHeavy, 'customers(email)')).toBeLessThan(10);
    expect(saving(emailHeavy, 'customers(email)')).toBeGreaterThan(80_000);
    expect(saving(emailHeavy, 'orders(customer_id)')).toBeLessThan(10);
    // The weighted cost is the workload's milliseconds: before, the sum of the measured times.
    expect(customerHeavy.costBefore).toBeCloseTo(90_010, 0);
  });

  it('an index whose upkeep on the writes costs more than it saves is not advised', async () => {
    const lookup: [string, number, number] = ['SELECT id FROM orders WHERE customer_id = $1', 5, 50];
    const insert: [string, number, number] = [
      'INSERT INTO orders (id, customer_id, status, created_at, total) VALUES ($1, $2, $3, $4, $5)',
      1_000_000,
      0,
    ];
    const fewWrites = await advise(pgStatStatements([lookup, [insert[0], 10, 1]]));
    expect(keys(fewWrites)).toContain('orders(customer_id)');
    const writeHeavy = await advise(pgStatStatements([lookup, [insert[0], insert[1], 600_000]]));
    expect(keys(writeHeavy)).not.toContain('orders(customer_id)');
    expect(writeHeavy.source!.statements.find((s) => s.kind === 'insert')!.calls).toBe(1_000_000);
  });

  it('overlapping indexes merge: one index on orders serves the lookup and its narrower form', async () => {
    const w = await advise(
      pgStatStatements([
        ['SELECT id FROM orders WHERE customer_id = $1', 40, 400],
        ['SELECT id, total FROM orders WHERE customer_id = $1 AND created_at >= $2', 40, 400],
      ]),
    );
    const onOrders = keys(w).filter((k) => k.startsWith('orders(customer_id'));
    expect(onOrders).toHaveLength(1);
    expect(w.usage![keys(w).indexOf(onOrders[0]!)]!.serves).toEqual([1, 2]);
  });

  it('flags an existing index no plan of the workload reads', async () => {
    const w = await advise(pgStatStatements([['SELECT id FROM customers WHERE email = $1', 5, 50]]));
    expect(w.existing).toEqual([]);
    const onOrders = await advise(pgStatStatements([['SELECT id FROM orders WHERE customer_id = $1', 5, 50]]));
    expect(onOrders.existing).toContainEqual(
      expect.objectContaining({ name: 'orders_status_created', reason: 'unused' }),
    );
  });

  it("optimize(): the workload's statements take the place of the SQL field, and the report says so", async () => {
    const report = await optimize(
      {
        sql: 'SELECT 1',
        dialect: 'postgresql',
        schemaText: WORKLOAD_SHOP_SCHEMA,
        workloadText: pgStatStatements([['SELECT id FROM orders WHERE customer_id = $1', 40, 400]]),
      },
      { planners: { postgresql: pglitePlanner }, engineVersion: 'test' },
    );
    expect(report.statements.map((s) => s.original)).toEqual(['SELECT id FROM orders WHERE customer_id = 1']);
    expect(report.statements[0]!.leadingComments).toBe('-- workload #1: 40 calls, 400.0 ms\n');
    expect(report.warnings.map((w) => w.message.en)).toContainEqual(
      expect.stringMatching(/SQL field's statements were not/),
    );
    expect(report.workload?.usage?.[0]?.serves).toEqual([1]);
  });
});

describe("the structure's indexes on expressions in workload advice (PGlite)", () => {
  it('are named by their expressions, and one on another expression is not taken for their prefix', async () => {
    const structure = parseSchema(
      `CREATE TABLE customers (id int PRIMARY KEY, email text, name text);
CREATE INDEX customers_lower_email ON customers (lower(email));
CREATE INDEX customers_upper_name_id ON customers (upper(name), id);
CREATE INDEX customers_email ON customers (email);
CREATE INDEX customers_email_name ON customers (email, name);`,
      'postgresql',
    );
    const session = await pglitePlanner.open({ dialect: 'postgresql', schemaSql: structure.ddl, statistics: [] });
    try {
      const prepared = prepareWorkload(
        pgStatStatements([['SELECT name FROM customers WHERE id = $1', 10, 5]]),
        'postgresql',
        structure,
      );
      const texts = prepared.statements.filter((s) => s.planned).map((s) => s.sql);
      const w = await adviseWeightedWorkload(session, 'postgresql', prepared, texts, structure);
      const existing = (name: string) => w.existing?.find((e) => e.name === name);
      expect(existing('customers_lower_email')).toMatchObject({ reason: 'unused', columns: ['lower(email)'] });
      expect(existing('customers_lower_email')?.message.en).toContain('customers_lower_email (lower(email))');
      expect(existing('customers_email')).toMatchObject({ reason: 'redundant', coveredBy: 'customers_email_name' });
    } finally {
      await session.close();
    }
  }, 60_000);
});

describe.runIf(serviceAvailable('MariaDB', process.env.MYSQL_SANDBOX_URL ? 'MYSQL_SANDBOX_URL' : mariadbBinary))(
  "the structure's FULLTEXT keys in workload advice (MariaDB)",
  () => {
    afterAll(() => shutdownMariaDb());
    it('are no B-tree key’s prefix: unused at most, never redundant', async () => {
      const structure = parseSchema(
        `CREATE TABLE articles (id INT PRIMARY KEY, title VARCHAR(200), views INT,
  FULLTEXT KEY ft_title (title), KEY title_only (title), KEY title_views (title, views));`,
        'mysql',
      );
      const session = await mariadbPlanner.open({ dialect: 'mysql', schemaSql: structure.ddl, statistics: [] });
      try {
        const prepared = prepareWorkload(
          [
            'Count: 40  Time=0.02s (0s)  Lock=0.00s (0s)  Rows_sent=1.0 (40), Rows_examined=1.0 (40), Rows_affected=0.0 (0), root[root]@localhost',
            '  SELECT views FROM articles WHERE id = N',
          ].join('\n'),
          'mysql',
          structure,
        );
        const texts = prepared.statements.filter((s) => s.planned).map((s) => s.sql);
        const w = await adviseWeightedWorkload(session, 'mysql', prepared, texts, structure);
        const existing = (name: string) => w.existing?.find((e) => e.name === name);
        expect(existing('title_only')).toMatchObject({ reason: 'redundant', coveredBy: 'title_views' });
        expect(existing('ft_title')).toMatchObject({ reason: 'unused' });
      } finally {
        await session.close();
      }
    }, 120_000);
  },
);
