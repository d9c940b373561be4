import type { PlanNode } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { diagnosePlan } from './hotspots/index.ts';
import { type MysqlNodeSource, mysqlPlanNode } from './mysql-json.ts';
import type { Json } from './numbers.ts';
import { parseUserPlan } from './parse.ts';
import { nodesOf, shape } from './test-support.ts';

/**
 * The one reader of EXPLAIN FORMAT=JSON, on the shapes MariaDB 10.11 prints (taken from the sandbox's real plans,
 * names shortened), for a pasted plan and with the options and layer the planner's sandbox uses.
 */

function table(name: string, rows: number, extra: Json = {}): Json {
  return { table: { table_name: name, access_type: 'ALL', rows, filtered: 100, ...extra } };
}

function pasted(queryBlock: Json) {
  return parseUserPlan(JSON.stringify({ query_block: { select_id: 1, ...queryBlock } }, null, 2), 'mysql');
}

const threeTables = {
  select_id: 1,
  nested_loop: [
    table('n', 25),
    table('c', 6000, { access_type: 'ref', key: 'c_nationkey' }),
    table('o', 15, { access_type: 'ref', key: 'o_custkey' }),
  ],
};

describe('EXPLAIN FORMAT=JSON: joins', () => {
  it('chains the tables of a nested loop left-deep, or puts them under one node with flatJoins', () => {
    const leftDeep = mysqlPlanNode(threeTables);
    expect(shape(leftDeep)).toEqual({
      node: 'Nested loop',
      children: [
        {
          node: 'Nested loop',
          children: [
            { node: 'Table scan', relation: 'n', children: [] },
            { node: 'Index lookup (ref)', relation: 'c', index: 'c_nationkey', children: [] },
          ],
        },
        { node: 'Index lookup (ref)', relation: 'o', index: 'o_custkey', children: [] },
      ],
    });
    const flat = mysqlPlanNode(threeTables, { flatJoins: true });
    expect(flat.children.map((c) => c.relation)).toEqual(['n', 'c', 'o']);
    // Without costs, each table costs the rows it examines: 25, 25 x 6,000, 150,000 x 15; either shape sums them.
    expect(flat.cost).toBe(25 + 150_000 + 2_250_000);
    expect(leftDeep.cost).toBe(flat.cost);
    expect([leftDeep.rows, flat.rows]).toEqual([2_250_000, 2_250_000]);
  });

  it('takes the condition a join buffer checks, which MariaDB prints beside the table, as the table filter', () => {
    const plan = pasted({
      nested_loop: [
        table('c', 150_000),
        { 'block-nl-join': { ...table('o', 1000), join_type: 'BNL', attached_condition: 'o.comment = c.comment' } },
      ],
    });
    const buffered = nodesOf(plan.root).find((n) => n.relation === 'o');
    expect(buffered).toMatchObject({ node: 'Table scan + join buffer (BNL)', filter: 'o.comment = c.comment' });
    const unconditioned = pasted({
      nested_loop: [table('c', 150_000), { 'block-nl-join': { ...table('o', 1000), join_type: 'BNL' } }],
    });
    expect(nodesOf(unconditioned.root).find((n) => n.relation === 'o')?.filter).toBeUndefined();
  });

  it('does not count the outer rows twice after a weedout of duplicates (a semi-join)', () => {
    // SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders WHERE o_totalprice > 1000)
    // with materialization, firstmatch and loosescan off.
    const block = {
      select_id: 1,
      nested_loop: [
        table('customer', 150_000),
        { duplicates_removal: [table('orders', 15, { access_type: 'ref', key: 'o_custkey' })] },
      ],
    };
    for (const flatJoins of [false, true]) {
      const weedout = mysqlPlanNode(block, { flatJoins });
      expect(weedout).toMatchObject({ node: 'Nested loop', rows: 150_000 * 15 });
      expect(weedout.children[1]).toMatchObject({ node: 'Duplicate weedout', rows: 150_000 * 15 });
    }
  });

  it("counts a derived table's materialization in the cost of the table that reads it", () => {
    const derived = pasted(
      table('<derived2>', 40, { materialized: { query_block: { select_id: 2, ...table('orders', 1000) } } }),
    );
    expect(shape(derived.root, { estimates: true })).toEqual({
      node: 'Table scan',
      relation: '<derived2>',
      rows: 40,
      cost: 40 + 1000,
      children: [
        {
          node: 'Materialize',
          rows: 1000,
          cost: 1000,
          children: [{ node: 'Table scan', relation: 'orders', rows: 1000, cost: 1000, children: [] }],
        },
      ],
    });
    expect(pasted(table('orders', 1000)).root.cost).toBe(1000);
  });
});

describe('ANALYZE FORMAT=JSON: measured joins', () => {
  // WooCommerce's product list (wp_postmeta by meta_key, then wp_posts by ID) as MariaDB's ANALYZE printed it.
  const measured = (figures: Json) => ({
    filesort: {
      sort_key: 'wp_posts.post_date desc',
      r_limit: 10,
      temporary_table: {
        nested_loop: [
          table('wp_postmeta', 5274, {
            access_type: 'ref',
            key: 'meta_key',
            r_loops: 1,
            r_rows: 5274,
            r_filtered: 34.93,
          }),
          table('wp_posts', 1, { access_type: 'eq_ref', key: 'PRIMARY', ...figures }),
        ],
      },
    },
  });
  const temporaryFinding = (plan: ReturnType<typeof pasted>) =>
    diagnosePlan(plan).findings.find((f) => f.id === 'plan-temporary-table')?.message.en;

  it("gives the join the rows its last table passed on, and the temporary table's finding quotes them", () => {
    const plan = pasted(measured({ r_loops: 1842, r_rows: 1, r_filtered: 100 }));
    const join = nodesOf(plan.root).find((n) => n.node === 'Nested loop');
    expect(join).toMatchObject({ rows: 5274, actualRows: 1842, loops: 1 });
    expect(temporaryFinding(plan)).toContain('about 1,842 rows');
  });

  it('leaves a join unmeasured when its last table gives no r_ figures, and the finding quotes the estimate', () => {
    const plan = pasted(measured({}));
    const join = nodesOf(plan.root).find((n) => n.node === 'Nested loop');
    expect(join?.actualRows).toBeUndefined();
    expect(temporaryFinding(plan)).toContain('about 5,274 rows');
  });
});

describe('EXPLAIN FORMAT=JSON: blocks', () => {
  it('gives a block without tables one row and an impossible one none', () => {
    expect(pasted({ table: { message: 'No tables used' } }).root).toMatchObject({ node: 'No tables used', rows: 1 });
    expect(pasted({ table: { message: 'Impossible WHERE' } }).root).toMatchObject({
      node: 'Impossible WHERE',
      rows: 0,
    });
    // MySQL 8 prints the message on the block itself.
    expect(pasted({ message: 'Impossible WHERE' }).root).toMatchObject({ node: 'Impossible WHERE', rows: 0 });
  });

  it('names UNION, UNION ALL, INTERSECT, EXCEPT and a VALUES list', () => {
    const part = (operation?: string) => ({
      query_block: { select_id: 1, ...(operation ? { operation } : {}), ...table('o', 10) },
    });
    const union = (result: Json) => pasted({ union_result: result }).root.node;
    expect(union({ table_name: '<union1,2>', access_type: 'ALL', query_specifications: [part(), part()] })).toBe(
      'Union (distinct)',
    );
    expect(union({ query_specifications: [part(), part()] })).toBe('Union all');
    expect(union({ table_name: '<intersect1,2>', query_specifications: [part(), part('INTERSECT')] })).toBe(
      'Intersect',
    );
    expect(union({ table_name: '<except1,2>', query_specifications: [part(), part('EXCEPT')] })).toBe('Except');
    expect(
      union({ query_specifications: [{ query_block: { select_id: 1, table: { message: 'No tables used' } } }] }),
    ).toBe('Values');
  });

  it("shows a block's HAVING and the sorts of its window functions as filters", () => {
    const grouped = pasted({
      having_condition: 'count(0) > 3',
      filesort: { sort_key: 'count(0) desc', temporary_table: table('o', 10) },
    });
    expect(grouped.root.filter).toBe('sort key: count(0) desc; HAVING: count(0) > 3');
    const windowed = pasted({
      window_functions_computation: {
        sorts: [{ filesort: { sort_key: 'o.custkey, o.orderdate' } }],
        temporary_table: table('o', 10),
      },
    });
    expect(windowed.root).toMatchObject({ node: 'Window functions', filter: 'sorts: o.custkey, o.orderdate' });
    const unsorted = pasted({ window_functions_computation: { temporary_table: table('o', 10) } });
    expect(unsorted.root.filter).toBeUndefined();
  });
});

describe("EXPLAIN FORMAT=JSON: a layer's knowledge over the reading", () => {
  const dependentSubquery = {
    select_id: 1,
    ...table('c', 100),
    subqueries: [{ expression_cache: { query_block: { select_id: 2, ...table('o', 15, { access_type: 'ref' }) } } }],
  };

  it('names relations, costs tables and joins, and annotates each node with where it came from', () => {
    const sources: MysqlNodeSource['kind'][] = [];
    const node = mysqlPlanNode(threeTables, {
      flatJoins: true,
      layer: {
        relation: (alias) => ({ n: 'nation', c: 'customer', o: 'orders' })[alias] ?? alias,
        tableCost: (selectId, alias) => (selectId === 1 ? { n: 3, c: 40, o: 500 }[alias] : undefined),
        joinCost: (selectId) => (selectId === 1 ? 543 : undefined),
        annotate: (n: PlanNode, source: MysqlNodeSource) => {
          sources.push(source.kind);
          if (source.kind === 'table') n.warnings.push({ zh: '表', en: `read ${String(source.json.table_name)}` });
        },
      },
    });
    expect(node.children.map((c) => [c.relation, c.cost, c.warnings[0]?.en])).toEqual([
      ['nation', 3, 'read n'],
      ['customer', 40, 'read c'],
      ['orders', 500, 'read o'],
    ]);
    expect(node.cost).toBe(543);
    expect(sources).toEqual(['table', 'table', 'table']);
    // Blocks the layer knows nothing of keep the rows examined.
    const unknown = mysqlPlanNode(
      { ...threeTables, select_id: 7 },
      { flatJoins: true, layer: { tableCost: () => undefined } },
    );
    expect(unknown.cost).toBe(25 + 150_000 + 2_250_000);
  });

  it("decides a subquery's dependence from the layer, else from MariaDB's expression cache", () => {
    const byCache = mysqlPlanNode(dependentSubquery);
    expect(byCache.children[0]).toMatchObject({ node: 'Dependent subquery', cost: 15 * 100 });
    const toldOtherwise = mysqlPlanNode(dependentSubquery, {
      layer: { dependent: (id) => (id === 2 ? false : undefined) },
    });
    expect(toldOtherwise.children[0]).toMatchObject({ node: 'Subquery', cost: 15 });
  });

  it('lets the layer read a block that ended with a message, and keeps the message where it has nothing', () => {
    const emptied = { select_id: 1, table: { message: 'Impossible WHERE noticed after reading const tables' } };
    const rebuilt = mysqlPlanNode(emptied, {
      layer: {
        messageBlock: (message, selectId) =>
          selectId === 1 && message.includes('const tables')
            ? { node: { node: 'Constant row (const)', rows: 1, cost: 1, warnings: [], children: [] }, out: 1 }
            : undefined,
      },
    });
    expect(rebuilt.node).toBe('Constant row (const)');
    const kept = mysqlPlanNode(emptied, { layer: { messageBlock: () => undefined } });
    expect(kept).toMatchObject({ node: 'Impossible WHERE noticed after reading const tables', rows: 0 });
  });

  it('keeps only a filtered share below 100 % as a detail when asked for no details', () => {
    const filtered = { select_id: 1, ...table('o', 10, { filtered: 25, ref: ['const'] }) };
    expect(mysqlPlanNode(filtered).details).toEqual(['filtered: 25%', 'ref: const']);
    expect(mysqlPlanNode(filtered, { details: false }).details).toEqual(['filtered: 25%']);
    expect(mysqlPlanNode({ select_id: 1, ...table('o', 10) }, { details: false }).details).toBeUndefined();
  });
});
