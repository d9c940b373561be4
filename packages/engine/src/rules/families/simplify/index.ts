import type { Rule } from '../../rule.ts';
import { coalesceOnNotNull } from './coalesce-on-not-null.ts';
import { countNotNullColumn } from './count-not-null-column.ts';
import { distinctInUnionBranch } from './distinct-in-union-branch.ts';
import { distinctOnUniqueKey } from './distinct-on-unique-key.ts';
import { redundantGroupByColumns } from './redundant-group-by-columns.ts';
import { redundantOrderBy } from './redundant-order-by.ts';

/** The rules of this family, in the order they run. */
export const simplifyRules: Rule[] = [
  distinctOnUniqueKey,
  distinctInUnionBranch,
  countNotNullColumn,
  redundantGroupByColumns,
  redundantOrderBy,
  coalesceOnNotNull,
];
