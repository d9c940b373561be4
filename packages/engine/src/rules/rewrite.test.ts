import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { sameTree } from '../semantics/equality.ts';

const tree = (sql: string, dialect: 'mysql' | 'postgresql' = 'mysql') => parseStatements(sql, dialect)[0]!.ast;

describe('sameTree', () => {
  it('ignores spacing, redundant parentheses, locations and how AND/OR chains nest', () => {
    expect(
      sameTree(
        tree('SELECT a FROM t WHERE x = 1 AND y = 2 AND z = 3'),
        tree('select a\nfrom t where (x = 1) and (y = 2 and z = 3)'),
      ),
    ).toBe(true);
    expect(
      sameTree(
        tree('SELECT a FROM t WHERE x = 1 OR (y = 2 OR z = 3)'),
        tree('SELECT a FROM t WHERE (x = 1 OR y = 2) OR z = 3'),
      ),
    ).toBe(true);
  });

  it('tells apart different operands, operators, chain kinds and operand order', () => {
    const base = tree('SELECT a FROM t WHERE x = 1 AND y = 2');
    expect(sameTree(base, tree('SELECT a FROM t WHERE x = 1 AND y = 3'))).toBe(false);
    expect(sameTree(base, tree('SELECT a FROM t WHERE x = 1 OR y = 2'))).toBe(false);
    expect(sameTree(base, tree('SELECT a FROM t WHERE y = 2 AND x = 1'))).toBe(false);
    expect(sameTree(base, tree('SELECT a FROM t WHERE x = 1 AND y = 2 AND z = 3'))).toBe(false);
    expect(
      sameTree(
        tree('SELECT a FROM t WHERE x = 1 OR y = 2 AND z = 3'),
        tree('SELECT a FROM t WHERE (x = 1 OR y = 2) AND z = 3'),
      ),
    ).toBe(false);
  });

  it('treats a key holding undefined as absent, as JSON would, but null as a value', () => {
    expect(sameTree({ type: 'x', a: undefined }, { type: 'x' })).toBe(true);
    expect(sameTree({ type: 'x', a: null }, { type: 'x' })).toBe(false);
    expect(sameTree({ type: 'x', loc: { start: { offset: 1 } }, parentheses: true }, { type: 'x' })).toBe(true);
    expect(sameTree([1, undefined], [1, null])).toBe(true);
    expect(sameTree([1, 2], [1, 2, 3])).toBe(false);
  });

  it("reads PostgreSQL's `distinct: { type: null }` as no DISTINCT", () => {
    expect(sameTree({ type: 'select', distinct: { type: null } }, { type: 'select', distinct: null })).toBe(true);
    expect(sameTree({ type: 'select', distinct: { type: 'DISTINCT' } }, { type: 'select', distinct: null })).toBe(
      false,
    );
  });
});
