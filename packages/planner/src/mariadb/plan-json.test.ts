import { readFileSync } from 'node:fs';
import { PlanTree } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { nodes } from '../test-support/helpers.ts';
import { explainTable, planTreeFromMariaDbJson, summarizeTrace } from './plan-json.ts';
import { tableAliases } from './sql-text.ts';

/** Real output of MariaDB 10.11.19 on the TPC-H schema with SF1 statistics (fixtures/capture.ts writes it). */
interface Captured {
  sql: string;
  explain: unknown;
  trace: unknown;
  tabular: Array<Record<string, unknown>>;
}
const fixtures = JSON.parse(readFileSync(new URL('./fixtures/plans.json', import.meta.url), 'utf8')) as {
  server: string;
  plans: Record<string, Captured>;
};

const TABLE_ROWS = new Map([
  ['orders', 1_500_000],
  ['customer', 150_000],
  ['nation', 25],
]);

function convert(name: string, withTrace = true) {
  const p = fixtures.plans[name];
  const selectTypes = new Map(p.tabular.map((r) => [Number(r.id), String(r.select_type)]));
  return planTreeFromMariaDbJson(p.explain, withTrace ? p.trace : undefined, explainTable(p.tabular), {
    tableRows: TABLE_ROWS,
    aliases: tableAliases(p.sql),
    selectTypes,
  });
}

describe('MariaDB EXPLAIN FORMAT=JSON -> PlanTree', () => {
  it('was captured from MariaDB 10.11', () => {
    expect(fixtures.server).toMatch(/^MariaDB 10\.11/);
  });

  it('every fixture converts to a valid PlanTree whose total is the root cost', () => {
    for (const name of Object.keys(fixtures.plans)) {
      const tree = convert(name);
      expect(PlanTree.parse(tree)).toEqual(tree);
      expect(tree.totalCost).toBe(tree.root.cost);
      expect(tree.raw).toContain('select_type');
    }
  });

  it('a full scan follows the injected row count and costs what the optimizer trace says', () => {
    const tree = convert('fullScan');
    expect(tree.root).toMatchObject({ node: 'Table scan', relation: 'orders', rows: 1_500_000 });
    // 1.5M rows / 5 (TIME_FOR_COMPARE) + pages of the clustered index.
    expect(tree.totalCost).toBeGreaterThan(300_000);
    expect(tree.root.warnings[0]?.en).toMatch(/Full table scan on large table orders/);
  });

  it('an index lookup is a ref access with 15 rows and costs far less', () => {
    const tree = convert('refLookup');
    expect(tree.root).toMatchObject({ node: 'Index lookup (ref)', relation: 'orders', index: 'o_custkey', rows: 15 });
    expect(tree.totalCost).toBeLessThan(convert('fullScan').totalCost / 1000);
  });

  it('rebuilds a plan from the trace when the const lookup found no row in the empty table', () => {
    const tree = convert('constLookupJoin');
    expect(tree.root.node).toBe('Nested loop');
    expect(tree.root.warnings[0]?.en).toMatch(/Rebuilt from the optimizer trace/);
    expect(tree.root.children.map((c) => [c.node, c.relation, c.index])).toEqual([
      ['Constant row (const)', 'orders', 'PRIMARY'],
      ['Unique index lookup (eq_ref)', 'customer', 'PRIMARY'],
    ]);
    // Without the trace only the message is left.
    expect(convert('constLookupJoin', false).root.node).toBe('Impossible WHERE noticed after reading const tables');
  });

  it('shows filesort and temporary tables above the join', () => {
    const tree = convert('joinGroupOrder');
    expect(
      nodes(tree.root)
        .map((n) => n.node)
        .slice(0, 3),
    ).toEqual(['Filesort', 'Temporary table', 'Nested loop']);
    expect(tree.root.children[0].warnings.map((w) => w.en)).toContain('Using temporary');
    const join = tree.root.children[0].children[0];
    expect(join.children.map((c) => c.relation)).toEqual(['orders', 'customer', 'nation']);
    // Table costs add up to the join's cost (each is the increase of the trace's cost_for_plan).
    expect(join.children.reduce((s, c) => s + c.cost, 0)).toBeCloseTo(join.cost, 3);
  });

  it('charges a dependent subquery once per outer row', () => {
    const tree = convert('dependentSubquery');
    const sub = nodes(tree.root).find((n) => n.node.startsWith('Dependent subquery'));
    expect(sub).toBeDefined();
    expect(sub?.warnings[0]?.en).toMatch(/runs once per outer row \(about 150,000 times/);
    expect(sub?.cost).toBeCloseTo((sub?.children[0].cost ?? 0) * 150_000, 0);
  });

  it('names unions, derived tables, semi-join materialization, windows and messages', () => {
    expect(convert('union').root.node).toBe('Union (distinct)');
    expect(convert('unionAll').root.node).toBe('Union all');
    expect(convert('union').root.children).toHaveLength(2);
    const derived = convert('derived').root;
    expect(derived.relation).toBe('<derived2>');
    expect(derived.children[0].node).toBe('Materialize');
    expect(nodes(convert('semiJoin').root).some((n) => n.node === 'Materialize (semi-join)')).toBe(true);
    expect(convert('window').root.node).toBe('Window functions');
    expect(convert('impossible').root).toMatchObject({ node: 'Impossible WHERE', rows: 0 });
  });

  it('says when a range estimate comes from the empty index', () => {
    const tree = convert('rangeOnIndex');
    expect(tree.root.node).toBe('Range scan');
    expect(tree.root.warnings.map((w) => w.en).join(' ')).toMatch(/empty sandbox index/);
  });

  it('without a trace, costs are rows examined', () => {
    expect(convert('fullScan', false).totalCost).toBe(1_500_000);
    expect(convert('refLookup', false).totalCost).toBe(15);
  });

  it('summarizes the chosen join order from the trace', () => {
    const summary = summarizeTrace(fixtures.plans.joinGroupOrder.trace);
    const block = summary?.blocks.get(1);
    expect(block?.order).toEqual(['orders', 'customer', 'nation']);
    expect(block?.steps.map((s) => s.access)).toEqual(['scan', 'eq_ref', 'eq_ref']);
    expect(block?.cost).toBeGreaterThan(0);
  });
});

describe('a join whose first table is sorted before joining', () => {
  it('keeps the sorted table in the tree (read_sorted_file inside nested_loop)', () => {
    // MariaDB 10.11.19, EXPLAIN FORMAT=JSON of: SELECT * FROM orders o JOIN customer c ON c.c_custkey = o.o_custkey
    //   WHERE YEAR(o.o_orderdate) = 1995 ORDER BY o.o_totalprice DESC (without a trace)
    const explain = {
      query_block: {
        select_id: 1,
        nested_loop: [
          {
            read_sorted_file: {
              filesort: {
                sort_key: 'o.o_totalprice desc',
                table: {
                  table_name: 'o',
                  access_type: 'ALL',
                  rows: 1500000,
                  filtered: 100,
                  attached_condition: 'year(o.o_orderdate) = 1995',
                },
              },
            },
          },
          {
            table: {
              table_name: 'c',
              access_type: 'eq_ref',
              key: 'PRIMARY',
              ref: ['s.o.o_custkey'],
              rows: 1,
              filtered: 100,
            },
          },
        ],
      },
    };
    const tree = planTreeFromMariaDbJson(explain, undefined, '', {
      tableRows: TABLE_ROWS,
      aliases: new Map([
        ['o', 'orders'],
        ['c', 'customer'],
      ]),
    });
    expect(tree.root.node).toBe('Nested loop');
    const [sorted, lookup] = tree.root.children;
    expect(sorted).toMatchObject({
      node: 'Filesort',
      children: [{ node: 'Table scan', relation: 'orders', rows: 1_500_000 }],
    });
    expect(lookup).toMatchObject({ relation: 'customer', index: 'PRIMARY' });
  });
});

describe('a semi-join run as a weedout of duplicates', () => {
  // MariaDB 10.11.19, EXPLAIN FORMAT=JSON of TPC-H Q4 with materialization, firstmatch and loosescan off (no trace).
  const orders = {
    table: {
      table_name: 'orders',
      access_type: 'ALL',
      rows: 1_500_000,
      filtered: 100,
      attached_condition: "cast(orders.o_orderdate as date) >= DATE'1993-07-01'",
    },
  };
  const lineitem = {
    table: {
      table_name: 'lineitem',
      access_type: 'ref',
      key: 'PRIMARY',
      ref: ['s.orders.o_orderkey'],
      rows: 4,
      filtered: 100,
      attached_condition: 'lineitem.l_commitdate < lineitem.l_receiptdate',
    },
  };
  const sorted = (join: unknown[]) => ({
    query_block: {
      select_id: 1,
      filesort: { sort_key: 'orders.o_orderpriority', temporary_table: { nested_loop: join } },
    },
  });
  const tableRows = new Map([
    ['orders', 1_500_000],
    ['lineitem', 6_000_000],
  ]);

  it('counts the outer rows once, in the join and in the warning of the sort above it', () => {
    const tree = planTreeFromMariaDbJson(sorted([orders, { duplicates_removal: [lineitem] }]), undefined, '', {
      tableRows,
    });
    const join = tree.root.children[0].children[0];
    expect(join).toMatchObject({ node: 'Nested loop', rows: 6_000_000 });
    expect(join.children[1]).toMatchObject({ node: 'Duplicate weedout', rows: 6_000_000 });
    // A sort of a temporary table: MariaDB's figure is the rows that went into it, not the groups it holds.
    expect(tree.root.warnings.map((w) => w.en)).toEqual([
      "Filesort of a temporary table of about 6,000,000 rows by MariaDB's estimate (after a GROUP BY it holds the groups, possibly far fewer)",
    ]);
  });

  it('gives the join the rows it has without the weedout', () => {
    const plain = planTreeFromMariaDbJson(sorted([orders, lineitem]), undefined, '', { tableRows });
    expect(plain.root.children[0].children[0]).toMatchObject({ node: 'Nested loop', rows: 6_000_000 });
  });
});
