import type { Dialect } from '@sqltune/contracts';
import { analyze, firstStatementError, prepareWorkload, readSchemaInput } from '@sqltune/engine';
import { countStatements } from './limits.ts';
import { checkPlanText } from './plan-text.ts';

/** The text fields of a submission, already within their byte limits and free of NUL characters. */
export interface SubmissionText {
  dialect: Dialect;
  sql: string;
  schema: string | null;
  stats: string | null;
  plan: string | null;
  /** Pasted statement statistics: their statements are optimized in place of `sql` (which may then be empty). */
  workload: string | null;
}

/**
 * The check a submission passes before it is stored, so that a user sees 4202-4205 and 4208 with a position at
 * once: the statement count first (cheap), then the analysis the worker will do, then the pasted plan. Throws
 * AppError; returns the statement count. CPU-bound: it runs in an analysis thread, never on the API's event loop.
 */
export function checkSubmission(input: SubmissionText): { statementCount: number } {
  if (input.workload) {
    // 4210 with its place when the statistics cannot be read; the statements are the ones the worker will plan.
    const schema = readSchemaInput({ schemaText: input.schema, statsText: input.stats, dialect: input.dialect });
    const prepared = prepareWorkload(input.workload, input.dialect, schema);
    return { statementCount: Math.max(1, prepared.statements.filter((s) => s.planned).length) };
  }
  const statementCount = countStatements(input.sql, input.dialect);
  const analysis = analyze({
    sql: input.sql,
    dialect: input.dialect,
    schemaText: input.schema,
    statsText: input.stats,
  });
  const unparsable = firstStatementError(analysis);
  if (unparsable) throw unparsable;
  if (input.plan) checkPlanText(input.plan, input.dialect);
  return { statementCount };
}
