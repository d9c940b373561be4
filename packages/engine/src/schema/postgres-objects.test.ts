import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSchema } from './parse-schema.ts';

const notes = (schema: { notes?: Array<{ en: string; zh: string }> }) => schema.notes ?? [];

describe('composite and range types, collations and text search objects of a PostgreSQL structure', () => {
  it('takes composite types and range types of built-in functions as written, and reads their columns', () => {
    const text = `CREATE TYPE public.address AS (street text, city text);
CREATE TYPE floatrange AS RANGE (subtype = float8, subtype_diff = float8mi);
CREATE TYPE mood AS ENUM ('sad', 'ok');
CREATE TABLE t (id int PRIMARY KEY, home public.address, span floatrange, m mood);`;
    const schema = parseSchema(text, 'postgresql');
    expect(schema.ddl).toBe(text);
    expect(schema.notes).toBeUndefined();
    expect(schema.tables[0]!.columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'INT'],
      ['home', 'ADDRESS'],
      ['span', 'FLOATRANGE'],
      ['m', 'MOOD'],
    ]);
  });

  it('plans a range type naming another function with the built-in range of its subtype, saying so', () => {
    const schema = parseSchema(
      `CREATE TYPE evil AS RANGE (subtype = text, subtype_diff = pg_read_file);
CREATE TYPE ts AS RANGE (subtype = timestamp with time zone, canonical = my_canonical);
CREATE TYPE public.nr AS RANGE (subtype = numeric, subtype_diff = public.float8mi);
CREATE TABLE t (a evil, b ts, c public.nr, d int);`,
      'postgresql',
    );
    expect(schema.ddl).not.toMatch(/CREATE TYPE|pg_read_file|my_canonical/);
    expect(schema.tables[0]!.columns.map((c) => c.type)).toEqual(['TEXT', 'TSTZRANGE', 'NUMRANGE', 'INT']);
    expect(notes(schema)).toEqual([
      {
        en: expect.stringContaining('evil (line 1; columns t.a) as text, ts (line 2; columns t.b) as tstzrange'),
        zh: expect.stringContaining('evil（第 1 行；列 t.a）按 text'),
      },
    ]);
  });

  it('plans collations the sandbox may lack as C (made from C or POSIX) or the default, never refusing them', () => {
    const schema = parseSchema(
      `CREATE COLLATION public.german (provider = icu, locale = 'de-DE');
CREATE COLLATION bytes FROM pg_catalog."C";
CREATE COLLATION posix_copy (lc_collate = 'POSIX', lc_ctype = 'POSIX');
COMMENT ON COLLATION bytes IS 'byte order';
CREATE TABLE t (a text COLLATE public.german, b text COLLATE bytes, c text COLLATE pg_catalog."en_US.utf8",
  d text COLLATE "C", e text COLLATE posix_copy);
CREATE INDEX ia ON t (a COLLATE german text_pattern_ops);`,
      'postgresql',
    );
    expect(schema.ddl).not.toMatch(/german|bytes|en_US|posix_copy|CREATE COLLATION/);
    expect(schema.ddl).toMatch(/a text , b text COLLATE "C", c text ,\n {2}d text COLLATE "C", e text COLLATE "C"\)/);
    expect(schema.tables[0]!.indexes[0]).toMatchObject({ columns: ['a'], keyOptions: ['text_pattern_ops'] });
    expect(notes(schema)[0]!.en).toBe(
      'Collations the sandbox may lack planned as the nearest it has: public.german → the database default, bytes → "C", posix_copy → "C", pg_catalog.en_US.utf8 → the database default (CREATE COLLATION not run: line 1, 2, 3).',
    );
    expect(notes(schema)[0]!.zh).toContain('bytes → "C"');
    expect(parseSchema('CREATE TABLE t (a text COLLATE "C.utf8");', 'postgresql').ddl).toBe(
      'CREATE TABLE t (a text COLLATE "C");',
    );
    // The collations every server has are kept as written, without a note.
    const plain = parseSchema('CREATE TABLE t (a text COLLATE "C", b text COLLATE "POSIX");', 'postgresql');
    expect(plain.notes).toBeUndefined();
    expect(plain.ddl).toContain('COLLATE "POSIX"');
  });

  it('leaves text search objects out, planning a configuration named in an index as the one it copies', () => {
    const schema = parseSchema(
      `CREATE TEXT SEARCH DICTIONARY public.my_dict (TEMPLATE = simple, STOPWORDS = english);
CREATE TEXT SEARCH CONFIGURATION public.my_cfg (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION public.my_cfg ALTER MAPPING FOR asciiword WITH my_dict;
CREATE TEXT SEARCH CONFIGURATION other_cfg (PARSER = default);
CREATE TABLE d (body text, tsv tsvector GENERATED ALWAYS AS (to_tsvector('other_cfg', body)) STORED);
CREATE INDEX d_fts ON d USING gin (to_tsvector('public.my_cfg'::regconfig, body));`,
      'postgresql',
    );
    expect(schema.ddl).not.toMatch(/TEXT SEARCH|my_cfg|other_cfg|my_dict/);
    expect(schema.ddl).toContain("to_tsvector('simple', body)");
    expect(schema.tables[0]!.indexes[0]!.expressions).toEqual(["to_tsvector('english'::regconfig, body)"]);
    expect(notes(schema)[0]!.en).toMatch(
      /public\.my_dict \(line 1\); public\.my_cfg \(line 2, planned as 'english' in 1 place\); other_cfg \(line 4, planned as 'simple' in 1 place\)/,
    );
    // A string that names no configuration taken out is left alone.
    expect(parseSchema("CREATE TABLE d (k text DEFAULT 'my_cfg');", 'postgresql').ddl).toContain("'my_cfg'");
  });

  it('still refuses a base type and a shell type (they need functions of their own)', () => {
    expect(() => parseSchema('CREATE TYPE b (INPUT = b_in, OUTPUT = b_out);', 'postgresql')).toThrow(/accepts only/);
    expect(() => parseSchema('CREATE TYPE shell;', 'postgresql')).toThrow(/accepts only/);
  });
});

describe('pg_dump of a structure with them (fixtures/pg-dump-types.sql, captured from PostgreSQL 15)', () => {
  const dump = readFileSync(new URL('./fixtures/pg-dump-types.sql', import.meta.url), 'utf8');

  it('reads every table and the materialized view, each object planned as its note says', () => {
    const schema = parseSchema(dump, 'postgresql');
    expect(schema.tables.map((t) => t.name)).toEqual(['customers', 'offers', 'offer_counts']);
    expect(schema.tables[0]!.columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'BIGINT'],
      ['name', 'TEXT'],
      ['code', 'TEXT'],
      ['home', 'ADDRESS'],
      ['budget', 'NUMRANGE'],
    ]);
    // pg_dump writes the configuration as its parser and mappings: planned as the language its stemmers are.
    expect(schema.ddl).toContain("to_tsvector('english'::regconfig, COALESCE(body, ''::text))");
    expect(schema.ddl).toContain('code text COLLATE "C"');
    expect(schema.ddl).toContain('CREATE TYPE public.floatrange AS RANGE');
    // (pg_dump's comments name every object: only the statements count.)
    const statements = schema.ddl.replace(/^--.*$/gm, '');
    expect(statements).not.toMatch(/price_diff|pricerange|german|shop_search|english_stem_nostop|TEXT SEARCH/);
    expect(schema.notes?.map((n) => n.en)).toEqual([
      expect.stringMatching(/^1 function \(public\.price_diff line \d+\) in the table structure was not run/),
      expect.stringContaining('public.pricerange (line 79; columns customers.budget) as numrange'),
      expect.stringContaining('public.bytewise → "C", public.german → the database default'),
      expect.stringContaining("public.shop_search (line 103, planned as 'english' in 2 places)"),
    ]);
  });
});
