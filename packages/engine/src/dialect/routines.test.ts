import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.ts';
import { positionAt } from '../text/position.ts';
import { routineStatementLabel, routineTextAsWritten } from './routines.ts';

const ordersSchema = `CREATE TABLE orders (
  id BIGINT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  amount DECIMAL(12,2) NOT NULL,
  status VARCHAR(16) NOT NULL,
  created_at TIMESTAMP NOT NULL
);
CREATE TABLE audit (id BIGINT PRIMARY KEY, note VARCHAR(100));`;

const mysqlProcedure = `DELIMITER $$
CREATE DEFINER=\`app\`@\`%\` PROCEDURE get_orders(IN p_user BIGINT)
BEGIN
  DECLARE v_total DECIMAL(12,2);
  DECLARE done INT DEFAULT 0;
  DECLARE c CURSOR FOR SELECT id FROM orders WHERE user_id = p_user;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1;
  SELECT SUM(amount) INTO v_total FROM orders WHERE user_id = p_user AND status = 'paid';
  IF v_total > 100 THEN
    SELECT * FROM orders WHERE user_id = p_user ORDER BY created_at DESC LIMIT 10;
  ELSE
    WHILE done = 0 DO
      UPDATE orders SET status = 'seen' WHERE user_id = p_user;
      SET done = 1;
    END WHILE;
  END IF;
  SET @q = CONCAT('SELECT 1');
  PREPARE s FROM @q;
END$$
DELIMITER ;
`;

function where(input: string, needle: string) {
  return positionAt(input, input.indexOf(needle));
}

describe('stored routines', () => {
  it('reads a MySQL procedure for the statements of its body, each at its place, parameters as values', () => {
    const analysis = analyze({
      sql: mysqlProcedure,
      dialect: 'mysql',
      schemaText: ordersSchema,
      dataChanges: 'analyze',
    });
    const statements = analysis.statements.map((s) => s.statement);
    expect(statements.map((s) => s.routine)).toMatchObject(
      [1, 2, 3, 4].map((number) => ({ name: 'get_orders', kind: 'PROCEDURE', number })),
    );
    // The cursor's query, the SELECT ... INTO without its INTO, the branches' statements; SET and PREPARE are none.
    expect(statements.map((s) => s.kind)).toEqual(['select', 'select', 'select', 'update']);
    expect(statements[1]!.text).toMatch(/^SELECT SUM\(amount\) +FROM orders WHERE user_id = 1 +AND status = 'paid'$/);
    for (const [k, needle] of [
      [0, 'SELECT id FROM'],
      [1, 'SELECT SUM'],
      [2, 'SELECT * FROM'],
      [3, 'UPDATE orders'],
    ] as const) {
      const at = where(mysqlProcedure, needle);
      expect([statements[k]!.line, statements[k]!.column]).toEqual([at.line, at.column]);
      // As long as the text it stands for: a finding's place in it is its place in the input.
      expect(statements[k]!.text.length).toBeLessThanOrEqual(mysqlProcedure.length - statements[k]!.offset);
    }
    expect(analysis.statements.every((s) => !s.error)).toBe(true);
    const ids = analysis.statements.flatMap((s) => s.findings.map((f) => `${f.id} ${f.message.en}`));
    expect(ids.filter((id) => /p_user|v_total|column-not-in-schema/.test(id))).toEqual([]);
    // A finding inside a routine statement points at the input.
    const star = analysis.statements[2]!.findings.find((f) => f.id === 'select-star')!;
    expect(star.span).toMatchObject({
      line: where(mysqlProcedure, '*').line,
      column: where(mysqlProcedure, '*').column,
    });
    expect(analysis.notes.map((n) => n.en)).toEqual([
      expect.stringContaining('get_orders: the dynamic SQL at line 18'),
    ]);
  });

  it('without its own reading, a column of no table is still flagged in a routine', () => {
    const sql = 'DELIMITER //\nCREATE PROCEDURE p(IN a INT)\nBEGIN\n  SELECT id FROM orders WHERE nope = a;\nEND//';
    const analysis = analyze({ sql, dialect: 'mysql', schemaText: ordersSchema });
    expect(analysis.statements[0]!.findings.map((f) => f.id)).toContain('column-not-in-schema');
    expect(analysis.statements[0]!.findings.find((f) => f.id === 'column-not-in-schema')!.message.en).toMatch(/nope/);
  });

  it('leaves a routine data change out with a note where data changes are refused, not the whole routine', () => {
    const sql = mysqlProcedure.replace("UPDATE orders SET status = 'seen'", 'DELETE FROM orders');
    const analysis = analyze({ sql, dialect: 'mysql', schemaText: ordersSchema });
    expect(analysis.statements.map((s) => s.statement.kind)).toEqual(['select', 'select', 'select']);
    expect(analysis.notes.map((n) => n.en)).toContainEqual(expect.stringContaining('data change at line 13'));
  });

  it('gives a note and no statement for a routine of dynamic SQL only', () => {
    const sql =
      "DELIMITER //\nCREATE PROCEDURE d()\nBEGIN\n  SET @q = 'SELECT 1';\n  PREPARE s FROM @q;\n  EXECUTE s;\nEND//";
    const analysis = analyze({ sql, dialect: 'mysql' });
    expect(analysis.statements).toEqual([]);
    expect(analysis.notes).toHaveLength(1);
    expect(analysis.notes[0]!.en).toContain('line 5, 6');
    expect(analysis.notes[0]!.zh).toContain('动态 SQL');
  });

  it('gives a malformed statement of a body its 4202 at its place', () => {
    const sql = 'DELIMITER $$\nCREATE PROCEDURE p()\nBEGIN\n  SELECT 1;\n  SELECT FROM WHERE orders;\nEND$$';
    const analysis = analyze({ sql, dialect: 'mysql' });
    expect(analysis.statements.map((s) => s.error?.code)).toEqual([undefined, 4202]);
    expect(analysis.statements[1]!.statement.line).toBe(5);
    expect(analysis.statements[1]!.error!.detail).toMatchObject({ line: 5 });
    // Pasted without DELIMITER lines, as the server reads it: the same statements.
    const bare = analyze({ sql: sql.replace('DELIMITER $$\n', '').replace('END$$', 'END;'), dialect: 'mysql' });
    expect(bare.statements.map((s) => [s.statement.routine?.number, s.statement.line, s.error?.code])).toEqual([
      [1, 3, undefined],
      [2, 4, 4202],
    ]);
  });
});

const postgresFunction = `CREATE OR REPLACE FUNCTION recent_orders(p_user bigint, p_since date)
RETURNS SETOF orders
LANGUAGE plpgsql AS $fn$
DECLARE
  v_total numeric;
  r record;
  c CURSOR FOR SELECT id FROM orders WHERE user_id = p_user;
BEGIN
  SELECT sum(amount) INTO STRICT v_total FROM orders WHERE user_id = p_user;
  PERFORM 1 FROM orders WHERE status = 'open' AND user_id = p_user;
  FOR r IN SELECT id, user_id FROM orders WHERE created_at > p_since LOOP
    UPDATE orders SET status = 'seen' WHERE id = r.id;
  END LOOP;
  IF v_total > 100 THEN
    RETURN QUERY SELECT * FROM orders WHERE user_id = p_user ORDER BY created_at DESC LIMIT 10;
  END IF;
  EXECUTE format('SELECT 1 FROM %I', 'orders');
EXCEPTION WHEN others THEN
  INSERT INTO audit (id, note) SELECT 1, 'failed';
END
$fn$;
DO $$ BEGIN PERFORM id FROM orders WHERE user_id = 7; END $$;`;

describe('stored routines (PostgreSQL)', () => {
  it('reads a plpgsql function and a DO block through their control flow, variables as values', () => {
    const analysis = analyze({
      sql: postgresFunction,
      dialect: 'postgresql',
      schemaText: ordersSchema.replaceAll('BIGINT', 'bigint'),
      dataChanges: 'analyze',
    });
    const statements = analysis.statements.map((s) => s.statement);
    expect(statements.map((s) => [s.routine?.name, s.routine?.number, s.kind])).toEqual([
      ['recent_orders', 1, 'select'],
      ['recent_orders', 2, 'select'],
      ['recent_orders', 3, 'select'],
      ['recent_orders', 4, 'select'],
      ['recent_orders', 5, 'update'],
      ['recent_orders', 6, 'select'],
      ['recent_orders', 7, 'insert'],
      ['DO', 1, 'select'],
    ]);
    const needles = [
      'SELECT id FROM orders WHERE user_id = p_user',
      'SELECT sum',
      'PERFORM 1',
      'SELECT id, user_id',
      'UPDATE orders',
      'SELECT * FROM',
      'INSERT INTO audit',
      'PERFORM id',
    ];
    for (const [k, needle] of needles.entries()) {
      const at = where(postgresFunction, needle);
      expect([statements[k]!.line, statements[k]!.column], needle).toEqual([at.line, at.column]);
    }
    expect(statements[1]!.text).toMatch(
      /^SELECT sum\(amount\) +FROM orders WHERE user_id = 1 +$|^SELECT sum\(amount\) +FROM orders WHERE user_id = 1$/,
    );
    expect(statements[2]!.text.startsWith('SELECT  1 FROM')).toBe(true);
    expect(statements[3]!.text).toContain('created_at > $');
    // The loop's record reads one table: r.id is a value of orders.id's type.
    expect(statements[4]!.text).toMatch(/WHERE id = \d+ +$/);
    expect(analysis.statements.every((s) => !s.error)).toBe(true);
    const messages = analysis.statements.flatMap((s) => s.findings.map((f) => `${f.id} ${f.message.en}`));
    expect(messages.filter((m) => /p_user|p_since|v_total|column-not-in-schema/.test(m))).toEqual([]);
    expect(analysis.notes.map((n) => n.en)).toEqual([
      expect.stringContaining(`recent_orders: the dynamic SQL at line ${where(postgresFunction, 'EXECUTE').line}`),
    ]);
  });

  it('reads a LANGUAGE sql function', () => {
    const sql =
      'CREATE FUNCTION n(u bigint) RETURNS bigint AS $$ SELECT count(*) FROM orders WHERE user_id = u $$ LANGUAGE sql;';
    const analysis = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema });
    expect(analysis.statements.map((s) => s.statement.text)).toEqual(['SELECT count(*) FROM orders WHERE user_id = 1']);
    expect(analysis.statements[0]!.statement.column).toBe(sql.indexOf('SELECT') + 1);
  });

  it("reads RETURNS TABLE's columns as plpgsql variables, not as a SQL function's nor where qualified", () => {
    const plpgsql = `CREATE FUNCTION since_totals(p_days integer) RETURNS TABLE (since timestamp, user_id bigint) AS $$
BEGIN
  since := now() - make_interval(days => p_days);
  RETURN QUERY SELECT o.created_at, o.user_id FROM orders o WHERE o.created_at >= since;
END $$ LANGUAGE plpgsql;`;
    const [read] = analyze({ sql: plpgsql, dialect: 'postgresql', schemaText: ordersSchema }).statements;
    expect(read!.statement.text).toBe('SELECT o.created_at, o.user_id FROM orders o WHERE o.created_at >= $1   ');
    expect(read!.findings.map((f) => f.id)).not.toContain('column-not-in-schema');
    const sql =
      'CREATE FUNCTION totals() RETURNS TABLE (user_id bigint, amount numeric) AS $$ SELECT user_id, sum(amount) FROM orders GROUP BY user_id $$ LANGUAGE sql;';
    const [column] = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema }).statements;
    expect(column!.statement.text).toBe('SELECT user_id, sum(amount) FROM orders GROUP BY user_id');
  });
});

describe('stored routines (MySQL triggers and functions)', () => {
  it("reads a trigger's NEW and OLD fields and a function's INTO @variables as values", () => {
    const sql = `DELIMITER ;;
CREATE TRIGGER orders_audit AFTER UPDATE ON orders FOR EACH ROW BEGIN
  INSERT INTO audit (id, note) SELECT NEW.id, status FROM orders WHERE id = OLD.id;
END ;;
CREATE FUNCTION total(u BIGINT) RETURNS DECIMAL(12,2) READS SQL DATA
BEGIN
  SELECT SUM(amount), COUNT(*) INTO @s, @n FROM orders WHERE user_id = u;
  RETURN @s;
END ;;
DELIMITER ;`;
    const analysis = analyze({ sql, dialect: 'mysql', schemaText: ordersSchema, dataChanges: 'analyze' });
    const statements = analysis.statements.map((s) => s.statement);
    expect(statements.map((s) => [s.routine?.name, s.routine?.kind, s.kind])).toEqual([
      ['orders_audit', 'TRIGGER', 'insert'],
      ['total', 'FUNCTION', 'select'],
    ]);
    // NEW.id and OLD.id: values of orders.id's type, the trigger's table being in the structure.
    expect(statements[0]!.text).toMatch(/SELECT \d\s+, status FROM orders WHERE id = \d\s*$/);
    expect(statements[1]!.text).toMatch(/^SELECT SUM\(amount\), COUNT\(\*\) +FROM orders WHERE user_id = 1$/);
    expect(analysis.statements.every((s) => !s.error)).toBe(true);
    const messages = analysis.statements.flatMap((s) => s.findings.map((f) => f.id));
    expect(messages).not.toContain('column-not-in-schema');
    // Without the structure, the trigger's fields are values of no known type.
    const bare = analyze({ sql, dialect: 'mysql', dataChanges: 'analyze' }).statements[0]!.statement.text;
    expect(bare).toMatch(/SELECT '\d'\s+, status FROM orders WHERE id = '\d'\s*$/);
  });
});

describe('stored routines: queries in conditions and assignments', () => {
  it('reads the query of an IF EXISTS (...), of a SET v = (...) and of a WHILE condition', () => {
    const sql = `CREATE PROCEDURE q(IN p_user BIGINT)
BEGIN
  DECLARE v_total DECIMAL(12,2);
  IF EXISTS (SELECT 1 FROM orders WHERE user_id = p_user) THEN
    SET v_total = (SELECT SUM(amount) FROM orders WHERE user_id = p_user);
  END IF;
  WHILE (SELECT COUNT(*) FROM audit) < 3 DO
    SET v_total = v_total + 1;
  END WHILE;
END;`;
    const analysis = analyze({ sql, dialect: 'mysql', schemaText: ordersSchema });
    const statements = analysis.statements.map((s) => s.statement);
    expect(statements.map((s) => s.text.trimEnd())).toEqual([
      'SELECT 1 FROM orders WHERE user_id = 1',
      'SELECT SUM(amount) FROM orders WHERE user_id = 1',
      'SELECT COUNT(*) FROM audit',
    ]);
    // A name at the end is written whole: the planned text keeps the blanks padding its stand-in.
    expect(statements.map((s) => s.routine?.written)).toEqual([
      'SELECT 1 FROM orders WHERE user_id = p_user',
      'SELECT SUM(amount) FROM orders WHERE user_id = p_user',
      'SELECT COUNT(*) FROM audit',
    ]);
    expect(statements.map((s) => [s.line, s.column])).toEqual([
      [4, 14],
      [5, 20],
      [7, 10],
    ]);
    expect(analysis.statements.every((s) => !s.error)).toBe(true);
  });
});

describe('stored routines: INTO targets', () => {
  it("blanks a RETURNING's INTO and a file target, keeps an INSERT's INTO", () => {
    const sql = `CREATE FUNCTION r(p bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  UPDATE orders SET status = 'x' WHERE id = p RETURNING id INTO v;
  INSERT INTO audit (id, note) SELECT id, status FROM orders WHERE id = p RETURNING id INTO v;
  RETURN v;
END $$;`;
    const analysis = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema, dataChanges: 'analyze' });
    expect(analysis.statements.map((s) => s.statement.text.trimEnd())).toEqual([
      "UPDATE orders SET status = 'x' WHERE id = 1 RETURNING id",
      'INSERT INTO audit (id, note) SELECT id, status FROM orders WHERE id = 1 RETURNING id',
    ]);
    expect(analysis.statements.every((s) => !s.error)).toBe(true);
    const file = "CREATE PROCEDURE f()\nBEGIN\n  SELECT id FROM orders INTO OUTFILE '/tmp/x';\nEND;";
    const [outfile] = analyze({ sql: file, dialect: 'mysql' }).statements.map((s) => s.statement);
    expect(outfile!.text.trimEnd()).toBe('SELECT id FROM orders');
    expect(outfile!.routine!.written).toBe("SELECT id FROM orders INTO OUTFILE '/tmp/x'");
  });
});

describe('stored routines: MySQL bodies without BEGIN', () => {
  it("reads a procedure's one statement after its characteristics and a function's RETURN (SELECT ...)", () => {
    const sql = [
      "CREATE PROCEDURE one(IN u BIGINT) READS SQL DATA COMMENT 'x' SELECT id FROM orders WHERE user_id = u;",
      'CREATE FUNCTION n(u BIGINT) RETURNS INT DETERMINISTIC RETURN (SELECT COUNT(*) FROM orders WHERE user_id = u);',
      'CREATE FUNCTION twice(u INT) RETURNS INT DETERMINISTIC RETURN u * 2;',
    ].join('\n');
    const analysis = analyze({ sql, dialect: 'mysql', schemaText: ordersSchema });
    expect(analysis.statements.map((s) => [s.statement.routine?.name, s.statement.text, s.statement.line])).toEqual([
      ['one', 'SELECT id FROM orders WHERE user_id = 1', 1],
      ['n', 'SELECT COUNT(*) FROM orders WHERE user_id = 1', 2],
    ]);
    expect(analysis.notes.map((n) => n.en)).toEqual(['twice (line 3): its body holds no query to analyze']);
  });
});

describe('stored routines: PostgreSQL bodies in quotes and SQL-standard bodies', () => {
  it('reads a body in single quotes, each doubled quote one, as long as it is written', () => {
    const sql = `CREATE FUNCTION paid(u bigint) RETURNS bigint LANGUAGE plpgsql AS '
BEGIN
  RETURN (SELECT count(*) FROM orders WHERE user_id = u AND status IN (''paid'', ''it''''s''));
END';`;
    const analysis = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema });
    const [statement] = analysis.statements.map((s) => s.statement);
    expect(analysis.statements).toHaveLength(1);
    expect(statement!.text).toBe("SELECT count(*) FROM orders WHERE user_id = 1 AND status IN ( 'paid' ,  'it''  s' )");
    expect([statement!.line, statement!.column]).toEqual([where(sql, 'SELECT').line, where(sql, 'SELECT').column]);
    expect(statement!.routine!.written).toBe(sql.slice(statement!.offset, statement!.offset + statement!.text.length));
    expect(analysis.statements[0]!.error).toBeUndefined();
  });

  it("reads an escape-string body, \\' and '' each one quote, the backslash of a plain one as written", () => {
    const sql = `CREATE FUNCTION paid(u bigint) RETURNS bigint LANGUAGE plpgsql AS E'
BEGIN\\n  RETURN (SELECT count(*) FROM orders WHERE user_id = u AND status IN (\\'paid\\', ''due'', \\'it\\'\\'s\\'));
END';`;
    const analysis = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema });
    const [statement] = analysis.statements.map((s) => s.statement);
    expect(statement!.text).toBe(
      "SELECT count(*) FROM orders WHERE user_id = 1 AND status IN ( 'paid' ,  'due' ,  'it''  s' )",
    );
    expect([statement!.line, statement!.column]).toEqual([where(sql, 'SELECT').line, where(sql, 'SELECT').column]);
    expect(statement!.routine!.written).toBe(sql.slice(statement!.offset, statement!.offset + statement!.text.length));
    expect(analysis.statements[0]!.error).toBeUndefined();
    // Without the E, a backslash is a backslash and ends no literal: 'a\\' is a literal, the name after it a value.
    const plain =
      "CREATE FUNCTION p(u bigint) RETURNS bigint AS 'SELECT count(*) FROM orders WHERE status = ''a\\'' AND user_id = u' LANGUAGE sql;";
    const [read] = analyze({ sql: plain, dialect: 'postgresql', schemaText: ordersSchema }).statements;
    expect(read!.statement.text).toBe("SELECT count(*) FROM orders WHERE status =  'a\\'  AND user_id = 1");
    expect(read!.error).toBeUndefined();
  });

  it('gives a note, not a reading, for a body in another language than SQL', () => {
    for (const sql of [
      "CREATE FUNCTION h(text) RETURNS int AS 'hashlib', 'h' LANGUAGE C STRICT;",
      'CREATE FUNCTION py() RETURNS int LANGUAGE plpython3u AS $$ return plpy.execute("SELECT 1 FROM orders") $$;',
    ]) {
      const analysis = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema });
      expect(analysis.statements, sql).toEqual([]);
      expect(analysis.notes.map((n) => n.en)).toEqual([expect.stringContaining('its body holds no query')]);
    }
  });

  it('reads BEGIN ATOMIC bodies kept whole, CASE ... END inside, and a RETURN (SELECT ...)', () => {
    const sql = `CREATE PROCEDURE close_user(p_user bigint) LANGUAGE sql
BEGIN ATOMIC
  UPDATE orders SET status = CASE WHEN amount > 0 THEN 'closed' ELSE 'void' END WHERE user_id = p_user;
  DELETE FROM audit WHERE id = p_user;
END;
CREATE FUNCTION n(p_user bigint) RETURNS bigint LANGUAGE sql RETURN (SELECT count(*) FROM orders WHERE user_id = p_user);
SELECT 1;`;
    const analysis = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema, dataChanges: 'analyze' });
    expect(
      analysis.statements.map((s) => [s.statement.routine?.name, s.statement.routine?.number, s.statement.line]),
    ).toEqual([
      ['close_user', 1, 3],
      ['close_user', 2, 4],
      ['n', 1, 6],
      [undefined, undefined, 7],
    ]);
    expect(analysis.statements[0]!.statement.text).toMatch(/END WHERE user_id = 1 +$/);
    expect(analysis.statements.every((s) => !s.error && !s.findings.some((f) => f.id === 'column-not-in-schema'))).toBe(
      true,
    );
    // A RETURN of no query: a note; a transaction's BEGIN; ... END; is no body.
    const plain = analyze({
      sql: 'CREATE FUNCTION twice(a int) RETURNS int LANGUAGE sql RETURN a * 2;\nBEGIN; SELECT 1; END;',
      dialect: 'postgresql',
    });
    expect(plain.statements.map((s) => s.statement.text)).toEqual(['BEGIN', 'SELECT 1', 'END']);
    expect(plain.notes.map((n) => n.en)).toEqual(['twice (line 1): its body holds no query to analyze']);
  });

  it("reads a SQL body's columns named as plpgsql's words (language, found) as columns", () => {
    const schemaText = 'CREATE TABLE docs (id bigint PRIMARY KEY, language text, found boolean);';
    const sql = `CREATE FUNCTION en() RETURNS SETOF bigint
BEGIN ATOMIC
  SELECT id FROM docs WHERE language = 'en' AND found;
END;`;
    const analysis = analyze({ sql, dialect: 'postgresql', schemaText });
    expect(analysis.statements.map((s) => s.statement.text)).toEqual([
      "SELECT id FROM docs WHERE language = 'en' AND found",
    ]);
    expect(analysis.notes).toEqual([]);
    // In plpgsql, FOUND is the variable (a column of that name would be ambiguous to the server too).
    const plpgsql = analyze({
      sql: "DO $$ BEGIN PERFORM id FROM docs WHERE language = 'en' AND NOT found; END $$;",
      dialect: 'postgresql',
      schemaText,
    });
    expect(plpgsql.statements.map((s) => s.statement.text)).toEqual([
      "SELECT  id FROM docs WHERE language = 'en' AND NOT true ",
    ]);
  });
});

describe('stored routines: declarations', () => {
  const declared = (declarations: string, statement: string) => `CREATE FUNCTION f(p_user bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
${declarations}
BEGIN
  ${statement};
END $$;`;

  it('types a %TYPE and a %ROWTYPE variable by the column the structure gives', () => {
    const sql = declared(
      '  v_status orders.status%TYPE;\n  v_amount public.orders.amount%TYPE := 0;\n  v_row orders%ROWTYPE;',
      'UPDATE orders SET status = v_status WHERE amount > v_amount AND user_id = v_row.user_id',
    );
    const typed = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema, dataChanges: 'analyze' });
    expect(typed.statements[0]!.statement.text).toMatch(
      /^UPDATE orders SET status = 'a' +WHERE amount > 2\.5 +AND user_id = 3 +$/,
    );
    // Without the structure, of no known type: values all the same, never columns.
    const untyped = analyze({ sql, dialect: 'postgresql', dataChanges: 'analyze' });
    expect(untyped.statements[0]!.statement.text).toMatch(
      /^UPDATE orders SET status = '1' +WHERE amount > '2' +AND user_id = '3' +$/,
    );
  });

  it("reads a query in a declaration's default, PostgreSQL's and MySQL's, and a RECORD's fields as values", () => {
    const sql = declared(
      '  v_total bigint := (SELECT count(*) FROM orders);\n  v_max numeric DEFAULT 0;\n  rec record;',
      'SELECT * INTO rec FROM orders WHERE user_id = p_user;\n  UPDATE audit SET note = rec.status WHERE id = rec.id',
    );
    const analysis = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema, dataChanges: 'analyze' });
    expect(analysis.statements.map((s) => [s.statement.line, s.statement.kind])).toEqual([
      [4, 'select'],
      [8, 'select'],
      [9, 'update'],
    ]);
    expect(analysis.statements[0]!.statement.text).toBe('SELECT count(*) FROM orders');
    // The record is filled from orders alone: its fields are values of their columns' types.
    expect(analysis.statements[2]!.statement.text).toMatch(/^UPDATE audit SET note = '\w' +WHERE id = \d +$/);
    const ids = analysis.statements.flatMap((s) => s.findings.map((f) => f.id));
    expect(ids).not.toContain('column-not-in-schema');
    // From a join, of no known type.
    const joined = analyze({
      sql: sql.replace('FROM orders WHERE', 'FROM orders JOIN audit ON audit.id = orders.id WHERE'),
      dialect: 'postgresql',
      schemaText: ordersSchema,
      dataChanges: 'analyze',
    });
    expect(joined.statements[2]!.statement.text).toMatch(/^UPDATE audit SET note = '\d' +WHERE id = '\d' +$/);
    const mysql = `CREATE PROCEDURE m(IN p_user BIGINT)
BEGIN
  DECLARE v_total INT DEFAULT (SELECT COUNT(*) FROM orders WHERE user_id = p_user);
  DECLARE v_none INT DEFAULT 0;
  SELECT v_total;
END;`;
    const read = analyze({ sql: mysql, dialect: 'mysql', schemaText: ordersSchema });
    expect(read.statements.map((s) => [s.statement.text.trimEnd(), s.statement.line])).toEqual([
      ['SELECT COUNT(*) FROM orders WHERE user_id = 1', 3],
      ['SELECT 1', 5],
    ]);
  });

  it("reads plpgsql's own variables as values, and gives a one-letter name a value that stands apart", () => {
    const sql = declared(
      '  d date;\n  s text;',
      'INSERT INTO audit (id, note) SELECT d, TG_TABLE_NAME FROM orders WHERE status = s AND created_at > d AND user_id = p_user',
    );
    const analysis = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema, dataChanges: 'analyze' });
    const text = analysis.statements[0]!.statement.text;
    expect(text).toMatch(/SELECT \d, '\w+' +FROM orders WHERE status =\$1 AND created_at >\$2 AND user_id = \d+ +$/);
    expect(analysis.statements[0]!.findings.map((f) => f.id)).not.toContain('column-not-in-schema');
    expect(analysis.statements[0]!.error).toBeUndefined();
  });

  it('gives a one-letter name written without blanks a placeholder, its room taken from blanks before it', () => {
    const sql = declared(
      '  d date;\n  s text;\n  n bigint;',
      'SELECT count(*) INTO n FROM orders WHERE id>=n AND created_at<d AND status=s',
    );
    const [read] = analyze({ sql, dialect: 'postgresql', schemaText: ordersSchema }).statements;
    // The blanked INTO gives the two placeholders their second character; a number takes a digit's room.
    expect(read!.statement.text).toBe('SELECT count(*)      FROM orders WHERE id>=1 AND created_at<$1 AND status=$2');
    expect(read!.statement.routine!.written).toBe(
      'SELECT count(*) INTO n FROM orders WHERE id>=n AND created_at<d AND status=s',
    );
    // No blanks to take: the digit as before, and the blanks of a literal are never taken.
    const tight = declared('  s text;\n  d date;', "UPDATE orders SET status=s WHERE status<>'a  b' AND created_at<d");
    const [update] = analyze({
      sql: tight,
      dialect: 'postgresql',
      schemaText: ordersSchema,
      dataChanges: 'analyze',
    }).statements;
    expect(update!.statement.text).toBe("UPDATE orders SET status=1 WHERE status<>'a  b' AND created_at<2");
  });
});

/**
 * Routines written as public projects write them (fixtures/routines): each line where a statement of a body starts
 * ends with `-- #N kind routine`, a line of dynamic SQL with `-- #dynamic`, a routine of no query with
 * `-- #empty routine`. Every statement found is marked and every mark found, at its line, without an error.
 */
describe('stored routines as projects write them', () => {
  const dir = new URL('./fixtures/routines/', import.meta.url);
  const files = readdirSync(dir).filter((file) => file.endsWith('.sql') && !file.startsWith('schema-'));

  it('has its fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
  });

  for (const file of files) {
    it(file, () => {
      const sql = readFileSync(new URL(file, dir), 'utf8');
      const dialect = file.startsWith('mysql-') ? 'mysql' : 'postgresql';
      const schemaText = readFileSync(new URL(`schema-${dialect}.sql`, dir), 'utf8');
      const lines = sql.split('\n');
      const marked = (pattern: RegExp) =>
        lines.flatMap((line, k) => {
          const mark = pattern.exec(line);
          return mark ? [{ line: k + 1, mark }] : [];
        });
      const expected = marked(/-- #(\d+) (\w+) (\w+)$/).map(({ line, mark }) => [
        mark[3],
        Number(mark[1]),
        mark[2],
        line,
      ]);
      const analysis = analyze({ sql, dialect, schemaText, dataChanges: 'analyze' });
      const statements = analysis.statements.map((s) => s.statement);
      expect(statements.map((s) => [s.routine?.name, s.routine?.number, s.kind, s.line])).toEqual(expected);
      for (const { statement, error, findings } of analysis.statements) {
        expect(error, statement.text).toBeUndefined();
        expect(findings.filter((f) => f.id === 'column-not-in-schema').map((f) => f.message.en)).toEqual([]);
        // From the statement's first word to its last, shown as written: not cut inside a name.
        const { written } = statement.routine!;
        expect(written).toBe(sql.slice(statement.offset, statement.offset + written.length));
        expect(written).toMatch(/^(SELECT|WITH|PERFORM|UPDATE|DELETE|INSERT|REPLACE)\b[\s\S]*[\w')*]$/i);
        expect(sql.slice(statement.offset + written.length)).toMatch(/^(\s|;|\)|$)/);
        expect(positionAt(sql, statement.offset)).toMatchObject({ line: statement.line, column: statement.column });
        const label = routineStatementLabel(statement.routine!.name, statement.routine!.number);
        expect(label.en).toBe(`${statement.routine!.name}, statement ${statement.routine!.number}`);
      }
      const dynamic = marked(/-- #dynamic$/).map(({ line }) => line);
      const empty = marked(/-- #empty (\w+)$/).map(
        ({ line, mark }) => `${mark[1]} (line ${line}): its body holds no query to analyze`,
      );
      const notes = analysis.notes.map((n) => n.en);
      expect(notes.filter((n) => n.includes('dynamic SQL'))).toEqual(
        dynamic.length > 0 ? [expect.stringContaining(`dynamic SQL at line ${dynamic.join(', ')} `)] : [],
      );
      expect(notes.filter((n) => !n.includes('dynamic SQL'))).toEqual(empty);
    });
  }

  it('labels the statements of a DO block "DO, statement N" in both languages', () => {
    expect(routineStatementLabel('DO', 2)).toEqual({ en: 'DO, statement 2', zh: 'DO 的第 2 条语句' });
  });
});

describe('routineTextAsWritten', () => {
  const written = 'SELECT SUM(a) INTO v_total FROM t WHERE u = p_user AND s = p_s';
  const planned = "SELECT SUM(a)              FROM t WHERE u = 1      AND s = 'a'";

  it('gives the statement as written for its planned text, and writes the names back into a rewrite', () => {
    expect(routineTextAsWritten(planned, planned, written)).toBe(written);
    const rewrite = "SELECT SUM(a)              FROM t WHERE u = 1      AND s = 'a' LIMIT 1";
    expect(routineTextAsWritten(rewrite, planned, written)).toBe(`${written} LIMIT 1`);
  });

  it('leaves a stand-in as planned where a rewrite changed what stood before it', () => {
    const rewrite = "SELECT SUM(a) FROM t WHERE (u = 1) AND s = 'a'";
    expect(routineTextAsWritten(rewrite, planned, written)).toBe('SELECT SUM(a) FROM t WHERE (u = 1) AND s = p_s');
  });
});
