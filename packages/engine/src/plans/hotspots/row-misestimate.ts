import type { PlanNode } from '@sqltune/contracts';
import { NOT_ESTIMATED } from '../mysql-tree.ts';
import { formatCount, formatRows } from '../numbers.ts';
import { type HotspotMatch, nodeLabel, type PlanHotspot, type PlanVisit } from './hotspot.ts';

/** Estimates off by this factor or more (either way) make the optimizer choose join orders and methods blindly. */
export const MISESTIMATE_FACTOR = 10;
/** Below this many rows on both sides a wrong estimate changes no plan worth mentioning. */
export const MISESTIMATE_MIN_ROWS = 100;

/**
 * Estimated rows against measured rows (both per loop, as every ANALYZE format prints them). A wrong estimate
 * spreads to every node above it, so only the lowest wrong nodes are reported: where the error starts. Under a
 * Limit, fewer rows than estimated is expected (execution stops early) and not reported.
 */
export const rowMisestimate: PlanHotspot = {
  id: 'plan-row-misestimate',
  title: { zh: '行数估算严重偏差', en: 'Row estimate off by 10x or more' },
  check({ node, ancestors }: PlanVisit): HotspotMatch | undefined {
    const underLimit = ancestors.some(isLimit);
    if (!misestimated(node, underLimit) || hasMisestimatedDescendant(node, underLimit)) return undefined;
    const estimated = node.rows;
    const actual = node.actualRows!;
    const factor = Math.max(estimated, actual) / Math.max(Math.min(estimated, actual), 1);
    const label = nodeLabel(node);
    const table = node.relation ? { zh: `表 ${node.relation} 的`, en: ` of ${node.relation}` } : { zh: '', en: '' };
    return {
      severity: 'warning',
      message: {
        zh: `${label.zh} 估算 ${formatCount(estimated)} 行，实际 ${formatCount(actual)} 行（相差约 ${formatCount(factor)} 倍）：更新${table.zh}统计信息（ANALYZE / ANALYZE TABLE），或检查相关列的条件`,
        en: `${label.en} was estimated at ${formatRows(estimated)} but returned ${formatCount(actual)} (about ${formatCount(factor)}x off): refresh the statistics${table.en} (ANALYZE / ANALYZE TABLE) or check conditions on correlated columns`,
      },
    };
  },
};

function isLimit(node: PlanNode): boolean {
  return node.node === 'Limit';
}

function misestimated(node: PlanNode, underLimit: boolean): boolean {
  if (node.actualRows === undefined || node.loops === 0 || node.details?.includes(NOT_ESTIMATED)) return false;
  const estimated = node.rows;
  const actual = node.actualRows;
  if (Math.max(estimated, actual) < MISESTIMATE_MIN_ROWS) return false;
  if (underLimit && actual < estimated) return false;
  return Math.max(estimated, actual) / Math.max(Math.min(estimated, actual), 1) >= MISESTIMATE_FACTOR;
}

function hasMisestimatedDescendant(node: PlanNode, underLimit: boolean): boolean {
  return node.children.some((child) => {
    const limited = underLimit || isLimit(node);
    return misestimated(child, limited) || hasMisestimatedDescendant(child, limited);
  });
}
