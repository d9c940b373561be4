import type { EquivalenceCase } from './case.ts';

/** Equivalence cases of the sargable family's rewrites, on PostgreSQL (PGlite) and on MariaDB. */
export const sargablePostgresqlCases: EquivalenceCase[] = [];
export const sargableMysqlCases: EquivalenceCase[] = [];
