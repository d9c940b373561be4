import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { type AstNode, isNode, visitsOf } from './ast.ts';
import {
  isAggregateCall,
  isAlter,
  isBinaryExpr,
  isCast,
  isColumnRefNode,
  isCreate,
  isDateLiteral,
  isDelete,
  isDrop,
  isExprList,
  isExtract,
  isFunctionCall,
  isGrant,
  isInterval,
  isLiteral,
  isLiteralOf,
  isOrigin,
  isSelect,
  isStar,
  isTruncate,
  isUnaryExpr,
  isUpdate,
  isVar,
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
  [
    'mysql',
    `SELECT COUNT(*), EXTRACT(YEAR FROM d) FROM t
     WHERE a = ? AND d >= DATE '2024-01-01' AND d < NOW() - INTERVAL 1 DAY AND n = 123456789012345678901`,
  ],
  [
    'postgresql',
    `SELECT COUNT(*), EXTRACT(YEAR FROM d) FROM t
     WHERE a = $1 AND d >= DATE '2024-01-01' AND d < now() - interval '1 day' LIMIT ALL`,
  ],
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
        if (isDateLiteral(node)) {
          seen.add('date');
          expect(typeof node.value).toBe('string');
        }
        if (isInterval(node)) {
          seen.add('interval');
          expect(isNode(node.expr)).toBe(true);
          expect(node.unit === undefined || typeof node.unit === 'string').toBe(true);
        }
        if (isExtract(node)) {
          seen.add('extract');
          expect(typeof node.args.field).toBe('string');
          expect(isNode(node.args.source)).toBe(true);
        }
        if (isStar(node)) {
          seen.add('star');
          expect(node.value).toBe('*');
        }
        if (isOrigin(node)) {
          seen.add('origin');
          expect(typeof node.value).toBe('string');
        }
        if (isVar(node)) {
          seen.add('var');
          expect(node.prefix === undefined || node.prefix === null || typeof node.prefix === 'string').toBe(true);
          expect(['string', 'number']).toContain(typeof node.name);
        }
      }
      // Each statement exercises the shapes it was written for.
      expect(seen).toContain('select');
      expect(seen).toContain('binary');
      expect(seen).toContain('column');
      expect(seen).toContain('literal');
    });
  }

  it('cover the date, interval, EXTRACT, star and parameter shapes in both dialects', () => {
    const kinds = (dialect: Dialect, sql: string) => {
      const nodes = nodesOf(dialect, sql);
      return {
        date: nodes.filter(isDateLiteral).map((n) => n.value),
        interval: nodes.filter(isInterval).length,
        extract: nodes.filter(isExtract).map((n) => n.args.field),
        star: nodes.filter(isStar).length,
        placeholders: nodes.filter(isOrigin).map((n) => n.value),
        params: nodes.filter(isVar).map((n) => n.prefix),
        bigint: nodes.filter((n) => isLiteralOf(n, 'bigint')).length,
      };
    };
    expect(kinds('mysql', statements[4]![1])).toEqual({
      date: ['2024-01-01'],
      interval: 1,
      extract: ['YEAR'],
      star: 1,
      placeholders: ['?'],
      params: [],
      bigint: 1,
    });
    expect(kinds('postgresql', statements[5]![1])).toEqual({
      date: ['2024-01-01'],
      interval: 1,
      extract: ['YEAR'],
      star: 1,
      placeholders: ['all'],
      params: ['$'],
      bigint: 0,
    });
  });

  it('hold for UPDATE and DELETE statements of both dialects', () => {
    for (const [dialect, sql] of [
      ['mysql', 'UPDATE t SET a = 1 WHERE b = 2 ORDER BY c LIMIT 1'],
      ['postgresql', 'UPDATE t SET a = 1 FROM u WHERE t.b = u.b'],
    ] as const) {
      const [statement] = parseStatements(sql, dialect);
      const ast = statement!.ast;
      expect(isUpdate(ast)).toBe(true);
      if (!isUpdate(ast)) continue;
      expect(optionalNodes(ast.table)).toBe(true);
      expect(ast.table?.length).toBe(1);
      expect(optionalNodes(ast.set)).toBe(true);
      expect(isBinaryExpr(ast.where)).toBe(true);
      expect(optionalNodes(ast.orderby)).toBe(true);
      expect(isSelect(ast)).toBe(false);
    }
    expect(isUpdate(parseStatements('SELECT 1', 'mysql')[0]!.ast)).toBe(false);
    for (const dialect of ['mysql', 'postgresql'] as const) {
      const ast = parseStatements('DELETE FROM t WHERE b = 2', dialect)[0]!.ast;
      expect(isDelete(ast) && !isUpdate(ast)).toBe(true);
      if (!isDelete(ast)) continue;
      expect(optionalNodes(ast.from) && ast.from?.length === 1).toBe(true);
      expect(isBinaryExpr(ast.where)).toBe(true);
    }
    expect(isDelete(parseStatements('UPDATE t SET a = 1', 'mysql')[0]!.ast)).toBe(false);
  });

  it('hold for the DDL and GRANT statements of both dialects', () => {
    const guards = { isCreate, isAlter, isDrop, isTruncate, isGrant, isUpdate, isSelect };
    const cases: Array<[Dialect, string, keyof typeof guards, string | undefined]> = [
      ['mysql', 'CREATE TABLE t (a INT NOT NULL)', 'isCreate', 'table'],
      ['postgresql', 'CREATE TABLE t (a INT NOT NULL)', 'isCreate', 'table'],
      ['mysql', 'CREATE INDEX i ON t (a)', 'isCreate', 'index'],
      ['postgresql', 'CREATE INDEX i ON t (a)', 'isCreate', 'index'],
      ['mysql', 'CREATE DATABASE d CHARACTER SET utf8', 'isCreate', 'database'],
      ['mysql', 'ALTER TABLE t ADD COLUMN b INT', 'isAlter', undefined],
      ['postgresql', 'ALTER TABLE t ADD COLUMN b INT', 'isAlter', 'table'],
      ['mysql', 'DROP TABLE t', 'isDrop', 'table'],
      ['postgresql', 'DROP TABLE t CASCADE', 'isDrop', 'table'],
      ['mysql', 'TRUNCATE TABLE t', 'isTruncate', 'table'],
      ['postgresql', 'TRUNCATE TABLE t CASCADE', 'isTruncate', 'table'],
      ['mysql', 'GRANT ALL ON *.* TO u', 'isGrant', 'priv'],
      ['postgresql', 'GRANT ALL PRIVILEGES ON TABLE t TO u', 'isGrant', 'priv'],
    ];
    for (const [dialect, sql, expected, keyword] of cases) {
      const ast = parseStatements(sql, dialect)[0]!.ast;
      const accepted = Object.entries(guards)
        .filter(([, guard]) => guard(ast))
        .map(([name]) => name);
      expect(accepted, sql).toEqual([expected]);
      expect(ast.keyword, sql).toBe(keyword);
      if (isCreate(ast)) {
        const table = ast.table;
        expect(Array.isArray(table) ? table.every(isNode) : table === undefined || isNode(table), sql).toBe(true);
      }
      if (isAlter(ast)) expect(optionalNodes(ast.table) && (ast.table?.length ?? 0) > 0, sql).toBe(true);
      if (isDrop(ast) || isTruncate(ast)) expect(optionalNodes(ast.name) && ast.name?.length === 1, sql).toBe(true);
      if (isGrant(ast)) {
        expect(optionalNodes(ast.objects), sql).toBe(true);
        expect(optionalNode(ast.on), sql).toBe(true);
      }
    }
  });

  it('tell literal kinds apart', () => {
    const nodes = nodesOf('mysql', "SELECT 1, 'a', NULL, TRUE FROM t");
    expect(nodes.filter((n) => isLiteralOf(n, 'number')).map((n) => n.value)).toEqual([1]);
    expect(nodes.filter((n) => isLiteralOf(n, 'null')).length).toBe(1);
    expect(nodes.filter((n) => isLiteralOf(n, 'number', 'bool')).map((n) => n.value)).toEqual([1, true]);
    expect(isLiteralOf(undefined, 'null')).toBe(false);
    expect(isLiteralOf({ type: 'column_ref' }, 'null')).toBe(false);
  });

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
