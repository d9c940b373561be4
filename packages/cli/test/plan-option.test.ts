import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** `sqltune optimize --plan`: a plan pasted from psql read beside its statement, as a user runs the CLI. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = 'packages/cli/test/fixtures';

function sqltune(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['packages/cli/bin/sqltune.js', ...args],
      { cwd: root, maxBuffer: 32 * 1024 * 1024, timeout: 200_000 },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (typeof code !== 'number') reject(error);
        else resolve({ code, stdout, stderr });
      },
    );
  });
}

const args = (plan: string) => [
  'optimize',
  `${fixtures}/parallel-join.sql`,
  '--dialect',
  'postgresql',
  '--schema',
  `${fixtures}/parallel-join-schema.sql`,
  '--plan',
  plan,
  '--format',
  'text',
  '--lang',
  'en',
];

describe.concurrent('sqltune optimize --plan', { timeout: 240_000 }, () => {
  it("reads a parallel plan copied from a blog's psql output: its hotspots, and table sizes taken from it", async () => {
    const run = await sqltune(args(`${fixtures}/parallel-join-plan.txt`));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'plan-full-scan-large-table: Seq Scan reads all of table orders (about 5,000,001 rows) and keeps about 80% of it',
    );
    expect(run.stdout).toContain('[critical] plan-full-scan-large-table: Seq Scan reads all of table customers');
    expect(run.stdout).toContain('orders: 5,000,001 rows, taken from the pasted plan');
  });

  it('names the plan file, not the statements, at the line of a plan it cannot read', async () => {
    const run = await sqltune(args(`${fixtures}/not-a-plan.txt`));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`error 4204 (${fixtures}/not-a-plan.txt:2:3)`);
    expect(run.stderr).not.toContain('parallel-join.sql:');
  });
});
