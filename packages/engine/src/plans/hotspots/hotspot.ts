import type { Localized, PlanNode, Severity } from '@sqltune/contracts';

/** What a hotspot check may know besides the plan: the user's table statistics and the statement's aliases. */
export interface HotspotContext {
  /** Rows per table from the user's statistics, by lower-case table name. */
  tableRows?: ReadonlyMap<string, number>;
  /** Lower-case alias -> table name, from the statement (MySQL plans name tables by alias). */
  aliases?: ReadonlyMap<string, string>;
  /**
   * Whether the statement's ORDER BY sorts by an aggregate, directly or through the select item a name or position
   * names (`COUNT(*) AS total ... ORDER BY total`): computed after grouping, an order no index can give.
   */
  sortedByAggregate?: boolean;
  /** The statement's own GROUP BY, when it has one (see StatementGrouping). */
  grouping?: StatementGrouping;
}

/**
 * What the statement's GROUP BY can make. MariaDB's plans carry no estimate of it: a sort or temporary table
 * after grouping shows the rows that went in. `most` is the most groups the user's statistics allow (the product
 * of its keys' distinct values, a NULL group each where the column holds NULLs), when every key is a column
 * they count; `keys` names those counts for the message.
 */
export interface StatementGrouping {
  most?: number;
  keys: Array<{ column: string; distinct: number }>;
}

/** One node of the plan with the nodes above it (nearest last). */
export interface PlanVisit {
  node: PlanNode;
  ancestors: PlanNode[];
}

export interface HotspotMatch {
  severity: Severity;
  message: Localized;
  /** The table (lower case, aliases resolved) whose index the message says may help, when it says so. */
  indexTable?: string;
}

/**
 * One kind of plan hotspot: a finding id, a title, and a check run on every node. Thresholds are constants in each
 * file, with the reason for their value. Node names follow the planner's conventions for both dialects
 * (PostgreSQL "Node Type"s; "Table scan", "Filesort", "Nested loop"... for the MySQL family).
 */
export interface PlanHotspot {
  id: string;
  title: Localized;
  check(visit: PlanVisit, context: HotspotContext): HotspotMatch | undefined;
}

/** "Seq Scan on orders" / "Seq Scan（表 orders）". */
export function nodeLabel(node: PlanNode): Localized {
  if (!node.relation) return { zh: node.node, en: node.node };
  return { zh: `${node.node}（表 ${node.relation}）`, en: `${node.node} on ${node.relation}` };
}

/** Rows a node produced in all its loops when measured, else the optimizer's estimate. */
export function producedRows(node: PlanNode): number {
  if (node.actualRows !== undefined && node.loops !== undefined && node.loops > 0) return node.actualRows * node.loops;
  return node.rows;
}

/**
 * Rows a node passes on to the next table of a join: MySQL-family table nodes show the rows they read per lookup
 * and, apart, the share their condition keeps (`filtered`, ANALYZE's `r_filtered`), so only rows x share reach the
 * next table (an `ALL` of 198,432 rows at 5% looks the next table up 9,922 times). Other nodes: producedRows.
 */
export function passedRows(node: PlanNode): number {
  const measured = node.actualRows !== undefined && node.loops !== 0;
  const share = detailNumber(node, measured ? /^r_filtered: ([\d.]+)%?$/ : /^filtered: ([\d.]+)%?$/);
  if (share === undefined) return producedRows(node);
  const rows = measured ? node.actualRows! * (node.loops ?? 1) : node.rows;
  return (rows * share) / 100;
}

/** A full read of a real table (not a temporary or derived one): PostgreSQL's Seq Scan, MySQL's table scan. */
export function isFullTableScan(node: PlanNode): boolean {
  if (!node.relation || node.relation.startsWith('<') || readsDerivedTable(node)) return false;
  return /^(?:Seq Scan|Table scan)\b/.test(node.node) || node.node.includes('(Table scan)');
}

/**
 * A MySQL-family table node over the Materialize that fills it reads a derived table or CTE (TREE's `Table scan on
 * t` of `FROM (SELECT ...) t`), not a table of the schema; a subquery hung under a table node does not make it one.
 */
export function readsDerivedTable(node: PlanNode): boolean {
  return node.children.some((c) => /^Materialize\b/.test(c.node));
}

/** A number printed in a node's details, e.g. `detailNumber(node, /Rows Removed by Filter: (\d+)/)`. */
export function detailNumber(node: PlanNode, pattern: RegExp): number | undefined {
  for (const detail of node.details ?? []) {
    const match = pattern.exec(detail);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** The table a plan's relation name stands for: itself, or the table of the alias. */
export function tableOf(relation: string, context: HotspotContext): string {
  const name = relation.toLowerCase();
  return context.aliases?.get(name) ?? name;
}

export function* walk(node: PlanNode, ancestors: PlanNode[] = []): Generator<PlanVisit> {
  yield { node, ancestors };
  for (const child of node.children) yield* walk(child, [...ancestors, node]);
}
