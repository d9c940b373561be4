import type { Dialect, Language, Localized, ScoreCategory, Severity } from '@sqltune/contracts';
import type { Rule } from '@sqltune/engine';

/** One catalogue entry of `sqltune rules --format json`; names are stable like the report's. */
export interface RuleEntry {
  id: string;
  severity: Severity;
  category: ScoreCategory;
  dialects: Dialect[];
  title: Localized;
  rationale: Localized;
  example: { bad: string; good?: string };
  /** True when the rule can change the SQL (a verified rewrite), false when it only reports. */
  rewrite: boolean;
}

export function ruleEntries(rules: readonly Rule[]): RuleEntry[] {
  return rules.map((rule) => ({
    id: rule.id,
    severity: rule.severity,
    category: rule.category,
    dialects: [...rule.dialects],
    title: rule.title,
    rationale: rule.rationale,
    example:
      rule.example.good === undefined ? { bad: rule.example.bad } : { bad: rule.example.bad, good: rule.example.good },
    rewrite: rule.rewrites,
  }));
}

export function formatRulesJson(rules: readonly Rule[]): string {
  return JSON.stringify(ruleEntries(rules), null, 2);
}

export function formatRulesText(rules: readonly Rule[], language: Language): string {
  const lines: string[] = [];
  for (const rule of rules) {
    const rewrite = rule.rewrites ? (language === 'zh' ? '，可改写' : ', rewrites') : '';
    lines.push(`${rule.id} [${rule.severity}] ${rule.category} (${rule.dialects.join(', ')}${rewrite})`);
    lines.push(`  ${rule.title[language]}`);
    lines.push(`  ${rule.rationale[language].replace(/\s*\n\s*/g, ' ')}`);
    lines.push(...indent(language === 'zh' ? '示例' : 'example', rule.example.bad));
    if (rule.example.good) lines.push(...indent(language === 'zh' ? '改进' : 'better', rule.example.good));
    lines.push('');
  }
  lines.push(language === 'zh' ? `共 ${rules.length} 条规则` : `${rules.length} rules`);
  return lines.join('\n');
}

export function formatRulesMarkdown(rules: readonly Rule[], language: Language): string {
  const zh = language === 'zh';
  const lines = [
    zh ? '# 规则' : '# Rules',
    '',
    zh ? '| id | 级别 | 类别 | 方言 | 改写 | 标题 |' : '| id | severity | category | dialects | rewrite | title |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rules.map(
      (r) =>
        `| \`${r.id}\` | ${r.severity} | ${r.category} | ${r.dialects.join(', ')} | ${r.rewrites ? (zh ? '是' : 'yes') : zh ? '否' : 'no'} | ${r.title[language].replace(/\|/g, '\\|')} |`,
    ),
    '',
  ];
  for (const rule of rules) {
    lines.push(`## \`${rule.id}\`: ${rule.title[language]}`, '', rule.rationale[language], '', '```sql');
    lines.push(zh ? '-- 报告' : '-- reported', rule.example.bad);
    if (rule.example.good) lines.push(zh ? '-- 改进后' : '-- better', rule.example.good);
    lines.push('```', '');
  }
  return lines.join('\n');
}

function indent(label: string, sql: string): string[] {
  const [first = '', ...rest] = sql.split('\n');
  return [`  ${label}: ${first}`, ...rest.map((line) => `    ${line}`)];
}
