import { Report } from '@sqltune/contracts';
import { readMapperFile, sourceFile } from '@sqltune/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleWhereClause } from '../../../test-support/mybatis-generator.ts';
import { shutdownPlanners } from '../src/backends.ts';
import { optimizeMapper } from '../src/optimize-mapper.ts';
import { pglitePlanner } from '../src/pglite/backend.ts';

/**
 * A mapper end to end on the embedded PostgreSQL (PGlite): variants planned and their rewrites verified as for a
 * submitted statement, then written back into the XML where they fall in one statement's own text.
 */
const schemaText = [
  'CREATE TABLE orders (id BIGINT PRIMARY KEY, created_at TIMESTAMP NOT NULL, total NUMERIC NOT NULL, user_id BIGINT,',
  '  status INT NOT NULL);',
  '-- sqltune:stats orders rows=2000000',
].join('\n');

const mapper = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">',
  '<mapper namespace="shop.OrderMapper">',
  '  <sql id="yearOf">YEAR(created_at) = #{year}</sql>',
  '  <select id="thisYear" resultType="map">',
  '    SELECT id, total FROM orders',
  '    WHERE EXTRACT(YEAR FROM created_at) = 2024',
  '    <if test="userId != null">AND user_id = #{userId}</if>',
  '  </select>',
  '  <select id="search" resultType="map">',
  '    SELECT id FROM orders WHERE status = ${status} ORDER BY ${sort}, id',
  '  </select>',
  '  <delete id="purge">DELETE FROM orders <where><if test="status != null">status = #{status}</if></where></delete>',
  '</mapper>',
].join('\n');

afterAll(() => shutdownPlanners());

/** One mapper file optimized on PGlite, its report read as the contract says. */
async function onPglite(name: string, text: string, schema: string): Promise<Report> {
  return Report.parse(
    await optimizeMapper(
      { files: [{ name, text }], dialect: 'postgresql', schemaText: schema },
      { planners: { postgresql: pglitePlanner }, engineVersion: 'test', now: () => new Date(0) },
    ),
  );
}

describe('optimizeMapper on PGlite', { timeout: 180_000 }, () => {
  it('plans the variants, patches the verified rewrite into the mapper, and keeps ${} out of the optimizer', async () => {
    const report = await onPglite('OrderMapper.xml', mapper, schemaText);
    const statements = new Map(report.mapper!.statements.map((s) => [s.id, s]));
    expect([...statements.keys()]).toEqual(['thisYear', 'search', 'purge']);
    // The ${} batch is analyzed without an optimizer on purpose: the mapper is not said to have none.
    expect(report.warnings.map((w) => w.message.en)).not.toContainEqual(
      expect.stringMatching(/optimizer is configured/),
    );
    expect(JSON.stringify(report)).not.toMatch(/optimizer is configured/);

    const thisYear = statements.get('thisYear')!;
    expect(thisYear.key).toBe('shop.OrderMapper.thisYear');
    expect(thisYear.location).toEqual({ file: 'OrderMapper.xml', line: 5, column: 3 });
    // Every parameter set, every parameter null: two texts, both planned by PGlite.
    expect(thisYear.variants).toHaveLength(2);
    for (const variant of thisYear.variants) {
      expect(variant.planned).toBe(true);
      const item = report.statements[variant.report!]!;
      expect(item.plan.source, JSON.stringify([item.plan.missing, item.errors, item.original])).toMatch(/PGlite/);
    }
    expect(thisYear.findings.find((f) => f.id === 'year-to-range')?.span).toMatchObject({
      file: 'OrderMapper.xml',
      line: 7,
      column: 11,
    });
    const patched = thisYear.rewrites.filter((r) => r.status === 'patched');
    expect(patched.length).toBeGreaterThan(0);
    expect(patched[0]!.ruleIds).toContain('year-to-range');
    // Word by word, all on line 7 of the XML.
    expect(patched[0]!.edits.map((e) => `${e.file}:${e.line}`)).toEqual(
      patched[0]!.edits.map(() => 'OrderMapper.xml:7'),
    );

    const [file] = report.mapper!.files;
    expect(file!.patched).toContain("WHERE created_at >= '2024-01-01' AND created_at &lt; '2025-01-01'\n");
    expect(file!.patched).toContain('<if test="userId != null">AND user_id = #{userId}</if>');
    // The patched mapper is well-formed, and still the same statements.
    const again = readMapperFile(sourceFile('OrderMapper.xml', file!.patched));
    expect(again.statements.map((s) => s.id)).toEqual(['thisYear', 'search', 'purge']);
    expect(file!.diff).toMatch(/^-\s+WHERE EXTRACT\(YEAR FROM created_at\) = 2024$/m);

    // ${status} in the WHERE: analyzed as written (its run-time sort too), never sent to the optimizer; the finding
    // points at the ${.
    const search = statements.get('search')!;
    expect(search.variants.every((v) => !v.planned)).toBe(true);
    expect(report.statements[search.variants[0]!.report!]!.plan.missing?.en).toMatch(/\$\{\} text substitution/);
    expect(search.variants[0]!.sql).toContain('ORDER BY ${sort}, id');
    expect(search.findings.find((f) => f.id === 'mapper-text-substitution')?.span).toMatchObject({
      line: 11,
      column: 42,
    });

    // The DELETE whose WHERE disappears is critical, and said once (not also as delete-without-where).
    const purge = statements.get('purge')!;
    expect(purge.findings.map((f) => f.id)).toContain('mapper-write-where-disappears');
    expect(purge.findings.map((f) => f.id)).not.toContain('delete-without-where');
  });

  it.each([
    // Every key chosen at run time, the page too.
    ['ORDER BY ${orderBy} ${direction}', 'LIMIT ${pageSize} OFFSET ${offset}', 4],
    // A run-time key before a written one (the page's tie-break), the page bound.
    ['ORDER BY ${sortField} ${sortOrder}, created_at DESC', 'LIMIT #{pageSize} OFFSET #{offset}', 2],
  ])(
    'plans a paging query sorted at run time (%s) without its sort and LIMIT, and says so',
    async (sort, page, pasted) => {
      const paging = [
        '<mapper namespace="shop.OrderMapper">',
        '  <select id="page" resultType="map">',
        '    SELECT * FROM orders',
        '    <where><if test="userId != null">user_id = #{userId}</if></where>',
        `    ${sort}`,
        `    ${page}`,
        '  </select>',
        '</mapper>',
      ].join('\n');
      const report = await onPglite('OrderMapper.xml', paging, schemaText);
      const statement = report.mapper!.statements[0]!;
      expect(statement.variants.every((v) => v.planned)).toBe(true);
      for (const variant of statement.variants) {
        expect(variant.label.en).toContain(`planned without ${sort} ${page} (the sort is only known at run time)`);
        expect(variant.label.zh).toContain(`按不含 ${sort} ${page} 规划（排序运行时才确定）`);
        const item = report.statements[variant.report!]!;
        expect(item.plan.source).toMatch(/PGlite/);
        expect(item.original).not.toMatch(/ORDER BY|LIMIT|\$\{/);
      }
      // Every matching row is read before the sort: the filter on user_id gets its index.
      const withUser = report.statements[statement.variants[0]!.report!]!;
      expect(withUser.indexes.map((i) => i.columns)).toContainEqual(['user_id']);
      // The ${} are still findings; the rewrite (the * expanded) is advice, the file keeps its ${}.
      expect(statement.findings.filter((f) => f.id === 'mapper-text-substitution')).toHaveLength(pasted);
      for (const rewrite of statement.rewrites) {
        expect(rewrite.status).toBe('advice');
        expect(rewrite.advice?.en).toMatch(/planned without ORDER BY/);
      }
      expect(report.mapper!.files[0]!.patched ?? paging).toContain(sort);
    },
  );

  it('plans a variant with a data-scope ${} appended after its conditions as empty, and keeps its rewrite as advice', async () => {
    // RuoYi's list queries end in `${params.dataScope}`, a filter built in Java that is empty for administrators.
    const scoped = [
      '<mapper namespace="shop.OrderMapper">',
      '  <!-- 数据范围过滤 -->',
      '  <select id="list" resultType="map">',
      '    SELECT id, total FROM orders',
      '    WHERE EXTRACT(YEAR FROM created_at) = 2024 AND user_id = #{userId}',
      '    <!-- 数据范围过滤 -->',
      '    ${params.dataScope}',
      '  </select>',
      '  <select id="free" resultType="map">SELECT id FROM orders WHERE ${condition}</select>',
      '</mapper>',
    ].join('\n');
    const report = await onPglite('OrderMapper.xml', scoped, schemaText);
    const [list, free] = report.mapper!.statements;
    const variant = list!.variants[0]!;
    expect(variant.planned).toBe(true);
    expect(variant.label.en).toMatch(/\$\{params\.dataScope\} empty$/);
    const item = report.statements[variant.report!]!;
    expect(item.plan.source).toMatch(/PGlite/);
    // Typed from the column as in any other variant (a bigint, not a quoted stand-in).
    expect(item.original).toMatch(/user_id = 1\s*$/);
    // The rewrite is shown, never patched: an edit across the blank would delete ${params.dataScope} from the file.
    expect(list!.rewrites.length).toBeGreaterThan(0);
    for (const rewrite of list!.rewrites) {
      expect(rewrite.status).toBe('advice');
      expect(rewrite.advice?.en).toMatch(/planned with \$\{params\.dataScope\} empty/);
      // The variant's statement report shows the same rewrite, no other.
      const own = report.statements[list!.variants.find((v) => v.number === rewrite.variant)!.report!]!;
      expect(own.optimized).toBe(rewrite.sql);
      expect(own.steps.map((s) => s.ruleId)).toEqual(rewrite.ruleIds);
    }
    expect(report.mapper!.files[0]!.patched ?? scoped).toContain('${params.dataScope}');
    // The finding points at the `$` after the comment (saxes reports a comment before its `>`).
    expect(list!.findings.find((f) => f.id === 'mapper-text-substitution')?.span).toMatchObject({ line: 7, column: 5 });
    // A whole condition after WHERE cannot be left out: analyzed, not planned.
    expect(free!.variants.every((v) => !v.planned)).toBe(true);
  });

  it("plans mybatis-generator's Example statements with no criteria, and never a criterion", async () => {
    const generated = [
      '<mapper namespace="demo.UserInfoMapper">',
      '  <sql id="Example_Where_Clause">',
      ...exampleWhereClause('oredCriteria'),
      '  </sql>',
      '  <sql id="Update_By_Example_Where_Clause">',
      ...exampleWhereClause('example.oredCriteria'),
      '  </sql>',
      '  <sql id="Base_Column_List">id, user_name, status, dept_id</sql>',
      '  <select id="selectByExample" resultType="map">',
      '    select <if test="distinct">distinct</if> <include refid="Base_Column_List" /> from user_info',
      '    <if test="_parameter != null"><include refid="Example_Where_Clause" /></if>',
      '    <if test="orderByClause != null">order by ${orderByClause}</if>',
      '  </select>',
      '  <select id="countByExample" resultType="java.lang.Long">',
      '    select count(*) from user_info <if test="_parameter != null"><include refid="Example_Where_Clause" /></if>',
      '  </select>',
      '  <delete id="deleteByExample">',
      '    delete from user_info <if test="_parameter != null"><include refid="Example_Where_Clause" /></if>',
      '  </delete>',
      '  <update id="updateByExampleSelective" parameterType="map">',
      '    update user_info',
      '    <set>',
      '      <if test="row.userName != null">user_name = #{row.userName,jdbcType=VARCHAR},</if>',
      '      <if test="row.status != null">status = #{row.status,jdbcType=SMALLINT},</if>',
      '    </set>',
      '    <if test="example != null"><include refid="Update_By_Example_Where_Clause" /></if>',
      '  </update>',
      '</mapper>',
    ].join('\n');
    const schema = [
      'CREATE TABLE user_info (id bigserial PRIMARY KEY, user_name varchar(64) NOT NULL, status smallint NOT NULL,',
      '  dept_id bigint);',
      '-- sqltune:stats user_info rows=1000000',
    ].join('\n');
    const report = await onPglite('UserInfoMapper.xml', generated, schema);
    const statements = report.mapper!.statements;
    expect(statements.map((s) => s.id)).toEqual([
      'selectByExample',
      'countByExample',
      'deleteByExample',
      'updateByExampleSelective',
    ]);
    for (const s of statements) {
      const planned = s.variants.filter((v) => v.planned);
      // Before, no variant of an Example statement was planned.
      expect(planned.length, s.id).toBeGreaterThan(0);
      for (const v of planned) {
        expect(v.label.en, s.id).toMatch(/with no items \(an Example with no criteria, no WHERE: the whole table\)/);
        expect(v.label.zh, s.id).toMatch(/Example 没有任何条件/);
        const item = report.statements[v.report!]!;
        expect(item.errors, s.id).toEqual([]);
        expect(item.plan.source, s.id).toMatch(/PGlite/);
        // The whole table, as selectByExample(new Example()) reads it: every row of user_info scanned.
        const scans: { relation?: string; rows?: number }[] = [];
        const walk = (node: { relation?: string; rows?: number; children?: unknown[] }) => {
          if (node.relation === 'user_info') scans.push(node);
          for (const child of node.children ?? []) walk(child as typeof node);
        };
        walk(item.plan.before!.root);
        expect(Math.max(...scans.map((n) => n.rows ?? 0)), s.id).toBe(1_000_000);
      }
      // A criterion's column is only known at run time: analyzed, not planned.
      for (const v of s.variants.filter((v) => v.sql.includes('${criterion.condition}'))) {
        expect(v.planned, `${s.id} #${v.number}`).toBe(false);
      }
    }
    const select = statements[0]!;
    expect(select.variants.filter((v) => v.planned).map((v) => v.sql.replace(/\s+/g, ' ').trim())).toEqual([
      'select id, user_name, status, dept_id from user_info',
      'select distinct id, user_name, status, dept_id from user_info',
    ]);
  });

  it('reports a repeated condition only where both copies can render, in the mapper and in the variant reports', async () => {
    const repeated = [
      '<mapper namespace="shop.OrderMapper">',
      '  <select id="byKind" resultType="map">SELECT id FROM orders',
      '    <where><if test="kind == 1">AND status = 1</if><if test="kind == 2">AND status = 1</if></where>',
      '  </select>',
      '  <select id="byBoth" resultType="map">SELECT id FROM orders',
      '    <where><if test="a != null">AND status = 1</if><if test="b != null">AND status = 1</if></where>',
      '  </select>',
      '</mapper>',
    ].join('\n');
    const report = await onPglite('OrderMapper.xml', repeated, schemaText);
    const [byKind, byBoth] = report.mapper!.statements;
    const inVariants = (s: typeof byKind) =>
      s!.variants.flatMap((v) => report.statements[v.report!]!.rules.filter((f) => f.id === 'duplicate-predicate'));
    // kind == 1 and kind == 2 never hold together: the variant of every parameter set renders both, no run does.
    expect(byKind!.findings.map((f) => f.id)).not.toContain('duplicate-predicate');
    expect(inVariants(byKind)).toEqual([]);
    expect(byBoth!.findings.filter((f) => f.id === 'duplicate-predicate').map((f) => f.span?.line)).toEqual([6]);
    expect(inVariants(byBoth).map((f) => f.span?.line)).toEqual([6]);
  });

  it('says no LEFT JOIN can go when a ${} piece of SQL may read the joined table (RuoYi reads d.dept_id there)', async () => {
    const joined = (scope: string) =>
      [
        '<mapper namespace="sys.UserMapper">',
        '  <select id="list" resultType="map">',
        '    SELECT u.id, u.name FROM users u LEFT JOIN depts d ON d.id = u.dept_id',
        `    WHERE u.status = 0 ${scope}`,
        '  </select>',
        '</mapper>',
      ].join('\n');
    const schema = [
      'CREATE TABLE users (id BIGINT PRIMARY KEY, name VARCHAR(30), dept_id BIGINT, status INT NOT NULL);',
      'CREATE TABLE depts (id BIGINT PRIMARY KEY, name VARCHAR(30));',
    ].join('\n');
    const run = (text: string) => onPglite('UserMapper.xml', text, schema);
    const ids = (report: Report) => {
      const [list] = report.mapper!.statements;
      const variantRules = list!.variants.flatMap((v) => report.statements[v.report!]!.rules.map((f) => f.id));
      // The variant's own statement report agrees with the mapper's: no step the mapper leaves out.
      const variantSteps = list!.variants.flatMap((v) => report.statements[v.report!]!.steps.map((s) => s.ruleId));
      return [
        ...list!.findings.map((f) => f.id),
        ...variantRules,
        ...variantSteps,
        ...list!.rewrites.flatMap((r) => r.ruleIds),
      ];
    };
    const scoped = await run(joined('${params.dataScope}'));
    expect(scoped.mapper!.statements[0]!.variants[0]!.planned).toBe(true);
    expect(ids(scoped)).not.toContain('left-join-elimination');
    for (const variant of scoped.mapper!.statements[0]!.variants) {
      expect(scoped.statements[variant.report!]!.optimized).toMatch(/LEFT JOIN depts d/);
    }
    // Without the piece nothing reads depts: the join can go.
    expect(ids(await run(joined('')))).toContain('left-join-elimination');
  });
});
