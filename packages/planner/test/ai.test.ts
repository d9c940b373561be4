import type { StatementReport } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiTestServer, startOpenAiServer, TEST_MODEL } from '../../../test-support/openai-server.ts';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import type { AiSettings } from '../src/ai/client.ts';
import { availablePlanners, shutdownPlanners } from '../src/backends.ts';
import { type OptimizeInput, optimize } from '../src/optimize.ts';
import { TPCH_SCHEMA, TPCH_STATISTICS } from '../src/test-support/tpch.ts';

/**
 * The AI rewrite step in the whole pipeline: a real local OpenAI-compatible server answers with scripted candidates,
 * and every candidate goes through differential verification and costing on embedded PGlite loaded with the TPC-H
 * schema and scale-factor-1 statistics.
 */

const statsText = JSON.stringify({
  tables: Object.fromEntries(
    TPCH_STATISTICS.map((t) => [
      t.table,
      { rows: t.rows, columns: Object.fromEntries(t.columns.map((c) => [c.column, { ndv: c.distinct }])) },
    ]),
  ),
});

const tpch = (sql: string, dialect: OptimizeInput['dialect'] = 'postgresql'): OptimizeInput => ({
  sql,
  dialect,
  schemaText: TPCH_SCHEMA,
  statsText,
});

/**
 * A scalar subquery per customer: 150,000 index probes even with the recommended index on o_custkey. The item has
 * no alias, so the rules leave it alone (scalar-subquery-to-join would change the output name): the AI's turn.
 */
const correlated =
  'SELECT c_custkey, c_name, (SELECT count(*) FROM orders o WHERE o.o_custkey = c.c_custkey) FROM customer c';
/** Decorrelated: one aggregation of orders joined once; COALESCE keeps 0 for customers without orders. */
const decorrelated =
  'SELECT c.c_custkey, c.c_name, COALESCE(o.order_count, 0) AS count FROM customer c LEFT JOIN (SELECT o_custkey, count(*) AS order_count FROM orders GROUP BY o_custkey) o ON o.o_custkey = c.c_custkey';
/** The classic wrong decorrelation: NULL instead of 0 for customers without orders. */
const decorrelatedWithoutCoalesce =
  'SELECT c.c_custkey, c.c_name, o.order_count AS count FROM customer c LEFT JOIN (SELECT o_custkey, count(*) AS order_count FROM orders GROUP BY o_custkey) o ON o.o_custkey = c.c_custkey';

const answer = (...candidates: Array<{ sql: string; explanation?: string }>) => JSON.stringify({ candidates });

let server: OpenAiTestServer;
let planners: Awaited<ReturnType<typeof availablePlanners>>;
/** The same statement without any AI endpoint: what a failed or fruitless AI step must leave untouched. */
let baseline: StatementReport;

const settings = (extra: Partial<AiSettings> = {}): AiSettings => ({
  baseUrl: server.baseUrl,
  apiKey: 'sk-sqltune-test',
  model: TEST_MODEL,
  timeoutMs: 20_000,
  ...extra,
});

async function run(sql: string, ai: AiSettings | undefined): Promise<StatementReport> {
  const report = await optimize(tpch(sql), { planners, engineVersion: 'test', ...(ai ? { ai } : {}) });
  return report.statements[0]!;
}

/** The parts of a statement report the AI step may change. */
function outcome(s: StatementReport) {
  return {
    optimized: s.optimized,
    steps: s.steps.map((step) => step.ruleId),
    indexes: s.indexes.map((i) => i.ddl),
    costBefore: s.plan.before?.totalCost,
    costAfter: s.plan.after?.totalCost,
    gain: s.gain?.ratio,
    verification: s.verification.verdict,
  };
}

beforeAll(async () => {
  server = await startOpenAiServer();
  planners = await availablePlanners();
  baseline = await run(correlated, undefined);
});

afterAll(async () => {
  await server?.close();
  await shutdownPlanners();
});

describe('AI rewrite step on PostgreSQL (embedded PGlite)', () => {
  it('is skipped, and says so, when no endpoint is configured', async () => {
    expect(baseline.ai).toMatchObject({ status: 'skipped', candidates: [] });
    expect(baseline.ai!.detail.en).toMatch(/No AI endpoint is configured \(LLM_BASE_URL, LLM_MODEL\)/);
    expect(baseline.ai!.detail.zh).toMatch(/未配置 AI 接口/);
    expect(baseline.optimized).toBe(correlated);
  });

  it('applies a verified, cheaper decorrelation and recomputes indexes and plan for it', async () => {
    server.setScript(
      () =>
        `\`\`\`json\n${answer({ sql: `${decorrelated};`, explanation: 'Aggregate orders once instead of once per customer.' })}\n\`\`\``,
    );
    const s = await run(correlated, settings());
    expect(s.ai).toMatchObject({ status: 'applied', model: TEST_MODEL });
    expect(s.ai!.costToBeat).toBe(baseline.plan.after!.totalCost);
    expect(s.ai!.candidates).toHaveLength(1);
    expect(s.ai!.candidates[0]).toMatchObject({ sql: decorrelated, verdict: 'not-refuted', kept: true });
    expect(s.ai!.candidates[0]!.costAfter!).toBeLessThan(s.ai!.costToBeat! * 0.95);

    expect(s.optimized).toBe(decorrelated);
    const step = s.steps.at(-1)!;
    expect(step).toMatchObject({ ruleId: 'ai-rewrite', before: correlated, after: decorrelated });
    expect(step.rationale).toEqual({
      zh: 'Aggregate orders once instead of once per customer.',
      en: 'Aggregate orders once instead of once per customer.',
    });
    expect(step.title.zh).toMatch(/AI/);
    expect(step.costAfter!).toBeLessThan(step.costBefore!);
    expect(s.verification).toMatchObject({ method: 'differential', verdict: 'not-refuted' });
    // The plan after is the decorrelated one: no per-row subplan, far cheaper than after rules and indexes.
    expect(s.plan.after!.raw).not.toMatch(/SubPlan/);
    expect(s.plan.after!.totalCost).toBeLessThan(baseline.plan.after!.totalCost);
    expect(s.gain!.ratio).toBeGreaterThan(baseline.gain!.ratio);
    // The index on o_custkey served the per-row probes; the aggregation reads all orders and has no use for it.
    expect(baseline.indexes.map((i) => i.columns)).toEqual([['o_custkey']]);
    expect(s.indexes).toEqual([]);
    expect(s.diff).toContain('+SELECT c.c_custkey');
  });

  it('sends the dialect, statement, schema, statistics, plan, indexes and findings with the bearer key', async () => {
    server.setScript(() => answer());
    const before = server.chatRequests().length;
    const s = await run(correlated, settings());
    expect(s.ai).toMatchObject({ status: 'no-improvement', candidates: [] });
    expect(s.ai!.detail.en).toBe('The AI proposed no rewrite.');
    const [request] = server.chatRequests().slice(before);
    expect(request!.headers.authorization).toBe('Bearer sk-sqltune-test');
    expect(request!.body).toMatchObject({ model: TEST_MODEL, temperature: 0 });
    const prompt = request!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('Dialect: PostgreSQL');
    expect(prompt).toContain(correlated);
    expect(prompt).toContain('CREATE TABLE lineitem');
    expect(prompt).toContain('- orders: 1500000 rows; o_custkey: 100000 distinct');
    expect(prompt).toContain('CREATE INDEX idx_orders_o_custkey ON orders (o_custkey)');
    expect(prompt).toMatch(/Seq Scan on customer \(rows=150000, cost=\d+/);
    expect(prompt).toMatch(/-> Index Only Scan on orders using idx_orders_o_custkey/);
    expect(prompt).toContain(`total cost ${baseline.plan.after!.totalCost}`);
    for (const id of ['correlated-subquery-in-select', 'scalar-subquery-to-join']) {
      const finding = baseline.rules.find((f) => f.id === id)!;
      expect(prompt).toContain(`- [${finding.severity}] ${id}: ${finding.title.en}. ${finding.message.en}`);
    }
    expect(prompt).toContain('{"candidates":[{"sql":');
  });

  it('refutes a candidate with a different result, discards invalid ones and one that is not cheaper', async () => {
    // The same query with an alias spelled out: same result, same cost, so not worth a rewrite.
    const sameCost = correlated.replace('FROM customer c', 'FROM customer AS c');
    server.setScript(() =>
      answer(
        { sql: decorrelatedWithoutCoalesce, explanation: 'wrong: NULL for customers without orders' },
        { sql: 'SELEC nonsense FROM', explanation: 'does not parse' },
        { sql: 'DELETE FROM orders', explanation: 'not a query' },
        { sql: 'SELECT c_custkey, c_missing FROM customer', explanation: 'unknown column' },
        { sql: sameCost, explanation: 'no change' },
      ),
    );
    const s = await run(correlated, settings({ maxCandidates: 5 }));
    expect(s.ai!.status).toBe('no-improvement');
    expect(s.ai!.candidates.map((c) => [c.verdict, c.kept])).toEqual([
      ['refuted', false],
      ['invalid', false],
      ['invalid', false],
      ['refuted', false],
      ['not-refuted', false],
    ]);
    expect(s.ai!.candidates[0]!.note.en).toMatch(/^Refuted on generated database/);
    expect(s.ai!.candidates[4]!.note.en).toMatch(/not at least 5% below/);
    expect(outcome(s)).toEqual(outcome(baseline));
  });

  it.each([
    [
      'an HTTP 500',
      () => ({ status: 500, body: '{"error":{"message":"upstream exploded"}}' }),
      /HTTP 500: upstream exploded/,
    ],
    ['garbage', () => 'I would rather talk about the weather.', /no candidate statement could be read/],
    ['a timeout', () => ({ content: answer({ sql: decorrelated }), delayMs: 15_000 }), /did not answer within 400 ms/],
  ])('fails on %s and leaves the rest of the report intact', async (_, script, detail) => {
    server.setScript(script);
    const s = await run(correlated, settings({ timeoutMs: 400 }));
    expect(s.ai!.status).toBe('failed');
    expect(s.ai!.detail.en).toMatch(detail);
    expect(s.ai!.detail.en).toMatch(/The rest of the report is unaffected\.$/);
    expect(outcome(s)).toEqual(outcome(baseline));
  });

  it('does not ask when the plan reads no large table in full, unless told to always ask', async () => {
    server.setScript(() => answer());
    const lookup = 'SELECT o_orderkey FROM orders WHERE o_custkey = 42';
    const before = server.chatRequests().length;
    const s = await run(lookup, settings());
    expect(s.indexes[0]?.columns).toEqual(['o_custkey']);
    expect(s.ai).toMatchObject({ status: 'not-needed', candidates: [] });
    expect(s.ai!.detail.en).toMatch(/reads no table of 10,000 rows or more in full/);
    expect(server.chatRequests().length).toBe(before);

    const forced = await run(lookup, settings({ ask: 'always' }));
    expect(forced.ai!.status).toBe('no-improvement');
    expect(server.chatRequests().length).toBe(before + 1);
  });

  it('is skipped without a table structure: nothing could verify or cost a candidate', async () => {
    server.setScript(() => answer({ sql: decorrelated }));
    const before = server.chatRequests().length;
    const report = await optimize(
      { sql: correlated, dialect: 'postgresql' },
      { planners, engineVersion: 'test', ai: settings() },
    );
    expect(report.statements[0]!.ai).toMatchObject({ status: 'skipped', model: TEST_MODEL });
    expect(report.statements[0]!.ai!.detail.en).toMatch(/No table structure or optimizer/);
    expect(server.chatRequests().length).toBe(before);
  });
});

describe('rule rewrites are kept only when the estimated cost does not rise', () => {
  it('drops a verified NOT IN -> NOT EXISTS rewrite the optimizer costs higher, and says why', async () => {
    // A small NOT IN subquery is a hashed subplan; the anti-join the rewrite leads to costs more here.
    const sql =
      'SELECT o_orderkey FROM orders WHERE o_custkey NOT IN (SELECT c_custkey FROM customer WHERE c_nationkey = 1)';
    const s = await run(sql, undefined);
    expect(s.optimized).toBe(sql);
    expect(s.steps).toEqual([]);
    expect(s.rules.find((r) => r.id === 'not-in-subquery')?.rewrite).toBe(false);
    expect(s.droppedSteps).toHaveLength(1);
    const dropped = s.droppedSteps![0]!;
    expect(dropped.ruleId).toBe('not-in-subquery');
    expect(dropped.costAfter).toBeGreaterThan(dropped.costBefore * 1.01);
    expect(dropped.reason.en).toMatch(/estimated cost rose from [\d.]+ to [\d.]+ with this rewrite; not applied/);
  });

  it('keeps a NOT IN rewrite that lowers the cost', async () => {
    const sql = 'SELECT c_custkey FROM customer WHERE c_custkey NOT IN (SELECT o_custkey FROM orders)';
    const s = await run(sql, undefined);
    expect(s.steps.map((step) => step.ruleId)).toEqual(['not-in-subquery']);
    expect(s.steps[0]!.costAfter!).toBeLessThan(s.steps[0]!.costBefore!);
    expect(s.droppedSteps).toBeUndefined();
  });

  it('keeps SELECT * expansion, whose benefit lies outside the cost model', async () => {
    const s = await run('SELECT * FROM nation WHERE n_regionkey = 1', undefined);
    expect(s.steps.map((step) => step.ruleId)).toContain('select-star');
    expect(s.droppedSteps).toBeUndefined();
  });
});

describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('AI rewrite step on MariaDB (local sandbox)', () => {
  it('verifies and costs candidates there too: refutes the wrong one, keeps out the one MariaDB costs higher', async () => {
    server.setScript(() => answer({ sql: decorrelatedWithoutCoalesce }, { sql: decorrelated }));
    const report = await optimize(tpch(correlated, 'mysql'), { planners, engineVersion: 'test', ai: settings() });
    const s = report.statements[0]!;
    expect(s.plan.source).toMatch(/^MariaDB/);
    // The foreign key's index serves the per-customer lookups; MariaDB estimates the one aggregation as dearer.
    expect(s.ai!.status).toBe('no-improvement');
    expect(s.ai!.candidates.map((c) => c.verdict)).toEqual(['refuted', 'not-refuted']);
    expect(s.ai!.candidates[1]!.costAfter!).toBeGreaterThan(s.ai!.costToBeat!);
    expect(s.ai!.candidates[1]!.note.en).toMatch(/not at least 5% below/);
    expect(s.optimized).toBe(correlated);
  });
});
