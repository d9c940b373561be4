import type { Dialect, IndexAdvice, Localized, PlanNode, PlanTree } from '@sqltune/contracts';
import {
  type AnalysisCaches,
  btreeCandidate,
  dedupeStatements,
  estimatedTableBytes,
  findTable,
  type IndexCandidate,
  MAX_KEY_COLUMNS,
  parseStatements,
  type SchemaModel,
  withAnalysisCaches,
} from '@sqltune/engine';
import { estimateWhatIf } from './mariadb/what-if-estimate.ts';
import type { PlannerSession } from './types.ts';

/**
 * One index set for many statements (a SQL file or a mapper) under a size budget, in the manner of Extend
 * (Schlosser, Kossmann, Boissier, "Efficient Scalable Multi-Attribute Index Selection Using Recursive Strategies",
 * ICDE 2019): start from no index; in each round either add a single-column index or extend a chosen index by one
 * more column, and take the step with the best ratio of workload cost saved to bytes added that still fits the
 * budget; stop when no step saves at least MIN_STEP_PERCENT of the workload cost. Costs are the real optimizer's what-if
 * estimates, summed over the statements; sizes are the engine's estimates from the statistics.
 */
export interface WorkloadAdvice {
  indexes: IndexAdvice[];
  budgetBytes: number;
  /** Sum of the weighed statements' estimated costs (and write upkeep) without and with the set. */
  costBefore: number;
  costAfter: number;
  /** Statements weighed in the summed cost (copies of one text included). */
  statements: number;
  /** Distinct texts among them: each costed once, weighing its copies (engine dedupeStatements). */
  distinct: number;
  /** What-if plans the search asked for (the plans without new indexes not counted). */
  evaluations: number;
  note?: Localized;
  /**
   * Per advised index (same order): the statements (0-based, as given, every copy of a text) whose estimated cost is
   * at least MIN_STEP_PERCENT lower with it than without it, the rest of the set in place.
   */
  serves: number[][];
  /** Statements (0-based, as given) left out of the summed cost, and why: no plan, or a plan that cannot be costed. */
  excluded: Array<{ statement: number; reason: Localized }>;
}

export interface WorkloadOptions {
  /** Size budget for the whole set; default: the estimated size of the tables the statements read. */
  budgetBytes?: number;
  maxEvaluations?: number;
  /** Each statement's factor in the summed cost (pasted statement statistics: weighted-workload.ts); default 1. */
  weights?: number[];
  /** Upkeep an index adds to the workload's writes, in the unit of the weighted cost; default none. */
  writeCost?: (index: IndexCandidate) => number;
  /** The optimization's analysis caches (optimize.ts): the statements were read there; default a reading of its own. */
  analysisCaches?: AnalysisCaches;
}

/** A step must save at least this share of the current workload cost, in percent (exactly: atLeastOnePercentLess). */
const MIN_STEP_PERCENT = 1;
const DEFAULT_MAX_EVALUATIONS = 400;

interface Config {
  indexes: IndexCandidate[];
  cost: number;
}

/** One distinct text of the workload: what it weighs, the tables it reads, its cost without new indexes. */
interface Member {
  sql: string;
  weight: number;
  /** Positions of its copies in the input. */
  copies: number[];
  tables: Set<string>;
  candidates: IndexCandidate[];
  basePlan: PlanTree;
  baseCost: number;
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
  // Identical texts are costed once, weighing what their copies weigh together.
  const distinct = withAnalysisCaches(
    () => dedupeStatements(statements, dialect, options.weights),
    options.analysisCaches,
  );
  const members: Member[] = [];
  const excluded: WorkloadAdvice['excluded'] = [];
  for (const [g, sql] of distinct.texts.entries()) {
    const copies = distinct.members[g]!;
    // The plans without new indexes are the workload itself, not the search: maxEvaluations bounds what-if plans.
    // A statement the optimizer gives no plan, or a plan it cannot ground (PlanTree.caveat: MariaDB reading a range
    // from an empty sandbox index), has no cost to weigh: it is left out, with the reason, never counted as zero.
    const plan = await session.explain(sql, []).catch(() => undefined);
    if (!plan || plan.caveat || !Number.isFinite(plan.totalCost)) {
      const reason = plan?.caveat ?? noPlan;
      for (const statement of copies) excluded.push({ statement, reason });
      continue;
    }
    const tables = new Set(withAnalysisCaches(() => tablesRead(sql, dialect), options.analysisCaches));
    members.push({
      sql,
      weight: distinct.weights[g]!,
      copies,
      tables,
      // A candidate on a table the statement does not read is irrelevant to it (and to the search).
      // A required FULLTEXT index competes with nothing: the sandbox plans the statement with it, and each
      // statement's own advice names it.
      candidates: (candidates[copies[0]!] ?? []).filter((c) => tables.has(c.table.toLowerCase()) && !c.required),
      basePlan: plan,
      baseCost: plan.totalCost,
    });
  }
  excluded.sort((a, b) => a.statement - b.statement);

  // A statement's plan depends only on the indexes of the tables it reads: cache its cost by those.
  const costs = new Map<string, number | null>();
  const memberCost = async (m: Member, indexes: IndexCandidate[]): Promise<number | undefined> => {
    // An index whose leading column the statement neither filters, joins, groups nor sorts by (no candidate of its
    // own holds it) cannot be sought into for it: it is left out of its plan, and a step that adds
    // only such indexes costs the statement nothing new to plan.
    const relevant = indexes.filter((index) => usable(m, index)).map((index) => index.ddl);
    if (relevant.length === 0) return m.baseCost;
    const key = `${members.indexOf(m)}\n${[...relevant].sort().join('\n')}`;
    if (!costs.has(key)) {
      evaluations++;
      // A what-if index the optimizer refuses makes the configuration unusable. A plan it cannot ground counts at
      // the statement's cost without new indexes: no gain is claimed from an estimate that rests on an empty index.
      const plan = await session.explain(m.sql, relevant).catch(() => undefined);
      const estimate = plan && dialect === 'mysql' ? mariadbEstimate(m, plan, indexes, schema) : undefined;
      costs.set(key, !plan ? null : estimate !== undefined ? estimate : plan.caveat ? m.baseCost : plan.totalCost);
    }
    return costs.get(key) ?? undefined;
  };
  const workloadCost = async (indexes: IndexCandidate[]): Promise<number | undefined> => {
    let total = indexes.reduce((sum, index) => sum + (options.writeCost?.(index) ?? 0), 0);
    for (const m of members) {
      const cost = await memberCost(m, indexes);
      if (cost === undefined) return undefined;
      total += m.weight * cost;
    }
    return total;
  };

  // The tables by what the statements reading them cost, most expensive first: the search (bounded by
  // maxEvaluations) tries their columns first.
  const tableCost = new Map<string, number>();
  for (const m of members)
    for (const t of m.tables) tableCost.set(t, (tableCost.get(t) ?? 0) + m.weight * Math.max(0, m.baseCost));
  const attributes = attributesOf(
    members.map((m) => m.candidates),
    (table) => tableCost.get(table.toLowerCase()) ?? 0,
  );
  // The FULLTEXT indexes the statements' MATCH ... AGAINST need are in the set whatever it costs: without them those
  // statements do not run (the search costs them with the sandbox's own copy of each).
  const required = requiredIndexes(candidates);
  if (attributes.size === 0 && required.size === 0) return undefined;
  const relevantCandidates = members.flatMap((m) => m.candidates);
  const budgetBytes = options.budgetBytes ?? defaultBudget(schema, [...attributes.keys()]);
  const start = await workloadCost([]);
  if (start === undefined) return undefined;
  let current: Config = { indexes: [], cost: start };
  let stopped = false;

  while (attributes.size > 0) {
    let best: { config: Config; ratio: number } | undefined;
    for (const next of steps(dialect, schema, current.indexes, attributes, relevantCandidates)) {
      const bytes = sizeOf(next);
      if (bytes > budgetBytes) continue;
      if (evaluations >= maxEvaluations) {
        stopped = true;
        break;
      }
      const cost = await workloadCost(next);
      if (cost === undefined || !atLeastOnePercentLess(current.cost, cost)) continue;
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
    if (cost !== undefined && !atLeastOnePercentLess(cost, current.cost)) current = { indexes: rest, cost };
  }
  if (current.indexes.length === 0 && required.size === 0) return undefined;

  const weighed = members.reduce((n, m) => n + m.copies.length, 0);
  const indexes: IndexAdvice[] = [];
  const serves: number[][] = [];
  for (const index of current.indexes) {
    const rest = current.indexes.filter((i) => i !== index);
    const without = await workloadCost(rest);
    const served: number[] = [];
    for (const m of members) {
      const withIt = await memberCost(m, current.indexes);
      const withoutIt = await memberCost(m, rest);
      if (withIt !== undefined && withoutIt !== undefined && atLeastOnePercentLess(withoutIt, withIt))
        served.push(...m.copies);
    }
    serves.push(served.sort((a, b) => a - b));
    indexes.push({
      ddl: index.ddl,
      table: index.table,
      columns: index.columns,
      ...(index.descending?.length ? { descending: index.descending } : {}),
      ...(index.where ? { where: index.where } : {}),
      kind: index.kind,
      reason: {
        zh: `为整组 ${weighed} 条语句（${members.length} 条不同文本）选出的索引之一（预算内按"节省代价/占用空间"逐步选择）。`,
        en: `One of the set chosen for all ${weighed} statements (${members.length} distinct texts; built step by step by cost saved per byte, within the budget).`,
      },
      costBefore: start,
      costAfter: current.cost,
      ...(without !== undefined ? { benefit: Math.max(0, without - current.cost) } : {}),
      ...(index.estimatedBytes !== undefined ? { estimatedBytes: index.estimatedBytes } : {}),
    });
  }
  for (const [ddl, { candidate, statements: needing }] of required) {
    if (indexes.some((i) => i.ddl === ddl)) continue;
    serves.push(needing);
    indexes.push({
      ddl,
      table: candidate.table,
      columns: candidate.columns,
      kind: candidate.kind,
      reason: candidate.reason,
      roles: candidate.columns.map((column, i) => ({ column, role: candidate.roles[i]! })),
      estimateBasis: 'required',
    });
  }
  return {
    indexes,
    budgetBytes,
    costBefore: start,
    costAfter: current.cost,
    statements: weighed,
    distinct: members.length,
    evaluations,
    serves,
    excluded,
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

/** The required candidates (MySQL FULLTEXT for MATCH ... AGAINST) by DDL, with the statements (0-based) needing each. */
function requiredIndexes(
  candidates: IndexCandidate[][],
): Map<string, { candidate: IndexCandidate; statements: number[] }> {
  const required = new Map<string, { candidate: IndexCandidate; statements: number[] }>();
  for (const [statement, list] of candidates.entries()) {
    for (const candidate of list.filter((c) => c.required)) {
      const entry = required.get(candidate.ddl) ?? { candidate, statements: [] };
      entry.statements.push(statement);
      required.set(candidate.ddl, entry);
    }
  }
  return required;
}

/**
 * MariaDB's what-if plan for a statement on one table where its own cost does not ground the index (a range read from
 * the empty index, with a caveat; or an index read in ORDER BY order up to a LIMIT, which its plan cost leaves out:
 * `... ORDER BY created_at DESC LIMIT #{offset}, #{pageSize}` would otherwise show no saving at all), costed as the
 * statement's own advice costs it (mariadb/what-if-estimate.ts), from the index the plan reads.
 */
function mariadbEstimate(
  m: Member,
  plan: PlanTree,
  indexes: IndexCandidate[],
  schema: SchemaModel,
): number | undefined {
  const read = readIndexes(plan.root);
  const index = indexes.find((i) => read.has(i.name.toLowerCase()));
  return index ? estimateWhatIf(index, plan, m.basePlan, schema, m.sql)?.plan.totalCost : undefined;
}

function readIndexes(node: PlanNode, into = new Set<string>()): Set<string> {
  if (node.index) into.add(node.index.toLowerCase().replace(/`/g, ''));
  for (const child of node.children) readIndexes(child, into);
  return into;
}

const noPlan: Localized = {
  zh: '优化器无法为其生成执行计划，未计入整组索引的代价。',
  en: 'The optimizer gave no plan for it: it is not weighed in the index set.',
};

/** Whether the statement can seek into the index: it reads the table and uses the index's leading column. */
function usable(m: Member, index: IndexCandidate): boolean {
  const table = index.table.toLowerCase();
  const lead = index.columns[0]?.toLowerCase();
  return (
    m.tables.has(table) &&
    m.candidates.some((c) => c.table.toLowerCase() === table && c.columns.some((k) => k.toLowerCase() === lead))
  );
}

/** The tables a statement reads, lower case; none when it does not parse. */
function tablesRead(sql: string, dialect: Dialect): string[] {
  try {
    return parseStatements(sql, dialect)[0]?.tables.map((t) => t.name.toLowerCase()) ?? [];
  } catch {
    return [];
  }
}

/**
 * Whether `after` is at least MIN_STEP_PERCENT (one percent) below `before`, exactly: 100 × after ≤ 99 × before computed on
 * the decimal values the numbers print as (their shortest round-trip form), not in floating point, where
 * `before * (1 - 0.01)` is 2.9699999999999998 for 3 and an exact 1% saving (3 to 2.97) would fail. A cost that is
 * not positive has nothing to save.
 */
export function atLeastOnePercentLess(before: number, after: number): boolean {
  if (!Number.isFinite(before) || !Number.isFinite(after) || before <= 0) return false;
  const a = exactDecimal(after);
  const b = exactDecimal(before);
  const exponent = Math.min(a.exponent, b.exponent);
  const scaledA = a.digits * 10n ** BigInt(a.exponent - exponent);
  const scaledB = b.digits * 10n ** BigInt(b.exponent - exponent);
  return 100n * scaledA <= BigInt(100 - MIN_STEP_PERCENT) * scaledB;
}

/** A finite number as digits × 10^exponent, from its shortest round-trip decimal form. */
function exactDecimal(value: number): { digits: bigint; exponent: number } {
  const [mantissa, power] = value.toExponential().split('e') as [string, string];
  const [whole, fraction = ''] = mantissa.split('.') as [string, string?];
  return { digits: BigInt(whole + fraction), exponent: Number(power) - fraction.length };
}

/**
 * Indexable columns per table: every key column of the statements' own candidates, the tables in the order of
 * `cost` (highest first; ties in the order the candidates name them).
 */
function attributesOf(candidates: IndexCandidate[][], cost: (table: string) => number): Map<string, string[]> {
  const byTable = new Map<string, string[]>();
  // A GIN key (a jsonb or tsvector search) is never served by the B-trees built from these columns.
  for (const candidate of candidates.flat().filter((c) => c.kind !== 'gin')) {
    const columns = byTable.get(candidate.table) ?? [];
    for (const column of candidate.columns) if (!columns.includes(column)) columns.push(column);
    byTable.set(candidate.table, columns);
  }
  return new Map([...byTable].sort(([a], [b]) => cost(b) - cost(a)));
}

/**
 * The next configurations: one more single-column index, one chosen index extended by a column, or one more of the
 * statements' own candidates that no such B-tree builds (a GIN key, a partial index, descending keys).
 */
function* steps(
  dialect: Dialect,
  schema: SchemaModel,
  chosen: IndexCandidate[],
  attributes: Map<string, string[]>,
  candidates: IndexCandidate[],
): Generator<IndexCandidate[]> {
  // Steps no statement's own candidate points at are skipped before any plan is asked for: a single column that
  // leads no candidate (a cover column, the second column of a pair) and an extension by a column no candidate
  // holds together with the index's columns.
  const sameTable = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const leads = (table: string, column: string) =>
    candidates.some((c) => sameTable(c.table, table) && c.columns[0] === column);
  const extends_ = (index: IndexCandidate, column: string) =>
    candidates.some(
      (c) =>
        sameTable(c.table, index.table) &&
        c.columns.includes(column) &&
        index.columns.every((k) => c.columns.includes(k)),
    );
  for (const [tableName, columns] of attributes) {
    const table = findTable(schema, tableName);
    if (!table) continue;
    for (const column of columns) {
      if (chosen.some((i) => i.table === table.name && i.columns[0] === column)) continue;
      if (!leads(tableName, column)) continue;
      yield [...chosen, btreeCandidate(dialect, table, [column])];
    }
  }
  const shapes = new Set<string>();
  for (const candidate of candidates) {
    if (!builtWhole(candidate)) continue;
    if (chosen.some((i) => i.ddl === candidate.ddl) || shapes.has(candidate.ddl)) continue;
    shapes.add(candidate.ddl);
    yield [...chosen, candidate];
  }
  for (const index of chosen) {
    const table = findTable(schema, index.table);
    if (!table || index.columns.length >= MAX_KEY_COLUMNS || builtWhole(index)) continue;
    for (const column of attributes.get(index.table) ?? []) {
      if (index.columns.includes(column) || !extends_(index, column)) continue;
      const extended = btreeCandidate(dialect, table, [...index.columns, column]);
      yield chosen.map((i) => (i === index ? extended : i));
    }
  }
}

/** A candidate the search takes as it is: a column more would lose its method, predicate or directions. */
function builtWhole(candidate: IndexCandidate): boolean {
  return candidate.kind === 'gin' || candidate.where !== undefined || (candidate.descending?.length ?? 0) > 0;
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
