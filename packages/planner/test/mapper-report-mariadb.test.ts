import { readFileSync } from 'node:fs';
import { Report } from '@sqltune/contracts';
import { readSchemaInput } from '@sqltune/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { mariadbPlanner, shutdownMariaDb } from '../src/mariadb/backend.ts';
import { optimizeMapper } from '../src/optimize-mapper.ts';

/**
 * Issue 13's speed-up (questions asked ahead grouped by what-if index, fewer catalog reads per change of index set)
 * must leave a mapper's report as it was: the mapper corpus' CouponMapper on the real MariaDB sandbox, its findings,
 * advised indexes, verified rewrites and variants as the pipeline gave them before the change (commit d69b8f0,
 * asking statement by statement), and each plan as a session asked that statement alone gives it.
 */
const corpus = 'packages/engine/test/mybatis/corpus';
const read = (path: string) => readFileSync(`${corpus}/${path}`, 'utf8');

const available = serviceAvailable('MariaDB', process.env.MYSQL_SANDBOX_URL ? 'MYSQL_SANDBOX_URL' : mariadbBinary);

afterAll(() => shutdownMariaDb());

describe.runIf(available)('a corpus mapper optimized on MariaDB', { timeout: 300_000 }, () => {
  const schemaText = read('schema-mysql.sql');
  const optimized = async () =>
    Report.parse(
      await optimizeMapper(
        {
          files: [{ name: 'CouponMapper.xml', text: read('mybatis/CouponMapper.xml') }],
          framework: 'mybatis',
          dialect: 'mysql',
          schemaText,
        },
        { planners: { mysql: mariadbPlanner }, engineVersion: 'test', now: () => new Date(0) },
      ),
    );

  it('keeps the findings, advised indexes, rewrites and variants it had before the speed-up', async () => {
    const report = await optimized();
    const mapper = report.mapper!;
    const statement = (id: string) => mapper.statements.find((s) => s.id === id)!;
    const variantReports = (id: string) => statement(id).variants.map((v) => report.statements[v.report!]!);

    expect(mapper.statements.map((s) => [s.id, s.kind, s.variants.length])).toEqual([
      ['search', 'select', 2],
      ['consume', 'update', 1],
      ['availableForUser', 'select', 1],
      ['grant', 'insert', 1],
    ]);
    expect(mapper.statements.flatMap((s) => s.variants).every((v) => v.planned)).toBe(true);
    expect(mapper.statements.map((s) => s.findings.map((f) => [f.id, f.severity, f.span?.line]))).toEqual([
      [['mapper-where-1-equals-1', 'info', 8]],
      [],
      [
        ['plan-full-scan-large-table', 'critical', 20],
        ['plan-nested-loop-large-input', 'info', 20],
        ['plan-filesort', 'warning', 20],
        ['plan-temporary-table', 'warning', 20],
      ],
      [],
    ]);

    // search: every parameter set, then every parameter null; WHERE 1=1 taken out (verified), advice only as the
    // change touches what the tags generate.
    const [everySet, everyNull] = variantReports('search');
    expect(statement('search').variants.map((v) => v.label.en)).toEqual([
      'every parameter set (collections of 3 items)',
      'every parameter null (collections of 1 item)',
    ]);
    expect(everySet!.original).toMatch(
      /^SELECT id, code, .*\sFROM coupons\s+WHERE 1=1\s+AND code = 'a'\s+AND kind = 2/s,
    );
    expect(everySet!.steps.map((s) => s.ruleId)).toEqual(['always-true-predicate']);
    expect(everySet!.verification.verdict).toBe('not-refuted');
    expect(everySet!.optimized).toMatch(/FROM coupons\s+WHERE code = 'a'\s+AND kind = 2/);
    expect(everySet!.indexes.map((i) => [i.ddl, i.costBefore, i.costAfter, i.estimateBasis])).toEqual([
      [
        'CREATE INDEX `idx_coupons_code_kind_id` ON `coupons` (`code`, `kind`, `id`);',
        4119,
        2.326794324,
        'default-selectivity',
      ],
    ]);
    expect(everySet!.plan.before?.totalCost).toBe(4119);
    expect(everySet!.plan.after?.totalCost).toBe(2.326794324);
    expect(everyNull!.original).toMatch(/FROM coupons\s+WHERE 1=1\s+ORDER BY id DESC\s+LIMIT 0, 10$/);
    expect(everyNull!.optimized).toMatch(/FROM coupons\s+ORDER BY id DESC\s+LIMIT 0, 10$/);
    expect(everyNull!.indexes).toEqual([]);
    expect(everyNull!.plan.before?.totalCost).toBe(4119);
    expect(statement('search').rewrites.map((r) => [r.variant, r.ruleIds, r.status])).toEqual([
      [1, ['always-true-predicate'], 'advice'],
      [2, ['always-true-predicate'], 'advice'],
    ]);

    const [consume] = variantReports('consume');
    expect(consume!.original).toBe('UPDATE coupons SET used = used + 1 WHERE id = 1 AND used < total');
    expect([consume!.steps, consume!.indexes, consume!.plan.before?.totalCost]).toEqual([[], [], 1]);

    const [join] = variantReports('availableForUser');
    expect(join!.indexes.map((i) => [i.ddl, i.costBefore, i.costAfter])).toEqual([
      [
        'CREATE INDEX `idx_user_coupons_user_id_status_coupon_id` ON `user_coupons` (`user_id`, `status`, `coupon_id`);',
        8421564,
        2.525305157,
      ],
    ]);
    expect(join!.gain?.costBefore).toBe(8421564);

    const [grant] = variantReports('grant');
    expect(grant!.original).toMatch(
      /^INSERT INTO user_coupons \(id, user_id, coupon_id, status, received_at\)\s+VALUES \(1, 2, 3, 0, NOW\(\)\)$/,
    );
    expect([grant!.indexes, grant!.plan.before?.totalCost]).toEqual([[], 1]);

    // One index set for the mapper: its indexes, what it costs and what it serves and slows.
    const workload = report.workload!;
    expect(workload.indexes.map((i) => i.ddl)).toEqual([
      'CREATE INDEX `idx_user_coupons_status` ON `user_coupons` (`status`);',
      'CREATE INDEX `idx_coupons_kind` ON `coupons` (`kind`);',
    ]);
    expect([workload.costBefore, workload.costAfter, workload.statements, workload.distinct]).toEqual([
      8429803, 4162.25219714, 4, 4,
    ]);
    expect(workload.usage!.map((u) => u.mapper)).toEqual([
      {
        serves: ['com.shop.marketing.CouponMapper.availableForUser'],
        slows: ['com.shop.marketing.CouponMapper.grant'],
      },
      { serves: ['com.shop.marketing.CouponMapper.search'], slows: [] },
    ]);
    expect(mapper.files[0]!.diff).toBe('');
  });

  it('plans each variant as a session asked that statement alone does', async () => {
    const report = await optimized();
    // The session optimize() opens: the structure and the statistics its comments give.
    const schema = readSchemaInput({ dialect: 'mysql', schemaText });
    const request = {
      dialect: 'mysql' as const,
      schemaSql: schema.ddl,
      statistics: schema.tables.flatMap((t) => (t.statistics ? [t.statistics] : [])),
    };
    expect(report.statements).toHaveLength(5);
    for (const statement of report.statements) {
      const alone = await mariadbPlanner.open(request);
      try {
        const plan = await alone.explain(statement.original);
        expect([plan.root.node, plan.totalCost], statement.original).toEqual([
          statement.plan.before?.root.node,
          statement.plan.before?.totalCost,
        ]);
      } finally {
        await alone.close();
      }
    }
  });
});
