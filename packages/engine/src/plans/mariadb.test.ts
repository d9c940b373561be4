import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mariadbBinary,
  type RunningMariadb,
  serviceAvailable,
  startMariadb,
} from '../../../../test-support/services.ts';
import { diagnosePlan } from './hotspots/index.ts';
import { parseUserPlan } from './parse.ts';
import { cutAt, nodesOf, reading, shape, wrapWords } from './test-support.ts';

/**
 * Real MariaDB plans printed by the `mariadb` client in its three modes (boxed -t, batch -B, vertical -E), in every
 * format MariaDB has: tabular EXPLAIN, EXPLAIN EXTENDED, ANALYZE, EXPLAIN FORMAT=JSON and ANALYZE FORMAT=JSON.
 */
const available = serviceAvailable('MariaDB', mariadbBinary);

describe.skipIf(!available)('user plans from MariaDB through the mariadb client', () => {
  let server: RunningMariadb;

  function client(sql: string, mode: '-t' | '-B' | '-E' = '-t', database = 'plans_shop'): string {
    const args = ['--no-defaults', `--socket=${server.socket}`, '-uroot', mode];
    return execFileSync('mariadb', [...args, ...(database ? [database] : []), '-e', sql], { encoding: 'utf8' });
  }

  beforeAll(async () => {
    server = await startMariadb();
    client(
      `SET GLOBAL innodb_stats_auto_recalc = OFF;
       CREATE DATABASE plans_shop; USE plans_shop;
       CREATE TABLE customers (id int PRIMARY KEY, name varchar(40), region varchar(10));
       CREATE TABLE orders (id int PRIMARY KEY, customer_id int, total decimal(10,2), status varchar(10),
         KEY orders_customer (customer_id));
       CREATE TABLE shippers (name varchar(10));
       CREATE TABLE events (id int PRIMARY KEY, kind int);
       INSERT INTO customers SELECT seq, concat('c', seq), IF(seq % 10 = 0, 'north', 'south') FROM seq_1_to_2000;
       INSERT INTO orders SELECT seq, seq % 2000 + 1, seq % 500, IF(seq % 3 = 0, 'open', 'done') FROM seq_1_to_50000;
       INSERT INTO shippers VALUES ('open'), ('done'), ('late'), ('lost'), ('gone');
       INSERT INTO events SELECT seq, seq % 7 FROM seq_1_to_500;
       ANALYZE TABLE customers, orders, shippers, events PERSISTENT FOR ALL;
       -- Statistics go stale: the server does not recalculate them (innodb_stats_auto_recalc is off).
       INSERT INTO events SELECT seq, seq % 7 FROM seq_501_to_60000;`,
      '-t',
      '',
    );
  });

  afterAll(async () => {
    await server?.stop();
  });

  const joinGroupSort = `SELECT c.name, count(*) FROM customers c JOIN orders o ON o.customer_id = c.id
    WHERE c.region = 'north' AND o.status = 'open' GROUP BY c.name ORDER BY 2 DESC LIMIT 5`;
  const nested = `SELECT id, (SELECT max(total) FROM orders o WHERE o.customer_id = c.id) AS top FROM customers c
    WHERE id IN (SELECT customer_id FROM orders WHERE total > 490)
    UNION SELECT 1, 2 FROM (SELECT customer_id FROM orders GROUP BY customer_id) d`;

  it('reads tabular EXPLAIN boxed, tab-separated and vertical, with EXTENDED and ANALYZE columns', () => {
    const boxed = parseUserPlan(client(`EXPLAIN ${joinGroupSort}`, '-t'), 'mysql');
    expect(boxed.format).toBe('mysql-table');
    expect(boxed.caveat?.en).toMatch(/no optimizer costs/);
    expect(shape(boxed.root)).toEqual({
      node: 'Filesort',
      children: [
        {
          node: 'Temporary table',
          children: [
            {
              node: 'Nested loop',
              children: [
                { node: 'Table scan', relation: 'c', children: [] },
                { node: 'Index lookup (ref)', relation: 'o', index: 'orders_customer', children: [] },
              ],
            },
          ],
        },
      ],
    });
    for (const output of [
      client(`EXPLAIN ${joinGroupSort}`, '-B'),
      client(`EXPLAIN ${joinGroupSort}`, '-E'),
      client(`EXPLAIN EXTENDED ${joinGroupSort}`, '-t'),
      client(`ANALYZE ${joinGroupSort}`, '-B'),
    ]) {
      expect(shape(parseUserPlan(output, 'mysql').root)).toEqual(shape(boxed.root));
    }
    const analyzed = parseUserPlan(client(`ANALYZE ${joinGroupSort}`, '-E'), 'mysql');
    const lookup = nodesOf(analyzed.root).find((n) => n.relation === 'o');
    expect(lookup).toMatchObject({ rows: 25, actualRows: 25 });
    // filtered: without it the estimate of the join is rows x rows; with it, much less.
    const extended = parseUserPlan(client(`EXPLAIN EXTENDED ${joinGroupSort}`), 'mysql');
    expect(extended.root.rows).toBeLessThan(boxed.root.rows);
  });

  it('reads boxed and vertical tables whose long rows a mail client wrapped or a terminal cut, as the table whole', () => {
    for (const sql of [joinGroupSort, nested]) {
      for (const explain of ['EXPLAIN', 'EXPLAIN EXTENDED', 'ANALYZE']) {
        for (const mode of ['-t', '-E'] as const) {
          const output = client(`${explain} ${sql}`, mode);
          const whole = reading(parseUserPlan(output, 'mysql'));
          const widths = mode === '-t' ? [80, 60] : [40, 30];
          for (const width of widths) {
            // \G lines are short: only Extra is cut, and one piece alone does not tell a cut from a word wrap.
            const pastes = [['words', wrapWords(output, width)]];
            if (mode === '-t') pastes.push(['cut', cutAt(output, width)]);
            for (const [how, text] of pastes) {
              expect(text, `${explain} ${mode} ${how} ${width}`).not.toBe(output);
              expect(reading(parseUserPlan(text, 'mysql')), `${explain} ${mode} ${how} ${width}`).toEqual(whole);
            }
          }
        }
      }
    }
    // FORMAT=JSON as \\G prints it (one cell after `EXPLAIN: `), its long conditions wrapped or cut.
    for (const explain of ['EXPLAIN FORMAT=JSON', 'ANALYZE FORMAT=JSON']) {
      const output = client(`${explain} ${nested}`, '-E');
      const whole = reading(parseUserPlan(output, 'mysql'));
      for (const width of [50, 40]) {
        for (const [how, text] of [
          ['words', wrapWords(output, width)],
          ['cut', cutAt(output, width)],
        ]) {
          expect(text, `${explain} ${how} ${width}`).not.toBe(output);
          expect(reading(parseUserPlan(text, 'mysql')), `${explain} ${how} ${width}`).toEqual(whole);
        }
      }
    }
    // A row that lost cells is still refused at its line, wrapped or not.
    const output = client(`EXPLAIN ${joinGroupSort}`, '-t').split('\n');
    output[3] = output[3]!.replace(/\|[^|]*\|\s*$/, '|');
    for (const width of [200, 60]) {
      const text = wrapWords(output.join('\n'), width);
      const line = text.split('\n').indexOf(wrapWords(output[3]!, width).split('\n')[0]!) + 1;
      expect(line).toBeGreaterThan(3);
      expect(() => parseUserPlan(text, 'mysql')).toThrow(
        `(line ${line}, column 1): this row has 9 columns but the header has 10`,
      );
    }
  });

  it('reads empty and NULL cells in every mode, also where a paste dropped the tabs of empty last cells', () => {
    // A full scan without a condition: the Extra cell is empty (a trailing tab in -B output), keys are NULL.
    const sql = 'EXPLAIN PARTITIONS SELECT * FROM shippers JOIN events ON events.kind = 1';
    const batch = client(sql, '-B');
    expect(batch.split('\n')[1]).toMatch(/\t$/);
    const boxed = parseUserPlan(client(sql, '-t'), 'mysql');
    const pasted = batch
      .split('\n')
      .map((line) => line.replace(/\s+$/, ''))
      .join('\n');
    for (const output of [batch, pasted, client(sql, '-E')]) {
      expect(shape(parseUserPlan(output, 'mysql').root)).toEqual(shape(boxed.root));
    }
    expect(nodesOf(boxed.root).find((n) => n.relation === 'shippers')).toMatchObject({ node: 'Table scan' });
  });

  it('reads FORMAT=JSON in every client mode, and ANALYZE FORMAT=JSON with measured rows and loops', () => {
    const boxed = parseUserPlan(client(`EXPLAIN FORMAT=JSON ${joinGroupSort}`, '-t'), 'mysql');
    expect(boxed.format).toBe('mariadb-json');
    for (const mode of ['-B', '-E'] as const) {
      const other = parseUserPlan(client(`EXPLAIN FORMAT=JSON ${joinGroupSort}`, mode), 'mysql');
      expect(shape(other.root, { estimates: true, filter: true })).toEqual(
        shape(boxed.root, { estimates: true, filter: true }),
      );
    }
    // The same tree as the tabular format, with the conditions the JSON names.
    const tabular = parseUserPlan(client(`EXPLAIN EXTENDED ${joinGroupSort}`), 'mysql');
    expect(shape(boxed.root)).toEqual(shape(tabular.root));
    expect(nodesOf(boxed.root).find((n) => n.relation === 'c')?.filter).toBe("c.region = 'north'");

    const analyzed = parseUserPlan(client(`ANALYZE FORMAT=JSON ${joinGroupSort}`, '-t'), 'mysql');
    expect(shape(analyzed.root)).toEqual(shape(boxed.root));
    expect(analyzed.executionTimeMs).toBeGreaterThan(0);
    const lookup = nodesOf(analyzed.root).find((n) => n.relation === 'o')!;
    // 200 north customers, one lookup each.
    expect(lookup).toMatchObject({ actualRows: 25, loops: 200 });
    expect(lookup.actualTimeMs).toBeGreaterThan(0);
  });

  it('builds subqueries, semi-join materialization, derived tables and UNION from tabular and JSON alike', () => {
    const expected = {
      node: 'Union (distinct)',
      children: [
        {
          node: 'Nested loop',
          children: [
            { node: 'Full index scan (covering)', relation: 'c', index: 'PRIMARY', children: [] },
            {
              node: 'Unique index lookup (eq_ref)',
              relation: '<subquery3>',
              index: 'distinct_key',
              children: [{ node: 'Materialize', children: [{ node: 'Table scan', relation: 'orders', children: [] }] }],
            },
            {
              node: 'Dependent subquery',
              children: [{ node: 'Index lookup (ref)', relation: 'o', index: 'orders_customer', children: [] }],
            },
          ],
        },
        {
          node: 'Table scan',
          relation: '<derived5>',
          children: [
            {
              node: 'Materialize',
              children: [{ node: 'Range scan', relation: 'orders', index: 'orders_customer', children: [] }],
            },
          ],
        },
      ],
    };
    expect(shape(parseUserPlan(client(`EXPLAIN ${nested}`), 'mysql').root)).toEqual(expected);
    expect(shape(parseUserPlan(client(`EXPLAIN FORMAT=JSON ${nested}`), 'mysql').root)).toEqual(expected);
  });

  it('finds full scans, filesorts and temporary tables of large inputs', () => {
    const scan = diagnosePlan(
      parseUserPlan(client('EXPLAIN FORMAT=JSON SELECT * FROM orders WHERE total = 7'), 'mysql'),
    );
    expect(scan.findings).toHaveLength(1);
    expect(scan.findings[0]).toMatchObject({ id: 'plan-full-scan-large-table', severity: 'warning' });
    expect(scan.findings[0]!.message.en).toBe(
      'Table scan reads all of table orders (about 50,000 rows) to filter orders.total = 7: an index on the filtered columns avoids the full scan',
    );
    const sorted = diagnosePlan(parseUserPlan(client('EXPLAIN SELECT * FROM orders ORDER BY total'), 'mysql'));
    expect(sorted.findings.map((f) => f.id)).toEqual(['plan-full-scan-large-table', 'plan-filesort']);
    expect(sorted.findings[0]!.severity).toBe('info');
    expect(sorted.findings[1]!.message.en).toMatch(/^Filesort sorts about 50,000 rows/);
    const grouped = diagnosePlan(
      parseUserPlan(client('EXPLAIN SELECT customer_id % 7, count(*) FROM orders GROUP BY 1'), 'mysql'),
    );
    expect(grouped.findings.find((f) => f.id === 'plan-temporary-table')).toMatchObject({ severity: 'warning' });
    // Small inputs are not hotspots.
    const small = diagnosePlan(parseUserPlan(client('EXPLAIN SELECT * FROM shippers ORDER BY name'), 'mysql'));
    expect(small.findings).toEqual([]);
  });

  it('finds a stale row estimate with ANALYZE, tabular or JSON', () => {
    for (const explain of ['ANALYZE', 'ANALYZE FORMAT=JSON']) {
      const tree = parseUserPlan(client(`${explain} SELECT * FROM events WHERE kind = 3`), 'mysql');
      const findings = diagnosePlan(tree).findings.filter((f) => f.id === 'plan-row-misestimate');
      expect(findings).toHaveLength(1);
      expect(findings[0]!.message.en).toMatch(/^Table scan on events was estimated at 500 rows but returned 60,000/);
    }
  });

  it('finds a nested loop over a large input, measured per row or through a join buffer', () => {
    // A LEFT JOIN keeps orders outside: the optimizer cannot start from the small table.
    const join = 'SELECT count(s.name) FROM orders o LEFT JOIN shippers s ON s.name = o.status';
    const perRow = parseUserPlan(client(`SET join_cache_level = 0; ANALYZE FORMAT=JSON ${join}`), 'mysql');
    const inner = nodesOf(perRow.root).find((n) => n.relation === 's')!;
    expect(inner.loops).toBe(50_000);
    const finding = diagnosePlan(perRow).findings.find((f) => f.id === 'plan-nested-loop-large-input');
    expect(finding?.message.en).toContain('inner Table scan on s once for each of about 50,000 outer rows');
    const buffered = parseUserPlan(client(`EXPLAIN ${join}`), 'mysql');
    expect(nodesOf(buffered.root).find((n) => n.relation === 's')?.node).toMatch(/join buffer/);
    const bufferFinding = diagnosePlan(buffered).findings.find((f) => f.id === 'plan-nested-loop-large-input');
    expect(bufferFinding?.message.en).toContain('compares each of about 50,000 outer rows with every row of');
  });

  it('rejects a MariaDB plan given for a PostgreSQL statement', () => {
    expect(() => parseUserPlan(client(`EXPLAIN ${joinGroupSort}`), 'postgresql')).toThrow(/MySQL\/MariaDB plan/);
  });
});
