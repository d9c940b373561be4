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
    expect(errorOf(`${history}\nTRUNCATE orders;`, 'mysql')).toEqual({ code: 4203, line: lines + 1, column: 1 });
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
    // An INSERT whose values call something is no data: refused, not skipped.
    expect(
      errorOf(`${fixture('rails-structure')}\nINSERT INTO schema_migrations VALUES (pg_sleep(1)::text);`, 'postgresql'),
    ).toMatchObject({ code: 4203 });
  });
});
