import type { Localized, PlanNode } from '@sqltune/contracts';
import { formatCount, formatRows } from '../numbers.ts';
import { groupBound, sortsAggregates } from './filesort.ts';
import {
  detailNumber,
  type HotspotContext,
  type HotspotMatch,
  type PlanHotspot,
  type PlanVisit,
  producedRows,
} from './hotspot.ts';

/**
 * A temporary table of this many rows outgrows MySQL's default in-memory limit (tmp_table_size 16 MB) for rows of
 * about 1-2 kB and goes to disk; smaller ones are still worth knowing about (info).
 */
export const LARGE_TEMPORARY_ROWS = 10_000;
/**
 * Fewer rows than this fit in memory many times over and cost well under a millisecond: a temporary table of a
 * dozen rows is how MySQL groups or sorts a small result, not something to act on.
 */
export const SMALL_TEMPORARY_ROWS = 1_000;

/**
 * MySQL's "Using temporary" (GROUP BY / DISTINCT / UNION / ORDER BY on another table's column) and PostgreSQL hash
 * nodes that ran out of work_mem and spilled to temporary files (more than one batch, or disk usage).
 */
export const temporaryTable: PlanHotspot = {
  id: 'plan-temporary-table',
  title: { zh: '使用临时表', en: 'Temporary table' },
  check({ node, ancestors }: PlanVisit, context: HotspotContext): HotspotMatch | undefined {
    // The groups a sort by an aggregate orders (`ORDER BY COUNT(*)`) are kept in one whatever the indexes: checked
    // on MariaDB 10.11, whose index on the grouping column still leaves "Using temporary; Using filesort".
    const sorter = ancestors[ancestors.length - 1];
    const forAggregateSort = !!sorter && /Sort$/i.test(sorter.node) && sortsAggregates(sorter, context);
    if (/temporary/i.test(node.node)) {
      const groups = holdsGroups(node, ancestors, context) ? groupBound(node, context, node.rows) : undefined;
      return mysqlTemporary(node, forAggregateSort, groups);
    }
    return postgresSpill(node);
  },
};

/** Measured in the plan (ANALYZE): actual rows and loops. */
const measured = (node: PlanNode) => node.actualRows !== undefined && node.loops !== undefined && node.loops > 0;

/**
 * Whether a MySQL-family temporary table is the one the statement's own GROUP BY fills: only sorts and limits of
 * the statement's result stand above it.
 */
function holdsGroups(node: PlanNode, ancestors: PlanNode[], context: HotspotContext): boolean {
  return (
    !!context.grouping &&
    /^(?:Temporary table|Group \(temporary table\))/.test(node.node) &&
    ancestors.every((a) => /^(?:Filesort|Limit|Temporary table|Group \(temporary table\))$/.test(a.node))
  );
}

function mysqlTemporary(
  node: PlanNode,
  forAggregateSort: boolean,
  groups: { most: number; basis: Localized } | undefined,
): HotspotMatch | undefined {
  // The rows measured when the plan was run (ANALYZE), going in or, without the input's, coming out; else the
  // largest estimate. (An estimate beside a measure overstated: MariaDB's 5,274 rows scanned for 1,842 joined.)
  const filledBy = node.children.filter(measured);
  const rows =
    filledBy.length > 0
      ? Math.max(...filledBy.map(producedRows))
      : measured(node)
        ? producedRows(node)
        : Math.max(node.rows, ...node.children.map(producedRows));
  // Grouped, it holds one row per group, however many rows go through it.
  const held = groups ? groups.most : rows;
  if (held < SMALL_TEMPORARY_ROWS) return undefined;
  const large = held >= LARGE_TEMPORARY_ROWS;
  const remedy = forAggregateSort
    ? {
        zh: '它存放按聚合值排序的分组，任何索引都免不了；只有更少的分组（更窄的 WHERE）能让它变小',
        en: 'it holds the groups the ORDER BY sorts by an aggregate, which no index avoids; only fewer groups (a narrower WHERE) make it smaller',
      }
    : {
        zh: '让 GROUP BY/ORDER BY 使用同一张表上的索引列可以避免临时表',
        en: 'grouping and ordering by indexed columns of one table avoids it',
      };
  const spill = large
    ? { zh: '，可能超出内存临时表上限而落盘', en: ', likely beyond the in-memory limit and onto disk' }
    : { zh: '', en: '' };
  const message = groups
    ? {
        zh: `${node.node}：约 ${formatCount(rows)} 行在临时表中分组，最多 ${formatCount(groups.most)} 个分组（${groups.basis.zh}）${spill.zh}；${remedy.zh}`,
        en: `${node.node}: about ${formatRows(rows)} are grouped in a temporary table of at most ${formatCount(groups.most)} groups (${groups.basis.en})${spill.en}; ${remedy.en}`,
      }
    : {
        zh: `${node.node}：约 ${formatCount(rows)} 行写入临时表${spill.zh}；${remedy.zh}`,
        en: `${node.node}: about ${formatRows(rows)} go through a temporary table${spill.en}; ${remedy.en}`,
      };
  return { severity: large ? 'warning' : 'info', message };
}

function postgresSpill(node: PlanNode): HotspotMatch | undefined {
  const batches = detailNumber(node, /(?:^|\s)(?:HashAgg |Hash )?Batches: (\d+)/);
  const disk = detailNumber(node, /Disk Usage: (\d+)/);
  if ((batches ?? 1) <= 1 && (disk ?? 0) <= 0) return undefined;
  const amount = disk
    ? { zh: `，磁盘用量 ${formatCount(disk)} kB`, en: `, ${formatCount(disk)} kB on disk` }
    : { zh: '', en: '' };
  return {
    severity: 'warning',
    message: {
      zh: `${node.node} 超出 work_mem，分 ${batches ?? 1} 批写入临时文件${amount.zh}：调大 work_mem 或减少参与哈希的行数`,
      en: `${node.node} ran out of work_mem and spilled to temporary files in ${batches ?? 1} batches${amount.en}: raise work_mem or hash fewer rows`,
    },
  };
}
