import type { Finding, PlanTree } from '@sqltune/contracts';
import { type AstNode, child, children, walk } from '../model/ast.ts';
import type { ParsedStatement } from '../model/statement.ts';
import type { SchemaModel } from '../schema/model.ts';
import { isAggregate } from '../semantics/functions.ts';
import { orderKeyMeaning } from '../semantics/scope.ts';
import type { HotspotContext } from './hotspots/hotspot.ts';
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
  return { tableRows, aliases, sortedByAggregate: sortedByAggregate(statement.ast) };
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
