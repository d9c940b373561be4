/**
 * How fast is SQLTune on the 22 TPC-H queries? Prints figures, never pass/fail.
 *   node --import tsx bench/pipeline.ts
 * - engine: parse + rules + proposed rewrites per query (pure code), median of 20 runs
 * - pipeline: the whole optimize() with the embedded PostgreSQL planner (plans, what-if indexes,
 *   differential verification), TPC-H SF1 statistics injected; one run per query after a warm-up
 */
import { analyze } from '../packages/engine/src/index.ts';
import { availablePlanners, shutdownPlanners } from '../packages/planner/src/backends.ts';
import { optimize } from '../packages/planner/src/optimize.ts';
import { plannerSettingsFromEnv } from '../packages/planner/src/settings.ts';
import { TPCH_SCHEMA, TPCH_STATISTICS, tpchQueries } from '../packages/planner/src/test-support/tpch.ts';

const schemaText = [
  TPCH_SCHEMA,
  ...TPCH_STATISTICS.flatMap((t) => [
    `-- sqltune:stats ${t.table} rows=${t.rows}`,
    ...t.columns.map(
      (c) =>
        `-- sqltune:stats ${t.table}.${c.column}${c.distinct !== undefined ? ` distinct=${c.distinct}` : ''}${c.averageWidth !== undefined ? ` width=${c.averageWidth}` : ''}`,
    ),
  ]),
].join('\n');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const queries = tpchQueries();
const planners = await availablePlanners(plannerSettingsFromEnv(process.env));
await optimize(
  { sql: 'SELECT 1 FROM region', dialect: 'postgresql', schemaText },
  { planners, engineVersion: 'bench' },
);

console.log('query | engine ms | pipeline ms | rules | rewrites | indexes | est. gain | verification');
const engineTimes: number[] = [];
const pipelineTimes: number[] = [];
for (const query of queries) {
  const runs: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    try {
      analyze({ sql: query.original, dialect: 'postgresql', schemaText });
    } catch {
      // Rejected input (e.g. sqlglot's CAST(x AS STRING), not PostgreSQL): reported by the pipeline below.
    }
    runs.push(performance.now() - started);
  }
  const engineMs = median(runs);
  engineTimes.push(engineMs);
  const started = performance.now();
  let line: string;
  try {
    const report = await optimize(
      { sql: query.original, dialect: 'postgresql', schemaText },
      { planners, engineVersion: 'bench' },
    );
    const s = report.statements[0]!;
    const gain = s.gain ? `${(s.gain.ratio * 100).toFixed(1)}%` : '-';
    line = `${s.rules.length} | ${s.steps.length} | ${s.indexes.length} | ${gain} | ${s.verification.verdict}`;
  } catch (error) {
    line = `error: ${(error as Error).message.slice(0, 60)}`;
  }
  const pipelineMs = performance.now() - started;
  pipelineTimes.push(pipelineMs);
  console.log(`Q${query.number} | ${engineMs.toFixed(2)} | ${pipelineMs.toFixed(0)} | ${line}`);
}
console.log(`\nengine: median ${median(engineTimes).toFixed(2)} ms per query`);
console.log(
  `pipeline: median ${median(pipelineTimes).toFixed(0)} ms, total ${(pipelineTimes.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s for ${queries.length} queries`,
);
console.log(
  `(the spec product takes 5-10 minutes per statement; ratio at the median: ${((7.5 * 60_000) / median(pipelineTimes)).toFixed(0)}x)`,
);
await shutdownPlanners();
