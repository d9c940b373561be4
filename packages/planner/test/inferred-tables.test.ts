import { AppError, type Dialect, type Report } from '@sqltune/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { availablePlanners, shutdownPlanners } from '../src/backends.ts';
import { optimize } from '../src/optimize.ts';
import { scanOf } from '../src/test-support/helpers.ts';

/**
 * A structure that leaves out a table the statement reads (the lookup table nobody pasted): the statement is planned
 * with that table as inferred from the statement (engine schema/inferred-tables.ts), instead of failing as a whole
 * with "relation does not exist"; the report names the inferred table, its columns and types, every index advised
 * on it says its real indexes are unknown, and a statement the inference can not serve says that may be why.
 */

const engineSuffix = (dialect: Dialect) => (dialect === 'mysql' ? ' ENGINE=InnoDB' : '');
const schemaText = (dialect: Dialect) =>
  [
    `CREATE TABLE orders (id BIGINT PRIMARY KEY, customer_id BIGINT NOT NULL, status VARCHAR(20) NOT NULL,
      created_at TIMESTAMP NOT NULL)${engineSuffix(dialect)};`,
    '-- sqltune:stats orders rows=500000',
    '-- sqltune:stats orders.status distinct=5',
    '-- sqltune:stats orders.customer_id distinct=200000',
  ].join('\n');
const SQL = `SELECT o.id, c.name FROM orders o JOIN customers c ON c.id = o.customer_id
WHERE c.city = 'Shanghai' AND o.created_at >= '2024-01-01'`;

afterAll(async () => {
  await shutdownPlanners();
});

async function run(dialect: Dialect, sql = SQL, extra: { planText?: string; errors?: 'throw' | 'report' } = {}) {
  const planners = await availablePlanners();
  return optimize(
    { sql, dialect, schemaText: schemaText(dialect), ...(extra.planText ? { planText: extra.planText } : {}) },
    { planners, engineVersion: 'test', statementErrors: extra.errors ?? 'report' },
  );
}

const notes = (report: Report, language: 'zh' | 'en' = 'en') =>
  report.warnings.map((w) => w.message[language]).join('\n');

function checkPlannedWithInferredCustomers(report: Report, types: string) {
  const [statement] = report.statements;
  expect(statement!.errors).toEqual([]);
  expect(scanOf(statement!.plan.before!.root, 'customers')).toBeDefined();
  // The rules still read the structure as given: the table is missing from it.
  expect(statement!.rules.map((r) => r.id)).toContain('table-not-in-schema');
  expect(notes(report)).toContain(
    `The table structure does not hold customers: planned with the columns the statements read (customers(${types}))`,
  );
  expect(notes(report, 'zh')).toContain('表结构中没有 customers');
  expect(notes(report)).toMatch(/no statistics for customers: planned as 1000 rows/);
  const onCustomers = statement!.indexes.find((i) => i.table === 'customers');
  expect(onCustomers?.columns).toEqual(['city']);
  expect(onCustomers!.reason.en).toContain('customers is not in the table structure and its columns were inferred');
  expect(onCustomers!.reason.zh).toContain('表结构中没有 customers');
  expect(onCustomers!.costBefore).toBeGreaterThan(onCustomers!.costAfter!);
  // An index on a table of the structure says nothing of inference.
  for (const index of statement!.indexes.filter((i) => i.table === 'orders'))
    expect(index.reason.en).not.toContain('inferred');
}

describe('a table the structure leaves out, on PostgreSQL (embedded PGlite)', { timeout: 120_000 }, () => {
  it('plans the statement with the table inferred and advises an index on it, saying so', async () => {
    const report = await run('postgresql');
    checkPlannedWithInferredCustomers(report, 'id BIGINT PRIMARY KEY, name TEXT, city TEXT');
  });

  it("plans the inferred table at the size the user's pasted plan shows", async () => {
    const plan = [
      'Hash Join  (cost=8000.00..30000.00 rows=2000 width=40)',
      '  Hash Cond: (o.customer_id = c.id)',
      '  ->  Seq Scan on orders o  (cost=0.00..9000.00 rows=500000 width=16)',
      '  ->  Hash  (cost=4000.00..4000.00 rows=200000 width=32)',
      '        ->  Seq Scan on customers c  (cost=0.00..4000.00 rows=200000 width=32)',
    ].join('\n');
    const report = await run('postgresql', SQL, { planText: plan });
    expect(notes(report)).toContain('customers: 200,000 rows, taken from the pasted plan');
    const scan = scanOf(report.statements[0]!.plan.before!.root, 'customers');
    const defaulted = scanOf((await run('postgresql')).statements[0]!.plan.before!.root, 'customers');
    // The scan's estimate is the rows passing the city filter: 200 times the table, 200 times the rows.
    expect(scan!.rows).toBe(defaulted!.rows * 200);
  });

  it('adds to the error of a statement the inference can not serve that the table was inferred', async () => {
    // Nothing says tags is an array: inferred as text, `@>` with an array does not exist for it.
    const sql = "SELECT c.id FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.tags @> ARRAY['vip']";
    const report = await run('postgresql', sql);
    const [error] = report.statements[0]!.errors;
    expect(error?.code).toBe(4202);
    expect(error!.message.en).toContain('operator does not exist');
    expect(error!.message.en).toContain(
      'customers is not in the table structure and was planned with columns inferred',
    );
    expect(error!.message.zh).toContain('表结构中没有 customers');
    // The web app refuses the submission with that same error.
    const refused = await run('postgresql', sql, { errors: 'throw' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).detail.message.en).toContain('planned with columns inferred');
  });

  it('leaves a statement over tables of the structure as it was: no inference, no note', async () => {
    const report = await run('postgresql', "SELECT id FROM orders WHERE status = 'paid'");
    expect(report.statements[0]!.errors).toEqual([]);
    expect(notes(report)).not.toContain('does not hold');
    for (const index of report.statements[0]!.indexes) expect(index.reason.en).not.toContain('inferred');
  });
});

describe.runIf(serviceAvailable('MariaDB', mariadbBinary))(
  'a table the structure leaves out, on MariaDB',
  { timeout: 120_000 },
  () => {
    it('plans the statement with the table inferred and advises an index on it, saying so', async () => {
      const report = await run('mysql');
      checkPlannedWithInferredCustomers(report, 'id BIGINT PRIMARY KEY, name VARCHAR(255), city VARCHAR(255)');
    });
  },
);
