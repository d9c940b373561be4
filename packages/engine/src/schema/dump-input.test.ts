import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSchema } from './parse-schema.ts';

/** Real output of mariadb-dump --no-data and pg_dump --schema-only (fixtures/capture-dumps.sh made them). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const shape = (text: string, dialect: 'mysql' | 'postgresql') =>
  parseSchema(text, dialect).tables.map((t) => ({
    table: t.name,
    keys: t.indexes.map((i) => `${i.primary ? 'PK ' : i.unique ? 'UNIQUE ' : ''}${i.columns.join(',')}`),
  }));

describe('table structure as the dump tools print it', () => {
  it('reads mariadb-dump --no-data: its SET/USE/LOCK noise and the placeholder and final views pass, keys are read', () => {
    expect(shape(fixture('mariadb-dump.sql'), 'mysql')).toEqual([
      { table: 'audit_log', keys: ['PK id'] },
      { table: 'customers', keys: ['PK id', 'UNIQUE login', 'city,created'] },
      // The foreign key on customer_id uses idx_customer: InnoDB makes no index of its own for it.
      { table: 'orders', keys: ['PK id', 'customer_id', 'status,placed', 'note'] },
    ]);
  });

  it('reads pg_dump --schema-only, with owners or without: keys from ALTER TABLE, indexes, psql \\restrict', () => {
    const expected = [
      { table: 'customers', keys: ['UNIQUE email', 'PK id', ''] },
      { table: 'orders', keys: ['PK id', 'customer_id', 'placed'] },
    ];
    expect(shape(fixture('pg-dump.sql'), 'postgresql')).toEqual(expected);
    expect(shape(fixture('pg-dump-owners.sql'), 'postgresql')).toEqual(expected);
  });

  it("reads a plain pg_dump's data section as nothing: COPY blocks to their \\. line and setval calls", () => {
    const dump = [
      'CREATE TABLE public.t (id integer NOT NULL, s text);',
      'ALTER TABLE ONLY public.t ADD CONSTRAINT t_pkey PRIMARY KEY (id);',
      'COPY public.t (id, s) FROM stdin;',
      "1\tO'Brien; DROP TABLE t",
      '2\t\\N',
      '\\.',
      "SELECT pg_catalog.setval('public.t_id_seq', 2, true);",
      'CREATE INDEX t_s ON public.t (s);',
    ].join('\n');
    const schema = parseSchema(dump, 'postgresql');
    expect(shape(dump, 'postgresql')).toEqual([{ table: 't', keys: ['PK id', 's'] }]);
    // The planners run the structure without the data, on the lines it was pasted at.
    expect(schema.ddl).not.toMatch(/COPY|O'Brien|setval|\\\./);
    expect(schema.ddl.split('\n')[7]).toBe('CREATE INDEX t_s ON public.t (s);');
    // As with mysqldump's INSERT rows, the skipped rows are counted and named, in both languages.
    expect(schema.notes).toHaveLength(1);
    expect(schema.notes![0]!.en).toContain('2 row(s) in 1 COPY statement(s) (public.t)');
    expect(schema.notes![0]!.zh).toContain('1 条 COPY 语句中的 2 行（public.t）');
    // Sequence values alone are no data worth a note; plain DDL has none.
    expect(
      parseSchema("CREATE TABLE t (a int);\nSELECT pg_catalog.setval('t_a_seq', 2, true);", 'postgresql').notes,
    ).toBeUndefined();
    expect(parseSchema('CREATE TABLE t (a int);', 'postgresql').notes).toBeUndefined();
  });

  it('reads a mysqldump with its data: the INSERT rows are skipped, counted and named in a note, in both languages', () => {
    const dump = [
      '-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)',
      'CREATE TABLE `orders` (`id` int NOT NULL, `note` varchar(20), `raw` blob, PRIMARY KEY (`id`));',
      'LOCK TABLES `orders` WRITE;',
      '/*!40000 ALTER TABLE `orders` DISABLE KEYS */;',
      "INSERT INTO `orders` VALUES (1,'it\\'s; DROP TABLE x',_binary 0x41),(2,NULL,-1.5e3),",
      "(3,'x',X'00');",
      '/*!40000 ALTER TABLE `orders` ENABLE KEYS */;',
      'UNLOCK TABLES;',
      "INSERT IGNORE INTO shop.`customers` (`id`, `name`) VALUES (7,'Ann');",
      'CREATE INDEX orders_note ON `orders` (`note`);',
    ].join('\n');
    const schema = parseSchema(dump, 'mysql');
    expect(shape(dump, 'mysql')).toEqual([{ table: 'orders', keys: ['PK id', 'note'] }]);
    expect(schema.ddl).not.toMatch(/INSERT|DROP TABLE x|Ann/);
    // Lines stay where they were pasted, so the planners' errors point at the input.
    expect(schema.ddl.split('\n')[9]).toBe('CREATE INDEX orders_note ON `orders` (`note`);');
    expect(schema.notes).toHaveLength(1);
    expect(schema.notes![0]!.en).toContain('4 row(s) in 2 INSERT statement(s) (orders, shop.customers)');
    expect(schema.notes![0]!.zh).toContain('2 条 INSERT 语句中的 4 行');
    // Without data there is nothing to say.
    expect(parseSchema('CREATE TABLE t (a int);', 'mysql').notes).toBeUndefined();
  });

  it('refuses a COPY that is no dump data block, and a query that is no setval call, where they are', () => {
    for (const text of [
      'CREATE TABLE t (a int);\nCOPY t (a) FROM stdin;\n1',
      "CREATE TABLE t (a int);\nCOPY t FROM '/etc/passwd';",
      "CREATE TABLE t (a int);\nSELECT setval('s', 1), pg_sleep(10);",
    ]) {
      expect(() => parseSchema(text, 'postgresql'), text).toThrow(/accepts only CREATE TABLE/);
      try {
        parseSchema(text, 'postgresql');
      } catch (error) {
        expect((error as { detail: { line: number } }).detail.line).toBe(2);
      }
    }
  });

  it('skips data that is no dump row as a data step (data-steps.ts), never evaluated, with its line', () => {
    for (const [text, dialect] of [
      ['CREATE TABLE t (a int);\nINSERT INTO t SELECT 1;', 'mysql'],
      ['CREATE TABLE t (a int);\nINSERT INTO t VALUES (1), (SLEEP(10));', 'mysql'],
      ['CREATE TABLE t (a int);\nINSERT INTO t VALUES (1), (pg_sleep(10));', 'postgresql'],
    ] as const) {
      const schema = parseSchema(text, dialect);
      expect(schema.ddl, text).not.toMatch(/INSERT|SLEEP/i);
      expect(schema.notes?.map((n) => n.en)).toEqual([
        expect.stringMatching(/^1 data change \(INSERT t line 2\) in the table structure was not run/),
      ]);
    }
  });

  it('still refuses what is no structure, naming what is accepted', () => {
    for (const [text, dialect] of [
      ['CREATE TABLE t (a int);\nCALL refresh_totals();', 'postgresql'],
      ['CREATE TABLE t (a int);\nINSERT INTO t;', 'mysql'],
      ['CREATE TABLE t (a int);\nSELECT * INTO u FROM t;', 'postgresql'],
      ["CREATE TABLE t (a int);\nCOPY t TO PROGRAM 'cat /etc/passwd';", 'postgresql'],
      ['CREATE TABLE t (a int);\nCREATE RULE r AS ON SELECT TO t DO INSTEAD SELECT 1;', 'postgresql'],
      ['CREATE TABLE t (a int);\nCREATE SCHEMA s CREATE VIEW v AS SELECT 1;', 'postgresql'],
      ["CREATE TABLE t (a int);\nCREATE USER evil IDENTIFIED BY 'x';", 'mysql'],
    ] as const) {
      expect(() => parseSchema(text, dialect), text).toThrow(/accepts only CREATE TABLE, CREATE INDEX, ALTER TABLE/);
      try {
        parseSchema(text, dialect);
      } catch (error) {
        expect((error as { detail: { line: number } }).detail.line).toBe(2);
      }
    }
  });
});
