import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { type AstNode, isNode, visitsOf } from './ast.ts';
import {
  isAggregateCall,
  isBinaryExpr,
  isCast,
  isColumnRefNode,
  isExprList,
  isFunctionCall,
  isLiteral,
  isSelect,
  isUnaryExpr,
} from './nodes.ts';

/**
 * The node types are a contract with node-sql-parser's two grammars: every node a guard accepts, over statements
 * that use each shape, holds the fields its type promises. A grammar that changes a shape fails here, not in a rule.
 */
const statements: Array<[Dialect, string]> = [
  [
    'mysql',
    `WITH recent AS (SELECT o_custkey, SUM(o_totalprice) AS total FROM orders WHERE o_orderdate >= DATE '2024-01-01'
     GROUP BY o_custkey HAVING COUNT(*) > 1)
     SELECT c.c_name, CAST(r.total AS DECIMAL(10,2)) AS t, UPPER(c.c_name), -r.total
     FROM customer c JOIN recent r ON r.o_custkey = c.c_custkey
     WHERE c.c_nationkey IN (1, 2, 3) AND NOT (c.c_acctbal BETWEEN 0 AND 100) AND c.c_phone LIKE '1%'
       AND EXISTS (SELECT 1 FROM nation n WHERE n.n_nationkey = c.c_nationkey)
     ORDER BY t DESC LIMIT 10, 5`,
  ],
  ['mysql', 'SELECT a FROM t WHERE b IS NULL UNION ALL SELECT a FROM u WHERE TRUE ORDER BY a LIMIT 3'],
  [
    'postgresql',
    `WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5)
     SELECT n::text, COUNT(DISTINCT n) OVER (PARTITION BY n % 2), COALESCE(NULL, 'x')
     FROM r WHERE n <> 3 OR n = ANY(ARRAY[1, 2]) GROUP BY n ORDER BY n NULLS LAST LIMIT 2 OFFSET 1`,
  ],
  ['postgresql', "SELECT id FROM orders o WHERE o.created_at > now() - interval '1 day' AND o.flag IS NOT TRUE"],
];

function nodesOf(dialect: Dialect, sql: string): AstNode[] {
  const [statement] = parseStatements(sql, dialect);
  return visitsOf(statement!.ast).map((v) => v.node);
}

const optionalNode = (value: unknown) => value === undefined || value === null || isNode(value);
const optionalNodes = (value: unknown) =>
  value === undefined || value === null || (Array.isArray(value) && value.every(isNode));

describe('node types and guards', () => {
  for (const [dialect, sql] of statements) {
    it(`hold for every node of a ${dialect} statement (${sql.slice(0, 40).replace(/\s+/g, ' ')}...)`, () => {
      const nodes = nodesOf(dialect, sql);
      const seen = new Set<string>();
      for (const node of nodes) {
        if (isSelect(node)) {
          seen.add('select');
          expect(optionalNodes(node.from)).toBe(true);
          expect(optionalNode(node.where)).toBe(true);
          expect(optionalNode(node.having)).toBe(true);
          expect(optionalNodes(node.orderby)).toBe(true);
          expect(optionalNodes(node.with)).toBe(true);
          expect(node._next === undefined || node._next === null || isSelect(node._next)).toBe(true);
        }
        if (isBinaryExpr(node)) {
          seen.add('binary');
          expect(typeof node.operator).toBe('string');
          expect(isNode(node.left) && isNode(node.right)).toBe(true);
        }
        if (isUnaryExpr(node)) {
          seen.add('unary');
          expect(typeof node.operator).toBe('string');
          expect(isNode(node.expr)).toBe(true);
        }
        if (isColumnRefNode(node)) {
          seen.add('column');
          expect(typeof node.column === 'string' || isNode(node.column)).toBe(true);
          expect(node.table === undefined || node.table === null || typeof node.table === 'string').toBe(true);
        }
        if (isFunctionCall(node) || isAggregateCall(node)) {
          seen.add('call');
          expect(typeof node.name === 'string' || isNode(node.name)).toBe(true);
          expect(optionalNode(node.args)).toBe(true);
        }
        if (isCast(node)) {
          seen.add('cast');
          expect(isNode(node.expr)).toBe(true);
        }
        if (isExprList(node)) {
          seen.add('list');
          expect(Array.isArray(node.value)).toBe(true);
        }
        if (isLiteral(node)) seen.add('literal');
      }
      // Each statement exercises the shapes it was written for.
      expect(seen).toContain('select');
      expect(seen).toContain('binary');
      expect(seen).toContain('column');
      expect(seen).toContain('literal');
    });
  }

  it('tell nodes apart by their tag only, and refuse what is no node', () => {
    const nodes = nodesOf('mysql', "SELECT UPPER(a), COUNT(*), CAST(b AS CHAR), -c FROM t WHERE d IN (1, 'x')");
    const kinds = (guard: (n: AstNode) => boolean) => nodes.filter(guard).length;
    expect(kinds(isFunctionCall)).toBe(1);
    expect(kinds(isAggregateCall)).toBe(1);
    expect(kinds(isCast)).toBe(1);
    expect(kinds(isUnaryExpr)).toBe(1);
    expect(kinds(isExprList)).toBeGreaterThan(0);
    expect(nodes.filter(isLiteral).map((n) => n.value)).toEqual(expect.arrayContaining([1, 'x']));
    for (const guard of [isSelect, isBinaryExpr, isColumnRefNode, isLiteral]) {
      expect(guard(undefined)).toBe(false);
      expect(guard(null)).toBe(false);
      expect(guard({ type: 'something_else' })).toBe(false);
    }
  });
});
