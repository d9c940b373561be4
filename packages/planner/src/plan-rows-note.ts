import type { Localized } from '@sqltune/contracts';

/**
 * The note of a table the sandbox sized from the user's pasted plan (PlanRequest.rowsFromPlan), in place of the
 * default size's note: every backend's statistics injection says it the same way.
 */
export function rowsFromPlanNote(table: string, rows: number): Localized {
  const count = Math.round(rows).toLocaleString('en-US');
  return {
    zh: `${table}：${count} 行，取自粘贴的执行计划（未提供统计信息）`,
    en: `${table}: ${count} rows, taken from the pasted plan (no statistics given)`,
  };
}
