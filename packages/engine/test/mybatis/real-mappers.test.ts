import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dialect, Finding } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { analyzeMapper, type MapperStatementAnalysis } from '../../src/mybatis/analyze-mapper.ts';
import { variantBatches } from '../../src/mybatis/report.ts';

/**
 * The real-mappers sweep (test/mybatis/real-mappers): mappers written after public projects nobody here wrote (RuoYi,
 * mall's mybatis-generator output, jeecg-boot, pig with MyBatis-Plus wrappers, Flowable's Task.xml, JPetStore on
 * MyBatis 3 and iBatis 2, DolphinScheduler and Linkis on PostgreSQL, an event store with jsonb, a whole
 * mybatis-generator mapper for user_info in its MySQL and PostgreSQL flavours), with their tables.
 * What a DBA and a Java developer read first: nothing refused that runs, findings where the XML says what they say,
 * no finding about a stand-in value or a rendered copy, and the variants planned that can be.
 */
const root = join(import.meta.dirname, 'real-mappers');
const schemas: Record<Dialect, string> = {
  mysql: readFileSync(join(root, 'schema-mysql.sql'), 'utf8'),
  postgresql: readFileSync(join(root, 'schema-postgresql.sql'), 'utf8'),
};

interface Run {
  readonly name: string;
  readonly text: string;
  readonly statements: readonly MapperStatementAnalysis[];
  readonly planned: number;
}

const runs: Run[] = [
  ['mysql', 'mysql'],
  ['postgresql', 'postgresql'],
  ['ibatis', 'mysql'],
].flatMap(([dir, dialect]) =>
  readdirSync(join(root, dir!))
    .filter((name) => name.endsWith('.xml'))
    .map((file) => {
      const name = `${dir}/${file}`;
      const text = readFileSync(join(root, dir!, file), 'utf8');
      const analysis = analyzeMapper({
        files: [{ name, text }],
        dialect: dialect as Dialect,
        schemaText: schemas[dialect as Dialect],
      });
      const planned = variantBatches(analysis)
        .filter((b) => b.plan)
        .reduce((sum, b) => sum + b.parts.length, 0);
      return { name, text, statements: analysis.statements, planned };
    }),
);

const statement = (file: string, id: string) =>
  runs.find((r) => r.name === file)!.statements.find((s) => s.statement.id === id)!;
const findingsOf = (file: string, id: string) => statement(file, id).findings;
const lines = (run: Run) => run.text.split('\n');
/** The XML text a finding points at. */
const textAt = (run: Run, f: Finding) => lines(run)[f.span!.line - 1]!.slice(f.span!.column - 1);

describe('real mappers', () => {
  it('are 20 and more files of both frameworks and both databases, each statement read without an error', () => {
    expect(runs.length).toBeGreaterThanOrEqual(20);
    expect(runs.filter((r) => r.name.startsWith('ibatis/')).length).toBeGreaterThanOrEqual(3);
    expect(runs.filter((r) => r.name.startsWith('postgresql/')).length).toBeGreaterThanOrEqual(4);
    for (const run of runs) {
      for (const s of run.statements) {
        expect(s.error?.detail, `${run.name} ${s.key}`).toBeUndefined();
        expect(s.variants.length, `${run.name} ${s.key}`).toBeGreaterThan(0);
        for (const v of s.variants)
          expect(v.error?.detail, `${run.name} ${s.key} #${v.variant.number}`).toBeUndefined();
      }
    }
  });

  it('point every finding at written text (in a shared fragment too), a ${} finding at its $', () => {
    for (const run of runs) {
      for (const s of run.statements) {
        for (const f of s.findings) {
          const where = `${run.name} ${s.key} ${f.id} ${f.span?.line}:${f.span?.column}`;
          expect(f.span?.file, where).toBe(run.name);
          expect(textAt(run, f), where).toMatch(/^\S/);
          if (f.id === 'mapper-text-substitution') expect(textAt(run, f), where).toMatch(/^\$|^'/);
        }
      }
    }
    // Flowable: after `${limitBefore}` on its own line the places were one character early.
    const task = runs.find((r) => r.name === 'mysql/TaskMapper.xml')!;
    const lower = findingsOf(task.name, 'selectTaskByQueryCriteria').filter((f) => f.id === 'function-on-column');
    expect(lower.map((f) => textAt(task, f).slice(0, 16))).toEqual(['lower(RES.NAME_)']);
  });

  it('say nothing of a rendered copy, a stand-in value or what a ${} piece may say', () => {
    const all = runs.flatMap((run) => run.statements.flatMap((s) => s.findings.map((f) => ({ run, s, f }))));
    // mybatis-generator's Example clause renders one `${criterion.condition}` per criterion: not a duplicate.
    const generated = all.filter(({ run }) => run.name === 'mysql/PmsBrandMapper.xml');
    expect(generated.filter(({ f }) => f.id === 'duplicate-predicate')).toEqual([]);
    // Its <choose> by the criterion's kind always takes one of its four branches.
    expect(generated.filter(({ f }) => f.id === 'mapper-choose-without-otherwise')).toEqual([]);
    // Before its value it is the column and operator; alone (criterion.noValue: `id is null`) a whole condition.
    const conditions = generated.filter(({ f }) => f.message.en.startsWith('${criterion.condition}'));
    expect(conditions.filter(({ f }) => f.message.en.includes('a column and its operator')).length).toBeGreaterThan(0);
    for (const { f } of conditions) expect(f.message.en).not.toContain('pastes a value');
    // RuoYi's dataScope reads the joined sys_dept: no LEFT JOIN can go.
    for (const id of ['selectUserList', 'selectAllocatedList', 'selectUnallocatedList']) {
      expect(findingsOf('mysql/SysUserMapper.xml', id).map((f) => f.id)).not.toContain('left-join-elimination');
    }
    // A LEFT JOIN nothing reads, in a statement without such a piece, still can.
    expect(findingsOf('mysql/SysMenuMapper.xml', 'selectMenuListByUserId').map((f) => f.id)).toContain(
      'left-join-elimination',
    );
    // MyBatis-Plus: the wrapper's segment after the table is a piece of SQL, not a name.
    const wrapper = findingsOf('mysql/SysLogMapper.xml', 'selectPageByWrapper').find(
      (f) => f.id === 'mapper-text-substitution',
    );
    expect(wrapper?.message.en).toContain('a piece of SQL');
    // Flowable's paging pieces are row ranges, not names.
    const paging = findingsOf('mysql/TaskMapper.xml', 'selectTaskByQueryCriteria').filter((f) =>
      /^\$\{limit/.test(f.message.en),
    );
    expect(paging.map((f) => /^\$\{(\w+)\} pastes a row range/.exec(f.message.en)?.[1])).toEqual([
      'limitBefore',
      'limitBetween',
      'limitAfter',
    ]);
    // iBatis messages quote the parameters as the file writes them.
    for (const { run, f } of all.filter(({ run }) => run.name.startsWith('ibatis/'))) {
      expect(`${f.message.en} ${f.message.zh}`, `${run.name} ${f.id}`).not.toMatch(/[#$]\{/);
    }
  });

  it('bind each parameter a value of its own type, a loop item apart from the property it shadows', () => {
    const bound = (file: string, id: string, variant = 0) =>
      statement(file, id).variants[variant]!.bound.sql.text.replace(/\s+/g, ' ');
    // RuoYi: `business_type = #{businessType}` and `<foreach item="businessType">`.
    const [, property, list] = /business_type = (\d+) AND business_type in \(([^)]*)\)/.exec(
      bound('mysql/SysOperLogMapper.xml', 'selectOperLogList'),
    )!;
    expect(new Set([property, ...list!.split(',').map((v) => v.trim())]).size).toBe(4);
    // RuoYi: r.role_id != #{roleId} is a number.
    expect(bound('mysql/SysUserMapper.xml', 'selectUnallocatedList')).toMatch(/r\.role_id != \d+ /);
    // Linkis: milliseconds cast to bigint.
    expect(bound('postgresql/JobHistoryMapper.xml', 'updateJobHistory')).toMatch(/to_timestamp\(\d+::bigint \/ 1000\)/);
  });

  it('plan the variants that can be: the wrapper, the data scope and the table prefix planned empty', () => {
    const plannable = (file: string, id: string) =>
      statement(file, id).variants.filter((v) => v.bound.substitutions === 0).length;
    expect(plannable('mysql/SysLogMapper.xml', 'selectPageByWrapper')).toBe(1);
    expect(plannable('mysql/SysUserMapper.xml', 'selectUserList')).toBe(2);
    expect(plannable('mysql/TaskMapper.xml', 'insertTask')).toBe(1);
    expect(plannable('mysql/TaskMapper.xml', 'selectTaskCountByQueryCriteria')).toBeGreaterThan(0);
    const all = runs.flatMap((r) => r.statements.flatMap((s) => s.variants));
    const planned = runs.reduce((sum, r) => sum + r.planned, 0);
    // mybatis-generator's criteria hide their columns: their variants are never planned (below). Of the others, what
    // stays unplanned holds a ${} that is a name or a value.
    const criteria = all.filter((v) => v.template.text.includes('${criterion.condition}'));
    expect(criteria.every((v) => v.bound.substitutions > 0)).toBe(true);
    expect(planned / (all.length - criteria.length)).toBeGreaterThan(0.9);
  });

  it("plan mybatis-generator's Example statements with no criteria: the whole table, as new Example() runs them", () => {
    const examples = ['mysql/PmsBrandMapper.xml', 'mysql/UserInfoMapper.xml', 'postgresql/UserInfoMapper.xml'].flatMap(
      (file) => runs.find((r) => r.name === file)!.statements.filter((s) => /ByExample/.test(s.statement.id)),
    );
    expect(examples.length).toBeGreaterThanOrEqual(15);
    for (const s of examples) {
      const planned = s.variants.filter((v) => v.bound.substitutions === 0);
      expect(planned.length, s.key).toBeGreaterThan(0);
      for (const v of planned) {
        expect(v.bound.sql.text, s.key).not.toMatch(/where|order by|criterion/i);
        expect(v.variant.label.en, s.key).toMatch(/an Example with no criteria|every parameter null/);
      }
    }
    const texts = (file: string, id: string) =>
      statement(file, id)
        .variants.filter((v) => v.bound.substitutions === 0)
        .map((v) => v.bound.sql.text.replace(/\s+/g, ' ').trim());
    const columns = 'id, user_name, email, mobile, status, dept_id, create_time, update_time';
    for (const file of ['mysql/UserInfoMapper.xml', 'postgresql/UserInfoMapper.xml']) {
      expect(texts(file, 'selectByExample')).toEqual([
        `select ${columns} from user_info`,
        `select distinct ${columns} from user_info`,
      ]);
      expect(texts(file, 'countByExample')).toEqual(['select count(*) from user_info']);
      expect(texts(file, 'deleteByExample')).toEqual(['delete from user_info']);
      expect(texts(file, 'updateByExampleSelective')).toHaveLength(1);
      expect(texts(file, 'updateByExampleSelective')[0]).toMatch(/^update user_info SET id = 1, .* remark = 'i'$/);
    }
    // The statements without an Example are planned whole, as before; the DELETE's lost WHERE is still critical.
    expect(findingsOf('mysql/UserInfoMapper.xml', 'deleteByExample').map((f) => f.id)).toContain(
      'mapper-write-where-disappears',
    );
  });
});
