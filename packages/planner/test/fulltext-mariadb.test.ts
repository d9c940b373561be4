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

  it('advises the FULLTEXT index it needs, with the cost of the plan that reads it and no invented gain', async () => {
    const report = await run(
      "SELECT id, title FROM articles WHERE MATCH(title, body) AGAINST ('database tuning' IN NATURAL LANGUAGE MODE) AND views = 1 LIMIT 20",
      schema(),
    );
    const [statement] = report.statements;
    expect(statement!.errors).toEqual([]);
    const fulltext = statement!.indexes.filter((i) => i.kind === 'fulltext');
    expect(fulltext.map((i) => i.ddl)).toEqual([
      'CREATE FULLTEXT INDEX `ft_articles_title_body` ON `articles` (`title`, `body`);',
    ]);
    const [advice] = fulltext;
    expect(advice!.estimateBasis).toBe('required');
    expect(advice!.roles).toEqual([
      { column: 'title', role: 'fulltext' },
      { column: 'body', role: 'fulltext' },
    ]);
    // The one number is the optimizer's, for the plan with the advised set (which reads the index); none without it.
    expect(statement!.plan.after?.totalCost).toBeDefined();
    expect(advice!.costAfter).toBe(statement!.plan.after!.totalCost);
    expect(advice!.costBefore).toBeUndefined();
    expect(advice!.benefit).toBeUndefined();
    expect(JSON.stringify(statement!.plan.after)).toContain('"index":"ft_articles_title_body"');
    expect(advice!.reason.en).toContain('MATCH (title, body) AGAINST');
    expect(advice!.reason.en).toContain('error 1191');
    expect(advice!.reason.en).toContain(
      `reads it for the search, at an estimated cost of ${advice!.costAfter!.toFixed(2)}`,
    );
    expect(advice!.reason.zh).toContain('MATCH (title, body) AGAINST');
    expect(advice!.reason.zh).toContain('错误 1191');
  });

  it('keeps the B-tree advice for the other conditions beside it (MATCH in the select list, ORDER BY relevance)', async () => {
    const report = await run(
      "SELECT id, title, MATCH(title, body) AGAINST ('database tuning') AS score FROM articles WHERE views = 7 ORDER BY score DESC LIMIT 10",
      [schema(), '-- sqltune:stats articles.views distinct=100000'].join('\n'),
    );
    const [statement] = report.statements;
    expect(statement!.errors).toEqual([]);
    expect(statement!.indexes.map((i) => [i.kind, i.columns])).toEqual([
      ['fulltext', ['title', 'body']],
      ['btree', ['views']],
    ]);
    const [fulltext, btree] = statement!.indexes;
    expect(btree!.costAfter).toBeLessThan(btree!.costBefore!);
    expect(fulltext!.costAfter).toBe(btree!.costAfter);
    // The plan scores each row it reads: it does not look rows up through the FULLTEXT index, and says so.
    expect(fulltext!.reason.en).toContain('does not look rows up through it');
  });

  it('still says why no index serves a scan the plan keeps beside the FULLTEXT index it needs', async () => {
    const report = await run(
      "SELECT id, MATCH(title, body) AGAINST ('x') AS score FROM articles WHERE views <> 3 ORDER BY score DESC LIMIT 10",
      schema(),
    );
    const [statement] = report.statements;
    expect(statement!.indexes.map((i) => i.kind)).toEqual(['fulltext']);
    expect(statement!.indexGaps?.map((g) => g.table)).toEqual(['articles']);
  });

  it('does not say the FULLTEXT index replaces a B-tree its columns start like', async () => {
    const report = await run(
      "SELECT id FROM articles WHERE MATCH(title, body) AGAINST ('x')",
      schema(', KEY k_title (title)'),
    );
    const [advice] = report.statements[0]!.indexes;
    expect(advice?.kind).toBe('fulltext');
    expect(advice!.reason.en).not.toContain('k_title');
  });

  it('advises no FULLTEXT index when the structure has one on the same columns', async () => {
    const report = await run(
      "SELECT id FROM articles WHERE MATCH(title, body) AGAINST ('x') AND views = 1",
      schema(', FULLTEXT KEY ft_text (body, title)'),
    );
    expect(report.statements[0]!.errors).toEqual([]);
    expect(report.statements[0]!.indexes.filter((i) => i.kind === 'fulltext')).toEqual([]);
  });

  it('says a MEMORY table must change engine first, planned as InnoDB', async () => {
    const memory = 'CREATE TABLE cache (id INT PRIMARY KEY, body VARCHAR(500)) ENGINE=MEMORY;';
    const report = await run("SELECT id FROM cache WHERE MATCH(body) AGAINST ('x')", memory);
    const [advice] = report.statements[0]!.indexes;
    expect(advice?.ddl).toBe('CREATE FULLTEXT INDEX `ft_cache_body` ON `cache` (`body`);');
    expect(advice!.reason.en).toContain('MEMORY, has no FULLTEXT indexes (error 1214)');
  });

  it('puts the FULLTEXT indexes the statements need in the workload set, serving those statements', async () => {
    const report = await run(
      [
        "SELECT id FROM articles WHERE MATCH(title, body) AGAINST ('x' IN BOOLEAN MODE) AND views = 3",
        'SELECT id, title FROM articles WHERE views = 5',
      ].join(';\n'),
      [schema(), '-- sqltune:stats articles.views distinct=100000'].join('\n'),
    );
    const usage = report.workload?.usage ?? [];
    const fulltext = usage.find((u) => u.ddl.startsWith('CREATE FULLTEXT'));
    expect(fulltext?.serves).toEqual([1]);
    expect(usage.some((u) => u.ddl.includes('(`views`)'))).toBe(true);
  });

  it('lists them in the workload set also when no other index is worth it', async () => {
    const report = await run(
      [
        "SELECT id FROM articles WHERE MATCH(title, body) AGAINST ('x')",
        "SELECT id FROM articles WHERE MATCH(body) AGAINST ('+y' IN BOOLEAN MODE)",
      ].join(';\n'),
      schema(),
    );
    expect((report.workload?.usage ?? []).map((u) => [u.ddl, u.serves])).toEqual([
      ['CREATE FULLTEXT INDEX `ft_articles_title_body` ON `articles` (`title`, `body`);', [1]],
      ['CREATE FULLTEXT INDEX `ft_articles_body` ON `articles` (`body`);', [2]],
    ]);
    expect(report.workload?.indexes.every((i) => i.estimateBasis === 'required')).toBe(true);
  });

  it('still fails with 1191 at the statement when the columns are not text', async () => {
    const report = await run("SELECT id FROM articles WHERE MATCH (views) AGAINST ('1')", schema());
    const [error] = report.statements[0]!.errors;
    expect(error?.code).toBe(4202);
    expect(error?.message.en).toMatch(/1191/);
  });
});
