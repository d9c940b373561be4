import type {
  Dialect,
  Finding,
  IndexAdvice,
  Localized,
  Message,
  PlanComparison,
  PlanTree,
  Report,
  StatementReport,
  Step,
  Verification,
  WorkloadIndexes,
} from '@sqltune/contracts';
import {
  type Analysis,
  analyze,
  candidatesFor,
  computeScores,
  findingsFor,
  literalsOf,
  normalizeNewlines,
  type ProposedStep,
  parseStatements,
  type SchemaModel,
  type StatementAnalysis,
  unifiedDiff,
} from '@sqltune/engine';
import { adviseIndexes } from './index-advisor.ts';
import { adviseWorkload } from './workload-advisor.ts';
import type { PlannerBackend, PlannerSession } from './types.ts';

export interface OptimizeInput {
  sql: string;
  dialect: Dialect;
  schemaText?: string | null;
  /** Statistics as JSON (`{"tables": {...}}`), merged onto the table structure. */
  statsText?: string | null;
  /** The user's own EXPLAIN output, kept for display next to ours. */
  planText?: string | null;
}

export interface OptimizeOptions {
  /** Real optimizers by dialect; a dialect without one gets findings only, and the report says so. */
  planners: Partial<Record<Dialect, PlannerBackend>>;
  engineVersion: string;
  now?: () => Date;
}

/**
 * The whole pipeline for one submission: analyze (pure), then for each statement verify the proposed
 * rewrites and cost plans and indexes in a real optimizer loaded with the user's schema and statistics.
 * Input errors (4202/4203/4204) throw AppError; they are not retried.
 */
export async function optimize(raw: OptimizeInput, options: OptimizeOptions): Promise<Report> {
  const input = normalizeInput(raw);
  const analysis = analyze(input);
  const backend = options.planners[input.dialect];
  const hasSchema = analysis.schema.tables.length > 0;
  const session = backend && hasSchema ? await backend.open(requestFor(input, analysis.schema)) : undefined;
  try {
    const statements: StatementReport[] = [];
    for (const item of analysis.statements) {
      statements.push(await optimizeStatement(item, analysis, input, session));
    }
    return {
      kind: 'sql',
      dialect: input.dialect,
      engine: { name: 'sqltune', version: options.engineVersion },
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      statements,
      warnings: [...plannerWarnings(input.dialect, backend, hasSchema), ...sessionNotes(session)],
      ...(await workloadIndexes(session, input.dialect, statements, analysis.schema)),
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
  schema: SchemaModel,
): Promise<{ workload?: WorkloadIndexes }> {
  if (!session || statements.length < 2) return {};
  const texts = statements.map((s) => s.optimized);
  const advice = await adviseWorkload(
    session,
    dialect,
    texts,
    texts.map((sql) => candidatesFor(sql, dialect, schema)),
    schema,
  );
  return advice ? { workload: advice } : {};
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

function requestFor(input: OptimizeInput, schema: SchemaModel) {
  return {
    dialect: input.dialect,
    schemaSql: input.schemaText ?? '',
    statistics: schema.tables.flatMap((t) => (t.statistics ? [t.statistics] : [])),
  };
}

async function optimizeStatement(
  item: StatementAnalysis,
  analysis: Analysis,
  input: OptimizeInput,
  session: PlannerSession | undefined,
): Promise<StatementReport> {
  const original = item.statement.text;
  const { accepted, verification } = await verifySteps(item.steps, input.dialect, session);
  const optimized = accepted.at(-1)?.after ?? original;
  const acceptedRules = new Set(accepted.map((s) => s.rule.id));
  const rules: Finding[] = item.findings.map((f) => ({ ...f, rewrite: acceptedRules.has(f.id) }));

  const planBefore = session ? await session.explain(original) : null;
  const planAfterRewrite = session && optimized !== original ? await session.explain(optimized) : planBefore;
  const indexes = session
    ? await chooseIndexes(session, optimized, input.dialect, analysis.schema, planAfterRewrite)
    : [];
  const planAfter =
    session && indexes.length > 0
      ? await session.explain(
          optimized,
          indexes.map((i) => i.ddl),
        )
      : planAfterRewrite;

  const plan: PlanComparison = { before: planBefore, after: planAfter, source: session?.source ?? 'none' };
  if (!session) plan.missing = noPlanReason(input.dialect, analysis.schema.tables.length > 0);
  if (input.planText?.trim()) plan.userSupplied = input.planText;
  const optimizedFindings =
    optimized === original
      ? item.findings
      : findingsFor(parseStatements(optimized, input.dialect)[0]!, analysis.schema);

  const gain = gainOf(planBefore, planAfter, session?.source);
  return {
    index: item.statement.index,
    original,
    optimized,
    location: { line: item.statement.line },
    steps: await stepsWithCosts(accepted, session),
    rules,
    indexes,
    plan,
    gain,
    ...(gain ? {} : { gainMissing: plan.missing ?? planAfter?.caveat ?? planBefore?.caveat ?? noCost }),
    scores: computeScores({
      dialect: input.dialect,
      tableRows: new Map(analysis.schema.tables.map((t) => [t.name.toLowerCase(), t.statistics?.rows ?? 0] as const)),
      original: { text: original, findings: item.findings, plan: planBefore },
      optimized: { text: optimized, findings: optimizedFindings, plan: planAfter },
    }),
    schemaFindings: analysis.schemaFindings,
    verification,
    diff: unifiedDiff(original, optimized),
    errors: [],
  };
}

/**
 * Each proposed step runs against its input on generated databases. The chain stops at the first
 * step that is refuted (later steps were built on its output). Without a planner nothing is shown.
 */
async function verifySteps(
  steps: ProposedStep[],
  dialect: Dialect,
  session: PlannerSession | undefined,
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
    const result = await session.verify(step.before, step.after, {
      literals: [...literalsOf(step.before, dialect), ...literalsOf(step.after, dialect)],
    });
    databases = Math.max(databases, result.databases);
    if (result.verdict !== 'not-refuted') {
      return { accepted, verification: { ...result, verdict: 'refuted' } };
    }
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

async function stepsWithCosts(steps: ProposedStep[], session: PlannerSession | undefined): Promise<Step[]> {
  const result: Step[] = [];
  for (const step of steps) {
    const entry: Step = {
      ruleId: step.rule.id,
      title: step.rule.title,
      rationale: step.rule.rationale,
      before: step.before,
      after: step.after,
    };
    if (session) {
      entry.costBefore = (await session.explain(step.before)).totalCost;
      entry.costAfter = (await session.explain(step.after)).totalCost;
    }
    result.push(entry);
  }
  return result;
}

/** The index advisor's set for the statement (see index-advisor.ts); none without a baseline plan. */
async function chooseIndexes(
  session: PlannerSession,
  statement: string,
  dialect: Dialect,
  schema: SchemaModel,
  baseline: PlanTree | null,
): Promise<IndexAdvice[]> {
  if (!baseline) return [];
  return adviseIndexes(session, statement, candidatesFor(statement, dialect, schema), schema, baseline);
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
function sessionNotes(session: PlannerSession | undefined): Message[] {
  return (session?.notes ?? []).map((note) => ({
    code: 0,
    message: { zh: `${session!.source}：${note.zh}`, en: `${session!.source}: ${note.en}` },
  }));
}

function plannerWarnings(dialect: Dialect, backend: PlannerBackend | undefined, hasSchema: boolean): Message[] {
  const warnings: Message[] = [];
  if (!backend) {
    warnings.push({
      code: 0,
      message: {
        zh: `未配置 ${dialect} 优化器：结果只包含规则分析，没有执行计划、索引代价和改写验证。`,
        en: `No ${dialect} optimizer is configured: the result has rule findings only, no plans, index costs or rewrite verification.`,
      },
    });
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
