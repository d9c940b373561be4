import { describe, expect, it } from 'vitest';
import { loadRuleFixtures } from '../../../../test-support/rule-fixtures.ts';
import { analyze, firstStatementError } from '../analyze/analyze.ts';
import { statementRules } from './registry.ts';

const fixtures = loadRuleFixtures();
const { cases } = fixtures;
const exampleSchema = fixtures.schemas.get('example')!;

/**
 * Fixture-driven (each rule's `<rule-id>.sql` beside it, read by test-support/rule-fixtures.ts): each case is a
 * statement, its dialect, an optional schema, how many times the rule must match (0 for the negative cases) and,
 * for a rewrite, the statement after its step. Every rule has at least one positive and one negative case.
 */
describe('statement rules', () => {
  it.each(cases)('$rule ($matches) on: $sql', ({ rule, sql, dialect, schema, matches, after, source }) => {
    const analysis = analyze({ sql, dialect, schemaText: schema ?? null, dataChanges: 'analyze' });
    const statement = analysis.statements[0]!;
    // A case the parser refuses would pass a `matches: 0` by reading nothing.
    expect(statement.error?.message, source).toBeUndefined();
    expect(
      statement.findings.filter((f) => f.id === rule),
      source,
    ).toHaveLength(matches);
    const step = statement.steps.find((s) => s.rule.id === rule);
    expect(step?.after, source).toBe(after);
  });

  it.each(statementRules.map((rule) => ({ id: rule.id, rule })))(
    '$id: its documented example behaves as documented',
    ({ rule }) => {
      const dialect = rule.dialects[0]!;
      const count = (sql: string) =>
        analyze({ sql, dialect, schemaText: exampleSchema, dataChanges: 'analyze' }).statements[0]!.findings.filter(
          (f) => f.id === rule.id,
        ).length;
      expect(count(rule.example.bad), rule.example.bad).toBeGreaterThan(0);
      if (rule.example.good) expect(count(rule.example.good), rule.example.good).toBe(0);
    },
  );

  it('has fixtures only for statement rules', () => {
    const ids = new Set(statementRules.map((rule) => rule.id));
    expect(
      [...fixtures.cases, ...fixtures.equivalenceCases].filter((c) => !ids.has(c.rule)).map((c) => c.source),
    ).toEqual([]);
  });

  it('runs each case that must match, and each equivalence case, in a dialect of its rule', () => {
    const dialects = new Map(statementRules.map((rule) => [rule.id, rule.dialects as readonly string[]]));
    expect(
      [...fixtures.cases.filter((c) => c.matches > 0), ...fixtures.equivalenceCases]
        .filter((c) => !dialects.get(c.rule)?.includes(c.dialect))
        .map((c) => c.source),
    ).toEqual([]);
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

describe('a statement that does not parse', () => {
  it('gets its 4202 with position, the others are analyzed, and text-level rules still look at it', () => {
    const sql = `SELECT c_name FROM customer WHERE c_name = '\${name}' ORDER BY BY;\nSELECT * FROM customer`;
    const analysis = analyze({ sql, dialect: 'mysql', schemaText: exampleSchema });
    const [broken, fine] = analysis.statements;
    expect(broken!.error?.code).toBe(4202);
    expect(broken!.error?.detail.line).toBe(1);
    expect(broken!.findings.map((f) => f.id)).toEqual(['template-placeholder-in-string']);
    expect(broken!.steps).toEqual([]);
    expect(fine!.error).toBeUndefined();
    expect(fine!.findings.map((f) => f.id)).toContain('select-star');
    const refused = firstStatementError(analysis);
    expect(refused?.code).toBe(4202);
    expect(refused?.findings.map((f) => f.id)).toEqual(['template-placeholder-in-string']);
  });
});
