/**
 * Does the engine read the TPC-H and TPC-DS queries, and how fast does it analyze them? Prints figures, never
 * pass/fail (exit 1 only when the corpus is missing).
 *   npm run bench:engine
 * - parse: parseStatements() on each query as the benchmark writes it, in both dialects; failures are listed
 *   with the engine's first error (code, line:column, message) and the text at that position
 * - throughput: analyze() (parse, rules, proposed rewrites; no schema) over every statement that parsed, in
 *   both dialects, round after round for about 5 s on one core (analyze is synchronous); each analyze() reads its
 *   text anew, as a new submission does (the parse and token caches are one analysis's)
 *
 * - grammar: parseStatements() on each statement of the grammar coverage corpus kept in the repository
 *   (test-support/grammar: the SELECT, DML and CREATE TABLE / INDEX forms of the MySQL 8, MariaDB 10.11 and
 *   PostgreSQL 15-18 manuals), in its own dialect; failures listed as <file>:<line> with the engine's error
 *
 * Corpus: the 22 TPC-H and 99 TPC-DS queries of ../shared/corpus, read by benchmarkQueries
 * (test-support/corpus.ts); the grammar corpus is in the repository, so it is measured even when that one is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AppError, type Dialect } from '@sqltune/contracts';
import { analyze, parseStatements } from '@sqltune/engine';
import { benchmarkQueries, fixturesDir as corpus } from '../test-support/corpus.ts';
import { readGrammarCorpus } from '../test-support/grammar/corpus.ts';

const suites = [
  { name: 'tpch', title: 'TPC-H', file: 'tpc-h/tpc-h.sql', expected: 22 },
  { name: 'tpcds', title: 'TPC-DS', file: 'tpc-ds/tpc-ds.sql', expected: 99 },
] as const;
const dialects: Dialect[] = ['mysql', 'postgresql'];
const THROUGHPUT_MS = 5_000;

/** The query text from the error position on (one line, at most 40 characters), to show what the parser met. */
function near(sql: string, line: number | undefined, column: number | undefined): string {
  if (!line) return '';
  const text = (sql.split('\n')[line - 1] ?? '').slice(Math.max(0, (column ?? 1) - 1)).trimEnd();
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

function firstError(error: unknown, sql: string): string {
  if (error instanceof AppError) {
    const { code, line, column, message } = error.detail;
    const at = line ? `${line}:${column ?? 1}` : '-';
    const snippet = near(sql, line, column);
    return `${code} ${at} ${message.en.split('\n')[0]}${snippet ? `  near: ${snippet}` : ''}`;
  }
  return `crash ${error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error)}`;
}

console.log('grammar: parseStatements() per statement of the grammar coverage corpus, in its dialect');
const grammarRates: string[] = [];
for (const dialect of dialects) {
  const { cases, failures } = readGrammarCorpus(dialect);
  grammarRates.push(`grammar_${dialect}=${cases.length - failures.length}/${cases.length}`);
  console.log(`  ${dialect.padEnd(10)} ${cases.length - failures.length}/${cases.length}`);
  for (const failure of failures) console.log(`    ${failure.description}`);
}

const missing = suites.filter((suite) => !existsSync(new URL(suite.file, corpus)));
if (missing.length > 0) {
  console.error(
    `corpus missing: ${missing.map((s) => fileURLToPath(new URL(s.file, corpus))).join(', ')} (sqlglot fixtures beside the repository in ../shared)`,
  );
  console.log(grammarRates.join(' '));
  process.exit(1);
}

const parsed: Array<{ sql: string; dialect: Dialect; label: string }> = [];
const counts: Record<string, string> = {};
console.log('parse: parseStatements() per query as written');
for (const suite of suites) {
  const queries = benchmarkQueries(readFileSync(new URL(suite.file, corpus), 'utf8'), suite.title);
  if (queries.length !== suite.expected) {
    console.log(`  note: ${suite.file} holds ${queries.length} queries, expected ${suite.expected}`);
  }
  for (const dialect of dialects) {
    const failures: string[] = [];
    let ok = 0;
    for (const query of queries) {
      try {
        parseStatements(query.sql, dialect);
        ok++;
        parsed.push({ sql: query.sql, dialect, label: `${suite.title} q${query.number} ${dialect}` });
      } catch (error) {
        failures.push(`    q${query.number}: ${firstError(error, query.sql)}`);
      }
    }
    counts[`parse_${suite.name}_${dialect}`] = `${ok}/${suite.expected}`;
    console.log(`  ${suite.title.padEnd(6)} ${dialect.padEnd(10)} ${ok}/${suite.expected}`);
    for (const line of failures) console.log(line);
  }
}

// One round first, to warm up and to leave out statements analyze() rejects (listed: that would be a bug).
const analyzable = parsed.filter((item) => {
  try {
    analyze({ sql: item.sql, dialect: item.dialect });
    return true;
  } catch (error) {
    console.log(`  analyze failed, ${item.label}: ${firstError(error, item.sql)}`);
    return false;
  }
});

let statements = 0;
let rounds = 0;
const started = performance.now();
let elapsed = 0;
if (analyzable.length > 0) {
  while (elapsed < THROUGHPUT_MS) {
    let done = 0;
    for (const item of analyzable) {
      analyze({ sql: item.sql, dialect: item.dialect });
      statements++;
      done++;
      elapsed = performance.now() - started;
      if (elapsed >= THROUGHPUT_MS) break;
    }
    if (done === analyzable.length) rounds++;
  }
}
const perSecond = elapsed > 0 ? Math.round(statements / (elapsed / 1000)) : 0;
console.log(
  `throughput: analyze() without schema, ${analyzable.length} statements (both dialects), ${statements} runs in ${(elapsed / 1000).toFixed(1)} s (${rounds} complete rounds, one core): ${perSecond} statements/s`,
);

console.log(
  [
    `parse_tpch_mysql=${counts.parse_tpch_mysql}`,
    `parse_tpch_postgresql=${counts.parse_tpch_postgresql}`,
    `parse_tpcds_mysql=${counts.parse_tpcds_mysql}`,
    `parse_tpcds_postgresql=${counts.parse_tpcds_postgresql}`,
    ...grammarRates,
    `statements_per_second=${perSecond}`,
  ].join(' '),
);
