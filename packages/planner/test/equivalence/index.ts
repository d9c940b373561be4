import type { EquivalenceCase } from './case.ts';
import { pushdownMysqlCases, pushdownPostgresqlCases } from './pushdown.ts';
import { sargableMysqlCases, sargablePostgresqlCases } from './sargable.ts';
import { simplifyMysqlCases, simplifyPostgresqlCases } from './simplify.ts';
import { subqueriesMysqlCases, subqueriesPostgresqlCases } from './subqueries.ts';

/** The families' equivalence cases, added to the core ones in rewrites-on-tpch*.test.ts. */
export const familyPostgresqlCases: EquivalenceCase[] = [
  ...subqueriesPostgresqlCases,
  ...pushdownPostgresqlCases,
  ...sargablePostgresqlCases,
  ...simplifyPostgresqlCases,
];
export const familyMysqlCases: EquivalenceCase[] = [
  ...subqueriesMysqlCases,
  ...pushdownMysqlCases,
  ...sargableMysqlCases,
  ...simplifyMysqlCases,
];
