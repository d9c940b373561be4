import { existsSync } from 'node:fs';
import type { Dialect, Report } from '@sqltune/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, postgresBinDir, serviceAvailable } from '../../../test-support/services.ts';
import { availablePlanners, shutdownPlanners } from '../src/backends.ts';
import { optimize } from '../src/optimize.ts';
import { configurePlanners, type PlannerSettings, plannerSettings } from '../src/settings.ts';
import { scanOf } from '../src/test-support/helpers.ts';

/**
 * A table without statistics is planned at the size the user's pasted plan shows of it, not the default, and the
 * report says where the size came from; a table with the user's statistics keeps them whatever the plan shows.
 */

const schema = (dialect: Dialect) =>
  [
    `CREATE TABLE customers (id INT PRIMARY KEY, region VARCHAR(10))${dialect === 'mysql' ? ' ENGINE=InnoDB' : ''};`,
    `CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, status VARCHAR(10))${dialect === 'mysql' ? ' ENGINE=InnoDB' : ''};`,
    '-- sqltune:stats customers rows=20000',
  ].join('\n');
const SQL = 'SELECT o.id, c.region FROM orders o JOIN customers c ON c.id = o.customer_id';

const POSTGRES_PLAN = [
  'Hash Join  (cost=35.50..1200000.00 rows=5000000 width=64)',
  '  Hash Cond: (o.customer_id = c.id)',
  '  ->  Seq Scan on orders o  (cost=0.00..900000.00 rows=5000000 width=32)',
  '  ->  Hash  (cost=22.00..22.00 rows=1000 width=32)',
  '        ->  Seq Scan on customers c  (cost=0.00..22.00 rows=1000 width=32)',
].join('\n');
// The same join with orders filtered: its estimate is the rows passing the filter, not the table.
const FILTERED_POSTGRES_PLAN = POSTGRES_PLAN.replace(
  'rows=5000000 width=32)',
  "rows=5000000 width=32)\n        Filter: ((status)::text = 'open'::text)",
);
const MYSQL_PLAN = [
  'id\tselect_type\ttable\ttype\tpossible_keys\tkey\tkey_len\tref\trows\tExtra',
  '1\tSIMPLE\to\tALL\tNULL\tNULL\tNULL\tNULL\t5000000\t',
  '1\tSIMPLE\tc\teq_ref\tPRIMARY\tPRIMARY\t4\tdb.o.customer_id\t1\t',
].join('\n');

const NOTE = 'orders: 5,000,000 rows, taken from the pasted plan (no statistics given)';
const NOTE_ZH = 'orders：5,000,000 行，取自粘贴的执行计划（未提供统计信息）';

afterAll(async () => {
  await shutdownPlanners();
});

async function run(dialect: Dialect, planText: string | null, settings?: PlannerSettings): Promise<Report> {
  const planners = await availablePlanners(settings);
  return optimize({ sql: SQL, dialect, schemaText: schema(dialect), planText }, { planners, engineVersion: 'test' });
}

const notes = (report: Report, language: 'zh' | 'en' = 'en') => report.warnings.map((w) => w.message[language]);

/** The same statement planned without and with the pasted plan: the sizes, the notes and the cost. */
async function compare(dialect: Dialect, planText: string, settings?: PlannerSettings) {
  const before = await run(dialect, null, settings);
  const after = await run(dialect, planText, settings);
  return {
    before,
    after,
    planBefore: before.statements[0]!.plan.before!,
    planAfter: after.statements[0]!.plan.before!,
  };
}

describe('table sizes from the pasted plan on PostgreSQL (embedded PGlite)', () => {
  it('plans orders at the pasted 5,000,000 rows and says so; customers keeps the given 20,000', async () => {
    const { before, after, planBefore, planAfter } = await compare('postgresql', POSTGRES_PLAN);
    expect(notes(before).join('\n')).toMatch(/no statistics for orders: planned as 1000 rows each/);
    expect(notes(before).join('\n')).not.toContain('taken from the pasted plan');
    expect(scanOf(planBefore.root, 'orders')?.rows).toBe(1000);

    expect(notes(after).some((n) => n.endsWith(NOTE))).toBe(true);
    expect(notes(after, 'zh').some((n) => n.endsWith(NOTE_ZH))).toBe(true);
    expect(notes(after).join('\n')).not.toMatch(/no statistics for/);
    expect(scanOf(planAfter.root, 'orders')?.rows).toBe(5_000_000);
    expect(scanOf(planAfter.root, 'customers')?.rows).toBe(20_000);
    // A 5,000-fold larger table: the join's cost grows with it.
    expect(planAfter.totalCost).toBeGreaterThan(planBefore.totalCost * 100);
  });

  it('keeps the default for a table the plan shows only filtered', async () => {
    const report = await run('postgresql', FILTERED_POSTGRES_PLAN);
    expect(notes(report).join('\n')).toMatch(/no statistics for orders: planned as 1000 rows each/);
    expect(notes(report).join('\n')).not.toContain('taken from the pasted plan');
    expect(scanOf(report.statements[0]!.plan.before!.root, 'orders')?.rows).toBe(1000);
  });
});

describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('table sizes from the pasted plan on MariaDB', () => {
  it("plans the alias o's table at the pasted 5,000,000 rows and says so", async () => {
    const { before, after, planBefore, planAfter } = await compare('mysql', MYSQL_PLAN);
    expect(notes(before).join('\n')).toMatch(/no statistics for orders: planned as 1000 rows/);
    expect(notes(after).some((n) => n.endsWith(NOTE))).toBe(true);
    expect(notes(after).join('\n')).not.toMatch(/no statistics for/);
    // InnoDB's persistent statistics hold the injected count: the table scan reads it as the table's rows.
    expect(scanOf(planAfter.root, 'orders')?.rows).toBe(5_000_000);
    expect(scanOf(planBefore.root, 'orders')?.rows).toBe(1000);
    expect(planAfter.totalCost).toBeGreaterThan(planBefore.totalCost * 100);
  });
});

const hypopgInstalled = existsSync('/usr/share/postgresql/15/extension/hypopg.control') ? postgresBinDir : undefined;

describe.runIf(serviceAvailable('PostgreSQL+HypoPG', hypopgInstalled))(
  'table sizes from the pasted plan on a PostgreSQL 15 + HypoPG sandbox',
  () => {
    const settings = plannerSettings();
    afterAll(() => configurePlanners(settings));
    const sandbox = { ...settings, postgres: { ...settings.postgres, useSandbox: true } };

    it('plans orders at the pasted 5,000,000 rows and says so', async () => {
      const { after, planBefore, planAfter } = await compare('postgresql', POSTGRES_PLAN, sandbox);
      expect(after.statements[0]!.plan.source).toMatch(/^PostgreSQL 15/);
      expect(notes(after).some((n) => n.endsWith(NOTE))).toBe(true);
      expect(scanOf(planAfter.root, 'orders')?.rows).toBe(5_000_000);
      expect(planAfter.totalCost).toBeGreaterThan(planBefore.totalCost * 100);
    });
  },
);
