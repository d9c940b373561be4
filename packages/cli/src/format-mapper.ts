import {
  type Finding,
  indexShapeText,
  type Language,
  type MapperStatementReport,
  type Message,
  type Report,
  severityLabels,
} from '@sqltune/contracts';

/**
 * Text and Markdown renderings of a mapper report (kind 'mybatis'): one section per mapper statement, located at its
 * XML file, line and column, with its merged findings and what became of its rewrites; then the patched files' diffs
 * and the index set for all statements.
 */

const labels = {
  en: {
    title: 'SQLTune mapper report',
    statement: (key: string, at: string) => `== ${key} (${at}) ==`,
    variants: (n: number, planned: number) => `Variants: ${n} (${planned} planned)`,
    leftOut: (n: number, bound: number) => `Not expanded (bound of ${bound} variants reached): ${n}`,
    findings: (n: number) => `Findings (${n}):`,
    patched: 'patched into the mapper',
    advice: 'advice only',
    rewrite: (variant: number, rules: string, status: string) => `Rewrite of variant ${variant} (${rules}): ${status}`,
    error: 'Error',
    diff: (file: string) => `Patched ${file}:`,
    noPatch: 'No rewrite could be patched into the mapper files.',
    workload: (n: number, before: string, after: string) =>
      `One index set for all ${n} planned variants (estimated total cost ${before} -> ${after}):`,
    serves: 'serves',
    slows: 'maintained by the writes',
    excluded: 'Left out of the summed cost',
    otherDatabases: 'Written for another database (not analyzed)',
    note: 'Note',
    files: 'Files',
    statements: 'Statements',
    dialect: 'Dialect',
  },
  zh: {
    title: 'SQLTune 映射文件报告',
    statement: (key: string, at: string) => `== ${key}（${at}）==`,
    variants: (n: number, planned: number) => `变体：${n} 个（${planned} 个已交给优化器）`,
    leftOut: (n: number, bound: number) => `未展开（达到每条语句 ${bound} 个变体的上限）：${n} 个`,
    findings: (n: number) => `发现（${n}）：`,
    patched: '已写回映射文件',
    advice: '仅作为建议',
    rewrite: (variant: number, rules: string, status: string) => `变体 ${variant} 的改写（${rules}）：${status}`,
    error: '错误',
    diff: (file: string) => `修改后的 ${file}：`,
    noPatch: '没有可以写回映射文件的改写。',
    workload: (n: number, before: string, after: string) =>
      `全部 ${n} 个已规划变体的一组索引（估算总代价 ${before} -> ${after}）：`,
    serves: '服务的语句',
    slows: '写入时需维护它的语句',
    excluded: '未计入整组代价',
    otherDatabases: '为其他数据库编写（未分析）',
    note: '提示',
    files: '文件',
    statements: '语句',
    dialect: '方言',
  },
} as const;

export function at(place: { file?: string; line: number; column?: number }): string {
  return `${place.file ?? ''}:${place.line}:${place.column ?? 1}`;
}

export function formatMapperText(report: Report, language: Language): string {
  const l = labels[language];
  const mapper = report.mapper!;
  const lines: string[] = [];
  for (const statement of mapper.statements)
    lines.push(...statementLines(statement, mapper.variantBound, language), '');
  const patched = mapper.files.filter((f) => f.diff);
  if (patched.length === 0) lines.push(l.noPatch, '');
  for (const file of patched) lines.push(l.diff(file.name), file.diff.trimEnd(), '');
  if (report.workload) {
    const w = report.workload;
    lines.push(l.workload(w.statements, w.costBefore.toFixed(2), w.costAfter.toFixed(2)));
    for (const [k, index] of w.indexes.entries()) {
      lines.push(`  ${index.ddl}`);
      const use = w.usage?.[k]?.mapper;
      if (use?.serves.length) lines.push(`    ${l.serves}: ${use.serves.join(', ')}`);
      if (use?.slows.length) lines.push(`    ${l.slows}: ${use.slows.join(', ')}`);
    }
    for (const e of w.excluded ?? [])
      lines.push(`  ${l.excluded}: ${e.key ?? `#${e.statement}`}: ${e.reason[language]}`);
    lines.push('');
  }
  if (mapper.otherDatabases.length > 0) lines.push(`${l.otherDatabases}: ${mapper.otherDatabases.join(', ')}`);
  for (const warning of report.warnings) lines.push(`${l.note}: ${warning.message[language]}`);
  return lines.join('\n');
}

function statementLines(statement: MapperStatementReport, bound: number, language: Language): string[] {
  const l = labels[language];
  const lines = [l.statement(statement.key, at(statement.location))];
  lines.push(l.variants(statement.variants.length, statement.variants.filter((v) => v.planned).length));
  if (statement.leftOut.length > 0) lines.push(l.leftOut(statement.leftOut.length, bound));
  for (const error of statement.errors) lines.push(errorLine(error, language));
  lines.push(l.findings(statement.findings.length));
  for (const finding of statement.findings) lines.push(`  ${findingLine(finding, language)}`);
  for (const rewrite of statement.rewrites) {
    const status = rewrite.status === 'patched' ? l.patched : `${l.advice} - ${rewrite.advice?.[language] ?? ''}`;
    lines.push(l.rewrite(rewrite.variant, rewrite.ruleIds.join(', '), status));
  }
  return lines;
}

function findingLine(finding: Finding, language: Language): string {
  const where = finding.span ? ` @${at(finding.span)}` : '';
  return `[${severityLabels[finding.severity][language]}] ${finding.id}${where}: ${finding.message[language]}`;
}

function errorLine(error: Message, language: Language): string {
  const where = error.line ? ` @${at({ file: error.file, line: error.line, column: error.column })}` : '';
  return `${labels[language].error} ${error.code}${where}: ${error.message[language]}`;
}

export function formatMapperMarkdown(report: Report, language: Language): string {
  const l = labels[language];
  const mapper = report.mapper!;
  const lines = [
    `# ${l.title}`,
    '',
    `- ${l.dialect}: ${report.dialect}`,
    `- ${l.files}: ${mapper.files.length}`,
    `- ${l.statements}: ${mapper.statements.length}`,
    '',
  ];
  for (const statement of mapper.statements) {
    const [heading, ...rest] = statementLines(statement, mapper.variantBound, language);
    lines.push(`## ${heading!.replace(/^== | ==$|==$/g, '')}`, '', ...rest.map((line) => markdownLine(line)), '');
    for (const variant of statement.variants) {
      lines.push(`<details><summary>#${variant.number} ${variant.label[language]}</summary>`, '');
      lines.push('```sql', variant.sql.replace(/```/g, '` ` `'), '```', '', '</details>', '');
    }
  }
  for (const file of mapper.files.filter((f) => f.diff)) {
    lines.push(`## ${l.diff(file.name)}`, '', '```diff', file.diff.trimEnd(), '```', '');
  }
  if (report.workload) {
    const w = report.workload;
    lines.push(`## ${l.workload(w.statements, w.costBefore.toFixed(2), w.costAfter.toFixed(2))}`, '');
    lines.push('```sql', ...w.indexes.map((i) => i.ddl), '```', '');
    for (const [k, index] of w.indexes.entries()) {
      const use = w.usage?.[k]?.mapper;
      if (!use || use.serves.length + use.slows.length === 0) continue;
      lines.push(`- \`${indexShapeText(index)}\``);
      if (use.serves.length) lines.push(`  - ${l.serves}: ${use.serves.join(', ')}`);
      if (use.slows.length) lines.push(`  - ${l.slows}: ${use.slows.join(', ')}`);
    }
    for (const e of w.excluded ?? [])
      lines.push(`- ${l.excluded}: ${e.key ?? `#${e.statement}`}: ${e.reason[language]}`);
    if (w.usage?.length || w.excluded?.length) lines.push('');
  }
  for (const warning of report.warnings) lines.push(`> ${l.note}: ${warning.message[language]}`, '');
  return lines.join('\n');
}

function markdownLine(line: string): string {
  return line.startsWith('  ') ? `- ${line.trim()}` : `${line}\n`;
}
