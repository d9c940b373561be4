import type { PlanNode } from '@sqltune/contracts';
import { NOT_ESTIMATED, ZERO_ESTIMATE } from '../mysql-tree.ts';
import { formatCount, formatRows } from '../numbers.ts';
import { detailNumber, type HotspotMatch, nodeLabel, type PlanHotspot, type PlanVisit } from './hotspot.ts';

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
    const { estimated, actual, shares } = rowsCompared(node);
    const factor = Math.max(estimated, actual) / Math.max(Math.min(estimated, actual), 1);
    const label = nodeLabel(node);
    const table = node.relation ? { zh: `表 ${node.relation} 的`, en: ` of ${node.relation}` } : { zh: '', en: '' };
    const advice = SET_RETURNING.has(node.node)
      ? {
          zh: '函数的行数估算来自它的 ROWS 设置（默认 1000），与统计信息无关：用 ALTER FUNCTION ... ROWS n 设为典型行数',
          en: "a function's row estimate is its ROWS setting (1000 by default), not statistics: set a typical count with ALTER FUNCTION ... ROWS n",
        }
      : node.node === 'WorkTable Scan'
        ? {
            zh: '递归 CTE 工作表的行数按固定规则估算（非递归部分行数的 10 倍），统计信息改变不了它：注意递归的层数和每层的行数',
            en: "a recursive CTE's working table is estimated by a fixed rule (10 times its first part's rows), which no statistics change: mind the recursion's depth and rows per level",
          }
        : {
            zh: `更新${table.zh}统计信息（ANALYZE / ANALYZE TABLE），或检查相关列的条件`,
            en: `refresh the statistics${table.en} (ANALYZE / ANALYZE TABLE) or check conditions on correlated columns`,
          };
    const off = { zh: `相差约 ${formatCount(factor)} 倍`, en: `about ${formatCount(factor)}x off` };
    const message = shares
      ? {
          zh: `${label.zh} 预计条件保留读取行的 ${shares.estimated}%（约 ${formatCount(estimated)} 行），实际保留 ${shares.actual}%（${formatCount(actual)} 行，${off.zh}）：${advice.zh}`,
          en: `${label.en} was expected to keep ${shares.estimated}% of the rows it read (about ${formatRows(estimated)}) but kept ${shares.actual}% (${formatCount(actual)}; ${off.en}): ${advice.en}`,
        }
      : {
          zh: `${label.zh} 估算 ${formatCount(estimated)} 行，实际 ${formatCount(actual)} 行（${off.zh}）：${advice.zh}`,
          en: `${label.en} was estimated at ${formatRows(estimated)} but returned ${formatCount(actual)} (${off.en}): ${advice.en}`,
        };
    return { severity: 'warning', message };
  },
};

function isLimit(node: PlanNode): boolean {
  return node.node === 'Limit';
}

/** PostgreSQL's bitmap combinations pass a bitmap, not rows: ANALYZE always prints their actual rows as 0. */
const NO_ACTUAL_ROWS = new Set(['BitmapAnd', 'BitmapOr']);

/**
 * A Seq Scan that found no row and removed none read an empty table, which PostgreSQL plans at 10 pages until it
 * has held rows (ANALYZE does not change that): its estimate matters to no plan.
 */
function readEmptyTable(node: PlanNode): boolean {
  if (node.actualRows !== 0) return false;
  // A node passing on its one input's rows as they are (Subquery Scan, Materialize...) says what the input says.
  const [input, ...others] = node.children;
  if (input && others.length === 0 && input.rows === node.rows) return readEmptyTable(input);
  return node.node === 'Seq Scan' && (detailNumber(node, /^Rows Removed by Filter: (\d+)/) ?? 0) === 0;
}

/** PostgreSQL nodes whose estimate is a function's ROWS setting, which ANALYZE does not change. */
const SET_RETURNING = new Set(['ProjectSet', 'Function Scan', 'Table Function Scan']);

/**
 * Estimated and measured rows per loop. A MariaDB ANALYZE table shows the rows it read (rows, r_rows) and, apart,
 * the share its condition kept (filtered, r_filtered): when the rows read were estimated right, the rows passed on
 * are compared, so a condition whose selectivity was misjudged (50% expected, 2% kept) is seen too.
 */
function rowsCompared(node: PlanNode): {
  estimated: number;
  actual: number;
  shares?: { estimated: number; actual: number };
} {
  const read = { estimated: node.rows, actual: node.actualRows! };
  const share = detailNumber(node, /^filtered: ([\d.]+)%?$/);
  const measuredShare = detailNumber(node, /^r_filtered: ([\d.]+)%?$/);
  if (share === undefined || measuredShare === undefined || offBy(read.estimated, read.actual)) return read;
  return {
    estimated: (node.rows * share) / 100,
    actual: (node.actualRows! * measuredShare) / 100,
    shares: { estimated: share, actual: measuredShare },
  };
}

function offBy(estimated: number, actual: number): boolean {
  if (Math.max(estimated, actual) < MISESTIMATE_MIN_ROWS) return false;
  return Math.max(estimated, actual) / Math.max(Math.min(estimated, actual), 1) >= MISESTIMATE_FACTOR;
}

function misestimated(node: PlanNode, underLimit: boolean): boolean {
  if (node.actualRows === undefined || node.loops === 0) return false;
  if (node.details?.some((d) => d === NOT_ESTIMATED || d === ZERO_ESTIMATE)) return false;
  if (NO_ACTUAL_ROWS.has(node.node) || readEmptyTable(node)) return false;
  const { estimated, actual } = rowsCompared(node);
  if (underLimit && actual < estimated) return false;
  return offBy(estimated, actual);
}

function hasMisestimatedDescendant(node: PlanNode, underLimit: boolean): boolean {
  return node.children.some((child) => {
    const limited = underLimit || isLimit(node);
    return misestimated(child, limited) || hasMisestimatedDescendant(child, limited);
  });
}
