import type { Finding, PlanNode, PlanTree } from '@sqltune/contracts';
import { filesort } from './filesort.ts';
import { fullScanLargeTable } from './full-scan-large-table.ts';
import type { HotspotContext, HotspotMatch, PlanHotspot } from './hotspot.ts';
import { walk } from './hotspot.ts';
import { lossyBitmap } from './lossy-bitmap.ts';
import { nestedLoopLargeInput } from './nested-loop-large-input.ts';
import { rowMisestimate } from './row-misestimate.ts';
import { temporaryTable } from './temporary-table.ts';

export type { HotspotContext, PlanHotspot } from './hotspot.ts';

/** Every plan hotspot check, in the order their findings are listed. */
export const planHotspotChecks: readonly PlanHotspot[] = [
  fullScanLargeTable,
  nestedLoopLargeInput,
  filesort,
  temporaryTable,
  lossyBitmap,
  rowMisestimate,
];

interface Located {
  node: PlanNode;
  finding: Finding;
  indexTable?: string;
}

function locate(tree: PlanTree, context: HotspotContext): Located[] {
  const found: Located[] = [];
  for (const check of planHotspotChecks) {
    for (const visit of walk(tree.root)) {
      const match: HotspotMatch | undefined = check.check(visit, context);
      if (!match) continue;
      found.push({
        node: visit.node,
        ...(match.indexTable ? { indexTable: match.indexTable } : {}),
        finding: { id: check.id, severity: match.severity, title: check.title, message: match.message, rewrite: false },
      });
    }
  }
  return found;
}

/**
 * The tables (lower case) whose hotspots say an index may help: a large table scanned to filter it, or rescanned for
 * each outer row of a join. The report gives each either an advised index or the reason there is none.
 */
export function tablesAnIndexMayHelp(tree: PlanTree, context: HotspotContext = {}): string[] {
  return [...new Set(locate(tree, context).flatMap((l) => (l.indexTable ? [l.indexTable] : [])))];
}

/** The hotspots of a plan as findings (they rewrite nothing), in check order then plan order. */
export function planHotspots(tree: PlanTree, context: HotspotContext = {}): Finding[] {
  return locate(tree, context).map((l) => l.finding);
}

/**
 * The findings, and a copy of the plan whose nodes carry each hotspot's message in their warnings, so the plan
 * view highlights where they are.
 */
export function diagnosePlan(tree: PlanTree, context: HotspotContext = {}): { findings: Finding[]; plan: PlanTree } {
  const plan: PlanTree = structuredClone(tree);
  const located = locate(plan, context);
  for (const { node, finding } of located) {
    if (!node.warnings.some((w) => w.en === finding.message.en)) node.warnings.push(finding.message);
  }
  return { findings: located.map((l) => l.finding), plan };
}
