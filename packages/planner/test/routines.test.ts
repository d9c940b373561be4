import type { Dialect } from '@sqltune/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { shutdownPlanners } from '../src/backends.ts';
import { mariadbPlanner } from '../src/mariadb/backend.ts';
import { optimize } from '../src/optimize.ts';
import { pglitePlanner } from '../src/pglite/backend.ts';
import type { PlannerBackend } from '../src/types.ts';
import { recording } from './recording-backend.ts';

/**
 * Stored routines pasted for their queries: the statements of the body are planned, each on its own; nothing of the
 * routine (its CREATE, its body, its side effects) reaches the sandbox. Every text the sandbox is given is recorded.
 */
afterAll(async () => {
  await shutdownPlanners();
});

const schemaText = [
  'CREATE TABLE orders (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, amount DECIMAL(12,2) NOT NULL,',
  '  status VARCHAR(16) NOT NULL, created_at TIMESTAMP NOT NULL);',
  'CREATE TABLE audit (id BIGINT PRIMARY KEY, note VARCHAR(100));',
].join('\n');

const cases: { dialect: Dialect; name: string; backend: PlannerBackend; available: boolean; sql: string }[] = [
  {
    dialect: 'postgresql',
    name: 'PGlite',
    backend: pglitePlanner,
    available: true,
    sql: `CREATE OR REPLACE FUNCTION get_orders(p_user bigint) RETURNS SETOF orders LANGUAGE plpgsql AS $body$
DECLARE
  v_total numeric;
BEGIN
  SELECT sum(amount) INTO v_total FROM orders WHERE user_id = p_user AND status = 'paid';
  DELETE FROM audit;
  RETURN QUERY SELECT * FROM orders WHERE user_id = p_user ORDER BY created_at DESC LIMIT 10;
END
$body$;`,
  },
  {
    dialect: 'mysql',
    name: 'MariaDB',
    backend: mariadbPlanner,
    available: serviceAvailable('MariaDB', process.env.MYSQL_SANDBOX_URL ? 'MYSQL_SANDBOX_URL' : mariadbBinary),
    sql: `DELIMITER $$
CREATE PROCEDURE get_orders(IN p_user BIGINT)
BEGIN
  DECLARE v_total DECIMAL(12,2);
  SELECT SUM(amount) INTO v_total FROM orders WHERE user_id = p_user AND status = 'paid';
  DELETE FROM audit;
  SELECT * FROM orders WHERE user_id = p_user ORDER BY created_at DESC LIMIT 10;
END$$
DELIMITER ;`,
  },
];

for (const { dialect, name, backend, available, sql } of cases) {
  describe.runIf(available)(`stored routines on ${name}`, { timeout: 180_000 }, () => {
    it('plans each query of the body at its place and sends nothing of the routine to the sandbox', async () => {
      const spy = recording(backend);
      const report = await optimize(
        { sql, dialect, schemaText },
        { planners: { [dialect]: spy.backend }, engineVersion: 'test' },
      );
      expect(report.statements.map((s) => [s.routine?.label.en, s.routine?.label.zh, s.location?.line])).toEqual([
        [
          'get_orders, statement 1',
          'get_orders 的第 1 条语句',
          sql.split('\n').findIndex((l) => l.includes('sum') || l.includes('SUM')) + 1,
        ],
        [
          'get_orders, statement 3',
          'get_orders 的第 3 条语句',
          sql.split('\n').findIndex((l) => l.includes('LIMIT 10')) + 1,
        ],
      ]);
      // Shown as written (the routine's names and INTO), though planned with values in their place.
      const [first, last] = report.statements;
      expect(first!.original).toMatch(
        /^SELECT (sum|SUM)\(amount\) INTO v_total FROM orders WHERE user_id = p_user AND/,
      );
      expect(last!.original).toMatch(/WHERE user_id = p_user ORDER BY created_at DESC LIMIT 10$/);
      expect(last!.optimized).toContain('user_id = p_user');
      expect(last!.diff).not.toMatch(/user_id = [^p]/);
      for (const statement of report.statements) {
        expect(statement.errors).toEqual([]);
        expect(statement.plan.before?.root).toBeDefined();
        expect(statement.rules.map((f) => f.id)).not.toContain('column-not-in-schema');
      }
      // The DELETE of the body (a side effect): left out with a note where data changes are refused, never sent.
      const notes = report.warnings.map((w) => w.message.en);
      expect(notes).toContainEqual(expect.stringContaining('get_orders: the data change at line'));
      expect(spy.sent.length).toBeGreaterThan(2);
      for (const text of spy.sent) {
        expect(text).not.toMatch(/PROCEDURE|FUNCTION|\$body\$|p_user|v_total|DELETE|DELIMITER/i);
      }
    });

    it('sends the body data change only as its own statement where data changes are analyzed', async () => {
      const spy = recording(backend);
      const report = await optimize(
        { sql, dialect, schemaText, dataChanges: 'analyze' },
        { planners: { [dialect]: spy.backend }, engineVersion: 'test', statementErrors: 'report' },
      );
      expect(report.statements.map((s) => s.routine?.statement)).toEqual([1, 2, 3]);
      expect(report.statements[1]!.original).toBe('DELETE FROM audit');
      for (const text of spy.sent) expect(text).not.toMatch(/PROCEDURE|FUNCTION|\$body\$|BEGIN/i);
    });
  });
}

describe('stored routines on PGlite: quoted and SQL-standard bodies, declarations, DO blocks', {
  timeout: 180_000,
}, () => {
  const sql = `CREATE FUNCTION paid_total(p_user bigint) RETURNS numeric LANGUAGE plpgsql AS '
DECLARE
  v_status orders.status%TYPE := ''paid'';
  v_count bigint := (SELECT count(*) FROM orders WHERE user_id = p_user);
BEGIN
  RETURN (SELECT sum(amount) FROM orders WHERE user_id = p_user AND status = v_status);
END';
CREATE PROCEDURE close_user(p_user bigint) LANGUAGE sql
BEGIN ATOMIC
  UPDATE orders SET status = 'closed' WHERE user_id = p_user;
  DELETE FROM audit WHERE id = p_user;
END;
DO $do$ BEGIN PERFORM id FROM orders WHERE status = 'open' LIMIT 1; END $do$;`;

  it('plans the statements of each body and sends nothing of the routines to the sandbox', async () => {
    const spy = recording(pglitePlanner);
    const report = await optimize(
      { sql, dialect: 'postgresql', schemaText },
      { planners: { postgresql: spy.backend }, engineVersion: 'test' },
    );
    const line = (needle: string) => sql.split('\n').findIndex((l) => l.includes(needle)) + 1;
    expect(report.statements.map((s) => [s.routine?.label.en, s.routine?.label.zh, s.location?.line])).toEqual([
      ['paid_total, statement 1', 'paid_total 的第 1 条语句', line('count(*)')],
      ['paid_total, statement 2', 'paid_total 的第 2 条语句', line('sum(amount)')],
      ['close_user, statement 1', 'close_user 的第 1 条语句', line('UPDATE')],
      ['DO, statement 1', 'DO 的第 1 条语句', line('PERFORM')],
    ]);
    // Shown as written: the quoted body's doubled quotes and the names, though planned with values.
    expect(report.statements[1]!.original).toBe(
      'SELECT sum(amount) FROM orders WHERE user_id = p_user AND status = v_status',
    );
    expect(report.statements[2]!.original).toBe("UPDATE orders SET status = 'closed' WHERE user_id = p_user");
    expect(report.statements[3]!.original).toBe("PERFORM id FROM orders WHERE status = 'open' LIMIT 1");
    for (const statement of report.statements) {
      expect(statement.errors).toEqual([]);
      expect(statement.plan.before?.root).toBeDefined();
      expect(statement.rules.map((f) => f.id)).not.toContain('column-not-in-schema');
    }
    // The procedure's DELETE: a data change, left out with a note, never sent.
    expect(report.warnings.map((w) => w.message.en)).toContainEqual(
      expect.stringContaining(`close_user: the data change at line ${line('DELETE')}`),
    );
    expect(spy.sent.length).toBeGreaterThan(3);
    for (const text of spy.sent) {
      expect(text).not.toMatch(/FUNCTION|PROCEDURE|ATOMIC|\$do\$|PERFORM|p_user|v_status|v_count|''|DELETE/i);
    }
  });
});
