import {
  gainWording,
  type IndexAdvice,
  indexBasisWording,
  indexGapReasonLabels,
  type Language,
  type Report,
  type StatementReport,
  scoreCategoryLabels,
  severityLabels,
  verdictLabels,
} from '@sqltune/contracts';
import { workloadSourceLines } from './format-workload.ts';
import { planNotes, planNotesHeading } from './plan-notes.ts';

const labels = {
  en: {
    statement: (n: number, line: number) => `== Statement ${n} (line ${line}) ==`,
    unchanged: '(unchanged)',
    error: 'Error',
    rules: (n: number) => `Rules (${n}):`,
    applied: ' (applied)',
    indexes: (n: number) => `Indexes (${n}):`,
    benefit: (before: string, after: string, benefit: string) =>
      `cost ${before} -> ${after} with the set, this one saves ${benefit}`,
    gaps: 'No index advised for:',
    plan: 'Plan',
    gain: 'Estimated gain',
    cost: 'cost',
    verification: 'Verification',
    scores: 'Scores (original -> optimized):',
    schema: 'Schema',
    workload: (n: number, before: string, after: string) =>
      `One index set for all ${n} statements (estimated total cost ${before} -> ${after}):`,
    note: 'Note',
  },
  zh: {
    statement: (n: number, line: number) => `== 语句 ${n}（第 ${line} 行）==`,
    unchanged: '（未改写）',
    error: '错误',
    rules: (n: number) => `规则（${n}）：`,
    applied: '（已应用）',
    indexes: (n: number) => `索引（${n}）：`,
    benefit: (before: string, after: string, benefit: string) =>
      `整组索引下代价 ${before} -> ${after}，其中该索引节省 ${benefit}`,
    gaps: '未推荐索引的表：',
    plan: '执行计划',
    gain: '预估收益',
    cost: '代价',
    verification: '验证',
    scores: '评分（原始 -> 优化后）：',
    schema: '表结构',
    workload: (n: number, before: string, after: string) =>
      `全部 ${n} 条语句的一组索引（估算总代价 ${before} -> ${after}）：`,
    note: '提示',
  },
} as const;

/** Plain-text rendering of the report for terminals, in the report language; JSON output is the contract itself. */
export function formatText(report: Report, language: Language): string {
  const l = labels[language];
  const lines: string[] = [];
  for (const statement of report.statements) lines.push(...statementLines(statement, language), '');
  if (report.workload?.source) lines.push(...workloadSourceLines(report.workload, language), '');
  else if (report.workload) {
    const w = report.workload;
    lines.push(l.workload(w.statements, w.costBefore.toFixed(2), w.costAfter.toFixed(2)));
    for (const index of w.indexes) lines.push(`  ${index.ddl}`);
    lines.push('');
  }
  for (const warning of report.warnings) lines.push(`${l.note}: ${warning.message[language]}`);
  return lines.join('\n');
}

function statementLines(statement: StatementReport, language: Language): string[] {
  const l = labels[language];
  const heading = l.statement(statement.index + 1, statement.location?.line ?? 1);
  const lines = [statement.routine ? `${heading} ${statement.routine.label[language]}` : heading];
  for (const error of statement.errors) {
    const at = error.line ? ` @${error.line}:${error.column ?? 1}` : '';
    lines.push(`${l.error} ${error.code}${at}: ${error.message[language]}`);
  }
  lines.push(statement.optimized === statement.original ? l.unchanged : statement.diff.trimEnd());
  lines.push('', l.rules(statement.rules.length));
  for (const rule of statement.rules) {
    const at = rule.span ? ` @${rule.span.line}:${rule.span.column}` : '';
    const severity = severityLabels[rule.severity][language];
    lines.push(`  [${severity}] ${rule.id}${at}${rule.rewrite ? l.applied : ''}: ${rule.message[language]}`);
  }
  lines.push('', l.indexes(statement.indexes.length));
  for (const index of statement.indexes) lines.push(...indexLines(index, language));
  if (statement.indexGaps?.length) {
    lines.push(`  ${l.gaps}`);
    for (const gap of statement.indexGaps) {
      lines.push(`    ${gap.table} [${indexGapReasonLabels[gap.reason][language]}]: ${gap.message[language]}`);
    }
  }
  lines.push('', `${l.plan}: ${statement.plan.missing ? statement.plan.missing[language] : statement.plan.source}`);
  const notes = planNotes(statement.plan, language);
  if (notes.length > 0) lines.push(`${planNotesHeading(language)}:`, ...notes.map((n) => `  [${n.plans}] ${n.text}`));
  if (statement.gain) {
    const { costBefore, costAfter } = statement.gain;
    const cost = `${l.cost} ${costBefore.toFixed(2)} -> ${costAfter.toFixed(2)}`;
    lines.push(`${l.gain}: ${gainWording(statement.gain)[language]} (${cost})`);
  }
  const { verdict, detail } = statement.verification;
  lines.push(`${l.verification}: ${verdictLabels[verdict][language]}${detail ? ` - ${detail[language]}` : ''}`);
  if (statement.scores.length > 0) {
    lines.push(l.scores);
    for (const score of statement.scores) {
      const name = scoreCategoryLabels[score.category][language];
      lines.push(`  ${name}: ${score.original_score} -> ${score.optimized_score}`);
    }
  }
  for (const finding of statement.schemaFindings) lines.push(`${l.schema}: ${finding.message[language]}`);
  return lines;
}

/** An advised index: its DDL and reason (which names each column's role), its estimated benefit and what that rests on. */
function indexLines(index: IndexAdvice, language: Language): string[] {
  const l = labels[language];
  const lines = [`  ${index.ddl}  -- ${index.reason[language]}`];
  if (index.costBefore !== undefined && index.costAfter !== undefined) {
    const benefit = (index.benefit ?? index.costBefore - index.costAfter).toFixed(2);
    lines.push(`    ${l.benefit(index.costBefore.toFixed(2), index.costAfter.toFixed(2), benefit)}`);
  }
  const basis = indexBasisWording(index);
  if (basis) lines.push(`    ${basis[language]}`);
  return lines;
}
