import type { PlanNode } from '@sqltune/contracts';
import { detailNumber } from './hotspots/hotspot.ts';
import { roundMs } from './numbers.ts';

/**
 * What the PostgreSQL text and JSON readers share: condition keys and the node filter built from them, and the
 * reading of parallel plans.
 */

/** The keys PostgreSQL prints for a node's conditions, in the order the planner's normalizer lists them. */
export const CONDITION_KEYS = [
  'Index Cond',
  'Recheck Cond',
  'Hash Cond',
  'Merge Cond',
  'Join Filter',
  'Filter',
  'One-Time Filter',
] as const;

export function isConditionKey(key: string): key is (typeof CONDITION_KEYS)[number] {
  return (CONDITION_KEYS as readonly string[]).includes(key);
}

/**
 * One condition: its text as EXPLAIN prints it; several: labelled and joined by "; ", as the planner's
 * normalizer does, so a user's plan and ours read the same.
 */
export function filterOf(conditions: ReadonlyMap<string, string>): string | undefined {
  const present = CONDITION_KEYS.filter((k) => conditions.has(k));
  if (present.length === 0) return undefined;
  if (present.length === 1) return conditions.get(present[0]!);
  return present.map((k) => `${k}: ${conditions.get(k)}`).join('; ');
}

/**
 * Whether the node is parallel aware (`Parallel Seq Scan`, `"Parallel Aware": true`): the processes under a Gather
 * share its work, each reading part of the table, so its rows per loop are one process's share.
 */
export function isParallelAware(node: PlanNode): boolean {
  return node.details?.some((d) => /^Parallel \w/.test(d) || d === 'Parallel Aware: true') ?? false;
}

/**
 * Under a Gather or Gather Merge every node runs in each process (the workers and the leader), and its actual time
 * is an average per loop over all of them: times the loops it sums the processes' times, which ran at once. Each such
 * node's time is divided by the processes (the loops of the Gather's child, one per process), so it reads as wall
 * time beside the statement's Execution Time (a Sort of "300 ms, loops=3" under a 316 ms statement was 900 ms).
 */
export function parallelWallTimes(node: PlanNode): void {
  if (/^Gather( Merge)?$/.test(node.node)) {
    const processes = node.children[0]?.loops ?? 1;
    if (processes > 1) for (const child of node.children) divideTimes(child, processes);
    return;
  }
  for (const child of node.children) parallelWallTimes(child);
}

function divideTimes(node: PlanNode, processes: number): void {
  if (node.actualTimeMs !== undefined) node.actualTimeMs = roundMs(node.actualTimeMs / processes);
  for (const child of node.children) divideTimes(child, processes);
}

/**
 * The parallel divisor of the Gather above a parallel scan (PostgreSQL's get_parallel_divisor, with the leader
 * taking part as it does by default): the workers, plus the leader's share of 1 - 0.3 per worker while positive.
 */
export function parallelDivisor(ancestors: PlanNode[]): number | undefined {
  const gather = ancestors.findLast((a) => /^Gather( Merge)?$/.test(a.node));
  const workers = gather ? detailNumber(gather, /^Workers Planned: (\d+)$/) : undefined;
  if (workers === undefined || workers < 1) return undefined;
  return workers + Math.max(0, 1 - 0.3 * workers);
}
