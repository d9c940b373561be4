import { readFileSync } from 'node:fs';
import { PlanTree } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { planTreeFromExplainJson } from './plan-json.ts';

/** Real EXPLAIN output of PGlite 0.5.16 (PostgreSQL 18.6) on the TPC-H schema with SF1 statistics injected. */
function fixture(name: string): { sql: string; json: unknown; text: string } {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

describe('planTreeFromExplainJson', () => {
  it('maps node type, relation, index, rows, cost, conditions and children', () => {
    const { json, text } = fixture('nested-loop');
    const tree = planTreeFromExplainJson(json, text);
    expect(PlanTree.parse(tree)).toEqual(tree);
    expect(tree.raw).toBe(text);
    expect(tree.totalCost).toBe(49781.41);
    expect(tree.root.node).toBe('Limit');
    const loop = tree.root.children[0].children[0];
    expect(loop.node).toBe('Nested Loop');
    const [outer, inner] = loop.children;
    expect(outer).toEqual({
      node: 'Index Scan',
      relation: 'customer',
      index: 'customer_pkey',
      rows: 1,
      cost: 8.19,
      filter: '(c_custkey = 42)',
      warnings: [],
      children: [],
    });
    expect(inner.node).toBe('Seq Scan');
    expect(inner.filter).toBe("((o_orderdate > '1995-01-01'::date) AND (o_custkey = 42))");
    // A large table scanned with a filter; the loop runs it once (one outer row), so no nested-loop warning.
    expect(inner.warnings).toHaveLength(1);
    expect(inner.warnings[0]?.en).toMatch(/^Seq Scan on large table orders with filter/);
  });

  it('uses table sizes when given and reads Hash Cond', () => {
    const { json, text } = fixture('hash-aggregate');
    const rows = new Map([
      ['nation', 25],
      ['supplier', 10_000],
    ]);
    const tree = planTreeFromExplainJson(json, text, { tableRows: rows });
    expect(tree.root.node).toBe('Aggregate');
    const join = tree.root.children[0];
    expect(join.node).toBe('Hash Join');
    expect(join.filter).toBe('(supplier.s_nationkey = nation.n_nationkey)');
    expect(join.children.map((c) => c.node)).toEqual(['Seq Scan', 'Hash']);
    expect(join.children[0].warnings[0]?.en).toBe(
      "Seq Scan on large table supplier (10,000 rows) with filter (s_acctbal > '1000'::numeric): an index on the filtered columns may help",
    );
    expect(join.children[1].children[0].warnings).toEqual([]);
    // The same plan with a higher threshold has no warning.
    const quiet = planTreeFromExplainJson(json, text, { tableRows: rows, largeTableRows: 100_000 });
    expect(quiet.root.children[0].children[0].warnings).toEqual([]);
  });

  it('flags large sorts and accepts the result-row and text forms', () => {
    const { json, text } = fixture('big-sort');
    const fromRow = planTreeFromExplainJson({ 'QUERY PLAN': JSON.stringify(json) }, text);
    expect(fromRow.root.node).toBe('Sort');
    expect(fromRow.root.warnings).toEqual([{ zh: '排序约 3,000,608 行', en: 'Sort of about 3,000,608 rows' }]);
    expect(planTreeFromExplainJson(JSON.stringify(json), text)).toEqual(fromRow);
    expect(() => planTreeFromExplainJson({ nope: true }, '')).toThrow(/EXPLAIN/);
  });

  it('labels several conditions of one node', () => {
    const tree = planTreeFromExplainJson(
      [
        {
          Plan: {
            'Node Type': 'Index Scan',
            'Relation Name': 't',
            'Index Name': 'i',
            'Plan Rows': 3,
            'Total Cost': 9.5,
            'Index Cond': '(a = 1)',
            Filter: '(b > 2)',
          },
        },
      ],
      '',
    );
    expect(tree.root.filter).toBe('Index Cond: (a = 1); Filter: (b > 2)');
  });
});
