/**
 * One statement the equivalence tests run before and after a rule's rewrite, on the TPC-H sample plus
 * the `events` table (see rewrite-cases.ts). The rule must fire, and the original result must not be empty.
 */
export interface EquivalenceCase {
  rule: string;
  sql: string;
}
