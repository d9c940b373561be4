import type { PlanNode } from '@sqltune/contracts';
import { formatCount, formatRows } from '../numbers.ts';
import { isParallelAware, parallelDivisor } from '../postgres-common.ts';
import {
  detailNumber,
  type HotspotContext,
  type HotspotMatch,
  isFullTableScan,
  type PlanHotspot,
  type PlanVisit,
  tableOf,
} from './hotspot.ts';

/** A table this big is "large": the planner's own plan warnings use the same size. */
export const LARGE_TABLE_ROWS = 10_000;
/** Filtering a table this big by reading all of it is critical rather than a warning. */
export const HUGE_TABLE_ROWS = 1_000_000;
/**
 * PostgreSQL without ANALYZE prints the rows a Seq Scan returns, not the rows it reads. Its cost then tells the size:
 * 1 per 8 kB page plus 0.01 per row (default seq_page_cost / cpu_tuple_cost), so 200 is about 10,000 narrow rows.
 */
export const LARGE_SCAN_COST = 200;

/**
 * A whole large table read to find a few rows. With a condition the scan is a warning (an index on the filtered
 * columns may avoid it; critical from HUGE_TABLE_ROWS); without one the statement asks for every row, so it is
 * only worth knowing (info).
 */
export const fullScanLargeTable: PlanHotspot = {
  id: 'plan-full-scan-large-table',
  title: { zh: '大表全表扫描', en: 'Full scan of a large table' },
  check({ node, ancestors }: PlanVisit, context: HotspotContext): HotspotMatch | undefined {
    if (!isFullTableScan(node)) return undefined;
    const rows = tableSize(node, ancestors, context);
    const byCost = rows === undefined && node.node === 'Seq Scan' && node.cost >= LARGE_SCAN_COST;
    if (!byCost && (rows === undefined || rows < LARGE_TABLE_ROWS)) return undefined;
    const size =
      rows !== undefined
        ? { zh: `约 ${formatCount(rows)} 行`, en: `about ${formatRows(rows)}` }
        : { zh: `估算代价 ${formatCount(node.cost)}`, en: `estimated cost ${formatCount(node.cost)}` };
    const table = tableNamed(node.relation!, context);
    const condition = conditionOf(node, ancestors.at(-1));
    if (condition === undefined) {
      return {
        severity: 'info',
        message: {
          zh: `${node.node} 读取表 ${table} 的全部数据（${size.zh}）：如果不需要所有行，请加上过滤条件或 LIMIT`,
          en: `${node.node} reads all of table ${table} (${size.en}): add a condition or a LIMIT if not every row is needed`,
        },
      };
    }
    const kept = keptShare(node, ancestors.at(-1));
    if (kept !== undefined && kept >= MOST_ROWS) {
      const percent = Math.round(kept * 100);
      return {
        severity: 'info',
        message: {
          zh: `${node.node} 读取整张表 ${table}（${size.zh}），过滤 ${condition} 后仍保留约 ${percent}% 的行：按过滤列走索引不会比读整张表更快，这个条件不需要索引`,
          en: `${node.node} reads all of table ${table} (${size.en}) and keeps about ${percent}% of it after ${condition}: an index on the filtered columns would not be faster than reading the table`,
        },
      };
    }
    return {
      indexTable: tableOf(node.relation!, context),
      severity: rows !== undefined && rows >= HUGE_TABLE_ROWS ? 'critical' : 'warning',
      message: {
        zh: `${node.node} 为了过滤 ${condition} 读取了整张表 ${table}（${size.zh}）：在过滤列上建索引可以避免全表扫描`,
        en: `${node.node} reads all of table ${table} (${size.en}) to filter ${condition}: an index on the filtered columns avoids the full scan`,
      },
    };
  },
};

/**
 * When the run kept this share of the rows or more, reading them through an index (a random read each) costs more
 * than reading the table in order: the scan is the right access and no index is advised for its condition.
 */
export const MOST_ROWS = 0.5;

/**
 * The share of the table's rows the condition kept, measured: PostgreSQL's actual rows against those plus "Rows
 * Removed by Filter", MariaDB ANALYZE's r_filtered, MySQL EXPLAIN ANALYZE's Filter rows against its scan's.
 * Undefined when the plan was not run.
 */
function keptShare(node: PlanNode, parent: PlanNode | undefined): number | undefined {
  // A join buffer's condition is the join's, checked against the buffered rows: the table's r_filtered is not its.
  if (node.actualRows === undefined || node.loops === 0 || node.node.includes('join buffer')) return undefined;
  const measuredShare = detailNumber(node, /^r_filtered: ([\d.]+)%?$/);
  if (measuredShare !== undefined) return measuredShare / 100;
  const removed = detailNumber(node, /^Rows Removed by Filter: (\d+(?:\.\d+)?)$/);
  if (removed !== undefined) return node.actualRows / Math.max(node.actualRows + removed, 1);
  if (parent?.node === 'Filter' && parent.actualRows !== undefined && node.actualRows > 0) {
    return (parent.actualRows * (parent.loops ?? 1)) / (node.actualRows * (node.loops ?? 1));
  }
  return undefined;
}

/**
 * Rows in the scanned table: the larger of the user's statistics and what the plan says the scan read — measured
 * (PostgreSQL: rows returned + "Rows Removed by Filter", per loop) or MySQL's rows examined (estimate or r_rows).
 * The larger, because either may be stale: statistics from an old export, or a plan over an outdated estimate.
 */
function tableSize(node: PlanNode, ancestors: PlanNode[], context: HotspotContext): number | undefined {
  const sizes = [context.tableRows?.get(tableOf(node.relation!, context)), scanned(node, ancestors)];
  const known = sizes.filter((s): s is number => s !== undefined);
  return known.length > 0 ? Math.max(...known) : undefined;
}

function scanned(node: PlanNode, ancestors: PlanNode[]): number | undefined {
  if (node.node !== 'Seq Scan') return Math.max(node.rows, node.actualRows ?? 0);
  if (node.actualRows === undefined) {
    // PostgreSQL's estimate is of the rows left after the filter: without one it is the table's (reltuples), a
    // parallel scan's one process's share of it.
    if (node.filter !== undefined) return undefined;
    return node.rows * (isParallelAware(node) ? (parallelDivisor(ancestors) ?? 1) : 1);
  }
  const perLoop = node.actualRows + (detailNumber(node, /^Rows Removed by Filter: (\d+)/) ?? 0);
  // A parallel scan's processes each read a share of the table (its loops), where a scan repeated by a join reads
  // all of it each time.
  return isParallelAware(node) ? perLoop * (node.loops ?? 1) : perLoop;
}

/** "orders (o)" when the plan names the table by its alias, else the name itself. */
function tableNamed(relation: string, context: HotspotContext): string {
  const table = tableOf(relation, context);
  return table === relation.toLowerCase() ? relation : `${table} (${relation})`;
}

/** The condition the scan filters by: its own, its parent Filter's (MySQL TREE), or MySQL's bare "Using where". */
function conditionOf(node: PlanNode, parent: PlanNode | undefined): string | undefined {
  if (node.filter) return node.filter;
  if (parent?.node === 'Filter' && parent.filter) return parent.filter;
  if (node.details?.includes('Using where')) return 'WHERE';
  return undefined;
}
