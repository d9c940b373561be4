import type { RuleCase } from '../../fixtures/case.ts';

/** Positive and negative cases of this family's rules. */
export const subqueriesCases: RuleCase[] = [];
