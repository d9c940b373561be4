/**
 * Migration histories and schema dumps as the tools print them (Flyway, Laravel's schema:dump, Rails' mysqldump and
 * structure.sql, Django's sqlmigrate, Prisma, Supabase; engine/src/schema/fixtures/migrations), planned on the real
 * sandboxes: every step is read, the sandbox ends where the history ends (a column renamed or dropped later is gone,
 * an index dropped later is not used), and a step the server refuses is a 4203 at its line. A history's data steps
 * (UPDATE / DELETE backfills, INSERT ... SELECT, seeds) are skipped: every text a sandbox is sent is recorded.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { shutdownPlanners } from '../src/backends.ts';
import { mariadbPlanner } from '../src/mariadb/backend.ts';
import { optimize } from '../src/optimize.ts';
import { pglitePlanner } from '../src/pglite/backend.ts';
import type { PlannerBackend } from '../src/types.ts';
import { recording } from './recording-backend.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../engine/src/schema/fixtures/migrations/${name}.sql`, import.meta.url), 'utf8');

type Report = Awaited<ReturnType<typeof optimize>>;

function expectPlanned(report: Report): void {
  for (const statement of report.statements) {
    expect(statement.errors, statement.original).toEqual([]);
    expect(statement.plan.before, statement.original).not.toBeNull();
  }
}

/** The sandbox's refusal of the statements over the structure, its message matching `pattern`. */
async function expectRefused(report: Promise<Report>, pattern: RegExp): Promise<void> {
  const error = await report.catch((e: unknown) => e);
  expect(error).toMatchObject({ detail: { message: { en: expect.stringMatching(pattern) } } });
}

const notes = (report: Report) => report.warnings.map((w) => w.message.en).join('\n');

afterAll(async () => {
  await shutdownPlanners();
});

describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('migration histories on the MariaDB sandbox', () => {
  const options = { planners: { mysql: mariadbPlanner }, engineVersion: 'test' };
  const plan = (schemaText: string, sql: string[]) =>
    optimize({ dialect: 'mysql', schemaText, sql: sql.join(';\n') }, options);

  it('plans over a Flyway history: ALTER forms, RENAME TABLE / COLUMN / INDEX, drops, ngram, an ALTER functional key, MySQL 8 forms', async () => {
    const report = await plan(fixture('flyway-mysql'), [
      "SELECT id, name, display_name, phone FROM customers WHERE email = 'a@b.c'",
      "SELECT o.id, c.name FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.status = 'paid' ORDER BY o.created_at DESC LIMIT 20",
      "SELECT id FROM articles WHERE MATCH(title, body) AGAINST ('database')",
      'SELECT body FROM notes WHERE id = 3',
    ]);
    expectPlanned(report);
    expect(notes(report)).toMatch(/functional key parts \(indexes on expressions\): planned without idx_expr/);
    // V7 made idx_status invisible (planned as MariaDB's IGNORED): the optimizer does not consider it.
    expect(JSON.stringify(report.statements[1]!.plan.before)).not.toMatch(/idx_status/);
  }, 120_000);

  it('ends where the history ends: a dropped column, a renamed one and a dropped index are gone', async () => {
    const over = (sql: string) => plan(fixture('flyway-mysql'), [sql]);
    await expectRefused(over("SELECT id FROM customers WHERE legacy_code = 'x'"), /Unknown column 'legacy_code'/);
    await expectRefused(over("SELECT id FROM customers WHERE full_name = 'x'"), /Unknown column 'full_name'/);
    const report = await plan(fixture('flyway-mysql'), ["SELECT id FROM orders WHERE created_at > '2024-01-01'"]);
    expectPlanned(report);
    expect(JSON.stringify(report.statements[0]!.plan.before)).not.toMatch(/idx_orders_created/);
  }, 120_000);

  it("plans over Laravel's schema:dump and Rails' mysqldump (LIKE, partitions, generated columns, expression defaults)", async () => {
    const laravel = await plan(fixture('laravel-schema-dump'), [
      "SELECT id, name FROM users WHERE email_domain = 'example.com' AND created_at > '2024-01-01'",
      'SELECT id FROM events_archive WHERE user_id = 5',
    ]);
    expectPlanned(laravel);
    const rails = await plan(fixture('rails-mysqldump'), [
      'SELECT posts.* FROM posts WHERE posts.author_id = 1 AND posts.published = TRUE ORDER BY posts.created_at DESC LIMIT 10',
    ]);
    expectPlanned(rails);
  }, 120_000);

  it('refuses a step the server refuses (4203 at its line), the rest of the history read', async () => {
    const history = fixture('flyway-mysql');
    const line = history.split('\n').length + 1;
    const error = await plan(`${history}\nALTER TABLE orders RENAME COLUMN no_such_column TO x;`, [
      'SELECT id FROM orders',
    ]).catch((e: unknown) => e);
    expect(error).toMatchObject({ detail: { code: 4203, line } });
  }, 120_000);
});

describe('migration histories on PGlite', () => {
  const options = { planners: { postgresql: pglitePlanner }, engineVersion: 'test' };
  const plan = (schemaText: string, sql: string[]) =>
    optimize({ dialect: 'postgresql', schemaText, sql: sql.join(';\n') }, options);

  it("plans over Rails' structure.sql, Django's sqlmigrate, Prisma, Supabase and Liquibase output", async () => {
    for (const [name, sql] of [
      [
        'rails-structure',
        ['SELECT posts.* FROM posts WHERE posts.user_id = $1 ORDER BY posts.created_at DESC LIMIT 10'],
      ],
      [
        'django-sqlmigrate',
        ['SELECT "library_book"."id" FROM "library_book" WHERE "library_book"."isbn" LIKE \'978%\''],
      ],
      [
        'prisma-migrations',
        ['SELECT "id", "title" FROM "Post" WHERE "authorId" = $1 ORDER BY "viewCount" DESC LIMIT 5'],
      ],
      ['supabase-dump', ['SELECT id, task FROM todos WHERE user_id = $1 AND is_complete = false']],
      ['liquibase-postgresql', ["SELECT id FROM accounts WHERE email = $1 AND m = 'fine'"]],
    ] as const) {
      const report = await plan(fixture(name), [...sql]);
      expectPlanned(report);
      expect(
        report.statements[0]!.rules.map((r) => r.id),
        name,
      ).not.toContain('column-not-in-schema');
    }
  }, 180_000);

  it('plans over a Flyway history and ends where it ends: enum labels added, columns renamed, an index dropped', async () => {
    const report = await plan(fixture('flyway-postgresql'), [
      "SELECT sum(amount) FROM orders WHERE status = 'shipped'",
      'SELECT id FROM orders WHERE status = $1',
    ]);
    expectPlanned(report);
    expect(JSON.stringify(report.statements[1]!.plan.before)).not.toMatch(/idx_orders_status/);
    expect(notes(report)).toMatch(/1 DO block \(line 29\)/);
    await expectRefused(
      plan(fixture('flyway-postgresql'), ['SELECT amount_cents FROM orders']),
      /column "amount_cents" does not exist/,
    );
  }, 120_000);

  it('refuses a step the server refuses (4203 at its line)', async () => {
    const history = fixture('prisma-migrations');
    const line = history.split('\n').length + 1;
    const error = await plan(`${history}\nDROP INDEX "Post_authorId_published_idx";`, ['SELECT 1 FROM "Post"']).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ detail: { code: 4203, line } });
  }, 120_000);
});

/** A statement starting with a data-changing verb, anywhere in a text. */
const DATA_STATEMENT = /(?:^|;)\s*(?:INSERT|UPDATE|DELETE|REPLACE|MERGE|WITH)\b/im;

const dataStepCases: { dialect: 'mysql' | 'postgresql'; name: string; backend: PlannerBackend; available: boolean }[] =
  [
    { dialect: 'postgresql', name: 'PGlite', backend: pglitePlanner, available: true },
    {
      dialect: 'mysql',
      name: 'MariaDB',
      backend: mariadbPlanner,
      available: serviceAvailable('MariaDB', mariadbBinary),
    },
  ];

for (const { dialect, name, backend, available } of dataStepCases) {
  describe.runIf(available)(`a history's data steps on ${name}`, () => {
    it('plans over the history and sends none of its UPDATE / DELETE / INSERT / MERGE / COPY steps', async () => {
      const spy = recording(backend);
      const param = dialect === 'mysql' ? '?' : '$1';
      const report = await optimize(
        {
          dialect,
          schemaText: fixture(`data-steps-${dialect}`),
          sql: [
            `SELECT id, first_name, last_name FROM users WHERE status = ${param}`,
            `SELECT user_id FROM user_roles WHERE role_id = ${param}`,
          ].join(';\n'),
        },
        { planners: { [dialect]: spy.backend }, engineVersion: 'test' },
      );
      expectPlanned(report);
      expect(notes(report)).toMatch(/\d+ data changes \(INSERT roles line \d+, UPDATE users line \d+/);
      expect(spy.sent.length).toBeGreaterThan(2);
      expect(spy.sent[0]).toMatch(/CREATE TABLE/);
      for (const text of spy.sent) {
        expect(text).not.toMatch(DATA_STATEMENT);
        expect(text).not.toMatch(/seed-|backfill-|split_part|SUBSTRING_INDEX/);
      }
    }, 120_000);
  });
}
