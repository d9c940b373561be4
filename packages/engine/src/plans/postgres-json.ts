/**
 * PostgreSQL EXPLAIN (FORMAT JSON), with or without ANALYZE -> PlanTree: the one reading of that format, for plans users
 * paste and for the optimizer's own (packages/planner/src/pglite/plan-json.ts adds its warnings on top). node = "Node Type", relation = "Relation Name",
 * index = "Index Name", rows = "Plan Rows", cost = "Total Cost", children = "Plans", filter from the condition keys.
 * Under ANALYZE: actualRows = "Actual Rows" (per loop), loops = "Actual Loops", actualTimeMs = "Actual Total Time"
 * times the loops. The node's other keys become its details ("Sort Method: quicksort").
 */
import type { PlanNode, PlanTree } from '@sqltune/contracts';
import { isObject, type Json, numberOf, roundMs } from './numbers.ts';
import { filterOf, isConditionKey, parallelWallTimes } from './postgres-common.ts';

/** Keys that are read into the node's fields, or say nothing a reader needs. */
const STRUCTURAL_KEYS = new Set([
  'Node Type',
  'Plans',
  'Relation Name',
  'Index Name',
  'Plan Rows',
  'Total Cost',
  'Startup Cost',
  'Plan Width',
  'Actual Rows',
  'Actual Loops',
  'Actual Total Time',
  'Actual Startup Time',
  'Parallel Aware',
  'Async Capable',
  'Parent Relationship',
  'Schema',
  'Workers',
]);

/** The root plan object in what EXPLAIN (FORMAT JSON) returns, or undefined when the JSON is something else. */
export function postgresPlanRoot(json: unknown): { plan: Json; top: Json } | undefined {
  let value = json;
  if (Array.isArray(value)) value = value[0];
  if (isObject(value) && 'QUERY PLAN' in value) return postgresPlanRoot(value['QUERY PLAN']);
  if (!isObject(value) || !isObject(value.Plan)) return undefined;
  if (typeof value.Plan['Node Type'] !== 'string') return undefined;
  return { plan: value.Plan, top: value };
}

export function readPostgresJson(root: { plan: Json; top: Json }, raw: string): PlanTree {
  const node = postgresPlanNode(root.plan);
  parallelWallTimes(node);
  const tree: PlanTree = { root: node, totalCost: node.cost, raw, format: 'postgresql-json' };
  const executionTime = numberOf(root.top['Execution Time']);
  if (executionTime !== undefined) tree.executionTimeMs = executionTime;
  return tree;
}

export interface PostgresNodeOptions {
  /**
   * Keep the node's other keys ("Sort Key", "Join Type", ...) as its details (default true). The optimizer's own
   * plans leave them out: their raw text beside the tree already shows them.
   */
  readonly details?: boolean;
}

/** One node of EXPLAIN (FORMAT JSON) and its subtree as the report's PlanNode; the one reading of that format. */
export function postgresPlanNode(plan: Json, options: PostgresNodeOptions = {}): PlanNode {
  const withDetails = options.details ?? true;
  const children = Array.isArray(plan.Plans)
    ? plan.Plans.filter(isObject).map((child) => postgresPlanNode(child, options))
    : [];
  const node: PlanNode = {
    node: String(plan['Node Type']),
    rows: numberOf(plan['Plan Rows']) ?? 0,
    cost: numberOf(plan['Total Cost']) ?? 0,
    warnings: [],
    children,
  };
  if (typeof plan['Relation Name'] === 'string') node.relation = plan['Relation Name'];
  if (typeof plan['Index Name'] === 'string') node.index = plan['Index Name'];
  const loops = numberOf(plan['Actual Loops']);
  if (loops !== undefined) {
    node.loops = loops;
    node.actualRows = numberOf(plan['Actual Rows']) ?? 0;
    const time = numberOf(plan['Actual Total Time']);
    if (time !== undefined) node.actualTimeMs = roundMs(time * loops);
  }
  const conditions = new Map<string, string>();
  const details: string[] = [];
  for (const [key, value] of Object.entries(plan)) {
    if (STRUCTURAL_KEYS.has(key) || key.startsWith('Actual ')) continue;
    if (isConditionKey(key) && typeof value === 'string') conditions.set(key, value);
    else {
      const text = detailValue(value);
      if (text !== undefined) details.push(`${key}: ${text}`);
    }
  }
  const filter = filterOf(conditions);
  if (filter !== undefined) node.filter = filter;
  // The text format says it in the node's name ("Parallel Seq Scan"), kept as its first detail.
  if (plan['Parallel Aware'] === true) details.unshift('Parallel Aware: true');
  if (withDetails && details.length > 0) node.details = details;
  return node;
}

function detailValue(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.join(', ');
  }
  return undefined;
}
