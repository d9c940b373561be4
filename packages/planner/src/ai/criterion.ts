/**
 * When the AI step is worth a request: the statement's plan, after the verified rule rewrites and with the
 * recommended indexes in place, still reads a large table in full. "Large" means at least LARGE_TABLE_ROWS rows per
 * the user's statistics (a table without statistics never counts: its size is unknown). A full scan of a large
 * table is where a different formulation (decorrelation, a join instead of a per-row subquery, pre-aggregation)
 * can still change the cost by orders of magnitude; a plan without one is left alone. Pure.
 */
import type { Localized, PlanNode, PlanTree } from '@sqltune/contracts';
import type { SchemaModel } from '@sqltune/engine';

export const LARGE_TABLE_ROWS = 10_000;

/** PostgreSQL's "Seq Scan" (also "Parallel Seq Scan") and MariaDB's "Table scan" (also inside "Hash join (...)"). */
const FULL_SCAN = /\b(seq scan|table scan)\b/i;

/** Why the plan is still costly (to show in the report), or undefined when it is not. */
export function stillCostly(plan: PlanTree, schema: SchemaModel): Localized | undefined {
  const rowsByTable = new Map(
    schema.tables.flatMap((t) => (t.statistics ? [[t.name.toLowerCase(), t.statistics.rows] as const] : [])),
  );
  const scans = fullScans(plan.root).flatMap((node) => {
    const rows = rowsByTable.get(node.relation!.toLowerCase().replace(/[`"]/g, ''));
    return rows !== undefined && rows >= LARGE_TABLE_ROWS ? [{ table: node.relation!, rows }] : [];
  });
  if (scans.length === 0) return undefined;
  const list = scans.map((s) => `${s.table} (${s.rows.toLocaleString('en-US')})`).join(', ');
  return {
    zh: `加上推荐索引后，执行计划仍对大表做全表扫描：${list} 行。`,
    en: `With the recommended indexes, the plan still reads large tables in full: ${list} rows.`,
  };
}

function fullScans(node: PlanNode): PlanNode[] {
  const own = node.relation && FULL_SCAN.test(node.node) ? [node] : [];
  return [...own, ...node.children.flatMap(fullScans)];
}

export const notCostly: Localized = {
  zh: `加上推荐索引后，执行计划不再全表扫描任何 ${LARGE_TABLE_ROWS.toLocaleString('en-US')} 行以上的表，无需 AI 改写。`,
  en: `With the recommended indexes, the plan reads no table of ${LARGE_TABLE_ROWS.toLocaleString('en-US')} rows or more in full: no AI rewrite needed.`,
};
