import { describe, expect, it } from 'vitest';
import { freezeParsedTrees, parseStatements } from './parse.ts';

/** Parsed trees are shared through the parse cache; under test they are frozen (test-support/frozen-trees.ts). */
describe('frozen parsed trees', () => {
  it('fails loudly where code writes into a parsed tree, at any depth', () => {
    const [statement] = parseStatements("SELECT a FROM t WHERE b = 'x' AND c IN (SELECT d FROM u)", 'mysql');
    const ast = statement!.ast;
    expect(() => {
      (ast as Record<string, unknown>).type = 'delete';
    }).toThrow(TypeError);
    const where = ast.where as Record<string, unknown>;
    expect(() => {
      where.operator = 'OR';
    }).toThrow(TypeError);
    expect(() => {
      (ast.columns as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it('leaves trees writable when turned off (production), and a fresh text parses the same either way', () => {
    freezeParsedTrees(false);
    try {
      const [statement] = parseStatements('SELECT e FROM frozen_off_table', 'postgresql');
      expect(Object.isFrozen(statement!.ast)).toBe(false);
    } finally {
      freezeParsedTrees(true);
    }
  });
});
