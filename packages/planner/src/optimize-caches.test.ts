import type { PlanTree } from '@sqltune/contracts';
import { type AnalysisCaches, newAnalysisCaches } from '@sqltune/engine';
import { describe, expect, it } from 'vitest';
import { optimize } from './optimize.ts';
import type { PlannerBackend } from './types.ts';

const schemaText = [
  'CREATE TABLE orders (id BIGINT PRIMARY KEY, status VARCHAR(10) NOT NULL, note VARCHAR(40)) ENGINE=InnoDB;',
  '-- sqltune:stats orders rows=100000',
].join('\n');
// always-true-predicate proposes one step: the rewritten text is parsed by the analysis, then read again by the
// verification (its literals), the index candidates and the optimized text's findings.
const sql = "SELECT id, note FROM orders WHERE 1 = 1 AND status = 'shipped'";
const plan: PlanTree = {
  root: { node: 'Table scan', rows: 1, cost: 10, warnings: [], children: [] },
  totalCost: 10,
  raw: '',
};

type Tree = AnalysisCaches['trees'] extends Map<string, infer T> ? T : never;

/** Caches whose tree map counts the readings it answers (a tree asked for and found). */
function countingCaches(): { caches: AnalysisCaches; hits: () => number; size: () => number } {
  let hits = 0;
  const trees = new (class extends Map<string, Tree> {
    override get(key: string) {
      const found = super.get(key);
      if (found) hits++;
      return found;
    }
  })();
  const caches: AnalysisCaches = { ...newAnalysisCaches(), trees };
  return { caches, hits: () => hits, size: () => trees.size };
}

/** A backend whose session answers every plan and verification, and records the caches' hits at each stage. */
function backend(counting: { hits: () => number }) {
  const seen = { atOpen: -1, atVerify: -1, verified: [] as string[] };
  const planner: PlannerBackend = {
    dialect: 'mysql',
    async open() {
      seen.atOpen = counting.hits();
      return {
        source: 'test',
        explain: async () => plan,
        async verify(_original, candidate) {
          seen.atVerify = counting.hits();
          seen.verified.push(candidate);
          return { method: 'differential', databases: 1, verdict: 'not-refuted' };
        },
        close: async () => {},
      };
    },
  };
  return { planner, seen };
}

describe('optimize(): one optimization, one analysis', () => {
  it("reads the analysis's texts again from its caches: verification, candidates, the optimized text", async () => {
    const counting = countingCaches();
    const { planner, seen } = backend(counting);
    const report = await optimize(
      { sql, dialect: 'mysql', schemaText },
      { planners: { mysql: planner }, engineVersion: 'test', analysisCaches: counting.caches },
    );
    expect(seen.verified).toEqual(["SELECT id, note FROM orders WHERE status = 'shipped'"]);
    expect(report.statements[0]!.optimized).toBe(seen.verified[0]);
    // Between the analysis (the session opens after it) and the verification, the step's texts were found.
    expect(seen.atVerify).toBeGreaterThan(seen.atOpen);
    expect(counting.hits()).toBeGreaterThan(seen.atVerify);
  });

  it("leaves another optimization's caches alone", async () => {
    const first = countingCaches();
    await optimize(
      { sql, dialect: 'mysql', schemaText },
      { planners: { mysql: backend(first).planner }, engineVersion: 'test', analysisCaches: first.caches },
    );
    const [hits, size] = [first.hits(), first.size()];
    expect(size).toBeGreaterThan(0);
    const second = countingCaches();
    await optimize(
      { sql, dialect: 'mysql', schemaText },
      { planners: { mysql: backend(second).planner }, engineVersion: 'test', analysisCaches: second.caches },
    );
    await optimize({ sql, dialect: 'mysql', schemaText }, { planners: {}, engineVersion: 'test' });
    expect([first.hits(), first.size()]).toEqual([hits, size]);
    // The second read the same texts into its own caches.
    expect(second.size()).toBe(size);
  });
});
