import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PlanNode, Report } from '@sqltune/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';

/** `sqltune optimize --schema --stats` as a user runs it, with statistics pasted from real psql / mysql sessions. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const captured = (name: string) =>
  readFileSync(new URL(`../../engine/src/schema/fixtures/${name}`, import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'sqltune-cli-stats-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function sqltune(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['packages/cli/bin/sqltune.js', ...args],
      { cwd: root, maxBuffer: 32 * 1024 * 1024, timeout: 170_000 },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (typeof code !== 'number') reject(error);
        else resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(stdin);
  });
}

/** The estimated rows of the plan node that reads `relation`. */
function rowsReading(node: PlanNode, relation: string): number | undefined {
  if (node.relation === relation) return node.rows;
  for (const child of node.children) {
    const rows = rowsReading(child, relation);
    if (rows !== undefined) return rows;
  }
  return undefined;
}

const pgSchema = file(
  'pg-schema.sql',
  `CREATE TABLE customers (c_id int PRIMARY KEY, c_name text NOT NULL, c_city text);
CREATE TABLE orders (o_id bigint PRIMARY KEY, o_custkey int NOT NULL, o_status text NOT NULL, o_note text, o_date date NOT NULL);
CREATE TABLE events (e_id bigint PRIMARY KEY, e_kind text NOT NULL, e_at timestamptz NOT NULL);
CREATE TABLE audit (id bigint PRIMARY KEY, logged_at timestamptz NOT NULL);
`,
);

describe.concurrent('sqltune optimize --stats', { timeout: 180_000 }, () => {
  it('plans with pg_class and pg_stats rows pasted from psql', async () => {
    const stats = file('pg-stats.txt', captured('pg-stats-session.txt'));
    const query = file(
      'orders.sql',
      "SELECT o_id FROM orders WHERE o_status = 'late';\nSELECT e_id FROM events;\nSELECT max(logged_at) FROM audit;\n",
    );
    const run = await sqltune([
      'optimize',
      query,
      '--dialect',
      'postgresql',
      '--schema',
      pgSchema,
      '--stats',
      stats,
      '--format',
      'json',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = Report.parse(JSON.parse(run.stdout));
    const [late, events] = report.statements;
    // 20000 rows (pg_class) times the frequency of 'late' among the most common values (pg_stats): 0.1667.
    expect(rowsReading(late!.plan.before!.root, 'orders')).toBe(Math.round(20000 * 0.1667));
    expect(rowsReading(events!.plan.before!.root, 'events')).toBe(1_200_000);
    // audit has no statistics: the report states the default the optimizer planned it with; customers has none
    // either, but no statement reads it.
    const warnings = report.warnings.map((w) => w.message.en).join('\n');
    expect(warnings).toMatch(/no statistics for audit: planned as 1000 rows each/);
    expect(warnings).not.toMatch(/customers/);
  });

  it('reports a statistics error with the --stats file, line and column, and exits 2', async () => {
    const stats = file('pg-stats-extra.txt', captured('pg-stats-session.txt'));
    const schema = file('orders-only.sql', 'CREATE TABLE orders (o_id bigint PRIMARY KEY);\n');
    const run = await sqltune(
      ['optimize', '-', '--dialect', 'postgresql', '--schema', schema, '--stats', stats],
      'SELECT o_id FROM orders',
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(
      `error 4203 (${stats}:4:2): statistics: no such table customers in the table structure`,
    );
  });

  it('names the --schema file for an error in pasted SHOW CREATE TABLE output', async () => {
    const schema = file('session.txt', captured('mysql-schema-session.txt'));
    const run = await sqltune(['optimize', '-', '--dialect', 'postgresql', '--schema', schema], 'SELECT 1');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(`^error 4203 \\(${schema}:3:1\\): SHOW CREATE TABLE output is MySQL's: choose the MySQL dialect`),
    );
  });

  it.runIf(serviceAvailable('MariaDB', mariadbBinary))(
    'runs pasted SHOW CREATE TABLE / SHOW INDEX output as DDL in MariaDB, with pasted statistics',
    async () => {
      // The structure: DDL without indexes plus SHOW INDEX (the indexes become CREATE INDEX text), and the
      // customers table as a boxed SHOW CREATE TABLE.
      const session = captured('mysql-schema-session.txt').split('\n').slice(0, 16).join('\n');
      const schema = file(
        'mysql-schema.txt',
        `${session}\nCREATE TABLE orders (o_id BIGINT NOT NULL, o_custkey INT NOT NULL, o_status CHAR(1) NOT NULL, o_date DATE NOT NULL, o_note TEXT);\n\n${captured('mysql-show-index-batch.txt')}`,
      );
      const stats = file(
        'mysql-stats.txt',
        `${captured('mysql-stats-batch.txt')}\n-- sqltune:stats orders rows=777777\n`,
      );
      const query = file('mysql.sql', 'SELECT o_note FROM orders;\n');
      const run = await sqltune([
        'optimize',
        query,
        '--dialect',
        'mysql',
        '--schema',
        schema,
        '--stats',
        stats,
        '--format',
        'json',
      ]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const [statement] = Report.parse(JSON.parse(run.stdout)).statements;
      expect(statement!.plan.source).toMatch(/MariaDB/);
      expect(rowsReading(statement!.plan.before!.root, 'orders')).toBe(777_777);
    },
  );
});

describe('a selective predicate on a 10-million-row table, statistics from --stats', { timeout: 180_000 }, () => {
  const query = file('big-query.sql', "SELECT id, amount FROM payments WHERE reference = 'PAY-000042';\n");
  const schema = file(
    'big-schema.sql',
    'CREATE TABLE payments (id BIGINT NOT NULL PRIMARY KEY, reference VARCHAR(20) NOT NULL, amount DECIMAL(12,2) NOT NULL, paid_on DATE NOT NULL);\n',
  );
  const stats = file(
    'big-stats.json',
    JSON.stringify({ tables: { payments: { rows: 10_000_000, columns: { reference: { ndv: 10_000_000 } } } } }),
  );
  const cases: Array<['postgresql' | 'mysql', RegExp, boolean]> = [
    ['postgresql', /^PostgreSQL \d+\.\d+/, true],
    ['mysql', /^MariaDB \d+\.\d+\.\d+/, serviceAvailable('MariaDB', mariadbBinary)],
  ];
  it.each(cases)('%s: recommends the index and names the optimizer with its version', async (dialect, source, up) => {
    if (!up) return;
    const { code, stdout, stderr } = await sqltune([
      'optimize',
      query,
      '--dialect',
      dialect,
      '--schema',
      schema,
      '--stats',
      stats,
      '--format',
      'json',
    ]);
    expect(code, stderr).toBe(0);
    const statement = Report.parse(JSON.parse(stdout)).statements[0]!;
    expect(statement.plan.source).toMatch(source);
    expect(statement.plan.before!.root.rows).toBeGreaterThan(0);
    expect(statement.indexes.map((i) => i.columns[0])).toContain('reference');
    const advice = statement.indexes.find((i) => i.columns[0] === 'reference')!;
    if (advice.costAfter !== undefined) expect(advice.costAfter).toBeLessThan(advice.costBefore! / 100);
  });
});

describe('several statements from the command line', { timeout: 180_000 }, () => {
  it('get one index set for all of them (the workload section), next to their own advice', async () => {
    const queries = file(
      'workload.sql',
      "SELECT id FROM payments WHERE reference = 'PAY-1';\nSELECT id, amount FROM payments WHERE reference = 'PAY-2' AND paid_on >= '2024-01-01';\n",
    );
    const schema = file(
      'workload-schema.sql',
      'CREATE TABLE payments (id BIGINT NOT NULL PRIMARY KEY, reference VARCHAR(20) NOT NULL, amount DECIMAL(12,2) NOT NULL, paid_on DATE NOT NULL);\n',
    );
    const stats = file(
      'workload-stats.json',
      JSON.stringify({ tables: { payments: { rows: 10_000_000, columns: { reference: { ndv: 5_000_000 } } } } }),
    );
    const args = ['optimize', queries, '--dialect', 'postgresql', '--schema', schema, '--stats', stats];
    const json = await sqltune([...args, '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const report = Report.parse(JSON.parse(json.stdout));
    expect(report.statements).toHaveLength(2);
    expect(report.workload?.statements).toBe(2);
    expect(report.workload!.indexes.map((i) => i.columns[0])).toEqual(['reference']);
    const text = await sqltune([...args, '--format', 'text']);
    expect(text.stdout).toMatch(/One index set for all 2 statements/);
  });
});
