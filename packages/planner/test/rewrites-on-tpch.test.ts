import { PGlite } from '@electric-sql/pglite';
import { analyze, statementRules } from '@sqltune/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusAvailable } from '../../../test-support/corpus.ts';
import { loadRuleFixtures } from '../../../test-support/rule-fixtures.ts';
import { TPCH_SCHEMA, tpchRows } from '../src/test-support/tpch.ts';
import { EVENTS_ROWS, eventsSchema, LABELS_ROWS } from './rewrite-cases.ts';

/**
 * Every rewrite, on real rows: the TPC-H sample data loaded into PostgreSQL (PGlite), each statement
 * run before and after the engine's rewrite, results compared as multisets. The statements are chosen
 * so each rewrite fires and so the results are not empty (an empty match proves little). The TPC-H
 * columns hold no NULLs, so a small `events` table adds NULLs, duplicates and timestamps on day
 * boundaries (midnight, the last microsecond of a day, a leap day, a year end). The statements are the rules'
 * fixture cases marked `-- verify: true` or `only` for PostgreSQL (each rule's .sql file, test-support/rule-fixtures.ts).
 */
const cases = loadRuleFixtures().equivalenceCases.filter((c) => c.dialect === 'postgresql');

const tables = ['region', 'nation', 'supplier', 'customer', 'part', 'partsupp', 'orders', 'lineitem'];
const schemaText = `${TPCH_SCHEMA}\n${eventsSchema('postgresql')}`;

describe.runIf(corpusAvailable())('rewrites keep results on the TPC-H sample data (PostgreSQL)', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(schemaText);
    for (const table of tables) {
      const { columns, rows } = tpchRows(table);
      const list = columns.map((c) => `"${c}"`).join(', ');
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const values = chunk.map(
          (row) => `(${row.map((v) => (v === '' ? 'NULL' : `'${v.replace(/'/g, "''")}'`)).join(', ')})`,
        );
        await db.exec(`INSERT INTO ${table} (${list}) VALUES ${values.join(', ')}`);
      }
    }
    await db.exec(`INSERT INTO events VALUES ${EVENTS_ROWS}`);
    await db.exec(`INSERT INTO labels VALUES ${LABELS_ROWS}`);
  });

  afterAll(async () => {
    await db?.close();
  });

  it('has a case for every rewriting rule', () => {
    const rewriting = statementRules.filter((r) => r.rewrites && r.dialects.includes('postgresql')).map((r) => r.id);
    expect(rewriting.filter((id) => !cases.some((c) => c.rule === id))).toEqual([]);
  });

  it.each(cases)('$rule: $sql', async ({ rule, sql, source }) => {
    const analysis = analyze({ sql, dialect: 'postgresql', schemaText });
    const step = analysis.statements[0]!.steps.find((s) => s.rule.id === rule);
    expect(step, `the rewrite fires (${source})`).toBeDefined();
    const before = await db.query(step!.before, [], { rowMode: 'array' });
    const after = await db.query(step!.after, [], { rowMode: 'array' });
    expect(before.rows.length, `a non-empty result (${source})`).toBeGreaterThan(0);
    expect(multiset(after.rows), source).toEqual(multiset(before.rows));
  });
});

function multiset(rows: unknown[]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}
