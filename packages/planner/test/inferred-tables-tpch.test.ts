import type { Dialect } from '@sqltune/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusAvailable } from '../../../test-support/corpus.ts';
import { mariadbBinary, serviceAvailable } from '../../../test-support/services.ts';
import { availablePlanners, shutdownPlanners } from '../src/backends.ts';
import { optimize } from '../src/optimize.ts';
import { TPCH_SCHEMA, tpchMysqlSchema, tpchQueries } from '../src/test-support/tpch.ts';

/**
 * Each TPC-H table left out of the structure in turn, each query that reads it optimized (inferred-tables.ts): every
 * query that plans with the whole structure plans without that table. Measured before inference: none of them did
 * (relation does not exist). The structure has no foreign keys, which would name the table left out.
 */

afterAll(async () => {
  await shutdownPlanners();
});

function structure(dialect: Dialect): string {
  const text = dialect === 'mysql' ? tpchMysqlSchema() : TPCH_SCHEMA;
  return text.replace(/\s+REFERENCES \w+ \([\w, ]+\)/g, '').replace(/,\n\s*FOREIGN KEY [^\n]*/g, '');
}

async function errorsOf(dialect: Dialect, sql: string, schemaText: string): Promise<string[]> {
  const planners = await availablePlanners();
  const report = await optimize(
    { sql, dialect, schemaText },
    { planners, engineVersion: 'test', statementErrors: 'report' },
  );
  return report.statements.flatMap((s) => s.errors.map((e) => e.message.en));
}

async function sweep(dialect: Dialect) {
  const whole = structure(dialect);
  const tables = [...whole.matchAll(/CREATE TABLE (\w+) \(/g)].map((m) => m[1]!);
  const failed: string[] = [];
  let pairs = 0;
  for (const query of tpchQueries()) {
    // A query the whole structure does not plan (the corpus's `CAST(... AS STRING)`) says nothing of inference.
    if ((await errorsOf(dialect, query.original, whole)).length > 0) continue;
    for (const table of tables.filter((t) => new RegExp(`\\b${t}\\b`).test(query.original))) {
      const without = whole.replace(new RegExp(`CREATE TABLE ${table} \\([\\s\\S]*?\\n\\)[^;]*;`), '');
      expect(without).not.toBe(whole);
      pairs++;
      const errors = await errorsOf(dialect, query.original, without);
      if (errors.length > 0) failed.push(`Q${query.number} without ${table}: ${errors[0]}`);
    }
  }
  return { pairs, failed };
}

describe.runIf(corpusAvailable())('TPC-H with one table left out of the structure', { timeout: 600_000 }, () => {
  it('plans every query on PostgreSQL (embedded PGlite)', async () => {
    const { pairs, failed } = await sweep('postgresql');
    expect(pairs).toBeGreaterThan(60);
    expect(failed).toEqual([]);
  });

  it.runIf(serviceAvailable('MariaDB', mariadbBinary))('plans every query on MariaDB but one known gap', async () => {
    const { pairs, failed } = await sweep('mysql');
    expect(pairs).toBeGreaterThan(60);
    // Known gap (stop 29): Q13 plans on MariaDB since its derived column list is written as a CTE's, and read in the
    // MySQL dialect the inner query's unqualified c_custkey gives the missing customer no column (PostgreSQL does).
    // Listed exactly, so the fix shows here.
    expect(failed.map((f) => f.split(':')[0])).toEqual(['Q13 without customer']);
  });
});
