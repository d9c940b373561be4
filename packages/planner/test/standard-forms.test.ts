/**
 * The standard's call forms and window frames the engine reads since issue 11 (engine/src/dialect/standard-forms.ts)
 * go through the whole pipeline on the real databases: planned, and any rewrite around them verified.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { shutdownPlanners } from '../src/backends.ts';
import { mariadbPlanner } from '../src/mariadb/backend.ts';
import { optimize } from '../src/optimize.ts';
import { pglitePlanner } from '../src/pglite/backend.ts';
import type { PlannerBackend } from '../src/types.ts';

afterAll(async () => {
  await shutdownPlanners();
});

const schema = `CREATE TABLE sales (id INT PRIMARY KEY, region VARCHAR(20) NOT NULL, amount INT NOT NULL, sold DATE NOT NULL);
-- sqltune:stats sales rows=100000
-- sqltune:stats sales.region distinct=12`;

const COMMON = [
  'SELECT region, SUM(DISTINCT amount), AVG(DISTINCT amount), MAX(DISTINCT amount) FROM sales GROUP BY region',
  'SELECT SUBSTRING(region FROM 1 FOR 3) AS r, COUNT(*) FROM sales GROUP BY SUBSTRING(region FROM 1 FOR 3)',
  'SELECT id, SUM(amount) OVER (PARTITION BY region ORDER BY sold ROWS BETWEEN 10 PRECEDING AND 1 PRECEDING) FROM sales',
  'SELECT id, SUM(amount) OVER (ORDER BY amount RANGE BETWEEN 5 PRECEDING AND 5 FOLLOWING) FROM sales',
  // A rewrite next to them (YEAR(...) = n as a range) must still be verified on generated rows.
  'SELECT region, SUM(DISTINCT amount) FROM sales WHERE EXTRACT(YEAR FROM sold) = 2024 GROUP BY region',
];

const cases: Array<{ dialect: 'mysql' | 'postgresql'; backend: PlannerBackend; statements: string[]; run: boolean }> = [
  {
    dialect: 'postgresql',
    backend: pglitePlanner,
    run: true,
    statements: [
      ...COMMON,
      'SELECT id, SUM(amount) OVER (ORDER BY sold GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE TIES) FROM sales',
      "SELECT id, SUM(amount) OVER (ORDER BY sold RANGE BETWEEN INTERVAL '7' DAY PRECEDING AND CURRENT ROW) FROM sales",
      "SELECT OVERLAY(region PLACING 'xx' FROM 2 FOR 1), EXTRACT(JULIAN FROM sold) FROM sales",
    ],
  },
  {
    dialect: 'mysql',
    backend: mariadbPlanner,
    run: serviceAvailable('MariaDB', mariadbBinary),
    // (RANGE frames with an INTERVAL are MySQL 8's: MariaDB 10.11 refuses them, with its own 4202.)
    statements: [...COMMON, 'SELECT EXTRACT(MICROSECOND FROM sold) FROM sales'],
  },
];

for (const { dialect, backend, statements, run } of cases) {
  describe.runIf(run)(`standard forms on ${dialect}`, () => {
    it('plans each statement and verifies the rewrites around them', async () => {
      const report = await optimize(
        { sql: statements.join(';\n'), dialect, schemaText: schema },
        { planners: { [dialect]: backend }, engineVersion: 'test' },
      );
      expect(report.statements).toHaveLength(statements.length);
      for (const statement of report.statements) {
        expect(statement.plan.before, statement.original).not.toBeNull();
        expect(statement.verification.verdict, statement.original).not.toBe('refuted');
      }
      const rewritten = report.statements.at(COMMON.length - 1)!;
      expect(rewritten.optimized).toMatch(/sold >= '2024-01-01' AND sold < '2025-01-01'/);
      expect(rewritten.verification.verdict).toBe('not-refuted');
    }, 120_000);
  });
}
