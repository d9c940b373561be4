import { describe, expect, it } from 'vitest';
import { schemaStatementKind } from './statement-kinds.ts';

describe('PostgreSQL extended statistics in a table structure', () => {
  it('are accepted for the sandbox (made there without values), with their ALTER; their owner is noise', () => {
    expect(schemaStatementKind('CREATE STATISTICS public.s (dependencies) ON a, b FROM public.t', 'postgresql')).toBe(
      'accepted',
    );
    expect(schemaStatementKind('CREATE STATISTICS IF NOT EXISTS s ON lower(a), b FROM t', 'postgresql')).toBe(
      'accepted',
    );
    expect(schemaStatementKind('ALTER STATISTICS public.s SET STATISTICS 500', 'postgresql')).toBe('accepted');
    expect(schemaStatementKind('ALTER STATISTICS public.s OWNER TO app', 'postgresql')).toBe('noise');
  });

  it('are refused where MySQL reads the structure, and dropping one is no structure', () => {
    expect(schemaStatementKind('CREATE STATISTICS s ON a, b FROM t', 'mysql')).toBe('refused');
    expect(schemaStatementKind('DROP STATISTICS s', 'postgresql')).toBe('refused');
  });
});
