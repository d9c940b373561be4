import type { Dialect } from '@sqltune/contracts';
import { type AnalysisCaches, candidateReportFor, type SchemaModel, withAnalysisCaches } from '@sqltune/engine';
import { defaultLimits } from './index-advisor.ts';
import type { PlannerSession } from './types.ts';

/**
 * Asks a remembering session (remembering-session.ts), before optimize() goes through the statements one by one,
 * the questions it will ask of each of them first: its plan without new indexes, then its plan under each of its
 * index candidates alone (the advisor's first round, index-advisor.ts), grouped by candidate across the statements.
 * A session whose what-if indexes stay built between calls (MariaDB: an ALTER TABLE and the statistics injected
 * again for each change of set) then builds each candidate once for every statement that has it, instead of once
 * per statement and candidate; going through the statements, optimize() gets these answers from memory. The answers
 * do not depend on the order they are asked in (the session's schema and statistics are fixed, each what-if set is
 * put in place exactly as asked), so the report is the one asked statement by statement. Errors are not remembered:
 * a statement or candidate the optimizer refuses is asked again in its turn, and fails there as before.
 */
export async function askAhead(
  session: PlannerSession,
  statements: readonly string[],
  dialect: Dialect,
  schema: SchemaModel,
  /** The optimization's analysis caches (optimize.ts): the statements were parsed there. */
  caches?: AnalysisCaches,
): Promise<void> {
  const texts = [...new Set(statements)];
  if (texts.length < 2) return;
  const planned: string[] = [];
  for (const sql of texts) {
    if (await session.explain(sql).then(succeeded, failed)) planned.push(sql);
  }
  // Each candidate (by its DDL) with the statements that cost it in the advisor's first round, by table so that a
  // change of set rebuilds one table where it can.
  const byCandidate = new Map<string, { table: string; statements: string[] }>();
  for (const sql of planned) {
    for (const candidate of withAnalysisCaches(() => firstRound(sql, dialect, schema), caches)) {
      const entry = byCandidate.get(candidate.ddl) ?? { table: candidate.table, statements: [] };
      entry.statements.push(sql);
      byCandidate.set(candidate.ddl, entry);
    }
  }
  const tables = [...new Set([...byCandidate.values()].map((c) => c.table))];
  const ordered = [...byCandidate].sort(([, a], [, b]) => tables.indexOf(a.table) - tables.indexOf(b.table));
  for (const [ddl, { statements: asking }] of ordered) {
    for (const sql of asking) await session.explain(sql, [ddl]).then(succeeded, failed);
  }
}

/** The candidates the statement advisor costs one by one, as it takes them (at most its evaluation limit). */
function firstRound(sql: string, dialect: Dialect, schema: SchemaModel) {
  try {
    // A required FULLTEXT index is not costed alone (index-advisor.ts): the sandbox plans every statement with it.
    return candidateReportFor(sql, dialect, schema)
      .candidates.filter((c) => !c.required)
      .slice(0, defaultLimits.maxEvaluations);
  } catch {
    // The statement's own turn reports what the engine could not read.
    return [];
  }
}

const succeeded = () => true;
const failed = () => false;
