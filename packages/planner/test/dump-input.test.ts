/**
 * Table structure as dump tools print it, planned on the real sandboxes (issue 11): mariadb-dump output with its
 * views, statements naming the dump's database (`shop.orders`: the session's own database in the sandbox), and MySQL 8
 * collations MariaDB lacks (planned with the nearest ones, and the report says so); dumps with code (functions,
 * triggers, procedures, events, PostgreSQL domains), which is not run and which the report names; PostgreSQL
 * composite and range types, collations and text search objects, made or planned with the nearest built-in ones.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { mariadbBinary, postgresBinDir, serviceAvailable } from '../../../test-support/services.ts';
import { shutdownPlanners } from '../src/backends.ts';
import { mariadbPlanner } from '../src/mariadb/backend.ts';
import { optimize } from '../src/optimize.ts';
import { pglitePlanner } from '../src/pglite/backend.ts';
import { postgresPlanner } from '../src/postgres/backend.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../engine/src/schema/fixtures/${name}`, import.meta.url), 'utf8');

/** Every statement of the report read and planned. */
function expectPlanned(report: Awaited<ReturnType<typeof optimize>>): void {
  for (const statement of report.statements) {
    expect(statement.errors, statement.original).toEqual([]);
    expect(statement.plan.before, statement.original).not.toBeNull();
  }
}

afterAll(async () => {
  await shutdownPlanners();
});

describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('dumps on the MariaDB sandbox', () => {
  const options = { planners: { mysql: mariadbPlanner }, engineVersion: 'test' };

  it('plans statements over mariadb-dump output, its view and its database-qualified names', async () => {
    const report = await optimize(
      {
        dialect: 'mysql',
        schemaText: fixture('mariadb-dump.sql'),
        sql: [
          "SELECT o.id, c.name FROM shop.orders o JOIN `shop`.customers c ON c.id = o.customer_id WHERE o.status = 'paid'",
          'SELECT name FROM shop.open_orders WHERE id > 10',
          "SELECT shop.customers.name FROM customers WHERE shop.customers.city = 'Lyon'",
        ].join(';\n'),
      },
      options,
    );
    expectPlanned(report);
    // The plan reads the dump's tables (the qualifier named the session's own database).
    const relations = JSON.stringify(report.statements[0]!.plan.before);
    expect(relations).toMatch(/"relation":"(o|orders)"/);
    expect(report.statements[1]!.original).toBe('SELECT name FROM shop.open_orders WHERE id > 10');
  }, 120_000);

  it("plans statements over Sakila's schema script: DROP SCHEMA IF EXISTS and USE skipped, its views made", async () => {
    const report = await optimize(
      {
        dialect: 'mysql',
        schemaText: fixture('sakila-schema.sql'),
        sql: [
          "SELECT * FROM film_list WHERE category = 'Action'",
          'SELECT actor_id, film_info FROM sakila.actor_info WHERE actor_id = 1',
        ].join(';\n'),
      },
      options,
    );
    expectPlanned(report);
    // The views are the structure's: no "the table structure has no table film_list".
    for (const statement of report.statements)
      expect(statement.rules.map((rule) => rule.id)).not.toContain('table-not-in-schema');
  }, 120_000);

  it("plans over MySQL 8's SHOW CREATE TABLE: JSON path operators, an ngram FULLTEXT key, a functional index, an upsert's row alias", async () => {
    const report = await optimize(
      {
        dialect: 'mysql',
        schemaText: fixture('mysql8-show-create.sql'),
        // As the CLI: data changes are analyzed, not refused.
        dataChanges: 'analyze',
        sql: [
          "SELECT id, attrs->>'$.sku' AS sku FROM orders WHERE attrs->'$.color' = 'red'",
          "SELECT id FROM orders WHERE MATCH(tags) AGAINST('sale' IN NATURAL LANGUAGE MODE)",
          "SELECT id FROM customer WHERE profile->>'$.city' = 'Paris'",
          "INSERT INTO customer (id, email) VALUES (1, 'a@b.c') AS new ON DUPLICATE KEY UPDATE email = new.email",
        ].join(';\n'),
      },
      options,
    );
    expectPlanned(report);
    expect(JSON.stringify(report.statements[1]!.plan.before)).toContain('ft_tags');
    // The structure's own FULLTEXT key (WITH PARSER ngram) serves the MATCH: no FULLTEXT index is advised again.
    expect(report.statements[1]!.indexes.filter((i) => i.kind === 'fulltext')).toEqual([]);
    const notes = report.warnings.map((w) => w.message.en).join('\n');
    expect(notes).toContain('no full-text parser plugin ngram');
    expect(notes).toContain('planned without idx_city');
  }, 120_000);

  it("plans MySQL 8's JSON membership: a multi-valued key, MEMBER OF and CAST(... AS JSON), and says MariaDB has no such index", async () => {
    const report = await optimize(
      {
        dialect: 'mysql',
        schemaText: [
          'CREATE TABLE `products` (',
          '  `id` bigint unsigned NOT NULL AUTO_INCREMENT,',
          '  `tags` json DEFAULT NULL,',
          '  PRIMARY KEY (`id`),',
          "  KEY `idx_tags` ((cast(json_extract(`tags`,_utf8mb4'$') as unsigned array)))",
          ') ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;',
        ].join('\n'),
        sql: [
          'SELECT id FROM products WHERE 3 MEMBER OF (tags)',
          "SELECT id FROM products WHERE JSON_CONTAINS(tags, CAST('[1,2]' AS JSON))",
          "SELECT id FROM products WHERE ? MEMBER OF (CAST(tags->'$.ids' AS JSON))",
        ].join(';\n'),
      },
      options,
    );
    expectPlanned(report);
    const membership = JSON.stringify(report.statements[0]!.plan.before);
    expect(membership).toContain('planned as JSON_CONTAINS(array, JSON_ARRAY(value))');
    expect(JSON.stringify(report.statements[1]!.plan.before)).not.toContain('MEMBER OF');
    expect(report.warnings.map((w) => w.message.en).join('\n')).toContain('planned without idx_tags');
  }, 120_000);

  it('plans MySQL 8 collations with the nearest MariaDB ones and says so', async () => {
    const schemaText = `CREATE TABLE users (
  id bigint unsigned NOT NULL AUTO_INCREMENT,
  login varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci NOT NULL,
  token varchar(64) COLLATE utf8mb4_0900_as_cs DEFAULT NULL,
  PRIMARY KEY (id),
  KEY idx_login (login)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;`;
    const report = await optimize(
      { dialect: 'mysql', schemaText, sql: "SELECT id FROM users WHERE login = 'ann'" },
      options,
    );
    expect(report.statements[0]!.plan.before).not.toBeNull();
    const notes = report.warnings.map((w) => w.message.en).join('\n');
    expect(notes).toContain('utf8mb4_0900_ai_ci → utf8mb4_unicode_520_ci');
    expect(notes).toContain('utf8mb4_0900_as_cs → utf8mb4_bin');
  }, 120_000);
});

const notesOf = (report: { warnings: Array<{ message: { en: string } }> }) =>
  report.warnings.map((w) => w.message.en).join('\n');

describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('dumps with routines on the MariaDB sandbox', () => {
  it('plans over mariadb-dump --routines --triggers --events and names the code it did not run', async () => {
    const report = await optimize(
      {
        dialect: 'mysql',
        schemaText: fixture('mariadb-dump-routines.sql'),
        sql: "SELECT id FROM users WHERE name = 'x' ORDER BY updated_at DESC LIMIT 10",
      },
      { planners: { mysql: mariadbPlanner }, engineVersion: 'test' },
    );
    expect(report.statements[0]!.errors).toEqual([]);
    expect(JSON.stringify(report.statements[0]!.plan.before)).toMatch(/"relation":"users"/);
    expect(notesOf(report)).toContain(
      '1 trigger (users_touch line 88), 1 event (nightly line 115), 1 function (normalize_mail line 138) and 1 procedure (purge_audit line 159) in the table structure were not run',
    );
  }, 120_000);
});

const postgresSandboxes = [
  { name: 'PGlite', planner: pglitePlanner, available: true },
  { name: 'PostgreSQL 15', planner: postgresPlanner, available: serviceAvailable('PostgreSQL', postgresBinDir) },
];

describe.each(postgresSandboxes)('dumps with code on the $name sandbox', ({ planner, available }) => {
  const options = { planners: { postgresql: planner }, engineVersion: 'test' };

  it.runIf(available)(
    'plans over pg_dump with functions, triggers, rules, policies and domains, and says what was not run',
    async () => {
      const report = await optimize(
        {
          dialect: 'postgresql',
          schemaText: fixture('pg-dump-code.sql'),
          sql: "SELECT id FROM users WHERE mail = 'a@x' AND name = 'y';\nSELECT sum(total) FROM orders WHERE user_id = 1",
        },
        options,
      );
      for (const statement of report.statements) {
        expect(statement.errors, statement.original).toEqual([]);
        expect(statement.plan.before, statement.original).not.toBeNull();
      }
      const notes = notesOf(report);
      expect(notes).toMatch(
        /^3 functions \(public\.norm line 52, .* were not run: they do not change plans\. A rule rewrites only writes to its table: those are planned without it\.$/m,
      );
      expect(notes).toContain('column users.mail of domain public.email planned as its base type text');
      expect(notes).toContain(
        'column orders.total of domain public.positive_amount planned as its base type numeric(12, 2)',
      );
    },
    120_000,
  );

  it.runIf(available)(
    'an index on a function the dump defines is not made, and the report says why',
    async () => {
      const schemaText = `${fixture('pg-dump-code.sql')}\nCREATE INDEX users_norm ON public.users USING btree (public.norm(mail));`;
      const report = await optimize(
        { dialect: 'postgresql', schemaText, sql: "SELECT id FROM users WHERE name = 'y'" },
        options,
      );
      expect(report.statements[0]!.errors).toEqual([]);
      expect(notesOf(report)).toMatch(
        /CREATE INDEX users_norm not made and not considered in plans: function public\.norm\(text\) does not exist/,
      );
    },
    120_000,
  );

  it.runIf(available)(
    'still refuses a rule ON SELECT (it would make the table a view) at its line',
    async () => {
      const schemaText = 'CREATE TABLE t (a int);\nCREATE RULE "_RETURN" AS ON SELECT TO t DO INSTEAD SELECT 1 AS a;';
      const error = await optimize({ dialect: 'postgresql', schemaText, sql: 'SELECT a FROM t' }, options).catch(
        (e) => e,
      );
      expect(error).toMatchObject({ detail: { code: 4203, line: 2, column: 1 } });
    },
    60_000,
  );

  it.runIf(available)(
    'plans over pg_dump with composite and range types, collations and a text search configuration',
    async () => {
      const report = await optimize(
        {
          dialect: 'postgresql',
          schemaText: fixture('pg-dump-types.sql'),
          sql: [
            'SELECT id FROM offers WHERE discount @> 0.25::float8',
            "SELECT id FROM customers WHERE (home).city = 'Oslo' AND name = 'Jürgen' AND budget @> 10.5",
            "SELECT id FROM offers WHERE to_tsvector('english'::regconfig, body) @@ 'cheap'::tsquery",
            'SELECT count FROM offer_counts WHERE customer_id = 7',
          ].join(';\n'),
        },
        options,
      );
      expectPlanned(report);
      const notes = notesOf(report);
      expect(notes).toContain('public.pricerange (line 79; columns customers.budget) as numrange');
      expect(notes).toContain('public.german → the database default');
      expect(notes).toContain("public.shop_search (line 103, planned as 'english' in 2 places)");
    },
    120_000,
  );
});
