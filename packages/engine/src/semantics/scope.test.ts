import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { type AstNode, columnRef, walk } from '../model/ast.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import { isCorrelated, queryScopes, type Resolution, resolve, resolveColumn } from './scope.ts';

const schema = parseSchema(
  `CREATE TABLE orders (o_orderkey INT, o_custkey INT, o_orderdate DATE, o_note VARCHAR(20));
   CREATE TABLE customer (c_custkey INT, c_name VARCHAR(25));
   CREATE TABLE lineitem (l_orderkey INT, l_note VARCHAR(20));`,
  'mysql',
);

/** Resolves the first reference to `column` (as written, `t.c` or `c`) found in the statement, in its own query. */
function resolveIn(sql: string, written: string, dialect: Dialect = 'mysql'): Resolution {
  const [statement] = parseStatements(sql, dialect);
  const ast = statement!.ast;
  const [table, column] = written.includes('.') ? written.split('.') : [null, written];
  for (const { query } of queryScopes(ast)) {
    let found: AstNode | undefined;
    walk(query, ({ node }) => {
      if (found || (node !== query && node.type === 'select')) return false;
      const ref = columnRef(node);
      if (ref && ref.column === column && ref.table === table) found = node;
      return undefined;
    });
    if (found) return resolve(ast, schema, query, columnRef(found)!);
  }
  throw new Error(`no reference ${written}`);
}

function summary(resolution: Resolution): string {
  if (resolution.kind !== 'local' && resolution.kind !== 'outer') return resolution.kind;
  return `${resolution.kind} ${resolution.source.name} ${resolution.column?.type ?? '?'}`;
}

describe('scope resolution', () => {
  it.each(['mysql', 'postgresql'] as const)('a CTE shadows the table of its name (%s)', (dialect) => {
    const sql =
      'WITH orders AS (SELECT o_orderkey, o_note AS o_orderdate FROM orders) SELECT o_orderkey FROM orders WHERE o_orderdate > 1';
    expect(summary(resolveIn(sql, 'o_orderdate', dialect))).toBe('local orders VARCHAR');
    expect(summary(resolveIn('SELECT 1 FROM orders WHERE o_orderdate > 1', 'o_orderdate', dialect))).toBe(
      'local orders DATE',
    );
  });

  it('never answers with the shadowed table for resolveColumn', () => {
    const [statement] = parseStatements(
      'WITH orders AS (SELECT o_note AS o_orderdate FROM orders) SELECT 1 FROM orders WHERE o_orderdate > 1',
      'mysql',
    );
    const ref = { table: null, column: 'o_orderdate' };
    expect(resolveColumn(statement!.ast, schema, statement!.ast, ref)).toBeUndefined();
    const [plain] = parseStatements('SELECT 1 FROM orders WHERE o_orderdate > 1', 'mysql');
    expect(resolveColumn(plain!.ast, schema, plain!.ast, ref)?.table).toBe('orders');
  });

  it('reads a CTE column list by position', () => {
    const sql = 'WITH c (k, d) AS (SELECT o_orderkey, o_orderdate FROM orders) SELECT k FROM c WHERE c.d > 1';
    expect(summary(resolveIn(sql, 'c.d'))).toBe('local c DATE');
  });

  it('knows a derived table by its output columns', () => {
    const sql = 'SELECT n FROM (SELECT c_name AS n FROM customer) d, orders WHERE n = o_note';
    expect(summary(resolveIn(sql, 'n'))).toBe('local d VARCHAR');
    expect(summary(resolveIn(sql, 'o_note'))).toBe('local orders VARCHAR');
    // An expression without a name hides the derived table's columns.
    expect(resolveIn('SELECT o_note FROM (SELECT c_name, 1 + 1 FROM customer) d, orders', 'o_note').kind).toBe('local');
    expect(resolveIn('SELECT zz FROM (SELECT c_name, 1 + 1 FROM customer) d, orders', 'zz').kind).toBe('unknown');
  });

  it('tells outer references of a correlated subquery from local ones', () => {
    const sql =
      'SELECT o_orderkey FROM orders o WHERE EXISTS (SELECT 1 FROM lineitem l WHERE l_orderkey = o.o_orderkey)';
    expect(summary(resolveIn(sql, 'o.o_orderkey'))).toBe('outer o INT');
    expect(summary(resolveIn(sql, 'l_orderkey'))).toBe('local l INT');
    // An aliased table is seen by its alias only: `orders.x` beside `FROM orders o` is the outer orders.
    const shadow = 'SELECT 1 FROM orders WHERE EXISTS (SELECT 1 FROM orders o WHERE o.o_custkey = orders.o_custkey)';
    expect(summary(resolveIn(shadow, 'orders.o_custkey'))).toBe('outer orders INT');
    const [statement] = parseStatements(shadow, 'mysql');
    const subquery = queryScopes(statement!.ast).find((s) => s.kind === 'expression')!.query;
    expect(isCorrelated(statement!.ast, schema, subquery)).toBe(true);
    const [plain] = parseStatements(
      'SELECT 1 FROM orders WHERE EXISTS (SELECT 1 FROM lineitem WHERE l_note = 1)',
      'mysql',
    );
    const uncorrelated = queryScopes(plain!.ast).find((s) => s.kind === 'expression')!.query;
    expect(isCorrelated(plain!.ast, schema, uncorrelated)).toBe(false);
  });

  it('answers ambiguous, unknown and missing', () => {
    expect(resolveIn('SELECT o_note FROM orders, lineitem WHERE l_note = o_note', 'o_note').kind).toBe('local');
    expect(resolveIn('SELECT 1 FROM orders a, orders b WHERE o_note = 1', 'o_note').kind).toBe('ambiguous');
    expect(resolveIn('SELECT 1 FROM orders, mystery WHERE zz = 1', 'zz').kind).toBe('unknown');
    expect(resolveIn('SELECT 1 FROM orders WHERE zz = 1', 'zz').kind).toBe('missing');
  });

  it('reads UPDATE targets and comma joins', () => {
    expect(
      summary(resolveIn('UPDATE orders o, customer c SET o.o_note = c.c_name WHERE o.o_custkey = 1', 'c.c_name')),
    ).toBe('local c VARCHAR');
    expect(summary(resolveIn('DELETE FROM orders WHERE o_orderdate < 1', 'o_orderdate'))).toBe('local orders DATE');
  });
});
