/** Helpers for the plan readers' tests (pure: the tests run the databases themselves). */
import type { PlanNode, PlanTree } from '@sqltune/contracts';

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

/**
 * What a plan reads to, for comparing two pastes of one plan: its nodes with their estimates, conditions and
 * measures, every node's details (blanks collapsed: a wrap may have eaten one of two), and the statement's time.
 */
export function reading(tree: PlanTree) {
  return {
    format: tree.format,
    root: shape(tree.root, { estimates: true, filter: true, actuals: true }),
    details: nodesOf(tree.root).map((n) => (n.details ?? []).map((d) => d.replace(/\s+/g, ' '))),
    executionTimeMs: tree.executionTimeMs,
  };
}

/** Every node of a tree, depth first. */
export function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...node.children.flatMap(nodesOf)];
}

/**
 * The text as a mail client or a chat app wraps it at `width` columns: a longer line is broken at its last blank
 * that fits (past its indentation), the blanks there dropped; a word longer than the width is left whole.
 */
export function wrapWords(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((line) => {
      const pieces: string[] = [];
      let rest = line;
      while (rest.length > width) {
        const indent = rest.length - rest.trimStart().length;
        let at = rest.lastIndexOf(' ', width);
        if (at <= indent) at = rest.indexOf(' ', width);
        if (at <= indent) break;
        pieces.push(rest.slice(0, at).trimEnd());
        rest = rest.slice(at).trimStart();
      }
      return [...pieces, rest];
    })
    .join('\n');
}

/** The text as a terminal `width` columns wide shows it: every longer line cut into pieces of `width` characters. */
export function cutAt(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((line) => {
      const pieces: string[] = [];
      for (let at = 0; at < line.length; at += width) pieces.push(line.slice(at, at + width));
      return pieces.length > 0 ? pieces : [''];
    })
    .join('\n');
}
