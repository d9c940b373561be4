import type { Rule } from '../../rule.ts';
import { existsToIn } from './exists-to-in.ts';
import { inSubqueryToJoin } from './in-subquery-to-join.ts';
import { leftJoinElimination } from './left-join-elimination.ts';
import { scalarSubqueryInWhereToJoin } from './scalar-subquery-in-where-to-join.ts';
import { scalarSubqueryToJoin } from './scalar-subquery-to-join.ts';

/**
 * The rules of this family, in the order they run (and rewrite): EXISTS becomes IN first, so an IN on a
 * unique key can then become a join.
 */
export const subqueriesRules: Rule[] = [
  existsToIn,
  inSubqueryToJoin,
  scalarSubqueryToJoin,
  scalarSubqueryInWhereToJoin,
  leftJoinElimination,
];
