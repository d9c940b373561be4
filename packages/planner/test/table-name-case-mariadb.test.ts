import { Report } from '@sqltune/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { mariadbPlanner, shutdownMariaDb } from '../src/mariadb/backend.ts';
import { optimize } from '../src/optimize.ts';
import { optimizeMapper } from '../src/optimize-mapper.ts';

/**
 * Table names in another case than the structure defines them (RuoYi's and Oracle-ported mappers write `SYS_USER`
 * over `CREATE TABLE sys_user`): the MariaDB sandbox compares table names by case (lower_case_table_names=0, as MySQL
 * on Linux) and refused them with 1146; they are planned on the structure's table, as a server with
 * lower_case_table_names=1 plans them, with a note saying so (mariadb/names.ts withTableNamesAsDefined).
 */
const schemaText = [
  'CREATE TABLE Sys_Dept (dept_id BIGINT PRIMARY KEY, dept_name VARCHAR(30) NOT NULL);',
  'CREATE TABLE sys_user (user_id BIGINT PRIMARY KEY, dept_id BIGINT NOT NULL, user_name VARCHAR(30) NOT NULL,',
  '  status CHAR(1) NOT NULL, CONSTRAINT fk_dept FOREIGN KEY (dept_id) REFERENCES SYS_DEPT (dept_id));',
  'CREATE INDEX idx_status ON SYS_USER (status);',
  '-- sqltune:stats sys_user rows=2000000',
  '-- sqltune:stats sys_user.user_name distinct=1900000',
  '-- sqltune:stats Sys_Dept rows=500',
].join('\n');

const available = serviceAvailable('MariaDB', process.env.MYSQL_SANDBOX_URL ? 'MYSQL_SANDBOX_URL' : mariadbBinary);

afterAll(() => shutdownMariaDb());

const run = (sql: string, schema = schemaText) =>
  optimize(
    { sql, dialect: 'mysql', schemaText: schema },
    { planners: { mysql: mariadbPlanner }, engineVersion: 'test', statementErrors: 'report' },
  );
const planNotes = (statement: { plan: { before: { root: { warnings: Array<{ en: string }> } } | null } }) =>
  (statement.plan.before?.root.warnings ?? []).map((w) => w.en).join('\n');

describe.runIf(available)('table names in another case on MariaDB', { timeout: 120_000 }, () => {
  it('plans an upper-case statement on the defined tables, with the note and the index on the defined table', async () => {
    const sql = `SELECT U.user_id, D.dept_name FROM SYS_USER U JOIN SYS_DEPT D ON D.dept_id = U.dept_id
WHERE U.user_name = 'admin'`;
    const report = await run(sql);
    const [statement] = report.statements;
    expect(statement!.errors).toEqual([]);
    expect(statement!.plan.before?.root).toBeDefined();
    const notes = planNotes(statement!);
    expect(notes).toContain('SYS_USER → sys_user, SYS_DEPT → Sys_Dept');
    expect(notes).toContain('lower_case_table_names=0 (the Linux default) the statement fails with error 1146');
    const zh = (statement!.plan.before?.root.warnings ?? []).map((w) => w.zh).join('\n');
    expect(zh).toContain('lower_case_table_names=1');
    const advice = statement!.indexes.find((i) => i.columns[0] === 'user_name');
    expect(advice?.table).toBe('sys_user');
    expect(advice?.ddl).toMatch(/ON `?sys_user`? /);
    // The structure's own references in another case (REFERENCES SYS_DEPT, ON SYS_USER) are noted once.
    expect(report.warnings.map((w) => w.message.en).join('\n')).toMatch(/SYS_DEPT → Sys_Dept, SYS_USER → sys_user/);
  });

  it('plans a statement naming its tables as defined without the note', async () => {
    const report = await run("SELECT user_id FROM sys_user WHERE user_name = 'admin'");
    expect(report.statements[0]!.errors).toEqual([]);
    expect(planNotes(report.statements[0]!)).not.toContain('lower_case_table_names');
  });

  it('keeps the exact match when two tables differ only by case, and an unknown column is 1054 at its place', async () => {
    const schema = 'CREATE TABLE a (id INT PRIMARY KEY, x INT);\nCREATE TABLE A (id INT PRIMARY KEY, y INT);';
    const both = await run('SELECT a.x, B.y FROM a JOIN A B ON B.id = a.id', schema);
    expect(both.statements[0]!.errors).toEqual([]);
    expect(planNotes(both.statements[0]!)).not.toContain('lower_case_table_names');
    // The upper-case A is its own table: x is a's column, not A's.
    const wrong = await run('SELECT x FROM A', schema);
    expect(wrong.statements[0]!.errors[0]?.code).toBe(4202);
    expect(wrong.statements[0]!.errors[0]?.message.en).toMatch(/Unknown column 'x'/);

    // A table of no name in the structure is planned as inferred from the statement (inferred-tables.test.ts), and
    // the rules flag it; the sandbox's own error stays placed and without its database's name.
    const unknown = await run('SELECT user_id\nFROM SYS_USERS WHERE user_id = 1');
    expect(unknown.statements[0]!.errors).toEqual([]);
    expect(unknown.statements[0]!.rules.map((r) => r.id)).toContain('table-not-in-schema');
    expect(unknown.warnings.map((w) => w.message.en).join('\n')).toContain('does not hold SYS_USERS');
    const typo = await run('SELECT user_id\nFROM SYS_USER WHERE user_idd = 1');
    const [error] = typo.statements[0]!.errors;
    expect(error?.code).toBe(4202);
    expect(error?.message.en).toMatch(/1054|Unknown column 'user_idd'/);
    expect(error?.message.en).not.toMatch(/\bs_[0-9a-f]{12}\b/);
    expect([error?.line, error?.column]).toEqual([2, 21]);
  });

  it("plans a statement qualifying its tables by the user's database over a structure that names none", async () => {
    // SHOW CREATE TABLE prints no database; the application's statement writes `ry.sys_user`.
    const report = await run(
      "SELECT u.user_id FROM ry.SYS_USER u JOIN ry.sys_dept d ON d.dept_id = u.dept_id\nWHERE u.user_name = 'a'",
    );
    expect(report.statements[0]!.errors).toEqual([]);
    expect(report.statements[0]!.indexes.map((i) => `${i.table}(${i.columns})`)).toContain(
      'sys_user(user_name,dept_id)',
    );
    // A system database stays what it is: the session's user reads none of its tables.
    const system = await run('SELECT u.User FROM mysql.user u');
    expect(system.statements[0]!.errors[0]?.message.en).toMatch(/denied/);
  });

  it('leaves aliases to MariaDB, which compares them by case as it did', async () => {
    const same = await run("SELECT U.user_id FROM SYS_USER U WHERE U.user_name = 'a'");
    expect(same.statements[0]!.errors).toEqual([]);
    const other = await run("SELECT U.user_id FROM SYS_USER u WHERE u.user_name = 'a'");
    expect(other.statements[0]!.errors[0]?.message.en).toMatch(/Unknown column 'U.user_id'/);
  });

  it('plans a mapper writing upper-case table names', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" "http://mybatis.org/dtd/mybatis-3-mapper.dtd">
<mapper namespace="com.ruoyi.system.mapper.SysUserMapper">
  <select id="selectUserByUserName" resultType="map">
    SELECT U.USER_ID, U.USER_NAME FROM SYS_USER U WHERE U.USER_NAME = #{userName}
  </select>
</mapper>`;
    const report = Report.parse(
      await optimizeMapper(
        { files: [{ name: 'SysUserMapper.xml', text: xml }], framework: 'mybatis', dialect: 'mysql', schemaText },
        { planners: { mysql: mariadbPlanner }, engineVersion: 'test', now: () => new Date(0) },
      ),
    );
    const variants = report.mapper!.statements[0]!.variants;
    expect(variants.every((v) => v.planned)).toBe(true);
    const statement = report.statements[variants[0]!.report!]!;
    expect(statement.errors).toEqual([]);
    expect(planNotes(statement as never)).toContain('SYS_USER → sys_user');
  });
});
