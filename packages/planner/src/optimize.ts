import {
  type AiRewrite,
  AppError,
  type Dialect,
  type DroppedStep,
  ErrorCode,
  type Finding,
  type IndexAdvice,
  type IndexGap,
  type Localized,
  type Message,
  type PlanComparison,
  type PlanTree,
  type Report,
  type StatementReport,
  type Step,
  type Verification,
  type WorkloadIndexes,
} from '@sqltune/contracts';
import {
  type Analysis,
  type AnalysisCaches,
  analyze,
  bindPlaceholderNote,
  candidateReportFor,
  candidatesFor,
  computeScores,
  diagnoseStatementPlan,
  findingsFor,
  findTable,
  firstStatementError,
  hotspotContext,
  type IndexCandidate,
  literalsOf,
  newAnalysisCaches,
  normalizeNewlines,
  notIndexableMessage,
  type ParsedStatement,
  type PlanTableRows,
  type PreparedWorkload,
  type ProposedStep,
  parseStatements,
  parseUserPlan,
  prepareWorkload,
  readSchemaInput,
  routineStatementLabel,
  routineTextAsWritten,
  type SchemaModel,
  type StatementAnalysis,
  tableRowsFromPlan,
  tablesAnIndexMayHelp,
  unifiedDiff,
  withAnalysisCaches,
  withInferredTables,
  withNativeParameters,
  writeTargetOf,
} from '@sqltune/engine';
import type { AiSettings } from './ai/client.ts';
import { AI_RULE_ID, aiRewrite, aiStepRationale, aiStepTitle } from './ai/rewrite.ts';
import { askAhead } from './ask-ahead.ts';
import { noteForReadTables, type ReadTables } from './defaulted-tables.ts';
import { adviseStatementIndexes, defaultLimits, sizedByPlan } from './index-advisor.ts';
import { inferredFor, onInferredTables, withInferredHint } from './inferred-structure.ts';
import { forceJoinOrder, topBlockJoinOrder } from './mariadb/join-order.ts';
import { estimateWhatIf } from './mariadb/what-if-estimate.ts';
import { rememberingSession } from './remembering-session.ts';
import type { PlannerBackend, PlannerSession, PlanRequest } from './types.ts';
import { adviseWeightedWorkload, WRITE_COST_UNITS, writeChanges } from './weighted-workload.ts';
import { adviseWorkload } from './workload-advisor.ts';

export { type AiSettings, aiSettingsFromEnv } from './ai/client.ts';

export interface OptimizeInput {
  sql: string;
  dialect: Dialect;
  schemaText?: string | null;
  /** Statistics as JSON (`{"tables": {...}}`), merged onto the table structure. */
  statsText?: string | null;
  /** The user's own EXPLAIN output, kept for display next to ours. */
  planText?: string | null;
  /** INSERT, REPLACE, DELETE and MERGE: refused (4205, the web app, the default) or analyzed and planned (the CLI). */
  dataChanges?: 'refuse' | 'analyze';
  /**
   * Pasted statement statistics (pg_stat_statements, events_statements_summary_by_digest, a slow log): their
   * statements are optimized in place of `sql`, and the workload index set is weighed by what runs.
   */
  workloadText?: string | null;
}

export interface OptimizeOptions {
  /** Real optimizers by dialect; a dialect without one gets findings only, and the report says so. */
  planners: Partial<Record<Dialect, PlannerBackend>>;
  engineVersion: string;
  now?: () => Date;
  /** An OpenAI-compatible endpoint for AI rewrite candidates; without it the AI step is skipped (and says so). */
  ai?: AiSettings;
  /** Called with the statements done so far and their total: before the first one, and after each. */
  onProgress?: (done: number, total: number) => void;
  /**
   * A statement that does not parse or can not be planned (4202): the whole submission fails with it (the web app
   * refuses such input at once, the default), or it gets a report of its own holding the error and what the
   * text-level rules found, and the other statements are optimized (the CLI, on a project's files).
   */
  statementErrors?: 'throw' | 'report';
  /**
   * Set when statements are analyzed without an optimizer on purpose (a mapper's `${}` variants): each plan says this
   * reason instead of "no optimizer is configured", which would be untrue of the server.
   */
  unplannedReason?: Localized;
  /**
   * The table structure as the engine read it from this input's `schemaText` and `statsText`, when the caller has
   * read it already (a mapper's batches: analyzeMapper read it once for all of them).
   */
  schema?: SchemaModel;
  /**
   * What the engine keeps of the texts it reads (its analysis caches): one optimization is one analysis, from the
   * first reading through verification and index advice, and what it kept goes with it. A mapper passes one for
   * its own reading and all its batches; otherwise optimize() makes its own.
   */
  analysisCaches?: AnalysisCaches;
  /** Rules not asked of the statement starting on a line of the submitted SQL (AnalyzeOptions.rulesNotAsked). */
  rulesNotAsked?: (line: number) => ReadonlySet<string> | undefined;
}

/**
 * The whole pipeline for one submission: analyze (pure), then for each statement verify the proposed
 * rewrites and cost plans and indexes in a real optimizer loaded with the user's schema and statistics. One planner
 * session serves the whole submission (one sandbox instance: docs/security.md).
 * Input errors (4202/4203/4204) throw AppError; they are not retried.
 */
export async function optimize(raw: OptimizeInput, options: OptimizeOptions): Promise<Report> {
  const given = normalizeInput(raw);
  // The engine is synchronous and its scope ends with each call: every call below is given these caches.
  const caches = options.analysisCaches ?? newAnalysisCaches();
  const {
    prepared,
    input,
    analysis: asGiven,
  } = withAnalysisCaches(() => {
    const schemaModel = options.schema ?? readSchemaInput(given);
    const prepared = given.workloadText?.trim()
      ? prepareWorkload(given.workloadText, given.dialect, schemaModel)
      : undefined;
    const input = prepared ? { ...given, sql: plannedSql(prepared) } : given;
    const rulesNotAsked = options.rulesNotAsked;
    return { prepared, input, analysis: analyze(input, schemaModel, rulesNotAsked ? { rulesNotAsked } : {}) };
  }, caches);
  // The rules read the structure as given; the optimizer also plans the tables it left out, as inferred.
  const inferred = withAnalysisCaches(() => inferredFor(asGiven, given.dialect), caches);
  const analysis = inferred ? { ...asGiven, schema: withInferredTables(asGiven.schema, inferred) } : asGiven;
  const reportErrors = options.statementErrors === 'report';
  const unparsable = firstStatementError(analysis);
  if (unparsable && !reportErrors) throw unparsable;
  const backend = options.planners[input.dialect];
  const hasSchema = analysis.schema.tables.length > 0;
  // Repeated questions (a statement costed again, repeated statements, the workload advisor) answered once.
  const placeholderNote = bindPlaceholderNote(input.sql, input.dialect);
  // Only a text that held other clients' placeholders needs them turned into the dialect's on every question.
  const rowsFromPlan = withAnalysisCaches(() => pastedPlanRows(input, analysis), caches);
  const opened =
    backend && hasSchema
      ? await backend.open({
          ...requestFor(input, analysis.schema, rowsFromPlan),
          ...adviceExtensions(analysis, input.dialect, caches),
        })
      : undefined;
  const session = opened
    ? rememberingSession(placeholderNote ? withNativePlaceholders(opened, input.dialect) : opened)
    : undefined;
  try {
    const statements: StatementReport[] = [];
    const total = analysis.statements.length;
    options.onProgress?.(0, total);
    if (session) {
      const texts = analysis.statements.filter((item) => !item.error && plannable(item)).map((i) => i.statement.text);
      await askAhead(session, texts, input.dialect, analysis.schema, caches);
    }
    for (const item of analysis.statements) {
      statements.push(
        item.error
          ? failedStatement(item, analysis, input, item.error)
          : await optimizeStatement(item, analysis, input, session, {
              ...options,
              analysisCaches: caches,
              rowsFromPlan,
              rulesSchema: asGiven.schema,
            }).catch((error: unknown) => {
              if (!(error instanceof AppError)) throw error;
              const placed = withInferredHint(inWholeInput(error, item), item, inferred);
              if (!reportErrors) throw placed;
              return failedStatement(item, analysis, input, placed);
            }),
      );
      options.onProgress?.(statements.length, total);
    }
    return {
      kind: 'sql',
      dialect: input.dialect,
      engine: { name: 'sqltune', version: options.engineVersion },
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      statements,
      warnings: [
        ...(options.unplannedReason ? [] : plannerWarnings(input.dialect, backend, hasSchema)),
        ...sessionNotes(session, tablesRead(analysis)),
        ...(prepared && given.sql.trim() ? [sqlSetAside] : []),
        ...(placeholderNote ? [{ code: 0, message: placeholderNote }] : []),
        ...(analysis.schema.notes ?? []).map((message) => ({ code: 0, message })),
        ...(inferred ? [{ code: 0, message: inferred.note }] : []),
        ...analysis.notes.map((message) => ({ code: 0, message })),
      ],
      ...(prepared
        ? await weightedWorkload(session, input.dialect, statements, analysis, prepared, caches)
        : await workloadIndexes(session, input.dialect, statements, analysis, caches)),
    };
  } finally {
    await session?.close();
  }
}

/**
 * For several statements, one index set that serves them all within a size budget (workload-advisor.ts), next to
 * each statement's own advice.
 */
async function workloadIndexes(
  session: PlannerSession | undefined,
  dialect: Dialect,
  statements: StatementReport[],
  analysis: Analysis,
  caches: AnalysisCaches,
): Promise<{ workload?: WorkloadIndexes }> {
  const { schema } = analysis;
  // Positions in `statements` of the texts weighed: every planned statement without an error.
  const positions = statements.flatMap((s, i) =>
    plannable(analysis.statements[i]!) && s.errors.length === 0 ? [i] : [],
  );
  const texts = positions.map((i) => plannedText(statements[i]!));
  if (!session || texts.length < 2) return {};
  // Writes (a mapper's INSERT, UPDATE, DELETE) pay each index they change: about one page a call, the unit the
  // weighted workload uses when it has only calls. An UPDATE or DELETE also finds its rows: its WHERE is a read
  // that an index can speed up (candidates with `writes`), weighed against that upkeep.
  const writes = withAnalysisCaches(() => texts.map((sql) => writeTargetOf(sql, dialect, schema)), caches);
  const writeCost = (index: Pick<IndexCandidate, 'table' | 'columns'>) =>
    writes.filter((w) => writeChanges(w, index)).length * WRITE_COST_UNITS;
  const advice = await adviseWorkload(
    session,
    dialect,
    texts,
    withAnalysisCaches(() => texts.map((sql) => candidatesFor(sql, dialect, schema, { writes: true })), caches),
    schema,
    { writeCost, analysisCaches: caches },
  );
  if (!advice) return {};
  const { serves, excluded, ...workload } = advice;
  const numbers = (list: number[]) => list.map((k) => positions[k]! + 1);
  return {
    workload: {
      ...workload,
      usage: advice.indexes.map((index, k) => ({
        ddl: index.ddl,
        serves: numbers(serves[k] ?? []),
        slows: numbers(writes.flatMap((w, j) => (writeChanges(w, index) ? [j] : []))),
        ...(index.benefit !== undefined ? { saving: index.benefit } : {}),
        writeCost: writeCost(index),
      })),
      ...(excluded.length > 0
        ? { excluded: excluded.map((e) => ({ statement: positions[e.statement]! + 1, reason: e.reason })) }
        : {}),
    },
  };
}

/**
 * The statements the optimizer is asked about with other clients' placeholders (`%s`, `:name`...) in the dialect's
 * own form, which the database prepares as parameters; the report keeps the text as written.
 */
function withNativePlaceholders(session: PlannerSession, dialect: Dialect): PlannerSession {
  const native = (sql: string) => withNativeParameters(sql, dialect);
  return {
    get source() {
      return session.source;
    },
    get notes() {
      return session.notes;
    },
    explain: (sql, whatIfIndexes) => session.explain(native(sql), whatIfIndexes),
    verify: (original, candidate, options) => session.verify(native(original), native(candidate), options),
    close: () => session.close(),
  };
}

/** Pasted statement statistics take the place of the SQL field; SQL given beside them is not optimized. */
const sqlSetAside: Message = {
  code: 0,
  message: {
    zh: '已提供负载统计：优化的是其中的语句，SQL 输入框中的语句未被分析。',
    en: "Workload statistics were given: their statements were optimized, and the SQL field's statements were not.",
  },
};

/**
 * The statements of pasted statistics that are planned, in input order, each under a comment naming its number,
 * calls and time in the workload (the statement reports show it as the statement's leading comment).
 */
function plannedSql(prepared: PreparedWorkload): string {
  return prepared.statements
    .filter((s) => s.planned)
    .map((s) => `-- workload #${s.number}: ${s.entry.calls} calls, ${s.entry.totalMs.toFixed(1)} ms\n${s.sql};`)
    .join('\n');
}

/**
 * The workload set weighed by pasted statement statistics (weighted-workload.ts). A planned statement whose report
 * holds an error is left out of it, with that error as the reason; without an optimizer only the statements are
 * listed.
 */
async function weightedWorkload(
  session: PlannerSession | undefined,
  dialect: Dialect,
  statements: StatementReport[],
  analysis: Analysis,
  prepared: PreparedWorkload,
  caches: AnalysisCaches,
): Promise<{ workload: WorkloadIndexes }> {
  const texts: string[] = [];
  prepared.statements
    .filter((s) => s.planned)
    .forEach((s, i) => {
      const report = statements[i];
      if (!report || report.errors.length > 0 || !session) {
        s.planned = false;
        s.skipped = report?.errors[0]?.message ?? {
          zh: '没有可用的优化器（需要表结构），未估算代价。',
          en: 'No optimizer ran (it needs the table structure); no cost was estimated.',
        };
      } else texts.push(plannedText(report));
    });
  return { workload: await adviseWeightedWorkload(session, dialect, prepared, texts, analysis.schema, caches) };
}

/** One newline convention for everything downstream: the planner runs the same schema text the engine read. */
function normalizeInput(input: OptimizeInput): OptimizeInput {
  return {
    ...input,
    sql: normalizeNewlines(input.sql),
    schemaText: input.schemaText == null ? input.schemaText : normalizeNewlines(input.schemaText),
    planText: input.planText == null ? input.planText : normalizeNewlines(input.planText),
  };
}

/** The routine a statement was read from, for its report (see StatementReport.routine). */
/**
 * The optimized text as the optimizer planned it, where the report shows it otherwise (a routine's statement, shown
 * with its names): what the workload advisor plans again.
 */
const plannedTexts = new WeakMap<StatementReport, string>();

function asPlanned(planned: string, report: StatementReport): StatementReport {
  if (planned !== report.optimized) plannedTexts.set(report, planned);
  return report;
}

function plannedText(report: StatementReport): string {
  return plannedTexts.get(report) ?? report.optimized;
}

/** A statement of a routine is shown as written: its names, not the values it was planned with. */
function shownAsWritten(text: string, statement: ParsedStatement): string {
  const { routine } = statement;
  return routine ? routineTextAsWritten(text, statement.text, routine.written) : text;
}

function routineOf(statement: ParsedStatement): Pick<StatementReport, 'routine'> {
  const { routine } = statement;
  if (!routine) return {};
  const label = routineStatementLabel(routine.name, routine.number);
  return { routine: { name: routine.name, kind: routine.kind, statement: routine.number, label } };
}

function requestFor(input: OptimizeInput, schema: SchemaModel, rowsFromPlan: PlanTableRows[]): PlanRequest {
  return {
    dialect: input.dialect,
    schemaSql: schema.ddl,
    statistics: schema.tables.flatMap((t) => (t.statistics ? [t.statistics] : [])),
    ...(rowsFromPlan.length > 0 ? { rowsFromPlan } : {}),
  };
}

/** The extensions the statements' index candidates need (pg_trgm for a LIKE '%x%'), for the sandbox to make. */
function adviceExtensions(
  analysis: Analysis,
  dialect: Dialect,
  caches: AnalysisCaches,
): Pick<PlanRequest, 'adviceExtensions'> {
  if (dialect !== 'postgresql') return {};
  const names = new Set<string>();
  for (const item of analysis.statements) {
    if (item.error || !plannable(item)) continue;
    const { candidates } = withAnalysisCaches(
      () => candidateReportFor(item.statement.text, dialect, analysis.schema),
      caches,
    );
    for (const candidate of candidates) if (candidate.extension) names.add(candidate.extension);
  }
  return names.size > 0 ? { adviceExtensions: [...names] } : {};
}

/**
 * The table sizes the user's pasted plan shows for tables without statistics (the engine's tableRowsFromPlan): the
 * sandbox plans them at these sizes instead of its default. They are facts of the user's database, so they serve
 * every statement, also when the plan is not diagnosed (several statements). An unreadable plan gives none: the
 * diagnosis reports it (4204) where it reads the plan.
 */
function pastedPlanRows(input: OptimizeInput, analysis: Analysis): PlanTableRows[] {
  if (!input.planText?.trim()) return [];
  let plan: PlanTree;
  try {
    plan = parseUserPlan(input.planText, input.dialect);
  } catch (error) {
    if (error instanceof AppError) return [];
    throw error;
  }
  return tableRowsFromPlan(
    plan,
    analysis.statements.map((s) => s.statement),
    analysis.schema,
  );
}

async function optimizeStatement(
  item: StatementAnalysis,
  analysis: Analysis,
  input: OptimizeInput,
  inputSession: PlannerSession | undefined,
  {
    ai: aiSettings,
    unplannedReason,
    analysisCaches: caches,
    rowsFromPlan,
    rulesSchema,
  }: Pick<OptimizeOptions, 'ai' | 'unplannedReason'> & {
    analysisCaches: AnalysisCaches;
    rowsFromPlan: PlanTableRows[];
    /** The structure as given (without inferred tables): what the rules read the optimized text with. */
    rulesSchema: SchemaModel;
  },
): Promise<StatementReport> {
  const original = item.statement.text;
  // DDL, GRANT, TRUNCATE...: the rules check them; an optimizer has nothing to plan.
  const session = plannable(item) ? inputSession : undefined;
  const verified = await verifySteps(item.steps, input.dialect, session, caches);
  const {
    accepted,
    steps: ruleSteps,
    dropped: droppedWithinCost,
  } = await keepStepsWithinCost(verified.accepted, session, input.dialect);

  const planBefore = session ? await session.explain(original) : null;
  const ruleOptimized = accepted.at(-1)?.after ?? original;
  const planAfterRewrite = session && ruleOptimized !== original ? await session.explain(ruleOptimized) : planBefore;
  const rewritten: Outcome = {
    optimized: ruleOptimized,
    steps: ruleSteps,
    verification: verified.verification,
    ...(await indexesAndPlan(session, ruleOptimized, input.dialect, analysis.schema, planAfterRewrite, caches)),
  };
  const { outcome: afterRules, dropped: droppedForIndexes } = await originalIfCheaperWithIndexes(
    rewritten,
    { original, planBefore, dialect: input.dialect, schema: analysis.schema, caches },
    session,
  );
  const dropped = [...droppedWithinCost, ...droppedForIndexes];
  const applied = droppedForIndexes.length > 0 ? [] : accepted;
  const appliedRules = new Set(applied.map((s) => s.rule.id));
  const rules: Finding[] = withStepMessages(item.findings, applied, original).map((f) => ({
    ...f,
    rewrite: appliedRules.has(f.id),
  }));
  const { optimized, steps, verification, indexes, unadvised, planAfter, ai } = await withAiRewrite(
    afterRules,
    { item, analysis, input, session, caches },
    aiSettings,
  );

  const plan: PlanComparison = { before: planBefore, after: planAfter, source: session?.source ?? 'none' };
  if (!session) {
    const hasSchema = analysis.schema.tables.length > 0;
    plan.missing = plannable(item) ? (unplannedReason ?? noPlanReason(input.dialect, hasSchema)) : notPlannable;
  }
  if (input.planText?.trim()) plan.userSupplied = input.planText;
  // Plan hotspots: of the user's plan when given (one statement only: it cannot say which statement it is of),
  // else of our plan before optimization. Unreadable user plans are 4204 (the server refuses them at submission).
  const planDiagnosis = diagnoseStatementPlan({
    statement: item.statement,
    schema: analysis.schema,
    planText: analysis.statements.length === 1 ? input.planText : null,
    ownPlan: planBefore,
  });
  if (planDiagnosis.userPlan) plan.userPlan = planDiagnosis.userPlan;
  rules.push(...planDiagnosis.findings);
  const optimizedFindings =
    optimized === original
      ? item.findings
      : withAnalysisCaches(() => findingsFor(parseStatements(optimized, input.dialect)[0]!, rulesSchema), caches);

  const estimated = indexes.find(
    (i) => i.estimateBasis === 'histogram-estimate' || i.estimateBasis === 'limit-estimate',
  );
  const gain = estimated ? null : gainOf(planBefore, planAfter, session?.source);
  const hotspotTables = new Set(planDiagnosis.indexTables);
  if (planAfter) {
    const context = hotspotContext(item.statement, analysis.schema);
    for (const table of tablesAnIndexMayHelp(planAfter, context)) hotspotTables.add(table);
  }
  const indexGaps = gapsFor(
    [...hotspotTables],
    indexes,
    unadvised.map((gap) => sizedByPlan(gap, rowsFromPlan)),
    analysis.schema,
    session !== undefined,
  );
  const shown = (text: string) => shownAsWritten(text, item.statement);
  return asPlanned(optimized, {
    index: item.statement.index,
    original: shown(original),
    optimized: shown(optimized),
    location: { line: item.statement.line },
    ...(item.statement.leadingComments ? { leadingComments: item.statement.leadingComments } : {}),
    ...routineOf(item.statement),
    steps,
    rules,
    indexes: onInferredTables(indexes, analysis.schema),
    ...(indexGaps.length > 0 ? { indexGaps } : {}),
    plan,
    gain,
    ...(gain
      ? {}
      : {
          gainMissing:
            plan.missing ?? (estimated && gainBesidePlanCost) ?? planAfter?.caveat ?? planBefore?.caveat ?? noCost,
        }),
    scores: computeScores({
      dialect: input.dialect,
      tableRows: new Map(analysis.schema.tables.map((t) => [t.name.toLowerCase(), t.statistics?.rows ?? 0] as const)),
      original: { text: original, findings: item.findings, plan: planBefore },
      optimized: { text: optimized, findings: optimizedFindings, plan: planAfter },
    }),
    schemaFindings: analysis.schemaFindings,
    verification,
    diff: unifiedDiff(shown(original), shown(optimized)),
    errors: [],
    ...(dropped.length > 0 ? { droppedSteps: dropped } : {}),
    ai,
  });
}

/**
 * For each table a plan hotspot says an index may help, with no advised index on it: why none is advised (the
 * candidates' or the advisor's reason; a table the structure does not hold, or no optimizer, says so).
 */
function gapsFor(
  tables: string[],
  indexes: IndexAdvice[],
  unadvised: IndexGap[],
  schema: SchemaModel,
  planned: boolean,
): IndexGap[] {
  const gaps: IndexGap[] = [];
  for (const name of tables) {
    const table = findTable(schema, name);
    // A FULLTEXT index the statement needs was in the plan already: it does not answer a scan the plan still has.
    const answers = (index: IndexAdvice) =>
      index.estimateBasis !== 'required' && index.table.toLowerCase() === (table?.name ?? name).toLowerCase();
    if (indexes.some(answers)) continue;
    const known = table && unadvised.find((gap) => gap.table.toLowerCase() === table.name.toLowerCase());
    if (known) gaps.push(known);
    else if (!table || !planned)
      gaps.push({ table: table?.name ?? name, reason: 'no-schema', message: noSchemaFor(name, !table) });
    else gaps.push({ table: table.name, reason: 'not-indexable', message: notIndexableMessage(table.name) });
  }
  return gaps;
}

function noSchemaFor(table: string, unknown: boolean): Localized {
  return unknown
    ? {
        zh: `表结构中没有 ${table}：无法为它提出或评估索引。请提供它的 CREATE TABLE。`,
        en: `The table structure does not hold ${table}: no index can be proposed or costed for it. Add its CREATE TABLE.`,
      }
    : {
        zh: `没有可用的优化器，无法评估 ${table} 上的索引。`,
        en: `No optimizer was available to cost an index on ${table}.`,
      };
}

/**
 * A planner's error about a statement's text (4202/4205: the planners see one statement) placed in the whole input:
 * its line and column, and the position its message repeats ("at line 1, column 37" / "第 1 行第 37 列").
 */
function inWholeInput(error: AppError, item: StatementAnalysis): AppError {
  const { detail } = error;
  const aboutStatement = error.code === ErrorCode.CONTENT_INVALID || error.code === ErrorCode.STATEMENT_NOT_ALLOWED;
  if (!aboutStatement || detail.line === undefined) return error;
  const { line: startLine, column: startColumn } = item.statement;
  const line = startLine + detail.line - 1;
  const column = detail.line === 1 ? startColumn + (detail.column ?? 1) - 1 : (detail.column ?? 1);
  const en = detail.message.en.replace(
    `line ${detail.line}, column ${detail.column}`,
    `line ${line}, column ${column}`,
  );
  const zh = detail.message.zh.replace(`第 ${detail.line} 行第 ${detail.column} 列`, `第 ${line} 行第 ${column} 列`);
  return new AppError(error.code, { ...detail, line, column, message: { zh, en } }, error.httpStatus);
}

/**
 * The report of a statement that does not parse or can not be planned (OptimizeOptions.statementErrors = 'report'):
 * its error, and the findings the rules made of it (all of them when it parsed, the text-level ones when not).
 */
function failedStatement(
  item: StatementAnalysis,
  analysis: Analysis,
  input: OptimizeInput,
  error: AppError,
): StatementReport {
  const original = item.statement.text;
  const reason: Localized = {
    zh: `该语句有错误，未规划也未改写：${error.detail.message.zh}`,
    en: `This statement has an error; it was neither planned nor rewritten: ${error.detail.message.en}`,
  };
  return {
    index: item.statement.index,
    original: shownAsWritten(original, item.statement),
    optimized: shownAsWritten(original, item.statement),
    location: { line: item.statement.line },
    ...(item.statement.leadingComments ? { leadingComments: item.statement.leadingComments } : {}),
    ...routineOf(item.statement),
    steps: [],
    rules: item.findings.map((f) => ({ ...f, rewrite: false })),
    indexes: [],
    plan: { before: null, after: null, source: 'none', missing: reason },
    gain: null,
    gainMissing: reason,
    scores: computeScores({
      dialect: input.dialect,
      tableRows: new Map(),
      original: { text: original, findings: item.findings, plan: null },
      optimized: { text: original, findings: item.findings, plan: null },
    }),
    schemaFindings: analysis.schemaFindings,
    verification: { method: 'none', databases: 0, verdict: 'not-run', detail: reason },
    diff: '',
    errors: [error.detail],
  };
}

/**
 * Findings are read on the statement as written; a rule can still apply in a later step, on the statement an
 * earlier step produced (an IN subquery becomes a join once SELECT * is spelled out). Its findings then say what
 * that step did, not "not rewritten".
 */
function withStepMessages(findings: Finding[], accepted: ProposedStep[], original: string): Finding[] {
  const later = new Map(accepted.filter((s) => s.before !== original).map((s) => [s.rule.id, s.matches]));
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const matches = later.get(finding.id);
    if (!matches) return finding;
    const k = seen.get(finding.id) ?? 0;
    seen.set(finding.id, k + 1);
    const message = matches[k]?.message;
    return message ? { ...finding, message } : finding;
  });
}

/** Queries and data changes have plans; other statements (DDL, GRANT, TRUNCATE...) only have rule findings. */
function plannable(item: StatementAnalysis): boolean {
  return item.statement.kind !== 'other';
}

const notPlannable: Localized = {
  zh: '该语句不是查询或数据修改（例如 DDL），没有执行计划；规则检查结果见上。',
  en: 'This statement is not a query or a data change (DDL, for example): it has no execution plan; see the rule findings.',
};

/** Where a statement stands after a stage of the pipeline (rules, then the AI step). */
interface Outcome {
  optimized: string;
  steps: Step[];
  verification: Verification;
  /** The plan of `optimized` without the recommended indexes (null without a session). */
  planWithoutIndexes: PlanTree | null;
  indexes: IndexAdvice[];
  /** Tables the statement uses that get no advised index, and why. */
  unadvised: IndexGap[];
  planAfter: PlanTree | null;
}

/** The indexes worth recommending for the statement, and its plan with them in place. */
async function indexesAndPlan(
  session: PlannerSession | undefined,
  statement: string,
  dialect: Dialect,
  schema: SchemaModel,
  planWithoutIndexes: PlanTree | null,
  caches: AnalysisCaches,
): Promise<Pick<Outcome, 'planWithoutIndexes' | 'indexes' | 'unadvised' | 'planAfter'>> {
  if (!session) return { planWithoutIndexes, indexes: [], unadvised: [], planAfter: planWithoutIndexes };
  const { indexes, unadvised } = await chooseIndexes(session, statement, dialect, schema, planWithoutIndexes, caches);
  const planAfter =
    indexes.length > 0
      ? await session.explain(
          statement,
          indexes.map((i) => i.ddl),
        )
      : planWithoutIndexes;
  return { planWithoutIndexes, indexes, unadvised, planAfter };
}

/**
 * The rules' rewrite is chosen with the indexes advised for it; the original statement may be better served by
 * indexes of its own (a correlated MAX per outer row: a two-column index makes each lookup one probe, while the
 * rewrite into a join over a grouped derived table still aggregates the whole table). Indexes are advised for the
 * original too, and when the original with its indexes is clearly cheaper than the rewrite with its own, the
 * original is kept and the rewrite's steps are listed as dropped, with both costs.
 */
async function originalIfCheaperWithIndexes(
  rewritten: Outcome,
  context: {
    original: string;
    planBefore: PlanTree | null;
    dialect: Dialect;
    schema: SchemaModel;
    caches: AnalysisCaches;
  },
  session: PlannerSession | undefined,
): Promise<{ outcome: Outcome; dropped: DroppedStep[] }> {
  const { original, planBefore, dialect, schema, caches } = context;
  if (!session || rewritten.optimized === original || !planBefore) return { outcome: rewritten, dropped: [] };
  const kept = await indexesAndPlan(session, original, dialect, schema, planBefore, caches);
  const rewrittenCost = costWithIndexes(rewritten);
  const originalCost = costWithIndexes(kept);
  if (
    kept.indexes.length === 0 ||
    rewrittenCost === undefined ||
    originalCost === undefined ||
    originalCost > rewrittenCost * (1 - defaultLimits.minImprovement)
  ) {
    return { outcome: rewritten, dropped: [] };
  }
  const reason = originalCheaperWithIndexes(originalCost, rewrittenCost);
  return {
    outcome: { ...rewritten, ...kept, optimized: original, steps: [], verification: noRewriteVerification },
    dropped: rewritten.steps.map((step) => ({
      ruleId: step.ruleId,
      title: step.title,
      costBefore: originalCost,
      costAfter: rewrittenCost,
      reason,
    })),
  };
}

/**
 * The optimizer's estimated cost of a statement with its advised indexes; undefined when it is not grounded (a
 * caveat) or when the advice rests on an estimate beside the plan cost (MariaDB ranges and LIMITs: an upper bound,
 * which would not compare fairly with a plan cost).
 */
function costWithIndexes(outcome: Pick<Outcome, 'indexes' | 'planAfter'>): number | undefined {
  const estimated = outcome.indexes.some(
    (i) => i.estimateBasis === 'histogram-estimate' || i.estimateBasis === 'limit-estimate',
  );
  if (estimated || !outcome.planAfter || outcome.planAfter.caveat) return undefined;
  return outcome.planAfter.totalCost;
}

const noRewriteVerification: Verification = { method: 'none', databases: 0, verdict: 'not-needed' };

function originalCheaperWithIndexes(original: number, rewritten: number): Localized {
  return {
    zh: `原语句配上为它推荐的索引，优化器估算代价为 ${original.toFixed(2)}，低于此改写配上它自己的索引的 ${rewritten.toFixed(2)}：保留原语句和它的索引，未应用此改写。`,
    en: `With the indexes advised for it the original statement's estimated cost is ${original.toFixed(2)}, below this rewrite's ${rewritten.toFixed(2)} with its own: the original and its indexes are kept, and this rewrite is not applied.`,
  };
}

/**
 * The AI step (./ai/rewrite.ts) on the statement after rules and indexes. A kept candidate becomes the optimized
 * statement: an 'ai-rewrite' step is appended, the verification is its check against the original, and indexes
 * and the final plan are chosen again for it. If that final plan is not cheaper than the one after rules (the
 * index choice can differ for the new text), the candidate is not applied after all: a rewrite stays only when
 * the planner's cost improves.
 */
async function withAiRewrite(
  afterRules: Outcome,
  context: {
    item: StatementAnalysis;
    analysis: Analysis;
    input: OptimizeInput;
    session: PlannerSession | undefined;
    caches: AnalysisCaches;
  },
  settings: AiSettings | undefined,
): Promise<Outcome & { ai: AiRewrite }> {
  const { item, analysis, input, session, caches } = context;
  const result = await aiRewrite({
    settings,
    session,
    dialect: input.dialect,
    kind: item.statement.kind,
    schema: analysis.schema,
    schemaText: analysis.schema.ddl,
    original: item.statement.text,
    current: afterRules.optimized,
    findings: item.findings,
    plan: afterRules.planAfter,
    indexes: afterRules.indexes.map((i) => i.ddl),
    analysisCaches: caches,
  });
  if (!result.applied || !session) return { ...afterRules, ai: result.report };
  const { sql, explanation, verification } = result.applied;
  const planWithoutIndexes = await session.explain(sql);
  const costed = await indexesAndPlan(session, sql, input.dialect, analysis.schema, planWithoutIndexes, caches);
  if (afterRules.planAfter && costed.planAfter && costed.planAfter.totalCost >= afterRules.planAfter.totalCost) {
    return { ...afterRules, ai: notAppliedAfterIndexes(result.report, costed.planAfter.totalCost) };
  }
  const step: Step = {
    ruleId: AI_RULE_ID,
    title: aiStepTitle,
    rationale: aiStepRationale(explanation, settings?.model),
    before: afterRules.optimized,
    after: sql,
    ...(afterRules.planWithoutIndexes ? { costBefore: afterRules.planWithoutIndexes.totalCost } : {}),
    costAfter: planWithoutIndexes.totalCost,
  };
  return { optimized: sql, steps: [...afterRules.steps, step], verification, ...costed, ai: result.report };
}

function notAppliedAfterIndexes(report: AiRewrite, finalCost: number): AiRewrite {
  const why: Localized = {
    zh: `按改写后的语句重新选择索引后，代价为 ${finalCost.toFixed(2)}，不低于规则优化后的代价，未应用。`,
    en: `With the indexes chosen again for the rewritten statement the cost is ${finalCost.toFixed(2)}, no lower than after the rules; not applied.`,
  };
  return {
    ...report,
    status: 'no-improvement',
    detail: why,
    candidates: report.candidates.map((c) => (c.kept ? { ...c, kept: false, note: why } : c)),
  };
}

/**
 * Rules whose benefit the cost model does not see: `SELECT *` expansion (fewer bytes shipped once columns are
 * deleted, covering indexes) and clarity rewrites. Their steps stay even when the estimated cost rises a little.
 */
const BENEFIT_OUTSIDE_COST_MODEL = new Set<ProposedStep['rule']['category']>(['Network Transport', 'SQL Complexity']);

/** A step may cost at most this much more than its input (estimates wobble; equal cost is always fine). */
const STEP_COST_TOLERANCE = 0.01;

/**
 * On MariaDB, a step whose plan starts from another join order must be estimated cheaper than its statement held to
 * the original order by at least this factor (see mariadb/join-order.ts: MariaDB counts join conditions no index
 * serves as keeping every row, so a smaller gap is no evidence the new order is faster; TPC-H Q7 without its casts:
 * 1.19x by the estimate, 2x slower on the data).
 */
const JOIN_ORDER_MARGIN = 2;

/**
 * "A rewrite is kept only if the planner's cost improves or a rule explains a benefit outside the cost model":
 * the verified steps, costed; the chain stops at the first step whose estimated cost is more than 1% above its
 * input's, unless its rule's benefit lies outside the cost model, and on MariaDB at the first step whose new join
 * order the estimate barely prefers (JOIN_ORDER_MARGIN). That step and the ones built on it are listed as dropped,
 * with the reason.
 */
async function keepStepsWithinCost(
  verified: ProposedStep[],
  session: PlannerSession | undefined,
  dialect: Dialect,
): Promise<{ accepted: ProposedStep[]; steps: Step[]; dropped: DroppedStep[] }> {
  const costed = await stepsWithCosts(verified, session);
  let stop = -1;
  let reason: Localized | undefined;
  for (const [i, { step, before, after }] of costed.entries()) {
    if (BENEFIT_OUTSIDE_COST_MODEL.has(verified[i]!.rule.category) || !before || !after) continue;
    if (after.totalCost > before.totalCost * (1 + STEP_COST_TOLERANCE)) {
      [stop, reason] = [i, costlierStep(before.totalCost, after.totalCost)];
      break;
    }
    const orderGain = session && dialect === 'mysql' ? await joinOrderGain(session, step, before, after) : undefined;
    if (orderGain && orderGain.forcedCost < after.totalCost * JOIN_ORDER_MARGIN) {
      [stop, reason] = [i, joinOrderWithinError(orderGain, after.totalCost)];
      break;
    }
  }
  const steps = costed.map((c) => c.step);
  if (stop < 0 || !reason) return { accepted: verified, steps, dropped: [] };
  const dropped = steps.slice(stop).flatMap((step, i): DroppedStep[] =>
    step.costBefore === undefined || step.costAfter === undefined
      ? []
      : [
          {
            ruleId: step.ruleId,
            title: step.title,
            costBefore: step.costBefore,
            costAfter: step.costAfter,
            reason: i === 0 ? reason : builtOnDroppedStep,
          },
        ],
  );
  return { accepted: verified.slice(0, stop), steps: steps.slice(0, stop), dropped };
}

interface JoinOrderGain {
  was: string[];
  now: string[];
  /** The rewritten statement's cost held to the original's join order. */
  forcedCost: number;
}

/**
 * When the step's plan joins the same tables of its top block in another order: the rewritten statement's cost held
 * to the original's order, so the gain of the new order alone can be told from what the rewrite let the optimizer
 * know. Undefined when the order did not change or the statement cannot be held to it.
 */
async function joinOrderGain(
  session: PlannerSession,
  step: Step,
  before: PlanTree,
  after: PlanTree,
): Promise<JoinOrderGain | undefined> {
  const was = topBlockJoinOrder(before.raw);
  const now = topBlockJoinOrder(after.raw);
  if (!was || !now || was.join('\u0001') === now.join('\u0001')) return undefined;
  const forced = forceJoinOrder(step.after, was);
  if (!forced) return undefined;
  const plan = await session.explain(forced).catch(() => undefined);
  return plan ? { was, now, forcedCost: plan.totalCost } : undefined;
}

function joinOrderWithinError({ was, now, forcedCost }: JoinOrderGain, cost: number): Localized {
  const ratio = cost > 0 ? (forcedCost / cost).toFixed(2) : '?';
  return {
    zh: `改写后 MariaDB 改用另一种连接顺序（${now.join(' → ')}，原为 ${was.join(' → ')}），但按它自己的估算，新顺序只比原顺序便宜 ${ratio} 倍（${forcedCost.toFixed(2)} 对 ${cost.toFixed(2)}）。MariaDB 把没有索引可用的连接条件估算为不过滤任何行，这样小的差距不能说明新计划更快，未应用。`,
    en: `With this rewrite MariaDB switches to another join order (${now.join(' → ')} instead of ${was.join(' → ')}), but by its own estimate the new order is only ${ratio}x cheaper than the original one (${forcedCost.toFixed(2)} vs ${cost.toFixed(2)}). MariaDB counts join conditions that no index serves as keeping every row, so a gap this small is no evidence the new plan is faster; not applied.`,
  };
}

function costlierStep(before: number, after: number): Localized {
  return {
    zh: `改写后优化器估算的代价从 ${before.toFixed(2)} 升到 ${after.toFixed(2)}，未应用。`,
    en: `The optimizer's estimated cost rose from ${before.toFixed(2)} to ${after.toFixed(2)} with this rewrite; not applied.`,
  };
}

const builtOnDroppedStep: Localized = {
  zh: '此改写建立在一个未应用的改写之上，因此也未应用。',
  en: 'This rewrite was built on one that was not applied, so it was not applied either.',
};

/**
 * Each proposed step runs against its input on generated databases. The chain stops at the first
 * step that is refuted (later steps were built on its output). Without a planner nothing is shown.
 */
async function verifySteps(
  steps: ProposedStep[],
  dialect: Dialect,
  session: PlannerSession | undefined,
  caches: AnalysisCaches,
): Promise<{ accepted: ProposedStep[]; verification: Verification }> {
  if (steps.length === 0)
    return { accepted: [], verification: { method: 'none', databases: 0, verdict: 'not-needed' } };
  if (!session) {
    return {
      accepted: [],
      verification: {
        method: 'none',
        databases: 0,
        verdict: 'not-run',
        detail: {
          zh: '没有可用的表结构或优化器，无法验证改写，因此未应用任何改写。请提供表结构（CREATE TABLE）。',
          en: 'No table structure or optimizer was available to verify rewrites, so none was applied. Add the table structure (CREATE TABLE).',
        },
      },
    };
  }
  const accepted: ProposedStep[] = [];
  let databases = 0;
  for (const step of steps) {
    // The analysis parsed both texts when it proposed the step: its caches answer.
    const literals = withAnalysisCaches(
      () => [...literalsOf(step.before, dialect), ...literalsOf(step.after, dialect)],
      caches,
    );
    const result = await session.verify(step.before, step.after, { literals });
    databases = Math.max(databases, result.databases);
    // Refuted, or not run (a time limit, a statement that can not be compared): the chain stops either way, and
    // the verdict says which.
    if (result.verdict !== 'not-refuted') return { accepted, verification: result };
    accepted.push(step);
  }
  return {
    accepted,
    verification: {
      method: 'differential',
      databases,
      verdict: 'not-refuted',
      detail: {
        zh: `改写前后的语句在 ${databases} 个生成的数据库上结果一致（未被反驳，并非证明）。`,
        en: `The statement before and after rewriting returned the same results on ${databases} generated databases (not refuted; not a proof).`,
      },
    },
  };
}

/** The steps with the optimizer's cost before and after each, and the plans those costs come from. */
async function stepsWithCosts(
  steps: ProposedStep[],
  session: PlannerSession | undefined,
): Promise<Array<{ step: Step; before?: PlanTree; after?: PlanTree }>> {
  const result: Array<{ step: Step; before?: PlanTree; after?: PlanTree }> = [];
  for (const proposed of steps) {
    const step: Step = {
      ruleId: proposed.rule.id,
      title: proposed.rule.title,
      rationale: proposed.rule.rationale,
      before: proposed.before,
      after: proposed.after,
    };
    if (!session) {
      result.push({ step });
      continue;
    }
    const before = await session.explain(proposed.before);
    const after = await session.explain(proposed.after);
    result.push({ step: { ...step, costBefore: before.totalCost, costAfter: after.totalCost }, before, after });
  }
  return result;
}

/**
 * The index advisor's set for the statement (see index-advisor.ts), none without a baseline plan; and for the tables
 * that get none, why (from the candidates, then from the advisor).
 */
async function chooseIndexes(
  session: PlannerSession,
  statement: string,
  dialect: Dialect,
  schema: SchemaModel,
  baseline: PlanTree | null,
  caches: AnalysisCaches,
): Promise<{ indexes: IndexAdvice[]; unadvised: IndexGap[] }> {
  if (!baseline) return { indexes: [], unadvised: [] };
  const { candidates, skipped } = withAnalysisCaches(() => candidateReportFor(statement, dialect, schema), caches);
  // MariaDB costs ranges from the empty what-if index and leaves LIMIT savings out of its plan cost: those single
  // indexes are costed from its own estimates with the injected statistics instead (mariadb/what-if-estimate.ts).
  const estimate =
    dialect === 'mysql'
      ? (candidate: IndexCandidate, plan: PlanTree, before: PlanTree) =>
          estimateWhatIf(candidate, plan, before, schema, statement)
      : undefined;
  const { indexes, declined } = await adviseStatementIndexes(
    session,
    statement,
    candidates,
    schema,
    baseline,
    defaultLimits,
    estimate,
  );
  return { indexes, unadvised: [...skipped, ...declined] };
}

/** The estimated gain, only between two plans whose estimates the optimizer could ground. */
function gainOf(before: PlanTree | null, after: PlanTree | null, source: string | undefined) {
  if (!before || !after || !source || before.totalCost <= 0 || before.caveat || after.caveat) return null;
  return {
    ratio: Math.max(0, (before.totalCost - after.totalCost) / before.totalCost),
    costBefore: before.totalCost,
    costAfter: after.totalCost,
    source,
  };
}

/** Why a statement whose index advice rests on an estimate beside the optimizer's plan cost shows no overall gain. */
const gainBesidePlanCost: Localized = {
  zh: '推荐索引的收益是在优化器计划代价之外估算的（见索引说明：MariaDB 的空假设索引无法计算范围行数，或它的计划代价不含 LIMIT 的节省），两份计划的代价不能直接比较。',
  en: "The advised index's benefit is estimated beside the optimizer's plan cost (see the index: MariaDB's empty what-if index cannot count a range, or its plan cost leaves the LIMIT's saving out), so the two plans' costs do not compare.",
};

const noCost: Localized = {
  zh: '优化器没有给出可比较的代价。',
  en: 'The optimizer gave no comparable cost.',
};

function noPlanReason(dialect: Dialect, hasSchema: boolean): Localized {
  if (!hasSchema) {
    return {
      zh: '未提供表结构（CREATE TABLE），无法生成执行计划。',
      en: 'Add the table structure (CREATE TABLE) to get optimizer plans.',
    };
  }
  const name = dialect === 'mysql' ? 'MySQL/MariaDB' : 'PostgreSQL';
  return { zh: `此服务器未配置 ${name} 优化器。`, en: `No ${name} optimizer is configured on this server.` };
}

/**
 * What the optimizer's sandbox assumed or could not model (default row counts for tables without statistics,
 * ignored statements, statistics it could not inject), so the report states the defaults behind its numbers.
 */
function sessionNotes(session: PlannerSession | undefined, read: ReadTables): Message[] {
  return (session?.notes ?? []).flatMap((sessionNote) => {
    const note = noteForReadTables(sessionNote, read);
    if (!note) return [];
    return [{ code: 0, message: { zh: `${session!.source}：${note.zh}`, en: `${session!.source}: ${note.en}` } }];
  });
}

/** The tables the submission's statements name; all of them when one reads a view (which hides its tables). */
function tablesRead(analysis: Analysis): ReadTables {
  const views = new Set((analysis.schema.views ?? []).map((view) => view.toLowerCase()));
  const names = new Set(
    analysis.statements.flatMap((item) => (item.error ? [] : item.statement.tables.map((t) => t.name.toLowerCase()))),
  );
  return { names, all: [...names].some((name) => views.has(name)) };
}

/** Said of a submission planned without an optimizer for its dialect. */
function noOptimizerWarning(dialect: Dialect): Message {
  return {
    code: 0,
    message: {
      zh: `未配置 ${dialect} 优化器：结果只包含规则分析，没有执行计划、索引代价和改写验证。`,
      en: `No ${dialect} optimizer is configured: the result has rule findings only, no plans, index costs or rewrite verification.`,
    },
  };
}

function plannerWarnings(dialect: Dialect, backend: PlannerBackend | undefined, hasSchema: boolean): Message[] {
  const warnings: Message[] = [];
  if (!backend) {
    warnings.push(noOptimizerWarning(dialect));
  } else if (!hasSchema) {
    warnings.push({
      code: 0,
      message: {
        zh: '未提供表结构：无法生成执行计划、推荐索引或验证改写。',
        en: 'No table structure given: no plans, index advice or verified rewrites.',
      },
    });
  }
  return warnings;
}
