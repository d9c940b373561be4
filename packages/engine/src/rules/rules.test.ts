import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.ts';
import { statementRules } from './registry.ts';

/**
 * Fixture-driven: each case names a rule, a statement, an optional schema, and how many times the rule
 * must match (0 for the negative cases). Every rule has at least one of each.
 */
interface Case {
  rule: string;
  sql: string;
  dialect?: Dialect;
  schema?: string;
  matches: number;
  /** For rewrites: the statement after this rule's step. */
  after?: string;
}

const ordersSchema = `CREATE TABLE orders (o_orderkey INT NOT NULL PRIMARY KEY, o_custkey INT, o_orderdate DATE NOT NULL, o_clerk VARCHAR(15));
CREATE TABLE customer (c_custkey INT NOT NULL PRIMARY KEY, c_name VARCHAR(25), c_phone VARCHAR(15) NOT NULL);`;

const cases: Case[] = [
  { rule: 'select-star', sql: 'SELECT * FROM orders', matches: 1 },
  { rule: 'select-star', sql: 'SELECT o.* FROM orders o', matches: 1 },
  { rule: 'select-star', sql: 'SELECT o_orderkey FROM orders WHERE EXISTS (SELECT * FROM customer)', matches: 0 },
  { rule: 'leading-wildcard-like', sql: "SELECT 1 FROM customer WHERE c_name LIKE '%Smith'", matches: 1 },
  { rule: 'leading-wildcard-like', sql: "SELECT 1 FROM customer WHERE c_name LIKE 'Smith%'", matches: 0 },
  { rule: 'leading-wildcard-like', sql: "SELECT 1 FROM t WHERE a ILIKE '_x'", dialect: 'postgresql', matches: 1 },
  { rule: 'order-by-random', sql: 'SELECT 1 FROM t ORDER BY RAND() LIMIT 1', matches: 1 },
  { rule: 'order-by-random', sql: 'SELECT 1 FROM t ORDER BY random() LIMIT 1', dialect: 'postgresql', matches: 1 },
  { rule: 'order-by-random', sql: 'SELECT 1 FROM t ORDER BY a LIMIT 1', matches: 0 },
  { rule: 'large-offset', sql: 'SELECT a FROM t ORDER BY a LIMIT 10 OFFSET 50000', matches: 1 },
  { rule: 'large-offset', sql: 'SELECT a FROM t ORDER BY a LIMIT 50000, 10', matches: 1 },
  { rule: 'large-offset', sql: 'SELECT a FROM t ORDER BY a LIMIT 10 OFFSET 20', matches: 0 },
  { rule: 'cartesian-join', sql: 'SELECT 1 FROM orders o, customer c WHERE o.o_orderkey = 1', matches: 1 },
  { rule: 'cartesian-join', sql: 'SELECT 1 FROM orders o, customer c WHERE o.o_custkey = c.c_custkey', matches: 0 },
  { rule: 'cartesian-join', sql: 'SELECT 1 FROM orders o CROSS JOIN customer c', matches: 0 },
  // Unqualified columns: without a schema the link cannot be placed, so the rule stays silent...
  { rule: 'cartesian-join', sql: 'SELECT 1 FROM orders, customer WHERE o_custkey = c_custkey', matches: 0 },
  // ...and with one it places them.
  {
    rule: 'cartesian-join',
    sql: 'SELECT 1 FROM orders, customer WHERE o_custkey = c_custkey',
    schema: ordersSchema,
    matches: 0,
  },
  {
    rule: 'cartesian-join',
    sql: 'SELECT 1 FROM orders, customer WHERE o_custkey = o_orderkey',
    schema: ordersSchema,
    matches: 1,
  },
  { rule: 'function-on-column', sql: "SELECT 1 FROM customer WHERE LOWER(c_name) = 'bob'", matches: 1 },
  { rule: 'function-on-column', sql: 'SELECT 1 FROM orders WHERE o_custkey + 1 = 10', matches: 1 },
  { rule: 'function-on-column', sql: "SELECT 1 FROM customer WHERE c_name = LOWER('Bob')", matches: 0 },
  { rule: 'function-on-column', sql: 'SELECT 1 FROM orders WHERE YEAR(o_orderdate) = 1995', matches: 0 },
  {
    rule: 'implicit-conversion',
    sql: 'SELECT 1 FROM customer WHERE c_phone = 123',
    schema: ordersSchema,
    matches: 1,
  },
  {
    rule: 'implicit-conversion',
    sql: "SELECT 1 FROM customer WHERE c_phone = '123'",
    schema: ordersSchema,
    matches: 0,
  },
  {
    rule: 'implicit-conversion',
    sql: 'SELECT 1 FROM customer WHERE c_custkey = 123',
    schema: ordersSchema,
    matches: 0,
  },
  {
    rule: 'not-in-subquery',
    sql: 'SELECT 1 FROM orders WHERE o_custkey NOT IN (SELECT c_custkey FROM customer)',
    matches: 1,
  },
  {
    rule: 'not-in-subquery',
    sql: 'SELECT 1 FROM orders WHERE o_custkey IN (SELECT c_custkey FROM customer)',
    matches: 0,
  },
  { rule: 'update-without-where', sql: 'UPDATE orders SET o_clerk = NULL', matches: 1 },
  { rule: 'update-without-where', sql: 'UPDATE orders SET o_clerk = NULL WHERE o_orderkey = 1', matches: 0 },
  {
    rule: 'subquery-distinct',
    sql: 'SELECT 1 FROM orders WHERE o_custkey IN (SELECT DISTINCT c_custkey FROM customer ORDER BY c_custkey DESC)',
    matches: 1,
    after: 'SELECT 1 FROM orders WHERE o_custkey IN (SELECT c_custkey FROM customer)',
  },
  {
    rule: 'subquery-distinct',
    sql: 'SELECT 1 FROM orders o WHERE EXISTS (SELECT DISTINCT 1 FROM customer c WHERE c.c_custkey = o.o_custkey)',
    matches: 1,
    after: 'SELECT 1 FROM orders o WHERE EXISTS (SELECT 1 FROM customer c WHERE c.c_custkey = o.o_custkey)',
  },
  // ORDER BY with LIMIT decides which rows are in: it must stay (PostgreSQL allows it in IN).
  {
    rule: 'subquery-distinct',
    sql: 'SELECT 1 FROM orders WHERE o_custkey IN (SELECT c_custkey FROM customer ORDER BY c_name LIMIT 5)',
    dialect: 'postgresql',
    matches: 0,
  },
  { rule: 'subquery-distinct', sql: 'SELECT DISTINCT o_custkey FROM orders', matches: 0 },
  {
    rule: 'year-to-range',
    sql: 'SELECT 1 FROM orders WHERE YEAR(o_orderdate) = 1995 AND o_custkey = 7',
    schema: ordersSchema,
    matches: 1,
    after: "SELECT 1 FROM orders WHERE o_orderdate >= '1995-01-01' AND o_orderdate < '1996-01-01' AND o_custkey = 7",
  },
  {
    rule: 'year-to-range',
    sql: 'SELECT 1 FROM orders WHERE o_custkey = 7 OR 1995 < YEAR(o_orderdate)',
    schema: ordersSchema,
    matches: 1,
    after: "SELECT 1 FROM orders WHERE o_custkey = 7 OR o_orderdate >= '1996-01-01'",
  },
  {
    rule: 'year-to-range',
    sql: 'SELECT 1 FROM orders WHERE o_custkey = 7 OR YEAR(o_orderdate) = 1995',
    schema: ordersSchema,
    matches: 1,
    after: "SELECT 1 FROM orders WHERE o_custkey = 7 OR (o_orderdate >= '1995-01-01' AND o_orderdate < '1996-01-01')",
  },
  {
    rule: 'year-to-range',
    sql: 'SELECT 1 FROM orders WHERE EXTRACT(YEAR FROM o_orderdate) <= 1995',
    dialect: 'postgresql',
    schema: ordersSchema,
    matches: 1,
    after: "SELECT 1 FROM orders WHERE o_orderdate < '1996-01-01'",
  },
  // A string column that merely holds dates compares differently: reported, never rewritten.
  { rule: 'year-to-range', sql: 'SELECT 1 FROM orders WHERE YEAR(o_clerk) = 1995', schema: ordersSchema, matches: 1 },
  { rule: 'year-to-range', sql: 'SELECT 1 FROM orders WHERE o_orderdate = 1995', schema: ordersSchema, matches: 0 },
];

describe('statement rules', () => {
  it.each(cases)('$rule ($matches) on: $sql', ({ rule, sql, dialect = 'mysql', schema, matches, after }) => {
    const analysis = analyze({ sql, dialect, schemaText: schema ?? null });
    const statement = analysis.statements[0]!;
    expect(statement.findings.filter((f) => f.id === rule)).toHaveLength(matches);
    const step = statement.steps.find((s) => s.rule.id === rule);
    expect(step?.after).toBe(after);
  });

  it('has a positive and a negative case for every rule, and bilingual texts', () => {
    for (const rule of statementRules) {
      expect(
        cases.some((c) => c.rule === rule.id && c.matches > 0),
        `${rule.id} positive`,
      ).toBe(true);
      expect(
        cases.some((c) => c.rule === rule.id && c.matches === 0),
        `${rule.id} negative`,
      ).toBe(true);
      for (const text of [rule.title, rule.rationale]) {
        expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
        expect(text.en).toMatch(/[a-z]/);
      }
    }
  });

  it('locates findings in the whole input, not just the statement', () => {
    const analysis = analyze({ sql: '\n\nSELECT 1;\n  SELECT * FROM t', dialect: 'mysql' });
    const star = analysis.statements[1]!.findings.find((f) => f.id === 'select-star');
    expect(star?.span).toEqual({ line: 4, column: 10, length: 1 });
  });
});

describe('subquery-distinct on PostgreSQL, whose grammar gives subqueries no location', () => {
  it('still finds the subquery by its parenthesis', () => {
    const analysis = analyze({
      sql: 'SELECT 1 FROM o WHERE a IN (SELECT DISTINCT c FROM cu ORDER BY c) AND EXISTS (SELECT DISTINCT 1 FROM x)',
      dialect: 'postgresql',
    });
    expect(analysis.statements[0]!.steps[0]?.after).toBe(
      'SELECT 1 FROM o WHERE a IN (SELECT c FROM cu) AND EXISTS (SELECT 1 FROM x)',
    );
  });
});

describe('text from browser forms (CRLF newlines)', () => {
  it('reads statistics lines and positions as with LF', () => {
    const schema =
      'CREATE TABLE a (x INT PRIMARY KEY);\r\nCREATE TABLE b (y INT);\r\n-- sqltune:stats a rows=500\r\n-- sqltune:stats b rows=7\r\n';
    const analysis = analyze({ sql: 'SELECT 1;\r\nSELECT * FROM a', dialect: 'mysql', schemaText: schema });
    expect(analysis.schema.tables.map((t) => t.statistics?.rows)).toEqual([500, 7]);
    expect(analysis.statements[1]!.findings.find((f) => f.id === 'select-star')?.span).toEqual({
      line: 2,
      column: 8,
      length: 1,
    });
  });
});
