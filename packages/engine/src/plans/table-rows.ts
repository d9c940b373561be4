/**
 * Table sizes a pasted plan shows, for the tables the user gave no statistics for: the sandboxes plan those at
 * these sizes instead of a default (packages/planner: the statistics injection of each backend).
 *
 * Only figures that are the whole table are read:
 *  - PostgreSQL: a Seq Scan without a filter estimates the table's rows (the planner's reltuples; a Parallel Seq Scan
 *    estimates one process's share, times the parallel divisor of its Gather); under ANALYZE, a Seq Scan that ran to
 *    its end read actual rows + "Rows Removed by Filter" per loop (times the loops when the processes shared it).
 *    A filtered Seq Scan's estimate is the rows passing the filter, not the table: left out.
 *  - MySQL/MariaDB: a full table scan (`type: ALL`, `access_type: ALL`, "Table scan on") estimates the table's rows
 *    (`rows`, `rows_examined_per_scan`), a full index scan (`type: index`) too unless a LIMIT may have cut its
 *    estimate short; MariaDB ANALYZE's r_rows and MySQL EXPLAIN ANALYZE's actual rows of such a scan are read too.
 * Index and range scans read part of a table and say nothing of its size. Every figure is a lower bound or the
 * optimizer's own belief, so the largest is kept when a table is read several times.
 */
import type { PlanNode, PlanTree } from '@sqltune/contracts';
import type { ParsedStatement } from '../model/statement.ts';
import { findTable, type SchemaModel } from '../schema/model.ts';
import { codeTokens, isKeyword, lex } from '../text/lexer.ts';
import { detailNumber, isFullTableScan, type PlanVisit, walk } from './hotspots/hotspot.ts';
import { PLAN_FORMATS, type PlanFormat } from './parse.ts';
import { isParallelAware, parallelDivisor } from './postgres-common.ts';

/** A table of the schema (its name as the schema spells it) and the rows the plan shows it holds. */
export interface PlanTableRows {
  table: string;
  rows: number;
}

/**
 * The row counts `plan` shows for tables of `schema` that have no statistics, largest figure per table, in the order
 * the plan first shows them. `statements`: the statements the plan may be of, whose aliases name the tables of a
 * MySQL plan (an alias given to two different tables names neither).
 */
export function tableRowsFromPlan(
  plan: PlanTree,
  statements: readonly ParsedStatement[],
  schema: SchemaModel,
): PlanTableRows[] {
  const dialect = PLAN_FORMATS[plan.format as PlanFormat];
  if (!dialect) return [];
  const aliases = aliasesOf(statements);
  const limited = statements.some(hasLimit);
  const largest = new Map<string, PlanTableRows>();
  for (const visit of walk(plan.root)) {
    const rows = dialect === 'postgresql' ? postgresTableRows(visit) : mysqlTableRows(visit, limited);
    if (rows === undefined || !(rows >= 1) || !visit.node.relation) continue;
    // PostgreSQL names the table itself (`Seq Scan on orders o`), MySQL its alias.
    const name = visit.node.relation.toLowerCase();
    const table = findTable(schema, dialect === 'mysql' ? (aliases.get(name) ?? name) : name);
    if (!table || table.statistics) continue;
    const seen = largest.get(table.name);
    if (!seen || rows > seen.rows) largest.set(table.name, { table: table.name, rows: Math.round(rows) });
  }
  return [...largest.values()];
}

/** Alias (lower case) -> table name; an alias of two different tables is left out, as it names neither for sure. */
function aliasesOf(statements: readonly ParsedStatement[]): Map<string, string> {
  const aliases = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const ref of statements.flatMap((s) => s.tables)) {
    if (!ref.alias) continue;
    const alias = ref.alias.toLowerCase();
    const table = ref.name.toLowerCase();
    if (aliases.has(alias) && aliases.get(alias) !== table) ambiguous.add(alias);
    aliases.set(alias, table);
  }
  for (const alias of ambiguous) aliases.delete(alias);
  return aliases;
}

function hasLimit(statement: ParsedStatement): boolean {
  const tokens = codeTokens(lex(statement.text, { mysql: statement.dialect === 'mysql' }));
  return tokens.some((t) => isKeyword(t, 'LIMIT'));
}

function postgresTableRows({ node, ancestors }: PlanVisit): number | undefined {
  if (node.node !== 'Seq Scan' || !node.relation) return undefined;
  const parallel = isParallelAware(node);
  const figures: number[] = [];
  if (node.filter === undefined) {
    const divisor = parallel ? parallelDivisor(ancestors) : 1;
    if (divisor !== undefined) figures.push(node.rows * divisor);
  }
  if (node.actualRows !== undefined && node.loops !== undefined && node.loops > 0 && ranToEnd(node, ancestors)) {
    // PostgreSQL prints both per loop: each loop of a plain scan reads the whole table, a parallel one its share.
    const removed = detailNumber(node, /^Rows Removed by Filter: (\d+(?:\.\d+)?)$/) ?? 0;
    figures.push((node.actualRows + removed) * (parallel ? node.loops : 1));
  }
  return figures.length > 0 ? Math.max(...figures) : undefined;
}

/**
 * Nodes above which a scan is read to its end (ANALYZE measured all its rows): its consumers read all their input.
 * A Limit, a semi or anti join, a merge join, the inner side of a nested loop or a Materialize may stop it early,
 * and then the measure is part of the table.
 */
const READS_ALL_INPUT = new Set([
  'Gather',
  'Gather Merge',
  'Hash',
  'Sort',
  'Incremental Sort',
  'Aggregate',
  'Group',
  'WindowAgg',
  'Unique',
  'SetOp',
  'Append',
  'Result',
  'Subquery Scan',
  'LockRows',
  'ModifyTable',
]);

function ranToEnd(node: PlanNode, ancestors: PlanNode[]): boolean {
  let child = node;
  for (const parent of [...ancestors].reverse()) {
    const first = parent.children[0] === child;
    const reads =
      READS_ALL_INPUT.has(parent.node) ||
      (parent.node === 'Nested Loop' && first && !isSemiOrAnti(parent)) ||
      // A hash join whose hash table came out empty may stop reading its outer side at once.
      (parent.node === 'Hash Join' && (!first || (parent.children[1]?.actualRows ?? 0) > 0) && !isSemiOrAnti(parent));
    if (!reads) return false;
    child = parent;
  }
  return true;
}

function isSemiOrAnti(join: PlanNode): boolean {
  return join.details?.some((d) => /\b(?:Semi|Anti)\b/.test(d)) ?? false;
}

function mysqlTableRows({ node, ancestors }: PlanVisit, limited: boolean): number | undefined {
  // A table node over a Materialize reads a derived table (isFullTableScan says so); one with a subquery hung under
  // it (the readers put a block's subqueries there) is still the table.
  if (!node.relation || node.relation.startsWith('<')) return undefined;
  const indexScan = node.node.startsWith('Full index scan');
  if (!isFullTableScan(node) && !indexScan) return undefined;
  // FORMAT=TREE cuts a scan's estimate to the LIMIT above it; tabular and JSON do so for an index read in order.
  if (ancestors.some((a) => a.node === 'Limit') || (indexScan && limited)) return undefined;
  return Math.max(node.rows, node.actualRows ?? 0);
}
