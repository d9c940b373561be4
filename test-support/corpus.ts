import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { prerequisiteAvailable } from './services.ts';

/**
 * The shared test corpus (sqlglot's optimizer fixtures, beside the repository in ../shared/corpus; read in place,
 * never copied in), for tests and benchmarks.
 */
export const fixturesDir = new URL('../../shared/corpus/sqlglot-fixtures/', import.meta.url);

/**
 * Whether the shared corpus is beside the repository (checked once per test file). A clone with nothing beside it
 * still passes `npm test`: corpus tests skip loudly, or fail under SQLTUNE_REQUIRE_SERVICES=1 (as in CI).
 */
export function corpusAvailable(): boolean {
  return prerequisiteAvailable(
    existsSync(new URL('tpc-h/tpc-h.sql', fixturesDir)),
    `the shared corpus is not beside the repository (${fixturesDir.pathname})`,
    'the shared corpus',
  );
}

/** A fixture's `# key: value` option lines (sqlglot's, e.g. `# execute: true`): not SQL. */
const optionLine = /^#\s*[\w-]+\s*:/;

/**
 * The queries of a TPC fixture file. Each sits under a banner
 *     --------------------------------------
 *     -- TPC-DS 14
 *     --------------------------------------
 * optionally followed by option lines, then the query as written and sqlglot's optimized form, each ending with
 * `;`. A query is the first statement after its banner, numbered by the banner: tpc-h.sql holds q1..q22 and
 * tpc-ds.sql q1..q99 (TPC-DS's two-part templates such as q14, q23, q24 and q39 appear as their first part only).
 */
export function benchmarkQueries(text: string, title: string): Array<{ number: number; sql: string }> {
  const parts = text.split(new RegExp(`-{10,}\\n-- ${title} (\\d+)\\n-{10,}\\n`));
  const queries: Array<{ number: number; sql: string }> = [];
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const body = parts[i + 1]!.split('\n')
      .filter((line) => !optionLine.test(line))
      .join('\n');
    const first = body
      .split(/;\s*\n/)
      .map((s) => s.trim())
      .find((s) => s.length > 0);
    if (first) queries.push({ number: Number(parts[i]), sql: first });
  }
  return queries;
}

/** Every statement of every fixture file (the TPC files first), comment and option lines left out. */
export function fixtureStatements(): string[] {
  const files = ['tpc-h/tpc-h.sql', 'tpc-ds/tpc-ds.sql', ...readdirSync(fixturesDir).filter((f) => f.endsWith('.sql'))];
  return files.flatMap((file) =>
    readFileSync(new URL(file, fixturesDir), 'utf8')
      .split('\n')
      .filter((line) => !optionLine.test(line) && !line.startsWith('--'))
      .join('\n')
      .split(/;\s*\n/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  );
}
