import { describe, expect, it } from 'vitest';
import { extractLiterals, lineColumnAt, splitStatements, tokenize, topLevelOrderBy } from '../sql-text.ts';
import { classifyDdl, whatIfIndexOf, withoutDefiner } from './ddl.ts';
import { errorOffsetInSent } from './errors.ts';
import { substituteParameters, tableAliases } from './sql-text.ts';
import { mysqlValue } from './verify.ts';

describe('MySQL lexer', () => {
  it('splits a mysqldump-style script at top-level semicolons, keeping offsets', () => {
    const script = `/*!40101 SET NAMES utf8mb4 */;
-- a comment; with a semicolon
# another one;
CREATE TABLE \`a;b\` (x varchar(10) DEFAULT 'it''s; \\'fine\\'', y int COMMENT "c;d");
DROP TABLE IF EXISTS t;`;
    const statements = splitStatements(script, 'mysql');
    expect(statements).toHaveLength(3);
    expect(statements[0].tokens.map((t) => t.value)).toEqual(['SET', 'NAMES', 'UTF8MB4']);
    expect(statements[1].tokens[0].value).toBe('CREATE');
    expect(statements[1].tokens[2]).toMatchObject({ kind: 'qident', value: 'a;b' });
    expect(statements[1].tokens.find((t) => t.kind === 'string')?.value).toBe("it's; 'fine'");
    expect(lineColumnAt(script, statements[1].firstTokenStart, 'mysql')).toEqual({ line: 4, column: 1 });
  });

  it('reads quotes and comments as MariaDB does: backslash escapes, # comments, executable comments', () => {
    const words = (sql: string) => splitStatements(sql, 'mysql').map((s) => s.tokens[0]?.value);
    // A backslash escapes the quote in both string quotes; a backquoted name has no escapes.
    expect(words("SELECT 'a\\'; DROP TABLE t'; SELECT 1")).toEqual(['SELECT', 'SELECT']);
    expect(words('SELECT "a\\"; DROP TABLE t"; SELECT 1')).toEqual(['SELECT', 'SELECT']);
    expect(words('SELECT `a\\`; DROP TABLE t')).toEqual(['SELECT', 'DROP']);
    // `#{` is a comment to the server (the engine reads it as a MyBatis parameter only in mapper SQL): the quote
    // after it hides nothing.
    expect(words("SELECT 1 #{'\nDROP TABLE t")).toEqual(['SELECT']);
    expect(tokenize("SELECT 1 #{'\nDROP TABLE t", 'mysql').map((t) => t.text)).toEqual([
      'SELECT',
      '1',
      'DROP',
      'TABLE',
      't',
    ]);
    // Executable comments are code, whatever their version, but for 999999 (no server's); others do not nest.
    expect(words('/*!50001 DROP TABLE t */; /*M!100100 SELECT 1 */')).toEqual(['DROP', 'SELECT']);
    expect(words('/*M!999999\\- enable the sandbox mode */ SELECT 1')).toEqual(['SELECT']);
    expect(words('/* a /* b */ DROP TABLE t')).toEqual(['DROP']);
    // A quoted user variable name is one token with the quotes.
    expect(tokenize("SET @'my;var' = 1", 'mysql').map((t) => t.text)).toEqual(['SET', "@'my;var'", '=', '1']);
  });

  it('treats -- without a blank as an operator, not a comment', () => {
    expect(tokenize('SELECT 1--1', 'mysql').map((t) => t.text)).toEqual(['SELECT', '1', '-', '-', '1']);
  });

  it('finds literals, a top-level ORDER BY and aliases', () => {
    expect(extractLiterals("SELECT * FROM t WHERE a = -5 AND d >= '1995-01-01'", 'mysql')).toEqual([
      { kind: 'number', value: '-5' },
      { kind: 'string', value: '1995-01-01' },
    ]);
    const order = topLevelOrderBy(
      'SELECT a, b FROM t WHERE x IN (SELECT y FROM u ORDER BY y) ORDER BY t.a DESC, 2 LIMIT 5',
      'mysql',
    );
    expect(order).toEqual({
      ordered: true,
      limited: true,
      keys: [
        { kind: 'name', name: 'a', descending: true },
        { kind: 'position', position: 2, descending: false },
      ],
    });
    expect(topLevelOrderBy('SELECT GROUP_CONCAT(a ORDER BY a) FROM t', 'mysql').ordered).toBe(false);
    const aliases = tableAliases('SELECT * FROM orders o JOIN customer AS c ON c.k = o.k, nation WHERE 1 = 1');
    expect(aliases.get('o')).toBe('orders');
    expect(aliases.get('c')).toBe('customer');
    expect(aliases.get('nation')).toBe('nation');
  });

  it('replaces ? parameters by literals of the compared column type', () => {
    const types: Record<string, string> = { o_orderdate: 'date', o_custkey: 'int', o_comment: 'varchar' };
    const r = substituteParameters(
      'SELECT * FROM orders WHERE o_orderdate >= ? AND o_custkey IN (?, ?) AND o_comment LIKE ? LIMIT ?',
      (c) => types[c],
    );
    expect(r.count).toBe(5);
    expect(r.text).toBe(
      "SELECT * FROM orders WHERE o_orderdate >= '2024-01-01' AND o_custkey IN (2, 3) AND o_comment LIKE 'd' LIMIT 10",
    );
  });
});

describe('MySQL DDL rules', () => {
  const decide = (sql: string) => classifyDdl(tokenize(sql, 'mysql'));

  it('runs table structure statements and skips dump noise', () => {
    expect(decide('CREATE TABLE t (a int)')).toMatchObject({ action: 'run', table: 't' });
    expect(decide('CREATE UNIQUE INDEX i ON t (a)')).toMatchObject({ action: 'run', table: 't' });
    expect(decide('ALTER TABLE t ADD INDEX i (a), ADD CONSTRAINT fk FOREIGN KEY (a) REFERENCES u (b)')).toMatchObject({
      action: 'run',
    });
    expect(decide('/*!40000 ALTER TABLE `t` DISABLE KEYS */').action).toBe('skip');
    expect(decide('/*!40101 SET @saved_cs_client = @@character_set_client */').action).toBe('skip');
    expect(decide('LOCK TABLES `t` WRITE').action).toBe('skip');
    // Sakila's script starts DROP SCHEMA IF EXISTS sakila; CREATE SCHEMA sakila; USE sakila;
    expect(decide('DROP SCHEMA IF EXISTS sakila').action).toBe('skip');
    expect(decide('DROP DATABASE IF EXISTS `employees`').action).toBe('skip');
    // employees.sql prints messages and flushes logs between its tables.
    expect(decide("SELECT 'CREATING DATABASE STRUCTURE' as 'INFO'").action).toBe('skip');
    expect(decide('flush /*!50503 binary */ logs').action).toBe('skip');
  });

  it("runs a migration history's later steps in the session's database (the server refuses any other)", () => {
    for (const sql of [
      'DROP TABLE IF EXISTS `t`',
      'DROP TABLE t, u',
      'DROP INDEX i ON t',
      'DROP VIEW v',
      'RENAME TABLE a TO b, c TO d',
      'ALTER TABLE t RENAME TO u',
      'ALTER TABLE t RENAME COLUMN a TO b, RENAME INDEX i TO j, ALGORITHM=INPLACE, LOCK=NONE',
    ])
      expect(decide(sql).action, sql).toBe('run');
  });

  it('rejects data, routines and copies', () => {
    expect(decide('INSERT INTO t VALUES (1)').action).toBe('reject');
    expect(decide('CREATE TABLE t AS SELECT 1').action).toBe('reject');
    expect(decide('CREATE TRIGGER x BEFORE INSERT ON t FOR EACH ROW SET @a = 1').action).toBe('reject');
    expect(decide('ALTER TABLE t DISCARD TABLESPACE').action).toBe('reject');
    expect(decide('DROP SEQUENCE s').action).toBe('reject');
    expect(decide('DROP USER evil').action).toBe('reject');
    expect(decide('DROP SCHEMA sakila').action).toBe('reject');
    expect(decide('SELECT a FROM t').action).toBe('reject');
    expect(decide("SELECT 'x' INTO OUTFILE '/tmp/x'").action).toBe('reject');
  });

  it('turns a what-if CREATE INDEX into ALTER TABLE ADD INDEX and drops a view DEFINER', () => {
    const sql = 'CREATE INDEX idx_c ON orders (o_custkey, o_orderdate)';
    expect(whatIfIndexOf(sql, tokenize(sql, 'mysql'))).toEqual({
      sql: 'ALTER TABLE `orders` ADD INDEX `idx_c` (o_custkey, o_orderdate)',
      table: 'orders',
      name: 'idx_c',
    });
    const alter = 'ALTER TABLE orders ADD KEY (o_custkey)';
    expect(whatIfIndexOf(alter, tokenize(alter, 'mysql'))?.table).toBe('orders');
    expect(whatIfIndexOf('DROP INDEX i ON t', tokenize('DROP INDEX i ON t', 'mysql'))).toBeUndefined();
    const view = 'CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW v AS SELECT 1';
    expect(withoutDefiner(view, tokenize(view, 'mysql')).replace(/\s+/g, ' ')).toBe(
      'CREATE ALGORITHM=UNDEFINED SQL SECURITY DEFINER VIEW v AS SELECT 1',
    );
  });
});

describe('MariaDB error positions', () => {
  it('maps "near ... at line N" and quoted names into the sent text', () => {
    const sent = 'EXPLAIN FORMAT=JSON SELECT *\nFROM orders\nWHER o_custkey = 1';
    const message =
      "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near 'o_custkey = 1' at line 3";
    expect(errorOffsetInSent(message, sent)).toBe(sent.indexOf('o_custkey = 1'));
    expect(errorOffsetInSent("Unknown column 'x.nope' in 'WHERE'", 'SELECT a FROM t x WHERE x.nope = 1')).toBe(26);
  });

  it('writes generated values as MySQL literals', () => {
    expect(mysqlValue("'it''s \\x'::__sqltune_type__")).toBe("'it''s \\\\x'");
    expect(mysqlValue('NULL::__sqltune_type__')).toBe('NULL');
    expect(mysqlValue('true::__sqltune_type__')).toBe('TRUE');
    expect(mysqlValue('-1.50::__sqltune_type__')).toBe('-1.50');
  });
});
