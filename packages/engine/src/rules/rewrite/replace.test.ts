import { describe, expect, it } from 'vitest';
import { parseStatements } from '../../dialect/parse.ts';
import type { AstNode } from '../../model/ast.ts';
import type { ParsedStatement } from '../../model/statement.ts';
import { applyEdits } from '../../text/patch.ts';
import { editNode, replaceNode } from './replace.ts';
import { tokenView } from './tokens.ts';
import { acceptChanges, type Change } from './verify.ts';

const statementOf = (sql: string, dialect: 'mysql' | 'postgresql' = 'mysql') => parseStatements(sql, dialect)[0]!;
const where = (statement: ParsedStatement) => statement.ast.where as AstNode;
const side = (node: AstNode, key: 'left' | 'right') => node[key] as AstNode;

/** The statement's text after the change, when the change checks out; undefined when it is refused. */
function rewritten(statement: ParsedStatement, change: Change | undefined): string | undefined {
  if (!change) return undefined;
  return acceptChanges(statement, [change])[0] ? applyEdits(statement.text, change.edits) : undefined;
}

/** The token range [i, i] of the first token spelled `text`. */
function tokenAt(statement: ParsedStatement, text: string): [number, number] {
  const index = tokenView(statement).tokens.findIndex((token) => token.text === text);
  return [index, index];
}

describe('replaceNode', () => {
  it("writes the text over the node's tokens, inside the parentheses the user wrote", () => {
    const statement = statementOf('SELECT 1 FROM t WHERE (a + 1 > 2) OR b = 1');
    const node = side(where(statement), 'left');
    expect(rewritten(statement, replaceNode(statement, node, 'a > 1'))).toBe('SELECT 1 FROM t WHERE (a > 1) OR b = 1');
  });

  it('puts an AND chain in parentheses inside another operator, but not as the whole condition or inside an AND', () => {
    const inOr = statementOf('SELECT 1 FROM t WHERE x = 1 OR y = 2');
    expect(rewritten(inOr, replaceNode(inOr, side(where(inOr), 'left'), 'x >= 1 AND x < 2'))).toBe(
      'SELECT 1 FROM t WHERE (x >= 1 AND x < 2) OR y = 2',
    );
    const whole = statementOf('SELECT 1 FROM t WHERE x = 1');
    expect(rewritten(whole, replaceNode(whole, where(whole), 'x >= 1 AND x < 2'))).toBe(
      'SELECT 1 FROM t WHERE x >= 1 AND x < 2',
    );
    const inAnd = statementOf('SELECT 1 FROM t WHERE x = 1 AND y = 2');
    expect(rewritten(inAnd, replaceNode(inAnd, side(where(inAnd), 'left'), 'x >= 1 AND x < 2'))).toBe(
      'SELECT 1 FROM t WHERE x >= 1 AND x < 2 AND y = 2',
    );
  });

  it('adds the parentheses precedence requires, which a hand-written edit without them misses', () => {
    const statement = statementOf('SELECT 1 FROM t WHERE a * b > 1');
    const product = side(where(statement), 'left');
    const b = side(product, 'right');
    const range = tokenAt(statement, 'b');
    expect(rewritten(statement, replaceNode(statement, b, 'c + 1', range))).toBe(
      'SELECT 1 FROM t WHERE a * (c + 1) > 1',
    );
    const { tokens } = tokenView(statement);
    const bare = replaceNode(statement, b, 'c + 1', range)!;
    const handWritten = {
      ...bare,
      edits: [{ start: tokens[range[0]]!.start, end: tokens[range[0]]!.end, replacement: 'c + 1' }],
    };
    expect(rewritten(statement, handWritten)).toBeUndefined();
  });

  it('keeps a leading sign from gluing to the symbol before it', () => {
    const statement = statementOf("SELECT 1 FROM t WHERE a<'-5'");
    const literal = side(where(statement), 'right');
    const range = tokenAt(statement, "'-5'");
    expect(rewritten(statement, replaceNode(statement, literal, '-5', range))).toBe('SELECT 1 FROM t WHERE a< -5');
  });

  it('gives no change for text that does not parse, or a node it cannot place', () => {
    const statement = statementOf('SELECT 1 FROM t WHERE a = 1');
    expect(replaceNode(statement, where(statement), 'a >')).toBeUndefined();
    expect(replaceNode(statement, { type: 'column_ref', column: 'z' }, 'y')).toBeUndefined();
  });
});

describe('editNode', () => {
  it('keeps the layout inside the node and derives the intended tree from the edited text', () => {
    const statement = statementOf('SELECT 1 FROM t WHERE a IN (1,\n  2) AND b = 1');
    const node = side(where(statement), 'left');
    const { tokens } = tokenView(statement);
    const first = tokens.findIndex((token) => token.text === 'a');
    const last = tokens.findIndex((token) => token.text === ')');
    const two = tokens.find((token) => token.text === '2')!;
    const change = editNode(statement, node, [first, last], [{ start: two.start, end: two.end, replacement: '3' }]);
    expect(rewritten(statement, change)).toBe('SELECT 1 FROM t WHERE a IN (1,\n  3) AND b = 1');
    // An edit outside the node's range changes text the intended tree does not cover: refused.
    const one = tokens.filter((token) => token.text === '1').at(-1)!;
    const outside = editNode(statement, node, [first, last], [{ start: one.start, end: one.end, replacement: '2' }]);
    expect(rewritten(statement, outside)).toBeUndefined();
  });
});
