import type { Localized, PlanNode } from '@sqltune/contracts';
import { formatCount, formatRows } from '../numbers.ts';
import { parallelDivisor } from '../postgres-common.ts';
import {
  type HotspotContext,
  type HotspotMatch,
  type PlanHotspot,
  type PlanVisit,
  passedRows,
  producedRows,
} from './hotspot.ts';

/**
 * Sorting this many rows costs real memory and time (with 4 MB of sort memory, about where sorts start spilling to
 * disk for rows of a few hundred bytes); fewer rows sort in memory in well under a millisecond.
 */
export const LARGE_SORT_ROWS = 10_000;

/** PostgreSQL: "Sort Method: external merge  Disk: ..." (text) or "Sort Space Type: Disk" (JSON). */
const SPILLED = /^Sort Method: external|^Sort Space Type: Disk/;

/**
 * A sort of many rows (MySQL's filesort, PostgreSQL's Sort), or any sort that spilled to disk. An index that
 * returns rows in the ORDER BY / GROUP BY order, or a LIMIT the sort can stop at, avoids it; not a sort by an
 * aggregate (`ORDER BY COUNT(*)`, or an alias of one), whose values exist only after grouping.
 */
export const filesort: PlanHotspot = {
  id: 'plan-filesort',
  // The node's own name says which sort it is (MySQL's Filesort, PostgreSQL's Sort): the title names neither.
  title: { zh: '大量数据排序', en: 'Sort of many rows' },
  check({ node, ancestors }: PlanVisit, context: HotspotContext): HotspotMatch | undefined {
    if (!/^(?:Sort|Incremental Sort|Filesort)$/.test(node.node)) return undefined;
    const spilled = node.details?.some((d) => SPILLED.test(d)) ?? false;
    const rows = rowsSorted(node, ancestors);
    const groups = sortsGroups(node, ancestors, context) ? groupBound(node, context, rows) : undefined;
    const size = groups?.most ?? rows;
    if (!spilled && (size === undefined || size < LARGE_SORT_ROWS)) return undefined;
    const key = sortKey(node);
    const by = key ? { zh: `（排序键 ${key}）`, en: ` by ${key}` } : { zh: '', en: '' };
    const disk = spilled ? { zh: '，且排序溢出到磁盘', en: ', spilling to disk' } : { zh: '', en: '' };
    const remedy = sortsAggregates(node, context)
      ? {
          zh: '排序依据是分组后才算出的聚合值，没有索引能提供这个顺序；只有更少的分组（更窄的 WHERE）能让排序变小',
          en: 'it sorts by an aggregate, computed only after grouping, so no index gives that order; only fewer groups (a narrower WHERE) make the sort smaller',
        }
      : {
          zh: '按排序列建索引（索引顺序与 ORDER BY/GROUP BY 一致）或加 LIMIT 可以避免',
          en: 'an index in the ORDER BY / GROUP BY order, or a LIMIT, avoids it',
        };
    const what = groups
      ? {
          zh: `${node.node} 对最多 ${formatCount(groups.most)} 个分组排序${by.zh}（${groups.basis.zh}）${disk.zh}`,
          en: `${node.node} sorts at most ${formatCount(groups.most)} groups${by.en} (${groups.basis.en})${disk.en}`,
        }
      : {
          zh: `${node.node} 对约 ${formatCount(rows ?? node.rows)} 行排序${by.zh}${disk.zh}`,
          en: `${node.node} sorts about ${formatRows(rows ?? node.rows)}${by.en}${disk.en}`,
        };
    return { severity: 'warning', message: { zh: `${what.zh}：${remedy.zh}`, en: `${what.en}: ${remedy.en}` } };
  },
};

/**
 * Whether a MySQL-family sort orders the groups of the statement's own GROUP BY: it reads the temporary table the
 * grouping fills, outside any subquery or derived table. The plan's rows there are those that went into the
 * grouping (MariaDB estimates no fewer groups than rows), so the statistics may bound the sort far below them.
 */
export function sortsGroups(node: PlanNode, ancestors: PlanNode[], context: HotspotContext): boolean {
  const input = node.children[0];
  return (
    node.node === 'Filesort' &&
    !!context.grouping &&
    !!input &&
    /^(?:Temporary table|Group \(temporary table\))/.test(input.node) &&
    !ancestors.some((a) => /subquery$|^Materialize$/i.test(a.node))
  );
}

/**
 * The most groups the statistics allow, when below the rows the plan gives and nothing was measured (a measured
 * sort counted the groups themselves), with the counts it rests on in words.
 */
export function groupBound(
  node: PlanNode,
  context: HotspotContext,
  planRows: number | undefined,
): { most: number; basis: Localized } | undefined {
  const most = context.grouping?.most;
  if (most === undefined || node.actualRows !== undefined || (planRows !== undefined && most >= planRows)) {
    return undefined;
  }
  const counts = context.grouping!.keys;
  return {
    most,
    basis: {
      zh: `统计信息：${counts.map((c) => `${c.column} 有 ${formatCount(c.distinct)} 个不同值`).join('，')}`,
      en: `by the statistics, ${counts.map((c) => `${c.column} has ${formatCount(c.distinct)} distinct values`).join(', ')}`,
    },
  };
}

/**
 * The rows one run of the sort took in (all processes of a parallel one). Measured when the plan was run: its input's rows (a
 * top-N sort under a Limit returns only N of them; MariaDB's filesort measures its output, the groups it sorted).
 * Otherwise the estimate, which under a Gather is one process's share (times the parallel divisor). An Incremental
 * Sort under a Limit sorts group by group and stops with the Limit: its estimate of the whole input says nothing.
 */
function rowsSorted(node: PlanNode, ancestors: PlanNode[]): number | undefined {
  const input = node.children[0];
  // Under a Gather the loops are the processes sorting their shares at once: their rows add up. Elsewhere they are
  // repeated runs (the inner side of a nested loop), each sorting its own few rows: one run is what is sorted.
  const runs = ancestors.some((a) => /^Gather( Merge)?$/.test(a.node)) ? 1 : Math.max(node.loops ?? 1, 1);
  if (input && measured(input)) return passedRows(input) / runs;
  if (measured(node)) return producedRows(node) / runs;
  if (node.node === 'Incremental Sort' && ancestors.some((a) => a.node === 'Limit')) return undefined;
  return node.rows * (parallelDivisor(ancestors) ?? 1);
}

function measured(node: PlanNode): boolean {
  return node.actualRows !== undefined && (node.loops ?? 1) > 0;
}

/** The sort's key as the plan prints it, when it does. */
function sortKey(node: PlanNode): string | undefined {
  if (node.filter?.startsWith('sort key: ')) return node.filter.slice('sort key: '.length);
  const detail = node.details?.find((d) => d.startsWith('Sort Key: '));
  return detail?.slice('Sort Key: '.length);
}

/** Aggregate calls as plans print them in a sort key: `(count(*)) DESC` (PostgreSQL), `count(0) desc` (MariaDB). */
const AGGREGATE_KEY =
  /\b(?:count|sum|avg|min|max|group_concat|string_agg|array_agg|bit_and|bit_or|bit_xor|std|stddev(?:_pop|_samp)?|variance|var_pop|var_samp)\s*\(/i;

/**
 * Whether the sort orders groups by an aggregate: its key says so, or, where the plan leaves the key out (the
 * sandbox's own PostgreSQL plans, MySQL's tabular EXPLAIN), it sorts what an aggregation returns (or the temporary
 * table MySQL groups in) and the statement's ORDER BY reads an aggregate.
 */
export function sortsAggregates(node: PlanNode, context: HotspotContext): boolean {
  const key = sortKey(node);
  if (key !== undefined) return AGGREGATE_KEY.test(key);
  const input = node.children[0];
  return !!context.sortedByAggregate && !!input && /Aggregate$|^Temporary table/.test(input.node);
}
