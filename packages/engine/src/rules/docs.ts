import { mapperRules } from '../mybatis/rules/registry.ts';
import { statementRules } from './registry.ts';

/**
 * The rules catalogue in both languages, generated from the registries (docs/rules.md): the statement rules, then the
 * mapper rules (packages/engine/src/mybatis/rules/registry.ts), which read the dynamic SQL of MyBatis and iBatis
 * mappers and hold for both dialects.
 */
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
  lines.push(
    '# Mapper rules / 映射文件规则',
    '',
    'Generated from `packages/engine/src/mybatis/rules/registry.ts`: rules on the dynamic SQL of MyBatis and iBatis mappers (every dialect).',
    '由映射文件规则注册表生成：针对 MyBatis 与 iBatis 映射文件中动态 SQL 的规则（适用于所有方言）。',
    '',
    '| id | severity | frameworks | category |',
    '| --- | --- | --- | --- |',
    ...mapperRules.map((r) => `| \`${r.id}\` | ${r.severity} | ${r.frameworks.join(', ')} | ${r.category} |`),
    '',
  );
  for (const rule of mapperRules) {
    lines.push(
      `## \`${rule.id}\`: ${rule.title.en} / ${rule.title.zh}`,
      '',
      rule.rationale.en,
      '',
      rule.rationale.zh,
      '',
      '```xml',
      '<!-- reported / 报告 -->',
      rule.example.bad,
      ...(rule.example.good ? ['<!-- better / 改进后 -->', rule.example.good] : []),
      '```',
      '',
    );
  }
  return lines.join('\n');
}
