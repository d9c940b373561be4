import type { PlanNode } from '@sqltune/contracts';
import { formatCount, formatRows } from '../numbers.ts';
import { detailNumber, type HotspotMatch, type PlanHotspot, type PlanVisit, producedRows } from './hotspot.ts';

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
  check({ node }: PlanVisit): HotspotMatch | undefined {
    if (/temporary/i.test(node.node)) return mysqlTemporary(node);
    return postgresSpill(node);
  },
};

/** Measured in the plan (ANALYZE): actual rows and loops. */
const measured = (node: PlanNode) => node.actualRows !== undefined && node.loops !== undefined && node.loops > 0;

function mysqlTemporary(node: PlanNode): HotspotMatch | undefined {
  // The rows measured when the plan was run (ANALYZE), going in or, without the input's, coming out; else the
  // largest estimate. (An estimate beside a measure overstated: MariaDB's 5,274 rows scanned for 1,842 joined.)
  const filledBy = node.children.filter(measured);
  const rows =
    filledBy.length > 0
      ? Math.max(...filledBy.map(producedRows))
      : measured(node)
        ? producedRows(node)
        : Math.max(node.rows, ...node.children.map(producedRows));
  if (rows < SMALL_TEMPORARY_ROWS) return undefined;
  const large = rows >= LARGE_TEMPORARY_ROWS;
  return {
    severity: large ? 'warning' : 'info',
    message: {
      zh: `${node.node}：约 ${formatCount(rows)} 行写入临时表${large ? '，可能超出内存临时表上限而落盘' : ''}；让 GROUP BY/ORDER BY 使用同一张表上的索引列可以避免临时表`,
      en: `${node.node}: about ${formatRows(rows)} go through a temporary table${large ? ', likely beyond the in-memory limit and onto disk' : ''}; grouping and ordering by indexed columns of one table avoids it`,
    },
  };
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
