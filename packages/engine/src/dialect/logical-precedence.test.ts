import { AppError, type Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { type AstNode, span } from '../model/ast.ts';
import { parseStatements } from './parse.ts';

/** A condition tree written back with explicit brackets: `[a OR [b AND c]]`. */
function shape(node: AstNode | undefined): string {
  if (!node) return '?';
  if (node.type === 'binary_expr' && /^(AND|OR|&&)$/i.test(String(node.operator))) {
    return `[${shape(node.left as AstNode)} ${node.operator} ${shape(node.right as AstNode)}]`;
  }
  if (node.type === 'unary_expr') return `NOT ${shape(node.expr as AstNode)}`;
  if (node.type === 'binary_expr')
    return `${shape(node.left as AstNode)}${node.operator}${shape(node.right as AstNode)}`;
  const column = node.column as string | { expr?: { value?: string } } | undefined;
  return String(typeof column === 'string' ? column : (column?.expr?.value ?? node.value));
}

const where = (condition: string, dialect: Dialect) =>
  parseStatements(`SELECT a FROM t WHERE ${condition}`, dialect)[0]!.ast.where as AstNode;

describe('AND binds tighter than OR', () => {
  for (const dialect of ['mysql', 'postgresql'] as const) {
    it(`regroups runs without parentheses (${dialect})`, () => {
      expect(shape(where('x = 1 OR y = 2 AND z = 3', dialect))).toBe('[x=1 OR [y=2 AND z=3]]');
      expect(shape(where('x = 1 AND y = 2 OR z = 3 AND w = 4', dialect))).toBe('[[x=1 AND y=2] OR [z=3 AND w=4]]');
      expect(shape(where('a OR b OR c AND d AND e OR f', dialect))).toBe('[[[a OR b] OR [[c AND d] AND e]] OR f]');
      expect(shape(where('NOT a OR b AND NOT c', dialect))).toBe('[NOT a OR [b AND NOT c]]');
    });

    it(`keeps what parentheses group, and regroups inside them (${dialect})`, () => {
      expect(shape(where('(x OR y) AND z', dialect))).toBe('[[x OR y] AND z]');
      expect(shape(where('x AND (y OR z AND w)', dialect))).toBe('[x AND [y OR [z AND w]]]');
      expect(shape(where('x AND y AND z', dialect))).toBe('[[x AND y] AND z]');
    });

    it(`regroups in ON, HAVING and CASE conditions too (${dialect})`, () => {
      const ast = parseStatements(
        'SELECT CASE WHEN a OR b AND c THEN 1 END FROM t JOIN u ON a OR b AND c GROUP BY a HAVING a OR b AND c',
        dialect,
      )[0]!.ast;
      const join = (ast.from as AstNode[])[1]!;
      const column = (ast.columns as AstNode[])[0]!.expr as AstNode;
      const when = ((column.args as AstNode[])[0] as AstNode).cond as AstNode;
      for (const node of [join.on as AstNode, ast.having as AstNode, when])
        expect(shape(node)).toBe('[a OR [b AND c]]');
    });

    it(`locates a regrouped chain from its first to its last operand (${dialect})`, () => {
      const text = 'SELECT a FROM t WHERE x = 1 OR y = 2 AND z = 3';
      const condition = parseStatements(text, dialect)[0]!.ast.where as AstNode;
      const right = condition.right as AstNode;
      const at = span(right, text);
      expect(at && text.slice(at.start, at.end)).toBe('y = 2 AND z = 3');
    });
  }

  it("reads MySQL's && as AND", () => {
    expect(shape(where('x OR y && z', 'mysql'))).toBe('[x OR [y && z]]');
  });
});

describe("MySQL's XOR", () => {
  it('is accepted in parentheses with atomic or parenthesized operands', () => {
    expect(where('((x = 1) XOR (y = 2)) AND z', 'mysql').operator).toBe('AND');
    expect(where('(x XOR y)', 'mysql').operator).toBe('XOR');
  });

  it('is accepted as a whole clause with such operands, where nothing else shares its level', () => {
    expect(where('(x = 1) XOR (y = 2)', 'mysql').operator).toBe('XOR');
    expect(where('x XOR y', 'mysql').operator).toBe('XOR');
    const chain = where('(a = 1) XOR b XOR (c > 2)', 'mysql');
    expect([chain.operator, (chain.left as AstNode).operator]).toEqual(['XOR', 'XOR']);
  });

  it('is refused with 4202 at the operator where the parser would misread it', () => {
    for (const [condition, column] of [
      ['x = 1 XOR y = 2', 29],
      ['(x) XOR (y) AND z', 27],
      ['NOT x XOR y', 29],
    ] as const) {
      try {
        where(condition, 'mysql');
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).detail).toMatchObject({ code: 4202, line: 1, column });
        expect((error as AppError).detail.message.en).toContain('XOR');
      }
    }
  });
});
