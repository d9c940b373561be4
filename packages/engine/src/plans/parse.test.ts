import { readFileSync } from 'node:fs';
import { AppError } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { diagnosePlan } from './hotspots/index.ts';
import { parseUserPlan } from './parse.ts';
import { nodesOf, shape } from './test-support.ts';

/** The AppError parseUserPlan throws, for assertions on its code, field and position. */
function rejection(text: string, dialect: 'mysql' | 'postgresql'): AppError {
  try {
    parseUserPlan(text, dialect);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the plan was accepted');
}

const postgresText = [
  ' Hash Join  (cost=38.50..1026.45 rows=1671 width=5)',
  '   Hash Cond: (o.customer_id = c.id)',
  '   ->  Seq Scan on orders o  (cost=0.00..944.00 rows=16708 width=4)',
  "         Filter: (status = 'open'::text)",
  '   ->  Hash  (cost=36.00..36.00 rows=200 width=9)',
  '         ->  Seq Scan on customers c  (cost=0.00..36.00 rows=200 width=9)',
].join('\n');

describe('parseUserPlan: unreadable plans are 4204 at the first offending line', () => {
  it('rejects text that is no plan at line 1 with the accepted formats of the dialect', () => {
    const error = rejection('hello', 'mysql');
    expect(error.code).toBe(4204);
    expect(error.detail).toMatchObject({ field: 'plan', line: 1, column: 1 });
    expect(error.detail.message.en).toContain('not recognized as EXPLAIN output');
    expect(error.detail.message.en).toContain('MySQL 8 EXPLAIN FORMAT=TREE');
    expect(error.detail.message.zh).toContain('可接受的格式');
    expect(rejection('SELECT * FROM orders', 'postgresql').detail.message.en).toContain('FORMAT JSON');
    expect(rejection('  \n\n ', 'postgresql').detail).toMatchObject({ line: 1, column: 1 });
  });

  it('points at a line inside a PostgreSQL text plan that is not plan output', () => {
    const lines = postgresText.split('\n');
    lines.splice(4, 0, '      this line was typed by hand');
    const error = rejection(lines.join('\n'), 'postgresql');
    expect(error.detail).toMatchObject({ line: 5, column: 7 });
    expect(error.detail.message.en).toContain('does not continue the PostgreSQL text plan above it');
    // A line typed by hand looks like nothing known: no guess is added.
    expect(error.detail.message.en).not.toContain('looks like');
  });

  it('says what an offending line looks like: another format, another database, the statement or an error', () => {
    const mysqlRow = postgresText.split('\n');
    mysqlRow.splice(2, 0, '|  1 | SIMPLE      | orders | ALL  | NULL | NULL | NULL | NULL | 10 | Using where |');
    const row = rejection(mysqlRow.join('\n'), 'postgresql').detail;
    expect(row).toMatchObject({ line: 3, column: 1 });
    expect(row.message.en).toContain("looks like a row or border of MySQL/MariaDB's tabular EXPLAIN");
    expect(row.message.zh).toContain('MySQL/MariaDB 表格形式 EXPLAIN');
    const treeNode = postgresText.split('\n');
    treeNode.splice(2, 0, '    -> Table scan on o  (cost=1.25 rows=10)');
    expect(rejection(treeNode.join('\n'), 'postgresql').detail.message.en).toContain(
      'looks like a node of MySQL EXPLAIN FORMAT=TREE',
    );
    const oracle = ['Plan hash value: 1234567', '| Id  | Operation         | Name   | Rows  |'].join('\n');
    for (const dialect of ['mysql', 'postgresql'] as const) {
      const detail = rejection(oracle, dialect).detail;
      expect(detail.message.en).toContain("looks like Oracle's plan (DBMS_XPLAN)");
      expect(detail.message.zh).toContain('Oracle');
    }
    expect(rejection('|--SCAN orders', 'mysql').detail.message.en).toContain("SQLite's EXPLAIN QUERY PLAN");
    expect(rejection('SELECT * FROM orders WHERE id = 5;', 'mysql').detail.message.en).toContain(
      'looks like the SQL statement itself',
    );
    expect(rejection('ERROR:  relation "orders" does not exist', 'postgresql').detail.message.en).toContain(
      'looks like an error message',
    );
    // A plan that starts as the other database's is said to be so, even when a later line is what stops the reading.
    expect(rejection(mysqlRow.join('\n'), 'mysql').detail.message.en).toContain(
      "this is a PostgreSQL plan, but the statement's database is MySQL",
    );
  });

  it('points at the JSON syntax error, counting the lines psql printed before it', () => {
    const text = [
      '                QUERY PLAN',
      '-------------------------------------------',
      ' [                                        +',
      '   {                                      +',
      '     "Plan": {                            +',
      '       "Node Type": "Seq Scan"            +',
      '       "Relation Name": "orders"          +',
      '     }                                    +',
      '   }                                      +',
      ' ]',
      '(1 row)',
    ].join('\n');
    const error = rejection(text, 'postgresql');
    expect(error.detail.line).toBe(7);
    expect(error.detail.message.en).toContain('the JSON is malformed');
    expect(rejection('{"rows": [1, 2]}', 'mysql').detail.message.en).toContain('the JSON holds no plan');
  });

  it('points at a tabular row whose columns do not match the header', () => {
    const text = [
      '+----+-------------+-------+------+---------------+------+---------+------+------+-------+',
      '| id | select_type | table | type | possible_keys | key  | key_len | ref  | rows | Extra |',
      '+----+-------------+-------+------+---------------+------+---------+------+------+-------+',
      '|  1 | SIMPLE      | t     | ALL  | NULL          | NULL | NULL    | NULL | 10   |       |',
      '|  1 | SIMPLE      | u     | ALL  | NULL          | NULL | NULL    | 10   |',
      '+----+-------------+-------+------+---------------+------+---------+------+------+-------+',
    ].join('\n');
    const error = rejection(text, 'mysql');
    expect(error.detail).toMatchObject({ line: 5, column: 1 });
    expect(error.detail.message.en).toContain('this row has 8 columns but the header has 10');
    const noRows = rejection('id\tselect_type\ttable\ttype\trows\n', 'mysql');
    expect(noRows.detail.message.en).toContain('no rows');
    expect(rejection('id\tselect_type\ttable\tExtra\n1\tSIMPLE\tt\t', 'mysql').detail.message.en).toContain(
      'lacks the column(s) type, rows',
    );
  });

  it('points at a TREE line that does not start a node', () => {
    const text = '-> Nested loop inner join  (cost=4.95 rows=9)\n    -> Table scan on t  (cost=1.15 rows=9)\n    oops';
    expect(rejection(text, 'mysql').detail).toMatchObject({ line: 3, column: 5 });
  });

  it("rejects the other dialect's plan, and PostgreSQL's XML and YAML formats", () => {
    expect(rejection(postgresText, 'mysql').detail.message.en).toContain(
      "this is a PostgreSQL plan, but the statement's database is MySQL",
    );
    expect(rejection('-> Table scan on t  (cost=1.15 rows=9)', 'postgresql').detail.message.zh).toContain(
      '这是 MySQL/MariaDB 的执行计划',
    );
    expect(
      rejection('<explain xmlns="http://www.postgresql.org/2009/explain">', 'postgresql').detail.message.en,
    ).toContain('XML and YAML');
  });
});

describe('parseUserPlan: what clients wrap around a plan', () => {
  it('reads a PostgreSQL plan copied without psql framing, or from a result grid with quotes', () => {
    const bare = parseUserPlan(postgresText.replace(/^ /gm, ''), 'postgresql');
    const quoted = parseUserPlan(
      postgresText
        .split('\n')
        .map((l) => `"${l.replace(/"/g, '""')}"`)
        .join('\n'),
      'postgresql',
    );
    const expected = shape(parseUserPlan(postgresText, 'postgresql').root, { filter: true });
    expect(shape(bare.root, { filter: true })).toEqual(expected);
    expect(shape(quoted.root, { filter: true })).toEqual(expected);
    expect(bare.root.filter).toBe('(o.customer_id = c.id)');
    expect(bare.raw).toBe(postgresText.replace(/^ /gm, ''));
  });

  it('reads COSTS OFF plans by their node names', () => {
    const plan = parseUserPlan('Sort\n  Sort Key: a\n  ->  Seq Scan on t\n        Filter: (a > 1)', 'postgresql');
    expect(shape(plan.root, { filter: true })).toEqual({
      node: 'Sort',
      children: [{ node: 'Seq Scan', relation: 't', filter: '(a > 1)', children: [] }],
    });
  });

  it('reads mysql -B output of a one-column JSON result with its escaped newlines', () => {
    const json = JSON.stringify(
      { query_block: { select_id: 1, table: { table_name: 't', access_type: 'ALL', rows: 9 } } },
      null,
      2,
    );
    const batch = `EXPLAIN\n${json.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}\n`;
    const plan = parseUserPlan(batch, 'mysql');
    expect(plan.root).toMatchObject({ node: 'Table scan', relation: 't', rows: 9 });
  });
});

describe('parseUserPlan: PostgreSQL text and JSON of one plan', () => {
  it.each(['nested-loop', 'hash-aggregate', 'big-sort'])(
    'gives the PGlite fixture %s one tree from either format (same names, numbers and filters)',
    (name) => {
      const fixture = JSON.parse(
        readFileSync(new URL(`../../../planner/src/pglite/fixtures/${name}.json`, import.meta.url), 'utf8'),
      ) as { json: unknown; text: string };
      const fromJson = parseUserPlan(JSON.stringify(fixture.json, null, 2), 'postgresql');
      const fromText = parseUserPlan(fixture.text, 'postgresql');
      const options = { estimates: true, filter: true };
      expect(shape(fromText.root, options)).toEqual(shape(fromJson.root, options));
    },
  );
});

describe('parseUserPlan: line numbers and quote marks in front of a plan', () => {
  it('reads a plan behind line numbers or mail quote marks, and leaves alone what only looks like them', () => {
    const lines = postgresText.split('\n');
    const expected = shape(parseUserPlan(postgresText, 'postgresql').root, { filter: true });
    for (const text of [
      lines.map((l, i) => `${i + 9}: ${l}`).join('\n'),
      lines.map((l, i) => `${String(i + 1).padStart(6)}\t${l}`).join('\n'),
      lines.map((l) => `>> ${l}`).join('\n'),
    ]) {
      expect(shape(parseUserPlan(text, 'postgresql').root, { filter: true })).toEqual(expected);
    }
    // Grid rows copied without their header: ids 1 and 2 before a tab are cells, not line numbers.
    const grid = parseUserPlan(
      [
        '1\tPRIMARY\tc\tNULL\tALL\tNULL\tNULL\tNULL\tNULL\t5000\t100.00\tUsing where',
        '2\tSUBQUERY\to\tNULL\tALL\tNULL\tNULL\tNULL\tNULL\t9000\t10.00\tUsing where',
      ].join('\n'),
      'mysql',
    );
    expect(nodesOf(grid.root).flatMap((n) => n.relation ?? [])).toEqual(['c', 'o']);
    // Numbers that do not count up by one are no line numbers: they stay, and the text is refused at its 2nd line.
    expect(rejection(lines.map((l) => `7 ${l}`).join('\n'), 'postgresql').detail).toMatchObject({ line: 2 });
  });
});

describe('parseUserPlan: a PostgreSQL plan copied from an inner node', () => {
  it('reads it as PostgreSQL text, not as MySQL TREE', () => {
    const inner = [
      '   ->  Hash  (cost=36.00..36.00 rows=200 width=9)',
      '         ->  Seq Scan on customers c  (cost=0.00..36.00 rows=200 width=9)',
    ];
    const plan = parseUserPlan(inner.join('\n'), 'postgresql');
    expect(shape(plan.root)).toEqual({
      node: 'Hash',
      children: [{ node: 'Seq Scan', relation: 'customers', children: [] }],
    });
  });
});

describe('parseUserPlan: plans as blogs and result grids hand them over', () => {
  const tree = [
    "-> Filter: (lc.`type` = 'PRODUCT')  (cost=1 rows=1) (actual time=0.134..0.134 rows=1 loops=20)",
    '    -> Single-row index lookup on lc using PRIMARY (id=p.id)  (cost=1 rows=1) (actual time=0.1..0.1 rows=1 loops=20)',
  ];

  it("a result grid's cell in quotes (MySQL Workbench, DBeaver) is the plan inside them", () => {
    for (const quote of ["'", '"']) {
      const cell = `${quote}${tree.join('\n').replaceAll(quote, quote + quote)}\n${quote}`;
      const plan = parseUserPlan(cell, 'mysql');
      expect(plan.format).toBe('mysql-tree');
      expect(plan.root.children).toHaveLength(1);
      expect(plan.root.children[0]!.relation).toBe('lc');
    }
    // A quote that opens the text but closes nothing is no cell: the text is still refused, at its first line.
    expect(rejection(`'${tree.join('\n')}`, 'mysql').detail).toMatchObject({ line: 1 });
  });

  it("a node's numbers wrapped onto the next line belong to that node", () => {
    const postgres = [
      'Limit  (cost=0.43..8421.77 rows=50 width=64) (actual time=2418.102..2418.104 rows=50 loops=1)',
      '  ->  Index Scan using idx_updated_at on file_index',
      '        (cost=0.43..1687432.11 rows=10000 width=64) (actual time=0.021..2418.09 rows=50 loops=1)',
      '        Filter: (owner_id = 88213 AND deleted_at IS NULL)',
    ].join('\n');
    const scan = parseUserPlan(postgres, 'postgresql').root.children[0]!;
    expect(scan).toMatchObject({ relation: 'file_index', index: 'idx_updated_at', rows: 10000, actualRows: 50 });
    const mysql = [
      'EXPLAIN: -> Inner hash join (t2.c2 = t1.c1)  (cost=4.70 rows=6)',
      '(actual time=0.032..0.035 rows=6 loops=1)',
      '    -> Table scan on t2  (cost=0.06 rows=6)',
      '(actual time=0.003..0.005 rows=6 loops=1)',
    ].join('\n');
    const join = parseUserPlan(
      `*************************** 1. row ***************************\n${mysql}`,
      'mysql',
    ).root;
    expect(join).toMatchObject({ rows: 6, actualRows: 6 });
    expect(join.children[0]).toMatchObject({ relation: 't2', actualRows: 6 });
    // Only the numbers EXPLAIN prints continue a line: another line in parentheses is still an error, where it is.
    const stray = postgres.replace('(cost=0.43..1687432.11', '(costs=0.43..1687432.11');
    expect(rejection(stray, 'postgresql').detail).toMatchObject({ line: 3 });
  });

  it('a PostgreSQL plan shortened for a page (no width, no rows or loops) reads with the numbers it gives', () => {
    const short = [
      'Sort  (cost=1470.83..1495.83 rows=10000) (actual time=187.234..187.238 rows=5)',
      '  Sort Key: ((embedding <=> $1))',
      '  ->  Seq Scan on blueprints  (cost=0.00..1245.00 rows=10000) (actual time=0.012..180.456 rows=10000)',
      'Execution Time: 187.289 ms',
    ].join('\n');
    const plan = parseUserPlan(short, 'postgresql');
    expect(plan.root).toMatchObject({ node: 'Sort', cost: 1495.83, rows: 10000, actualRows: 5, loops: 1 });
    expect(plan.root.children[0]).toMatchObject({ relation: 'blueprints', actualRows: 10000 });
    // Numbers EXPLAIN never prints are no node numbers: the line is still refused, at its line.
    const misspelt = short.replace(/^.*\n/, 'Sorting  (cost=1470.83..1495.83 rowz=10000)\n');
    expect(rejection(misspelt, 'postgresql').detail).toMatchObject({ line: 1 });
  });

  it('a plan kept as SQL comments in a .sql file is the plan behind the comment marks', () => {
    const commented = [
      '-- Append  (cost=0.00..500000.00 rows=10000000 width=40)',
      '--   ->  Seq Scan on orders_2024_01  (cost=0.00..250000.00 rows=5000000 width=40)',
      "--         Filter: (order_date >= '2024-01-01')",
      '--   ->  Seq Scan on orders_2024_02  (cost=0.00..250000.00 rows=5000000 width=40)',
    ].join('\n');
    const plan = parseUserPlan(commented, 'postgresql');
    expect(plan.root.children.map((c) => c.relation)).toEqual(['orders_2024_01', 'orders_2024_02']);
    // A line that is not behind the marks makes the marks part of the text: refused where they stop a node.
    const mixed = `${commented}\n  ->  Seq Scan on x  (cost=0.00..1.00 rows=1 width=4)`;
    expect(rejection(mixed, 'postgresql').detail).toMatchObject({ code: 4204, line: 2 });
  });
});

describe('PostgreSQL parallel plans pasted from EXPLAIN (ANALYZE, BUFFERS)', () => {
  const text = `                                   QUERY PLAN
-----------------------------------------------------------------------------------------------
 Limit  (cost=1000.00..25744.10 rows=20 width=16) (actual time=312.511..315.092 rows=20 loops=1)
   Buffers: shared hit=2048 read=51234 dirtied=3
   I/O Timings: shared read=201.337
   ->  Gather Merge  (cost=1000.00..123456.78 rows=99 width=16) (actual time=312.509..315.083 rows=20 loops=1)
         Workers Planned: 2
         Workers Launched: 2
         ->  Sort  (cost=0.43..122345.67 rows=41 width=16) (actual time=300.120..300.125 rows=15 loops=3)
               Sort Key: created_at DESC, id DESC
               Worker 0:  Sort Method: top-N heapsort  Memory: 26kB
               ->  Parallel Seq Scan on statuses  (cost=0.00..120000.00 rows=41 width=16) (actual time=0.031..298.456 rows=3412 loops=3)
                     Filter: (account_id = 42)
                     Rows Removed by Filter: 1663254
                     Buffers: shared hit=2048 read=51234 dirtied=3
 Planning:
   Buffers: shared hit=112
 Planning Time: 0.412 ms
 JIT:
   Functions: 8
   Options: Inlining false, Optimization false, Expressions true, Deforming true
   Timing: Generation 1.234 ms (Deform 0.456 ms), Inlining 0.000 ms, Optimization 0.789 ms, Emission 11.234 ms, Total 13.257 ms
 Execution Time: 316.874 ms
(22 rows)`;
  const json = JSON.stringify([
    {
      Plan: {
        'Node Type': 'Gather',
        'Parallel Aware': false,
        'Total Cost': 130000,
        'Plan Rows': 99,
        'Actual Total Time': 310,
        'Actual Rows': 10236,
        'Actual Loops': 1,
        'Workers Launched': 2,
        Plans: [
          {
            'Node Type': 'Seq Scan',
            'Parallel Aware': true,
            'Relation Name': 'statuses',
            'Total Cost': 120000,
            'Plan Rows': 41,
            'Actual Total Time': 298.456,
            'Actual Rows': 3412,
            'Actual Loops': 3,
            Filter: '(account_id = 42)',
            'Rows Removed by Filter': 1663254,
          },
        ],
      },
      'Execution Time': 316.874,
    },
  ]);

  it("gives each node under a Gather its wall time, not the sum of its processes' times, and reads the JIT section", () => {
    const tree = parseUserPlan(text, 'postgresql');
    expect(tree.executionTimeMs).toBe(316.874);
    const gather = tree.root.children[0]!;
    const sort = gather.children[0]!;
    expect([gather.actualTimeMs, sort.actualTimeMs, sort.children[0]!.actualTimeMs]).toEqual([
      315.083, 300.125, 298.456,
    ]);
    const fromJson = parseUserPlan(json, 'postgresql');
    expect(fromJson.root.children[0]!.actualTimeMs).toBe(298.456);
    expect(fromJson.root.children[0]!.details).toContain('Parallel Aware: true');
  });

  it('sizes a parallel scan by all its processes, a scan repeated by a join by one of its loops', () => {
    const full = (plan: string) =>
      diagnosePlan(parseUserPlan(plan, 'postgresql')).findings.find((f) => f.id === 'plan-full-scan-large-table');
    // (3,412 + 1,663,254) rows in each of 3 processes.
    for (const plan of [text, json]) expect(full(plan)?.message.en).toContain('about 4,999,998 rows');
    // Outside a Gather the loops are repeats: each reads the whole table, and the times are summed as before.
    const repeated = `Nested Loop  (cost=0.00..250000.00 rows=10 width=8) (actual time=0.050..900.000 rows=10 loops=1)
  ->  Seq Scan on accounts  (cost=0.00..1.10 rows=3 width=8) (actual time=0.010..0.020 rows=3 loops=1)
  ->  Seq Scan on statuses  (cost=0.00..80000.00 rows=3 width=8) (actual time=0.030..290.000 rows=3 loops=3)
        Filter: (account_id = accounts.id)
        Rows Removed by Filter: 1666663`;
    expect(full(repeated)?.message.en).toContain('about 1,666,666 rows');
    expect(parseUserPlan(repeated, 'postgresql').root.children[1]!.actualTimeMs).toBe(870);
  });
});
