import {
  type Finding,
  gainWording,
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
    title: 'SQLTune report',
    dialect: 'Dialect',
    engine: 'Engine',
    statements: 'Statements',
    statement: 'Statement',
    line: 'line',
    original: 'Original',
    rewrite: 'Rewrite',
    unchanged: 'Unchanged: no rewrite was applied.',
    steps: 'Steps',
    rules: 'Rules',
    noRules: 'No rule matched.',
    severity: 'severity',
    ruleTitle: 'title',
    message: 'message',
    indexes: 'Index advice',
    noIndexes: 'No index advice.',
    benefit: 'saves',
    gaps: 'No index advised for these plan hotspots',
    workload: 'One index set for all statements',
    workloadCost: 'Estimated total cost of the statements',
    plan: 'Plan',
    source: 'Source',
    cost: 'cost',
    gain: 'Estimated gain (optimizer cost estimate, not a measured time)',
    noGain: 'Estimated gain: none',
    verification: 'Verification',
    databases: 'generated databases',
    scores: 'Scores',
    category: 'category',
    before: 'original',
    after: 'optimized',
    why: 'why',
    schema: 'Table structure',
    notes: 'Notes',
  },
  zh: {
    title: 'SQLTune 报告',
    dialect: '方言',
    engine: '引擎',
    statements: '语句数',
    statement: '语句',
    line: '行',
    original: '原始语句',
    rewrite: '改写',
    unchanged: '未改写：没有应用任何改写。',
    steps: '步骤',
    rules: '规则',
    noRules: '没有规则命中。',
    severity: '级别',
    ruleTitle: '标题',
    message: '说明',
    indexes: '索引建议',
    noIndexes: '没有索引建议。',
    benefit: '该索引节省',
    gaps: '这些计划热点没有推荐索引',
    workload: '适用于全部语句的一组索引',
    workloadCost: '全部语句的估算总代价',
    plan: '执行计划',
    source: '来源',
    cost: '代价',
    gain: '预估收益（优化器代价估算，并非实测时间）',
    noGain: '预估收益：无',
    verification: '验证',
    databases: '个生成的数据库',
    scores: '评分',
    category: '类别',
    before: '原始',
    after: '优化后',
    why: '原因',
    schema: '表结构',
    notes: '提示',
  },
} as const;

type Labels = (typeof labels)[Language];

/** A Markdown rendering of the report, e.g. for a pull-request comment or a CI job summary. */
export function formatMarkdown(report: Report, language: Language): string {
  const l = labels[language];
  const lines: string[] = [
    `# ${l.title}`,
    '',
    `- ${l.dialect}: ${report.dialect}`,
    `- ${l.engine}: ${report.engine.name} ${report.engine.version}`,
    `- ${l.statements}: ${report.statements.length}`,
    '',
  ];
  for (const statement of report.statements) lines.push(...statementSection(statement, language, l));

  if (report.workload?.source) {
    lines.push(`## ${l.workload}`, '', ...fence('text', workloadSourceLines(report.workload, language).join('\n')), '');
  } else if (report.workload) {
    const w = report.workload;
    lines.push(
      `## ${l.workload}`,
      '',
      `${l.workloadCost}: ${w.costBefore.toFixed(2)} -> ${w.costAfter.toFixed(2)} (${w.statements})`,
      '',
      ...fence('sql', w.indexes.map((index) => index.ddl).join('\n')),
      '',
    );
  }
  const schemaFindings = unique(report.statements.flatMap((s) => s.schemaFindings));
  if (schemaFindings.length > 0) {
    lines.push(`## ${l.schema}`, '', ...findingsTable(schemaFindings, language, l), '');
  }
  if (report.warnings.length > 0) {
    lines.push(`## ${l.notes}`, '', ...report.warnings.map((w) => `- ${w.message[language]}`), '');
  }
  return lines.join('\n');
}

function statementSection(statement: StatementReport, language: Language, l: Labels): string[] {
  const routine = statement.routine ? `: ${statement.routine.label[language]}` : '';
  const lines = [`## ${l.statement} ${statement.index + 1} (${l.line} ${statement.location?.line ?? 1})${routine}`, ''];
  lines.push(`### ${l.original}`, '', ...fence('sql', statement.original), '');

  lines.push(`### ${l.rewrite}`, '');
  if (statement.optimized === statement.original) lines.push(`_${l.unchanged}_`, '');
  else lines.push(...fence('diff', statement.diff.trimEnd()), '');
  if (statement.steps.length > 0) {
    lines.push(`${l.steps}:`, '');
    for (const [i, step] of statement.steps.entries()) {
      const cost =
        step.costBefore !== undefined && step.costAfter !== undefined
          ? ` (${l.cost} ${step.costBefore.toFixed(2)} → ${step.costAfter.toFixed(2)})`
          : '';
      lines.push(`${i + 1}. \`${step.ruleId}\`: ${inline(step.title[language])}${cost}`);
    }
    lines.push('');
  }

  lines.push(`### ${l.rules} (${statement.rules.length})`, '');
  lines.push(...(statement.rules.length > 0 ? findingsTable(statement.rules, language, l) : [`_${l.noRules}_`]), '');

  lines.push(`### ${l.indexes} (${statement.indexes.length})`, '');
  if (statement.indexes.length === 0) lines.push(`_${l.noIndexes}_`, '');
  else {
    lines.push(...fence('sql', statement.indexes.map((index) => index.ddl).join('\n')), '');
    for (const index of statement.indexes) {
      const cost =
        index.costBefore !== undefined && index.costAfter !== undefined
          ? ` (${l.cost} ${index.costBefore.toFixed(2)} → ${index.costAfter.toFixed(2)})`
          : '';
      lines.push(`- \`${index.ddl}\`: ${inline(index.reason[language])}${cost}`);
      if (index.benefit !== undefined) lines.push(`  - ${l.benefit}: ${index.benefit.toFixed(2)}`);
      const basis = indexBasisWording(index);
      if (basis) lines.push(`  - ${inline(basis[language])}`);
    }
    lines.push('');
  }
  if (statement.indexGaps?.length) {
    lines.push(`${l.gaps}:`, '');
    for (const gap of statement.indexGaps) {
      const reason = indexGapReasonLabels[gap.reason][language];
      lines.push(`- \`${gap.table}\` (${reason}): ${inline(gap.message[language])}`);
    }
    lines.push('');
  }

  lines.push(`### ${l.plan}`, '');
  lines.push(
    `- ${l.source}: ${statement.plan.source}${statement.plan.missing ? ` (${statement.plan.missing[language]})` : ''}`,
  );
  if (statement.plan.before && statement.plan.after) {
    lines.push(
      `- ${l.cost}: ${statement.plan.before.totalCost.toFixed(2)} → ${statement.plan.after.totalCost.toFixed(2)}`,
    );
  }
  if (statement.gain) {
    const { costBefore, costAfter, source } = statement.gain;
    lines.push(
      `- ${l.gain}: **${gainWording(statement.gain)[language]}** (${l.cost} ${costBefore.toFixed(2)} → ${costAfter.toFixed(2)}, ${source})`,
    );
  } else {
    lines.push(`- ${l.noGain}${statement.gainMissing ? ` (${statement.gainMissing[language]})` : ''}`);
  }
  const notes = planNotes(statement.plan, language);
  if (notes.length > 0) {
    lines.push(`- ${planNotesHeading(language)}:`, ...notes.map((n) => `  - _${n.plans}_: ${inline(n.text)}`));
  }
  lines.push('');

  const { verification } = statement;
  const databases = verification.databases > 0 ? `, ${verification.databases} ${l.databases}` : '';
  lines.push(
    `### ${l.verification}`,
    '',
    `**${verdictLabels[verification.verdict][language]}** (${verification.method}${databases})`,
  );
  if (verification.detail) lines.push('', verification.detail[language]);
  lines.push('');

  if (statement.scores.length > 0) {
    lines.push(
      `### ${l.scores}`,
      '',
      `| ${l.category} | ${l.before} | ${l.after} | ${l.why} |`,
      '| --- | ---: | ---: | --- |',
    );
    for (const score of statement.scores) {
      lines.push(
        `| ${scoreCategoryLabels[score.category][language]} | ${score.original_score} | ${score.optimized_score} | ${cell(score.why[language])} |`,
      );
    }
    lines.push('');
  }
  for (const error of statement.errors) lines.push(`> ${inline(error.message[language])}`, '');
  return lines;
}

function findingsTable(findings: Finding[], language: Language, l: Labels): string[] {
  return [
    `| id | ${l.severity} | ${l.ruleTitle} | ${l.message} | ${l.line} |`,
    '| --- | --- | --- | --- | ---: |',
    ...findings.map(
      (f) =>
        `| \`${f.id}\` | ${severityLabels[f.severity][language]} | ${cell(f.title[language])} | ${cell(f.message[language])} | ${f.span ? `${f.span.line}:${f.span.column}` : ''} |`,
    ),
  ];
}

/** A fenced block whose fence is longer than any backtick run inside the text. */
function fence(info: string, text: string): string[] {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const marks = '`'.repeat(Math.max(3, longest + 1));
  return [`${marks}${info}`, text, marks];
}

function inline(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

function cell(text: string): string {
  return inline(text).replace(/\|/g, '\\|');
}

function unique(findings: Finding[]): Finding[] {
  const seen = new Map<string, Finding>();
  for (const finding of findings) seen.set(JSON.stringify(finding), finding);
  return [...seen.values()];
}
