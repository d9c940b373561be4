import { AppError, type Dialect, ErrorCode, type Finding, type Report, type StatementReport } from '@sqltune/contracts';
import { analyze, firstStatementError, normalizeNewlines, splitStatements } from '@sqltune/engine';
import { type OptimizeOptions, optimize, workloadFor } from '@sqltune/planner';

export interface OptimizeTextInput {
  sql: string;
  dialect: Dialect;
  schemaText?: string | null;
  /** Statistics: JSON or pasted client output (docs/schema-input.md). */
  statsText?: string | null;
  planText?: string | null;
}

/** Where a statement starts in the whole input (1-based). */
interface StatementStart {
  line: number;
  column: number;
}

/**
 * Optimizes every statement of the input one at a time (so a caller can show progress), then merges the
 * statement reports into one Report equal to what `optimize()` returns for the whole text: indexes run
 * 0..n-1 and every line (statement location, finding spans) is relative to the whole input.
 */
export async function optimizeText(
  raw: OptimizeTextInput,
  options: OptimizeOptions,
  onProgress?: (done: number, total: number) => void,
): Promise<Report> {
  const sql = normalizeNewlines(raw.sql);
  // Pure and fast: syntax errors, refused statements and schema errors surface before any planner work,
  // with positions in the whole input.
  const unparsable = firstStatementError(
    analyze({ sql, dialect: raw.dialect, schemaText: raw.schemaText, statsText: raw.statsText }),
  );
  if (unparsable) throw unparsable;
  const slices = splitStatements(sql, raw.dialect);
  const statements: StatementReport[] = [];
  const warnings = new Map<string, Report['warnings'][number]>();
  let first: Report | undefined;
  onProgress?.(0, slices.length);
  for (const [i, slice] of slices.entries()) {
    const start = { line: slice.line, column: columnAt(sql, slice.offset) };
    let report: Report;
    try {
      report = await optimize({ ...raw, sql: slice.text }, options);
    } catch (error) {
      throw error instanceof AppError ? shiftError(error, start) : error;
    }
    first ??= report;
    for (const statement of report.statements) {
      statements.push(shiftStatement(statement, statements.length, start));
    }
    for (const warning of report.warnings) warnings.set(JSON.stringify(warning), warning);
    onProgress?.(i + 1, slices.length);
  }
  if (!first) throw new AppError(ErrorCode.INPUT_REQUIRED);
  const workload =
    statements.length > 1
      ? await workloadFor(
          raw,
          statements.map((s) => s.optimized),
          options,
        )
      : undefined;
  return { ...first, statements, warnings: [...warnings.values()], ...(workload ? { workload } : {}) };
}

function columnAt(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1) + 1;
}

/** A position inside a statement (1-based, relative to its text) as a position in the whole input. */
function shiftPosition(line: number, column: number, start: StatementStart): StatementStart {
  return { line: start.line + line - 1, column: line === 1 ? start.column + column - 1 : column };
}

function shiftStatement(statement: StatementReport, index: number, start: StatementStart): StatementReport {
  const shiftFinding = (finding: Finding): Finding =>
    finding.span
      ? { ...finding, span: { ...finding.span, ...shiftPosition(finding.span.line, finding.span.column, start) } }
      : finding;
  return {
    ...statement,
    index,
    location: { ...statement.location, line: start.line + (statement.location?.line ?? 1) - 1 },
    rules: statement.rules.map(shiftFinding),
  };
}

/** Errors about the statement text point into the whole input; schema and plan errors keep their own file. */
function shiftError(error: AppError, start: StatementStart): AppError {
  const { detail } = error;
  const aboutStatement = error.code === ErrorCode.CONTENT_INVALID || error.code === ErrorCode.STATEMENT_NOT_ALLOWED;
  if (!aboutStatement || detail.line === undefined) return error;
  const at = shiftPosition(detail.line, detail.column ?? 1, start);
  // Planner messages repeat the position in their text ("at line 1, column 37" / "第 1 行第 37 列").
  const en = detail.message.en.replace(
    `line ${detail.line}, column ${detail.column}`,
    `line ${at.line}, column ${at.column}`,
  );
  const zh = detail.message.zh.replace(
    `第 ${detail.line} 行第 ${detail.column} 列`,
    `第 ${at.line} 行第 ${at.column} 列`,
  );
  return new AppError(
    error.code,
    { ...(detail.field ? { field: detail.field } : {}), ...at, message: { zh, en } },
    error.httpStatus,
  );
}
