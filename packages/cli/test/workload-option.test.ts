import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Report } from '@sqltune/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { WORKLOAD_SHOP_SCHEMA } from '../../../test-support/workload-shop.ts';

/** `sqltune optimize --workload` as a user runs it, on statement statistics captured from real clients. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../../engine/src/workload/fixtures/${name}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sqltune-cli-workload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function sqltune(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['packages/cli/bin/sqltune.js', ...args],
      { cwd: root, maxBuffer: 32 * 1024 * 1024, timeout: 240_000 },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (typeof code !== 'number') reject(error);
        else resolve({ code, stdout, stderr });
      },
    );
  });
}

const schema = file('shop.sql', WORKLOAD_SHOP_SCHEMA);

// One CLI run at a time, each with the time a loaded machine needs (no timing is asserted).
describe('sqltune optimize --workload', { timeout: 240_000 }, () => {
  it('pg_stat_statements from psql: one weighted index set, what each index serves and slows (json)', async () => {
    const { code, stdout } = await sqltune([
      'optimize',
      '--workload',
      fixture('pg-stat-statements-aligned.txt'),
      '--dialect',
      'postgresql',
      '--schema',
      schema,
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    const report = Report.parse(JSON.parse(stdout));
    const workload = report.workload!;
    expect(workload.source).toMatchObject({ format: 'pg_stat_statements', weighting: 'time' });
    // The four SELECTs and the UPDATE are optimized, each under the comment naming it in the workload.
    expect(report.statements.map((s) => s.leadingComments)).toEqual([
      expect.stringMatching(/^-- workload #1: 40 calls/),
      expect.stringMatching(/^-- workload #2: 3 calls/),
      expect.stringMatching(/^-- workload #3: 12 calls/),
      expect.stringMatching(/^-- workload #4: 5 calls/),
      expect.stringMatching(/^-- workload #6: 8 calls/),
    ]);
    const k = workload.indexes.findIndex((i) => i.table === 'orders' && i.columns[0] === 'customer_id');
    expect(workload.usage![k]).toMatchObject({ serves: [1], slows: [5, 7] });
    expect(workload.existing).toContainEqual(expect.objectContaining({ name: 'orders_status', reason: 'redundant' }));
  });

  it('prints the workload section in text, in Chinese', async () => {
    const { code, stdout } = await sqltune([
      'optimize',
      '--workload',
      fixture('pg-stat-statements.csv'),
      '--dialect',
      'postgresql',
      '--schema',
      schema,
      '--lang',
      'zh',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('来自 pg_stat_statements 的负载，按实测耗时加权（7 条语句，分析 5 条）');
    expect(stdout).toMatch(/CREATE INDEX \S+ ON orders \(customer_id\);\n\s+服务 #\d/);
  });

  it.runIf(serviceAvailable('MariaDB', mariadbBinary))(
    'the digest table from the mariadb client, on MariaDB',
    async () => {
      const { code, stdout } = await sqltune([
        'optimize',
        '--workload',
        fixture('mysql-digest-table.txt'),
        '--schema',
        schema,
        '--format',
        'json',
      ]);
      expect(code).toBe(0);
      const workload = Report.parse(JSON.parse(stdout)).workload!;
      expect(workload.source?.format).toBe('statements_by_digest');
      const lookup = workload.source!.statements.find((s) => /customer_id/.test(s.text) && s.kind === 'select')!;
      expect(lookup.planned).toMatch(/`customer_id` = 1$/);
      const k = workload.indexes.findIndex((i) => i.table === 'orders' && i.columns[0] === 'customer_id');
      expect(workload.usage![k]!.serves).toContain(lookup.number);
      // The INSERT's collapsed VALUES list does not parse; it still counts as a write on orders.
      const insert = workload.source!.statements.find((s) => s.kind === 'insert')!;
      expect(workload.usage![k]!.slows).toContain(insert.number);
    },
  );

  it('unreadable statistics: 4210 at the workload file, line and column, exit 2', async () => {
    const broken = file(
      'broken.txt',
      readFileSync(fixture('mysql-digest-vertical.txt'), 'utf8').replace('COUNT_STAR: 40', 'COUNT_STAR: forty'),
    );
    const { code, stderr } = await sqltune(['optimize', '--workload', broken, '--schema', schema]);
    expect(code).toBe(2);
    expect(stderr).toContain(`error 4210 (${broken}:3:20): workload statistics: COUNT_STAR is not a number`);
  });

  it('FILE and --workload together are a usage error', async () => {
    const { code, stderr } = await sqltune(['optimize', 'q.sql', '--workload', fixture('mysqldumpslow.txt')]);
    expect(code).toBe(64);
    expect(stderr).toContain('give FILE or --workload, not both');
  });
});
