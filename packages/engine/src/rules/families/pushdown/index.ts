import type { Rule } from '../../rule.ts';
import { limitPushdownUnion } from './limit-pushdown-union.ts';
import { offsetToKeyset } from './offset-to-keyset.ts';
import { orToUnionAll } from './or-to-union-all.ts';
import { predicatePushdownDerived } from './predicate-pushdown-derived.ts';
import { predicatePushdownUnion } from './predicate-pushdown-union.ts';

/** The rules of this family, in the order they run. */
export const pushdownRules: Rule[] = [
  predicatePushdownDerived,
  predicatePushdownUnion,
  orToUnionAll,
  limitPushdownUnion,
  offsetToKeyset,
];
