import type { Dialect, IndexAdvice, Localized } from '@sqltune/contracts';
import {
  btreeCandidate,
  estimatedTableBytes,
  findTable,
  type IndexCandidate,
  MAX_KEY_COLUMNS,
  parseStatements,
  type SchemaModel,
} from '@sqltune/engine';
import type { PlannerSession } from './types.ts';

/**
 * One index set for many statements (a SQL file or a mapper) under a size budget, in the manner of Extend
 * (Schlosser, Kossmann, Boissier, "Efficient Scalable Multi-Attribute Index Selection Using Recursive Strategies",
 * ICDE 2019): start from no index; in each round either add a single-column index or extend a chosen index by one
 * more column, and take the step with the best ratio of workload cost saved to bytes added that still fits the
 * budget; stop when no step saves at least MIN_STEP of the workload cost. Costs are the real optimizer's what-if
 * estimates, summed over the statements; sizes are the engine's estimates from the statistics.
 */
export interface WorkloadAdvice {
  indexes: IndexAdvice[];
  budgetBytes: number;
  /** Sum of the statements' estimated costs without and with the set. */
  costBefore: number;
  costAfter: number;
  statements: number;
  /** What-if plans the search asked for. */
  evaluations: number;
  note?: Localized;
  /** Per advised index (same order): the statements (0-based) whose estimated cost rises by MIN_STEP without it. */
  serves: number[][];
}

export interface WorkloadOptions {
  /** Size budget for the whole set; default: the estimated size of the tables the statements read. */
  budgetBytes?: number;
  maxEvaluations?: number;
  /** Each statement's factor in the summed cost (pasted statement statistics: weighted-workload.ts); default 1. */
  weights?: number[];
  /** Upkeep an index adds to the workload's writes, in the unit of the weighted cost; default none. */
  writeCost?: (index: IndexCandidate) => number;
}

/** A step must save at least this share of the current workload cost. */
const MIN_STEP = 0.01;
const DEFAULT_MAX_EVALUATIONS = 400;

interface Config {
  indexes: IndexCandidate[];
  cost: number;
}

export async function adviseWorkload(
  session: PlannerSession,
  dialect: Dialect,
  statements: string[],
  candidates: IndexCandidate[][],
  schema: SchemaModel,
  options: WorkloadOptions = {},
): Promise<WorkloadAdvice | undefined> {
  const maxEvaluations = options.maxEvaluations ?? DEFAULT_MAX_EVALUATIONS;
  let evaluations = 0;
  // A statement's plan depends only on the indexes of the tables it reads: cache its cost by those.
  const tablesOf = statements.map(
    (sql) => new Set(parseStatements(sql, dialect)[0]?.tables.map((t) => t.name.toLowerCase()) ?? []),
  );
  const costs = new Map<string, number | null>();
  const statementCost = async (i: number, indexes: IndexCandidate[]): Promise<number | undefined> => {
    const relevant = indexes.filter((index) => tablesOf[i]!.has(index.table.toLowerCase())).map((index) => index.ddl);
    const key = `${i}\n${[...relevant].sort().join('\n')}`;
    if (!costs.has(key)) {
      evaluations++;
      // A plan the optimizer cannot ground (PlanTree.caveat), or a what-if index it refuses, gives no cost.
      const plan = await session.explain(statements[i]!, relevant).catch(() => undefined);
      costs.set(key, !plan || plan.caveat ? null : plan.totalCost);
    }
    return costs.get(key) ?? undefined;
  };
  const weight = (i: number) => options.weights?.[i] ?? 1;
  const workloadCost = async (indexes: IndexCandidate[]): Promise<number | undefined> => {
    let total = indexes.reduce((sum, index) => sum + (options.writeCost?.(index) ?? 0), 0);
    for (let i = 0; i < statements.length; i++) {
      const cost = await statementCost(i, indexes);
      if (cost === undefined) return undefined;
      total += weight(i) * cost;
    }
    return total;
  };

  const attributes = attributesOf(candidates);
  if (attributes.size === 0) return undefined;
  const budgetBytes = options.budgetBytes ?? defaultBudget(schema, [...attributes.keys()]);
  const start = await workloadCost([]);
  if (start === undefined) return undefined;
  let current: Config = { indexes: [], cost: start };
  let stopped = false;

  for (;;) {
    let best: { config: Config; ratio: number } | undefined;
    for (const next of steps(dialect, schema, current.indexes, attributes)) {
      const bytes = sizeOf(next);
      if (bytes > budgetBytes) continue;
      if (evaluations >= maxEvaluations) {
        stopped = true;
        break;
      }
      const cost = await workloadCost(next);
      if (cost === undefined || cost > current.cost * (1 - MIN_STEP)) continue;
      const ratio = (current.cost - cost) / Math.max(1, bytes - sizeOf(current.indexes));
      if (!best || ratio > best.ratio) best = { config: { indexes: next, cost }, ratio };
    }
    if (best) current = best.config;
    if (!best || stopped) break;
  }
  // An index chosen early can be made unnecessary by one extended later (a prefix of it, on the same table): drop
  // each index whose removal costs less than a step must save (it would not have been chosen last).
  for (const index of [...current.indexes].sort((a, b) => a.columns.length - b.columns.length)) {
    const rest = current.indexes.filter((i) => i !== index);
    const cost = await workloadCost(rest);
    if (cost !== undefined && cost <= current.cost * (1 + MIN_STEP)) current = { indexes: rest, cost };
  }
  if (current.indexes.length === 0) return undefined;

  const indexes: IndexAdvice[] = [];
  const serves: number[][] = [];
  for (const index of current.indexes) {
    const rest = current.indexes.filter((i) => i !== index);
    const without = await workloadCost(rest);
    const served: number[] = [];
    for (let i = 0; i < statements.length; i++) {
      const withIt = await statementCost(i, current.indexes);
      const withoutIt = await statementCost(i, rest);
      if (withIt !== undefined && withoutIt !== undefined && withIt < withoutIt * (1 - MIN_STEP)) served.push(i);
    }
    serves.push(served);
    indexes.push({
      ddl: index.ddl,
      table: index.table,
      columns: index.columns,
      kind: index.kind,
      reason: {
        zh: `为整组 ${statements.length} 条语句选出的索引之一（预算内按"节省代价/占用空间"逐步选择）。`,
        en: `One of the set chosen for all ${statements.length} statements (built step by step by cost saved per byte, within the budget).`,
      },
      costBefore: start,
      costAfter: current.cost,
      ...(without !== undefined ? { benefit: Math.max(0, without - current.cost) } : {}),
      ...(index.estimatedBytes !== undefined ? { estimatedBytes: index.estimatedBytes } : {}),
    });
  }
  return {
    indexes,
    budgetBytes,
    costBefore: start,
    costAfter: current.cost,
    statements: statements.length,
    evaluations,
    serves,
    ...(stopped
      ? {
          note: {
            zh: `搜索在 ${evaluations} 次假设索引评估后停止，结果可能不是最优。`,
            en: `The search stopped after ${evaluations} what-if evaluations; the set may not be the best.`,
          },
        }
      : {}),
  };
}

/** Indexable columns per table: every key column of the statements' own candidates. */
function attributesOf(candidates: IndexCandidate[][]): Map<string, string[]> {
  const byTable = new Map<string, string[]>();
  for (const candidate of candidates.flat()) {
    const columns = byTable.get(candidate.table) ?? [];
    for (const column of candidate.columns) if (!columns.includes(column)) columns.push(column);
    byTable.set(candidate.table, columns);
  }
  return byTable;
}

/** The next configurations: one more single-column index, or one chosen index extended by a column. */
function* steps(
  dialect: Dialect,
  schema: SchemaModel,
  chosen: IndexCandidate[],
  attributes: Map<string, string[]>,
): Generator<IndexCandidate[]> {
  for (const [tableName, columns] of attributes) {
    const table = findTable(schema, tableName);
    if (!table) continue;
    for (const column of columns) {
      if (chosen.some((i) => i.table === table.name && i.columns[0] === column)) continue;
      yield [...chosen, btreeCandidate(dialect, table, [column])];
    }
  }
  for (const index of chosen) {
    const table = findTable(schema, index.table);
    if (!table || index.columns.length >= MAX_KEY_COLUMNS) continue;
    for (const column of attributes.get(index.table) ?? []) {
      if (index.columns.includes(column)) continue;
      const extended = btreeCandidate(dialect, table, [...index.columns, column]);
      yield chosen.map((i) => (i === index ? extended : i));
    }
  }
}

function sizeOf(indexes: IndexCandidate[]): number {
  return indexes.reduce((sum, index) => sum + (index.estimatedBytes ?? 0), 0);
}

/**
 * The estimated size of the tables involved (their rows at their column widths), at least 64 MB: indexes as large
 * as the data they index are a common allowance, and a budget smaller than one index on a wide key would leave a
 * big table without any.
 */
function defaultBudget(schema: SchemaModel, tables: string[]): number {
  const bytes = tables.reduce((sum, name) => {
    const table = findTable(schema, name);
    return sum + (table ? estimatedTableBytes(table) : 0);
  }, 0);
  return Math.max(64 * 1024 * 1024, Math.round(bytes));
}
