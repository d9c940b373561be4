import { statementRules } from './registry.ts';

/** The rules catalogue in both languages, generated from the registry (docs/rules.md). */
export function rulesMarkdown(): string {
  const lines = [
    '# Rules / 规则',
    '',
    'Generated from `packages/engine/src/rules/registry.ts` by `npm run docs:rules`; do not edit by hand.',
    '由 `npm run docs:rules` 从规则注册表生成，请勿手工编辑。',
    '',
    '| id | severity | dialects | rewrite | category |',
    '| --- | --- | --- | --- | --- |',
    ...statementRules.map(
      (r) =>
        `| \`${r.id}\` | ${r.severity} | ${r.dialects.join(', ')} | ${r.rewrites ? 'yes' : 'no'} | ${r.category} |`,
    ),
    '',
  ];
  for (const rule of statementRules) {
    lines.push(
      `## \`${rule.id}\`: ${rule.title.en} / ${rule.title.zh}`,
      '',
      rule.rationale.en,
      '',
      rule.rationale.zh,
      '',
      '```sql',
      '-- reported / 报告',
      rule.example.bad,
      ...(rule.example.good ? ['-- better / 改进后', rule.example.good] : []),
      '```',
      '',
    );
  }
  return lines.join('\n');
}
