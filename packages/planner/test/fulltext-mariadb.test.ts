import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { mariadbPlanner, shutdownMariaDb } from '../src/mariadb/backend.ts';
import { optimize } from '../src/optimize.ts';

/**
 * `MATCH (cols) AGAINST (...)` over a structure without a FULLTEXT index on those columns was MariaDB's bare 1191
 * (4202 at the statement). It fails the same on the user's MySQL: the structure lacks the index. The sandbox plans
 * it with the index added, and the plan says so and gives the ALTER TABLE to run (mariadb/fulltext.ts).
 */
const schema = (keys = '') =>
  [
    `CREATE TABLE articles (id INT PRIMARY KEY, title VARCHAR(200) NOT NULL, body TEXT, views INT NOT NULL${keys});`,
    '-- sqltune:stats articles rows=500000',
  ].join('\n');

const available = serviceAvailable('MariaDB', process.env.MYSQL_SANDBOX_URL ? 'MYSQL_SANDBOX_URL' : mariadbBinary);

afterAll(() => shutdownMariaDb());

const run = (sql: string, schemaText: string) =>
  optimize(
    { sql, dialect: 'mysql', schemaText },
    { planners: { mysql: mariadbPlanner }, engineVersion: 'test', statementErrors: 'report' },
  );
const warnings = (report: Awaited<ReturnType<typeof run>>, lang: 'en' | 'zh' = 'en') =>
  (report.statements[0]!.plan.before?.root.warnings ?? []).map((w) => w[lang]).join('\n');

describe.runIf(available)('MATCH ... AGAINST on MariaDB', { timeout: 120_000 }, () => {
  const sql = "SELECT id, title FROM articles a WHERE MATCH (a.title, a.body) AGAINST ('sandbox' IN BOOLEAN MODE)";

  it('is planned with the FULLTEXT index the structure lacks, and the plan says to add it', async () => {
    const report = await run(`${sql};\nSELECT id FROM articles WHERE views > 10 ORDER BY title`, schema());
    const [statement, other] = report.statements;
    expect(statement!.errors).toEqual([]);
    expect(JSON.stringify(statement!.plan.before)).toContain('"index":"ft_articles_title_body"');
    expect(warnings(report)).toContain('ALTER TABLE articles ADD FULLTEXT INDEX ft_articles_title_body (title, body)');
    expect(warnings(report)).toContain('fails with error 1191');
    expect(warnings(report, 'zh')).toContain('FULLTEXT 索引');
    // The session's next statement, without MATCH, is planned without the index.
    expect(other!.errors).toEqual([]);
    expect(JSON.stringify(other!.plan.before)).not.toContain('ft_articles');
  });

  it('is planned on the structure’s own index without the note when it has one', async () => {
    const report = await run(sql, schema(', FULLTEXT KEY ft_text (body, title)'));
    expect(report.statements[0]!.errors).toEqual([]);
    expect(JSON.stringify(report.statements[0]!.plan.before)).toContain('"index":"ft_text"');
    expect(warnings(report)).not.toContain('1191');
  });

  it('is verified with the index, whichever statement the session verified first', async () => {
    const session = await mariadbPlanner.open({ dialect: 'mysql', schemaSql: schema(), statistics: [] });
    try {
      const options = { literals: ['sandbox'] };
      await session.verify('SELECT id FROM articles', 'SELECT id FROM articles WHERE id > 0', options);
      const verdict = await session.verify(sql, `${sql} ORDER BY id`, options);
      expect(verdict.verdict).toBe('not-refuted');
    } finally {
      await session.close();
    }
  });

  it('still fails with 1191 at the statement when the columns are not text', async () => {
    const report = await run("SELECT id FROM articles WHERE MATCH (views) AGAINST ('1')", schema());
    const [error] = report.statements[0]!.errors;
    expect(error?.code).toBe(4202);
    expect(error?.message.en).toMatch(/1191/);
  });
});
