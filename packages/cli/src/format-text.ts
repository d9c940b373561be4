import type { Language, Report } from '@sqltune/contracts';

/** Plain-text rendering of the report for terminals; JSON output is the contract itself. */
export function formatText(report: Report, language: Language): string {
  const lines: string[] = [];
  for (const statement of report.statements) {
    lines.push(`== Statement ${statement.index + 1} (line ${statement.location?.line ?? 1}) ==`);
    lines.push(statement.optimized === statement.original ? '(unchanged)' : statement.diff.trimEnd());
    lines.push('', `Rules (${statement.rules.length}):`);
    for (const rule of statement.rules) {
      const at = rule.span ? ` @${rule.span.line}:${rule.span.column}` : '';
      lines.push(`  [${rule.severity}] ${rule.id}${at}${rule.rewrite ? ' (applied)' : ''}: ${rule.message[language]}`);
    }
    lines.push('', `Indexes (${statement.indexes.length}):`);
    for (const index of statement.indexes) lines.push(`  ${index.ddl}  -- ${index.reason[language]}`);
    lines.push('', `Plan: ${statement.plan.missing ? statement.plan.missing[language] : statement.plan.source}`);
    if (statement.gain) {
      lines.push(
        `Estimated gain: ${(statement.gain.ratio * 100).toFixed(1)}% (cost ${statement.gain.costBefore.toFixed(2)} -> ${statement.gain.costAfter.toFixed(2)})`,
      );
    }
    lines.push(
      `Verification: ${statement.verification.verdict}${statement.verification.detail ? ` - ${statement.verification.detail[language]}` : ''}`,
    );
    for (const finding of statement.schemaFindings) lines.push(`Schema: ${finding.message[language]}`);
    lines.push('');
  }
  if (report.workload) {
    const w = report.workload;
    lines.push(
      language === 'zh'
        ? `全部 ${w.statements} 条语句的一组索引（估算总代价 ${w.costBefore.toFixed(2)} -> ${w.costAfter.toFixed(2)}）：`
        : `One index set for all ${w.statements} statements (estimated total cost ${w.costBefore.toFixed(2)} -> ${w.costAfter.toFixed(2)}):`,
    );
    for (const index of w.indexes) lines.push(`  ${index.ddl}`);
    lines.push('');
  }
  for (const warning of report.warnings) lines.push(`Note: ${warning.message[language]}`);
  return lines.join('\n');
}
