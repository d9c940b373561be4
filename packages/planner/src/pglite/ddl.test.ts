import { describe, expect, it } from 'vitest';
import { splitStatements, tokenize } from '../sql-text.ts';
import { classifyDdl, indexTargetTable, sentText, whatIfIndexSql } from './ddl.ts';

function actions(script: string): string[] {
  return splitStatements(script, 'postgresql').map(
    (s) => `${classifyDdl(s.tokens).action}:${classifyDdl(s.tokens).kind}`,
  );
}

describe('classifyDdl', () => {
  it('runs the table structure statements planning needs', () => {
    expect(
      actions(`CREATE TABLE t (a int); CREATE UNIQUE INDEX CONCURRENTLY i ON t (a); CREATE TYPE mood AS ENUM ('a');
        CREATE SEQUENCE s; ALTER TABLE ONLY t ADD CONSTRAINT t_pk PRIMARY KEY (a); COMMENT ON TABLE t IS 'x';
        CREATE UNLOGGED TABLE u (b int)`),
    ).toEqual([
      'run:CREATE TABLE',
      'run:CREATE INDEX',
      'run:CREATE TYPE',
      'run:CREATE SEQUENCE',
      'run:ALTER TABLE',
      'run:COMMENT',
      'run:CREATE TABLE',
    ]);
  });

  it('rejects types with code or checks, views and everything else that defines behaviour', () => {
    expect(
      actions(`CREATE DOMAIN pos AS int CHECK (VALUE > 0); CREATE TYPE b (input = b_in, output = b_out);
        CREATE TYPE r AS RANGE (subtype = int4, canonical = f); CREATE SCHEMA s CREATE VIEW w AS SELECT 1;
        CREATE COLLATION c (locale = 'C'); ALTER TYPE mood RENAME TO feeling;
        ALTER DOMAIN pos DROP NOT NULL; CREATE CAST (int AS text) WITH INOUT; CREATE OPERATOR === (function = f);
        CREATE RULE r AS ON INSERT TO t DO NOTHING; CREATE TRIGGER g BEFORE INSERT ON t EXECUTE FUNCTION f()`).map(
        (a) => a.split(':')[0],
      ),
    ).toEqual(Array(11).fill('reject'));
  });

  it('runs extended statistics (statistics-objects.ts), skips their owner, refuses dropping them', () => {
    expect(
      actions(`CREATE STATISTICS public.st (dependencies, ndistinct, mcv) ON a, b FROM public.t;
        CREATE STATISTICS IF NOT EXISTS se ON lower(k), a FROM t; ALTER STATISTICS public.st SET STATISTICS 500;
        ALTER STATISTICS public.st OWNER TO app; COMMENT ON STATISTICS st IS 'x'; DROP STATISTICS st`),
    ).toEqual([
      'run:CREATE STATISTICS',
      'run:CREATE STATISTICS',
      'run:ALTER STATISTICS',
      'skip:ALTER ... OWNER TO',
      'run:COMMENT',
      'reject:DROP',
    ]);
  });

  it('runs composite types and range types naming only built-in functions fit for a range', () => {
    expect(
      actions(`CREATE TYPE public.address AS (street text, city text COLLATE "C");
        CREATE TYPE floatrange AS RANGE (subtype = float8, subtype_diff = pg_catalog.float8mi);
        CREATE TYPE r2 AS RANGE (subtype = numeric(10, 2), subtype_opclass = numeric_ops, collation = "C",
          multirange_type_name = r2_multi);
        CREATE TYPE bad_diff AS RANGE (subtype = text, subtype_diff = pg_read_file);
        CREATE TYPE quoted_diff AS RANGE (subtype = float8, subtype_diff = "public"."float8mi2");
        CREATE TYPE canon AS RANGE (subtype = int4, canonical = pg_catalog.int4range_canonical);
        CREATE TYPE loc AS RANGE (subtype = text, collation = "../../etc/passwd");
        CREATE TYPE extra AS RANGE (subtype = int4, receive = f);
        CREATE TYPE nosub AS RANGE (subtype_diff = float8mi);
        CREATE TYPE shell`),
    ).toEqual([
      'run:CREATE TYPE',
      'run:CREATE TYPE',
      'run:CREATE TYPE',
      ...Array(5).fill('reject:CREATE TYPE ... AS RANGE'),
      'reject:CREATE TYPE ... AS RANGE',
      'reject:CREATE TYPE',
    ]);
  });

  it("runs a migration history's later steps: drops of what it made, an enum's new label", () => {
    expect(
      actions(`DROP TABLE old_orders; DROP TABLE IF EXISTS a, b CASCADE; DROP INDEX CONCURRENTLY IF EXISTS "i";
        DROP VIEW v; DROP MATERIALIZED VIEW IF EXISTS mv; ALTER TYPE mood ADD VALUE IF NOT EXISTS 'ok' AFTER 'sad';
        ALTER TYPE mood RENAME VALUE 'ok' TO 'fine';
        ALTER TYPE mood ADD VALUE 'x', ADD ATTRIBUTE y int; CREATE SCHEMA IF NOT EXISTS "public"; DROP SCHEMA s CASCADE;
        DROP ROLE r; DROP FUNCTION IF EXISTS f`),
    ).toEqual([
      'run:DROP TABLE',
      'run:DROP TABLE',
      'run:DROP INDEX',
      'run:DROP VIEW',
      'run:DROP MATERIALIZED VIEW',
      'run:ALTER TYPE ... VALUE',
      'run:ALTER TYPE ... VALUE',
      'reject:ALTER TYPE',
      'skip:CREATE SCHEMA public',
      'reject:DROP',
      'reject:DROP',
      'skip:DROP IF EXISTS',
    ]);
  });

  it('skips pg_dump noise', () => {
    expect(
      actions(`SET statement_timeout = 0; SELECT pg_catalog.set_config('search_path', '', false);
        ALTER TABLE public.t OWNER TO app; GRANT SELECT ON t TO app; CREATE EXTENSION IF NOT EXISTS pg_trgm;
        DROP SCHEMA IF EXISTS s; CREATE SCHEMA public; \\connect x
        BEGIN; COMMIT`),
    ).toEqual([
      'skip:SET',
      'skip:SELECT set_config',
      'skip:ALTER ... OWNER TO',
      'skip:GRANT',
      'skip:CREATE EXTENSION',
      'skip:DROP IF EXISTS',
      'skip:CREATE SCHEMA public',
      'skip:psql meta-command',
      'skip:BEGIN',
      'skip:COMMIT',
    ]);
  });

  it('rejects data, code and queries', () => {
    expect(
      actions(`INSERT INTO t VALUES (1); CREATE TABLE c AS SELECT 1; CREATE FUNCTION f() RETURNS int AS 'select 1' LANGUAGE sql;
        DO $$ BEGIN END $$; COPY t FROM stdin; SELECT * FROM t; CREATE TEMP TABLE x (a int); DROP FUNCTION f;
        ALTER SYSTEM SET work_mem = '1GB'`).map((a) => a.split(':')[0]),
    ).toEqual(Array(9).fill('reject'));
  });
});

describe('materialized views', () => {
  const sent = (sql: string) => {
    const [statement] = splitStatements(sql, 'postgresql');
    return sentText(statement!, classifyDdl(statement!.tokens));
  };

  it('runs them, and their pg_dump REFRESH is skipped as data', () => {
    expect(
      actions(`CREATE MATERIALIZED VIEW v AS SELECT a FROM t WITH NO DATA; ALTER MATERIALIZED VIEW v SET (fillfactor = 90);
        ALTER MATERIALIZED VIEW public.v OWNER TO app; REFRESH MATERIALIZED VIEW public.v`),
    ).toEqual([
      'run:CREATE MATERIALIZED VIEW',
      'run:ALTER MATERIALIZED VIEW',
      'skip:ALTER ... OWNER TO',
      'skip:REFRESH MATERIALIZED VIEW',
    ]);
  });

  it('always sends them WITH NO DATA, so their query is never run', () => {
    expect(sent('CREATE MATERIALIZED VIEW v AS SELECT a FROM t WITH NO DATA')).toBe(
      'CREATE MATERIALIZED VIEW v AS SELECT a FROM t WITH NO DATA',
    );
    expect(sent('CREATE MATERIALIZED VIEW v AS SELECT a FROM t WITH DATA')).toBe(
      'CREATE MATERIALIZED VIEW v AS SELECT a FROM t WITH NO DATA',
    );
    expect(sent('CREATE MATERIALIZED VIEW v AS SELECT a FROM t -- c')).toBe(
      'CREATE MATERIALIZED VIEW v AS SELECT a FROM t WITH NO DATA -- c',
    );
    // A WITH inside the query is not the clause.
    expect(
      sent('CREATE MATERIALIZED VIEW v AS SELECT * FROM (WITH x AS (SELECT 1 AS data) SELECT data FROM x) s'),
    ).toBe(
      'CREATE MATERIALIZED VIEW v AS SELECT * FROM (WITH x AS (SELECT 1 AS data) SELECT data FROM x) s WITH NO DATA',
    );
    // Any other statement is sent as written.
    expect(sent('CREATE VIEW v AS SELECT a FROM t WITH DATA')).toBe('CREATE VIEW v AS SELECT a FROM t WITH DATA');
  });
});

describe('what-if index helpers', () => {
  it('accepts CREATE INDEX only, drops CONCURRENTLY, finds the table', () => {
    const sql = 'CREATE INDEX CONCURRENTLY ix ON ONLY "Sales".orders USING btree (o_custkey) WHERE o_custkey > 0';
    const tokens = tokenize(sql, 'postgresql');
    expect(whatIfIndexSql(tokens, sql)).toBe(
      'CREATE INDEX  ix ON ONLY "Sales".orders USING btree (o_custkey) WHERE o_custkey > 0',
    );
    expect(indexTargetTable(tokens, sql)).toBe('"Sales".orders');
    expect(whatIfIndexSql(tokenize('DROP INDEX ix', 'postgresql'), 'DROP INDEX ix')).toBeUndefined();
  });
});
