/**
 * The AI rewrite step: ask an OpenAI-compatible endpoint for rewrites of a statement whose plan is still costly,
 * then put every candidate through the same gates as a rule rewrite:
 *   1. it parses in the dialect and is a single SELECT (the original is one);
 *   2. differential verification against the user's original statement does not refute it;
 *   3. the optimizer, with the indexes already recommended, costs it at least MIN_AI_IMPROVEMENT below the best
 *      so far (the statement after rules and indexes, then any better candidate).
 * The cheapest candidate passing all three becomes the optimized statement; the caller recomputes the indexes
 * and the final plan for it. Nothing here throws for the model's sake: a failed request or an unusable answer is
 * a status in the report.
 */
import type { AiCandidate, AiRewrite, Dialect, Finding, Localized, PlanTree, Verification } from '@sqltune/contracts';
import {
  type AnalysisCaches,
  literalsOf,
  parseStatements,
  type SchemaModel,
  type StatementKind,
  withAnalysisCaches,
} from '@sqltune/engine';
import type { PlannerSession } from '../types.ts';
import { candidatesFromAnswer, type ProposedRewrite } from './answer.ts';
import { type AiSettings, chatCompletion } from './client.ts';
import { notCostly, stillCostly } from './criterion.ts';
import { promptFor } from './prompt.ts';

/** A candidate must cost at least this much less than the best so far (estimates are not that precise). */
export const MIN_AI_IMPROVEMENT = 0.05;
const DEFAULT_MAX_CANDIDATES = 3;

export interface AiRewriteInput {
  settings: AiSettings | undefined;
  session: PlannerSession | undefined;
  dialect: Dialect;
  kind: StatementKind;
  schema: SchemaModel;
  schemaText: string;
  original: string;
  /** The statement after the verified rule rewrites. */
  current: string;
  findings: Finding[];
  /** The plan of `current` with `indexes` in place (null without a session). */
  plan: PlanTree | null;
  indexes: string[];
  /** The optimization's analysis caches (optimize.ts): the original was read there; default a reading of its own. */
  analysisCaches?: AnalysisCaches;
}

export interface AiRewriteResult {
  report: AiRewrite;
  /** The kept candidate, with its verification against the original. */
  applied?: { sql: string; explanation: string; verification: Verification };
}

export async function aiRewrite(input: AiRewriteInput): Promise<AiRewriteResult> {
  const { settings, session, plan } = input;
  if (!settings) return skipped(notConfigured);
  if (!session || !plan) return skipped(noOptimizer, settings.model);
  if (input.kind !== 'select') return skipped(notSelect, settings.model);
  const costly = stillCostly(plan, input.schema);
  if (!costly && settings.ask !== 'always') {
    return { report: { status: 'not-needed', model: settings.model, detail: notCostly, candidates: [] } };
  }

  const maxCandidates = settings.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const answer = await chatCompletion(
    settings,
    promptFor({ ...input, plan, planSource: session.source, maxCandidates }),
  );
  const report = (status: AiRewrite['status'], detail: Localized, candidates: AiCandidate[] = []): AiRewrite => ({
    status,
    model: settings.model,
    costToBeat: plan.totalCost,
    detail,
    candidates,
  });
  if (!answer.ok) return { report: report('failed', failedBecause(answer.problem)) };
  const proposed = candidatesFromAnswer(answer.content, maxCandidates);
  if (!proposed) return { report: report('failed', unreadable(answer.content)) };
  if (proposed.length === 0) return { report: report('no-improvement', noneProposed) };

  const judged = await judgeCandidates(input, session, plan, proposed);
  const candidates = judged.map((c) => c.candidate);
  const kept = judged.find((c) => c.candidate.kept);
  if (!kept) return { report: report('no-improvement', noneKept(candidates.length), candidates) };
  return {
    report: report('applied', appliedDetail(plan.totalCost, kept.candidate.costAfter!), candidates),
    applied: { sql: kept.candidate.sql, explanation: kept.candidate.explanation, verification: kept.verification! },
  };
}

interface Judged {
  candidate: AiCandidate;
  verification?: Verification;
}

/** Each candidate through parse, verification and costing; only the cheapest passing one stays `kept`. */
async function judgeCandidates(
  input: AiRewriteInput,
  session: PlannerSession,
  plan: PlanTree,
  proposed: ProposedRewrite[],
): Promise<Judged[]> {
  const judged: Judged[] = [];
  let best: Judged | undefined;
  let bestCost = plan.totalCost;
  for (const rewrite of proposed) {
    const result = await judge(input, session, plan, rewrite, bestCost);
    if (result.candidate.kept) {
      if (best) best.candidate = { ...best.candidate, kept: false, note: supersededNote };
      best = result;
      bestCost = result.candidate.costAfter!;
    }
    judged.push(result);
  }
  return judged;
}

async function judge(
  input: AiRewriteInput,
  session: PlannerSession,
  plan: PlanTree,
  rewrite: ProposedRewrite,
  bestCost: number,
): Promise<Judged> {
  const { sql, explanation } = rewrite;
  const reject = (verdict: AiCandidate['verdict'], note: Localized, costAfter?: number): Judged => ({
    candidate: { sql, explanation, verdict, kept: false, note, ...(costAfter === undefined ? {} : { costAfter }) },
  });
  const shapeProblem = problemWithShape(sql, input);
  if (shapeProblem) return reject('invalid', shapeProblem);
  if (normalized(sql) === normalized(input.current)) return reject('not-run', sameAsCurrent);

  let verification: Verification;
  try {
    const literals = withAnalysisCaches(
      () => [...literalsOf(input.original, input.dialect), ...literalsOf(sql, input.dialect)],
      input.analysisCaches,
    );
    verification = await session.verify(input.original, sql, { literals });
  } catch (error) {
    return reject('invalid', cannotRun(error));
  }
  if (verification.verdict === 'refuted') return reject('refuted', verification.detail ?? refutedNote);
  if (verification.verdict !== 'not-refuted') return reject('not-run', verification.detail ?? notVerifiedNote);

  let candidatePlan: PlanTree;
  try {
    candidatePlan = await session.explain(sql, input.indexes);
  } catch (error) {
    return reject('invalid', cannotRun(error));
  }
  const cost = candidatePlan.totalCost;
  // A cost the optimizer itself marks as ungrounded cannot justify replacing the statement.
  if (candidatePlan.caveat || plan.caveat) return reject('not-refuted', candidatePlan.caveat ?? plan.caveat!, cost);
  if (cost >= bestCost * (1 - MIN_AI_IMPROVEMENT)) return reject('not-refuted', notCheaper(bestCost, cost), cost);
  return {
    candidate: {
      sql,
      explanation,
      verdict: 'not-refuted',
      costAfter: cost,
      kept: true,
      note: keptNote(bestCost, cost),
    },
    verification,
  };
}

/** Why the text cannot be a candidate: it does not parse, or is not one SELECT like the original. */
function problemWithShape(sql: string, input: AiRewriteInput): Localized | undefined {
  let statements: ReturnType<typeof parseStatements>;
  try {
    statements = withAnalysisCaches(() => parseStatements(sql, input.dialect), input.analysisCaches);
  } catch (error) {
    return cannotRun(error);
  }
  if (statements.length !== 1 || statements[0]!.kind !== input.kind) {
    return {
      zh: '候选不是单条 SELECT 语句，已丢弃。',
      en: 'The candidate is not a single SELECT statement; discarded.',
    };
  }
  return undefined;
}

function cannotRun(error: unknown): Localized {
  const detail = (error as { detail?: { message?: Localized } })?.detail?.message;
  if (detail) {
    return { zh: `候选语句无效：${detail.zh}`, en: `The candidate is not valid: ${detail.en}` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { zh: `候选语句无效：${message}`, en: `The candidate is not valid: ${message}` };
}

function skipped(detail: Localized, model?: string): AiRewriteResult {
  return { report: { status: 'skipped', ...(model ? { model } : {}), detail, candidates: [] } };
}

function normalized(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim().toLowerCase();
}

function cost(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

const notConfigured: Localized = {
  zh: '未配置 AI 接口（LLM_BASE_URL、LLM_MODEL），已跳过 AI 改写。',
  en: 'No AI endpoint is configured (LLM_BASE_URL, LLM_MODEL): the AI rewrite step was skipped.',
};
const noOptimizer: Localized = {
  zh: '没有可用的表结构或优化器来验证 AI 改写并估算代价，已跳过 AI 改写。',
  en: 'No table structure or optimizer was available to verify and cost AI rewrites: the AI rewrite step was skipped.',
};
const notSelect: Localized = {
  zh: 'AI 改写只用于 SELECT 语句，已跳过。',
  en: 'AI rewrites are only asked for SELECT statements: skipped.',
};
const noneProposed: Localized = {
  zh: 'AI 没有提出任何改写。',
  en: 'The AI proposed no rewrite.',
};
const sameAsCurrent: Localized = {
  zh: '与当前语句相同，未再验证。',
  en: 'Identical to the current statement; not checked again.',
};
const refutedNote: Localized = {
  zh: '在生成的数据上结果与原语句不同，已丢弃。',
  en: 'Returned a different result from the original on generated data; discarded.',
};
const notVerifiedNote: Localized = {
  zh: '无法完成差分验证，未应用。',
  en: 'Differential verification could not be completed; not applied.',
};
const supersededNote: Localized = {
  zh: '结果一致且代价更低，但后面的候选更优。',
  en: 'Same results and cheaper, but a later candidate was cheaper still.',
};

function failedBecause(problem: Localized): Localized {
  return {
    zh: `AI 改写失败：${problem.zh} 报告的其余部分不受影响。`,
    en: `The AI rewrite step failed: ${problem.en} The rest of the report is unaffected.`,
  };
}

function unreadable(content: string): Localized {
  const excerpt = content.replace(/\s+/g, ' ').trim().slice(0, 160);
  return failedBecause({
    zh: `无法从应答中读出候选语句（“${excerpt}”）。`,
    en: `no candidate statement could be read from the answer ("${excerpt}").`,
  });
}

function noneKept(count: number): Localized {
  return {
    zh: `AI 提出了 ${count} 个改写，但没有一个既通过验证又把代价降低至少 ${MIN_AI_IMPROVEMENT * 100}%，保留原优化结果。`,
    en: `The AI proposed ${count} rewrite(s), but none both passed verification and lowered the cost by at least ${MIN_AI_IMPROVEMENT * 100}%; the optimized statement is unchanged.`,
  };
}

function notCheaper(bestCost: number, candidateCost: number): Localized {
  return {
    zh: `结果一致，但代价 ${cost(candidateCost)} 没有比 ${cost(bestCost)} 低至少 ${MIN_AI_IMPROVEMENT * 100}%，未应用。`,
    en: `Same results, but its cost ${cost(candidateCost)} is not at least ${MIN_AI_IMPROVEMENT * 100}% below ${cost(bestCost)}; not applied.`,
  };
}

function keptNote(bestCost: number, candidateCost: number): Localized {
  return {
    zh: `在生成的数据上结果一致，代价从 ${cost(bestCost)} 降到 ${cost(candidateCost)}。`,
    en: `Same results on generated data; cost ${cost(bestCost)} → ${cost(candidateCost)}.`,
  };
}

function appliedDetail(before: number, after: number): Localized {
  return {
    zh: `已应用 AI 改写：差分验证未发现结果差异，优化器估算代价从 ${cost(before)} 降到 ${cost(after)}（在相同的推荐索引下）。`,
    en: `An AI rewrite was applied: differential verification found no difference in results, and the optimizer's estimated cost fell from ${cost(before)} to ${cost(after)} (with the same recommended indexes).`,
  };
}

/** The step shown in the report for an applied AI rewrite. */
export const aiStepTitle: Localized = { zh: 'AI 改写（已验证）', en: 'AI rewrite (verified)' };
export const AI_RULE_ID = 'ai-rewrite';

/** The model's explanation, in the model's language, as the step's rationale (both slots). */
export function aiStepRationale(explanation: string, model: string | undefined): Localized {
  if (explanation) return { zh: explanation, en: explanation };
  const by = model ? ` (${model})` : '';
  return {
    zh: `由 AI${by} 提出的改写，经差分验证且代价更低。`,
    en: `A rewrite proposed by the AI${by}, verified on generated data and cheaper by the optimizer's estimate.`,
  };
}
