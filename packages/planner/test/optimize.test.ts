import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, postgresBinDir, serviceAvailable } from '../../../test-support/services.ts';
import { availablePlanners, shutdownPlanners } from '../src/backends.ts';
import { optimize } from '../src/optimize.ts';
import { configurePlanners, plannerSettings } from '../src/settings.ts';

const schema = (dialect: 'mysql' | 'postgresql') =>
  [
    `CREATE TABLE orders (o_orderkey INT PRIMARY KEY, o_custkey INT NOT NULL, o_orderdate DATE NOT NULL, o_comment VARCHAR(79))${dialect === 'mysql' ? ' ENGINE=InnoDB' : ''};`,
    '-- sqltune:stats orders rows=1500000',
    '-- sqltune:stats orders.o_custkey distinct=100000',
  ].join('\n');

const options = async () => ({ planners: await availablePlanners(), engineVersion: 'test' });

afterAll(async () => {
  await shutdownPlanners();
});

/** The whole pipeline: analyze, verify rewrites, cost plans and indexes in a real optimizer. */
describe('optimize on PostgreSQL (embedded PGlite)', () => {
  it('applies verified rewrites, costs plans with the injected statistics, and keeps an index that pays', async () => {
    const report = await optimize(
      {
        sql: 'SELECT o_orderkey FROM orders WHERE EXTRACT(YEAR FROM o_orderdate) = 1995 AND o_custkey = 42',
        dialect: 'postgresql',
        schemaText: schema('postgresql'),
      },
      await options(),
    );
    const s = report.statements[0]!;
    expect(s.optimized).toContain("o_orderdate >= '1995-01-01' AND o_orderdate < '1996-01-01'");
    expect(s.rules.find((r) => r.id === 'year-to-range')?.rewrite).toBe(true);
    expect(s.verification).toMatchObject({ method: 'differential', verdict: 'not-refuted' });
    expect(s.plan.source).toMatch(/^PostgreSQL 18/);
    // 1.5M injected rows: the full scan must cost far more than a 1-page table would.
    expect(s.plan.before!.totalCost).toBeGreaterThan(10_000);
    expect(s.indexes[0]?.ddl).toMatch(/CREATE INDEX .* ON orders \(o_custkey/);
    expect(s.indexes[0]!.costAfter!).toBeLessThan(s.indexes[0]!.costBefore!);
    expect(s.gain!.ratio).toBeGreaterThan(0.5);
    expect(s.gainMissing).toBeUndefined();
    // The table has statistics, so no default row count is stated.
    expect(report.warnings.map((w) => w.message.en).join(' ')).not.toMatch(/no statistics for/);
  });

  it('keeps a rewrite whose verification ran out of time unapplied, and says "not-run", not "refuted"', async () => {
    const report = await optimize(
      {
        sql: 'SELECT o_orderkey FROM orders WHERE EXTRACT(YEAR FROM o_orderdate) = 1995 AND pg_sleep(60) IS NOT NULL',
        dialect: 'postgresql',
        schemaText: schema('postgresql'),
      },
      await options(),
    );
    const s = report.statements[0]!;
    expect(s.rules.find((r) => r.id === 'year-to-range')?.rewrite).toBe(false);
    expect(s.optimized).toContain('EXTRACT(YEAR FROM o_orderdate) = 1995');
    expect(s.verification.verdict).toBe('not-run');
    expect(s.verification.detail?.en).toMatch(/stopped/);
  }, 60_000);

  it('plans data changes when asked, and reports a statement in error on its own with its place in the input', async () => {
    const sql = [
      "UPDATE orders SET o_comment = 'x' WHERE o_custkey = 5;",
      'DELETE FROM orders;',
      'SELECT o_orderkey FROM orders WHERE o_custkey = 42;',
      'SELECT nope FROM orders',
    ].join('\n');
    const input = { sql, dialect: 'postgresql' as const, schemaText: schema('postgresql') };
    const report = await optimize(
      { ...input, dataChanges: 'analyze' },
      { ...(await options()), statementErrors: 'report' },
    );
    expect(report.statements.map((s) => s.plan.before?.root.node ?? null)).toEqual([
      'ModifyTable',
      'ModifyTable',
      'Seq Scan',
      null,
    ]);
    expect(report.statements[1]!.rules.map((r) => r.id)).toContain('delete-without-where');
    expect(report.statements[2]!.indexes.length).toBeGreaterThan(0);
    const failed = report.statements[3]!;
    expect(failed.errors).toEqual([expect.objectContaining({ code: 4202, line: 4, column: 8 })]);
    expect(failed.errors[0]!.message.en).toContain('at line 4, column 8: column "nope" does not exist');
    // The web app's way: data changes refused, and the first error fails the submission, placed in the input.
    await expect(optimize(input, await options())).rejects.toMatchObject({ detail: { code: 4205, line: 2 } });
    const error = await optimize({ ...input, sql: 'SELECT 1;\nSELECT nope FROM orders' }, await options()).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ detail: { code: 4202, line: 2, column: 8 } });
  }, 60_000);

  it('plans a MERGE as a data change: its ON looked up by an advised index, refused where data changes are', async () => {
    const sql =
      "MERGE INTO orders o USING (VALUES (42, 'x')) AS v (custkey, note) ON o.o_custkey = v.custkey WHEN MATCHED THEN UPDATE SET o_comment = v.note WHEN NOT MATCHED THEN INSERT (o_orderkey, o_custkey, o_orderdate) VALUES (v.custkey, v.custkey, DATE '2024-01-01')";
    const input = { sql, dialect: 'postgresql' as const, schemaText: schema('postgresql') };
    const report = await optimize({ ...input, dataChanges: 'analyze' }, await options());
    const s = report.statements[0]!;
    expect(s.plan.before?.root.node).toBe('ModifyTable');
    expect(s.plan.before?.raw).toMatch(/^Merge on orders/);
    expect(s.indexes.map((i) => i.ddl)).toEqual([expect.stringMatching(/ON orders \(o_custkey\)/)]);
    expect(s.plan.after?.raw).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    expect(s.rules.map((r) => r.id)).toContain('merge-on-not-unique-key');
    await expect(optimize(input, await options())).rejects.toMatchObject({ detail: { code: 4205, line: 1 } });
  }, 60_000);

  it("makes a dump's extended statistics in the sandbox and says they hold no values", async () => {
    const schemaText = [
      schema('postgresql'),
      'CREATE STATISTICS public.orders_cust_date (dependencies, ndistinct) ON o_custkey, o_orderdate FROM public.orders;',
      'ALTER STATISTICS public.orders_cust_date OWNER TO app;',
    ].join('\n');
    const sql = "SELECT o_orderkey FROM orders WHERE o_custkey = 42 AND o_orderdate = DATE '1995-01-01'";
    const report = await optimize({ sql, dialect: 'postgresql', schemaText }, await options());
    const notes = report.warnings.map((w) => w.message.en);
    expect(notes).toContainEqual(
      expect.stringMatching(/statistics object\(s\) orders_cust_date made in the sandbox, but without values/),
    );
    expect(report.statements[0]!.plan.before?.root.node).toBeDefined();
  }, 60_000);

  it('says what a later step did for a rule that applies only after an earlier rewrite', async () => {
    const report = await optimize(
      {
        sql: "SELECT * FROM orders o WHERE o.o_custkey IN (SELECT c.c_custkey FROM customer c WHERE c.c_name = 'x')",
        dialect: 'postgresql',
        schemaText: `${schema('postgresql')}\nCREATE TABLE customer (c_custkey INT PRIMARY KEY, c_name VARCHAR(25));`,
      },
      await options(),
    );
    const s = report.statements[0]!;
    expect(s.steps.map((step) => step.ruleId)).toEqual(['select-star', 'in-subquery-to-join']);
    const join = s.rules.find((r) => r.id === 'in-subquery-to-join')!;
    expect(join.rewrite).toBe(true);
    // On the statement as written (SELECT *) the rule could only advise; the step on the expanded list applied it.
    expect(join.message.en).not.toMatch(/not rewritten/);
  });

  it('marks advice that rests on default selectivity and names the columns without statistics', async () => {
    const report = await optimize(
      {
        sql: "SELECT id, total FROM orders WHERE status = 'returned'",
        dialect: 'postgresql',
        schemaText: [
          'CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, status VARCHAR(10), total NUMERIC(10,2), note TEXT);',
          '-- sqltune:stats orders rows=2000000',
        ].join('\n'),
      },
      await options(),
    );
    const [index] = report.statements[0]!.indexes;
    expect(index?.columns[0]).toBe('status');
    expect(index!.estimateBasis).toBe('default-selectivity');
    expect(index!.missingStatistics).toEqual(['status']);
    expect(index!.roles?.[0]).toEqual({ column: 'status', role: 'equality' });
  });

  it('rests advice on column statistics when every key column has them', async () => {
    const report = await optimize(
      {
        sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = 42',
        dialect: 'postgresql',
        schemaText: schema('postgresql'),
      },
      await options(),
    );
    const [index] = report.statements[0]!.indexes;
    expect(index?.estimateBasis).toBe('column-statistics');
    expect(index?.missingStatistics).toBeUndefined();
  });

  it('says why a hotspot that an index may help gets no index', async () => {
    const schemaText = [
      'CREATE TABLE customers (id INT PRIMARY KEY, city VARCHAR(40), name VARCHAR(40));',
      '-- sqltune:stats customers rows=200000',
      '-- sqltune:stats customers.city distinct=300',
    ].join('\n');
    const report = await optimize(
      // Two characters after the wildcard: no trigram for a pg_trgm GIN to search by ('%hai' gets one).
      { sql: "SELECT id, name FROM customers WHERE city LIKE '%ai'", dialect: 'postgresql', schemaText },
      await options(),
    );
    const s = report.statements[0]!;
    // The scan of 200,000 rows to filter is a hotspot whose message says an index avoids it.
    expect(s.rules.some((r) => r.id === 'plan-full-scan-large-table' && /an index/.test(r.message.en))).toBe(true);
    expect(s.indexes).toEqual([]);
    expect(s.indexGaps).toEqual([expect.objectContaining({ table: 'customers', reason: 'not-indexable' })]);
    // With an index to advise, the hotspot needs no gap.
    const advised = await optimize(
      { sql: "SELECT id, name FROM customers WHERE city = 'Shanghai'", dialect: 'postgresql', schemaText },
      await options(),
    );
    expect(advised.statements[0]!.indexes.map((i) => i.table)).toEqual(['customers']);
    expect(advised.statements[0]!.indexGaps).toBeUndefined();
    // A function-wrapped column gets an expression index on PostgreSQL (lower is IMMUTABLE).
    const wrapped = await optimize(
      { sql: "SELECT id, name FROM customers WHERE lower(city) = 'shanghai'", dialect: 'postgresql', schemaText },
      await options(),
    );
    expect(wrapped.statements[0]!.indexes.map((i) => i.columns[0])).toEqual(['lower(city)']);
    expect(wrapped.statements[0]!.indexGaps).toBeUndefined();
  });

  it('states the defaults used for tables without statistics', async () => {
    const report = await optimize(
      {
        sql: '-- the orders of one customer\nSELECT o_orderkey FROM orders WHERE o_custkey = 42',
        dialect: 'postgresql',
        schemaText: 'CREATE TABLE orders (o_orderkey INT PRIMARY KEY, o_custkey INT NOT NULL);',
      },
      await options(),
    );
    // The statement as submitted: its comment is shown above it, and its line counts the comment.
    expect(report.statements[0]).toMatchObject({
      leadingComments: '-- the orders of one customer\n',
      original: 'SELECT o_orderkey FROM orders WHERE o_custkey = 42',
      location: { line: 2 },
    });
    const warnings = report.warnings.map((w) => w.message);
    expect(warnings.map((w) => w.en)).toContainEqual(
      expect.stringMatching(/^PostgreSQL 18.*: no statistics for orders: planned as 1000 rows each$/),
    );
    expect(warnings.map((w) => w.zh)).toContainEqual(expect.stringMatching(/没有统计信息.*1000 行/));
  });

  it('names in that note only the tables the statements read (a partition by its parent, all through a view)', async () => {
    const structure = [
      ...Array.from({ length: 12 }, (_, i) => `CREATE TABLE t${i} (id INT PRIMARY KEY, v INT);`),
      'CREATE TABLE events (id INT, at DATE NOT NULL) PARTITION BY RANGE (at);',
      "CREATE TABLE events_2024 PARTITION OF events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');",
      'CREATE VIEW recent AS SELECT * FROM t11;',
    ].join('\n');
    const noteOf = async (sql: string) => {
      const report = await optimize({ sql, dialect: 'postgresql', schemaText: structure }, await options());
      return report.warnings.map((w) => w.message.en).find((en) => en.includes('no statistics for'));
    };
    expect(await noteOf('SELECT t10.v FROM t10 JOIN t2 ON t2.id = t10.v')).toMatch(
      /no statistics for t2, t10: planned as 1000 rows each$/,
    );
    expect(await noteOf("SELECT count(*) FROM events WHERE at >= '2024-06-01'")).toMatch(
      /no statistics for events_2024:/,
    );
    expect(await noteOf('SELECT 1')).toBeUndefined();
    // A view hides the tables it reads: every table without statistics is named, in natural order.
    expect(await noteOf('SELECT * FROM recent')).toMatch(
      /no statistics for events_2024, t0, t1, t2, .*, t9, t10, t11:/,
    );
  });

  it("chooses one index set for several statements, next to each statement's own advice", async () => {
    const report = await optimize(
      {
        sql: "SELECT o_orderkey FROM orders WHERE o_custkey = 42;\nSELECT o_orderkey FROM orders WHERE o_custkey = 7 AND o_orderdate >= '1998-01-01';",
        dialect: 'postgresql',
        schemaText: schema('postgresql'),
      },
      await options(),
    );
    expect(report.statements).toHaveLength(2);
    const workload = report.workload!;
    expect(workload.statements).toBe(2);
    expect(workload.indexes.map((i) => i.columns[0])).toEqual(['o_custkey']);
    expect(workload.costAfter).toBeLessThan(workload.costBefore / 10);
    // Each statement alone would get its own index; the set serves both with one.
    expect(report.statements.every((s) => s.indexes.some((i) => i.columns[0] === 'o_custkey'))).toBe(true);
  });

  it('plans Python DB-API and named placeholders as bind parameters, and says so', async () => {
    const sql =
      "SELECT o_orderkey FROM orders WHERE o_custkey = %(customer)s AND o_comment LIKE 'x%s' AND o_orderkey > :low";
    const report = await optimize({ sql, dialect: 'postgresql', schemaText: schema('postgresql') }, await options());
    const s = report.statements[0]!;
    expect(s.errors).toEqual([]);
    expect(s.plan.before!.totalCost).toBeGreaterThan(0);
    // The report keeps the text as written; the placeholders are named in the note.
    expect(s.original).toBe(sql);
    const notes = report.warnings.map((w) => w.message.en).join(' ');
    expect(notes).toContain('%(customer)s, :low were treated as bind parameters');
    expect(notes).not.toContain("'x%s'");
    // Without placeholders of another client, no such note.
    const plain = await optimize(
      {
        sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = $1',
        dialect: 'postgresql',
        schemaText: schema('postgresql'),
      },
      await options(),
    );
    expect(plain.warnings.map((w) => w.message.en).join(' ')).not.toContain('bind parameters');
  });

  it('plans with statistics given as JSON', async () => {
    const report = await optimize(
      {
        sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = 42',
        dialect: 'postgresql',
        schemaText: 'CREATE TABLE orders (o_orderkey INT PRIMARY KEY, o_custkey INT NOT NULL);',
        statsText: JSON.stringify({
          tables: { orders: { rows: 10_000_000, columns: { o_custkey: { ndv: 1_000_000 } } } },
        }),
      },
      await options(),
    );
    const s = report.statements[0]!;
    // 10M rows and 1M distinct customers: about 10 rows per customer, estimated by the real planner.
    expect(s.plan.before!.root.rows).toBeGreaterThanOrEqual(5);
    expect(s.plan.before!.root.rows).toBeLessThanOrEqual(20);
    expect(s.plan.before!.totalCost).toBeGreaterThan(100_000);
    expect(s.indexes[0]?.ddl).toMatch(/ON orders \(o_custkey\)/);
  });

  it('applies no rewrite it could not verify, and says why there is no plan or gain', async () => {
    const report = await optimize(
      { sql: 'SELECT * FROM orders WHERE o_custkey IN (SELECT DISTINCT c FROM x)', dialect: 'postgresql' },
      await options(),
    );
    const s = report.statements[0]!;
    expect(s.optimized).toBe(s.original);
    expect(s.rules.every((r) => !r.rewrite)).toBe(true);
    expect(s.verification.verdict).toBe('not-run');
    expect(s.plan).toMatchObject({ before: null, after: null, source: 'none' });
    expect(s.plan.missing?.en).toMatch(/table structure/);
    expect(s.gain).toBeNull();
    expect(s.gainMissing?.en).toMatch(/table structure/);
  });
});

describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('optimize on MariaDB (local sandbox)', () => {
  it('verifies the YEAR() rewrite and advises no index chosen from an empty-index range estimate', async () => {
    const report = await optimize(
      {
        sql: 'SELECT o_orderkey FROM orders WHERE YEAR(o_orderdate) = 1995',
        dialect: 'mysql',
        schemaText: schema('mysql'),
      },
      await options(),
    );
    const s = report.statements[0]!;
    expect(s.plan.source).toMatch(/^MariaDB/);
    expect(s.verification.verdict).toBe('not-refuted');
    expect(s.plan.before!.root.rows).toBeGreaterThan(1_000_000);
    // An index on o_orderdate would be read only because the empty sandbox index makes the range look like one
    // row (a plan with a caveat): that choice proves nothing, so no index is advised and no gain is made up.
    expect(s.indexes).toEqual([]);
    // The full scan of orders still says an index may help: the report says why none is advised.
    expect(s.indexGaps).toEqual([expect.objectContaining({ table: 'orders', reason: 'uncostable' })]);
    expect(s.plan.after!.caveat).toBeUndefined();
    expect(s.gain?.ratio ?? 0).toBeLessThan(0.1);
  });

  it('advises the ORDER BY index for a LIMIT and says the gain is estimated beside the plan cost', async () => {
    const report = await optimize(
      {
        sql: 'SELECT o_orderkey, o_comment FROM orders ORDER BY o_orderdate DESC LIMIT 100',
        dialect: 'mysql',
        schemaText: schema('mysql'),
      },
      await options(),
    );
    const s = report.statements[0]!;
    expect(s.indexes[0]?.columns).toEqual(['o_orderdate']);
    expect(s.indexes[0]!.estimateBasis).toBe('limit-estimate');
    // The plans' own costs leave the LIMIT out: no gain computed from them, and the report says why.
    expect(s.gain).toBeNull();
    expect(s.gainMissing?.en).toMatch(/estimated beside the optimizer's plan cost/);
  });
});

const hypopgInstalled = existsSync('/usr/share/postgresql/15/extension/hypopg.control') ? postgresBinDir : undefined;

describe.runIf(serviceAvailable('PostgreSQL+HypoPG', hypopgInstalled))(
  'optimize on a PostgreSQL 15 + HypoPG sandbox',
  () => {
    const settings = plannerSettings();
    afterAll(() => configurePlanners(settings));

    it('plans with the injected statistics and costs the index with HypoPG', async () => {
      const report = await optimize(
        {
          sql: 'SELECT o_orderkey FROM orders WHERE o_custkey = 42',
          dialect: 'postgresql',
          schemaText: schema('postgresql'),
        },
        {
          planners: await availablePlanners({ ...settings, postgres: { ...settings.postgres, useSandbox: true } }),
          engineVersion: 'test',
        },
      );
      const s = report.statements[0]!;
      expect(s.plan.source).toMatch(/^PostgreSQL 15\.\d+ \+ HypoPG/);
      expect(s.plan.before!.root).toMatchObject({ node: 'Seq Scan', rows: 15 });
      expect(s.indexes[0]?.ddl).toMatch(/ON orders \(o_custkey\)/);
      expect(s.gain!.ratio).toBeGreaterThan(0.9);
    });
  },
);
