import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Report } from '@sqltune/contracts';
import { mapperRules, statementRules } from '@sqltune/engine';
import { describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';

/** The real CLI as a user runs it: `node packages/cli/bin/sqltune.js ...` from the repository root. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = 'packages/cli/test/fixtures';
const PGLITE = 'PostgreSQL 18.6 (embedded PGlite)';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function sqltune(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['packages/cli/bin/sqltune.js', ...args],
      { cwd: root, maxBuffer: 32 * 1024 * 1024, timeout: 200_000 },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (typeof code !== 'number') reject(error);
        else resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(stdin ?? '');
  });
}

const pgArgs = ['--dialect', 'postgresql', '--schema', `${fixtures}/orders-schema.sql`];

/** The parts of a SARIF result the test reads. */
interface SarifResult {
  ruleId: string;
  level: string;
  message: { text: string };
  locations: Array<{
    physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn?: number } };
  }>;
}

function withoutTime(report: Report): Omit<Report, 'createdAt'> {
  const { createdAt: _, ...rest } = report;
  return rest;
}

// Every test starts real CLI processes (each its own PGlite), several at once: on a loaded 2-core machine one can take
// a minute. The limit is generous; speed is measured in bench/, not here.
describe.concurrent('sqltune CLI', { timeout: 240_000 }, () => {
  it('prints the rule catalogue as JSON', async () => {
    const run = await sqltune(['rules', '--format', 'json']);
    expect(run.code).toBe(0);
    const all = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
    expect(all).toHaveLength(statementRules.length + mapperRules.length);
    const rules = all.slice(0, statementRules.length);
    expect(rules.map((r) => r.id)).toEqual(statementRules.map((r) => r.id));
    expect(rules.every((r) => !('frameworks' in r))).toBe(true);
    // The mapper rules follow, each naming the frameworks whose mappers it reads.
    const mappers = all.slice(statementRules.length);
    expect(mappers.map((r) => r.id)).toEqual(mapperRules.map((r) => r.id));
    for (const [i, entry] of mappers.entries()) {
      const rule = mapperRules[i]!;
      expect(entry).toMatchObject({
        id: rule.id,
        severity: rule.severity,
        frameworks: [...rule.frameworks],
        dialects: ['mysql', 'postgresql'],
        example: { bad: expect.stringMatching(/^</) },
        rewrite: false,
      });
    }
    for (const [i, entry] of rules.entries()) {
      const rule = statementRules[i]!;
      expect(entry).toMatchObject({
        id: rule.id,
        severity: rule.severity,
        category: rule.category,
        dialects: [...rule.dialects],
        title: { zh: expect.any(String), en: expect.any(String) },
        rationale: { zh: expect.any(String), en: expect.any(String) },
        example: { bad: expect.any(String) },
        rewrite: rule.rewrites,
      });
    }
  });

  it('lists the mapper rules after the statement rules in markdown and text', async () => {
    const [markdown, text] = await Promise.all([
      sqltune(['rules', '--format', 'markdown', '--lang', 'en']),
      sqltune(['rules', '--lang', 'zh']),
    ]);
    expect(markdown.code).toBe(0);
    const mapperSection = markdown.stdout.indexOf('## Mapper rules (MyBatis / iBatis dynamic SQL)');
    expect(mapperSection).toBeGreaterThan(markdown.stdout.indexOf(`| \`${statementRules.at(-1)!.id}\``));
    for (const rule of mapperRules) {
      expect(markdown.stdout.indexOf(`| \`${rule.id}\``)).toBeGreaterThan(mapperSection);
      expect(markdown.stdout).toContain(`## \`${rule.id}\`: ${rule.title.en}`);
    }
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`${mapperRules[0]!.id} [${mapperRules[0]!.severity}]`);
    expect(text.stdout).toContain(
      `共 ${statementRules.length + mapperRules.length} 条规则（其中映射文件规则 ${mapperRules.length} 条）`,
    );
  });

  it('gives the same JSON report for a file and for standard input, per the Report contract', async () => {
    const [fromFile, fromStdin] = await Promise.all([
      sqltune(['optimize', `${fixtures}/orders.sql`, ...pgArgs, '--format', 'json']),
      sqltune(['optimize', '-', ...pgArgs, '--format', 'json'], await readFixture('orders.sql')),
    ]);
    expect(fromFile.stderr).toBe('');
    expect(fromFile.code).toBe(0);
    expect(fromStdin.code).toBe(0);
    const json = JSON.parse(fromFile.stdout);
    // Parsing strips unknown keys, so equality means the output is exactly the contract.
    const report = Report.parse(json);
    expect(report).toEqual(json);
    expect(withoutTime(JSON.parse(fromStdin.stdout))).toEqual(withoutTime(report));

    expect(report.dialect).toBe('postgresql');
    expect(report.statements.map((s) => s.index)).toEqual([0, 1]);
    // Lines are relative to the whole file: statements start on lines 2 and 3.
    expect(report.statements.map((s) => s.location?.line)).toEqual([2, 3]);
    expect(report.statements.every((s) => s.plan.source === PGLITE)).toBe(true);
    const second = report.statements[1]!;
    expect(second.rules.find((r) => r.id === 'year-to-range')?.span).toMatchObject({ line: 4, column: 7 });
    expect(second.optimized).not.toBe(second.original);
    expect(second.verification.verdict).toBe('not-refuted');
  });

  it('renders Markdown with the diff in a diff block', async () => {
    const run = await sqltune(['optimize', `${fixtures}/orders.sql`, ...pgArgs, '--format', 'markdown']);
    expect(run.code).toBe(0);
    const md = run.stdout;
    expect(md).toContain('## Statement 1 (line 2)');
    expect(md).toContain('## Statement 2 (line 3)');
    expect(md).toMatch(
      /```diff\n[\s\S]*\n-WHERE EXTRACT\(YEAR FROM o_orderdate\) = 1995[\s\S]*\n\+WHERE o_orderdate >= /,
    );
    expect(md).toContain('| id | severity | title | message | line |');
    expect(md).toContain('| `year-to-range` | warning |');
    expect(md).toMatch(/```sql\nCREATE INDEX /);
    // Each advised index names its columns' roles and what its estimate rests on.
    expect(md).toContain('Column roles: o_custkey (equality).');
    expect(md).toContain('  - The estimate rests on your column statistics');
    expect(md).toContain(`Source: ${PGLITE}`);
    expect(md).toMatch(
      /Estimated gain \(optimizer cost estimate, not a measured time\): \*\*(\d+\.\d% lower estimated cost|about [\d,]+x cheaper by the optimizer's estimate)\*\*/,
    );
    expect(md).toContain('**not refuted: same results**');
    expect(md).toContain('| category | original | optimized | why |');
  });

  it('prints in text, in Chinese, the roles of the index columns, the benefit and what the estimate rests on', async () => {
    const run = await sqltune(['optimize', `${fixtures}/orders.sql`, ...pgArgs, '--format', 'text', '--lang', 'zh']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('各列作用：o_custkey（等值）。');
    expect(run.stdout).toContain('    估算基于你提供的列统计信息');
    expect(run.stdout).toMatch(/ {4}整组索引下代价 [\d.]+ -> [\d.]+，其中该索引节省 [\d.]+/);
  });

  it("prints the plans' notes in text, once each with the plans that carry them, and none for a plan without", async () => {
    const sql =
      "SELECT o_orderkey FROM orders WHERE o_comment = 'x';\nSELECT o_custkey FROM orders WHERE o_orderkey = 7;\n";
    const run = await sqltune(['optimize', '-', ...pgArgs, '--format', 'text', '--lang', 'en'], sql);
    expect(run.code).toBe(0);
    const [first, second] = run.stdout.split(/^== Statement \d+ .*$/m).slice(1);
    expect(first).toMatch(
      /\nPlan notes:\n {2}\[before\] Seq Scan on large table orders \(1,500,000 rows\) with filter /,
    );
    expect(second).not.toContain('Plan notes');
  });

  it("prints the plans' notes in Markdown, in Chinese", async () => {
    const run = await sqltune([
      'optimize',
      `${fixtures}/orders.sql`,
      ...pgArgs,
      '--format',
      'markdown',
      '--lang',
      'zh',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\n- 执行计划提示:\n {2}- _优化前_: 对大表 orders（1,500,000 行） ?顺序扫描并过滤 /);
  });

  it.runIf(serviceAvailable('MariaDB', process.env.MYSQL_SANDBOX_URL ? 'MYSQL_SANDBOX_URL' : mariadbBinary))(
    'says, in both formats, that MATCH ... AGAINST needs the FULLTEXT index the structure lacks, and advises it',
    async () => {
      const args = ['optimize', `${fixtures}/articles-match.sql`, '--schema', `${fixtures}/articles-schema.sql`];
      const [text, markdown] = await Promise.all([
        sqltune([...args, '--format', 'text', '--lang', 'en']),
        sqltune([...args, '--format', 'markdown', '--lang', 'zh']),
      ]);
      expect(text.code).toBe(0);
      const [match, lookup] = text.stdout.split(/^== Statement \d+ .*$/m).slice(1);
      expect(match).toContain(
        '\nPlan notes:\n  [before] MATCH ... AGAINST needs a FULLTEXT index on exactly (title, body) of articles',
      );
      // It is advised, and the plan after is the plan with the advised indexes (no note: the index was asked for).
      expect(match).toContain(
        '\nIndexes (1):\n  CREATE FULLTEXT INDEX `ft_articles_title_body` ON `articles` (`title`, `body`);',
      );
      expect(match).toContain('ALTER TABLE articles ADD FULLTEXT INDEX ft_articles_title_body (title, body)');
      // The note is the MATCH statement's: the next one, planned in the same session, has none.
      expect(lookup).not.toContain('MATCH ... AGAINST');
      expect(markdown.code).toBe(0);
      expect(markdown.stdout).toContain(
        '\n- 执行计划提示:\n  - _优化前_: MATCH ... AGAINST 需要表 articles 在 (title, body) 上恰好有一个 FULLTEXT 索引',
      );
    },
  );

  it('writes SARIF 2.1.0 with the whole catalogue and located results', async () => {
    const file = `${fixtures}/mysql-findings.sql`;
    const run = await sqltune(['optimize', file, '--format', 'sarif']);
    expect(run.code).toBe(0);
    const sarif = JSON.parse(run.stdout);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(sarif.runs).toHaveLength(1);
    const { driver } = sarif.runs[0].tool;
    expect(driver.name).toBe('sqltune');
    expect(driver.version).toEqual(expect.any(String));
    expect(driver.rules).toHaveLength(statementRules.length);
    const levels = { critical: 'error', warning: 'warning', info: 'note' } as const;
    for (const [i, rule] of statementRules.entries()) {
      expect(driver.rules[i]).toMatchObject({
        id: rule.id,
        shortDescription: { text: rule.title.en },
        fullDescription: { text: rule.rationale.en },
        defaultConfiguration: { level: levels[rule.severity] },
      });
    }
    const results = sarif.runs[0].results as SarifResult[];
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(result.ruleId).toEqual(expect.any(String));
      expect(['error', 'warning', 'note']).toContain(result.level);
      expect(result.message.text).toEqual(expect.any(String));
      const location = result.locations[0].physicalLocation;
      expect(location.artifactLocation.uri).toBe(file);
      expect(location.region.startLine).toBeGreaterThanOrEqual(1);
    }
    // The second statement starts at column 11 of line 1; YEAR(...) is on line 2 of the file.
    const year = results.find((r) => r.ruleId === 'year-to-range');
    expect(year?.locations[0].physicalLocation.region).toEqual({ startLine: 2, startColumn: 7 });
    expect(year?.level).toBe('warning');
  });

  it('exits 1 with --fail-on when a finding reaches the severity, 0 otherwise', async () => {
    const query = 'SELECT * FROM orders WHERE o_custkey = 5';
    const [warning, critical, none] = await Promise.all([
      sqltune(['optimize', '-', '--fail-on', 'warning'], query),
      sqltune(['optimize', '-', '--fail-on', 'critical'], query),
      sqltune(['optimize', '-'], query),
    ]);
    expect(warning.code).toBe(1);
    expect(warning.stdout).toContain('select-star');
    expect(critical.code).toBe(0);
    expect(none.code).toBe(0);
  });

  it('exits 2 on a syntax error, with file:line:column, and still reports every other statement', async () => {
    const file = `${fixtures}/syntax-error.sql`;
    const run = await sqltune(['optimize', file, '--format', 'json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^error 4202 \\(${file}:2:\\d+\\): SQL syntax error`));
    const report = Report.parse(JSON.parse(run.stdout));
    const errors = report.statements.map((s) => s.errors.map((e) => `${e.code}@${e.line}`));
    expect(errors).toEqual([[], ['4202@2']]);
    expect(report.statements[0]!.plan.source).toBe('none');
  });

  it('with the syntax error, still names what the text-level rules found in that statement', async () => {
    const run = await sqltune(['optimize', '-'], `SELECT c_name FROM customer WHERE c_name = '\${name}' ORDER BY BY`);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(/^error 4202 \(stdin:1:\d+\): SQL syntax error/);
    expect(run.stdout).toMatch(/\[critical\] template-placeholder-in-string @1:44: /);
  });

  it('analyzes a file mixing DDL, UPDATE, DELETE, INSERT ... SELECT and SELECT: a report entry for each', async () => {
    const sql = [
      'CREATE TABLE archive (id INT PRIMARY KEY, total DECIMAL(10,2));',
      "UPDATE orders SET o_comment = 'x';",
      'DELETE FROM orders;',
      'INSERT INTO archive SELECT o_orderkey, o_totalprice FROM orders WHERE YEAR(o_orderdate) = 1995;',
      'SELECT o_orderkey FROM orders WHERE o_custkey = 42;',
    ].join('\n');
    const run = await sqltune(['optimize', '-', '--format', 'json', '--fail-on', 'none'], sql);
    expect(run.code).toBe(0);
    const report = Report.parse(JSON.parse(run.stdout));
    expect(report.statements.map((s) => s.location?.line)).toEqual([1, 2, 3, 4, 5]);
    expect(report.statements.every((s) => s.errors.length === 0)).toBe(true);
    const ids = report.statements.map((s) => s.rules.map((r) => r.id));
    expect(ids[1]).toContain('update-without-where');
    expect(ids[2]).toContain('delete-without-where');
  });

  it("reports a stored function's query under the function's name, at its line, its parameter no column", async () => {
    const run = await sqltune(['optimize', `${fixtures}/orders-routine.sql`, ...pgArgs, '--format', 'text']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('== Statement 1 (line 4) == customer_orders, statement 1');
    expect(run.stdout).toContain('[warning] select-star @4:23');
    expect(run.stdout).not.toContain('column-not-in-schema');
    expect(run.stdout).toContain('customer_orders: the dynamic SQL at line 5 (PREPARE / EXECUTE)');
    const zh = await sqltune([
      'optimize',
      `${fixtures}/orders-routine.sql`,
      ...pgArgs,
      '--format',
      'text',
      '--lang',
      'zh',
    ]);
    expect(zh.stdout).toContain('customer_orders 的第 1 条语句');
  });

  it('exits 64 with the usage text on a usage error', async () => {
    const runs = await Promise.all([
      sqltune(['optimize']),
      sqltune(['optimize', `${fixtures}/orders.sql`, '--format', 'xml']),
      sqltune(['frobnicate']),
      sqltune(['rules', '--bogus']),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(64);
      expect(run.stderr).toContain('Usage:');
    }
  });

  /** `optimize --plan`: the statement of a plan pasted from psql, its schema, the plan file. */
  const withPlan = (plan: string) => [
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

  it('reads a parallel plan pasted with --plan: its hotspots, and table sizes taken from it', async () => {
    const run = await sqltune(withPlan(`${fixtures}/parallel-join-plan.txt`));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'plan-full-scan-large-table: Seq Scan reads all of table orders (about 5,000,001 rows) and keeps about 80% of it',
    );
    expect(run.stdout).toContain('[critical] plan-full-scan-large-table: Seq Scan reads all of table customers');
    expect(run.stdout).toContain('orders: 5,000,001 rows, taken from the pasted plan');
  });

  it('names the --plan file, not the statements, at the line of a plan it cannot read', async () => {
    const run = await sqltune(withPlan(`${fixtures}/not-a-plan.txt`));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`error 4204 (${fixtures}/not-a-plan.txt:2:3)`);
    expect(run.stderr).not.toContain('parallel-join.sql:');
  });
});

function readFixture(name: string): Promise<string> {
  return readFile(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
}
