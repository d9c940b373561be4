import type { IndexEstimateBasis, PlanNode, PlanTree } from '@sqltune/contracts';
import { columnStatistics, findTable, type IndexCandidate, type SchemaModel } from '@sqltune/engine';

/**
 * MariaDB 10.11's cost of one row read through a secondary-index range: the row read (InnoDB's read_time for a
 * secondary index is ranges + rows) and the condition checked on it (1 / TIME_FOR_COMPARE = 0.2). A covering index
 * costs less; this is the upper bound, so an estimate built on it never flatters the index.
 */
export const ROW_READ_COST = 1;
export const ROW_COMPARE_COST = 0.2;
/**
 * A row read from a covering index instead: no clustered-index lookup for the table row, only its index entry, read
 * in key order many to a page. Half a row read: still an upper bound (InnoDB's keyread_time is far lower), so a
 * covering copy of most of the table never looks cheaper than the scan it would replace.
 */
export const COVERING_ROW_READ_COST = 0.5;

export interface WhatIfEstimate {
  /** The what-if plan with its total cost replaced by the estimate (and no caveat: the estimate is grounded). */
  plan: PlanTree;
  basis: Extract<IndexEstimateBasis, 'histogram-estimate' | 'limit-estimate'>;
  /** Rows the index read is estimated to touch. */
  rows: number;
}

/**
 * A cost for a MariaDB what-if plan that its own cost does not ground, from what the optimizer already estimates
 * with the injected statistics, for a statement on one table (where the scan's cost is the whole statement's):
 * - a range read from the empty what-if index (1 row, PlanTree.caveat): the rows are the table's row count times the
 *   share the optimizer expects to pass the conditions when it scans without the index (its `filtered`, from the
 *   injected histogram), when the index keys every column the statement compares and each range column has a
 *   histogram; the cost is ranges + rows x (read + compare). In a statement on several tables (a join, an IN
 *   subquery materialized) the rest of the plan runs once per row the range passes on: the what-if plan's whole cost
 *   is scaled by the estimated rows over the 1 row read from the empty index, an upper bound while every part of
 *   the plan costs at most in proportion to those rows (bench:indexes MariaDB in-subquery-range: orders (pay_time)
 *   was left uncosted, so (user_id, pay_time), read as a full index scan, was advised: 1.03x where pay_time gives
 *   12x). The read must be the plan's only range from an empty index, and the table scanned once in the baseline;
 * - an index read in ORDER BY order up to a LIMIT (the plan's Filesort gone, its cost unchanged because MariaDB's
 *   plan cost leaves the LIMIT out): the rows the optimizer expects to read, at the same per-row cost.
 * The optimizer must still read the index in the what-if plan; undefined when none of this holds.
 */
export function estimateWhatIf(
  candidate: IndexCandidate,
  whatIf: PlanTree,
  baseline: PlanTree,
  schema: SchemaModel,
  statement?: string,
): WhatIfEstimate | undefined {
  const table = findTable(schema, candidate.table);
  const tableRows = table?.statistics?.rows;
  if (!table || tableRows === undefined || baseline.caveat) return undefined;
  const relations = relationNodes(baseline.root);
  const single = relations.length === 1 && relationNodes(whatIf.root).length === 1;
  const scans = relations.filter((n) => sameTable(n.relation, table.name));
  const reads = relationNodes(whatIf.root).filter((n) => readsCandidate(n, candidate));
  if (scans.length !== 1 || reads.length !== 1) return undefined;
  const [scan] = scans;
  const [read] = reads;
  const readCost = candidate.kind === 'covering' ? COVERING_ROW_READ_COST : ROW_READ_COST;
  const cost = (rows: number) => 1 + rows * (readCost + ROW_COMPARE_COST);

  if (whatIf.caveat && read!.rows <= 1 && /^Range scan/.test(read!.node)) {
    const keyed = new Set(candidate.columns.map((c) => c.toLowerCase()));
    if (!candidate.conditionColumns.every((c) => keyed.has(c.toLowerCase()))) return undefined;
    const withHistogram = (column: string) => (columnStatistics(table, column)?.histogramBounds?.length ?? 0) >= 2;
    const ranged = candidate.columns.filter((_, i) => candidate.roles[i] === 'range');
    if (!ranged.every(withHistogram)) return undefined;
    const share = filteredShare(scan!);
    if (share === undefined) return undefined;
    const rows = Math.max(1, Math.round(tableRows * share));
    if (single) {
      return { plan: { ...whatIf, caveat: undefined, totalCost: cost(rows) }, basis: 'histogram-estimate', rows };
    }
    // Another empty-index range in the plan (another table's) has no such estimate.
    if (countNodes(whatIf.root, (n) => n.warnings.some((w) => w.en === whatIf.caveat!.en)) !== 1) return undefined;
    const totalCost = Math.max(cost(rows), (whatIf.totalCost * rows) / Math.max(1, read!.rows));
    return { plan: { ...whatIf, caveat: undefined, totalCost }, basis: 'histogram-estimate', rows };
  }
  if (!single) return undefined;
  if (!whatIf.caveat && hasNode(baseline.root, /^Filesort/) && !hasNode(whatIf.root, /^Filesort/)) {
    // The read stops once the LIMIT's rows passed the conditions the index does not check (its `filtered` share).
    const limit = statement ? limitRows(statement) : undefined;
    const needed = limit === undefined ? read!.rows : Math.ceil(limit / (filteredShare(read!) || 1));
    const rows = Math.max(1, Math.min(read!.rows, needed));
    if (rows >= tableRows) return undefined;
    return { plan: { ...whatIf, totalCost: Math.min(whatIf.totalCost, cost(rows)) }, basis: 'limit-estimate', rows };
  }
  return undefined;
}

function relationNodes(node: PlanNode): PlanNode[] {
  return [...(node.relation ? [node] : []), ...node.children.flatMap(relationNodes)];
}

function countNodes(node: PlanNode, test: (n: PlanNode) => boolean): number {
  return (test(node) ? 1 : 0) + node.children.reduce((sum, c) => sum + countNodes(c, test), 0);
}

function hasNode(node: PlanNode, name: RegExp): boolean {
  return name.test(node.node) || node.children.some((c) => hasNode(c, name));
}

function sameTable(relation: string | undefined, table: string): boolean {
  return relation?.toLowerCase() === table.toLowerCase();
}

function readsCandidate(node: PlanNode, candidate: IndexCandidate): boolean {
  return node.index?.toLowerCase().replace(/`/g, '') === candidate.name;
}

/** The share of the scanned rows the optimizer expects to pass the conditions (its `filtered`), if it printed one. */
function filteredShare(node: PlanNode): number | undefined {
  for (const detail of node.details ?? []) {
    const match = /^filtered: ([\d.]+)%$/.exec(detail);
    if (match) return Number(match[1]) / 100;
  }
  return undefined;
}

/**
 * The rows a statement's outermost LIMIT asks for (offset included: those rows are read too), when it ends with one:
 * `LIMIT n`, `LIMIT n OFFSET m` or MySQL's `LIMIT m, n`.
 */
export function limitRows(statement: string): number | undefined {
  const match = /\bLIMIT\s+(\d+)\s*(?:(,|OFFSET)\s*(\d+))?\s*;?\s*$/i.exec(statement);
  if (!match) return undefined;
  const [, first, , second] = match;
  return Number(first) + Number(second ?? 0);
}
