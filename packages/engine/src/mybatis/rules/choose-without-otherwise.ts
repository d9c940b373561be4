import { siteSpan } from '../analyze-mapper.ts';
import type { ChooseNode } from '../model.ts';
import { decisionPoints } from '../render.ts';
import { type MapperRule, type MapperRuleMatch, renderAllFalse, topLevelClauses } from './rule.ts';

/**
 * `<choose>` with no `<otherwise>` that holds the statement's only conditions: when no `<when>` applies (a value
 * nobody expected, a null) the statement has no condition left and reads, or changes, every row.
 */
export const chooseWithoutOtherwise: MapperRule = {
  id: 'mapper-choose-without-otherwise',
  severity: 'warning',
  category: 'Scan Estimation',
  frameworks: ['mybatis'],
  title: {
    zh: '没有 <otherwise> 的 <choose> 可能留下没有条件的语句',
    en: '<choose> without <otherwise> can leave the statement with no condition',
  },
  rationale: {
    zh: '这个 <choose> 没有 <otherwise>，而语句的条件都在它的 <when> 里。没有任何 <when> 成立时（例如传入了意料之外的值或 null），语句就没有任何条件，会读取或修改所有行。请加上 <otherwise>（例如一个必需条件，或 1 = 0 表示不返回任何行）。',
    en: "This <choose> has no <otherwise>, and the statement's conditions are all in its <when>s. When no <when> applies (a value nobody expected, a null) the statement has no condition at all and reads or changes every row. Add an <otherwise> (a mandatory condition, or 1 = 0 to return nothing).",
  },
  example: {
    bad: '<select id="find">SELECT id FROM users <where><choose><when test="id != null">id = #{id}</when><when test="email != null">email = #{email}</when></choose></where></select>',
    good: '<select id="find">SELECT id FROM users <where><choose><when test="id != null">id = #{id}</when><when test="email != null">email = #{email}</when><otherwise>1 = 0</otherwise></choose></where></select>',
  },
  detect(context) {
    const matches: MapperRuleMatch[] = [];
    const { dialect } = context;
    for (const { node, requires } of decisionPoints(context.statement, context.fragments)) {
      if (node.kind !== 'choose' || node.otherwise || node.whens.length === 0 || generatedCriterion(node)) continue;
      // The choose alone, everything else false (and what it needs to render at all): a branch gives the statement
      // its WHERE, no branch leaves it without.
      const withBranch = renderAllFalse(context, new Map([...requires, [node, 0]]));
      const noBranch = renderAllFalse(context, new Map([...requires, [node, -1]]));
      if (topLevelClauses(withBranch.sql.text, dialect).where && !topLevelClauses(noBranch.sql.text, dialect).where) {
        matches.push({ span: siteSpan(node.site), message: messageFor(node) });
      }
    }
    return matches;
  },
};

/**
 * mybatis-generator's Example clause chooses by the kind of its criterion, `criterion.noValue`, `singleValue`,
 * `betweenValue` or `listValue`: the generated Criterion is always exactly one of the four, so one branch renders.
 */
function generatedCriterion(node: ChooseNode): boolean {
  const kinds = new Set(
    node.whens.map((w) => /^\s*\w+\.(noValue|singleValue|betweenValue|listValue)\s*$/.exec(w.test)?.[1]),
  );
  return kinds.size === 4 && !kinds.has(undefined) && node.whens.length === 4;
}

function messageFor(node: ChooseNode): { zh: string; en: string } {
  const tests = node.whens.map((w) => w.test).join(' / ');
  return {
    zh: `${tests} 都不成立时语句没有任何条件；请加上 <otherwise>。`,
    en: `When none of ${tests} holds the statement has no condition at all; add an <otherwise>.`,
  };
}
