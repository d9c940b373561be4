import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSchema } from './parse-schema.ts';
import { withoutCode } from './skipped-code.ts';

/** Real output of pg_dump --schema-only and mariadb-dump --routines --triggers --events (PostgreSQL 15, MariaDB 10.11). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const errorOf = (text: string, dialect: 'mysql' | 'postgresql') => {
  try {
    parseSchema(text, dialect);
  } catch (error) {
    return (error as { detail: { code: number; line: number; column: number } }).detail;
  }
  return undefined;
};

describe('code and permissions in the table structure are skipped, with a note', () => {
  it('PostgreSQL: pg_dump with functions, a procedure, an aggregate, a trigger, a rule, a policy, a publication', () => {
    const schema = parseSchema(fixture('pg-dump-code.sql'), 'postgresql');
    expect(schema.tables.map((t) => [t.name, t.indexes.map((i) => i.columns.join(','))])).toEqual([
      ['orders', ['id']],
      ['users', ['id', 'name']],
    ]);
    // What is left of them: pg_dump's comment lines, and GRANT (which the planner skips as pg_dump noise).
    const code = schema.ddl.split('\n').filter((line) => !line.startsWith('--') && !line.startsWith('GRANT'));
    expect(code.join('\n')).not.toMatch(
      / (FUNCTION|PROCEDURE|AGGREGATE|TRIGGER|RULE|POLICY|PUBLICATION|DOMAIN) |ATOMIC/,
    );
    expect(code.join('\n')).not.toMatch(/^\s*END;/m);
    // Positions are kept: the users table is where it was pasted.
    const at = fixture('pg-dump-code.sql').split('\n').indexOf('CREATE TABLE public.users (');
    expect(schema.ddl.split('\n')[at]).toBe('CREATE TABLE public.users (');
    const en = schema.notes?.map((n) => n.en) ?? [];
    expect(en[0]).toBe(
      '3 functions (public.norm line 52, public.order_count line 87, public.touch_updated line 113), 1 procedure (public.purge line 102), 1 aggregate (public.concat_all line 124), 1 rule (orders_no_delete line 173), 1 trigger (users_touch line 181), 1 row security policy (own_orders line 196) and 1 publication (pub_all line 203) in the table structure were not run: they do not change plans. A rule rewrites only writes to its table: those are planned without it.',
    );
    expect(schema.notes?.[0]?.zh).toMatch(/^表结构中的 3 个函数（public\.norm 第 \d+ 行/);
  });

  it('MySQL: mariadb-dump --routines --triggers --events: DELIMITER blocks and versioned comments', () => {
    const schema = parseSchema(fixture('mariadb-dump-routines.sql'), 'mysql');
    expect(schema.tables.map((t) => t.name)).toEqual(['audit_log', 'users']);
    expect(schema.ddl).not.toMatch(/DELIMITER|TRIGGER|FUNCTION|PROCEDURE|EVENT|touched|RETURN/);
    const en = schema.notes?.map((n) => n.en) ?? [];
    // The users' rows are data; the trigger's INSERT of constants is the trigger's, not counted as data.
    expect(en[0]).toMatch(
      /^The data in the table structure was skipped: 2 row\(s\) in 1 INSERT statement\(s\) \(users\)/,
    );
    expect(en[1]).toBe(
      '1 trigger (users_touch line 88), 1 event (nightly line 115), 1 function (normalize_mail line 138) and 1 procedure (purge_audit line 159) in the table structure were not run: they do not change plans.',
    );
    expect(schema.notes?.[1]?.zh).toBe(
      '表结构中的 1 个触发器（users_touch 第 88 行）、1 个事件（nightly 第 115 行）、1 个函数（normalize_mail 第 138 行）、1 个存储过程（purge_audit 第 159 行）未执行：它们不影响执行计划。',
    );
  });

  it('MySQL: a statement that is not code keeps running inside a DELIMITER block, and is checked as before', () => {
    const text = 'DELIMITER //\nCREATE TABLE t (a int PRIMARY KEY)//\nCREATE USER evil//\nDELIMITER ;';
    expect(errorOf(text, 'mysql')).toMatchObject({ code: 4203, line: 3, column: 1 });
    const ok = parseSchema('DELIMITER //\nCREATE TABLE t (a int PRIMARY KEY)//\nDELIMITER ;', 'mysql');
    expect(ok.tables.map((t) => t.name)).toEqual(['t']);
    expect(ok.ddl).toBe('            \nCREATE TABLE t (a int PRIMARY KEY); \n           ');
  });

  it('MySQL: plain CREATE DEFINER=... TRIGGER / FUNCTION / PROCEDURE / EVENT, GRANT, DROP ... IF EXISTS, ALTER DATABASE', () => {
    const text = [
      'CREATE TABLE t (a int, k varchar(20));',
      "CREATE DEFINER=`root`@`%` TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.k = LOAD_FILE('/etc/passwd');",
      "CREATE FUNCTION f() RETURNS text RETURN LOAD_FILE('/etc/passwd');",
      'CREATE OR REPLACE DEFINER = CURRENT_USER PROCEDURE p() SELECT 1;',
      "CREATE EVENT e ON SCHEDULE EVERY 1 SECOND DO SELECT 1 INTO DUMPFILE '/tmp/x';",
      'GRANT ALL ON *.* TO CURRENT_USER;',
      'DROP TRIGGER IF EXISTS tr;',
      'ALTER DATABASE app CHARACTER SET utf8mb4;',
    ].join('\n');
    const schema = parseSchema(text, 'mysql');
    expect(schema.ddl.trim()).toBe('CREATE TABLE t (a int, k varchar(20));');
    expect(schema.notes?.map((n) => n.en)).toEqual([
      '1 trigger (tr line 2), 1 function (f line 3), 1 procedure (p line 4), 1 event (e line 5) and 1 GRANT / REVOKE (line 6) in the table structure were not run: they do not change plans.',
    ]);
  });

  it('MySQL: a view whose query names a column event or trigger after its DEFINER stays a view', () => {
    const text =
      'CREATE TABLE t (event int, `trigger` int);\nCREATE DEFINER=root@localhost SQL SECURITY INVOKER VIEW v AS SELECT event, trigger FROM t;';
    const schema = parseSchema(text, 'mysql');
    expect(schema.ddl).toContain('VIEW v AS SELECT event');
    expect(schema.notes).toBeUndefined();
  });

  it('PostgreSQL: the other kinds, OR REPLACE, CONSTRAINT TRIGGER, EVENT TRIGGER, casts and operators', () => {
    const text = [
      'CREATE TABLE t (a int);',
      "CREATE OR REPLACE FUNCTION f() RETURNS int AS 'select 1' LANGUAGE sql;",
      'CREATE CONSTRAINT TRIGGER c AFTER INSERT ON t FOR EACH ROW EXECUTE FUNCTION f();',
      'CREATE EVENT TRIGGER e ON ddl_command_start EXECUTE FUNCTION f();',
      'CREATE CAST (int AS text) WITH INOUT;',
      'CREATE OPERATOR === (function = f);',
      'CREATE OPERATOR CLASS oc FOR TYPE int USING btree AS OPERATOR 1 <;',
      "CREATE SUBSCRIPTION s CONNECTION 'host=127.0.0.1' PUBLICATION p;",
      'CREATE TRUSTED PROCEDURAL LANGUAGE plx HANDLER h;',
      'ALTER TABLE t ENABLE ALWAYS TRIGGER c;',
      'COMMENT ON TRIGGER c ON t IS $$x$$;',
      'DROP FUNCTION IF EXISTS f();',
    ].join('\n');
    const schema = parseSchema(text, 'postgresql');
    expect(schema.ddl.trim()).toBe('CREATE TABLE t (a int);');
    expect(schema.notes?.[0]?.en).toBe(
      '1 function (f line 2), 1 trigger (c line 3), 1 event trigger (e line 4), 1 cast (int AS text line 5), 2 operators (=== line 6, oc line 7), 1 subscription (s line 8) and 1 language (plx line 9) in the table structure were not run: they do not change plans.',
    );
  });

  it('skips a DO block with a note, never sending its code', () => {
    const schema = parseSchema(
      "CREATE TABLE t (a int);\nDO $$BEGIN PERFORM pg_read_file('x'); END$$;\nCREATE INDEX i ON t (a);",
      'postgresql',
    );
    expect(schema.ddl).not.toMatch(/DO|pg_read_file/);
    expect(schema.tables[0]!.indexes.map((i) => i.name)).toEqual(['i']);
    expect(schema.notes?.[0]?.en).toBe(
      '1 DO block (line 2) in the table structure was not run: they do not change plans.',
    );
    // MySQL has no DO block: its DO evaluates expressions, and stays refused.
    expect(errorOf('CREATE TABLE t (a int);\nDO SLEEP(1);', 'mysql')).toMatchObject({ code: 4203, line: 2 });
  });

  it('still refuses what changes plans or runs: a rule ON SELECT, COPY TO PROGRAM, an INSERT in a BEGIN ATOMIC body never closed', () => {
    expect(
      errorOf('CREATE TABLE t (a int);\nCREATE RULE r AS ON SELECT TO t DO INSTEAD SELECT 1;', 'postgresql'),
    ).toMatchObject({ code: 4203, line: 2 });
    expect(errorOf("CREATE TABLE t (a int);\nCOPY t TO PROGRAM 'cat x';", 'postgresql')).toMatchObject({
      code: 4203,
      line: 2,
    });
    expect(errorOf('CREATE TABLE t (a int);\nCREATE USER evil;', 'mysql')).toMatchObject({ code: 4203, line: 2 });
    // A BEGIN ATOMIC body never closed would take the tables after it: refused at the function, saying why.
    const unclosed = errorOf(
      'CREATE FUNCTION f() RETURNS int LANGUAGE sql\nBEGIN ATOMIC\n  SELECT 1;\nCREATE TABLE t (a int);',
      'postgresql',
    );
    expect(unclosed).toMatchObject({ code: 4203, line: 1 });
    expect(JSON.stringify(unclosed)).toContain('has no END');
    // Closed, the same body is skipped and the table after it read.
    expect(
      parseSchema(
        'CREATE FUNCTION f() RETURNS int LANGUAGE sql\nBEGIN ATOMIC\n  SELECT 1;\nEND;\nCREATE TABLE t (a int);',
        'postgresql',
      ).tables.map((t) => t.name),
    ).toEqual(['t']);
    // A function's name in an index: the index is structure and stays (the sandbox says what it can not make).
    expect(parseSchema('CREATE TABLE t (a text);\nCREATE INDEX i ON t (f(a));', 'postgresql').ddl).toContain('f(a)');
  });

  it('leaves a text without code as it was, with no note', () => {
    const text = 'CREATE TABLE t (a int);\nGRANT SELECT ON t TO r;\nCOMMENT ON TABLE t IS $$x$$;';
    expect(withoutCode(text, 'postgresql')).toEqual({ text, notes: [] });
    expect(withoutCode('CREATE TABLE t (a int);', 'mysql')).toEqual({ text: 'CREATE TABLE t (a int);', notes: [] });
  });
});

describe('PostgreSQL domains: columns planned with the base type', () => {
  it("pg_dump's domains: the columns get the base type in the model and the DDL, the notes say which", () => {
    const schema = parseSchema(fixture('pg-dump-code.sql'), 'postgresql');
    const columns = (name: string) => schema.tables.find((t) => t.name === name)!.columns.map((c) => [c.name, c.type]);
    expect(columns('users')).toContainEqual(['mail', 'TEXT']);
    expect(columns('orders')).toContainEqual(['total', 'NUMERIC']);
    expect(schema.ddl).toContain('    mail text,');
    expect(schema.ddl).toContain('    total numeric(12, 2)\n');
    const en = schema.notes?.map((n) => n.en) ?? [];
    expect(en).toContain(
      "column users.mail of domain public.email planned as its base type text; the domain's CHECK is not applied (the CREATE DOMAIN was not run).",
    );
    expect(en).toContain(
      "column orders.total of domain public.positive_amount planned as its base type numeric(12, 2); the domain's CHECK, NOT NULL, DEFAULT are not applied (the CREATE DOMAIN was not run).",
    );
    expect(schema.notes?.map((n) => n.zh)).toContain(
      '域 public.email 的列 users.mail 按其基础类型 text 规划；不应用该域的 CHECK（CREATE DOMAIN 未执行）。',
    );
  });

  it('a domain over a domain, arrays, casts, quoted names; an unused domain is listed as skipped', () => {
    const text = [
      "CREATE DOMAIN d1 AS varchar(20) CHECK (pg_read_file('/etc/passwd') IS NOT NULL);",
      'CREATE DOMAIN "D2" d1;',
      'CREATE DOMAIN unused AS int;',
      'CREATE TABLE t (a d1, b "D2"[], c int DEFAULT \'1\'::d1::int, CONSTRAINT k UNIQUE (a));',
    ].join('\n');
    const schema = parseSchema(text, 'postgresql');
    expect(schema.ddl.split('\n')[3]).toBe(
      "CREATE TABLE t (a varchar(20), b varchar(20)[], c int DEFAULT '1'::varchar(20)::int, CONSTRAINT k UNIQUE (a));",
    );
    expect(schema.ddl).not.toMatch(/DOMAIN|pg_read_file/);
    expect(schema.notes?.map((n) => n.en)).toEqual([
      '1 unused domain (unused line 3) in the table structure was not run: they do not change plans.',
      "column t.a of domain d1 planned as its base type varchar(20); the domain's CHECK is not applied (the CREATE DOMAIN was not run).",
      'column t.b of domain D2 planned as its base type varchar(20) (the CREATE DOMAIN was not run).',
    ]);
  });

  it('ALTER TABLE ... ADD COLUMN and ALTER COLUMN ... TYPE of a domain', () => {
    const text = [
      'CREATE DOMAIN email AS text;',
      'CREATE TABLE t (a int);',
      'ALTER TABLE ONLY public.t ADD COLUMN IF NOT EXISTS m email, ADD CONSTRAINT k UNIQUE (a);',
      'ALTER TABLE t ALTER COLUMN a SET DATA TYPE email, ALTER a TYPE email;',
    ].join('\n');
    const ddl = parseSchema(text, 'postgresql').ddl.split('\n');
    expect(ddl.slice(2)).toEqual([
      'ALTER TABLE ONLY public.t ADD COLUMN IF NOT EXISTS m text, ADD CONSTRAINT k UNIQUE (a);',
      'ALTER TABLE t ALTER COLUMN a SET DATA TYPE text, ALTER a TYPE text;',
    ]);
    expect(parseSchema(text, 'postgresql').notes?.map((n) => n.en)).toEqual([
      'columns t.m, t.a of domain email planned as its base type text (the CREATE DOMAIN was not run).',
    ]);
  });

  it('a domain whose base type is not a type name is not taken: refused as before', () => {
    const text =
      'CREATE DOMAIN d AS text DEFAULT 1; CREATE USER x;\nCREATE DOMAIN e AS (SELECT 1);\nCREATE TABLE t (a e);';
    expect(errorOf(text, 'postgresql')).toMatchObject({ code: 4203, line: 1 });
    expect(errorOf("CREATE DOMAIN e AS text['x'];\nCREATE TABLE t (a e);", 'postgresql')).toMatchObject({
      code: 4203,
      line: 1,
    });
  });

  it('MySQL has no domains: CREATE DOMAIN is refused', () => {
    expect(errorOf('CREATE DOMAIN d AS int;', 'mysql')).toMatchObject({ code: 4203, line: 1 });
  });
});
