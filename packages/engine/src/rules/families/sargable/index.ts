import type { Rule } from '../../rule.ts';
import { constantFolding } from './constant-folding.ts';
import { negatedComparison } from './negated-comparison.ts';
import { quotedNumberLiteral } from './quoted-number-literal.ts';
import { redundantDateCast } from './redundant-date-cast.ts';
import { redundantIsNotNull } from './redundant-is-not-null.ts';

/** The rules of this family, in the order they run. */
export const sargableRules: Rule[] = [
  negatedComparison,
  constantFolding,
  redundantDateCast,
  quotedNumberLiteral,
  redundantIsNotNull,
];
