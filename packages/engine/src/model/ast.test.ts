import { describe, expect, it } from 'vitest';
import { type AstNode, visitsOf, walk } from './ast.ts';

// A small tree of the parser's shape: nodes in keys and in arrays, `loc` never walked, arrays of arrays ignored.
const tree: AstNode = {
  type: 'select',
  loc: { start: { offset: 0 }, end: { offset: 9 } },
  columns: [{ type: 'expr', expr: { type: 'column_ref', column: 'a' } }, 'not a node', null],
  where: { type: 'binary_expr', operator: '=', left: { type: 'column_ref', column: 'b' }, right: { type: 'number' } },
  nested: [[{ type: 'hidden' }]],
};

describe('walk', () => {
  it('visits every node depth-first in key order, with the key and the ancestors that lead to it', () => {
    const seen: string[] = [];
    walk(tree, ({ node, key, ancestors }) => {
      seen.push(`${key || 'root'}:${String(node.type)}:${ancestors.map((a) => a.type).join('>')}`);
      return undefined;
    });
    expect(seen).toEqual([
      'root:select:',
      'columns:expr:select',
      'expr:column_ref:select>expr',
      'where:binary_expr:select',
      'left:column_ref:select>binary_expr',
      'right:number:select>binary_expr',
    ]);
  });

  it('skips the subtree of a node whose visit returns false', () => {
    const seen: unknown[] = [];
    walk(tree, ({ node }) => {
      seen.push(node.type);
      return node.type === 'binary_expr' ? false : undefined;
    });
    expect(seen).toEqual(['select', 'expr', 'column_ref', 'binary_expr']);
  });
});

describe('visitsOf', () => {
  it('lists the walk once per tree, with the keys from the root', () => {
    const visits = visitsOf(tree);
    expect(visitsOf(tree)).toBe(visits);
    expect(visits.map((v) => v.keys.join('.'))).toEqual([
      '',
      'columns',
      'columns.expr',
      'where',
      'where.left',
      'where.right',
    ]);
    expect(visits[4]!.ancestors).toEqual([tree, tree.where]);
  });
});
