import { describe, expect, it } from 'vitest';
import { splitStatements } from '../sql-text.ts';
import {
  definedTables,
  namedDatabases,
  withJsonFormsOfMariaDb,
  withJsonPathCalls,
  withMariaDbCheckDrops,
  withMariaDbIndexVisibility,
  withoutDatabaseQualifiers,
  withoutDefaultExpressions,
  withoutFulltextParsers,
  withoutFunctionalIndexes,
  withoutRowAlias,
  withTableNamesAsDefined,
} from './names.ts';

const databasesOf = (schema: string) => [...namedDatabases(splitStatements(schema, 'mysql'))].sort();

describe('the databases a table structure names', () => {
  it('are the qualifiers of the tables it defines, indexes, references and reads, and the database it USEs', () => {
    const schema = `USE sakila;
CREATE TABLE shop.orders (id INT PRIMARY KEY, customer_id INT REFERENCES crm.customers (id));
CREATE INDEX orders_customer ON archive.orders (customer_id);
CREATE VIEW v AS SELECT o.id FROM sales.orders o JOIN stock.items i ON i.id = o.id;`;
    expect(databasesOf(schema)).toEqual(['archive', 'crm', 'sakila', 'sales', 'shop', 'stock']);
  });

  it("are not a join condition's or a call's qualifiers, which name tables and aliases (Sakila's film_list view)", () => {
    const schema = `CREATE VIEW film_list AS
SELECT film.film_id AS FID, EXTRACT(YEAR FROM film.last_update) AS y, TRIM(LEADING 'x' FROM c.name) AS n
FROM film LEFT JOIN film_category ON film_category.film_id = film.film_id
LEFT JOIN category c ON c.category_id = film_category.category_id
WHERE film.film_id IN (SELECT fa.film_id FROM sakila.film_actor fa);`;
    expect(databasesOf(schema)).toEqual(['sakila']);
    const view = splitStatements(schema, 'mysql')[0]!.text;
    const planned = withoutDatabaseQualifiers(view, namedDatabases(splitStatements(schema, 'mysql')));
    expect(planned).toContain('film.film_id AS FID');
    expect(planned).toContain('FROM       .film_actor fa');
  });
});

describe("MySQL 8's structure and operators MariaDB lacks", () => {
  it('writes the JSON path operators as the calls they stand for, on any column reference', () => {
    expect(withJsonPathCalls("SELECT o.attrs->>'$.sku', `o`.`attrs` -> '$.n' FROM o WHERE attrs->\"$.c\" = 1")).toBe(
      "SELECT JSON_UNQUOTE(JSON_EXTRACT(o.attrs, '$.sku')), JSON_EXTRACT(`o`.`attrs`, '$.n') FROM o WHERE JSON_EXTRACT(attrs, \"$.c\") = 1",
    );
    // An arrow that is no JSON path (in a string, a comment, a lambda-like text) is left alone.
    for (const text of ["SELECT 'a->>b' FROM t", 'SELECT a - >b FROM t', 'SELECT a -- ->> x\nFROM t']) {
      expect(withJsonPathCalls(text)).toBe(text);
    }
  });

  it('writes MEMBER OF and CAST(... AS JSON) as the calls MariaDB has, inside each other too', () => {
    expect(withJsonFormsOfMariaDb('SELECT id FROM p WHERE 3 MEMBER OF (tags) AND p.a MEMBER OF (p.b)')).toEqual({
      text: 'SELECT id FROM p WHERE JSON_CONTAINS(tags, JSON_ARRAY(3)) AND JSON_CONTAINS(p.b, JSON_ARRAY(p.a))',
      memberOf: 2,
    });
    expect(withJsonFormsOfMariaDb('SELECT 1 FROM p WHERE lower(?) MEMBER OF (CAST(j AS JSON))').text).toBe(
      "SELECT 1 FROM p WHERE JSON_CONTAINS(JSON_EXTRACT(j, '$'), JSON_ARRAY(lower(?)))",
    );
    // Words that only look like the forms are left alone.
    for (const text of [
      "SELECT 'a MEMBER OF (b)' FROM t",
      'SELECT member, of FROM t',
      'SELECT CAST(a AS CHAR) FROM t',
      'SELECT json FROM t -- CAST(a AS JSON)',
    ]) {
      expect(withJsonFormsOfMariaDb(text)).toEqual({ text, memberOf: 0 });
    }
  });

  it('blanks WITH PARSER of a FULLTEXT key, as written or in an executable comment, and names the parser', () => {
    const text =
      'CREATE TABLE t (a TEXT, FULLTEXT KEY ft (a) /*!50100 WITH PARSER `ngram` */, FULLTEXT (b) WITH PARSER mecab)';
    const { text: planned, parsers } = withoutFulltextParsers(text);
    expect(planned).toHaveLength(text.length);
    expect(planned).not.toMatch(/PARSER/);
    expect([...parsers]).toEqual(['ngram', 'mecab']);
    expect(withoutFulltextParsers('CREATE TABLE t (a TEXT, FULLTEXT KEY ft (a))').parsers.size).toBe(0);
  });

  it('takes out indexes on expressions, and leaves keys on columns and prefixes', () => {
    const table = `CREATE TABLE c (
  id int NOT NULL,
  profile json,
  email varchar(191),
  PRIMARY KEY (id),
  KEY idx_city ((cast(json_unquote(json_extract(profile,_utf8mb4'$.city')) as char(64)))),
  UNIQUE KEY uk_email (email(100)),
  KEY idx_lower ((lower(email)), id)
) ENGINE=InnoDB`;
    const { text, indexes } = withoutFunctionalIndexes(table);
    expect(indexes).toEqual(['idx_city', 'idx_lower']);
    expect(text.replace(/\s+/g, ' ')).toBe(
      'CREATE TABLE c ( id int NOT NULL, profile json, email varchar(191), PRIMARY KEY (id) , UNIQUE KEY uk_email (email(100)) ) ENGINE=InnoDB',
    );
    const index = "CREATE INDEX idx_tag ON t ((CAST(doc->>'$.tag' AS CHAR(20))))";
    expect(withoutFunctionalIndexes(index)).toEqual({ text: ' '.repeat(index.length), indexes: ['idx_tag'] });
    const plain = 'CREATE INDEX idx_a ON t (a, b(10))';
    expect(withoutFunctionalIndexes(plain)).toEqual({ text: plain, indexes: [] });
  });

  it('takes the ADD actions of keys on expressions out of an ALTER TABLE, and the statement when nothing is left', () => {
    const alone = 'ALTER TABLE `orders` ADD INDEX `idx_expr` ((cast(`created_at` as date)))';
    expect(withoutFunctionalIndexes(alone)).toEqual({ text: ' '.repeat(alone.length), indexes: ['idx_expr'] });
    const mixed =
      'ALTER TABLE o ADD UNIQUE KEY uk ((lower(email))), ADD COLUMN note int, ADD CONSTRAINT c UNIQUE ((upper(a)), b), ADD KEY k (a(10))';
    const { text, indexes } = withoutFunctionalIndexes(mixed);
    expect(indexes).toEqual(['uk', 'c']);
    expect(text.replace(/\s+/g, ' ')).toBe('ALTER TABLE o ADD COLUMN note int , ADD KEY k (a(10))');
    const plain = 'ALTER TABLE o ADD INDEX i (a, b), ADD COLUMN c int DEFAULT (1), MODIFY d varchar(10)';
    expect(withoutFunctionalIndexes(plain)).toEqual({ text: plain, indexes: [] });
  });

  it('takes out a later drop of a key left out, and leaves drops of other keys', () => {
    const leftOut = new Set(['idx_expr']);
    const drop = 'DROP INDEX `idx_expr` ON orders';
    expect(withoutFunctionalIndexes(drop, leftOut).text.trim()).toBe('');
    expect(withoutFunctionalIndexes('DROP INDEX IF EXISTS idx_expr ON orders', leftOut).text.trim()).toBe('');
    const alter = 'ALTER TABLE orders DROP INDEX idx_expr, DROP KEY idx_status';
    expect(withoutFunctionalIndexes(alter, leftOut).text.replace(/\s+/g, ' ')).toBe(
      'ALTER TABLE orders DROP KEY idx_status',
    );
    expect(withoutFunctionalIndexes('ALTER TABLE orders DROP INDEX idx_expr', leftOut).text.trim()).toBe('');
    const other = 'DROP INDEX idx_status ON orders';
    expect(withoutFunctionalIndexes(other, leftOut).text).toBe(other);
    expect(withoutFunctionalIndexes(drop).text).toBe(drop);
  });

  it("writes MySQL 8's invisible indexes as MariaDB's ignored ones, and leaves invisible columns", () => {
    const table = 'CREATE TABLE t (a int INVISIBLE, b int, KEY ka (a) INVISIBLE, KEY kb (b) VISIBLE)';
    expect(withMariaDbIndexVisibility(table)).toBe(
      'CREATE TABLE t (a int INVISIBLE, b int, KEY ka (a) IGNORED  , KEY kb (b)        )',
    );
    expect(withMariaDbIndexVisibility('ALTER TABLE `db`.t ALTER INDEX i INVISIBLE, ALTER INDEX j VISIBLE')).toBe(
      'ALTER TABLE `db`.t ALTER INDEX i IGNORED  , ALTER INDEX j NOT IGNORED',
    );
    expect(withMariaDbIndexVisibility('ALTER TABLE t ADD COLUMN c int INVISIBLE, ADD INDEX k (c) INVISIBLE')).toBe(
      'ALTER TABLE t ADD COLUMN c int INVISIBLE, ADD INDEX k (c) IGNORED  ',
    );
    expect(withMariaDbIndexVisibility('CREATE INDEX k ON t (c) INVISIBLE')).toBe('CREATE INDEX k ON t (c) IGNORED  ');
    const plain = 'SELECT invisible FROM t';
    expect(withMariaDbIndexVisibility(plain)).toBe(plain);
  });

  it("writes MySQL 8's DROP CHECK as MariaDB's DROP CONSTRAINT, and leaves a CHECK added", () => {
    expect(withMariaDbCheckDrops('ALTER TABLE t DROP CHECK chk_total, ADD CONSTRAINT c CHECK (a > 0)')).toBe(
      'ALTER TABLE t DROP CONSTRAINT chk_total, ADD CONSTRAINT c CHECK (a > 0)',
    );
    const add = 'ALTER TABLE t ADD CHECK (a > 0)';
    expect(withMariaDbCheckDrops(add)).toBe(add);
  });

  it("blanks MySQL 8's expression defaults, and leaves literal defaults and other parentheses", () => {
    const table =
      'CREATE TABLE e (id binary(16) NOT NULL DEFAULT (uuid_to_bin(uuid())), n int DEFAULT 0, d date DEFAULT (CURRENT_DATE + INTERVAL 1 DAY), PRIMARY KEY (id))';
    const planned = withoutDefaultExpressions(table);
    expect(planned).toHaveLength(table.length);
    expect(planned.replace(/\s+/g, ' ')).toBe(
      'CREATE TABLE e (id binary(16) NOT NULL , n int DEFAULT 0, d date , PRIMARY KEY (id))',
    );
    const plain = "CREATE TABLE t (a int DEFAULT 1, b varchar(3) DEFAULT 'x', c timestamp DEFAULT CURRENT_TIMESTAMP)";
    expect(withoutDefaultExpressions(plain)).toBe(plain);
  });

  it("writes MySQL 8.0.19's upsert row alias as VALUES(), and leaves other upserts and aliases", () => {
    expect(
      withoutRowAlias(
        'INSERT INTO v (entity_id, value) VALUES (1, 2) AS new ON DUPLICATE KEY UPDATE value = new.value + `new`.`entity_id`',
      ),
    ).toBe(
      'INSERT INTO v (entity_id, value) VALUES (1, 2)  ON DUPLICATE KEY UPDATE value = VALUES(value) + VALUES(`entity_id`)',
    );
    for (const text of [
      'INSERT INTO v (a) VALUES (1) ON DUPLICATE KEY UPDATE a = VALUES(a)',
      'INSERT INTO v (a) VALUES (1) AS new (x) ON DUPLICATE KEY UPDATE a = new.x',
      'SELECT new.a FROM (SELECT 1 AS a) AS new',
    ]) {
      expect(withoutRowAlias(text)).toBe(text);
    }
  });
});

describe('table names written in another case than the structure defines them', () => {
  const tables = definedTables(
    splitStatements(
      `CREATE TABLE IF NOT EXISTS shop.account (userid INT, account INT);
CREATE TABLE \`Sys_User\` (user_id INT, dept_id INT);
CREATE OR REPLACE ALGORITHM=MERGE VIEW active_user AS SELECT * FROM Sys_User;
CREATE INDEX account_userid ON account (userid);`,
      'mysql',
    ),
  );
  const asDefined = (text: string, names = tables) => withTableNamesAsDefined(text, names);

  it('are the tables and views the structure creates, as written', () => {
    expect(tables).toEqual(['account', 'Sys_User', 'active_user']);
  });

  it('are written as defined in a table place and as a column qualifier, keeping every position', () => {
    const text = `SELECT ACCOUNT.userid, SYS_USER.*, \`ACTIVE_USER\`.user_id
FROM ACCOUNT, sys_user JOIN Active_User ON Active_User.user_id = SYS_USER.user_id
WHERE ACCOUNT.account IN (SELECT account FROM ACCOUNT)`;
    const { text: out, matched } = asDefined(text);
    expect(out).toBe(`SELECT account.userid, Sys_User.*, \`active_user\`.user_id
FROM account, Sys_User JOIN active_user ON active_user.user_id = Sys_User.user_id
WHERE account.account IN (SELECT account FROM account)`);
    expect([...matched]).toEqual([
      ['ACCOUNT', 'account'],
      ['SYS_USER', 'Sys_User'],
      ['ACTIVE_USER', 'active_user'],
      ['sys_user', 'Sys_User'],
      ['Active_User', 'active_user'],
    ]);
  });

  it('are written as defined in the data changes and the structure statements', () => {
    expect(asDefined('INSERT INTO ACCOUNT (userid) VALUES (1)').text).toBe('INSERT INTO account (userid) VALUES (1)');
    expect(asDefined('UPDATE SYS_USER SET dept_id = 1').text).toBe('UPDATE Sys_User SET dept_id = 1');
    expect(asDefined('DELETE FROM ACCOUNT WHERE userid = 1').text).toBe('DELETE FROM account WHERE userid = 1');
    expect(asDefined('CREATE INDEX i ON ACCOUNT (userid)').text).toBe('CREATE INDEX i ON account (userid)');
    expect(asDefined('ALTER TABLE ACCOUNT ADD INDEX i (userid)').text).toBe('ALTER TABLE account ADD INDEX i (userid)');
    expect(asDefined('CREATE TABLE t (a INT REFERENCES SYS_USER (user_id))').text).toBe(
      'CREATE TABLE t (a INT REFERENCES Sys_User (user_id))',
    );
  });

  it('leave columns, aliases, strings and database qualifiers as written', () => {
    const text = `SELECT ACCOUNT, a.userid, 'ACCOUNT' FROM ACCOUNT.Account a JOIN Sys_User SYS_USER ON SYS_USER.user_id = a.userid`;
    // ACCOUNT.Account is the database ACCOUNT's table Account: only the table is the structure's.
    expect(asDefined(text).text).toBe(
      `SELECT ACCOUNT, a.userid, 'ACCOUNT' FROM ACCOUNT.account a JOIN Sys_User SYS_USER ON SYS_USER.user_id = a.userid`,
    );
    expect(asDefined('SELECT OTHERDB.ACCOUNT.userid FROM OTHERDB.ACCOUNT').text).toBe(
      'SELECT OTHERDB.account.userid FROM OTHERDB.account',
    );
    expect(asDefined('SELECT * FROM INFORMATION_SCHEMA.TABLES').text).toBe('SELECT * FROM INFORMATION_SCHEMA.TABLES');
  });

  it('leave a name two tables share but for case, a name some table has exactly, and unknown names', () => {
    const both = ['a', 'A'];
    expect(asDefined('SELECT a.x FROM a JOIN A ON A.x = a.x', both).matched.size).toBe(0);
    expect(asDefined('SELECT * FROM ACCOUNT', ['account', 'ACCOUNT']).text).toBe('SELECT * FROM ACCOUNT');
    expect(asDefined('SELECT * FROM accounts JOIN nothing n ON n.id = 1').matched.size).toBe(0);
  });
});
