import { readFileSync } from 'node:fs';
import type { Dialect } from '@sqltune/contracts';
import { AppError } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import type { SchemaModel } from './model.ts';
import { findTable } from './model.ts';
import { parseSchema } from './parse-schema.ts';

/** Migration histories and schema dumps as their tools print them (fixtures/migrations, written for these tests). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/migrations/${name}.sql`, import.meta.url), 'utf8');

/** Each table as `name: columns | indexes`, columns as `name type[!]` (! for NOT NULL), indexes as `name(columns)`. */
function shape(schema: SchemaModel): string[] {
  return schema.tables.map(
    (t) =>
      `${t.name}: ${t.columns.map((c) => `${c.name} ${c.type}${c.nullable ? '' : '!'}`).join(', ')} | ${t.indexes
        .map((i) => `${i.name}(${i.columns.join(',')})`)
        .join(' ')}`,
  );
}

function errorOf(text: string, dialect: Dialect): { code: number; line?: number; column?: number } | undefined {
  try {
    parseSchema(text, dialect);
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.detail.code, line: error.detail.line, column: error.detail.column };
  }
}

describe('a migration history read to its end state', () => {
  it('MySQL Flyway migrations: columns added, changed, renamed and dropped, indexes dropped and renamed, a table renamed', () => {
    expect(shape(parseSchema(fixture('flyway-mysql'), 'mysql'))).toEqual([
      'customers: id BIGINT!, email VARCHAR!, name VARCHAR!, created_at TIMESTAMP, phone VARCHAR, display_name VARCHAR, tier TINYINT! | PRIMARY(id) uk_customers_email(email)',
      // The foreign key dropped and added again keeps InnoDB's one index on customer_id.
      'orders: id BIGINT!, customer_id BIGINT!, status VARCHAR!, total DECIMAL!, created_at DATETIME!, uuid BINARY!, total_cents INT | PRIMARY(id) null(customer_id) idx_status(status) idx_expr()',
      'notes: id INT!, body TEXT | PRIMARY(id)',
      'articles: id INT!, title VARCHAR!, body TEXT!, location POINT! | PRIMARY(id) ft_articles(title,body) sp_location(location)',
    ]);
  });

  it("Laravel's schema:dump: version comments, generated and invisible columns, CHECK, partitions, LIKE, its migrations rows", () => {
    const schema = parseSchema(fixture('laravel-schema-dump'), 'mysql');
    expect(schema.tables.map((t) => t.name)).toEqual([
      'failed_jobs',
      'users',
      'events',
      'events_archive',
      'migrations',
    ]);
    expect(shape(schema)[3]).toBe(
      'events_archive: id BIGINT!, user_id BIGINT!, happened_at DATETIME! | PRIMARY(id,happened_at) events_user_id_index(user_id)',
    );
    expect(findTable(schema, 'users')?.columns.map((c) => c.name)).toContain('email_domain');
    expect(schema.notes?.[0]?.en).toMatch(/^The data in the table structure was skipped: 2 row\(s\) in 2 INSERT/);
  });

  it("Rails' mysqldump --no-data and structure.sql: schema_migrations rows skipped as data", () => {
    expect(parseSchema(fixture('rails-mysqldump'), 'mysql').tables.map((t) => t.name)).toEqual([
      'ar_internal_metadata',
      'posts',
      'authors',
      'schema_migrations',
    ]);
    const structure = parseSchema(fixture('rails-structure'), 'postgresql');
    expect(shape(structure)[2]).toBe(
      'posts: id BIGINT!, user_id BIGINT!, title CHARACTER VARYING, body TEXT, published_at TIMESTAMP, created_at TIMESTAMP! | PRIMARY(id) index_posts_on_user_id(user_id) index_posts_on_published_at(published_at)',
    );
    expect(structure.ddl).not.toMatch(/INSERT|20240215093000/);
    expect(structure.notes?.[0]?.en).toMatch(/^The data in the table structure was skipped: 2 row\(s\) in 1 INSERT/);
  });

  it("Django's sqlmigrate: a renamed field, a retyped one, a removed one with its indexes, an index dropped", () => {
    expect(shape(parseSchema(fixture('django-sqlmigrate'), 'postgresql'))).toEqual([
      'library_author: id BIGINT!, name VARCHAR! | PRIMARY(id)',
      'library_book: id BIGINT!, title VARCHAR!, published_on DATE, author_id BIGINT!, isbn VARCHAR! | PRIMARY(id) library_book_author_id_9a1b2c3d(author_id) library_book_isbn_4f5e6d7c(isbn)',
    ]);
    const book = findTable(parseSchema(fixture('django-sqlmigrate'), 'postgresql'), 'library_book');
    expect(book?.columns.find((c) => c.name === 'title')?.length).toBe(300);
  });

  it('PostgreSQL Flyway migrations: enum labels, IF NOT EXISTS, USING, CONCURRENTLY, renames; a DO block noted, not run', () => {
    const schema = parseSchema(fixture('flyway-postgresql'), 'postgresql');
    expect(shape(schema)).toEqual([
      'clients: id BIGINT!, email TEXT!, name TEXT, phone TEXT | PRIMARY(id) uq_clients_email()',
      'orders: id BIGINT!, customer_id BIGINT!, status ORDER_STATUS!, amount NUMERIC!, created_at TIMESTAMPTZ! | PRIMARY(id) idx_orders_customer(customer_id,created_at)',
    ]);
    expect(schema.ddl).not.toMatch(/pg_roles|CREATE ROLE/);
    expect(schema.notes?.map((n) => n.en)).toContain(
      '1 DO block (line 29) in the table structure was not run: they do not change plans.',
    );
  });

  it('Liquibase formatted SQL: a unique key made USING INDEX, renamed and dropped with its index; a view dropped', () => {
    const schema = parseSchema(fixture('liquibase-postgresql'), 'postgresql');
    expect(shape(schema)).toEqual(['accounts: id UUID!, email TEXT!, m MOOD, created_at TIMESTAMPTZ | PRIMARY(id)']);
    expect(schema.views).toEqual([]);
    const kept = parseSchema(
      fixture('liquibase-postgresql').replace(/^ALTER TABLE accounts DROP CONSTRAINT.*$/m, ''),
      'postgresql',
    );
    expect(shape(kept)[0]).toMatch(/\| PRIMARY\(id\) accounts_email_uq\(email\)$/);
  });

  it('Prisma migrations: quoted names, an index dropped without IF EXISTS', () => {
    expect(shape(parseSchema(fixture('prisma-migrations'), 'postgresql'))).toEqual([
      'User: id SERIAL!, email TEXT!, name TEXT, role "ROLE"!, createdAt TIMESTAMP! | PRIMARY(id) User_email_key(email)',
      'Post: id TEXT!, title TEXT!, published BOOLEAN!, authorId INTEGER!, tags TEXT[], viewCount INTEGER! | PRIMARY(id) Post_authorId_idx(authorId)',
    ]);
  });

  it('Supabase\'s dump: every name quoted (USING "btree"), policies noted, row security, owners and grants skipped', () => {
    const schema = parseSchema(fixture('supabase-dump'), 'postgresql');
    expect(shape(schema)[1]).toBe(
      'todos: id BIGINT!, user_id UUID!, task TEXT, is_complete BOOLEAN, inserted_at TIMESTAMPTZ! | PRIMARY(id) todos_user_id_idx(user_id)',
    );
    expect(schema.ddl).not.toMatch(/CREATE POLICY/);
  });
});

describe('the steps of a history', () => {
  it('MySQL: CHANGE, MODIFY and RENAME COLUMN carry to the indexes; DROP COLUMN takes the column out of them', () => {
    const schema = parseSchema(
      `CREATE TABLE t (a int, b int, c varchar(10), KEY ab (a, b), KEY c (c));
       ALTER TABLE t CHANGE COLUMN a a2 bigint NOT NULL AFTER b, MODIFY c varchar(40) NOT NULL FIRST;
       ALTER TABLE t RENAME COLUMN b TO b2, DROP COLUMN c;
       ALTER TABLE t RENAME INDEX ab TO ab2, RENAME TO t2;`,
      'mysql',
    );
    expect(shape(schema)).toEqual(['t2: a2 BIGINT!, b2 INT | ab2(a2,b2)']);
  });

  it('PostgreSQL: DROP COLUMN drops the indexes on it; ALTER COLUMN TYPE, SET / DROP NOT NULL; ALTER INDEX RENAME', () => {
    const schema = parseSchema(
      `CREATE TABLE public.t (a int, b text, c int);
       CREATE INDEX tb ON t (b, c); CREATE INDEX tc ON t (c);
       ALTER TABLE ONLY public.t DROP COLUMN IF EXISTS b CASCADE, ALTER COLUMN a SET DATA TYPE bigint USING a::bigint;
       ALTER TABLE t ALTER COLUMN a SET NOT NULL, ALTER c DROP NOT NULL, RENAME c TO d;
       ALTER INDEX IF EXISTS public.tc RENAME TO td;`,
      'postgresql',
    );
    expect(shape(schema)).toEqual(['t: a BIGINT!, d INT | td(d)']);
    const rekeyed = parseSchema(
      `CREATE TABLE "User" (id int, email text, CONSTRAINT "User_pkey" PRIMARY KEY (id));
       ALTER TABLE "User" DROP CONSTRAINT "User_pkey", ADD CONSTRAINT "User_pkey" PRIMARY KEY (email);`,
      'postgresql',
    );
    expect(shape(rekeyed)).toEqual(['User: id INT!, email TEXT! | PRIMARY(email)']);
  });

  it('drops tables, views and indexes (MySQL DROP INDEX ... ON t, PostgreSQL several at once), renames tables', () => {
    const mysql = parseSchema(
      `CREATE TABLE a (x int, KEY kx (x)); CREATE TABLE b (y int, KEY ky (y)); CREATE TABLE c (z int);
       CREATE VIEW v AS SELECT x FROM a; DROP INDEX kx ON a; DROP TABLE IF EXISTS c, gone; RENAME TABLE b TO b2, a TO a2;
       DROP VIEW v;`,
      'mysql',
    );
    expect(shape(mysql)).toEqual(['a2: x INT | ', 'b2: y INT | ky(y)']);
    expect(mysql.views).toEqual([]);
    const postgres = parseSchema(
      'CREATE TABLE a (x int); CREATE INDEX i1 ON a (x); CREATE INDEX i2 ON a (x); DROP INDEX CONCURRENTLY IF EXISTS public.i1, i2;',
      'postgresql',
    );
    expect(shape(postgres)).toEqual(['a: x INT | ']);
  });

  it('copies a table for CREATE TABLE ... LIKE (PostgreSQL: indexes only when INCLUDING them)', () => {
    expect(shape(parseSchema('CREATE TABLE a (x int, KEY kx (x)); CREATE TABLE b LIKE a;', 'mysql'))[1]).toBe(
      'b: x INT | kx(x)',
    );
    const postgres = parseSchema(
      'CREATE TABLE a (x int PRIMARY KEY); CREATE TABLE b (LIKE a); CREATE TABLE c (LIKE a INCLUDING ALL);',
      'postgresql',
    );
    expect(shape(postgres).slice(1)).toEqual(['b: x INT! | ', 'c: x INT! | PRIMARY(x)']);
  });

  it('still refuses what no history may hold, at its line and column', () => {
    const history = fixture('flyway-mysql');
    const lines = history.split('\n').length;
    expect(errorOf(`${history}\nALTER TABLE orders ADD INDEX idx_bad (status;`, 'mysql')).toMatchObject({
      code: 4203,
      line: lines + 1,
    });
    const postgres = fixture('flyway-postgresql');
    const pgLines = postgres.split('\n').length;
    expect(errorOf(`${postgres}\n  DROP ROLE reporting;`, 'postgresql')).toEqual({
      code: 4203,
      line: pgLines + 1,
      column: 3,
    });
    // An INSERT that is no statement: refused, not skipped.
    expect(errorOf(`${fixture('rails-structure')}\nINSERT INTO schema_migrations;`, 'postgresql')).toMatchObject({
      code: 4203,
    });
  });

  it('skips an INSERT whose values call something as a data step, never evaluated, beside the rows of constants', () => {
    const history = fixture('rails-structure');
    const structure = parseSchema(
      `${history}\nINSERT INTO schema_migrations VALUES (pg_sleep(1)::text);`,
      'postgresql',
    );
    expect(structure.ddl).not.toMatch(/pg_sleep|INSERT/);
    expect(structure.notes?.map((n) => n.en)).toEqual([
      expect.stringMatching(/^The data in the table structure was skipped: 2 row\(s\) in 1 INSERT/),
      expect.stringMatching(
        new RegExp(`^1 data change \\(INSERT schema_migrations line ${history.split('\n').length + 1}\\)`),
      ),
    ]);
  });
});

/** A statement of the text the sandboxes run that starts with a data-changing verb. */
const DATA_STATEMENT = /(?:^|;)\s*(?:INSERT|UPDATE|DELETE|REPLACE|MERGE|WITH)\b/im;

/** The 1-based line of the first line of `text` that starts with `start`. */
const lineOf = (text: string, start: string) => text.split('\n').findIndex((l) => l.startsWith(start)) + 1;

describe("a migration history's data steps are skipped, with a note", () => {
  it('PostgreSQL: UPDATE with subqueries, DELETE ... USING, INSERT ... SELECT, ON CONFLICT, WITH ... UPDATE, MERGE, COPY with options', () => {
    const history = fixture('data-steps-postgresql');
    const schema = parseSchema(history, 'postgresql');
    expect(shape(schema)).toEqual([
      'users: id BIGSERIAL!, email TEXT!, status TEXT!, created_at TIMESTAMPTZ!, first_name TEXT, last_name TEXT | PRIMARY(id) users_status_idx(status)',
      'roles: id SERIAL!, name TEXT! | PRIMARY(id) null(name)',
      'user_roles: user_id BIGINT!, role_id INTEGER! | PRIMARY(user_id,role_id)',
    ]);
    expect(schema.ddl).not.toMatch(DATA_STATEMENT);
    expect(schema.ddl).not.toMatch(/seed-|backfill-|split_part/);
    // Positions stay those of the text as pasted.
    expect(schema.ddl.split('\n').length).toBe(history.split('\n').length);
    const lines = [
      lineOf(history, 'INSERT INTO roles'),
      lineOf(history, 'UPDATE users'),
      lineOf(history, 'INSERT INTO user_roles'),
      lineOf(history, "UPDATE users SET status = 'backfill-banned'"),
      lineOf(history, 'DELETE FROM user_roles'),
      lineOf(history, 'WITH stale'),
      lineOf(history, 'MERGE INTO roles'),
    ];
    expect(schema.notes?.map((n) => n.en)).toEqual([
      'The data in the table structure was skipped: 2 row(s) in 1 COPY statement(s) (roles). Only the structure is read; give statistics in the statistics input or as -- sqltune:stats lines.',
      `7 data changes (INSERT roles line ${lines[0]}, UPDATE users line ${lines[1]}, INSERT user_roles line ${lines[2]}, UPDATE users line ${lines[3]}, DELETE user_roles line ${lines[4]}, UPDATE users line ${lines[5]}, MERGE roles line ${lines[6]}) in the table structure were not run: they do not change plans. The tables are planned empty, with the statistics given: data changes are not needed.`,
    ]);
    expect(schema.notes?.[1]?.zh).toBe(
      `表结构中的 7 个数据变更语句（INSERT roles 第 ${lines[0]} 行、UPDATE users 第 ${lines[1]} 行、INSERT user_roles 第 ${lines[2]} 行、UPDATE users 第 ${lines[3]} 行、DELETE user_roles 第 ${lines[4]} 行、UPDATE users 第 ${lines[5]} 行、MERGE roles 第 ${lines[6]} 行）未执行：它们不影响执行计划。表按空表和所给的统计信息规划，不需要数据变更。`,
    );
  });

  it('MySQL: multi-table UPDATE / DELETE, INSERT IGNORE ... SELECT, ON DUPLICATE KEY UPDATE, REPLACE, WITH ... DELETE', () => {
    const history = fixture('data-steps-mysql');
    const schema = parseSchema(history, 'mysql');
    expect(shape(schema)).toEqual([
      'users: id BIGINT!, email VARCHAR!, status VARCHAR!, updated_at TIMESTAMP!, first_name VARCHAR, last_name VARCHAR | PRIMARY(id) idx_users_status(status)',
      'roles: id INT!, name VARCHAR! | PRIMARY(id) uk_roles_name(name)',
      'user_roles: user_id BIGINT!, role_id INT! | PRIMARY(user_id,role_id) idx_user_roles_role(role_id)',
    ]);
    expect(schema.ddl).not.toMatch(DATA_STATEMENT);
    expect(schema.ddl).not.toMatch(/seed-|backfill-|SUBSTRING_INDEX/);
    // A column's ON UPDATE is structure, and stays.
    expect(schema.ddl).toContain('ON UPDATE CURRENT_TIMESTAMP');
    const en = schema.notes?.map((n) => n.en) ?? [];
    // The seed of constants is a dump's data, counted by rows as before; every other data step is named by line.
    expect(en[0]).toMatch(
      /^The data in the table structure was skipped: 1 row\(s\) in 1 INSERT statement\(s\) \(roles\)/,
    );
    expect(en[1]).toBe(
      `8 data changes (INSERT roles line ${lineOf(history, "INSERT INTO `roles` (`name`) VALUES ('seed-admin')")}, UPDATE users line ${lineOf(history, 'UPDATE `users`')}, INSERT user_roles line ${lineOf(history, 'INSERT IGNORE')}, UPDATE users line ${lineOf(history, 'UPDATE `users` u JOIN')}, DELETE user_roles line ${lineOf(history, 'DELETE ur')}, DELETE users line ${lineOf(history, 'DELETE FROM `users`')}, REPLACE roles line ${lineOf(history, 'REPLACE')}, DELETE user_roles line ${lineOf(history, 'WITH stale')}) in the table structure were not run: they do not change plans. The tables are planned empty, with the statistics given: data changes are not needed.`,
    );
  });

  it('one note for code and data steps together; a data step in a BEGIN ATOMIC body or a routine is the routine', () => {
    const postgres = parseSchema(
      [
        'CREATE TABLE t (a int);',
        'CREATE FUNCTION f() RETURNS void LANGUAGE sql',
        'BEGIN ATOMIC',
        '  UPDATE t SET a = 1;',
        '  DELETE FROM t;',
        'END;',
        'DELETE FROM t WHERE a IS NULL;',
      ].join('\n'),
      'postgresql',
    );
    expect(postgres.notes?.map((n) => n.en)).toEqual([
      '1 function (f line 2) and 1 data change (DELETE t line 7) in the table structure were not run: they do not change plans. The tables are planned empty, with the statistics given: data changes are not needed.',
    ]);
    const mysql = parseSchema(
      [
        'CREATE TABLE t (a int);',
        'DELIMITER ;;',
        'CREATE PROCEDURE p() BEGIN UPDATE t SET a = 1; END ;;',
        'UPDATE t SET a = 2 ;;',
        'DELIMITER ;',
      ].join('\n'),
      'mysql',
    );
    expect(mysql.ddl).not.toMatch(/UPDATE|PROCEDURE/);
    expect(mysql.notes?.map((n) => n.en)).toEqual([
      '1 procedure (p line 3) and 1 data change (UPDATE t line 4) in the table structure were not run: they do not change plans. The tables are planned empty, with the statistics given: data changes are not needed.',
    ]);
  });

  it('an INSERT whose values call something is a data step too, never evaluated', () => {
    const schema = parseSchema('CREATE TABLE t (a text);\nINSERT INTO t VALUES (pg_sleep(10)::text);', 'postgresql');
    expect(schema.ddl).not.toMatch(/pg_sleep/);
    expect(schema.notes?.[0]?.en).toMatch(/^1 data change \(INSERT t line 2\) in the table structure was not run/);
  });

  it('skips TRUNCATE like the other data steps, naming its table', () => {
    for (const [step, dialect] of [
      ['TRUNCATE t;', 'postgresql'],
      ['TRUNCATE TABLE ONLY t RESTART IDENTITY CASCADE;', 'postgresql'],
      ['TRUNCATE TABLE t;', 'mysql'],
      ['TRUNCATE `t`;', 'mysql'],
    ] as const) {
      const schema = parseSchema(`CREATE TABLE t (a int);\n  ${step}`, dialect);
      expect(schema.ddl, step).not.toMatch(/TRUNCATE/i);
      expect(schema.notes?.[0]?.en, step).toMatch(
        /^1 data change \(TRUNCATE t line 2\) in the table structure was not run/,
      );
    }
  });

  it('still refuses a statement of no data step shape, and a query, at their line', () => {
    for (const [step, dialect] of [
      ['TRUNCATE;', 'postgresql'],
      ['WITH x AS (SELECT 1) TRUNCATE t;', 'postgresql'],
      ['UPDATE t;', 'postgresql'],
      ['DELETE t;', 'postgresql'],
      ['INSERT INTO;', 'mysql'],
      ['INSERT t VALUES (1);', 'postgresql'],
      ['REPLACE INTO t SELECT 1;', 'postgresql'],
      ['MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE;', 'mysql'],
      ['WITH d AS (DELETE FROM t RETURNING a) SELECT a FROM d;', 'postgresql'],
      ["LOAD DATA INFILE '/etc/passwd' INTO TABLE t;", 'mysql'],
    ] as const) {
      expect(errorOf(`CREATE TABLE t (a int);\n  ${step}`, dialect), step).toEqual({ code: 4203, line: 2, column: 3 });
    }
  });
});
