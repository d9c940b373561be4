import type { IndexAdvice, Localized, PlanNode, PlanTree } from '@sqltune/contracts';
import { findTable, type IndexCandidate, type SchemaModel } from '@sqltune/engine';
import type { PlannerSession } from './types.ts';

/**
 * The index advisor for one statement: every candidate is costed by the real optimizer with what-if indexes
 * (HypoPG, or real indexes on the empty sandbox tables), then a greedy search builds the set that reaches the
 * lowest cost, and a last pass drops any index the set does not need. Advice must be an index the optimizer reads
 * in the cheaper plan, not just a cheaper estimate.
 */
export interface AdvisorLimits {
  /** The set must lower the cost by at least this share, or nothing is advised. */
  minImprovement: number;
  /** Each further index must lower the cost by at least this share of the current cost. */
  minStep: number;
  maxIndexes: number;
  /** What-if plans per statement, at most (each costs one EXPLAIN with index builds on the sandbox). */
  maxEvaluations: number;
}

export const defaultLimits: AdvisorLimits = { minImprovement: 0.1, minStep: 0.05, maxIndexes: 3, maxEvaluations: 24 };

/** Candidates carried into the combination rounds, best single cost first. */
const SHORTLIST = 6;
/** An index whose removal costs less than this share is not needed by the set. */
const PRUNE_TOLERANCE = 0.02;

interface Costed {
  candidate: IndexCandidate;
  plan: PlanTree;
}

export async function adviseIndexes(
  session: PlannerSession,
  statement: string,
  candidates: IndexCandidate[],
  schema: SchemaModel,
  baseline: PlanTree,
  limits: AdvisorLimits = defaultLimits,
): Promise<IndexAdvice[]> {
  let evaluations = 0;
  const failed = new Set<IndexCandidate>();
  // A what-if index the database refuses (a key too long for MySQL, say) is left out, never fails the task.
  const cost = async (set: IndexCandidate[]): Promise<PlanTree | undefined> => {
    if (set.some((c) => failed.has(c))) return undefined;
    evaluations++;
    try {
      return await session.explain(
        statement,
        set.map((c) => c.ddl),
      );
    } catch {
      if (set.length === 1) failed.add(set[0]!);
      return undefined;
    }
  };

  const singles: Costed[] = [];
  for (const candidate of candidates) {
    if (evaluations >= limits.maxEvaluations) break;
    const plan = await cost([candidate]);
    if (plan) singles.push({ candidate, plan });
  }
  if (baseline.caveat) return uncostedAdvice(singles, baseline, schema);
  // Candidates whose plan the optimizer cannot ground are advised without a cost, and only if no costed set is found.
  const uncertain = singles.filter((s) => s.plan.caveat);
  const shortlist = singles
    .filter((s) => !s.plan.caveat && usesIndex(s.plan.root, s.candidate) && s.plan.totalCost < baseline.totalCost)
    .sort((a, b) => a.plan.totalCost - b.plan.totalCost)
    .slice(0, SHORTLIST);
  if (shortlist.length === 0) return uncostedAdvice(uncertain, baseline, schema);

  // Greedy: start from the best single index, add the one that lowers the cost most while each step pays.
  let chosen = [shortlist[0]!.candidate];
  let best = shortlist[0]!.plan;
  while (chosen.length < limits.maxIndexes && evaluations < limits.maxEvaluations) {
    let step: Costed | undefined;
    for (const { candidate } of shortlist) {
      if (chosen.includes(candidate) || overlaps(candidate, chosen)) continue;
      if (evaluations >= limits.maxEvaluations) break;
      const plan = await cost([...chosen, candidate]);
      if (!plan || !usesIndex(plan.root, candidate) || plan.caveat) continue;
      if (!step || plan.totalCost < step.plan.totalCost) step = { candidate, plan };
    }
    if (!step || step.plan.totalCost > best.totalCost * (1 - limits.minStep)) break;
    chosen = [...chosen, step.candidate];
    best = step.plan;
  }
  if (best.totalCost > baseline.totalCost * (1 - limits.minImprovement))
    return uncostedAdvice(uncertain, baseline, schema);

  // The cheapest set that reaches the best cost: drop what the others make unnecessary.
  for (const candidate of [...chosen]) {
    if (chosen.length === 1) break;
    const without = await cost(chosen.filter((c) => c !== candidate));
    if (without && without.totalCost <= best.totalCost * (1 + PRUNE_TOLERANCE)) {
      chosen = chosen.filter((c) => c !== candidate);
      best = without.totalCost < best.totalCost ? without : best;
    }
  }
  // Each index's benefit: what the cost would be without it, the others kept.
  const benefits = new Map<IndexCandidate, number>();
  for (const candidate of chosen) {
    const without = chosen.length === 1 ? baseline : await cost(chosen.filter((c) => c !== candidate));
    if (without) benefits.set(candidate, Math.max(0, without.totalCost - best.totalCost));
  }
  return chosen.map((candidate) => ({
    ...adviceFor(candidate, schema),
    costBefore: baseline.totalCost,
    costAfter: best.totalCost,
    benefit: benefits.get(candidate) ?? baseline.totalCost - best.totalCost,
  }));
}

/** Two indexes on the same table where one's key starts with the other's: the set never needs both. */
function overlaps(candidate: IndexCandidate, chosen: IndexCandidate[]): boolean {
  return chosen.some((other) => {
    if (other.table !== candidate.table) return false;
    const [short, long] = other.columns.length <= candidate.columns.length ? [other, candidate] : [candidate, other];
    return short.columns.every((c, i) => long.columns[i] === c);
  });
}

/**
 * When the optimizer cannot ground its estimates (PlanTree.caveat, e.g. MariaDB reading range sizes from the empty
 * sandbox index), the advice keeps the lookup candidates it chose, one per table, without a cost: the report says
 * the gain is unknown rather than showing a number nobody measured.
 */
function uncostedAdvice(singles: Costed[], baseline: PlanTree, schema: SchemaModel): IndexAdvice[] {
  const perTable = new Map<string, IndexAdvice>();
  for (const { candidate, plan } of singles) {
    if (perTable.has(candidate.table) || !usesIndex(plan.root, candidate)) continue;
    // An index led by a range column is chosen because the empty index makes the range look like one row: that
    // choice says nothing (bench:quality, MariaDB Q5: such an index made the query 0.8x). A lookup on equality
    // columns is estimated from the injected statistics, so that choice stands.
    if (candidate.equalityPrefix === 0) continue;
    const advice = adviceFor(candidate, schema);
    const caveat = plan.caveat ?? baseline.caveat;
    perTable.set(candidate.table, caveat ? { ...advice, reason: withCaveat(advice.reason, caveat) } : advice);
  }
  return [...perTable.values()];
}

function adviceFor(candidate: IndexCandidate, schema: SchemaModel): IndexAdvice {
  const replaced = replacedIndexes(candidate, schema);
  const reason: Localized = replaced.length
    ? {
        zh: `${candidate.reason.zh} 它以已有索引 ${replaced.join(', ')} 的列开头，可以取代该索引。`,
        en: `${candidate.reason.en} It starts with the columns of the existing ${replaced.join(', ')}, which it can replace.`,
      }
    : candidate.reason;
  return {
    ddl: candidate.ddl,
    table: candidate.table,
    columns: candidate.columns,
    ...(candidate.include.length > 0 ? { include: candidate.include } : {}),
    kind: candidate.kind,
    reason,
    ...(candidate.estimatedBytes !== undefined ? { estimatedBytes: candidate.estimatedBytes } : {}),
  };
}

/** Existing non-unique indexes whose columns lead the candidate's key: redundant once it exists. */
function replacedIndexes(candidate: IndexCandidate, schema: SchemaModel): string[] {
  const table = findTable(schema, candidate.table);
  return (table?.indexes ?? [])
    .filter(
      (index) =>
        !index.unique &&
        index.name &&
        index.columns.length < candidate.columns.length &&
        index.columns.every((c, i) => candidate.columns[i]?.toLowerCase() === c.toLowerCase()),
    )
    .map((index) => index.name!);
}

/** Whether the plan reads through the candidate (by its name; HypoPG plans show the candidate's own name too). */
export function usesIndex(node: PlanNode, candidate: Pick<IndexCandidate, 'name' | 'columns'>): boolean {
  const name = node.index?.toLowerCase().replace(/[`"]/g, '');
  if (name && (name === candidate.name || name.endsWith(`_${candidate.columns.join('_').toLowerCase()}`))) return true;
  return node.children.some((c) => usesIndex(c, candidate));
}

function withCaveat(reason: Localized, caveat: Localized): Localized {
  return {
    zh: `${reason.zh} 优化器选择了该索引，但无法可靠估算收益：${caveat.zh}`,
    en: `${reason.en} The optimizer chose this index, but cannot estimate the gain reliably: ${caveat.en}`,
  };
}
