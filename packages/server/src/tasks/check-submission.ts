import type { Dialect, MapperFramework } from '@sqltune/contracts';
import { analyze, analyzeMapper, firstStatementError, prepareWorkload, readSchemaInput } from '@sqltune/engine';
import { countMapperStatements, countStatements, MAX_STATEMENTS, tooManyStatements } from './limits.ts';
import { checkPlanText } from './plan-text.ts';

/** The text fields of a submission, already within their byte limits and free of NUL characters. */
export interface SubmissionText {
  dialect: Dialect;
  /** The SQL, or for a mapper the XML. */
  sql: string;
  schema: string | null;
  stats: string | null;
  plan: string | null;
  /**
   * Set when `sql` is a mapper: its file name (positions in findings and errors name it) and the ORM the user chose
   * (null: the root element says, `<mapper>` or `<sqlMap>`).
   */
  mapper: { fileName: string; framework: MapperFramework | null } | null;
  /** Pasted statement statistics: their statements are optimized in place of `sql` (which may then be empty). */
  workload: string | null;
}

/** What a submission that passed its check is stored with. */
export interface CheckedSubmission {
  /** The ETA's unit of work: statements, or for a mapper the variants the planner will optimize. */
  statementCount: number;
  /** For a mapper, the framework it was read as; null for SQL. */
  framework: MapperFramework | null;
}

/**
 * The check a submission passes before it is stored, so that a user sees 4202-4205 and 4208 with a position at
 * once: the statement count first (cheap), then the analysis the worker will do, then the pasted plan. Throws
 * AppError. CPU-bound: it runs in an analysis thread, never on the API's event loop.
 */
export function checkSubmission(input: SubmissionText): CheckedSubmission {
  if (input.mapper) return checkMapper(input, input.mapper);
  if (input.workload) {
    // 4210 with its place when the statistics cannot be read; the statements are the ones the worker will plan.
    const schema = readSchemaInput({ schemaText: input.schema, statsText: input.stats, dialect: input.dialect });
    const prepared = prepareWorkload(input.workload, input.dialect, schema);
    return { statementCount: Math.max(1, prepared.statements.filter((s) => s.planned).length), framework: null };
  }
  const statementCount = countStatements(input.sql, input.dialect);
  const analysis = analyze({
    sql: input.sql,
    dialect: input.dialect,
    schemaText: input.schema,
    statsText: input.stats,
  });
  // A stored routine is one statement of the text and as many as its body holds for the worker, which plans those.
  const planned = analysis.statements;
  if (planned.length > MAX_STATEMENTS) throw tooManyStatements(MAX_STATEMENTS, planned[MAX_STATEMENTS]!.statement.line);
  const unparsable = firstStatementError(analysis);
  if (unparsable) throw unparsable;
  if (input.plan) checkPlanText(input.plan, input.dialect);
  return { statementCount: Math.max(statementCount, planned.length), framework: null };
}

/**
 * A mapper: read (malformed XML is 4202 at its line and column, the wrong root for the chosen ORM too), counted
 * against MAX_MAPPER_STATEMENTS, then expanded and analyzed as the worker will (4206 when it holds no statement).
 * A statement that cannot be expanded is not a refusal: the report lists its error beside the others' results.
 */
function checkMapper(input: SubmissionText, mapper: NonNullable<SubmissionText['mapper']>): CheckedSubmission {
  const file = { name: mapper.fileName, text: input.sql };
  countMapperStatements(file, mapper.framework);
  const analysis = analyzeMapper({
    files: [file],
    ...(mapper.framework ? { framework: mapper.framework } : {}),
    dialect: input.dialect,
    schemaText: input.schema,
    statsText: input.stats,
  });
  const variants = analysis.statements.reduce((sum, s) => sum + s.variants.length, 0);
  return { statementCount: Math.max(1, variants), framework: analysis.files[0]!.framework };
}
