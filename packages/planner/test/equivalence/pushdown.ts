import type { EquivalenceCase } from './case.ts';

/** Equivalence cases of the pushdown family's rewrites, on PostgreSQL (PGlite) and on MariaDB. */
export const pushdownPostgresqlCases: EquivalenceCase[] = [];
export const pushdownMysqlCases: EquivalenceCase[] = [];
