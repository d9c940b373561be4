import { cartesianJoin } from './cartesian-join.ts';
import { dateFunctionToRange } from './date-function-to-range.ts';
import { deleteWithoutWhere } from './delete-without-where.ts';
import { clausesRules } from './families/clauses/index.ts';
import { pushdownRules } from './families/pushdown/index.ts';
import { relationsRules } from './families/relations/index.ts';
import { sargableRules } from './families/sargable/index.ts';
import { simplifyRules } from './families/simplify/index.ts';
import { structureRules } from './families/structure/index.ts';
import { subqueriesRules } from './families/subqueries/index.ts';
import { functionOnColumn } from './function-on-column.ts';
import { implicitConversion } from './implicit-conversion.ts';
import { largeOffset } from './large-offset.ts';
import { leadingWildcardLike } from './leading-wildcard-like.ts';
import { moveArithmeticToConstant } from './move-arithmetic-to-constant.ts';
import { notInSubquery } from './not-in-subquery.ts';
import { orderByRandom } from './order-by-random.ts';
import type { Rule } from './rule.ts';
import { selectStar } from './select-star.ts';
import { subqueryDistinct } from './subquery-distinct.ts';
import { updateWithoutWhere } from './update-without-where.ts';
import { yearToRange } from './year-to-range.ts';

/** Every statement rule, in the order rewrites are applied and findings are listed. */
export const statementRules: readonly Rule[] = [
  subqueryDistinct,
  yearToRange,
  dateFunctionToRange,
  moveArithmeticToConstant,
  cartesianJoin,
  implicitConversion,
  functionOnColumn,
  leadingWildcardLike,
  notInSubquery,
  orderByRandom,
  largeOffset,
  selectStar,
  updateWithoutWhere,
  deleteWithoutWhere,
  ...clausesRules,
  ...relationsRules,
  ...subqueriesRules,
  ...pushdownRules,
  ...sargableRules,
  ...simplifyRules,
  ...structureRules,
];

export function ruleById(id: string): Rule | undefined {
  return statementRules.find((rule) => rule.id === id);
}
