import { candidatesFor, parseSchema, type SchemaModel } from '@sqltune/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbBinary, postgresBinDir, serviceAvailable } from '../../../test-support/services.ts';
import { adviseIndexes, adviseStatementIndexes, sizedByPlan, usesIndex } from './index-advisor.ts';
import { mariadbPlanner, shutdownMariaDb } from './mariadb/backend.ts';
import { pglitePlanner } from './pglite/backend.ts';
import { postgresPlanner, shutdownPostgresSandbox } from './postgres/backend.ts';
import type { PlannerBackend, PlannerSession } from './types.ts';

/** Orders and customers of TPC-H size, no secondary indexes. */
const schemaText = `CREATE TABLE customer (c_custkey int PRIMARY KEY, c_name varchar(25) NOT NULL, c_nationkey int NOT NULL,
  c_mktsegment char(10) NOT NULL, c_address varchar(40) NOT NULL, c_phone char(15) NOT NULL, c_comment varchar(117) NOT NULL);
CREATE TABLE orders (o_orderkey int PRIMARY KEY, o_custkey int NOT NULL, o_orderstatus char(1) NOT NULL,
  o_totalprice numeric(15,2) NOT NULL, o_orderdate date NOT NULL, o_clerk char(15) NOT NULL, o_comment varchar(79) NOT NULL);
CREATE INDEX orders_status ON orders (o_orderstatus);
-- sqltune:stats customer rows=1500000
-- sqltune:stats customer.c_nationkey distinct=25
-- sqltune:stats customer.c_name distinct=1500000
-- sqltune:stats orders rows=15000000
-- sqltune:stats orders.o_custkey distinct=1000000
-- sqltune:stats orders.o_clerk distinct=10000
-- sqltune:stats orders.o_orderstatus distinct=3`;
const schema = parseSchema(schemaText, 'postgresql');

const backends: Array<[string, PlannerBackend, boolean]> = [
  ['PGlite', pglitePlanner, true],
  ['PostgreSQL 15 + HypoPG', postgresPlanner, serviceAvailable('PostgreSQL', postgresBinDir)],
];

/** Opens a session of the backend on the structure before the block's tests (when it is available), closes it after. */
function withSession(
  backend: PlannerBackend,
  available: boolean,
  schemaSql: string,
  parsed: SchemaModel,
  use: (session: PlannerSession) => void,
): void {
  let session: PlannerSession | undefined;
  beforeAll(async () => {
    if (!available) return;
    session = await backend.open({
      dialect: 'postgresql',
      schemaSql,
      statistics: parsed.tables.flatMap((t) => (t.statistics ? [t.statistics] : [])),
    });
    use(session);
  });
  afterAll(async () => {
    await session?.close();
    await shutdownPostgresSandbox();
  });
}

describe.each(backends)('index advisor on %s', (_name, backend, available) => {
  let session: PlannerSession;
  const advise = async (sql: string) => {
    const baseline = await session.explain(sql);
    return {
      baseline,
      advice: await adviseIndexes(session, sql, candidatesFor(sql, 'postgresql', schema), schema, baseline),
    };
  };

  withSession(backend, available, schemaText, schema, (opened) => {
    session = opened;
  });

  it.runIf(available)('advises a prefix LIKE with the pattern operator class, which the sandbox reads', async () => {
    const { advice } = await advise("SELECT c_custkey FROM customer WHERE c_name LIKE 'Customer#00000004%'");
    expect(advice.map((a) => a.ddl)).toEqual([expect.stringContaining('(c_name text_pattern_ops)')]);
    // An equality on the same column keeps the default class.
    const { advice: equal } = await advise("SELECT c_custkey FROM customer WHERE c_name = 'Customer#000000042'");
    expect(equal.map((a) => a.ddl)).toEqual([expect.stringMatching(/\(c_name\)/)]);
  });

  it.runIf(available)("recommends one index per table a join needs, as one set with each one's benefit", async () => {
    const sql =
      "SELECT o_orderkey, o_totalprice FROM orders JOIN customer ON c_custkey = o_custkey WHERE c_name = 'Customer#000000042' AND o_orderdate >= '1995-01-01'";
    const { baseline, advice } = await advise(sql);
    expect(advice.map((a) => a.table).sort()).toEqual(['customer', 'orders']);
    expect(advice.find((a) => a.table === 'customer')?.columns[0]).toBe('c_name');
    expect(advice.find((a) => a.table === 'orders')?.columns[0]).toBe('o_custkey');
    for (const a of advice) {
      expect(a.costBefore).toBe(baseline.totalCost);
      expect(a.costAfter!).toBeLessThan(baseline.totalCost / 100);
      // Without either index the other cannot do its job: each one carries a real share of the saving.
      expect(a.benefit!).toBeGreaterThan(0);
      expect(a.estimatedBytes!).toBeGreaterThan(1_000_000);
    }
    const withBoth = await session.explain(
      sql,
      advice.map((a) => a.ddl),
    );
    expect(withBoth.totalCost).toBeCloseTo(advice[0]!.costAfter!, 0);
  });

  it.runIf(available)('keeps a set to the indexes it needs', async () => {
    // One selective equality: one index reaches the best cost, nothing else is added.
    const { advice } = await advise("SELECT o_orderkey FROM orders WHERE o_custkey = 42 AND o_orderstatus = 'F'");
    expect(advice).toHaveLength(1);
    expect(advice[0]!.columns[0]).toBe('o_custkey');
  });

  it.runIf(available)('prefers a covering index when reading only the index pays', async () => {
    const { advice } = await advise(
      "SELECT o_clerk, sum(o_totalprice) FROM orders WHERE o_clerk BETWEEN 'Clerk#000000001' AND 'Clerk#000001000' GROUP BY o_clerk",
    );
    expect(advice).toHaveLength(1);
    expect(advice[0]!.kind).toBe('covering');
    expect(advice[0]!.ddl).toMatch(/\(o_clerk\) INCLUDE \(o_totalprice\)/);
  });

  it.runIf(available)('advises nothing when no index makes the plan cheaper', async () => {
    const { advice } = await advise('SELECT count(*) FROM orders');
    expect(advice).toEqual([]);
  });

  it.runIf(available)('says why a table with candidates gets no index: the scan is cheaper', async () => {
    // Nearly every row matches: reading them through an index costs more than the scan.
    const sql = "SELECT * FROM orders WHERE o_clerk > 'Clerk#000000001'";
    const baseline = await session.explain(sql);
    const { indexes, declined } = await adviseStatementIndexes(
      session,
      sql,
      candidatesFor(sql, 'postgresql', schema),
      schema,
      baseline,
    );
    expect(indexes).toEqual([]);
    expect(declined).toEqual([expect.objectContaining({ table: 'orders', reason: 'optimizer-declined' })]);
  });

  it.runIf(available)('gives each advised column its role and says the estimate rests on the statistics', async () => {
    const { advice } = await advise("SELECT o_orderkey FROM orders WHERE o_custkey = 42 AND o_orderstatus = 'F'");
    expect(advice[0]!.roles?.[0]).toEqual({ column: 'o_custkey', role: 'equality' });
    expect(advice[0]!.estimateBasis).toBe('column-statistics');
  });
});

describe.runIf(serviceAvailable('MariaDB', process.env.MYSQL_SANDBOX_URL ? 'MYSQL_SANDBOX_URL' : mariadbBinary))(
  'index advisor on MariaDB, where some what-if plans carry a caveat',
  () => {
    const mysqlSchema = parseSchema(schemaText, 'mysql');
    let session: PlannerSession;
    beforeAll(async () => {
      session = await mariadbPlanner.open({
        dialect: 'mysql',
        schemaSql: schemaText,
        statistics: mysqlSchema.tables.flatMap((t) => (t.statistics ? [t.statistics] : [])),
      });
    });
    afterAll(async () => {
      await session?.close();
      await shutdownMariaDb();
    });

    it('reads descending keys for an ORDER BY that mixes directions (MariaDB 10.8+ keeps DESC)', async () => {
      const sql = 'SELECT o_orderkey FROM orders WHERE o_custkey = 42 ORDER BY o_orderdate, o_totalprice DESC LIMIT 10';
      const candidate = candidatesFor(sql, 'mysql', mysqlSchema).find((c) => c.descending?.length);
      expect(candidate?.ddl).toContain('(`o_custkey`, `o_orderdate`, `o_totalprice` DESC');
      const plan = await session.explain(sql, [candidate!.ddl]);
      expect(usesIndex(plan.root, candidate!)).toBe(true);
      expect(JSON.stringify(plan.root)).not.toMatch(/filesort/i);
      // Without DESC the same columns leave the sort in place.
      const ascending = candidate!.ddl.replace(' DESC', '').replace(candidate!.name, 'idx_ascending');
      const sorted = await session.explain(sql, [ascending]);
      expect(JSON.stringify(sorted.root)).toMatch(/filesort/i);
    });

    it('costs the candidates it can and never invents a cost for a range read from the empty index', async () => {
      // (o_custkey, o_orderdate) is costed from a range in the empty sandbox index: a caveat, no number.
      const sql = "SELECT o_orderkey FROM orders WHERE o_custkey = 42 AND o_orderdate >= '1995-01-01'";
      const baseline = await session.explain(sql);
      const advice = await adviseIndexes(session, sql, candidatesFor(sql, 'mysql', mysqlSchema), mysqlSchema, baseline);
      expect(advice.length).toBeGreaterThan(0);
      for (const a of advice) {
        if (a.costAfter === undefined) {
          expect(a.reason.en).toMatch(/cannot estimate the gain reliably/);
          expect(a.estimateBasis).toBe('uncosted');
        } else expect(a.costAfter).toBeLessThan(a.costBefore!);
      }
    });

    it('names the caveat of the candidate it could not cost when another on the same table was costed', async () => {
      // On orders: (o_orderdate) is read from the empty index (a caveat); the join's (o_custkey) is costed.
      const sql =
        "SELECT c_name, o_totalprice FROM orders JOIN customer ON c_custkey = o_custkey WHERE o_orderdate BETWEEN '1995-01-01' AND '1995-01-02'";
      const baseline = await session.explain(sql);
      // The costed one first: the gap must still name the caveat of the one that was not.
      const candidates = candidatesFor(sql, 'mysql', mysqlSchema)
        .filter((c) => c.table === 'orders' && (c.columns[0] === 'o_orderdate' || c.columns[0] === 'o_custkey'))
        .sort((a, b) => (a.columns[0] === 'o_custkey' ? -1 : 0) - (b.columns[0] === 'o_custkey' ? -1 : 0));
      const { indexes, declined } = await adviseStatementIndexes(session, sql, candidates, mysqlSchema, baseline);
      const gap = declined.find((d) => d.table === 'orders');
      if (indexes.some((i) => i.table === 'orders')) expect(gap).toBeUndefined();
      else {
        expect(gap?.reason).toBe('uncostable');
        expect(gap!.message.en).toMatch(/could not ground its cost/);
      }
    });

    it('costs a join chain whose indexes pay only together, and keeps only those its plan needs', async () => {
      // A shop: alone, users (name) keeps the join buffer over order_lines, orders (user_id) is not read and
      // order_lines (order_id) is read from the empty what-if index (no cost): only the three together are cheap.
      const shopText = `CREATE TABLE users (id int PRIMARY KEY, name varchar(40) NOT NULL, country varchar(20) NOT NULL);
CREATE TABLE orders (id int PRIMARY KEY, user_id int NOT NULL, total decimal(10,2) NOT NULL);
CREATE TABLE order_lines (id int PRIMARY KEY, order_id int NOT NULL, qty int NOT NULL);
-- sqltune:stats users rows=20000
-- sqltune:stats users.name distinct=20000
-- sqltune:stats users.country distinct=20
-- sqltune:stats orders rows=200000
-- sqltune:stats orders.user_id distinct=20000
-- sqltune:stats order_lines rows=300000
-- sqltune:stats order_lines.order_id distinct=200000`;
      const shop = parseSchema(shopText, 'mysql');
      const shopSession = await mariadbPlanner.open({
        dialect: 'mysql',
        schemaSql: shopText,
        statistics: shop.tables.flatMap((t) => (t.statistics ? [t.statistics] : [])),
      });
      try {
        const advise = async (sql: string) =>
          adviseIndexes(shopSession, sql, candidatesFor(sql, 'mysql', shop), shop, await shopSession.explain(sql));
        const chain = await advise(
          "SELECT u.name, l.qty FROM users u JOIN orders o ON o.user_id = u.id JOIN order_lines l ON l.order_id = o.id WHERE u.name = 'name_999'",
        );
        expect(chain.map((a) => `${a.table}(${a.columns.join(',')})`).sort()).toEqual([
          'order_lines(order_id)',
          'orders(user_id)',
          'users(name)',
        ]);
        expect(chain.every((a) => a.costAfter! < a.costBefore! / 100)).toBe(true);
        // Filtered on an unselective column: the chain's orders (user_id) pays, users (country) does not.
        const wide = await advise(
          "SELECT u.name, o.total FROM users u JOIN orders o ON o.user_id = u.id WHERE u.country = 'country_3'",
        );
        expect(wide.map((a) => a.table)).not.toContain('users');
      } finally {
        await shopSession.close();
      }
    });
  },
);

/** A jsonb settings column and a text[] tags column, searched the way Rails and Django apps do. */
const documentsText = `CREATE TABLE accounts (id bigint PRIMARY KEY, email text NOT NULL, settings jsonb NOT NULL, tags text[] NOT NULL);
-- sqltune:stats accounts rows=2000000`;
const documents = parseSchema(documentsText, 'postgresql');

describe.each(backends)('GIN advice on %s', (_name, backend, available) => {
  let session: PlannerSession;
  const advise = async (sql: string) =>
    adviseIndexes(session, sql, candidatesFor(sql, 'postgresql', documents), documents, await session.explain(sql));
  withSession(backend, available, documentsText, documents, (opened) => {
    session = opened;
  });
  /** The gap of a statement whose every candidate the sandbox refused: no advice, the table 'uncostable'. */
  const refusedGap = async (sql: string) => {
    const candidates = candidatesFor(sql, 'postgresql', documents);
    const { indexes, declined } = await adviseStatementIndexes(
      session,
      sql,
      candidates,
      documents,
      await session.explain(sql),
    );
    expect(indexes).toEqual([]);
    expect(declined).toMatchObject([{ table: 'accounts', reason: 'uncostable' }]);
    return declined[0]!.message;
  };

  // HypoPG models B-tree, BRIN, hash and bloom indexes only: it refuses a GIN, and the advisor leaves it out there.
  it.runIf(available && backend === pglitePlanner)(
    'advises GIN for jsonb @> and array &&, read in place of the scan',
    async () => {
      for (const [sql, ddl] of [
        [
          `SELECT id FROM accounts WHERE settings @> '{"theme": "dark"}'`,
          'CREATE INDEX idx_accounts_settings_gin ON accounts USING gin (settings jsonb_path_ops);',
        ],
        [
          `SELECT id FROM accounts WHERE tags && ARRAY['admin', 'staff']`,
          'CREATE INDEX idx_accounts_tags_gin ON accounts USING gin (tags);',
        ],
      ] as const) {
        const baseline = await session.explain(sql);
        const advice = await adviseIndexes(
          session,
          sql,
          candidatesFor(sql, 'postgresql', documents),
          documents,
          baseline,
        );
        expect(advice.map((a) => [a.kind, a.ddl])).toEqual([['gin', ddl]]);
        expect(advice[0]!.costAfter).toBeLessThan(advice[0]!.costBefore!);
      }
    },
  );

  it.runIf(available && backend === postgresPlanner)(
    'says a GIN could not be costed where HypoPG cannot build it, not that the scan is cheaper',
    async () => {
      const sql = `SELECT id FROM accounts WHERE settings @> '{"theme": "dark"}'`;
      expect(candidatesFor(sql, 'postgresql', documents).every((c) => c.kind === 'gin')).toBe(true);
      const message = await refusedGap(sql);
      expect(message.en).toContain('HypoPG models B-tree, BRIN, hash and bloom indexes, not GIN');
      expect(message.zh).toContain('不能模拟 GIN');
    },
  );

  it.runIf(available && backend === pglitePlanner)(
    'says a GIN the sandbox could not build was refused, without blaming HypoPG where there is none',
    async () => {
      // The session was opened without pg_trgm (optimize() asks for it: PlanRequest.adviceExtensions).
      const sql = "SELECT id FROM accounts WHERE email LIKE '%smith%'";
      expect(candidatesFor(sql, 'postgresql', documents).map((c) => c.extension)).toEqual(['pg_trgm']);
      const message = await refusedGap(sql);
      expect(message.en).toContain('could not create the what-if index');
      expect(message.en).not.toContain('HypoPG');
    },
  );

  it.runIf(available)('advises no GIN for a ->> comparison, which GIN does not serve', async () => {
    const sql = `SELECT id FROM accounts WHERE settings ->> 'theme' = 'dark'`;
    const advice = await advise(sql);
    expect(advice.filter((a) => a.kind === 'gin')).toEqual([]);
  });
});

describe('sizedByPlan', () => {
  const gap = { table: 'orders', reason: 'no-statistics' as const, message: { zh: 'default', en: 'default' } };

  it('says a table without statistics was planned at the size its pasted plan shows', () => {
    const sized = sizedByPlan(gap, [{ table: 'ORDERS', rows: 5_000_000 }]);
    expect(sized).toMatchObject({ table: 'orders', reason: 'no-statistics' });
    expect(sized.message.en).toContain('at the size the pasted plan shows (5,000,000 rows)');
    expect(sized.message.zh).toContain('（5,000,000 行）');
  });

  it('leaves the gap of another table, and a gap for another reason, as they are', () => {
    expect(sizedByPlan(gap, [{ table: 'customers', rows: 20_000 }])).toBe(gap);
    const declined = { ...gap, reason: 'optimizer-declined' as const };
    expect(sizedByPlan(declined, [{ table: 'orders', rows: 5_000_000 }])).toBe(declined);
  });
});

/** Users found by a computed email, and a job queue whose pending rows (locked_at IS NULL) are few. */
const computedText = `CREATE TABLE users (id bigint PRIMARY KEY, org_id int NOT NULL, email text NOT NULL,
  name text NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE jobs (id bigint PRIMARY KEY, queue text NOT NULL, priority int NOT NULL, run_at timestamptz NOT NULL,
  locked_at timestamptz);
-- sqltune:stats users rows=2000000
-- sqltune:stats users.email distinct=-1 width=24
-- sqltune:stats users.org_id distinct=20000
-- sqltune:stats jobs rows=5000000
-- sqltune:stats jobs.locked_at nulls=0.001 distinct=-0.99
-- sqltune:stats jobs.queue distinct=4`;
const computed = parseSchema(computedText, 'postgresql');

describe.each(backends)('expression, partial and descending keys on %s', (_name, backend, available) => {
  let session: PlannerSession;
  /** The candidate with `where` (or the given key) costed alone: the plan reads it, cheaper than without it. */
  const costAlone = async (sql: string, pick: (ddl: string) => boolean) => {
    const candidate = candidatesFor(sql, 'postgresql', computed).find((c) => pick(c.ddl));
    expect(candidate, `a candidate for ${sql}`).toBeDefined();
    const baseline = await session.explain(sql);
    const plan = await session.explain(sql, [candidate!.ddl]);
    return { candidate: candidate!, baseline, plan };
  };
  withSession(backend, available, computedText, computed, (opened) => {
    session = opened;
  });

  it.runIf(available)('costs and advises an expression index the optimizer reads for lower(email)', async () => {
    const sql = "SELECT id FROM users WHERE lower(email) = 'ann@example.com'";
    const { candidate, baseline, plan } = await costAlone(sql, (ddl) => ddl.includes('((lower(email)))'));
    expect(usesIndex(plan.root, candidate)).toBe(true);
    expect(plan.totalCost).toBeLessThan(baseline.totalCost);
    const advice = await adviseIndexes(session, sql, candidatesFor(sql, 'postgresql', computed), computed, baseline);
    // The plain expression index, or its covering variant (the optimizer's index-only scan wants email stored too).
    expect(advice.map((a) => a.ddl)).toEqual([
      expect.stringMatching(/^CREATE INDEX idx_users_lower_email(_cover)? ON users \(\(lower\(email\)\)\)/),
    ]);
    expect(advice[0]!.columns).toEqual(['lower(email)']);
    expect(advice[0]!.roles?.[0]).toEqual({ column: 'lower(email)', role: 'equality' });
    expect(advice[0]!.costAfter).toBeLessThan(baseline.totalCost);
  });

  it.runIf(available)('costs a partial index for the pending rows of a queue', async () => {
    const sql = "SELECT id FROM jobs WHERE locked_at IS NULL AND queue = 'default' ORDER BY priority, run_at LIMIT 10";
    // The key of the other condition and the ORDER BY (the plain lookup's `(queue) WHERE ...` is a candidate too).
    const { candidate, baseline, plan } = await costAlone(sql, (ddl) =>
      ddl.includes('run_at) WHERE locked_at IS NULL'),
    );
    expect(candidate.ddl).toBe(
      'CREATE INDEX idx_jobs_queue_priority_run_at_partial ON jobs (queue, priority, run_at) WHERE locked_at IS NULL;',
    );
    expect(usesIndex(plan.root, candidate)).toBe(true);
    expect(plan.totalCost).toBeLessThan(baseline.totalCost);
    const advice = await adviseIndexes(session, sql, candidatesFor(sql, 'postgresql', computed), computed, baseline);
    expect(advice.length).toBeGreaterThan(0);
    expect(advice[0]!.costAfter).toBeLessThan(baseline.totalCost);
    const partial = advice.find((a) => a.where);
    if (partial) expect(partial.where).toBe('locked_at IS NULL');
  });

  it.runIf(available)('costs descending keys that spare a mixed-direction sort', async () => {
    const sql = 'SELECT id FROM users WHERE org_id = 7 ORDER BY name, created_at DESC LIMIT 10';
    const { candidate, baseline, plan } = await costAlone(sql, (ddl) => ddl.includes('created_at DESC'));
    expect(usesIndex(plan.root, candidate)).toBe(true);
    expect(plan.totalCost).toBeLessThan(baseline.totalCost);
  });

  it.runIf(available)('advises nothing for date_trunc on a timestamptz, which no index can hold', async () => {
    const sql = "SELECT id FROM users WHERE date_trunc('day', created_at) = '2024-01-01'";
    expect(candidatesFor(sql, 'postgresql', computed)).toEqual([]);
  });
});
