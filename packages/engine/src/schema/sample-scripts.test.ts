import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSchema } from './parse-schema.ts';

/** Schema scripts of public sample databases, as users paste them (issue 11). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('sample database scripts as table structure', () => {
  it("reads MySQL's employees.sql: its messages, DROP DATABASE, FLUSH LOGS and source lines are noise", () => {
    const schema = parseSchema(fixture('employees-script.sql'), 'mysql');
    expect(schema.tables.map((t) => t.name)).toEqual([
      'employees',
      'departments',
      'dept_manager',
      'dept_emp',
      'titles',
      'salaries',
    ]);
    expect(schema.views).toEqual(['dept_emp_latest_date', 'current_dept_emp']);
  });

  it("reads Sakila's schema script: SET @OLD_..., DROP SCHEMA IF EXISTS, USE, its views", () => {
    const schema = parseSchema(fixture('sakila-schema.sql'), 'mysql');
    expect(schema.tables.map((t) => t.name)).toContain('film_text');
    expect(schema.views).toEqual(['customer_list', 'film_list', 'actor_info']);
  });

  it('still refuses a SELECT that reads a table or writes a file, where it is', () => {
    for (const text of [
      'CREATE TABLE t (a int);\nSELECT a FROM t;',
      "CREATE TABLE t (a int);\nSELECT 'x' INTO OUTFILE '/tmp/x';",
      'CREATE TABLE t (a int);\nSELECT (SELECT COUNT(*) FROM t) AS n;',
    ]) {
      expect(() => parseSchema(text, 'mysql'), text).toThrow(/accepts only CREATE TABLE/);
    }
  });
});
