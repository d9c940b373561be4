import { sourcePosition } from '../source.ts';
import { bothFrameworks, type MapperRule, type MapperRuleMatch, walkStatement } from './rule.ts';

const alwaysTrue = /\bwhere\s+(?:1\s*=\s*1|'1'\s*=\s*'1'|true)(?![\w.])/gi;

/**
 * `WHERE 1=1` followed by `<if>AND ...</if>`: the habit of string-built SQL. `<where>` (iBatis `<dynamic
 * prepend="WHERE">`) does the same job: it adds WHERE only when a condition renders and removes the first AND/OR.
 * The `1=1` costs nothing to the optimizer, but it hides a statement whose WHERE can vanish from the reader.
 */
export const whereOneEqualsOne: MapperRule = {
  id: 'mapper-where-1-equals-1',
  severity: 'info',
  category: 'SQL Complexity',
  frameworks: bothFrameworks,
  title: { zh: 'WHERE 1=1 写法', en: 'The WHERE 1=1 habit' },
  rationale: {
    zh: '"WHERE 1=1" 后面跟 <if> 条件是手工拼接 SQL 的习惯写法。MyBatis 的 <where>（iBatis 为 <dynamic prepend="WHERE">）只在有条件时才加上 WHERE，并去掉开头多余的 AND/OR，语句更清楚；而 1=1 会掩盖“所有条件都不成立时没有任何过滤”这一事实。',
    en: '"WHERE 1=1" followed by <if> conditions is the habit of hand-built SQL. MyBatis\' <where> (<dynamic prepend="WHERE"> in iBatis) adds WHERE only when a condition renders and drops the leading AND/OR, which reads better; 1=1 hides that with every condition false nothing filters the rows.',
  },
  example: {
    bad: '<select id="search">SELECT id FROM users WHERE 1=1 <if test="name != null">AND name = #{name}</if></select>',
    good: '<select id="search">SELECT id FROM users <where><if test="name != null">AND name = #{name}</if></where></select>',
  },
  supersedes: ['always-true-predicate'],
  detect(context) {
    const matches: MapperRuleMatch[] = [];
    const where = context.statement.framework === 'ibatis' ? '<dynamic prepend="WHERE">' : '<where>';
    walkStatement(context, (node) => {
      if (node.kind !== 'text') return;
      for (const found of node.text.matchAll(alwaysTrue)) {
        const offset = node.offsets[found.index]!;
        const end = node.offsets[found.index + found[0].length - 1]! + 1;
        matches.push({
          span: { file: node.site.file.name, ...sourcePosition(node.site.file, offset), length: end - offset },
          message: {
            zh: `"${found[0]}" 用于拼接后续的 AND 条件；请改用 ${where}。`,
            en: `"${found[0]}" is there to chain the AND conditions after it; use ${where} instead.`,
          },
        });
      }
    });
    return matches;
  },
};
