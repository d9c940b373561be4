import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Report } from '@sqltune/contracts';
import { mapperRules, statementRules } from '@sqltune/engine';
import { afterAll, describe, expect, it } from 'vitest';

/** The real CLI on mapper files: `node packages/cli/bin/sqltune.js optimize mapper.xml|DIR ...`. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const corpus = 'packages/engine/test/mybatis/corpus';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function sqltune(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['packages/cli/bin/sqltune.js', ...args],
      { cwd: root, maxBuffer: 64 * 1024 * 1024, timeout: 280_000 },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (typeof code !== 'number') reject(error);
        else resolve({ code, stdout, stderr });
      },
    );
  });
}

interface SarifResult {
  ruleId: string;
  ruleIndex?: number;
  level: string;
  message: { text: string };
  locations: Array<{
    physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn?: number } };
  }>;
}

/** Checks a SARIF log's shape and that each result points at a real place of an XML file under `dir`. */
function checkSarif(stdout: string, dir: string): SarifResult[] {
  const sarif = JSON.parse(stdout);
  expect(sarif.version).toBe('2.1.0');
  expect(sarif.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
  expect(sarif.runs).toHaveLength(1);
  const rules = sarif.runs[0].tool.driver.rules as Array<{ id: string }>;
  expect(rules.map((r) => r.id)).toEqual([...statementRules, ...mapperRules].map((r) => r.id));
  const results = sarif.runs[0].results as SarifResult[];
  for (const result of results) {
    expect(rules[result.ruleIndex!]!.id).toBe(result.ruleId);
    expect(['error', 'warning', 'note']).toContain(result.level);
    expect(result.locations).toHaveLength(1);
    const { artifactLocation, region } = result.locations[0]!.physicalLocation;
    expect(artifactLocation.uri.startsWith(`${dir}/`) && artifactLocation.uri.endsWith('.xml')).toBe(true);
    const lines = readFileSync(join(root, artifactLocation.uri), 'utf8').split(/\r?\n/);
    expect(region.startLine).toBeGreaterThanOrEqual(1);
    expect(region.startLine).toBeLessThanOrEqual(lines.length);
    expect(region.startColumn ?? 1).toBeLessThanOrEqual(lines[region.startLine - 1]!.length);
  }
  return results;
}

/** The XML text a result points at. */
function textAt(result: SarifResult): string {
  const { artifactLocation, region } = result.locations[0]!.physicalLocation;
  const line = readFileSync(join(root, artifactLocation.uri), 'utf8').split(/\r?\n/)[region.startLine - 1]!;
  return line.slice((region.startColumn ?? 1) - 1);
}

const scratch = mkdtempSync(join(tmpdir(), 'sqltune-cli-mapper-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.concurrent('sqltune optimize on mappers', { timeout: 300_000 }, () => {
  it('MyBatis corpus directory as SARIF 2.1.0: every location points into its XML, ${} at the ${', async () => {
    const dir = `${corpus}/mybatis`;
    const run = await sqltune(['optimize', dir, '--format', 'sarif']);
    expect(run.stderr).not.toMatch(/error \d+/);
    expect(run.code).toBe(0);
    const results = checkSarif(run.stdout, dir);
    const substitutions = results.filter((r) => r.ruleId === 'mapper-text-substitution');
    expect(substitutions.length).toBeGreaterThan(0);
    for (const result of substitutions) expect(textAt(result)).toMatch(/^\$\{/);
    const ids = new Set(results.map((r) => r.ruleId));
    for (const id of ['mapper-write-where-disappears', 'mapper-foreach-unbounded-in', 'mapper-where-1-equals-1']) {
      expect(ids).toContain(id);
    }
  });

  it('iBatis corpus directory as SARIF: $name$ located at the $', async () => {
    const dir = `${corpus}/ibatis`;
    const run = await sqltune(['optimize', dir, '--format', 'sarif', '--lang', 'zh']);
    expect(run.code).toBe(0);
    const results = checkSarif(run.stdout, dir);
    const substitutions = results.filter((r) => r.ruleId === 'mapper-text-substitution');
    expect(substitutions.length).toBeGreaterThan(0);
    for (const result of substitutions) {
      expect(textAt(result)).toMatch(/^\$\w+\$/);
      expect(result.message.text).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('PostgreSQL mappers planned on the default planner: the JSON report is the contract, variants planned', async () => {
    const dir = `${corpus}/mybatis-postgresql`;
    const args = ['--dialect', 'postgresql', '--schema', `${corpus}/schema-postgresql.sql`];
    const run = await sqltune(['optimize', dir, ...args, '--format', 'json']);
    expect(run.code).toBe(0);
    const report = Report.parse(JSON.parse(run.stdout));
    expect(report.kind).toBe('mybatis');
    const mapper = report.mapper!;
    expect(mapper.files.map((f) => f.name).every((name) => name.startsWith(`${dir}/`))).toBe(true);
    for (const statement of mapper.statements) {
      expect(statement.key).toBe(`${statement.namespace}.${statement.id}`);
      expect(statement.location.file.startsWith(`${dir}/`)).toBe(true);
      for (const variant of statement.variants) {
        expect(variant.planned).toBe(true);
        const item = report.statements[variant.report!]!;
        expect(item.plan.source).toMatch(/PostgreSQL/);
        expect(item.location?.file).toBe(statement.location.file);
      }
      for (const finding of statement.findings) expect(finding.span?.file).toBe(statement.location.file);
    }
  });

  it('real PostgreSQL mappers (DolphinScheduler, Linkis, jsonb, arrays, mybatis-generator): no error, every variant planned but a criterion', async () => {
    const real = 'packages/engine/test/mybatis/real-mappers';
    const args = ['--dialect', 'postgresql', '--schema', `${real}/schema-postgresql.sql`, '--format', 'json'];
    const run = await sqltune(['optimize', `${real}/postgresql`, ...args]);
    expect(run.stderr).not.toMatch(/error \d+/);
    expect(run.code).toBe(0);
    const report = Report.parse(JSON.parse(run.stdout));
    const statements = report.mapper!.statements;
    expect(statements.length).toBeGreaterThan(20);
    for (const statement of statements) {
      // Linkis' to_timestamp(#{millis}::bigint / 1000) and `= any(#{ids}::bigint[])` were refused by the planner.
      expect(statement.errors, statement.key).toEqual([]);
      // mybatis-generator's criteria hide their columns (`${criterion.condition}`): only the Example without any is
      // planned, the whole table.
      for (const variant of statement.variants) {
        const criterion = variant.sql.includes('${criterion.condition}');
        expect(variant.planned, `${statement.key} #${variant.number}`).toBe(!criterion);
      }
      expect(
        statement.variants.some((v) => v.planned),
        statement.key,
      ).toBe(true);
      for (const finding of statement.findings) {
        const line = readFileSync(join(root, finding.span!.file!), 'utf8').split('\n')[finding.span!.line - 1]!;
        expect(line.slice(finding.span!.column! - 1), `${statement.key} ${finding.id}`).toMatch(/^\S/);
      }
    }
  });

  it('a directory: mappers found recursively, other XML skipped, --orm keeps one framework', async () => {
    const dir = join(scratch, 'project');
    mkdirSync(join(dir, 'src/main/resources/mapper'), { recursive: true });
    writeFileSync(join(dir, 'pom.xml'), '<project><modelVersion>4.0.0</modelVersion></project>');
    const mybatis = join(dir, 'src/main/resources/mapper/UserMapper.xml');
    writeFileSync(
      mybatis,
      '<mapper namespace="u">\n  <select id="byName">SELECT id FROM users WHERE name = \'${name}\'</select>\n</mapper>\n',
    );
    writeFileSync(
      join(dir, 'src/main/resources/Legacy.xml'),
      '<sqlMap namespace="l">\n  <select id="one">SELECT id FROM users WHERE id = #id#</select>\n</sqlMap>\n',
    );
    const [both, ibatisOnly, gated] = await Promise.all([
      sqltune(['optimize', dir, '--format', 'json']),
      sqltune(['optimize', dir, '--orm', 'ibatis', '--format', 'json']),
      sqltune(['optimize', dir, '--fail-on', 'critical']),
    ]);
    expect(both.code).toBe(0);
    const keys = Report.parse(JSON.parse(both.stdout)).mapper!.statements.map((s) => `${s.framework}:${s.key}`);
    expect(keys.sort()).toEqual(['ibatis:l.one', 'mybatis:u.byName']);
    expect(Report.parse(JSON.parse(ibatisOnly.stdout)).mapper!.statements.map((s) => s.key)).toEqual(['l.one']);
    // The ${} is critical: the gate fails, and the text output names its place in the XML.
    expect(gated.code).toBe(1);
    expect(gated.stdout).toContain(`mapper-text-substitution @${mybatis}:2:`);
  });

  it('malformed XML and a framework that does not match are input errors at file:line:column', async () => {
    const bad = join(scratch, 'Bad.xml');
    writeFileSync(bad, '<mapper namespace="b">\n  <select id="x">SELECT 1</selec>\n</mapper>\n');
    const ibatis = join(scratch, 'Ibatis.xml');
    writeFileSync(ibatis, '<sqlMap namespace="i">\n<select id="x">SELECT 1</select>\n</sqlMap>\n');
    const [malformed, mismatch] = await Promise.all([
      sqltune(['optimize', bad]),
      sqltune(['optimize', ibatis, '--orm', 'mybatis']),
    ]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(new RegExp(`error 4202 \\(${bad}:2:\\d+\\)`));
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toContain(`error 4202 (${ibatis}:1:1)`);
    expect(mismatch.stderr).toContain('iBatis');
  });

  it('refuses an unknown --orm as a usage error', async () => {
    const run = await sqltune(['optimize', `${corpus}/ibatis`, '--orm', 'hibernate']);
    expect(run.code).toBe(64);
    expect(run.stderr).toContain('--orm must be one of mybatis, ibatis');
  });
});
