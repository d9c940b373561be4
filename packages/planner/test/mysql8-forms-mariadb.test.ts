/**
 * The MySQL 8 queries of the grammar corpus (`@mysql8`: syntax MariaDB 10.11 refuses) planned by the MariaDB sandbox:
 * the forms mysql8-forms.ts writes as MariaDB's are planned; the rest, which have no exact MariaDB writing, are refused
 * with an error placed in the statement (a function MariaDB has not is named as such, not as a denied routine).
 */
import { readFileSync } from 'node:fs';
import type { StatementReport } from '@sqltune/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grammarCases, setupFile } from '../../../test-support/grammar/corpus.ts';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { availablePlanners, shutdownPlanners } from '../src/backends.ts';
import { optimize } from '../src/optimize.ts';

/** The MySQL 8 forms with no exact MariaDB writing, by the start of their statement. */
const NOT_WRITABLE = [
  'SELECT c.name, last.total FROM customers c, LATERAL', // LATERAL derived tables
  'SELECT c.name, s.n FROM customers c LEFT JOIN LATERAL',
  'SELECT country, GROUPING(country)', // GROUPING()
  'SELECT id, LEAD(total, 1, 0)', // LEAD/LAG with a default
  'SELECT id, COUNT(*) OVER (ORDER BY created_at RANGE BETWEEN INTERVAL', // RANGE with an INTERVAL offset
  'SELECT CAST(2024 AS YEAR)', // CAST ... AS YEAR
  'SELECT BIN_TO_UUID(', // BIN_TO_UUID, UUID_TO_BIN
  'WITH big AS', // a WITH before UPDATE
];

describe.runIf(serviceAvailable('MariaDB', mariadbBinary))('MySQL 8 queries on the MariaDB sandbox', () => {
  const cases = grammarCases('mysql').filter(
    (c) =>
      c.only?.tag === 'mysql8' &&
      /^(?:SELECT|TABLE|WITH|\()/i.test(c.sql.trimStart()) &&
      // The web app's refusal of INSERT and DELETE holds here: those are the CLI's (cli tests).
      !/^WITH\b[\s\S]*\b(?:DELETE|INSERT|REPLACE)\b/i.test(c.sql),
  );
  const reports = new Map<string, StatementReport>();

  beforeAll(async () => {
    const schemaText = readFileSync(setupFile('mysql'), 'utf8');
    const planners = await availablePlanners();
    for (const grammarCase of cases) {
      const report = await optimize(
        { sql: grammarCase.sql, dialect: 'mysql', schemaText },
        { planners, engineVersion: 'test', statementErrors: 'report' },
      );
      reports.set(grammarCase.sql, report.statements[0]!);
    }
  }, 300_000);

  afterAll(async () => {
    await shutdownPlanners();
  });

  it('plans every form with an exact MariaDB writing', () => {
    const unplanned = cases
      .filter((c) => !NOT_WRITABLE.some((start) => c.sql.startsWith(start)))
      .filter((c) => !reports.get(c.sql)?.plan.before)
      .map((c) => `mysql.sql:${c.line} ${c.sql.slice(0, 60)}: ${reports.get(c.sql)?.errors[0]?.message.en}`);
    expect(unplanned).toEqual([]);
    // Derived column lists, FOR SHARE, FOR UPDATE OF, TABLE (twice), window defaults, REGEXP_LIKE, a 0900 collation,
    // ANY_VALUE, the JSON operators and MEMBER OF.
    expect(cases.length - NOT_WRITABLE.length).toBeGreaterThanOrEqual(11);
  });

  it('says which collation a MySQL 8 collation in the statement was planned with', () => {
    const collated = [...reports].find(([sql]) => sql.includes('utf8mb4_0900_ai_ci'))![1];
    expect(collated.plan.before!.root.warnings.map((w) => w.en).join('\n')).toContain(
      'utf8mb4_0900_ai_ci → utf8mb4_unicode_520_ci',
    );
  });

  it('refuses the others with an error placed in the statement, naming a function MariaDB has not', () => {
    for (const start of NOT_WRITABLE) {
      const statement = [...reports].find(([sql]) => sql.startsWith(start))?.[1];
      expect(statement, start).toBeDefined();
      expect(statement!.plan.before, start).toBeNull();
      expect(statement!.errors[0], start).toMatchObject({ line: 1, column: expect.any(Number) });
    }
    const grouping = [...reports].find(([sql]) => sql.startsWith('SELECT country, GROUPING('))![1].errors[0]!;
    expect(grouping.message.en).toContain('(MariaDB 10.11, which plans MySQL statements here, has no such function)');
    expect(grouping.message.en).toContain('FUNCTION GROUPING does not exist (error 1305)');
    expect(grouping.message.zh).toContain('MariaDB 10.11 没有这个函数');
    expect(grouping.message.en).not.toContain('denied');
    expect(grouping.column).toBe('SELECT country, '.length + 1);
  });
});
