/**
 * Node names for MySQL-family plans, in every reader (tabular, TREE, JSON; the planner's MariaDB sandbox reads its
 * plans with the JSON reader): a table access is named after its access type ("Table scan", "Index lookup (ref)"),
 * wrappers are "Filesort", "Temporary table", "Nested loop", ... The hotspot checks recognise nodes by these names,
 * whichever reader or sandbox produced them.
 */

const ACCESS_NAMES: Record<string, string> = {
  ALL: 'Table scan',
  scan: 'Table scan',
  index: 'Full index scan',
  range: 'Range scan',
  ref: 'Index lookup (ref)',
  eq_ref: 'Unique index lookup (eq_ref)',
  const: 'Constant row (const)',
  system: 'System table (system)',
  ref_or_null: 'Index lookup (ref_or_null)',
  index_merge: 'Index merge',
  fulltext: 'Fulltext search',
  unique_subquery: 'Unique subquery lookup',
  index_subquery: 'Index subquery lookup',
};

/** The node name for an access type (`type` column, `access_type` key). */
export function accessName(type: string | undefined): string {
  if (!type) return 'Table access';
  if (ACCESS_NAMES[type]) return ACCESS_NAMES[type];
  if (type.startsWith('hash_')) return `Hash join (${ACCESS_NAMES[type.slice(5)] ?? type.slice(5)})`;
  return `Table access (${type})`;
}

/** "Index lookup (ref)" -> "Index lookup (ref, covering)"; "Table scan" -> "Table scan (covering)". */
export function coveringName(name: string): string {
  return name.endsWith(')') ? name.replace(/\)$/, ', covering)') : `${name} (covering)`;
}
