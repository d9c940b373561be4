import { sourcePosition } from '../source.ts';
import { bothFrameworks, type MapperRule, type MapperRuleMatch, renderAllFalse } from './rule.ts';

/**
 * `<set>` (or `<trim prefix="values (">`, iBatis' `<dynamic prepend="SET">`, a `SET` written before `<if>`s) whose
 * every part is conditional: with every condition false it renders nothing and MyBatis sends `UPDATE t WHERE id = ?`,
 * `UPDATE t SET WHERE id = ?` or `INSERT INTO t`, which the database refuses. The variant is not analyzed as SQL (it
 * is not SQL); this finding says why, and the other variants are planned.
 */
export const emptyClause: MapperRule = {
  id: 'mapper-empty-clause',
  severity: 'warning',
  category: 'Other',
  frameworks: bothFrameworks,
  title: {
    zh: '条件都不成立时 <set>/<trim> 为空，语句无效',
    en: '<set>/<trim> renders nothing when every condition is false: the statement is invalid',
  },
  rationale: {
    zh: '<set>（或带前缀的 <trim>，如 insertSelective 的 values 部分；iBatis 的 <dynamic prepend="SET">；写在 <if> 前的 SET）里的每一项都包在 <if> 中。所有参数为空时它什么也不生成，MyBatis 发出的语句（如 UPDATE t WHERE id = ? 或 UPDATE t SET WHERE id = ?）在数据库端报语法错误。请在 Java 中先检查至少有一个字段要更新，或保留一个总会写入的列（如 updated_at = NOW()）。',
    en: 'Every part of this <set> (or prefixed <trim>, such as the values part of an insertSelective; iBatis\' <dynamic prepend="SET">; a SET written before <if>s) sits inside an <if>. With every parameter null it renders nothing, and the statement MyBatis sends (UPDATE t WHERE id = ? or UPDATE t SET WHERE id = ?) fails with a syntax error in the database. Check in Java that there is at least one field to write, or keep one column that is always written (updated_at = NOW()).',
  },
  example: {
    bad: '<update id="touch">UPDATE users <set><if test="name != null">name = #{name},</if></set> WHERE id = #{id}</update>',
    good: '<update id="touch">UPDATE users <set>updated_at = NOW(), <if test="name != null">name = #{name},</if></set> WHERE id = #{id}</update>',
  },
  detect(context) {
    const matches: MapperRuleMatch[] = [];
    for (const { file, offset, length, written } of renderAllFalse(context).emptyClauses) {
      matches.push({
        span: { file: file.name, ...sourcePosition(file, offset), length },
        message:
          written === 'SET'
            ? {
                zh: '所有条件都不成立时 SET 之后没有任何赋值，生成的语句不是有效的 SQL（运行时报错）。',
                en: 'With every condition false nothing follows SET and the statement is not valid SQL (it fails at run time).',
              }
            : {
                zh: `所有条件都不成立时 ${written} 为空，生成的语句不是有效的 SQL。`,
                en: `With every condition false ${written} renders nothing and the statement is not valid SQL.`,
              },
      });
    }
    return matches;
  },
};
