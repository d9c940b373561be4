import { execFileSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { AppError } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresBinDir,
  type RunningPostgres,
  serviceAvailable,
  startPostgres,
} from '../../../../test-support/services.ts';
import { diagnosePlan } from './hotspots/index.ts';
import { parseUserPlan } from './parse.ts';
import { cutAt, nodesOf, reading, shape, wrapWords } from './test-support.ts';

/**
 * Real PostgreSQL 15 plans, printed by psql exactly as a user would copy them, read back into trees. The text and
 * JSON formats of one statement must give the same tree, and the hotspots must fire on plans that have them.
 */
const available = serviceAvailable('PostgreSQL', postgresBinDir);

describe.skipIf(!available)('user plans from PostgreSQL 15 through psql', () => {
  let pg: RunningPostgres;

  /** psql's output for the commands, in its default aligned format or with extra options (-A, -x). */
  function psql(commands: string[], options: string[] = []): string {
    const args = [pg.url, '-X', '-v', 'ON_ERROR_STOP=1', ...options, ...commands.flatMap((c) => ['-c', c])];
    // Stable plans: no parallel workers, no JIT section.
    const env = { ...process.env, PGOPTIONS: '-c max_parallel_workers_per_gather=0 -c jit=off' };
    return execFileSync('psql', args, { encoding: 'utf8', env });
  }

  beforeAll(async () => {
    pg = await startPostgres();
    psql([
      `CREATE TABLE customers (id int PRIMARY KEY, name text, region text);
       CREATE TABLE orders (id int PRIMARY KEY, customer_id int, total numeric, status text, created date);
       CREATE INDEX orders_customer ON orders (customer_id);
       CREATE TABLE regions (name text);
       CREATE TABLE readings (a int, b int);
       INSERT INTO customers SELECT g, 'c' || g, CASE WHEN g % 10 = 0 THEN 'north' ELSE 'south' END
         FROM generate_series(1, 2000) g;
       INSERT INTO orders SELECT g, g % 2000 + 1, g % 500, CASE WHEN g % 3 = 0 THEN 'open' ELSE 'done' END,
         date '2024-01-01' + g % 300 FROM generate_series(1, 50000) g;
       INSERT INTO regions VALUES ('north'), ('south'), ('east'), ('west'), ('open');
       INSERT INTO readings SELECT g % 100, g % 100 FROM generate_series(1, 100000) g;
       ANALYZE;`,
    ]);
  });

  afterAll(async () => {
    await pg?.stop();
  });

  const statements = {
    joinGroupSort: `SELECT c.name, count(*) FROM customers c JOIN orders o ON o.customer_id = c.id
      WHERE c.region = 'north' AND o.status = 'open' GROUP BY c.name ORDER BY 2 DESC LIMIT 5`,
    subplans: `SELECT id, (SELECT max(total) FROM orders o WHERE o.customer_id = c.id) AS top FROM customers c
      WHERE id IN (SELECT customer_id FROM orders WHERE total > 490) AND name NOT IN (SELECT status FROM orders)`,
    indexScan: 'SELECT * FROM orders WHERE id BETWEEN 10 AND 20 ORDER BY id DESC',
    bitmap: 'SELECT * FROM orders WHERE customer_id IN (1, 2, 3)',
    cteUnionWindow: `WITH big AS MATERIALIZED (SELECT customer_id, sum(total) AS s FROM orders GROUP BY customer_id)
      SELECT customer_id, rank() OVER (ORDER BY s DESC) FROM big
      UNION ALL SELECT id, 0 FROM customers WHERE region = 'north'`,
    leftJoin: `SELECT c.id, o.id FROM customers c LEFT JOIN orders o ON o.customer_id = c.id AND o.total > 400
      WHERE c.id < 50`,
  };

  it.each(Object.entries(statements))('reads the text and JSON plans of %s into the same tree', (_, sql) => {
    const text = parseUserPlan(psql([`EXPLAIN ${sql}`]), 'postgresql');
    const json = parseUserPlan(psql([`EXPLAIN (FORMAT JSON) ${sql}`]), 'postgresql');
    expect(text.format).toBe('postgresql-text');
    expect(json.format).toBe('postgresql-json');
    expect(shape(text.root, { estimates: true, filter: true })).toEqual(
      shape(json.root, { estimates: true, filter: true }),
    );
    expect(text.totalCost).toBe(json.totalCost);
    expect(text.totalCost).toBeGreaterThan(0);
  });

  it.each(Object.entries(statements))(
    'reads EXPLAIN ANALYZE of %s as text and JSON with the same measured rows',
    (_, sql) => {
      const text = parseUserPlan(psql([`EXPLAIN ANALYZE ${sql}`]), 'postgresql');
      const json = parseUserPlan(psql([`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`]), 'postgresql');
      expect(shape(text.root, { estimates: true, actuals: true })).toEqual(
        shape(json.root, { estimates: true, actuals: true }),
      );
      for (const tree of [text, json]) {
        expect(tree.executionTimeMs).toBeGreaterThan(0);
        const executed = nodesOf(tree.root).filter((n) => n.loops !== 0);
        expect(executed.every((n) => n.actualRows !== undefined && n.actualTimeMs !== undefined)).toBe(true);
      }
    },
  );

  it('reads every way psql prints a plan: aligned, unaligned, expanded, with BUFFERS/VERBOSE and command tags', () => {
    const sql = statements.joinGroupSort;
    const expected = shape(parseUserPlan(psql([`EXPLAIN ANALYZE ${sql}`]), 'postgresql').root);
    const variants = [
      psql([`EXPLAIN ANALYZE ${sql}`], ['-A']),
      psql([`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`], ['-x']),
      psql([`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`], ['-A']),
      psql([`EXPLAIN (ANALYZE, BUFFERS, VERBOSE) ${sql}`]),
      psql(['SET work_mem = 4096', `EXPLAIN ANALYZE ${sql}`]),
    ];
    for (const output of variants) expect(shape(parseUserPlan(output, 'postgresql').root)).toEqual(expected);
    // VERBOSE qualifies table names with their schema; the relation is still the table.
    const verbose = parseUserPlan(psql([`EXPLAIN (VERBOSE) ${sql}`]), 'postgresql');
    expect(
      nodesOf(verbose.root)
        .filter((n) => n.relation)
        .map((n) => n.relation),
    ).toEqual(['orders', 'customers']);
  });

  it('keeps subplans under the node that runs them, and index names', () => {
    const tree = parseUserPlan(psql([`EXPLAIN ${statements.subplans}`]), 'postgresql');
    const bitmap = nodesOf(tree.root).find((n) => n.node === 'Bitmap Index Scan');
    expect(bitmap?.index).toBe('orders_customer');
    const scanOfCustomers = nodesOf(tree.root).find((n) => n.relation === 'customers');
    // "NOT IN (SELECT status FROM orders)" is a hashed SubPlan of the customers scan.
    expect(scanOfCustomers?.children.map((c) => c.relation)).toEqual(['orders']);
    const backward = parseUserPlan(psql([`EXPLAIN ${statements.indexScan}`]), 'postgresql');
    expect(backward.root).toMatchObject({ node: 'Index Scan', relation: 'orders', index: 'orders_pkey' });
    expect(backward.root.details).toContain('Index Scan Backward using orders_pkey on orders');
  });

  it('finds a full scan of a large table, by statistics, by measured rows and by cost', () => {
    const sql = "SELECT * FROM orders WHERE status = 'open' AND total = 7";
    const plain = parseUserPlan(psql([`EXPLAIN ${sql}`]), 'postgresql');
    const withStats = diagnosePlan(plain, { tableRows: new Map([['orders', 50_000]]) }).findings;
    expect(withStats).toHaveLength(1);
    expect(withStats[0]).toMatchObject({ id: 'plan-full-scan-large-table', severity: 'warning', rewrite: false });
    expect(withStats[0]!.message.en).toContain('orders (about 50,000 rows)');
    expect(diagnosePlan(plain).findings[0]!.message.en).toMatch(/orders \(estimated cost [\d,]+\)/);
    const measured = diagnosePlan(parseUserPlan(psql([`EXPLAIN ANALYZE ${sql}`]), 'postgresql'));
    expect(measured.findings[0]!.message.en).toContain('about 50,000 rows');
    expect(measured.plan.root.warnings[0]).toEqual(measured.findings[0]!.message);
    // A small table is not a hotspot.
    const small = parseUserPlan(psql(["EXPLAIN SELECT * FROM regions WHERE name = 'x'"]), 'postgresql');
    expect(diagnosePlan(small).findings).toEqual([]);
  });

  it('finds a sort that spilled to disk and a hash that spilled to temporary files', () => {
    const sort = parseUserPlan(
      psql(["SET work_mem = '64kB'", 'EXPLAIN ANALYZE SELECT * FROM orders ORDER BY status, total']),
      'postgresql',
    );
    const sortFinding = diagnosePlan(sort).findings.find((f) => f.id === 'plan-filesort');
    expect(sortFinding?.message.en).toContain('by status, total, spilling to disk');
    const hash = parseUserPlan(
      psql([
        "SET work_mem = '64kB'",
        'SET enable_mergejoin = off',
        'SET enable_nestloop = off',
        'EXPLAIN ANALYZE SELECT o.id, o2.total FROM orders o JOIN orders o2 ON o2.id = o.id',
      ]),
      'postgresql',
    );
    const spill = diagnosePlan(hash).findings.find((f) => f.id === 'plan-temporary-table');
    expect(spill).toMatchObject({ severity: 'warning' });
    expect(spill!.message.en).toMatch(/^Hash ran out of work_mem and spilled to temporary files in \d+ batches/);
  });

  it('finds where a row estimate goes wrong (correlated columns), only at the lowest node', () => {
    const tree = parseUserPlan(
      psql(['EXPLAIN ANALYZE SELECT a, count(*) FROM readings WHERE a = 1 AND b = 1 GROUP BY a']),
      'postgresql',
    );
    const findings = diagnosePlan(tree).findings.filter((f) => f.id === 'plan-row-misestimate');
    expect(findings).toHaveLength(1);
    expect(findings[0]!.message.en).toMatch(/^Seq Scan on readings was estimated at \d+ rows but returned 1,000/);
    // The same statement without ANALYZE has nothing measured to compare.
    const estimated = parseUserPlan(psql(['EXPLAIN SELECT * FROM readings WHERE a = 1 AND b = 1']), 'postgresql');
    expect(diagnosePlan(estimated).findings.map((f) => f.id)).not.toContain('plan-row-misestimate');
  });

  it('finds a nested loop that rescans a table for every row of a large outer input', () => {
    const tree = parseUserPlan(
      psql([
        'SET enable_hashjoin = off',
        'SET enable_mergejoin = off',
        'EXPLAIN ANALYZE SELECT o.id, r.name FROM orders o LEFT JOIN regions r ON r.name = o.status',
      ]),
      'postgresql',
    );
    const finding = diagnosePlan(tree).findings.find((f) => f.id === 'plan-nested-loop-large-input');
    expect(finding?.severity).toBe('warning');
    expect(finding?.message.en).toContain('Seq Scan on regions once for each of about 50,000 outer rows');
    // Index lookups for a few outer rows are fine.
    const lookups = parseUserPlan(
      psql(['SET enable_hashjoin = off', 'SET enable_mergejoin = off', `EXPLAIN ANALYZE ${statements.leftJoin}`]),
      'postgresql',
    );
    expect(lookups.root.node).toBe('Nested Loop');
    expect(nodesOf(lookups.root.children[1]!).some((n) => n.index === 'orders_customer')).toBe(true);
    expect(diagnosePlan(lookups).findings.map((f) => f.id)).not.toContain('plan-nested-loop-large-input');
  });

  it('rejects a PostgreSQL plan given for a MySQL statement', () => {
    const text = psql([`EXPLAIN ${statements.indexScan}`]);
    expect(() => parseUserPlan(text, 'mysql')).toThrow(/this is a PostgreSQL plan/);
  });

  describe('plans whose long lines a terminal, a chat app or a mail client wrapped', () => {
    const explains = (sql: string) => [`EXPLAIN ${sql}`, `EXPLAIN ANALYZE ${sql}`, `EXPLAIN (VERBOSE) ${sql}`];
    const outputs = () =>
      Object.values(statements).flatMap((sql) =>
        explains(sql).map((explain) => ({ explain, output: psql([explain]) })),
      );
    const read = (text: string) => reading(parseUserPlan(text, 'postgresql'));

    it('reads psql output wrapped at the words at 80 and 40 columns as the plan unwrapped', () => {
      for (const { explain, output } of outputs()) {
        const whole = read(output);
        for (const width of [80, 40]) {
          expect(read(wrapWords(output, width)), `${explain} at ${width}`).toEqual(whole);
        }
      }
    });

    it('reads psql output a terminal cut at 80 and 40 columns as the plan uncut', () => {
      for (const { explain, output } of outputs()) {
        const whole = read(output);
        for (const width of [80, 40]) {
          // One line alone cut in a property is told from a word wrap by nothing: it is joined with a blank.
          if (width === 80 && !explain.includes('ANALYZE')) continue;
          expect(read(cutAt(output, width)), `${explain} at ${width}`).toEqual(whole);
        }
      }
    });

    it('reads nearly every plan wrapped or cut at any width from 40 to 140 columns as the plan whole', () => {
      let pastes = 0;
      const misread: string[] = [];
      for (const { explain, output } of outputs()) {
        const whole = read(output);
        for (let width = 40; width <= 140; width++) {
          for (const [how, text] of [
            ['words', wrapWords(output, width)],
            ['cut', cutAt(output, width)],
          ] as const) {
            pastes++;
            let got: unknown;
            try {
              got = read(text);
            } catch (error) {
              got = error;
            }
            if (!isDeepStrictEqual(got, whole)) misread.push(`${explain} ${how} ${width}`);
          }
        }
      }
      // What is left: one line alone cut inside a property, and word wraps that fill every line to the width
      // (both told from the other kind of wrap by nothing but the words).
      expect(misread.length / pastes, misread.join('\n')).toBeLessThan(0.01);
    });

    it('reads EXPLAIN (FORMAT JSON) wrapped or cut inside its strings and numbers as the JSON whole', () => {
      for (const sql of Object.values(statements)) {
        const output = psql([`EXPLAIN (VERBOSE, FORMAT JSON) ${sql}`], ['-A', '-t']);
        const whole = read(output);
        for (const width of [40, 30]) {
          for (const [how, text] of [
            ['words', wrapWords(output, width)],
            ['cut', cutAt(output, width)],
          ]) {
            expect(text, `${how} ${width}`).not.toBe(output);
            expect(read(text), `${how} ${width}`).toEqual(whole);
          }
        }
      }
    });

    it("reads psql's own wrapped format at 80 and 40 columns, in ASCII and unicode lines", () => {
      for (const sql of Object.values(statements)) {
        // Measured without times, so that two runs print the same plan.
        const explain = `EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF, VERBOSE) ${sql}`;
        const whole = read(psql([explain]));
        for (const columns of ['80', '40']) {
          for (const linestyle of ['ascii', 'unicode']) {
            const options = ['-P', 'format=wrapped', '-P', `columns=${columns}`, '-P', `linestyle=${linestyle}`];
            const output = psql([explain], options);
            expect(read(output), `${columns} ${linestyle}`).toEqual(whole);
          }
        }
      }
    });

    it('reads a plan quoted in a mail reply, numbered by an editor, with Windows line ends, expanded by \\x', () => {
      const sql = statements.joinGroupSort;
      const output = psql([`EXPLAIN (ANALYZE, VERBOSE) ${sql}`]);
      const whole = read(output);
      const lines = output.split('\n');
      const pastes = {
        quoted: lines.map((l) => `> ${l}`).join('\n'),
        'quoted twice': lines.map((l) => `> > ${l}`).join('\n'),
        'quoted, then wrapped': wrapWords(lines.map((l) => `> ${l}`).join('\n'), 80),
        'wrapped, then quoted': wrapWords(output, 78)
          .split('\n')
          .map((l) => `>${l === '' ? '' : ` ${l}`}`)
          .join('\n'),
        numbered: lines.map((l, i) => `${String(i + 1).padStart(3)} ${l}`).join('\n'),
        'cat -n': lines.map((l, i) => `${String(i + 1).padStart(6)}\t${l}`).join('\n'),
        'numbered, then wrapped': wrapWords(lines.map((l, i) => `${i + 1}: ${l}`).join('\n'), 80),
        'Windows line ends, wrapped': wrapWords(output, 80).replace(/\n/g, '\r\n'),
      };
      for (const [form, text] of Object.entries(pastes)) expect(read(text), form).toEqual(whole);
      const untimed = `EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF, VERBOSE) ${sql}`;
      expect(read(wrapWords(psql([untimed], ['-x']), 80)), 'expanded (\\x), wrapped').toEqual(read(psql([untimed])));
    });

    it('still refuses a line that is no plan, at its line, in zh and en, however the plan around it was wrapped', () => {
      const output = psql([`EXPLAIN ANALYZE ${statements.subplans}`]);
      const lines = output.split('\n');
      const at = lines.findIndex((l) => l.includes('->  Hash'));
      lines.splice(at + 1, 0, '         this line was typed by hand');
      for (const text of [lines.join('\n'), wrapWords(lines.join('\n'), 80), cutAt(lines.join('\n'), 80)]) {
        const typed = text.split('\n').findIndex((l) => l.includes('typed by hand')) + 1;
        try {
          parseUserPlan(text, 'postgresql');
          expect.unreachable();
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          const { code, detail } = error as AppError;
          expect(code).toBe(4204);
          expect(detail).toMatchObject({ field: 'plan', line: typed });
          expect(detail.message.en).toContain('does not continue the PostgreSQL text plan above it');
          expect(detail.message.zh).toContain('这一行不能接在上面的 PostgreSQL 文本计划之后');
        }
      }
    });
  });
});
