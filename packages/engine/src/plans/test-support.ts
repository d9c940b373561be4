/** Helpers for the plan readers' tests (pure: the tests run the databases themselves). */
import type { PlanNode } from '@sqltune/contracts';

export interface Shape {
  node: string;
  relation?: string;
  index?: string;
  rows?: number;
  cost?: number;
  filter?: string;
  actualRows?: number;
  loops?: number;
  children: Shape[];
}

/** The parts of a tree two formats of the same plan must agree on; `with` adds fields to compare. */
export function shape(
  node: PlanNode,
  options: { estimates?: boolean; filter?: boolean; actuals?: boolean } = {},
): Shape {
  const out: Shape = { node: node.node, children: node.children.map((c) => shape(c, options)) };
  if (node.relation !== undefined) out.relation = node.relation;
  if (node.index !== undefined) out.index = node.index;
  if (options.estimates) {
    out.rows = node.rows;
    out.cost = node.cost;
  }
  if (options.filter && node.filter !== undefined) out.filter = node.filter;
  if (options.actuals && node.actualRows !== undefined) out.actualRows = node.actualRows;
  if (options.actuals && node.loops !== undefined) out.loops = node.loops;
  return out;
}

/** Every node of a tree, depth first. */
export function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...node.children.flatMap(nodesOf)];
}
