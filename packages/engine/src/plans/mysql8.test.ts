import { describe, expect, it } from 'vitest';
import { diagnosePlan } from './hotspots/index.ts';
import { NOT_ESTIMATED } from './mysql-tree.ts';
import { parseUserPlan } from './parse.ts';
import { nodesOf, shape } from './test-support.ts';

/**
 * MySQL 8's TREE format, EXPLAIN ANALYZE and its own FORMAT=JSON. No MySQL 8 server is installed here, so these
 * plans were written by hand after the MySQL 8.0/8.4 reference manual's description of the formats (section
 * "EXPLAIN Statement" and "Obtaining Information with EXPLAIN ANALYZE"): one `-> ` line per iterator, children
 * four spaces deeper, `(cost=... rows=...)` and `(actual time=first..last rows=... loops=...)`. The tables and
 * numbers are ours.
 */

const tree = `-> Limit: 20 row(s)  (cost=5612.36 rows=20)
    -> Nested loop inner join  (cost=5612.36 rows=4985)
        -> Sort: o.created, limit input to 20 row(s) per chunk  (cost=5034.25 rows=49850)
            -> Filter: (o.\`status\` = 'open')  (cost=5034.25 rows=4985)
                -> Table scan on o  (cost=5034.25 rows=49850)
        -> Single-row index lookup on c using PRIMARY (id=o.customer_id)  (cost=0.25 rows=1)`;

const analyze = `-> Table scan on <temporary>  (actual time=182.4..182.6 rows=12 loops=1)
    -> Aggregate using temporary table  (actual time=182.4..182.4 rows=12 loops=1)
        -> Inner hash join (o.customer_id = c.id)  (cost=1.2e+6 rows=1.19e+6) (actual time=3.12..141.7 rows=298410 loops=1)
            -> Table scan on o  (cost=138.4 rows=119400) (actual time=0.061..58.3 rows=1200000 loops=1)
            -> Hash
                -> Filter: (c.region = 'north')  (cost=102.25 rows=100) (actual time=0.042..2.71 rows=2000 loops=1)
                    -> Table scan on c  (cost=102.25 rows=10000) (actual time=0.038..1.96 rows=20000 loops=1)`;

const perRowLoop = `-> Nested loop inner join  (cost=2.41e+6 rows=2.4e+6) (actual time=0.09..612 rows=48000 loops=1)
    -> Table scan on o  (cost=4985 rows=48000) (actual time=0.05..21.3 rows=48000 loops=1)
    -> Filter: (s.id = o.shipper_id)  (cost=0.51 rows=5) (actual time=0.006..0.012 rows=1 loops=48000)
        -> Table scan on s  (cost=0.51 rows=50) (actual time=0.002..0.009 rows=50 loops=48000)
    -> Select #2 (subquery in condition; dependent)
        -> Covering index lookup on r using returns_order (order_id=o.id)  (cost=0.35 rows=1) (never executed)`;

const json = `{
  "query_block": {
    "select_id": 1,
    "cost_info": { "query_cost": "6780.00" },
    "ordering_operation": {
      "using_temporary_table": true,
      "using_filesort": true,
      "grouping_operation": {
        "using_filesort": false,
        "nested_loop": [
          {
            "table": {
              "table_name": "o",
              "access_type": "ALL",
              "possible_keys": ["orders_customer"],
              "rows_examined_per_scan": 49850,
              "rows_produced_per_join": 4985,
              "filtered": "10.00",
              "cost_info": { "read_cost": "4536.75", "eval_cost": "498.50", "prefix_cost": "5035.25" },
              "attached_condition": "((\`shop\`.\`o\`.\`status\` = 'open') and (\`shop\`.\`o\`.\`customer_id\` is not null))"
            }
          },
          {
            "table": {
              "table_name": "c",
              "access_type": "eq_ref",
              "possible_keys": ["PRIMARY"],
              "key": "PRIMARY",
              "ref": ["shop.o.customer_id"],
              "rows_examined_per_scan": 1,
              "rows_produced_per_join": 4985,
              "filtered": "100.00",
              "cost_info": { "read_cost": "1246.25", "eval_cost": "498.50", "prefix_cost": "6780.00" }
            }
          }
        ]
      }
    }
  }
}`;

describe('MySQL 8 plans', () => {
  it('reads FORMAT=TREE with the planner names for accesses, sorts and joins', () => {
    const plan = parseUserPlan(tree, 'mysql');
    expect(plan.format).toBe('mysql-tree');
    expect(plan.totalCost).toBe(5612.36);
    expect(shape(plan.root, { estimates: true, filter: true })).toEqual({
      node: 'Limit',
      rows: 20,
      cost: 5612.36,
      children: [
        {
          node: 'Nested loop',
          rows: 4985,
          cost: 5612.36,
          children: [
            {
              node: 'Filesort',
              rows: 49850,
              cost: 5034.25,
              filter: 'sort key: o.created',
              children: [
                {
                  node: 'Filter',
                  rows: 4985,
                  cost: 5034.25,
                  filter: "o.`status` = 'open'",
                  children: [{ node: 'Table scan', relation: 'o', rows: 49850, cost: 5034.25, children: [] }],
                },
              ],
            },
            {
              node: 'Unique index lookup (eq_ref)',
              relation: 'c',
              index: 'PRIMARY',
              rows: 1,
              cost: 0.25,
              filter: 'id=o.customer_id',
              children: [],
            },
          ],
        },
      ],
    });
  });

  it('reads EXPLAIN ANALYZE: measured rows per loop, time over all loops, nodes without estimates', () => {
    const plan = parseUserPlan(analyze, 'mysql');
    const nodes = nodesOf(plan.root);
    expect(nodes.map((n) => n.node)).toEqual([
      'Table scan',
      'Group (temporary table)',
      'Hash join',
      'Table scan',
      'Hash',
      'Filter',
      'Table scan',
    ]);
    expect(nodes[2]).toMatchObject({
      rows: 1_190_000,
      cost: 1_200_000,
      actualRows: 298_410,
      filter: 'o.customer_id = c.id',
    });
    // No estimate printed: rows and cost come from the input, and the node says so.
    expect(nodes[0]).toMatchObject({ relation: '<temporary>', rows: 1_190_000, actualRows: 12, actualTimeMs: 182.6 });
    expect(nodes[0]!.details).toContain(NOT_ESTIMATED);

    const findings = diagnosePlan(plan).findings;
    expect(findings.map((f) => `${f.id}:${f.severity}`)).toEqual([
      'plan-full-scan-large-table:info',
      'plan-full-scan-large-table:warning',
      'plan-temporary-table:warning',
      'plan-row-misestimate:warning',
      'plan-row-misestimate:warning',
    ]);
    // The misestimates start at the scan of o (10x) and at the filter on c (20x), not above them.
    expect(findings[3]!.message.en).toContain('Table scan on o was estimated at 119,400 rows but returned 1,200,000');
    expect(findings[4]!.message.en).toContain('Filter was estimated at 100 rows but returned 2,000');
    expect(findings[1]!.message.en).toContain("table c (about 20,000 rows) to filter c.region = 'north'");
  });

  it('finds a nested loop that scans its inner table once per outer row, from the measured loops', () => {
    const plan = parseUserPlan(perRowLoop, 'mysql');
    const subquery = plan.root.children[2]!;
    expect(subquery).toMatchObject({ node: 'Dependent subquery', rows: 1, cost: 0.35 });
    expect(subquery.children[0]).toMatchObject({
      node: 'Index lookup (ref, covering)',
      relation: 'r',
      index: 'returns_order',
      actualRows: 0,
      loops: 0,
    });
    const findings = diagnosePlan(plan).findings.filter((f) => f.id === 'plan-nested-loop-large-input');
    expect(findings).toHaveLength(1);
    expect(findings[0]!.message.en).toContain('inner Table scan on s once for each of about 48,000 outer rows');
  });

  it('reads the TREE as the mysql client prints it: boxed or \\G, after the prompt and statement', () => {
    const lines = tree.split('\n');
    const width = Math.max(...lines.map((l) => l.length)) + 2;
    const border = `+${'-'.repeat(width)}+`;
    const boxed = [
      'mysql> EXPLAIN FORMAT=TREE',
      "    -> SELECT o.id, c.name FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.status = 'open'",
      '    -> ORDER BY o.created LIMIT 20;',
      border,
      `| EXPLAIN${' '.repeat(width - 8)}|`,
      border,
      `| ${lines[0]}`,
      ...lines.slice(1),
      ' |',
      border,
      '1 row in set (0.01 sec)',
    ].join('\n');
    const vertical = ['*************************** 1. row ***************************', `EXPLAIN: ${tree}`, ''].join(
      '\n',
    );
    const expected = shape(parseUserPlan(tree, 'mysql').root, { estimates: true });
    expect(shape(parseUserPlan(boxed, 'mysql').root, { estimates: true })).toEqual(expected);
    expect(shape(parseUserPlan(vertical, 'mysql').root, { estimates: true })).toEqual(expected);
  });

  it('reads EXPLAIN ANALYZE with its statement above it and no prompt, as blogs and logs show it', () => {
    const lines = analyze.split('\n');
    const expected = shape(parseUserPlan(analyze, 'mysql').root, { estimates: true });
    const boxed = [
      'EXPLAIN ANALYZE SELECT status, COUNT(*) FROM orders',
      'GROUP BY status;',
      '+---------+',
      '| EXPLAIN |',
      '+---------+',
      `| ${lines[0]}`,
      ...lines.slice(1),
      ' |',
      '+---------+',
    ].join('\n');
    const unterminated = ['EXPLAIN FORMAT=TREE SELECT status, COUNT(*) FROM orders GROUP BY status', analyze].join(
      '\n',
    );
    expect(shape(parseUserPlan(boxed, 'mysql').root, { estimates: true })).toEqual(expected);
    expect(shape(parseUserPlan(unterminated, 'mysql').root, { estimates: true })).toEqual(expected);
    // Only a statement: nothing is left to read, and the refusal points at it.
    expect(() => parseUserPlan('EXPLAIN ANALYZE SELECT status FROM orders;', 'mysql')).toThrow(/not recognized/);
  });

  it('reads the TREE when its first line lost its arrow: alone, under an EXPLAIN header, boxed, or one line', () => {
    const expected = shape(parseUserPlan(tree, 'mysql').root, { estimates: true });
    const arrowless = tree.replace(/^-> /, '');
    expect(parseUserPlan(arrowless, 'mysql').format).toBe('mysql-tree');
    expect(shape(parseUserPlan(arrowless, 'mysql').root, { estimates: true })).toEqual(expected);
    expect(shape(parseUserPlan(`EXPLAIN\n${arrowless}`, 'mysql').root, { estimates: true })).toEqual(expected);
    const border = `+${'-'.repeat(40)}+`;
    const boxed = [border, `| EXPLAIN${' '.repeat(32)}|`, border, `| ${arrowless}`, ' |', border].join('\n');
    expect(shape(parseUserPlan(boxed, 'mysql').root, { estimates: true })).toEqual(expected);
    expect(parseUserPlan('Table scan on o  (cost=5034.25 rows=49850)', 'mysql').root).toMatchObject({
      node: 'Table scan',
      relation: 'o',
      rows: 49850,
    });
    // Said to be MySQL's under a PostgreSQL statement, not misread as a PostgreSQL plan.
    expect(() => parseUserPlan(arrowless, 'postgresql')).toThrow(/MySQL\/MariaDB plan/);
  });

  it('keeps PostgreSQL plans without width PostgreSQL plans: two blanks after the arrow, or a PostgreSQL root', () => {
    const shortened = ['Hash Join  (cost=1.50..9.20 rows=10)', '  ->  Seq Scan on orders  (cost=0.00..5.00 rows=100)'];
    expect(parseUserPlan(shortened.join('\n'), 'postgresql').format).toBe('postgresql-text');
    const oneBlank = ['Hash Join  (cost=1.50..9.20 rows=10)', '  -> Seq Scan on orders  (cost=0.00..5.00 rows=100)'];
    expect(parseUserPlan(oneBlank.join('\n'), 'postgresql').format).toBe('postgresql-text');
    expect(parseUserPlan('Seq Scan on orders  (cost=0.00..5.00 rows=100)', 'postgresql').format).toBe(
      'postgresql-text',
    );
  });

  it("reads MySQL 8's FORMAT=JSON: rows examined, cost_info and operation flags", () => {
    const plan = parseUserPlan(json, 'mysql');
    expect(plan.format).toBe('mysql-json');
    expect(plan.caveat).toBeUndefined();
    expect(plan.totalCost).toBe(6780);
    expect(shape(plan.root, { estimates: true })).toEqual({
      node: 'Filesort',
      rows: 4985,
      cost: 6780,
      children: [
        {
          node: 'Temporary table',
          rows: 4985,
          cost: 6780,
          children: [
            {
              node: 'Nested loop',
              rows: 4985,
              cost: 6780,
              children: [
                { node: 'Table scan', relation: 'o', rows: 49850, cost: 5035.25, children: [] },
                {
                  node: 'Unique index lookup (eq_ref)',
                  relation: 'c',
                  index: 'PRIMARY',
                  rows: 1,
                  cost: 6780,
                  children: [],
                },
              ],
            },
          ],
        },
      ],
    });
    const ids = diagnosePlan(plan).findings.map((f) => f.id);
    expect(ids).toEqual(['plan-full-scan-large-table', 'plan-temporary-table']);
  });
});
