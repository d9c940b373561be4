import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import type { AstNode } from '../model/ast.ts';
import { expressionKey, sameExpression, sameTree } from './equality.ts';

function where(condition: string, dialect: 'mysql' | 'postgresql' = 'mysql'): AstNode {
  return parseStatements(`SELECT 1 FROM t WHERE ${condition}`, dialect)[0]!.ast.where as AstNode;
}

describe('tree equality', () => {
  it('ignores spacing, parentheses and how an AND/OR chain is grouped, in both readings', () => {
    const a = where('(a = 1 AND b = 2) AND c = 3');
    const b = where('a = 1 AND (b  =  2 AND (c = 3))');
    expect(sameTree(a, b)).toBe(true);
    expect(expressionKey(a)).toBe(expressionKey(b));
    expect(sameTree(where('a = 1 AND b = 2'), where('a = 1 OR b = 2'))).toBe(false);
    expect(sameExpression(where('a = 1 AND b = 2'), where('a = 1 AND b = 3'))).toBe(false);
  });

  it('compares identifiers as written for rewrites, and as the database reads them for rules', () => {
    const lower = where('t.a = 1 AND upper(b) = 2');
    const upper = where('T.A = 1 AND UPPER(`b`) = 2');
    expect(sameTree(lower, upper)).toBe(false);
    expect(sameExpression(lower, upper)).toBe(true);
  });

  it('keeps two bind parameters apart, and one parameter equal to itself', () => {
    const twice = where('a = ? AND a = ?') as AstNode & { left: AstNode; right: AstNode };
    expect(sameExpression(twice.left, twice.right)).toBe(false);
    expect(sameExpression(twice.left, twice.left)).toBe(true);
  });

  it('keeps two ${} conditions apart (a <foreach> renders one per item), and two written conditions equal', () => {
    const pasted = where('(${criterion.condition} AND x = 1) OR (${criterion.condition} AND x = 1)');
    const written = where('(y = 1 AND x = 1) OR (y = 1 AND x = 1)');
    const sides = (node: AstNode) => node as AstNode & { left: AstNode; right: AstNode };
    expect(sameExpression(sides(pasted).left, sides(pasted).right)).toBe(false);
    expect(sameExpression(sides(written).left, sides(written).right)).toBe(true);
  });
});

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
