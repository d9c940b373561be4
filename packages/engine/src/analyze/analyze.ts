import { AppError, type Dialect, ErrorCode, type Finding, type Localized } from '@sqltune/contracts';
import { parseInput, parseStatements, tooDeep } from '../dialect/parse.ts';
import { routineDataChangeNote } from '../dialect/routines.ts';
import {
  type CandidateOptions,
  type IndexCandidate,
  indexCandidateReport,
  type SkippedTable,
} from '../indexes/candidates.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { locate } from '../rules/locate.ts';
import { statementRules } from '../rules/registry.ts';
import type { Rule, RuleMatch } from '../rules/rule.ts';
import { checkSchema } from '../schema/checks.ts';
import type { SchemaModel } from '../schema/model.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import { applyStatisticsText } from '../schema/statistics.ts';
import { withAnalysisCaches } from '../text/analysis-caches.ts';
import { applyEdits } from '../text/patch.ts';
import { normalizeNewlines, positionAt } from '../text/position.ts';
import { dataChangeWords, isDataChange } from '../text/statement-words.ts';

export interface AnalyzeInput {
  sql: string;
  dialect: Dialect;
  /**
   * CREATE TABLE / CREATE INDEX text with optional `-- sqltune:stats` lines, or pasted SHOW CREATE TABLE /
   * SHOW INDEX output (docs/schema-input.md).
   */
  schemaText?: string | null;
  /**
   * Statistics as JSON (`{"tables": {...}}`) or pasted client output (SHOW TABLE STATUS, information_schema,
   * pg_class, pg_stats); they need the table structure.
   */
  statsText?: string | null;
  /**
   * INSERT, REPLACE and DELETE (and PostgreSQL's MERGE, which inserts and deletes): refused with 4205 as the product's
   * spec says for the web app (the default), or analyzed like every other statement (the CLI: files of a project hold
   * them, and their rules apply).
   */
  dataChanges?: 'refuse' | 'analyze';
}

/** A rewrite the rules propose. It is not shown to a user until verification has failed to refute it. */
export interface ProposedStep {
  rule: Rule;
  before: string;
  after: string;
  matches: RuleMatch[];
}

export interface StatementAnalysis {
  statement: ParsedStatement;
  findings: Finding[];
  steps: ProposedStep[];
  /**
   * Set when the statement does not parse (4202 with its position): then `findings` hold only what text-level
   * rules see (Rule.tokenLevel), there are no steps, and `statement.ast` is a placeholder.
   */
  error?: AppError;
}

export interface Analysis {
  schema: SchemaModel;
  schemaFindings: Finding[];
  /** What of the input was not analyzed, and why (a stored routine's dynamic SQL, its data changes). */
  notes: Localized[];
  statements: StatementAnalysis[];
}

/** The table structure with its statistics applied, as analyze() reads them (4203 when they do not read). */
export function readSchemaInput(input: Pick<AnalyzeInput, 'schemaText' | 'statsText' | 'dialect'>): SchemaModel {
  return withAnalysisCaches(() => {
    const schemaText = normalizeNewlines(input.schemaText ?? '');
    const schema = schemaText.trim() ? parseSchema(schemaText, input.dialect) : { tables: [], ddl: '' };
    if (input.statsText?.trim()) applyStatisticsText(schema, input.statsText);
    return schema;
  });
}

/**
 * Parses, checks the schema, runs every rule and proposes the rewrite chain. Pure: no I/O. A caller analyzing many
 * texts against one structure (the statements of a mapper) reads it once and passes it as `schema`. One analysis:
 * the texts it reads are cached for its duration and dropped when it returns (text/analysis-caches.ts).
 */
export function analyze(input: AnalyzeInput, schema?: SchemaModel, options: AnalyzeOptions = {}): Analysis {
  return withAnalysisCaches(() => analyzeIn(input, schema ?? readSchemaInput(input), options));
}

export interface AnalyzeOptions {
  /**
   * Rules not asked of the statement starting on a line of the text (1-based), neither for findings nor for
   * rewrites: a mapper variant planned without a `${}` piece of SQL is not asked what that piece may say
   * (RULES_ON_WHAT_IS_NOT_WRITTEN in mybatis/analyze-mapper.ts).
   */
  readonly rulesNotAsked?: (line: number) => ReadonlySet<string> | undefined;
}

function analyzeIn(input: AnalyzeInput, schema: SchemaModel, options: AnalyzeOptions): Analysis {
  const read = parseInput(normalizeNewlines(input.sql), input.dialect, schema);
  const notes = [...read.notes];
  const outcomes = read.outcomes.filter(({ statement, error }) => {
    if (input.dataChanges === 'analyze') return true;
    // A data change the parser cannot read (PostgreSQL's DELETE ... USING) is still a data change.
    const mysql = statement.dialect === 'mysql';
    if (!dataChangeWords(mysql).has(statement.kind.toUpperCase()) && !(error && isDataChange(statement.text, mysql))) {
      return true;
    }
    // One written in a routine is left out, not the routine: its queries are what the user asks about.
    if (!statement.routine) throw new AppError(ErrorCode.STATEMENT_NOT_ALLOWED, { line: statement.line, column: 1 });
    notes.push(routineDataChangeNote(statement.routine.name, statement.line));
    return false;
  });
  return {
    schema,
    schemaFindings: checkSchema(schema, input.dialect),
    notes,
    statements: outcomes.map(({ statement, error }) => {
      const notAsked = options.rulesNotAsked?.(statement.line);
      const asked = (rules: Rule[]) => (notAsked ? rules.filter((rule) => !notAsked.has(rule.id)) : rules);
      return error
        ? {
            statement,
            error,
            findings: findingsFor(statement, schema, asked(tokenLevelRules(statement.dialect))),
            steps: [],
          }
        : analyzeParsed(statement, schema, asked(rulesFor(statement.dialect)));
    }),
  };
}

/**
 * Findings and rewrite steps of a statement that parsed. The parser refuses trees deeper than MAX_TREE_DEPTH;
 * should a rule's recursion still run out of stack, the statement gets the same 4202 instead of the whole
 * analysis failing (the engine never throws anything but AppError).
 */
function analyzeParsed(statement: ParsedStatement, schema: SchemaModel, rules: Rule[]): StatementAnalysis {
  try {
    return {
      statement,
      findings: findingsFor(statement, schema, rules),
      steps: proposeSteps(statement, schema, rules),
    };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const tooDeepError = tooDeep({ line: statement.line, column: statement.column });
    const findings = findingsFor(statement, schema, tokenLevelRules(statement.dialect));
    return { statement, error: tooDeepError, findings, steps: [] };
  }
}

/**
 * The error of the first statement that does not parse, for callers that refuse such input as a whole (the API at
 * submission, the CLI): 4202 with its position, and the text-level findings of that statement attached.
 */
export function firstStatementError(analysis: Analysis): UnparsableStatementError | undefined {
  const failed = analysis.statements.find((s) => s.error);
  return failed ? new UnparsableStatementError(failed.error!, failed.findings) : undefined;
}

/** A 4202 that also carries what the text-level rules found in the statement (e.g. an injectable `${}`). */
export class UnparsableStatementError extends AppError {
  constructor(
    error: AppError,
    readonly findings: Finding[],
  ) {
    super(error.code, error.detail, error.httpStatus);
  }
}

function tokenLevelRules(dialect: Dialect): Rule[] {
  return rulesFor(dialect).filter((rule) => rule.tokenLevel);
}

export function rulesFor(dialect: Dialect): Rule[] {
  return statementRules.filter((rule) => rule.dialects.includes(dialect));
}

/**
 * A rule's matches on one statement tree with one schema, computed once: findings and the first rewrite steps
 * look at the same statement, and a rewriting rule's detect (which re-parses its candidate edits) is not cheap.
 */
const matchCache = new WeakMap<SchemaModel, WeakMap<object, Map<string, RuleMatch[]>>>();

function detect(rule: Rule, statement: ParsedStatement, schema: SchemaModel): RuleMatch[] {
  let bySchema = matchCache.get(schema);
  if (!bySchema) {
    bySchema = new WeakMap();
    matchCache.set(schema, bySchema);
  }
  let byRule = bySchema.get(statement.ast);
  if (!byRule) {
    byRule = new Map();
    bySchema.set(statement.ast, byRule);
  }
  let matches = byRule.get(rule.id);
  if (!matches) {
    matches = rule.detect({ statement, schema });
    byRule.set(rule.id, matches);
  }
  return matches;
}

/** Runs every rule on one statement and turns matches into findings located in the statement text. */
export function findingsFor(
  statement: ParsedStatement,
  schema: SchemaModel,
  rules: Rule[] = rulesFor(statement.dialect),
): Finding[] {
  return withAnalysisCaches(() => findingsIn(statement, schema, rules));
}

function findingsIn(statement: ParsedStatement, schema: SchemaModel, rules: Rule[]): Finding[] {
  return rules.flatMap((rule) =>
    detect(rule, statement, schema).map((match): Finding => {
      const finding: Finding = {
        id: rule.id,
        severity: rule.severity,
        title: rule.title,
        message: match.message,
        rewrite: false,
      };
      const at = match.span ?? (match.node ? locate(statement, match.node) : undefined);
      if (at) {
        const { line, column } = positionAt(statement.text, at.start);
        const length = statement.text.slice(at.start, at.end).trimEnd().length;
        finding.span = {
          line: statement.line + line - 1,
          column: line === 1 ? statement.column + column - 1 : column,
          length,
        };
      }
      return finding;
    }),
  );
}

/**
 * Applies the rewriting rules one after another, re-parsing between steps so each rule sees the
 * text the previous one produced (offsets stay true).
 */
export function proposeSteps(
  statement: ParsedStatement,
  schema: SchemaModel,
  rules: Rule[] = rulesFor(statement.dialect),
): ProposedStep[] {
  return withAnalysisCaches(() => stepsIn(statement, schema, rules));
}

function stepsIn(statement: ParsedStatement, schema: SchemaModel, rules: Rule[]): ProposedStep[] {
  const steps: ProposedStep[] = [];
  let current = statement;
  for (const rule of rules.filter((r) => r.rewrites)) {
    const matches = detect(rule, current, schema).filter((m) => m.edits && m.edits.length > 0);
    if (matches.length === 0) continue;
    const after = applyEdits(
      current.text,
      matches.flatMap((m) => m.edits ?? []),
    );
    const [reparsed] = parseStatements(after, statement.dialect);
    if (!reparsed) continue;
    steps.push({ rule, before: current.text, after, matches });
    current = {
      ...reparsed,
      index: statement.index,
      line: statement.line,
      column: statement.column,
      offset: statement.offset,
    };
  }
  return steps;
}

/** Index candidates for the statement text that will be shown (after accepted rewrites). */
export function candidatesFor(
  text: string,
  dialect: Dialect,
  schema: SchemaModel,
  options: CandidateOptions = {},
): IndexCandidate[] {
  return candidateReportFor(text, dialect, schema, options).candidates;
}

/** Index candidates for the statement text, and why the tables it uses that get none get none. */
export function candidateReportFor(
  text: string,
  dialect: Dialect,
  schema: SchemaModel,
  options: CandidateOptions = {},
): { candidates: IndexCandidate[]; skipped: SkippedTable[] } {
  return withAnalysisCaches(() => {
    const [statement] = parseStatements(text, dialect);
    return statement ? indexCandidateReport(statement, schema, options) : { candidates: [], skipped: [] };
  });
}
