import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { grammarCases, readGrammarCorpus } from '../../../../test-support/grammar/corpus.ts';
import { analyze } from '../../src/analyze/analyze.ts';

/**
 * The grammar coverage corpus (corpus.ts): the engine reads every statement of it in its dialect, and the analysis
 * (rules and proposed rewrites) runs over each tree the forms layer gives. Failures are listed as `<file>:<line>`.
 */
const dialects: Dialect[] = ['mysql', 'postgresql'];

describe.each(dialects)('grammar coverage corpus (%s)', (dialect) => {
  it('covers every section of the manual it is built from, each statement on its own line', () => {
    const cases = grammarCases(dialect);
    expect(cases.length).toBeGreaterThan(300);
    expect(cases.every((c) => c.section !== '')).toBe(true);
    const sections = new Set(cases.map((c) => c.section));
    for (const family of ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'CREATE TABLE', 'CREATE INDEX', 'WINDOW']) {
      expect(
        [...sections].some((s) => s.toUpperCase().includes(family.toUpperCase())),
        family,
      ).toBe(true);
    }
    expect(new Set(cases.map((c) => c.line)).size).toBe(cases.length);
  });

  it('reads every statement', () => {
    expect(readGrammarCorpus(dialect).failures.map((f) => f.description)).toEqual([]);
  });

  it('analyzes every statement: the rules and rewrites take each form the reader gives', () => {
    const failures: string[] = [];
    for (const grammarCase of grammarCases(dialect)) {
      try {
        const [statement] = analyze({ sql: grammarCase.sql, dialect, dataChanges: 'analyze' }).statements;
        if (statement?.error) failures.push(`${dialect}.sql:${grammarCase.line}: ${statement.error.detail.code}`);
      } catch (error) {
        failures.push(`${dialect}.sql:${grammarCase.line}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
