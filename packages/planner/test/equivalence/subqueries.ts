import type { EquivalenceCase } from './case.ts';

/** Equivalence cases of the subqueries family's rewrites, on PostgreSQL (PGlite) and on MariaDB. */
export const subqueriesPostgresqlCases: EquivalenceCase[] = [];
export const subqueriesMysqlCases: EquivalenceCase[] = [];
