import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FixtureError,
  loadRuleFixtures,
  parseNamedSchemas,
  parseRuleFixture,
} from '../../../../test-support/rule-fixtures.ts';

/** The reader of the rules' `<rule-id>.sql` fixture files (test-support/rule-fixtures.ts). */
const schemas = new Map([
  ['base', 'CREATE TABLE t (a INT, b VARCHAR(10));'],
  ['extra', 'CREATE TABLE u (c INT);'],
]);
const parse = (text: string) => parseRuleFixture(text, { file: 'r.sql', rule: 'some-rule', schemas });
const failure = (text: string) => {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(FixtureError);
    return (error as Error).message;
  }
  throw new Error('the fixture was read without an error');
};

describe('rule fixture files', () => {
  it('reads metadata, multi-line statements, the after text and verify marks', () => {
    const { cases, equivalenceCases } = parse(`-- A comment that explains the case.
-- dialect: postgresql
-- schema: base extra
-- tables: CREATE INDEX t_a ON t (a);
-- matches: 2
-- verify: true
SELECT a
  -- a comment inside the statement; not its end
FROM t WHERE b = 'x;y' AND b <> '-- z' AND b <> $q$;$q$;
-- after:
SELECT a FROM t;

-- matches: 0
SELECT 1 FROM t WHERE b = 'it''s; -- fine' -- trailing comment;
;

-- dialect: mysql
-- verify: only
SELECT * FROM events WHERE label = "a;b";
`);
    expect(cases).toEqual([
      {
        rule: 'some-rule',
        sql: "SELECT a\n  -- a comment inside the statement; not its end\nFROM t WHERE b = 'x;y' AND b <> '-- z' AND b <> $q$;$q$",
        dialect: 'postgresql',
        schema: 'CREATE TABLE t (a INT, b VARCHAR(10));\nCREATE TABLE u (c INT);\nCREATE INDEX t_a ON t (a);',
        matches: 2,
        after: 'SELECT a FROM t',
        verify: true,
        source: 'r.sql:7',
      },
      {
        rule: 'some-rule',
        sql: "SELECT 1 FROM t WHERE b = 'it''s; -- fine' -- trailing comment;",
        dialect: 'mysql',
        matches: 0,
        verify: false,
        source: 'r.sql:14',
      },
    ]);
    expect(equivalenceCases).toEqual([
      { rule: 'some-rule', sql: cases[0]!.sql, dialect: 'postgresql', source: 'r.sql:7' },
      { rule: 'some-rule', sql: 'SELECT * FROM events WHERE label = "a;b"', dialect: 'mysql', source: 'r.sql:19' },
    ]);
  });

  it('lexes in the case dialect: `#` starts a comment in MySQL, not in PostgreSQL', () => {
    expect(parse('-- matches: 1\nSELECT 1 # 2;\n;').cases[0]!.sql).toBe('SELECT 1 # 2;');
    expect(parse('-- dialect: postgresql\n-- matches: 1\nSELECT 1 # 2;').cases[0]!.sql).toBe('SELECT 1 # 2');
  });

  it('gives a case for each dialect of a `dialect:` list', () => {
    const { cases, equivalenceCases } = parse(
      '-- dialect: mysql postgresql\n-- verify: true\n-- matches: 1\nSELECT 1;',
    );
    expect(cases.map((c) => [c.dialect, c.sql, c.source])).toEqual([
      ['mysql', 'SELECT 1', 'r.sql:4'],
      ['postgresql', 'SELECT 1', 'r.sql:4'],
    ]);
    expect(equivalenceCases.map((c) => c.dialect)).toEqual(['mysql', 'postgresql']);
  });

  it.each([
    ['a missing matches', 'SELECT 1;', "r.sql:1: the case has no '-- matches: <count>'"],
    ['an unknown key', '-- matchs: 1\nSELECT 1;', "r.sql:1: unknown key 'matchs'"],
    ['an unknown schema', '-- schema: base nope\n-- matches: 1\nSELECT 1;', "r.sql:1: unknown schema 'nope'"],
    ['a count that is no number', '-- matches: two\nSELECT 1;', "r.sql:1: matches is a count, not 'two'"],
    ['an unknown dialect', '-- dialect: oracle\n-- matches: 1\nSELECT 1;', "r.sql:1: unknown dialect 'oracle'"],
    ['a key given twice', '-- matches: 1\n-- matches: 2\nSELECT 1;', "r.sql:2: 'matches' given twice"],
    ['a bad verify', '-- matches: 1\n-- verify: yes\nSELECT 1;', "r.sql:2: verify is true, false or only, not 'yes'"],
    ['a statement without its ;', "-- matches: 1\nSELECT 'a;\nFROM t", 'r.sql:2: the statement has no `;`'],
    ['two statements in one case', '-- matches: 1\nSELECT 1; SELECT 2;', 'r.sql:2: text after the `;`'],
    ['an after before any statement', '-- after:\nSELECT 1;', 'r.sql:1: `-- after:` before any statement'],
    [
      'an after with nothing after it',
      '-- matches: 1\nSELECT 1;\n-- after:\n',
      'r.sql:3: `-- after:` without a statement',
    ],
    ['metadata at the end', '-- matches: 1\nSELECT 1;\n\n-- matches: 0\n', 'r.sql:4: metadata without a statement'],
    [
      'a verify-only case with a count',
      '-- verify: only\n-- matches: 1\nSELECT 1;',
      "r.sql:2: a verify-only case runs on the real-data schema and takes no 'matches'",
    ],
    ['an empty statement', '-- matches: 1\n;', 'r.sql:2: an empty statement'],
    [
      'a statement two dialects end apart',
      '-- dialect: mysql postgresql\n-- matches: 1\nSELECT 1 # 2;\n;',
      'r.sql:3: the statement ends differently in mysql and postgresql',
    ],
    [
      'a dialect given twice',
      '-- dialect: mysql mysql\n-- matches: 1\nSELECT 1;',
      'r.sql:1: dialect mysql given twice',
    ],
  ])('refuses %s, naming the file and line', (_, text, message) => {
    expect(failure(text)).toContain(message);
  });

  it('reads named schemas, a description before each, and refuses a malformed schema file', () => {
    const named = parseNamedSchemas(
      '-- File note.\n\n-- schema: a\nCREATE TABLE a (x INT);\n\n-- About b.\n-- schema: b\nCREATE TABLE b (y INT);\n',
      's.sql',
    );
    expect([...named]).toEqual([
      ['a', 'CREATE TABLE a (x INT);'],
      ['b', 'CREATE TABLE b (y INT);'],
    ]);
    expect(() =>
      parseNamedSchemas('-- schema: a\nCREATE TABLE a (x INT);\n-- schema: a\nCREATE TABLE b (y INT);', 's.sql'),
    ).toThrow('s.sql:3: schema a named twice');
    expect(() => parseNamedSchemas('-- schema: a\n-- schema: b\nCREATE TABLE b (y INT);', 's.sql')).toThrow(
      's.sql:1: schema a has no DDL',
    );
    expect(() => parseNamedSchemas('-- table: a\nCREATE TABLE a (x INT);', 's.sql')).toThrow(
      "s.sql:1: unknown key 'table'",
    );
  });
});

describe('loading the fixture files of a rules folder', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  const folder = (files: Record<string, string>) => {
    dir = mkdtempSync(join(tmpdir(), 'rule-fixtures-'));
    mkdirSync(join(dir, 'fixtures'));
    mkdirSync(join(dir, 'families', 'one'), { recursive: true });
    writeFileSync(join(dir, 'fixtures', 'schemas.sql'), '-- schema: base\nCREATE TABLE t (a INT);\n');
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return pathToFileURL(`${dir}/`);
  };

  it('reads each family folder and gives the named schemas', () => {
    const url = folder({
      'families/one/kept.ts': '',
      'families/one/kept.sql': '-- schema: base\n-- matches: 1\nSELECT a FROM t;\n',
    });
    const fixtures = loadRuleFixtures(url);
    expect(fixtures.cases.map((c) => [c.rule, c.schema, c.source.endsWith('families/one/kept.sql:3')])).toEqual([
      ['kept', 'CREATE TABLE t (a INT);', true],
    ]);
  });

  it('refuses a fixture file with no rule beside it', () => {
    const url = folder({ 'families/one/ghost-rule.sql': '-- matches: 0\nSELECT 1;\n' });
    expect(() => loadRuleFixtures(url)).toThrow(
      /families\/one\/ghost-rule\.sql: no rule file ghost-rule\.ts beside it/,
    );
  });
});
