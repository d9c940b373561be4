/**
 * User-supplied execution plans: reading every EXPLAIN output a user may paste into the report's PlanTree, and
 * finding the plan's hotspots (full scans of large tables, big sorts, temporary tables, bitmaps beyond work_mem,
 * misestimated rows, nested loops over large inputs). Pure code: no I/O.
 */
export { PlanReadError, planError } from './errors.ts';
export {
  diagnosePlan,
  type HotspotContext,
  type PlanHotspot,
  planHotspotChecks,
  planHotspots,
  tablesAnIndexMayHelp,
} from './hotspots/index.ts';
export {
  type MysqlBuilt,
  type MysqlJsonOptions,
  type MysqlNodeSource,
  type MysqlPlanLayer,
  mysqlPlanNode,
} from './mysql-json.ts';
export { accessName } from './mysql-names.ts';
export { formatCount, formatRows } from './numbers.ts';
export { PLAN_FORMATS, type PlanFormat, parseUserPlan } from './parse.ts';
export { type PostgresNodeOptions, postgresPlanNode, postgresPlanRoot } from './postgres-json.ts';
export { diagnoseStatementPlan, hotspotContext, type StatementPlanInput } from './statement-plan.ts';
export { type PlanTableRows, tableRowsFromPlan } from './table-rows.ts';
