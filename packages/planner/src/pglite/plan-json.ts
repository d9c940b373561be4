/**
 * The optimizer's EXPLAIN (FORMAT JSON) -> the contracts' PlanTree, with its warnings. Pure.
 *
 * The nodes are read by the engine's one PostgreSQL JSON reader (`postgresPlanNode`: node type, relation, index, rows,
 * cost, children, and the conditions as one filter), without details: `raw`, the text-format EXPLAIN of the same
 * statement, shows them. This module adds what only the optimizer knows: the tables' sizes, for its warnings.
 */
import type { Localized, PlanNode, PlanTree } from '@sqltune/contracts';
import { formatCount, formatRows, postgresPlanNode, postgresPlanRoot } from '@sqltune/engine';

/** One node of PostgreSQL's JSON plan (only the keys we read are typed). */
export interface ExplainJsonNode {
  'Node Type': string;
  'Relation Name'?: string;
  Schema?: string;
  Alias?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  'Total Cost': number;
  'Startup Cost'?: number;
  'Plan Width'?: number;
  'Parent Relationship'?: string;
  'Join Type'?: string;
  Strategy?: string;
  Plans?: ExplainJsonNode[];
  [key: string]: unknown;
}

export interface PlanConversionOptions {
  /** Row counts of tables (by relation name), to tell large tables; without it the node's cost is used. */
  tableRows?: ReadonlyMap<string, number>;
  /** A table at least this big is "large" (default 10,000 rows). */
  largeTableRows?: number;
  /** A sort of at least this many rows is "large" (default 100,000). */
  largeSortRows?: number;
}

/**
 * Accepts what EXPLAIN (FORMAT JSON) returns: the JSON text, the parsed array `[{ Plan: ... }]`,
 * a `{ Plan }` object, or a result row `{ "QUERY PLAN": ... }`.
 */
export function planTreeFromExplainJson(explain: unknown, raw: string, options: PlanConversionOptions = {}): PlanTree {
  const plan = rootPlanOf(explain);
  const root = postgresPlanNode(plan, { details: false });
  addWarnings(root, plan, options, null);
  return { root, totalCost: root.cost, raw };
}

function rootPlanOf(explain: unknown): ExplainJsonNode {
  const value: unknown = typeof explain === 'string' ? JSON.parse(explain) : explain;
  // A result row whose "QUERY PLAN" cell is still JSON text, as a driver without JSON parsing returns it.
  if (value && typeof value === 'object' && typeof (value as Record<string, unknown>)['QUERY PLAN'] === 'string') {
    return rootPlanOf((value as Record<string, unknown>)['QUERY PLAN']);
  }
  const plan = postgresPlanRoot(value)?.plan ?? value;
  if (!plan || typeof plan !== 'object' || typeof (plan as ExplainJsonNode)['Node Type'] !== 'string') {
    throw new Error('not an EXPLAIN (FORMAT JSON) plan');
  }
  return plan as ExplainJsonNode;
}

/** The warnings of each node, walking the read tree and the JSON side by side (their children are in one order). */
function addWarnings(
  node: PlanNode,
  plan: ExplainJsonNode,
  options: PlanConversionOptions,
  parent: ExplainJsonNode | null,
): void {
  node.warnings = warningsOf(plan, options, parent);
  const children = (plan.Plans ?? []).filter((child) => child && typeof child === 'object');
  node.children.forEach((child, i) => {
    const childPlan = children[i];
    if (childPlan) addWarnings(child, childPlan, options, plan);
  });
}

function isLarge(node: ExplainJsonNode, options: PlanConversionOptions): { large: boolean; rows?: number } {
  const threshold = options.largeTableRows ?? 10_000;
  const name = node['Relation Name'];
  const rows = name !== undefined ? options.tableRows?.get(name) : undefined;
  if (rows !== undefined) return { large: rows >= threshold, rows };
  // Without table sizes: a seq scan costs about one unit per page plus 0.01 per row, so 1,000 means a sizable table.
  return { large: node['Total Cost'] >= 1000 };
}

function warningsOf(
  node: ExplainJsonNode,
  options: PlanConversionOptions,
  parent: ExplainJsonNode | null,
): Localized[] {
  const warnings: Localized[] = [];
  const type = node['Node Type'];
  const relation = node['Relation Name'];
  if (type === 'Seq Scan' && relation !== undefined) {
    const { large, rows } = isLarge(node, options);
    if (large && typeof node.Filter === 'string') {
      const size = rows !== undefined ? ` (${formatRows(rows)})` : '';
      const sizeZh = rows !== undefined ? `（${formatCount(rows)} 行）` : '';
      warnings.push({
        zh: `对大表 ${relation}${sizeZh} 顺序扫描并过滤 ${node.Filter}：在过滤列上建索引可能有帮助`,
        en: `Seq Scan on large table ${relation}${size} with filter ${node.Filter}: an index on the filtered columns may help`,
      });
    }
    const outerRows = parent?.Plans?.[0]?.['Plan Rows'] ?? 0;
    if (large && parent?.['Node Type'] === 'Nested Loop' && node['Parent Relationship'] === 'Inner' && outerRows > 1) {
      warnings.push({
        zh: `嵌套循环对外层每一行扫描一次大表 ${relation}（约 ${formatCount(outerRows)} 次）`,
        en: `Nested Loop scans large table ${relation} once per outer row (about ${formatCount(outerRows)} times)`,
      });
    }
  }
  if (type === 'Sort' && node['Plan Rows'] >= (options.largeSortRows ?? 100_000)) {
    const rows = node['Plan Rows'];
    warnings.push({ zh: `排序约 ${formatCount(rows)} 行`, en: `Sort of about ${formatRows(rows)}` });
  }
  return warnings;
}

/** Text-format EXPLAIN rows ({ "QUERY PLAN": line }) -> one string. */
export function explainTextOf(rows: Array<Record<string, unknown>>): string {
  return rows.map((r) => String(r['QUERY PLAN'] ?? Object.values(r)[0] ?? '')).join('\n');
}
