import type { EquivalenceCase } from './case.ts';

/** Equivalence cases of the simplify family's rewrites, on PostgreSQL (PGlite) and on MariaDB. */
export const simplifyPostgresqlCases: EquivalenceCase[] = [];
export const simplifyMysqlCases: EquivalenceCase[] = [];
