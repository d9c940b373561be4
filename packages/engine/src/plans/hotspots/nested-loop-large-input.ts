import type { PlanNode } from '@sqltune/contracts';
import { formatCount, formatRows } from '../numbers.ts';
import {
  type HotspotContext,
  type HotspotMatch,
  isFullTableScan,
  nodeLabel,
  type PlanHotspot,
  type PlanVisit,
  passedRows,
  tableOf,
} from './hotspot.ts';

/** A nested loop runs its inner side once per outer row: from this many rows, rescanning a table hurts. */
export const NESTED_LOOP_OUTER_ROWS = 10_000;
/** Even index lookups add up: this many are worth a look at a hash join or a smaller outer input (info). */
export const NESTED_LOOP_LOOKUPS = 100_000;

/**
 * A nested loop whose inner side runs for each of many outer rows. An inner side that scans (a table scan, a join
 * buffer, a materialized scan) is a warning; index lookups only from NESTED_LOOP_LOOKUPS executions, as info.
 * Executions are measured when the plan has them (the inner side's loops), else the outer side's rows; for the
 * planner's MySQL-family joins with more than two tables, the product of the earlier tables' rows (an upper bound:
 * those rows are read before their filters).
 */
export const nestedLoopLargeInput: PlanHotspot = {
  id: 'plan-nested-loop-large-input',
  title: { zh: '嵌套循环的外层输入过大', en: 'Nested loop over a large input' },
  check({ node }: PlanVisit, context: HotspotContext): HotspotMatch | undefined {
    if (!/^nested loop$/i.test(node.node) || node.children.length < 2) return undefined;
    for (let i = 1; i < node.children.length; i++) {
      const inner = node.children[i]!;
      // The MySQL-family readers hang a block's subqueries under its join: they are not one of its inputs.
      if (isSubquery(inner)) continue;
      const scanned = scannedInner(inner);
      const outer = outerRows(node.children.slice(0, i));
      const indexTable = scanned?.relation ? { indexTable: tableOf(scanned.relation, context) } : {};
      if (scanned?.node.includes('join buffer')) {
        // MySQL 8's hash join also says "join buffer (hash join)": it reads the inner table once into a hash table
        // and compares no outer row with every inner row (the full scan, if large, is its own finding).
        if (outer >= NESTED_LOOP_OUTER_ROWS && !/join buffer \(hash join\)/.test(scanned.node)) {
          return { ...joinBuffer(scanned, outer), ...indexTable };
        }
        continue;
      }
      const executions = innerExecutions(inner, outer);
      if (executions === undefined) continue;
      if (scanned && executions >= NESTED_LOOP_OUTER_ROWS) {
        const label = nodeLabel(scanned);
        return {
          ...indexTable,
          severity: 'warning',
          message: {
            zh: `嵌套循环对外层约 ${formatCount(executions)} 行中的每一行都执行一次内层 ${label.zh}：在连接列上建索引或改用哈希连接可以避免反复扫描`,
            en: `Nested loop runs its inner ${label.en} once for each of about ${formatRows(executions, 'outer row')}: an index on the join columns, or a hash join, avoids rescanning it`,
          },
        };
      }
      if (!scanned && executions >= NESTED_LOOP_LOOKUPS) {
        const label = nodeLabel(firstAccess(inner));
        return {
          severity: 'info',
          message: {
            zh: `嵌套循环执行了约 ${formatCount(executions)} 次内层 ${label.zh}：外层行数很多时，先减少外层行数或使用哈希连接可能更快`,
            en: `Nested loop runs its inner ${label.en} about ${formatCount(executions)} times: with this many outer rows, filtering the outer side first or a hash join may be faster`,
          },
        };
      }
    }
    return undefined;
  },
};

/**
 * A join buffer (MySQL's block nested loop) reads the inner table once per buffer of outer rows, but still compares
 * every outer row with every inner row: no index serves the join condition.
 */
function joinBuffer(scanned: PlanNode, outer: number): HotspotMatch {
  const label = nodeLabel(scanned);
  return {
    severity: 'warning',
    message: {
      zh: `嵌套循环把外层约 ${formatCount(outer)} 行逐一与 ${label.zh} 的每一行比较（连接缓冲：没有索引可用于连接条件）：在连接列上建索引可以避免`,
      en: `Nested loop compares each of about ${formatRows(outer, 'outer row')} with every row of ${label.en} (join buffer: no index serves the join condition): an index on the join columns avoids it`,
    },
  };
}

function isSubquery(node: PlanNode): boolean {
  return /^(?:Dependent )?subquery$/i.test(node.node);
}

function outerRows(outer: PlanNode[]): number {
  if (outer.length === 1) return passedRows(outer[0]!);
  return outer.reduce((product, n) => product * Math.max(passedRows(n), 1), 1);
}

/**
 * How many times the inner side really runs: its loops when measured, else once per outer row. Under PostgreSQL's
 * Memoize only cache misses run it (the Memoize's child's loops); unmeasured, the misses are unknown (the planner
 * chose the cache for its expected hits), so nothing is said.
 */
function innerExecutions(inner: PlanNode, outer: number): number | undefined {
  if (inner.node !== 'Memoize') return inner.loops ?? outer;
  return inner.children[0]?.loops;
}

/** The node in the inner side that reads a whole table (or through a join buffer), if any. */
function scannedInner(node: PlanNode): PlanNode | undefined {
  if (isFullTableScan(node) || node.node.includes('join buffer')) return node;
  for (const child of node.children) {
    const found = scannedInner(child);
    if (found) return found;
  }
  return undefined;
}

/** The first node of the inner side that names a table, for the message. */
function firstAccess(node: PlanNode): PlanNode {
  if (node.relation) return node;
  for (const child of node.children) {
    const found = firstAccess(child);
    if (found.relation) return found;
  }
  return node;
}
