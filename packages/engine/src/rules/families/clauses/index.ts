import type { Rule } from '../../rule.ts';
import { alwaysFalsePredicate } from './always-false-predicate.ts';
import { alwaysTruePredicate } from './always-true-predicate.ts';
import { betweenReversed } from './between-reversed.ts';
import { contradictoryPredicates } from './contradictory-predicates.ts';
import { countForExistence } from './count-for-existence.ts';
import { countNullableColumn } from './count-nullable-column.ts';
import { deepNesting } from './deep-nesting.ts';
import { distinctWithGroupBy } from './distinct-with-group-by.ts';
import { duplicatePredicate } from './duplicate-predicate.ts';
import { groupByPosition } from './group-by-position.ts';
import { groupByWithoutAggregate } from './group-by-without-aggregate.ts';
import { havingWithoutAggregate } from './having-without-aggregate.ts';
import { inListDuplicates } from './in-list-duplicates.ts';
import { inListTooLong } from './in-list-too-long.ts';
import { likeWithoutWildcard } from './like-without-wildcard.ts';
import { limitWithoutOrderBy } from './limit-without-order-by.ts';
import { mixedOrderDirection } from './mixed-order-direction.ts';
import { multipleCountDistinct } from './multiple-count-distinct.ts';
import { notInNullList } from './not-in-null-list.ts';
import { nullComparison } from './null-comparison.ts';
import { orAlwaysTrue } from './or-always-true.ts';
import { orSameColumn } from './or-same-column.ts';
import { orderByInDerivedTable } from './order-by-in-derived-table.ts';
import { orderByPosition } from './order-by-position.ts';
import { plusStringConcat } from './plus-string-concat.ts';
import { selfComparison } from './self-comparison.ts';
import { tooManyJoins } from './too-many-joins.ts';
import { ungroupedColumn } from './ungrouped-column.ts';
import { unionWithoutAll } from './union-without-all.ts';

/** The rules of this family, in the order they run. */
export const clausesRules: Rule[] = [
  // Arguments and literals
  nullComparison,
  notInNullList,
  betweenReversed,
  contradictoryPredicates,
  orAlwaysTrue,
  alwaysFalsePredicate,
  alwaysTruePredicate,
  selfComparison,
  duplicatePredicate,
  plusStringConcat,
  likeWithoutWildcard,
  inListTooLong,
  inListDuplicates,
  orSameColumn,
  // Clauses
  countForExistence,
  countNullableColumn,
  deepNesting,
  tooManyJoins,
  unionWithoutAll,
  orderByInDerivedTable,
  // Pagination
  limitWithoutOrderBy,
  // Grouping and sorting
  ungroupedColumn,
  havingWithoutAggregate,
  groupByWithoutAggregate,
  distinctWithGroupBy,
  multipleCountDistinct,
  orderByPosition,
  groupByPosition,
  mixedOrderDirection,
];
