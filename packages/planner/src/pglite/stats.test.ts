import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STATISTICS_VALUE_BYTES } from '../column-distribution.ts';
import { TICKETS_DISTRIBUTION } from '../test-support/helpers.ts';
import { PGLITE_START_PARAMS, PgliteInstance, type PgliteLease, PglitePool } from './pool.ts';
import {
  DEFAULT_TABLE_ROWS,
  estimateRowsWhere,
  heapPages,
  indexPages,
  planStatistics,
  readCatalog,
  StatisticsInjector,
} from './stats.ts';

interface PlanJson {
  Plan: {
    'Node Type': string;
    'Plan Rows': number;
    'Total Cost': number;
    'Index Name'?: string;
    Plans?: PlanJson['Plan'][];
  };
}

describe('statistics injection on PGlite', () => {
  const pool = new PglitePool({ size: 1 });
  let lease: PgliteLease;

  async function explain(sql: string): Promise<PlanJson['Plan']> {
    const r = await lease.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (FORMAT JSON) ${sql}`);
    return (JSON.parse(r.rows[0]['QUERY PLAN']) as PlanJson[])[0].Plan;
  }

  async function inject(ddl: string, stats: Parameters<typeof planStatistics>[1]) {
    await lease.db.exec(ddl);
    const plan = planStatistics(await readCatalog(lease.db), stats);
    const injector = new StatisticsInjector(lease.db, plan);
    await injector.apply();
    return { plan, injector };
  }

  beforeAll(async () => {
    lease = await pool.acquire();
  }, 120_000);

  afterAll(async () => {
    await lease?.release();
    await pool.shutdown();
  });

  it('makes EXPLAIN estimate the injected row count with a full-size seq scan cost', async () => {
    const { plan } = await inject('CREATE TABLE big (id int PRIMARY KEY, name text, created date);', [
      { table: 'big', rows: 1_000_000, columns: [{ column: 'name', averageWidth: 20 }] },
    ]);
    const pages = plan.tables.find((t) => t.name === 'big')?.pages ?? 0;
    expect(pages).toBeGreaterThan(5_000);
    const scan = await explain('SELECT * FROM big');
    expect(scan['Node Type']).toBe('Seq Scan');
    expect(scan['Plan Rows']).toBe(1_000_000);
    // seq_page_cost 1 per page + cpu_tuple_cost 0.01 per row: the cost of a real 1,000,000-row table.
    expect(scan['Total Cost']).toBeCloseTo(pages + 1_000_000 * 0.01, 0);
    const catalog = await lease.db.query<{ relpages: number; reltuples: number; options: string }>(
      `SELECT relpages, reltuples, array_to_string(reloptions, ',') AS options FROM pg_class WHERE relname = 'big'`,
    );
    expect(catalog.rows[0]).toEqual({
      relpages: String(pages),
      reltuples: '1e+06',
      options: 'autovacuum_enabled=false',
    });
    // The primary key index is sized too: an equality lookup is an index scan with a realistic height.
    const lookup = await explain('SELECT * FROM big WHERE id = 7');
    expect(lookup['Node Type']).toBe('Index Scan');
    expect(lookup['Plan Rows']).toBe(1);
  }, 60_000);

  it("sizes a table without statistics from the pasted plan; a partition keeps its parent's given share", async () => {
    await lease.db.exec(
      [
        'CREATE TABLE solo (id int PRIMARY KEY);',
        'CREATE TABLE events (id int, at date) PARTITION BY RANGE (at);',
        "CREATE TABLE events_a PARTITION OF events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');",
        "CREATE TABLE events_b PARTITION OF events FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');",
      ].join('\n'),
    );
    const plan = planStatistics(
      await readCatalog(lease.db),
      [{ table: 'events', rows: 1_000_000, columns: [] }],
      [
        { table: 'solo', rows: 70_000 },
        { table: 'events_a', rows: 50 },
      ],
    );
    const rows = (name: string) => plan.tables.find((t) => t.name === name)?.tuples;
    expect([rows('solo'), rows('events_a'), rows('events_b')]).toEqual([70_000, 500_000, 500_000]);
    // Tables of earlier tests share the instance: only the notes about these tables are looked at.
    const notes = plan.notes.map((n) => n.en).filter((n) => /solo|events/.test(n));
    expect(notes).toEqual(['solo: 70,000 rows, taken from the pasted plan (no statistics given)']);
  }, 60_000);

  it('applies column statistics (null fraction, distinct values)', async () => {
    await inject('CREATE TABLE people (id int, city text, note text);', [
      { table: 'people', rows: 200_000, columns: [{ column: 'city', distinct: 50, nullFraction: 0.2 }] },
    ]);
    expect((await explain("SELECT * FROM people WHERE city = 'Oslo'"))['Plan Rows']).toBe(3_200);
    expect((await explain('SELECT * FROM people WHERE city IS NULL'))['Plan Rows']).toBe(40_000);
    expect((await explain('SELECT DISTINCT city FROM people'))['Plan Rows']).toBe(50);
  }, 60_000);

  it('applies most common values, a histogram and a correlation', async () => {
    await inject('CREATE TABLE tickets (id int PRIMARY KEY, status text NOT NULL, amount int NOT NULL, due date);', [
      {
        table: 'tickets',
        rows: 1_000_000,
        columns: [
          ...TICKETS_DISTRIBUTION,
          // A value the column type cannot read: that statistic is skipped, the others still apply.
          { column: 'due', histogramBounds: ['2024-01-01', 'not a date'], nullFraction: 0.5 },
        ],
      },
    ]);
    expect((await explain("SELECT * FROM tickets WHERE status = 'open'"))['Plan Rows']).toBe(200_000);
    // Not among the most common: the remaining 1% spread over the one other distinct value.
    expect((await explain("SELECT * FROM tickets WHERE status = 'lost'"))['Plan Rows']).toBe(10_000);
    // amount < 1000: 10 of the 100 histogram buckets, instead of the default third of the table.
    const range = (await explain('SELECT * FROM tickets WHERE amount < 1000'))['Plan Rows'];
    expect(range).toBeGreaterThan(95_000);
    expect(range).toBeLessThan(105_000);
    expect((await explain('SELECT * FROM tickets WHERE due IS NULL'))['Plan Rows']).toBe(500_000);
  }, 60_000);

  it("estimates a partial index's rows from its predicate: at least 1, half the fallback when it cannot be planned", async () => {
    await inject('CREATE TABLE tickets_partial (id int PRIMARY KEY, status text NOT NULL, amount int NOT NULL);', [
      { table: 'tickets_partial', rows: 1_000_000, columns: TICKETS_DISTRIBUTION },
    ]);
    const table = { schema: 'public', name: 'tickets_partial' };
    expect(await estimateRowsWhere(lease.db, table, "status = 'open'", 1_000_000)).toBe(200_000);
    expect(await estimateRowsWhere(lease.db, table, 'false', 1_000_000)).toBe(1);
    expect(await estimateRowsWhere(lease.db, table, 'no_such_column > 0', 1_000_000)).toBe(500_000);
  }, 60_000);

  it(`plans a table without statistics as ${DEFAULT_TABLE_ROWS} rows and says so`, async () => {
    const { plan } = await inject('CREATE TABLE nostats (a int, b text);', []);
    expect((await explain('SELECT * FROM nostats'))['Plan Rows']).toBe(DEFAULT_TABLE_ROWS);
    expect(plan.notes.map((n) => n.en).join(' ')).toMatch(/no statistics for .*nostats.*1000 rows/);
  }, 60_000);

  it('keeps the statistics through CREATE INDEX + refresh, and a rolled-back what-if leaves them intact', async () => {
    const { injector } = await inject('CREATE TABLE orders_x (id int, cust int, total numeric(15,2));', [
      { table: 'orders_x', rows: 1_500_000, columns: [{ column: 'cust', distinct: 100_000 }] },
    ]);
    const before = await explain('SELECT * FROM orders_x WHERE cust = 42');
    expect(before['Node Type']).toBe('Seq Scan');
    await lease.db.query('BEGIN');
    await lease.db.query('TRUNCATE orders_x');
    await lease.db.query('CREATE INDEX orders_x_cust ON orders_x (cust)');
    await injector.refresh();
    const withIndex = await explain('SELECT * FROM orders_x WHERE cust = 42');
    expect(withIndex['Plan Rows']).toBe(15);
    expect(JSON.stringify(withIndex)).toContain('orders_x_cust');
    expect(withIndex['Total Cost']).toBeLessThan(before['Total Cost'] / 100);
    await lease.db.query('ROLLBACK');
    const after = await explain('SELECT * FROM orders_x WHERE cust = 42');
    expect(after).toEqual(before);
  }, 60_000);

  it('handles tables above 1 GB (several segment files)', async () => {
    const { plan } = await inject('CREATE TABLE huge (id bigint, payload text);', [
      { table: 'huge', rows: 50_000_000, columns: [{ column: 'payload', averageWidth: 100 }] },
    ]);
    const pages = plan.tables.find((t) => t.name === 'huge')?.pages ?? 0;
    expect(pages * 8192).toBeGreaterThan(2 * 1024 ** 3);
    const scan = await explain('SELECT * FROM huge');
    expect(scan['Plan Rows']).toBe(50_000_000);
    expect(scan['Total Cost']).toBeCloseTo(pages + 500_000, 0);
  }, 60_000);

  it('sized files share one zero buffer copy-on-write: a write to one never shows in another', async () => {
    // CHECKPOINT and reading files need the superuser the pool's sessions never are: an instance of its own.
    const admin = await PgliteInstance.start({ startParams: PGLITE_START_PARAMS });
    try {
      await admin.exec(
        'CREATE TABLE big (id int PRIMARY KEY, name text, created date); CREATE TABLE huge (id bigint);',
      );
      const plan = planStatistics(await readCatalog(admin), [
        { table: 'big', rows: 1_000_000, columns: [] },
        { table: 'huge', rows: 50_000_000, columns: [] },
      ]);
      await new StatisticsInjector(admin, plan).apply();
      const files = await admin.query<{ big: string; huge: string; pages: string }>(
        `SELECT pg_relation_filepath('big') AS big, pg_relation_filepath('huge') AS huge, relpages::text AS pages
           FROM pg_class WHERE relname = 'big'`,
      );
      const { big, huge, pages } = files.rows[0];
      const lastPage = (Number(pages) - 1) * 8192;
      // The sandbox never writes into a sized table; if something did, it must stay in that file.
      await admin.query("INSERT INTO big VALUES (1, 'x', current_date)");
      await admin.query('CHECKPOINT');
      const read = async (path: string) =>
        (
          await admin.query<{ page: string }>(`SELECT encode(pg_read_binary_file($1, $2, 8192), 'hex') AS page`, [
            path,
            lastPage,
          ])
        ).rows[0].page;
      expect(/[1-9a-f]/.test(await read(big))).toBe(true);
      expect(/[1-9a-f]/.test(await read(huge))).toBe(false);
    } finally {
      await admin.terminate();
    }
  }, 60_000);
});

describe('statistics planning (pure)', () => {
  it('estimates heap and index pages', () => {
    expect(heapPages(0, [4])).toBe(0);
    // 4 + 4 bytes of data, 24 header, 4 item pointer: 226 tuples per page.
    expect(heapPages(1_000_000, [4, 4])).toBe(Math.ceil(1_000_000 / 226));
    expect(indexPages('btree', 1_000_000, [4])).toBeGreaterThan(2_700);
    expect(indexPages('btree', 1_000_000, [4])).toBeLessThan(3_000);
    expect(indexPages('brin', 1_000_000, [4])).toBe(3);
  });

  it('says how many values of a column were too wide to inject, and says nothing when none was', () => {
    const catalog = [
      {
        oid: 1,
        schema: 'public',
        name: 'docs',
        kind: 'r' as const,
        parentOid: null,
        path: 'base/5/1',
        columns: [{ attnum: 1, name: 'body', typeName: 'text', typlen: -1, typmod: -1 }],
        indexes: [],
      },
    ];
    const wide = 'w'.repeat(MAX_STATISTICS_VALUE_BYTES + 1);
    const column = (values: string[]) => ({
      column: 'body',
      distinct: 100,
      mostCommonValues: values.map((value) => ({ value, frequency: 0.1 })),
      histogramBounds: ['a', wide, 'z'],
    });
    const notes = (values: string[]) =>
      planStatistics(catalog, [{ table: 'docs', rows: 1000, columns: [column(values)] }]).notes.map((n) => n.en);
    expect(notes(['short', wide])).toEqual([
      `2 value(s) of docs.body (most common values or histogram bounds) are wider than ${MAX_STATISTICS_VALUE_BYTES} bytes and were left out (the database's own ANALYZE keeps none so wide)`,
    ]);
    const narrow = planStatistics(catalog, [
      { table: 'docs', rows: 1000, columns: [{ ...column(['short']), histogramBounds: ['a', 'z'] }] },
    ]);
    expect(narrow.notes).toEqual([]);
  });

  it('matches tables by name or schema.name, clamps distinct values and reports unknown names', () => {
    const catalog = [
      {
        oid: 1,
        schema: 'public',
        name: 'Orders',
        kind: 'r' as const,
        parentOid: null,
        path: 'base/5/1',
        columns: [{ attnum: 1, name: 'id', typeName: 'int4', typlen: 4, typmod: -1 }],
        indexes: [],
      },
    ];
    const plan = planStatistics(catalog, [
      {
        table: 'public.orders',
        rows: 10,
        columns: [
          { column: 'ID', distinct: 50 },
          { column: 'nope', distinct: 1 },
        ],
      },
      { table: 'ghost', rows: 5, columns: [] },
    ]);
    expect(plan.tables[0]).toMatchObject({ tuples: 10, defaulted: false, columns: [{ column: 'id', nDistinct: -1 }] });
    expect(plan.notes.map((n) => n.en)).toEqual([
      'statistics for Orders.nope ignored: no such column',
      'statistics for table ghost ignored: no such table',
    ]);
  });
});
