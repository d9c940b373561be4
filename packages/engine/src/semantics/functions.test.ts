import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { type AstNode, child, children } from '../model/ast.ts';
import {
  isAggregate,
  isNullOnEmptyAggregate,
  isOrderFreeAggregate,
  isSummingAggregate,
  isVolatile,
  isVolatileCall,
  isWindow,
  unreadDistinctAggregates,
} from './functions.ts';

/** The expression of the first select item. */
function item(sql: string, dialect: 'mysql' | 'postgresql' = 'mysql'): AstNode {
  const [statement] = parseStatements(`SELECT ${sql} FROM t`, dialect);
  return child(children(statement!.ast, 'columns')[0]!, 'expr')!;
}

describe('function catalogue', () => {
  it('tells calls that differ each time from those fixed for a statement', () => {
    expect(isVolatileCall(item('RAND()'))).toBe(true);
    expect(isVolatileCall(item("NEXTVAL('s')", 'postgresql'))).toBe(true);
    expect(isVolatileCall(item('NOW()'))).toBe(false);
    expect(isVolatileCall(item('UPPER(a)'))).toBe(false);
    // Not moved by a rewrite: anything per call, the clock, a user variable.
    expect(isVolatile(item('a + RAND()'))).toBe(true);
    expect(isVolatile(item('NOW()'))).toBe(true);
    expect(isVolatile(item('LOCALTIME', 'postgresql'))).toBe(true);
    expect(isVolatile(item('@v + 1'))).toBe(true);
    expect(isVolatile(item('UPPER(a) + 1'))).toBe(false);
  });

  it('knows aggregates, also those read as plain functions, apart from window calls', () => {
    expect(isAggregate(item('COUNT(*)'))).toBe(true);
    expect(isAggregate(item("STRING_AGG(a, ',')", 'postgresql'))).toBe(true);
    expect(isAggregate(item('UPPER(a)'))).toBe(false);
    const windowed = item('SUM(a) OVER (PARTITION BY b)');
    expect(isWindow(windowed)).toBe(true);
    expect(isAggregate(windowed)).toBe(false);
  });

  it('tells aggregates by how they read their rows', () => {
    expect(isOrderFreeAggregate('MAX')).toBe(true);
    expect(isOrderFreeAggregate('GROUP_CONCAT')).toBe(false);
    expect(isSummingAggregate('AVG')).toBe(true);
    expect(isSummingAggregate('COUNT')).toBe(false);
    expect(isNullOnEmptyAggregate('SUM')).toBe(true);
    expect(isNullOnEmptyAggregate('COUNT')).toBe(false);
  });

  it("lists the aggregates whose DISTINCT the engine reads for the parser: not COUNT's, which it reads itself", () => {
    expect([...unreadDistinctAggregates].sort()).toEqual(
      [
        ...['SUM', 'AVG', 'MIN', 'MAX', 'STD', 'STDDEV', 'STDDEV_POP', 'STDDEV_SAMP', 'VARIANCE', 'VAR_POP'],
        ...['VAR_SAMP', 'BIT_AND', 'BIT_OR', 'BIT_XOR', 'BOOL_AND', 'BOOL_OR', 'EVERY'],
        ...['JSON_AGG', 'JSONB_AGG', 'JSON_ARRAYAGG'],
      ].sort(),
    );
    // SUM(DISTINCT x) is read as an aggregate over distinct values; COUNT(DISTINCT x) as the parser reads it.
    const sum = item('SUM(DISTINCT a)');
    expect(isAggregate(sum)).toBe(true);
    expect(child(sum, 'args')?.distinct).toBe('DISTINCT');
    expect(unreadDistinctAggregates.has('COUNT')).toBe(false);
  });
});
