import type { Finding, PlanTree } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef, walk } from '../model/ast.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { columnStatistics, distinctValues, findTable, type SchemaModel } from '../schema/model.ts';
import { isAggregate } from '../semantics/functions.ts';
import { groupKeyMeaning, orderKeyMeaning, querySources, resolve } from '../semantics/scope.ts';
import type { HotspotContext, StatementGrouping } from './hotspots/hotspot.ts';
import { diagnosePlan, planHotspots, tablesAnIndexMayHelp } from './hotspots/index.ts';
import { parseUserPlan } from './parse.ts';

export interface StatementPlanInput {
  statement: ParsedStatement;
  schema: SchemaModel;
  /** The EXPLAIN output the user gave for this statement, if any. */
  planText?: string | null;
  /** Our own plan of the statement (the sandbox's plan before optimization), or null without a planner. */
  ownPlan: PlanTree | null;
}

/**
 * The plan findings of one statement. The user's plan, when given, is what their server really does (and may
 * carry measured rows), so it is the one diagnosed, and returned read and annotated as `userPlan`; otherwise our
 * own plan is diagnosed (its nodes already carry the planner's warnings). An unreadable plan throws 4204.
 */
export function diagnoseStatementPlan(input: StatementPlanInput): {
  findings: Finding[];
  userPlan?: PlanTree;
  /** Tables (lower case) whose hotspots say an index may help (see tablesAnIndexMayHelp). */
  indexTables: string[];
} {
  const context = hotspotContext(input.statement, input.schema);
  if (input.planText?.trim()) {
    const { findings, plan } = diagnosePlan(parseUserPlan(input.planText, input.statement.dialect), context);
    return { findings, userPlan: plan, indexTables: tablesAnIndexMayHelp(plan, context) };
  }
  if (!input.ownPlan) return { findings: [], indexTables: [] };
  return {
    findings: planHotspots(input.ownPlan, context),
    indexTables: tablesAnIndexMayHelp(input.ownPlan, context),
  };
}

/**
 * Table sizes from the user's statistics, the statement's aliases (MySQL plans name tables by alias), and whether
 * its ORDER BY sorts by an aggregate.
 */
export function hotspotContext(statement: ParsedStatement, schema: SchemaModel): HotspotContext {
  const tableRows = new Map<string, number>();
  for (const table of schema.tables) {
    if (table.statistics) tableRows.set(table.name.toLowerCase(), table.statistics.rows);
  }
  const aliases = new Map<string, string>();
  for (const table of statement.tables) {
    if (table.alias) aliases.set(table.alias.toLowerCase(), table.name.toLowerCase());
  }
  const grouping = statementGrouping(statement.ast, schema);
  return { tableRows, aliases, sortedByAggregate: sortedByAggregate(statement.ast), ...(grouping ? { grouping } : {}) };
}

/** The statement's own GROUP BY (not a subquery's), with the most groups the statistics allow (see StatementGrouping). */
function statementGrouping(query: AstNode, schema: SchemaModel): StatementGrouping | undefined {
  const groupby = child(query, 'groupby');
  const keys = groupby ? children(groupby, 'columns') : children(query, 'groupby');
  // A set operation's sort orders its combined rows, not the first branch's groups.
  if (keys.length === 0 || child(query, '_next')) return undefined;
  // WITH ROLLUP adds subtotal rows: the product of the keys no longer bounds them (ROLLUP(), CUBE() and GROUPING
  // SETS are no column and leave no bound below).
  const modifiers = groupby && Array.isArray(groupby.modifiers) ? groupby.modifiers : [];
  if (modifiers.some((modifier) => modifier)) return { keys: [] };
  const sources = querySources(query, schema, query);
  const counted: StatementGrouping['keys'] = [];
  let most = 1;
  for (const key of keys) {
    const expr = groupKeyMeaning(query, key, sources)?.expr;
    const ref = columnRef(expr);
    const resolution = ref && resolve(query, schema, query, ref);
    const table =
      resolution?.kind === 'local' && resolution.source.table && !resolution.source.cte
        ? findTable(schema, resolution.source.table)
        : undefined;
    const distinct = table && ref ? distinctValues(table, ref.column) : undefined;
    if (!table || !ref || distinct === undefined) return { keys: [] };
    const nulls = (columnStatistics(table, ref.column)?.nullFraction ?? 0) > 0 ? 1 : 0;
    most *= Math.max(1, Math.round(distinct)) + nulls;
    counted.push({ column: `${table.name}.${ref.column}`, distinct: Math.round(distinct) });
  }
  return { most, keys: counted };
}

/** Whether an ORDER BY key of the statement's own query reads an aggregate (see HotspotContext). */
function sortedByAggregate(query: AstNode): boolean {
  return children(query, 'orderby').some((item) => {
    const key = child(item, 'expr');
    const sorted = key && orderKeyMeaning(query, key)?.expr;
    let aggregate = false;
    if (sorted) {
      walk(sorted, ({ node }) => {
        if (node.type === 'select' || aggregate) return false;
        aggregate = isAggregate(node);
        return undefined;
      });
    }
    return aggregate;
  });
}
