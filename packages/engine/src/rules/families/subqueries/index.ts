import type { Rule } from '../../rule.ts';

/** The rules of this family, in the order they run. */
export const subqueriesRules: Rule[] = [];
