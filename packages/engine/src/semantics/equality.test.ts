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
});
