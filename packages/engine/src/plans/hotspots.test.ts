import type { PlanNode, PlanTree } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.ts';
import { diagnosePlan, planHotspots, tablesAnIndexMayHelp } from './hotspots/index.ts';
import { diagnoseStatementPlan, hotspotContext } from './statement-plan.ts';

function node(name: string, fields: Partial<PlanNode> = {}, children: PlanNode[] = []): PlanNode {
  return { node: name, rows: 1, cost: 1, warnings: [], children, ...fields };
}

function tree(root: PlanNode): PlanTree {
  return { root, totalCost: root.cost, raw: '' };
}

describe('plan hotspots on the planner conventions', () => {
  it("reads the planner's MariaDB joins: several tables under one nested loop, a join buffer on a large input", () => {
    // The shape the JSON reader gives the planner's MariaDB plans (flatJoins: n-ary nested loop, rows examined per table).
    const plan = tree(
      node('Nested loop', { rows: 1_500_000, cost: 5e6 }, [
        node('Table scan', { relation: 'customer', rows: 150_000 }),
        node('Table scan + join buffer (BNL)', {
          relation: 'orders',
          rows: 1_500_000,
          filter: 'o_custkey = c_custkey',
        }),
        node('Unique index lookup (eq_ref)', { relation: 'nation', index: 'PRIMARY', rows: 1 }),
      ]),
    );
    const findings = planHotspots(plan);
    expect(findings.map((f) => `${f.id}:${f.severity}`)).toEqual([
      'plan-full-scan-large-table:info',
      'plan-full-scan-large-table:critical',
      'plan-nested-loop-large-input:warning',
    ]);
    expect(findings[2]!.message.en).toContain(
      'compares each of about 150,000 outer rows with every row of Table scan + join buffer (BNL) on orders',
    );
  });

  it('names the tables whose hotspots say an index may help, and not a table read whole without a condition', () => {
    const plan = tree(
      node('Nested loop', { rows: 1_500_000, cost: 5e6 }, [
        node('Table scan', { relation: 'c', rows: 150_000 }),
        node('Table scan + join buffer (BNL)', {
          relation: 'orders',
          rows: 1_500_000,
          filter: 'o_custkey = c_custkey',
        }),
      ]),
    );
    // customer is read whole with no condition (info: add a condition); orders is scanned to filter and to join.
    expect(tablesAnIndexMayHelp(plan, { aliases: new Map([['c', 'customer']]) })).toEqual(['orders']);
    expect(tablesAnIndexMayHelp(tree(node('Table scan', { relation: 'customer', rows: 150_000 })))).toEqual([]);
  });

  it('names the table behind an alias and sizes it from the statistics', () => {
    const plan = tree(node('Table scan', { relation: 'o', rows: 120, details: ['Using where'] }));
    expect(planHotspots(plan)).toEqual([]);
    const context = { tableRows: new Map([['orders', 2_000_000]]), aliases: new Map([['o', 'orders']]) };
    const [finding] = planHotspots(plan, context);
    expect(finding).toMatchObject({ id: 'plan-full-scan-large-table', severity: 'critical', rewrite: false });
    expect(finding!.message.en).toBe(
      'Table scan reads all of table orders (o) (about 2,000,000 rows) to filter WHERE: an index on the filtered columns avoids the full scan',
    );
  });

  it('reports a misestimate where it starts, and not the early stop under a Limit', () => {
    const scan = node('Seq Scan', { relation: 't', rows: 10, actualRows: 5_000, loops: 1 });
    const join = node('Hash Join', { rows: 20, actualRows: 9_000, loops: 1 }, [scan, node('Hash')]);
    const misestimates = planHotspots(tree(join)).filter((f) => f.id === 'plan-row-misestimate');
    expect(misestimates).toHaveLength(1);
    expect(misestimates[0]!.message.en).toContain(
      'Seq Scan on t was estimated at 10 rows but returned 5,000 (about 500x off)',
    );
    // One row is one row (the planners' typical estimate for a condition matching nothing they know of).
    const single = node('Seq Scan', { relation: 't', rows: 1, actualRows: 5_000, loops: 1 });
    expect(planHotspots(tree(single)).find((f) => f.id === 'plan-row-misestimate')?.message.en).toContain(
      'Seq Scan on t was estimated at 1 row but returned 5,000',
    );
    const limited = node('Limit', { rows: 10, actualRows: 10, loops: 1 }, [
      node('Sort', { rows: 50_000, actualRows: 10, loops: 1 }, [
        node('Seq Scan', { relation: 'u', rows: 50, actualRows: 50, loops: 1 }),
      ]),
    ]);
    expect(planHotspots(tree(limited)).map((f) => f.id)).not.toContain('plan-row-misestimate');
    // Small numbers are not worth a finding, whatever the ratio.
    const small = node('Seq Scan', { relation: 't', rows: 1, actualRows: 60, loops: 1 });
    expect(planHotspots(tree(small))).toEqual([]);
  });

  it('marks the nodes in a copy of the plan and leaves the given plan alone', () => {
    const plan = tree(
      node('Filesort', { rows: 200_000, filter: 'sort key: created' }, [
        node('Table scan', { relation: 't', rows: 200_000 }),
      ]),
    );
    const { findings, plan: marked } = diagnosePlan(plan);
    expect(findings.map((f) => f.id)).toEqual(['plan-full-scan-large-table', 'plan-filesort']);
    expect(marked.root.warnings).toEqual([findings[1]!.message]);
    expect(marked.root.children[0]!.warnings).toEqual([findings[0]!.message]);
    expect(plan.root.warnings).toEqual([]);
    expect(findings[1]!.message.en).toBe(
      'Filesort sorts about 200,000 rows by created: an index in the ORDER BY / GROUP BY order, or a LIMIT, avoids it',
    );
  });

  it('does not offer an index for a sort by an aggregate, whose key says so or whose statement does', () => {
    const message = (sort: PlanNode, sortedByAggregate?: boolean) =>
      planHotspots(tree(sort), { sortedByAggregate }).find((f) => f.id === 'plan-filesort')!.message;
    const grouped = (key?: string) =>
      node('Filesort', { rows: 200_000, ...(key ? { filter: `sort key: ${key}` } : {}) }, [
        node('Aggregate', { rows: 200_000 }),
      ]);
    // MariaDB's key, PostgreSQL's: the count exists only after grouping.
    expect(message(grouped('count(0) desc')).en).toContain('by count(0) desc: it sorts by an aggregate');
    expect(message(grouped('count(0) desc')).zh).toContain('没有索引能提供这个顺序');
    expect(
      message(node('Sort', { rows: 200_000, details: ['Sort Key: (count(*)) DESC'] }, [node('Aggregate')])).en,
    ).toContain('no index gives that order');
    // The sandbox's PostgreSQL plans leave the key out: the statement's ORDER BY tells.
    expect(message(grouped(), true).en).toContain('no index gives that order');
    // MySQL's tabular EXPLAIN: "Using temporary; Using filesort", no key.
    const tabular = node('Filesort', { rows: 200_000 }, [node('Temporary table', { rows: 200_000 })]);
    expect(message(tabular, true).en).toContain('no index gives that order');
    expect(message(tabular).en).toContain('an index in the ORDER BY / GROUP BY order');
    expect(message(grouped()).en).toContain('an index in the ORDER BY / GROUP BY order');
    // A column's order, or one that looks like an aggregate's name, is an index's to give.
    expect(message(grouped('max_total desc, o.customer_id'), true).en).toContain('an index in the ORDER BY');
  });

  it("says no index avoids the temporary table that holds a sort by an aggregate's groups", () => {
    const temporary = (key: string) =>
      planHotspots(
        tree(
          node('Filesort', { rows: 20_000, filter: `sort key: ${key}` }, [
            node('Temporary table', { rows: 20_000 }, [node('Index scan', { relation: 'o', rows: 20_000 })]),
          ]),
        ),
      ).find((f) => f.id === 'plan-temporary-table')!.message;
    expect(temporary('count(0) desc').en).toContain('it holds the groups the ORDER BY sorts by an aggregate');
    expect(temporary('count(0) desc').zh).toContain('任何索引都免不了');
    expect(temporary('o.customer_id').en).toContain('grouping and ordering by indexed columns of one table avoids it');
  });
});

describe('sorts and temporary tables after a GROUP BY (MariaDB carries the rows that went in)', () => {
  // MariaDB's JSON: filesort { temporary_table { table } }, every node with the 1,000,000 rows grouped.
  const sortOfGroups = (key = 'orders.status') =>
    tree(
      node('Filesort', { rows: 1_000_000, filter: `sort key: ${key}` }, [
        node('Temporary table', { rows: 1_000_000 }, [node('Table scan', { relation: 'orders', rows: 1_000_000 })]),
      ]),
    );
  const found = (plan: PlanTree, grouping?: { most?: number; keys: Array<{ column: string; distinct: number }> }) =>
    Object.fromEntries(
      planHotspots(plan, grouping ? { grouping } : {})
        .filter((f) => f.id !== 'plan-full-scan-large-table')
        .map((f) => [f.id, f.message]),
    );

  it('says no sort and no spill when the statistics allow only a few groups', () => {
    expect(found(sortOfGroups(), { most: 5, keys: [{ column: 'orders.status', distinct: 5 }] })).toEqual({});
  });

  it('gives the bound and the counts it rests on when the groups are still many', () => {
    const grouping = { most: 50_000, keys: [{ column: 'orders.customer_id', distinct: 50_000 }] };
    const messages = found(sortOfGroups('orders.customer_id'), grouping);
    expect(messages['plan-filesort']!.en).toBe(
      'Filesort sorts at most 50,000 groups by orders.customer_id (by the statistics, orders.customer_id has 50,000 distinct values): an index in the ORDER BY / GROUP BY order, or a LIMIT, avoids it',
    );
    expect(messages['plan-filesort']!.zh).toContain('最多 50,000 个分组');
    expect(messages['plan-temporary-table']!.en).toContain(
      'about 1,000,000 rows are grouped in a temporary table of at most 50,000 groups (by the statistics, orders.customer_id has 50,000 distinct values), likely beyond the in-memory limit',
    );
  });

  it('keeps the plan’s figure without a bound, under a subquery, below it, or when the sort was measured', () => {
    expect(found(sortOfGroups(), { keys: [] })['plan-filesort']!.en).toContain('sorts about 1,000,000 rows');
    expect(found(sortOfGroups())['plan-filesort']!.en).toContain('sorts about 1,000,000 rows');
    const five = { most: 5, keys: [{ column: 'orders.status', distinct: 5 }] };
    // A subquery's sort is not the statement's GROUP BY.
    const inSubquery = tree(node('Nested loop', { rows: 1 }, [node('Subquery', { rows: 1 }, [sortOfGroups().root])]));
    expect(found(inSubquery, five)['plan-filesort']!.en).toContain('sorts about 1,000,000 rows');
    // More groups than rows: the plan's rows are the smaller figure.
    expect(found(sortOfGroups(), { most: 5_000_000, keys: five.keys })['plan-filesort']!.en).toContain(
      'sorts about 1,000,000 rows',
    );
    // ANALYZE counted what the sort took in: the groups themselves.
    const measured = sortOfGroups();
    Object.assign(measured.root, { actualRows: 40_000, loops: 1 });
    expect(found(measured, five)['plan-filesort']!.en).toContain('sorts about 40,000 rows');
  });

  it('reads the bound from the GROUP BY keys and the statistics, through an alias or a position', () => {
    const schemaText = [
      'CREATE TABLE orders (id int, customer_id int, status varchar(9), region varchar(9));',
      '-- sqltune:stats orders rows=1000000',
      '-- sqltune:stats orders.status distinct=5 nulls=0',
      '-- sqltune:stats orders.region distinct=4 nulls=0.1',
    ].join('\n');
    const grouping = (sql: string) => {
      const analysis = analyze({ sql, dialect: 'mysql', schemaText });
      return hotspotContext(analysis.statements[0]!.statement, analysis.schema).grouping;
    };
    expect(grouping('SELECT status, COUNT(*) FROM orders GROUP BY status')).toEqual({
      most: 5,
      keys: [{ column: 'orders.status', distinct: 5 }],
    });
    // A NULL is a group of its own.
    expect(grouping('SELECT o.status AS s, region, COUNT(*) FROM orders o GROUP BY s, 2')?.most).toBe(25);
    // No count for customer_id, a subtotal row per ROLLUP level, an expression: no bound.
    expect(grouping('SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id')).toEqual({ keys: [] });
    expect(grouping('SELECT status, COUNT(*) FROM orders GROUP BY status WITH ROLLUP')).toEqual({ keys: [] });
    expect(grouping('SELECT LOWER(status), COUNT(*) FROM orders GROUP BY LOWER(status)')).toEqual({ keys: [] });
    expect(grouping('SELECT status FROM orders')).toBeUndefined();
    // A CTE named as the table is not the table; a UNION's sort is of its combined rows.
    expect(grouping('WITH orders AS (SELECT 1 AS status) SELECT status, COUNT(*) FROM orders GROUP BY status')).toEqual(
      { keys: [] },
    );
    expect(
      grouping('SELECT status FROM orders GROUP BY status UNION SELECT status FROM orders GROUP BY status'),
    ).toBeUndefined();
  });
});

describe('diagnoseStatementPlan', () => {
  const analysis = analyze({
    sql: "SELECT * FROM orders o WHERE o.status = 'open'",
    dialect: 'mysql',
    schemaText: 'CREATE TABLE orders (id int PRIMARY KEY, status varchar(10));',
    statsText: '{"tables": {"orders": {"rows": 80000}}}',
  });
  const statement = analysis.statements[0]!.statement;
  const userText = [
    'id\tselect_type\ttable\ttype\tpossible_keys\tkey\tkey_len\tref\trows\tExtra',
    '1\tSIMPLE\to\tALL\tNULL\tNULL\tNULL\tNULL\t500\tUsing where',
  ].join('\n');

  it("diagnoses the user's plan when given, with the statement's aliases and statistics", () => {
    const own = tree(node('Table scan', { relation: 'orders', rows: 80_000, filter: "status = 'open'" }));
    const result = diagnoseStatementPlan({ statement, schema: analysis.schema, planText: userText, ownPlan: own });
    expect(result.userPlan?.format).toBe('mysql-table');
    expect(result.userPlan?.raw).toBe(userText);
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]!.message.en).toContain('table orders (o) (about 80,000 rows)');
    expect(result.userPlan!.root.warnings).toEqual([result.findings[0]!.message]);
    // The scan filters a large table: the report owes an index on orders, or a reason for none.
    expect(result.indexTables).toEqual(['orders']);
  });

  it('tells the hotspots when the ORDER BY sorts by an aggregate, through an alias or a position too', () => {
    const context = (sql: string) =>
      hotspotContext(
        analyze({ sql, dialect: 'postgresql', schemaText: 'CREATE TABLE orders (id int, customer_id int, total int);' })
          .statements[0]!.statement,
        analysis.schema,
      ).sortedByAggregate;
    for (const order of ['total', '2', 'COUNT(*)', 'total + 1']) {
      expect(context(`SELECT customer_id, COUNT(*) AS total FROM orders GROUP BY customer_id ORDER BY ${order}`)).toBe(
        order !== 'total + 1',
      );
    }
    expect(context('SELECT customer_id, total FROM orders ORDER BY total')).toBe(false);
  });

  it('diagnoses our own plan without one, and throws 4204 for an unreadable one', () => {
    const own = tree(node('Table scan', { relation: 'orders', rows: 80_000, filter: "status = 'open'" }));
    const result = diagnoseStatementPlan({ statement, schema: analysis.schema, planText: ' ', ownPlan: own });
    expect(result.userPlan).toBeUndefined();
    expect(result.findings[0]!.message.en).toContain("to filter status = 'open'");
    expect(result.indexTables).toEqual(['orders']);
    expect(diagnoseStatementPlan({ statement, schema: analysis.schema, ownPlan: null })).toEqual({
      findings: [],
      indexTables: [],
    });
    expect(() => diagnoseStatementPlan({ statement, schema: analysis.schema, planText: 'nope', ownPlan: own })).toThrow(
      expect.objectContaining({ code: 4204 }),
    );
  });
});
