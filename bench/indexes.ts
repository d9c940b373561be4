/**
 * Does the index advice make queries faster on real data, and more often than a Dexter-style baseline? Prints
 * figures, never pass/fail.
 *   node --import tsx bench/indexes.ts          (npm run bench:indexes)
 *   npm run bench:indexes -- --case like-prefix,join-three --database mariadb
 *   --database (or SQLTUNE_BENCH_DATABASES)  only these databases (default postgresql,mariadb)
 *   --case  only these cases (default all; an unknown name is an error, not an empty run)
 *   --explain  also print each case's real plan without indexes and with ours and the baseline's, and the
 *              estimated costs of our advice (to see why an index the optimizer costed cheaper is not faster)
 *
 * The cases (bench/indexes/*.ts, written for this project) come in groups that share a data set: table structures
 * and rows generated to the distributions they state (a fixed seed). For each database, each group runs on a
 * throwaway server of its own (quality/databases.ts): load, ANALYZE (MariaDB: PERSISTENT FOR ALL, for histograms),
 * measure the statistics as a user would paste them; then for each case optimize() the query with the structure
 * and those statistics. The advised indexes are built for real and the query timed without and with them, in
 * alternation, the fastest of up to 31 runs (quality/timing.ts, shared with bench:quality), and the same for the
 * baseline: Dexter's method (github.com/ankane/dexter) in our sandbox planner: every single column the query filters, joins, sorts or groups on and every ordered pair of them
 * on one table, each costed alone as a what-if index, the cheapest kept when the optimizer reads it and it cuts the
 * estimated cost by half. Improved: at least 1.1x faster; slower: under 0.9x. A case where no index is expected to
 * help is right when nothing is advised. Before the summary, every case that is not right is listed with why
 * (slower, not improved, behind the baseline, advised where no index helps). The last lines are for scripts:
 *   postgresql: advised=N/M improved=N slower=N baseline_improved=N
 *   mariadb: advised=N/M improved=N slower=N baseline_improved=N
 * (M: the cases where an index is expected to help; N in advised: those with at least one advised index.)
 */
import { parseArgs } from 'node:util';
import type { Dialect } from '@sqltune/contracts';
import { analyze, candidatesFor } from '@sqltune/engine';
import { availablePlanners, shutdownPlanners } from '../packages/planner/src/backends.ts';
import { usesIndex } from '../packages/planner/src/index-advisor.ts';
import { optimize } from '../packages/planner/src/optimize.ts';
import { plannerSettingsFromEnv } from '../packages/planner/src/settings.ts';
import { type BenchCase, type BenchGroup, caseDdl, caseTables } from './indexes/cases.ts';
import { benchGroups } from './indexes/groups.ts';
import type { MeasuredStatistics } from './quality/data.ts';
import {
  type Database,
  mariadbBinariesAvailable,
  openMariaDb,
  openPostgres,
  postgresAvailable,
  stopAllDatabases,
} from './quality/databases.ts';
import { finished, runOnce, type Timing, timed, timedPair } from './quality/timing.ts';

const TIMEOUT_SECONDS = 60;
const IMPROVED = 1.1;
const SLOWER = 0.9;
/** Dexter keeps an index that cuts the estimated cost by at least this share. */
const BASELINE_CUT = 0.5;

interface Outcome {
  name: string;
  expectsIndex: boolean;
  advised: string[];
  /** Whether the statement was rewritten (then timed as rewritten). */
  rewritten: boolean;
  ratio: number;
  baseline: string[];
  baselineRatio: number;
  /** The statement's time without indexes, ms. */
  beforeMs: number;
  /** The case's wall time (advice, baseline and timings), s. */
  seconds: number;
}

/** `-- sqltune:stats` lines for every measured table (quality/data.ts's version lists TPC-H's only). */
function statisticsLines(stats: MeasuredStatistics): string {
  const lines: string[] = [];
  for (const [table, rows] of stats.rows) {
    lines.push(`-- sqltune:stats ${table} rows=${rows}`);
    for (const [column, f] of stats.columns.get(table) ?? []) {
      const width = f.width !== undefined ? ` width=${f.width}` : '';
      lines.push(`-- sqltune:stats ${table}.${column} distinct=${f.distinct} nulls=${f.nulls ?? 0}${width}`);
    }
  }
  return lines.join('\n');
}

/** The distributions as statistics JSON (PostgreSQL's pg_stats; MariaDB measures none here). */
function distributionJson(stats: MeasuredStatistics): string | undefined {
  const tables: Record<string, { rows: number; columns: Record<string, Record<string, unknown>> }> = {};
  for (const [table, rows] of stats.rows) {
    const columns: Record<string, Record<string, unknown>> = {};
    for (const [column, f] of stats.columns.get(table) ?? []) {
      const entry: Record<string, unknown> = {};
      if (f.mostCommonValues && f.mostCommonFrequencies) {
        entry.most_common_vals = f.mostCommonValues;
        entry.most_common_freqs = f.mostCommonFrequencies;
      }
      if (f.histogramBounds) entry.histogram_bounds = f.histogramBounds;
      if (Object.keys(entry).length > 0) columns[column] = { ndv: f.distinct, ...entry };
    }
    if (Object.keys(columns).length > 0) tables[table] = { rows, columns };
  }
  return Object.keys(tables).length > 0 ? JSON.stringify({ tables }) : undefined;
}

/**
 * MariaDB's own histograms (JSON_HB, from ANALYZE ... PERSISTENT FOR ALL) as histogram bounds, the way a user would
 * paste mysql.column_stats: each bucket's start, then the last bucket's end.
 */
async function addMariaDbHistograms(db: Database, stats: MeasuredStatistics): Promise<void> {
  const rows = await db.query(
    "SELECT table_name, column_name, CONVERT(histogram USING utf8mb4) FROM mysql.column_stats WHERE db_name = 'tpch' AND histogram IS NOT NULL",
  );
  for (const [table, column, histogram] of rows) {
    const figures = stats.columns.get(table!)?.get(column!);
    if (!figures || !histogram) continue;
    try {
      const buckets = (JSON.parse(histogram) as { histogram_hb?: Array<{ start: string; end?: string }> }).histogram_hb;
      if (!buckets?.length) continue;
      const bounds = [...buckets.map((b) => b.start), buckets.at(-1)!.end ?? buckets.at(-1)!.start];
      figures.histogramBounds = `{${bounds.map((b) => `"${b.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
    } catch {
      // A histogram in another format (DOUBLE_PREC_HB) is left out.
    }
  }
}

/** Dexter's candidates: single columns and ordered pairs of the columns the engine's candidates use, per table. */
function baselineCandidates(sql: string, dialect: Dialect, schema: ReturnType<typeof analyze>['schema']): string[] {
  const byTable = new Map<string, Set<string>>();
  for (const c of candidatesFor(sql, dialect, schema)) {
    const set = byTable.get(c.table) ?? new Set<string>();
    for (const column of [...c.columns, ...c.conditionColumns]) set.add(column);
    byTable.set(c.table, set);
  }
  const quote = (id: string) => (dialect === 'mysql' ? `\`${id}\`` : id);
  const ddls: string[] = [];
  for (const [table, set] of byTable) {
    const columns = [...set];
    const keys = [
      ...columns.map((c) => [c]),
      ...columns.flatMap((a) => columns.filter((b) => b !== a).map((b) => [a, b])),
    ];
    for (const key of keys) {
      ddls.push(
        `CREATE INDEX ${quote(`dx_${table}_${key.join('_')}`)} ON ${quote(table)} (${key.map(quote).join(', ')})`,
      );
    }
  }
  return ddls;
}

async function dexterBaseline(
  dialect: Dialect,
  sql: string,
  schemaText: string,
  statsText?: string,
): Promise<string[]> {
  const planners = await availablePlanners(plannerSettingsFromEnv(process.env));
  const backend = planners[dialect];
  if (!backend) return [];
  const { schema } = analyze({ sql, dialect, schemaText, ...(statsText ? { statsText } : {}) });
  const session = await backend.open({
    dialect,
    schemaSql: schema.ddl,
    statistics: schema.tables.flatMap((t) => (t.statistics ? [t.statistics] : [])),
  });
  try {
    const base = await session.explain(sql);
    let best: { ddl: string; cost: number } | undefined;
    for (const ddl of baselineCandidates(sql, dialect, schema)) {
      const plan = await session.explain(sql, [ddl]).catch(() => undefined);
      const name = /INDEX [`"]?(\w+)/.exec(ddl)![1]!;
      if (!plan || !usesIndex(plan.root, { name, columns: [] })) continue;
      if (!best || plan.totalCost < best.cost) best = { ddl, cost: plan.totalCost };
    }
    return best && best.cost <= base.totalCost * (1 - BASELINE_CUT) ? [best.ddl] : [];
  } finally {
    await session.close();
  }
}

/** A timing as milliseconds: a timeout counts as the timeout (a bound), an error stops the bench. */
function milliseconds(t: Timing, sql: string): number {
  if (finished(t)) return t.ms;
  if ('timeout' in t) return TIMEOUT_SECONDS * 1000;
  throw new Error(`${t.error}: ${sql}`);
}

interface Measured {
  ratio: number;
  beforeMs: number;
}

/**
 * How many times faster `sql` runs with the indexes built than `original` without them: both timed in alternation
 * (quality/timing.ts), the built indexes hidden from the optimizer for the original's runs.
 */
async function withIndexes(db: Database, ddls: string[], sql: string, original: string): Promise<Measured> {
  const beforeWarm = await runOnce(db, original);
  for (const ddl of ddls) await db.createIndex(ddl);
  try {
    for (const ddl of ddls) await db.analyze(/ ON [`"]?(\w+)/.exec(ddl)![1]);
    const { before, after } = await timedPair(db, original, sql, ddls, beforeWarm);
    const beforeMs = milliseconds(before, original);
    return { ratio: beforeMs / milliseconds(after, sql), beforeMs };
  } finally {
    for (const ddl of ddls) await db.dropIndex(ddl);
  }
}

type DatabaseName = 'postgresql' | 'mariadb';

/** Loads the group's data once, then runs each of its cases on it. */
async function runGroup(
  name: DatabaseName,
  group: BenchGroup,
  cases: BenchCase[],
  report: (outcome: Outcome) => void,
  explain: boolean,
): Promise<void> {
  const dialect: Dialect = name === 'mariadb' ? 'mysql' : 'postgresql';
  const ddl = caseDdl(group.tables, dialect);
  const db = name === 'mariadb' ? await openMariaDb(ddl, TIMEOUT_SECONDS) : await openPostgres(ddl, TIMEOUT_SECONDS);
  try {
    const tables = caseTables(group.tables);
    await db.load(tables);
    // MariaDB: histograms too. PostgreSQL: VACUUM as well, so index-only scans find the visibility map set as
    // autovacuum would leave it on a real database.
    if (name === 'mariadb') {
      // JSON_HB: histograms with readable bounds, which a user can paste (this server's default is DOUBLE_PREC_HB).
      for (const table of tables) {
        await db.query(`SET STATEMENT histogram_type = 'JSON_HB' FOR ANALYZE TABLE ${table.name} PERSISTENT FOR ALL`);
      }
    } else await db.analyze();
    const stats = await db.statistics();
    if (name === 'mariadb') await addMariaDbHistograms(db, stats);
    const schemaText = `${ddl}\n${statisticsLines(stats)}`;
    const statsText = distributionJson(stats);
    for (const c of cases) report(await runCase(db, dialect, c, schemaText, statsText, explain));
  } finally {
    await db.stop();
  }
}

/** The real plan of `sql` with `ddls` built (`--explain`). */
async function explainWith(db: Database, label: string, ddls: string[], sql: string): Promise<void> {
  for (const ddl of ddls) await db.createIndex(ddl);
  try {
    for (const ddl of ddls) await db.analyze(/ ON [`"]?(\w+)/.exec(ddl)![1]);
    const rows = await db.query(`EXPLAIN ${sql}`);
    console.log(`  ${label}:\n${rows.map((r) => `    ${r.join(' | ')}`).join('\n')}`);
  } finally {
    for (const ddl of ddls) await db.dropIndex(ddl);
  }
}

async function runCase(
  db: Database,
  dialect: Dialect,
  c: BenchCase,
  schemaText: string,
  statsText: string | undefined,
  explain: boolean,
): Promise<Outcome> {
  const started = performance.now();
  const report = await optimize(
    { sql: c.sql, dialect, schemaText, ...(statsText ? { statsText } : {}) },
    { planners: await availablePlanners(plannerSettingsFromEnv(process.env)), engineVersion: 'bench' },
  );
  const advised = report.statements[0]?.indexes.map((i) => i.ddl.replace(/;$/, '')) ?? [];
  // The statement as optimized (rewrites verified by optimize() on generated data), with its indexes.
  const optimized = report.statements[0]?.optimized ?? c.sql;
  const baseline = await dexterBaseline(dialect, c.sql, schemaText, statsText);
  if (explain) {
    console.log(`${c.name}:`);
    for (const index of report.statements[0]?.indexes ?? []) {
      console.log(`  advised ${index.ddl} cost ${index.costBefore} -> ${index.costAfter} (${index.estimateBasis})`);
    }
    for (const gap of report.statements[0]?.indexGaps ?? []) console.log(`  declined ${gap.table}: ${gap.message.en}`);
    await explainWith(db, 'without indexes', [], c.sql);
    if (advised.length > 0) await explainWith(db, 'ours', advised, optimized);
    if (baseline.length > 0) await explainWith(db, 'baseline', baseline, c.sql);
  }
  const changed = advised.length > 0 || optimized !== c.sql;
  const ours = changed ? await withIndexes(db, advised, optimized, c.sql) : undefined;
  // The same index set measured twice would differ only by timing noise: the baseline's is ours when it is ours.
  const theirs =
    baseline.length === 0
      ? undefined
      : optimized === c.sql && sameIndexes(advised, baseline)
        ? ours
        : await withIndexes(db, baseline, c.sql, c.sql);
  const before = ours?.beforeMs ?? theirs?.beforeMs ?? milliseconds(await timed(db, c.sql), c.sql);
  return {
    name: c.name,
    expectsIndex: c.expectsIndex,
    advised,
    rewritten: optimized !== c.sql,
    ratio: ours?.ratio ?? 1,
    baseline,
    baselineRatio: theirs?.ratio ?? 1,
    beforeMs: before,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The table and key of each index (names differ: ours idx_..., the baseline's dx_...). */
function sameIndexes(a: string[], b: string[]): boolean {
  const keys = (ddls: string[]) =>
    ddls
      .map((ddl) => ddl.replace(/^CREATE INDEX \S+ /i, '').replace(/[`"\s]/g, ''))
      .sort()
      .join(';');
  return a.length > 0 && keys(a) === keys(b);
}

/** Why a case is not right, or undefined when it is. */
function failure(o: Outcome): string | undefined {
  const changed = o.advised.length > 0 || o.rewritten;
  if (changed && o.ratio < SLOWER) return `slower (${o.ratio.toFixed(2)}x)`;
  if (!o.expectsIndex) return o.advised.length > 0 ? 'advised where no index is expected to help' : undefined;
  if (o.advised.length === 0 && !o.rewritten) {
    return o.baselineRatio >= IMPROVED
      ? `nothing advised; the baseline made it ${o.baselineRatio.toFixed(2)}x`
      : 'nothing advised';
  }
  if (o.ratio < IMPROVED) return `not improved (${o.ratio.toFixed(2)}x)`;
  // Behind the baseline by more than timing noise: at least 2x slower than its index.
  if (o.baselineRatio >= IMPROVED && o.ratio * 2 < o.baselineRatio) {
    return `behind the baseline (${o.ratio.toFixed(2)}x vs ${o.baselineRatio.toFixed(2)}x)`;
  }
  return undefined;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { case: { type: 'string' }, database: { type: 'string' }, explain: { type: 'boolean' } },
  });
  const list = (text: string | undefined) => text?.split(',').map((s) => s.trim());
  const wanted = list(values.database ?? process.env.SQLTUNE_BENCH_DATABASES) ?? ['postgresql', 'mariadb'];
  const only = list(values.case);
  const known = new Set(benchGroups.flatMap((g) => g.cases.map((c) => c.name)));
  const unknown = [
    ...(only ?? []).filter((n) => !known.has(n)),
    ...wanted.filter((n) => n !== 'postgresql' && n !== 'mariadb'),
  ];
  if (unknown.length > 0) throw new Error(`unknown case or database: ${unknown.join(', ')}`);
  const databases = (['postgresql', 'mariadb'] as const).filter(
    (d) => wanted.includes(d) && (d === 'postgresql' ? postgresAvailable() : mariadbBinariesAvailable()),
  );
  const summary: string[] = [];
  for (const database of databases) {
    const outcomes: Outcome[] = [];
    for (const group of benchGroups) {
      const cases = group.cases
        .filter((c) => (!only || only.includes(c.name)) && (!c.databases || c.databases.includes(database)))
        .map((c) => ({ ...c, tables: group.tables }));
      if (cases.length === 0) continue;
      await runGroup(
        database,
        group,
        cases,
        (outcome) => {
          outcomes.push(outcome);
          const fmt = (ddls: string[], r: number, rewritten = false) =>
            ddls.length || rewritten ? `${r.toFixed(2)}x ${rewritten ? '(rewritten) ' : ''}${ddls.join('; ')}` : '-';
          console.log(
            `${database} ${outcome.name.padEnd(27)} ${outcome.beforeMs.toFixed(1).padStart(8)}ms ${outcome.seconds.toFixed(0).padStart(3)}s ours: ${fmt(outcome.advised, outcome.ratio, outcome.rewritten)} | dexter: ${fmt(outcome.baseline, outcome.baselineRatio)}`,
          );
        },
        values.explain ?? false,
      );
    }
    const failures = outcomes.flatMap((o) => {
      const why = failure(o);
      return why ? [`${database} FAILS ${o.name}: ${why}`] : [];
    });
    const expected = outcomes.filter((o) => o.expectsIndex);
    const none = outcomes.filter((o) => !o.expectsIndex);
    summary.push(...failures);
    summary.push(
      `${database}: no-index cases with nothing advised ${none.filter((o) => o.advised.length === 0).length}/${none.length}; right ${outcomes.length - failures.length}/${outcomes.length}`,
    );
    summary.push(
      `${database}: advised=${expected.filter((o) => o.advised.length > 0).length}/${expected.length} improved=${
        outcomes.filter((o) => o.ratio >= IMPROVED).length
      } slower=${outcomes.filter((o) => o.ratio < SLOWER).length} baseline_improved=${
        outcomes.filter((o) => o.baselineRatio >= IMPROVED).length
      }`,
    );
  }
  // The failures and figures of every database first, then the summary lines last, for scripts.
  for (const line of summary.filter((l) => !/^\w+: advised=/.test(l))) console.log(line);
  for (const line of summary.filter((l) => /^\w+: advised=/.test(l))) console.log(line);
}

process.on('SIGINT', () => void stopAllDatabases().then(() => process.exit(130)));
try {
  await main();
} finally {
  await stopAllDatabases();
  await shutdownPlanners();
}
