/** What the PostgreSQL text and JSON readers share: condition keys and the node filter built from them. */

/** The keys PostgreSQL prints for a node's conditions, in the order the planner's normalizer lists them. */
export const CONDITION_KEYS = [
  'Index Cond',
  'Recheck Cond',
  'Hash Cond',
  'Merge Cond',
  'Join Filter',
  'Filter',
  'One-Time Filter',
] as const;

export function isConditionKey(key: string): key is (typeof CONDITION_KEYS)[number] {
  return (CONDITION_KEYS as readonly string[]).includes(key);
}

/**
 * One condition: its text as EXPLAIN prints it; several: labelled and joined by "; ", as the planner's
 * normalizer does, so a user's plan and ours read the same.
 */
export function filterOf(conditions: ReadonlyMap<string, string>): string | undefined {
  const present = CONDITION_KEYS.filter((k) => conditions.has(k));
  if (present.length === 0) return undefined;
  if (present.length === 1) return conditions.get(present[0]!);
  return present.map((k) => `${k}: ${conditions.get(k)}`).join('; ');
}
