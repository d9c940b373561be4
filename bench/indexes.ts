/**
 * Does the index advice make queries faster on real data, and more often than a Dexter-style baseline? Prints
 * figures, never pass/fail.
 *   node --import tsx bench/indexes.ts          (npm run bench:indexes)
 *   SQLTUNE_BENCH_DATABASES=mariadb  only these databases (default postgresql,mariadb)
 *   SQLTUNE_BENCH_CASES=range-narrow,...  only these cases (default all)
 *
 * Each case (bench/indexes/cases.ts, written for this project) is a table structure, rows generated to the
 * distributions it states (a fixed seed) and one query. For each database, each case runs on a throwaway server of
 * its own (quality/databases.ts): load, ANALYZE (MariaDB: PERSISTENT FOR ALL, for histograms), measure the
 * statistics as a user would paste them, and optimize() the query with the structure and those statistics. The
 * advised indexes are built for real and the query timed before and after (warm-up, then the median of 3 runs),
 * and the same for the baseline: Dexter's method (github.com/ankane/dexter) in our sandbox planner: every single
 * column the query filters, joins, sorts or groups on and every ordered pair of them on one table, each costed
 * alone as a what-if index, the cheapest kept when the optimizer reads it and it cuts the estimated cost by half.
 * Improved: at least 1.1x faster; slower: under 0.9x. The last lines are for scripts:
 *   postgresql: advised=N/M improved=N slower=N baseline_improved=N
 *   mariadb: advised=N/M improved=N slower=N baseline_improved=N
 * (M: the cases where an index is expected to help; N in advised: those with at least one advised index.)
 */
import type { Dialect } from '@sqltune/contracts';
import { analyze, candidatesFor } from '@sqltune/engine';
import { availablePlanners, shutdownPlanners } from '../packages/planner/src/backends.ts';
import { usesIndex } from '../packages/planner/src/index-advisor.ts';
import { optimize } from '../packages/planner/src/optimize.ts';
import { type BenchCase, benchCases, caseDdl, caseTables } from './indexes/cases.ts';
import type { MeasuredStatistics } from './quality/data.ts';
import {
  type Database,
  mariadbBinariesAvailable,
  openMariaDb,
  openPostgres,
  postgresAvailable,
  stopAllDatabases,
} from './quality/databases.ts';

const TIMEOUT_SECONDS = 60;
const TIMED_RUNS = 3;
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
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(db: Database, sql: string): Promise<number> {
  await db.query(sql);
  const runs: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i++) {
    const start = performance.now();
    await db.query(sql);
    runs.push(performance.now() - start);
  }
  return median(runs);
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
  const planners = await availablePlanners();
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

async function withIndexes(
  db: Database,
  ddls: string[],
  sql: string,
  before: number,
  rewritten = false,
): Promise<number> {
  if (ddls.length === 0) return rewritten ? before / (await timed(db, sql)) : 1;
  for (const ddl of ddls) await db.createIndex(ddl);
  try {
    for (const ddl of ddls) await db.analyze(/ ON [`"]?(\w+)/.exec(ddl)![1]);
    return before / (await timed(db, sql));
  } finally {
    for (const ddl of ddls) await db.dropIndex(ddl);
  }
}

async function runCase(name: 'postgresql' | 'mariadb', c: BenchCase): Promise<Outcome> {
  const dialect: Dialect = name === 'mariadb' ? 'mysql' : 'postgresql';
  const ddl = caseDdl(c, dialect);
  const db = name === 'mariadb' ? await openMariaDb(ddl, TIMEOUT_SECONDS) : await openPostgres(ddl, TIMEOUT_SECONDS);
  try {
    const tables = caseTables(c);
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
    const report = await optimize(
      { sql: c.sql, dialect, schemaText, ...(statsText ? { statsText } : {}) },
      { planners: await availablePlanners(), engineVersion: 'bench' },
    );
    const advised = report.statements[0]?.indexes.map((i) => i.ddl.replace(/;$/, '')) ?? [];
    // The statement as optimized (rewrites verified by optimize() on generated data), with its indexes.
    const optimized = report.statements[0]?.optimized ?? c.sql;
    const baseline = await dexterBaseline(dialect, c.sql, schemaText, statsText);
    const before = await timed(db, c.sql);
    const ratio =
      optimized === c.sql
        ? await withIndexes(db, advised, c.sql, before)
        : await withIndexes(db, advised, optimized, before, true);
    const baselineRatio = await withIndexes(db, baseline, c.sql, before);
    return {
      name: c.name,
      expectsIndex: c.expectsIndex,
      advised,
      rewritten: optimized !== c.sql,
      ratio,
      baseline,
      baselineRatio,
    };
  } finally {
    await db.stop();
  }
}

async function main(): Promise<void> {
  const wanted = (process.env.SQLTUNE_BENCH_DATABASES ?? 'postgresql,mariadb').split(',');
  const only = process.env.SQLTUNE_BENCH_CASES?.split(',');
  const cases = benchCases.filter((c) => !only || only.includes(c.name));
  const databases = (['postgresql', 'mariadb'] as const).filter(
    (d) => wanted.includes(d) && (d === 'postgresql' ? postgresAvailable() : mariadbBinariesAvailable()),
  );
  const summary: string[] = [];
  for (const database of databases) {
    const outcomes: Outcome[] = [];
    for (const c of cases) {
      const outcome = await runCase(database, c);
      outcomes.push(outcome);
      const fmt = (ddls: string[], r: number, rewritten = false) =>
        ddls.length || rewritten ? `${r.toFixed(2)}x ${rewritten ? '(rewritten) ' : ''}${ddls.join('; ')}` : '-';
      console.log(
        `${database} ${c.name.padEnd(22)} ours: ${fmt(outcome.advised, outcome.ratio, outcome.rewritten)} | dexter: ${fmt(outcome.baseline, outcome.baselineRatio)}`,
      );
    }
    const expected = outcomes.filter((o) => o.expectsIndex);
    summary.push(
      `${database}: advised=${expected.filter((o) => o.advised.length > 0).length}/${expected.length} improved=${
        outcomes.filter((o) => o.ratio >= IMPROVED).length
      } slower=${outcomes.filter((o) => o.ratio < SLOWER).length} baseline_improved=${
        outcomes.filter((o) => o.baselineRatio >= IMPROVED).length
      }`,
    );
  }
  for (const line of summary) console.log(line);
}

process.on('SIGINT', () => void stopAllDatabases().then(() => process.exit(130)));
try {
  await main();
} finally {
  await stopAllDatabases();
  await shutdownPlanners();
}
