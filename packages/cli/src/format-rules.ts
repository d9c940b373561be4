import type { Dialect, Language, Localized, ScoreCategory, Severity } from '@sqltune/contracts';
import type { Framework, MapperRule, Rule } from '@sqltune/engine';

/** One catalogue entry of `sqltune rules --format json`; names are stable like the report's. */
export interface RuleEntry {
  id: string;
  severity: Severity;
  category: ScoreCategory;
  dialects: Dialect[];
  /** Mapper rules only: the ORM frameworks whose mappers they read (their statements are of any dialect). */
  frameworks?: Framework[];
  title: Localized;
  rationale: Localized;
  /** SQL for a statement rule, a mapper fragment for a mapper rule. */
  example: { bad: string; good?: string };
  /** True when the rule can change the SQL (a verified rewrite), false when it only reports. */
  rewrite: boolean;
}

/** The statement rules, then the mapper rules (those that read the dynamic SQL of MyBatis and iBatis mappers). */
export interface RuleCatalogue {
  statementRules: readonly Rule[];
  mapperRules: readonly MapperRule[];
}

const ALL_DIALECTS: Dialect[] = ['mysql', 'postgresql'];

export function ruleEntries({ statementRules, mapperRules }: RuleCatalogue): RuleEntry[] {
  const example = (rule: Rule | MapperRule) =>
    rule.example.good === undefined ? { bad: rule.example.bad } : { bad: rule.example.bad, good: rule.example.good };
  return [
    ...statementRules.map((rule) => ({
      id: rule.id,
      severity: rule.severity,
      category: rule.category,
      dialects: [...rule.dialects],
      title: rule.title,
      rationale: rule.rationale,
      example: example(rule),
      rewrite: rule.rewrites,
    })),
    ...mapperRules.map((rule) => ({
      id: rule.id,
      severity: rule.severity,
      category: rule.category,
      dialects: [...ALL_DIALECTS],
      frameworks: [...rule.frameworks],
      title: rule.title,
      rationale: rule.rationale,
      example: example(rule),
      rewrite: false,
    })),
  ];
}

export function formatRulesJson(catalogue: RuleCatalogue): string {
  return JSON.stringify(ruleEntries(catalogue), null, 2);
}

export function formatRulesText(catalogue: RuleCatalogue, language: Language): string {
  const zh = language === 'zh';
  const entries = ruleEntries(catalogue);
  const lines: string[] = [];
  for (const rule of entries) {
    const rewrite = rule.rewrite ? (zh ? '，可改写' : ', rewrites') : '';
    const scope = rule.frameworks
      ? `${zh ? '映射文件' : 'mapper'}: ${rule.frameworks.join(', ')}`
      : rule.dialects.join(', ');
    lines.push(`${rule.id} [${rule.severity}] ${rule.category} (${scope}${rewrite})`);
    lines.push(`  ${rule.title[language]}`);
    lines.push(`  ${rule.rationale[language].replace(/\s*\n\s*/g, ' ')}`);
    lines.push(...indent(zh ? '示例' : 'example', rule.example.bad));
    if (rule.example.good) lines.push(...indent(zh ? '改进' : 'better', rule.example.good));
    lines.push('');
  }
  const mappers = catalogue.mapperRules.length;
  lines.push(
    zh
      ? `共 ${entries.length} 条规则（其中映射文件规则 ${mappers} 条）`
      : `${entries.length} rules (${mappers} of them for mappers)`,
  );
  return lines.join('\n');
}

export function formatRulesMarkdown(catalogue: RuleCatalogue, language: Language): string {
  const zh = language === 'zh';
  const entries = ruleEntries(catalogue);
  const statements = entries.filter((r) => !r.frameworks);
  const mappers = entries.filter((r) => r.frameworks);
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    zh ? '# 规则' : '# Rules',
    '',
    zh ? '| id | 级别 | 类别 | 方言 | 改写 | 标题 |' : '| id | severity | category | dialects | rewrite | title |',
    '| --- | --- | --- | --- | --- | --- |',
    ...statements.map(
      (r) =>
        `| \`${r.id}\` | ${r.severity} | ${r.category} | ${r.dialects.join(', ')} | ${r.rewrite ? (zh ? '是' : 'yes') : zh ? '否' : 'no'} | ${cell(r.title[language])} |`,
    ),
    '',
    zh ? '## 映射文件规则（MyBatis / iBatis 动态 SQL）' : '## Mapper rules (MyBatis / iBatis dynamic SQL)',
    '',
    zh ? '| id | 级别 | 类别 | 框架 | 标题 |' : '| id | severity | category | frameworks | title |',
    '| --- | --- | --- | --- | --- |',
    ...mappers.map(
      (r) =>
        `| \`${r.id}\` | ${r.severity} | ${r.category} | ${(r.frameworks ?? []).join(', ')} | ${cell(r.title[language])} |`,
    ),
    '',
  ];
  for (const rule of entries) {
    lines.push(`## \`${rule.id}\`: ${rule.title[language]}`, '', rule.rationale[language], '');
    lines.push(rule.frameworks ? '```xml' : '```sql');
    const comment = (text: string) => (rule.frameworks ? `<!-- ${text} -->` : `-- ${text}`);
    lines.push(comment(zh ? '报告' : 'reported'), rule.example.bad);
    if (rule.example.good) lines.push(comment(zh ? '改进后' : 'better'), rule.example.good);
    lines.push('```', '');
  }
  return lines.join('\n');
}

function indent(label: string, sql: string): string[] {
  const [first = '', ...rest] = sql.split('\n');
  return [`  ${label}: ${first}`, ...rest.map((line) => `    ${line}`)];
}
