import {
  type IndexAdvice,
  type IndexEstimateBasis,
  type IndexGap,
  indexShapeText,
  type Localized,
  type PlanNode,
  type PlanTree,
} from '@sqltune/contracts';
import { findTable, type IndexCandidate, type SchemaModel, servesComparisons } from '@sqltune/engine';
import type { PlannerSession, PlanTableRows } from './types.ts';

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
  /** Set when the cost is an estimate made beside the optimizer's plan cost (see WhatIfEstimator). */
  basis?: IndexEstimateBasis;
}

/**
 * A cost for a single candidate's what-if plan that the optimizer's own cost does not ground (MariaDB: ranges read
 * from the empty what-if index, LIMIT savings its plan cost leaves out), or undefined to keep the plan as it is.
 */
export type WhatIfEstimator = (
  candidate: IndexCandidate,
  plan: PlanTree,
  baseline: PlanTree,
) => { plan: PlanTree; basis: IndexEstimateBasis } | undefined;

export async function adviseIndexes(
  session: PlannerSession,
  statement: string,
  candidates: IndexCandidate[],
  schema: SchemaModel,
  baseline: PlanTree,
  limits: AdvisorLimits = defaultLimits,
): Promise<IndexAdvice[]> {
  return (await adviseStatementIndexes(session, statement, candidates, schema, baseline, limits)).indexes;
}

/**
 * The advised set, and for each table that had candidates but gets no index, why (the report names it when a plan
 * hotspot says an index on that table may help).
 */
export async function adviseStatementIndexes(
  session: PlannerSession,
  statement: string,
  candidates: IndexCandidate[],
  schema: SchemaModel,
  baseline: PlanTree,
  limits: AdvisorLimits = defaultLimits,
  estimate?: WhatIfEstimator,
): Promise<{ indexes: IndexAdvice[]; declined: IndexGap[] }> {
  // A FULLTEXT index a MATCH ... AGAINST needs is not weighed: the sandbox plans the statement with it (the baseline
  // already holds it) and has no plan without it. It is advised with the cost of the plan with the chosen set.
  const required = candidates.filter((c) => c.required);
  const advised = await searchIndexes(
    session,
    statement,
    candidates.filter((c) => !c.required),
    schema,
    baseline,
    limits,
    estimate,
  );
  if (required.length === 0) return advised;
  const withSet =
    advised.indexes.length > 0 && advised.indexes[0]!.costAfter !== undefined
      ? await session
          .explain(
            statement,
            advised.indexes.map((i) => i.ddl),
          )
          .catch(() => undefined)
      : baseline;
  return {
    ...advised,
    indexes: [...required.map((candidate) => requiredAdvice(candidate, schema, withSet)), ...advised.indexes],
  };
}

/** The set search over the candidates that compete (every one but the required FULLTEXT indexes). */
async function searchIndexes(
  session: PlannerSession,
  statement: string,
  candidates: IndexCandidate[],
  schema: SchemaModel,
  baseline: PlanTree,
  limits: AdvisorLimits,
  estimate?: WhatIfEstimator,
): Promise<{ indexes: IndexAdvice[]; declined: IndexGap[] }> {
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
    const estimated = plan && estimate?.(candidate, plan, baseline);
    if (estimated) singles.push({ candidate, ...estimated });
    else if (plan) singles.push({ candidate, plan });
  }
  const basisOf = (candidate: IndexCandidate) => singles.find((s) => s.candidate === candidate)?.basis;
  const result = (indexes: IndexAdvice[]) => ({
    indexes,
    // HypoPG's sessions name it: only there is a GIN refused for what it is (PGlite builds real ones).
    declined: declinedTables(
      candidates,
      singles,
      indexes,
      baseline,
      limits,
      schema,
      failed,
      /HypoPG/.test(session.source),
    ),
  });
  if (baseline.caveat) return result(uncostedAdvice(singles, baseline, schema));
  // Candidates whose plan the optimizer cannot ground are advised without a cost, and only if no costed set is found.
  const uncertain = singles.filter((s) => s.plan.caveat);
  const shortlist = singles
    .filter((s) => !s.plan.caveat && usesIndex(s.plan.root, s.candidate) && s.plan.totalCost < baseline.totalCost)
    .sort((a, b) => a.plan.totalCost - b.plan.totalCost)
    .slice(0, SHORTLIST);
  // A join chain's indexes may pay only together: alone, one leaves the join order as it was (MariaDB join-three:
  // users (name) kept the join buffer over order_lines; an order_lines (order_id) read from the empty what-if
  // index has no grounded cost, and orders (user_id) was not read alone). The set of every table's first
  // candidate, costed at once, is a second start beside the greedy one; the pruning pass below drops what it does
  // not need (an index the plan does not read costs nothing to drop).
  const perTable = new Map<string, IndexCandidate>();
  for (const s of singles) if (!perTable.has(s.candidate.table)) perTable.set(s.candidate.table, s.candidate);
  const grounded = (plan: PlanTree | undefined) =>
    plan && !plan.caveat && plan.totalCost < baseline.totalCost * (1 - limits.minImprovement) ? plan : undefined;
  const starts: Array<{ set: IndexCandidate[]; plan: PlanTree }> = [];
  const together = [...perTable.values()];
  const joint = grounded(
    together.length > 1 && together.length <= limits.maxIndexes ? await cost(together) : undefined,
  );
  if (joint) starts.push({ set: together, plan: joint });
  // An OR of searches on several columns of a table (`title ILIKE '%x%' OR body ILIKE '%x%'`) reads indexes only
  // when every branch has one (a BitmapOr): alone, each GIN leaves the scan. A table's GIN keys are costed together,
  // and kept only if the plan reads every one of them.
  for (const table of new Set(singles.map((s) => s.candidate.table))) {
    const gins = singles
      .filter((s) => s.candidate.table === table && s.candidate.kind === 'gin')
      .map((s) => s.candidate);
    if (gins.length < 2 || gins.length > limits.maxIndexes || evaluations >= limits.maxEvaluations) continue;
    const plan = grounded(await cost(gins));
    if (plan && gins.every((c) => usesIndex(plan.root, c))) starts.push({ set: gins, plan });
  }
  const cheapestStart = starts.sort((a, b) => a.plan.totalCost - b.plan.totalCost)[0];
  if (shortlist.length === 0 && !cheapestStart) return result(uncostedAdvice(uncertain, baseline, schema));

  // Greedy: start from the best single index, add the one that lowers the cost most while each step pays.
  let chosen = shortlist.length > 0 ? [shortlist[0]!.candidate] : cheapestStart!.set;
  let best = shortlist.length > 0 ? shortlist[0]!.plan : cheapestStart!.plan;
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
  if (cheapestStart && cheapestStart.plan.totalCost < best.totalCost * (1 - limits.minStep)) {
    chosen = cheapestStart.set;
    best = cheapestStart.plan;
  }
  if (best.totalCost > baseline.totalCost * (1 - limits.minImprovement))
    return result(uncostedAdvice(uncertain, baseline, schema));

  // The cheapest set that reaches the best cost: drop what the others make unnecessary.
  for (const candidate of [...chosen]) {
    if (chosen.length === 1) break;
    const without = await cost(chosen.filter((c) => c !== candidate));
    // A plan with a caveat (a range read from the empty what-if index) has no cost to compare.
    if (without && !without.caveat && without.totalCost <= best.totalCost * (1 + PRUNE_TOLERANCE)) {
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
  return result(
    chosen.map((candidate) => ({
      ...adviceFor(candidate, schema, chosen.length === 1 ? (basisOf(candidate) ?? true) : true),
      costBefore: baseline.totalCost,
      costAfter: best.totalCost,
      benefit: benefits.get(candidate) ?? baseline.totalCost - best.totalCost,
    })),
  );
}

/**
 * The advice for an index the statement cannot run without: no gain (there is no plan without it), the cost of the
 * optimizer's plan with it and the other advised indexes, and whether that plan reads it.
 */
function requiredAdvice(candidate: IndexCandidate, schema: SchemaModel, plan: PlanTree | undefined): IndexAdvice {
  const advice = adviceFor(candidate, schema, 'required');
  if (!plan) return advice;
  const cost = plan.totalCost.toFixed(2);
  const read = usesIndex(plan.root, candidate);
  const planned: Localized = plan.caveat
    ? {
        zh: `带上它的执行计划${read ? '读取了它' : ''}，但优化器无法给出可靠的代价：${plan.caveat.zh}`,
        en: `The plan with it${read ? ' reads it' : ''}, but the optimizer cannot ground its cost: ${plan.caveat.en}`,
      }
    : read
      ? {
          zh: `优化器带上它的执行计划用它做全文检索，估算代价 ${cost}。`,
          en: `The optimizer's plan with it reads it for the search, at an estimated cost of ${cost}.`,
        }
      : {
          zh: `优化器带上它的执行计划估算代价 ${cost}，没有用它查找行（MATCH 不在 WHERE 中时按行计算相关度），但语句仍然需要它。`,
          en: `The optimizer's plan with it costs ${cost} and does not look rows up through it (a MATCH outside the WHERE scores each row read), but the statement still needs it.`,
        };
  return {
    ...advice,
    reason: { zh: `${advice.reason.zh} ${planned.zh}`, en: `${advice.reason.en} ${planned.en}` },
    ...(plan.caveat ? {} : { costAfter: plan.totalCost }),
  };
}

/**
 * Why each table with candidates got no advised index: the optimizer could not cost them (a caveat), the best one
 * saved too little to pay for its writes, or no candidate was read in a cheaper plan (with "no statistics" when the
 * table had none, so the optimizer planned it with default sizes).
 */
function declinedTables(
  candidates: IndexCandidate[],
  singles: Costed[],
  advised: IndexAdvice[],
  baseline: PlanTree,
  limits: AdvisorLimits,
  schema: SchemaModel,
  refused: Set<IndexCandidate>,
  hypoPg: boolean,
): IndexGap[] {
  const gaps: IndexGap[] = [];
  const tables = [...new Set(candidates.map((c) => c.table))];
  for (const table of tables) {
    if (advised.some((a) => a.table === table)) continue;
    const costed = singles.filter((s) => s.candidate.table === table);
    const notBuilt = candidates.filter((c) => c.table === table && refused.has(c));
    if (costed.length === 0 && notBuilt.length > 0) {
      gaps.push({ table, reason: 'uncostable', message: whatIfRefused(table, notBuilt, hypoPg) });
      continue;
    }
    const read = costed.filter((s) => usesIndex(s.plan.root, s.candidate));
    const grounded = read.filter((s) => !s.plan.caveat && !baseline.caveat);
    const cheapest = grounded.sort((a, b) => a.plan.totalCost - b.plan.totalCost)[0];
    if (cheapest && cheapest.plan.totalCost < baseline.totalCost) {
      const saved = (baseline.totalCost - cheapest.plan.totalCost) / baseline.totalCost;
      gaps.push({ table, reason: 'write-cost', message: tooLittleSaved(cheapest.candidate, saved, limits) });
    } else if (read.some((s) => s.plan.caveat || baseline.caveat)) {
      // The caveat of a candidate the optimizer read but could not cost (another may be read and costed).
      const ungrounded = read.find((s) => s.plan.caveat || baseline.caveat)!;
      gaps.push({
        table,
        reason: 'uncostable',
        message: uncostable(table, (ungrounded.plan.caveat ?? baseline.caveat)!),
      });
    } else if (!findTable(schema, table)?.statistics) {
      gaps.push({ table, reason: 'no-statistics', message: noStatistics(table) });
    } else {
      gaps.push({ table, reason: 'optimizer-declined', message: declined(table, costed.length) });
    }
  }
  return gaps;
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function tooLittleSaved(candidate: IndexCandidate, saved: number, limits: AdvisorLimits): Localized {
  const columns = indexShapeText(candidate);
  return {
    zh: `最好的候选索引 ${columns} 只让估算代价降低 ${percent(saved)}，不到 ${percent(limits.minImprovement)}：抵不上它的写入开销和空间。`,
    en: `The best candidate, ${columns}, cut the estimated cost by only ${percent(saved)}, under ${percent(limits.minImprovement)}: not worth its write cost and size.`,
  };
}

function uncostable(table: string, caveat: Localized): Localized {
  return {
    zh: `优化器读取了 ${table} 上的候选索引，但无法给出可靠的代价，因此不推荐：${caveat.zh}`,
    en: `The optimizer read a candidate index on ${table} but could not ground its cost, so none is advised: ${caveat.en}`,
  };
}

/** Every candidate on the table was refused as a what-if index (HypoPG builds no GIN), so none had a plan. */
function whatIfRefused(table: string, candidates: IndexCandidate[], hypoPg: boolean): Localized {
  const gin = hypoPg && candidates.some((c) => c.kind === 'gin');
  return {
    zh: `沙箱无法为 ${table} 上的 ${candidates.length} 个候选索引创建假设索引${gin ? '（HypoPG 只模拟 B-tree、BRIN、hash 和 bloom 索引，不能模拟 GIN）' : ''}，没有计划可以比较，因此不推荐。`,
    en: `The sandbox could not create the what-if index for ${candidates.length} candidate(s) on ${table}${gin ? ' (HypoPG models B-tree, BRIN, hash and bloom indexes, not GIN)' : ''}, so there is no plan to compare and none is advised.`,
  };
}

function noStatistics(table: string): Localized {
  return {
    zh: `${table} 没有统计信息：优化器按默认大小规划它，在这个大小下没有索引更便宜。请提供它的行数和列统计信息。`,
    en: `${table} has no statistics: the optimizer planned it at its default size, where no index was cheaper. Give its row count and column statistics.`,
  };
}

/**
 * A table without statistics that was planned at the size its pasted plan shows (PlanRequest.rowsFromPlan), not the
 * default: its "no statistics" gap says so.
 */
export function sizedByPlan(gap: IndexGap, rowsFromPlan: PlanTableRows[]): IndexGap {
  const sized = rowsFromPlan.find((t) => t.table.toLowerCase() === gap.table.toLowerCase());
  if (gap.reason !== 'no-statistics' || !sized) return gap;
  const count = sized.rows.toLocaleString('en-US');
  return {
    ...gap,
    message: {
      zh: `${gap.table} 没有统计信息：优化器按粘贴的执行计划中的行数（${count} 行）和默认的列统计规划它，在此条件下没有索引更便宜。请提供它的列统计信息。`,
      en: `${gap.table} has no statistics: the optimizer planned it at the size the pasted plan shows (${count} rows) with default column statistics, where no index was cheaper. Give its column statistics.`,
    },
  };
}

function declined(table: string, costed: number): Localized {
  return {
    zh: `优化器评估了 ${table} 上的 ${costed} 个候选索引，没有一个能在更便宜的计划中被使用（按统计信息，扫描更便宜）。`,
    en: `The optimizer costed ${costed} candidate index(es) on ${table} and read none of them in a cheaper plan (by the statistics, the scan is cheaper).`,
  };
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
    const advice = adviceFor(candidate, schema, false);
    const caveat = plan.caveat ?? baseline.caveat;
    perTable.set(candidate.table, caveat ? { ...advice, reason: withCaveat(advice.reason, caveat) } : advice);
  }
  return [...perTable.values()];
}

/**
 * The advice for a candidate, with each column's role and what its estimate rests on: the user's column statistics,
 * the optimizer's default selectivity for the key columns that have none, or no cost at all.
 */
function adviceFor(candidate: IndexCandidate, schema: SchemaModel, costed: boolean | IndexEstimateBasis): IndexAdvice {
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
    ...(candidate.descending?.length ? { descending: candidate.descending } : {}),
    ...(candidate.where ? { where: candidate.where } : {}),
    kind: candidate.kind,
    reason,
    ...(candidate.estimatedBytes !== undefined ? { estimatedBytes: candidate.estimatedBytes } : {}),
    roles: [...candidate.columns, ...candidate.include].map((column, i) => ({ column, role: candidate.roles[i]! })),
    estimateBasis:
      typeof costed === 'string'
        ? costed
        : !costed
          ? 'uncosted'
          : candidate.missingStatistics.length > 0
            ? 'default-selectivity'
            : 'column-statistics',
    ...(candidate.missingStatistics.length > 0 ? { missingStatistics: candidate.missingStatistics } : {}),
  };
}

/**
 * Existing non-unique indexes whose columns lead the candidate's key: redundant once it exists. A partial candidate
 * replaces none: it holds only some rows, and the existing index serves queries on the others; nor does a GIN or
 * FULLTEXT one.
 */
function replacedIndexes(candidate: IndexCandidate, schema: SchemaModel): string[] {
  // A GIN or FULLTEXT index serves other operators than the B-tree its columns start like (MATCH, @>, LIKE '%x%').
  if (candidate.where || candidate.kind === 'gin' || candidate.kind === 'fulltext') return [];
  const table = findTable(schema, candidate.table);
  return (table?.indexes ?? [])
    .filter(
      (index) =>
        !index.unique &&
        index.name &&
        servesComparisons(index) &&
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
