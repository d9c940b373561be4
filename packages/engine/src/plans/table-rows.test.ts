import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.ts';
import { parseUserPlan } from './parse.ts';
import { tableRowsFromPlan } from './table-rows.ts';

const SCHEMA = [
  'CREATE TABLE customers (id int PRIMARY KEY, region varchar(10));',
  'CREATE TABLE orders (id int PRIMARY KEY, customer_id int, status varchar(10));',
].join('\n');
// customers has the user's statistics: whatever a plan shows of it, the user's numbers stand.
const STATS = '{"tables": {"customers": {"rows": 20000}}}';
const JOIN = "SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.status = 'open'";

/** The row counts a plan pasted beside `sql` gives, as "table=rows". */
function rowsFrom(plan: string, dialect: Dialect, sql = JOIN): string[] {
  const analysis = analyze({ sql, dialect, schemaText: SCHEMA, statsText: STATS });
  const statements = analysis.statements.map((s) => s.statement);
  return tableRowsFromPlan(parseUserPlan(plan, dialect), statements, analysis.schema).map(
    (t) => `${t.table}=${t.rows}`,
  );
}

const lines = (...text: string[]) => text.join('\n');

describe('tableRowsFromPlan: PostgreSQL', () => {
  it('reads the estimate of a Seq Scan without a filter, and not of a filtered one or of a table with statistics', () => {
    const plan = lines(
      'Hash Join  (cost=35.50..1200000.00 rows=250000 width=64)',
      '  Hash Cond: (o.customer_id = c.id)',
      '  ->  Seq Scan on orders o  (cost=0.00..900000.00 rows=5000000 width=32)',
      '  ->  Hash  (cost=22.00..22.00 rows=1000 width=32)',
      '        ->  Seq Scan on customers c  (cost=0.00..22.00 rows=1000 width=32)',
    );
    expect(rowsFrom(plan, 'postgresql')).toEqual(['orders=5000000']);
    // The same scan filtered: its estimate is the rows that pass, not the table.
    const filtered = lines(
      'Seq Scan on orders o  (cost=0.00..104000.00 rows=1000 width=32)',
      "  Filter: ((status)::text = 'open'::text)",
    );
    expect(rowsFrom(filtered, 'postgresql')).toEqual([]);
  });

  it('reads actual rows + Rows Removed by Filter under ANALYZE, per loop, times the loops of a parallel scan', () => {
    const plan = lines(
      'Seq Scan on orders o  (cost=0.00..104000.00 rows=1000 width=32) (actual time=0.02..350.1 rows=1200 loops=1)',
      "  Filter: ((status)::text = 'open'::text)",
      '  Rows Removed by Filter: 4998800',
      'Planning Time: 0.1 ms',
      'Execution Time: 400.2 ms',
    );
    expect(rowsFrom(plan, 'postgresql')).toEqual(['orders=5000000']);
    const parallel = lines(
      'Gather  (cost=1000.00..80000.00 rows=1200 width=32) (actual time=0.3..200.0 rows=1200 loops=1)',
      '  Workers Planned: 2',
      '  Workers Launched: 2',
      '  ->  Parallel Seq Scan on orders  (cost=0.00..78000.00 rows=500 width=32) (actual time=0.1..190.0 rows=400 loops=3)',
      "        Filter: ((status)::text = 'open'::text)",
      '        Rows Removed by Filter: 1666267',
    );
    expect(rowsFrom(parallel, 'postgresql')).toEqual(['orders=5000001']);
  });

  it("reads a parallel scan's estimate times the parallel divisor of its Gather", () => {
    const plan = lines(
      'Gather  (cost=1000.00..80000.00 rows=5000000 width=32)',
      '  Workers Planned: 2',
      '  ->  Parallel Seq Scan on orders  (cost=0.00..78000.00 rows=2083333 width=32)',
    );
    // 2 workers and the leader's 1 - 0.6: PostgreSQL divided the table's 5,000,000 rows by 2.4 and rounded the
    // share it printed, so the product comes within a few rows: 2,083,333 x 2.4.
    expect(rowsFrom(plan, 'postgresql')).toEqual(['orders=4999999']);
    // Without the Gather's planned workers the divisor is unknown.
    expect(rowsFrom(plan.replace('  Workers Planned: 2\n', ''), 'postgresql')).toEqual([]);
  });

  it('reads FORMAT JSON the same way', () => {
    const plan = JSON.stringify([
      {
        Plan: {
          'Node Type': 'Seq Scan',
          'Relation Name': 'orders',
          Alias: 'o',
          'Plan Rows': 1000,
          'Total Cost': 104000,
          'Actual Rows': 1200,
          'Actual Loops': 1,
          Filter: "((status)::text = 'open'::text)",
          'Rows Removed by Filter': 4998800,
        },
        'Execution Time': 400.2,
      },
    ]);
    expect(rowsFrom(plan, 'postgresql')).toEqual(['orders=5000000']);
  });

  it('reads no size from an index scan, nor from a scan a Limit or a semi join may have stopped early', () => {
    const index = 'Index Scan using orders_pkey on orders o  (cost=0.43..8.45 rows=1 width=32)\n  Index Cond: (id = 7)';
    expect(rowsFrom(index, 'postgresql')).toEqual([]);
    const limited = lines(
      'Limit  (cost=0.00..20.80 rows=10 width=32) (actual time=0.02..0.05 rows=10 loops=1)',
      '  ->  Seq Scan on orders  (cost=0.00..104000.00 rows=50000 width=32) (actual time=0.02..0.04 rows=10 loops=1)',
      "        Filter: ((status)::text = 'open'::text)",
      '        Rows Removed by Filter: 35',
    );
    expect(rowsFrom(limited, 'postgresql')).toEqual([]);
    const semi = lines(
      'Nested Loop Semi Join  (cost=0.00..9000.00 rows=10 width=32) (actual time=0.02..5.0 rows=10 loops=1)',
      '  ->  Seq Scan on customers c  (cost=0.00..22.00 rows=10 width=32) (actual time=0.01..0.02 rows=10 loops=1)',
      "        Filter: ((region)::text = 'EU'::text)",
      '  ->  Seq Scan on orders o  (cost=0.00..104000.00 rows=5 width=32) (actual time=0.01..0.3 rows=1 loops=10)',
      '        Filter: (customer_id = c.id)',
      '        Rows Removed by Filter: 120',
    );
    expect(rowsFrom(semi, 'postgresql')).toEqual([]);
  });

  it('keeps the largest figure of a table read twice', () => {
    const plan = lines(
      'Append  (cost=0.00..2000000.00 rows=5001200 width=32) (actual time=0.02..900.0 rows=5001200 loops=1)',
      '  ->  Seq Scan on orders  (cost=0.00..900000.00 rows=4900000 width=32) (actual time=0.01..500.0 rows=5000000 loops=1)',
      '  ->  Seq Scan on orders orders_1  (cost=0.00..104000.00 rows=1000 width=32) (actual time=0.02..350.1 rows=1200 loops=1)',
      "        Filter: ((status)::text = 'open'::text)",
      '        Rows Removed by Filter: 4998000',
    );
    // The measured whole table (5,000,000) beats the stale estimate (4,900,000) and the filtered scan (4,999,200).
    expect(rowsFrom(plan, 'postgresql')).toEqual(['orders=5000000']);
  });
});

describe('tableRowsFromPlan: MySQL and MariaDB', () => {
  const tabular = (type: string, rows: number) =>
    lines(
      'id\tselect_type\ttable\tpartitions\ttype\tpossible_keys\tkey\tkey_len\tref\trows\tfiltered\tExtra',
      `1\tSIMPLE\to\tNULL\t${type}\tNULL\t${type === 'index' ? 'PRIMARY' : 'NULL'}\tNULL\tNULL\t${rows}\t10.00\tUsing where`,
      '1\tSIMPLE\tc\tNULL\teq_ref\tPRIMARY\tPRIMARY\t4\tdb.o.customer_id\t1\t100.00\tNULL',
    );

  it("reads a full table scan's rows, naming the table behind its alias; an eq_ref lookup gives none", () => {
    expect(rowsFrom(tabular('ALL', 4986112), 'mysql')).toEqual(['orders=4986112']);
  });

  it('reads a full index scan, unless the statement has a LIMIT that may have cut its estimate', () => {
    expect(rowsFrom(tabular('index', 4986112), 'mysql')).toEqual(['orders=4986112']);
    expect(rowsFrom(tabular('index', 10), 'mysql', `${JOIN} ORDER BY o.id LIMIT 10`)).toEqual([]);
    // A range scan reads part of the table.
    expect(rowsFrom(tabular('range', 5000), 'mysql')).toEqual([]);
  });

  it("reads MySQL FORMAT=JSON's rows_examined_per_scan of an ALL access", () => {
    const plan = JSON.stringify({
      query_block: {
        select_id: 1,
        cost_info: { query_cost: '502000.00' },
        table: {
          table_name: 'o',
          access_type: 'ALL',
          rows_examined_per_scan: 4986112,
          rows_produced_per_join: 498611,
          filtered: '10.00',
          cost_info: { read_cost: '452139', eval_cost: '49861', prefix_cost: '502000.00' },
          attached_condition: "(`db`.`o`.`status` = 'open')",
        },
      },
    });
    expect(rowsFrom(plan, 'mysql')).toEqual(['orders=4986112']);
  });

  it("reads MariaDB ANALYZE's r_rows when larger than the estimate", () => {
    const plan = JSON.stringify({
      query_block: {
        select_id: 1,
        r_loops: 1,
        r_total_time_ms: 900.5,
        table: {
          table_name: 'o',
          access_type: 'ALL',
          r_loops: 1,
          rows: 4000000,
          r_rows: 5000000,
          filtered: 100,
          r_filtered: 10,
          attached_condition: "o.`status` = 'open'",
        },
      },
    });
    expect(rowsFrom(plan, 'mysql')).toEqual(['orders=5000000']);
  });

  it('reads FORMAT=TREE table scans, not one under a Limit, and not an alias given to two tables', () => {
    const plan = lines(
      "-> Filter: (o.`status` = 'open')  (cost=502000 rows=498611)",
      '    -> Table scan on o  (cost=502000 rows=4986112)',
    );
    expect(rowsFrom(plan, 'mysql')).toEqual(['orders=4986112']);
    const limited = lines('-> Limit: 10 row(s)  (cost=1.1 rows=10)', '    -> Table scan on o  (cost=1.1 rows=10)');
    expect(rowsFrom(limited, 'mysql')).toEqual([]);
    const twice = 'SELECT * FROM orders o WHERE EXISTS (SELECT 1 FROM customers o WHERE o.id = 1)';
    expect(rowsFrom(plan, 'mysql', twice)).toEqual([]);
  });

  it('reads a scanned table that has a subquery hung under it, and not a derived table over its Materialize', () => {
    const correlated = 'SELECT o.id, (SELECT c.region FROM customers c WHERE c.id = o.customer_id) FROM orders o';
    const tabular = lines(
      '+----+--------------------+-------+--------+---------------+---------+---------+-------------+--------+----------+-------+',
      '| id | select_type        | table | type   | possible_keys | key     | key_len | ref         | rows   | filtered | Extra |',
      '+----+--------------------+-------+--------+---------------+---------+---------+-------------+--------+----------+-------+',
      '|  1 | PRIMARY            | o     | ALL    | NULL          | NULL    | NULL    | NULL        | 998200 |   100.00 | NULL  |',
      '|  2 | DEPENDENT SUBQUERY | c     | eq_ref | PRIMARY       | PRIMARY | 4       | shop.o.c_id |      1 |   100.00 | NULL  |',
      '+----+--------------------+-------+--------+---------------+---------+---------+-------------+--------+----------+-------+',
    );
    expect(rowsFrom(tabular, 'mysql', correlated)).toEqual(['orders=998200']);
    // A derived table named like a table, larger than it (a join's rows): its size is not the table's.
    const derived = lines(
      '-> Table scan on orders  (cost=2.5..2.5 rows=9000000)',
      '    -> Materialize  (cost=0..0 rows=9000000)',
      '        -> Table scan on o  (cost=502000 rows=4986112)',
    );
    const fromDerived = 'SELECT * FROM (SELECT o.* FROM orders o, customers c) orders';
    expect(rowsFrom(derived, 'mysql', fromDerived)).toEqual(['orders=4986112']);
  });
});
