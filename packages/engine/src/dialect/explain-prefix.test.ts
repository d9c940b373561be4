import { describe, expect, it } from 'vitest';
import { parseEach } from './parse.ts';

describe('a statement pasted with its EXPLAIN prefix', () => {
  it('is the statement under the prefix, the prefix kept as text before it', () => {
    const input = '-- slow report\nEXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT)\nSELECT id FROM orders WHERE total > 10;';
    const [outcome] = parseEach(input, 'postgresql');
    expect(outcome!.error).toBeUndefined();
    expect(outcome!.statement).toMatchObject({
      kind: 'select',
      text: 'SELECT id FROM orders WHERE total > 10',
      line: 3,
    });
    expect(outcome!.statement.leadingComments).toBe('-- slow report\nEXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT)\n');
    expect(`${outcome!.statement.leadingComments}${outcome!.statement.text};`).toBe(input);
  });

  it.each([
    ['mysql', 'EXPLAIN FORMAT=JSON SELECT a FROM t'],
    ['mysql', 'explain analyze select a from t'],
    ['mysql', 'EXPLAIN FORMAT = TREE WITH x AS (SELECT a FROM t) SELECT * FROM x'],
    ['mysql', 'DESC EXTENDED SELECT a FROM t'],
    ['mysql', 'ANALYZE FORMAT=JSON SELECT a FROM t'],
    ['postgresql', 'EXPLAIN ANALYZE VERBOSE SELECT a FROM t'],
    ['postgresql', 'explain (format json, costs off) (SELECT a FROM t)'],
  ] as const)('%s: %s', (dialect, sql) => {
    const [outcome] = parseEach(sql, dialect);
    expect(outcome!.error).toBeUndefined();
    expect(outcome!.statement.text).toMatch(/^(SELECT|select|WITH|\()/);
    expect(outcome!.statement.column).toBe(sql.search(/SELECT|select|WITH|\(SELECT/) + 1);
  });

  it('leaves what is not a prefix of a statement as it is', () => {
    for (const [dialect, sql] of [
      ['mysql', 'DESCRIBE orders'],
      ['mysql', 'EXPLAIN FOR CONNECTION 5'],
      ['postgresql', 'ANALYZE orders'],
    ] as const) {
      const [outcome] = parseEach(sql, dialect);
      expect(outcome!.statement.text).toBe(sql);
      expect(outcome!.statement.leadingComments).toBeUndefined();
    }
  });

  it('a data change under EXPLAIN is that data change', () => {
    const [outcome] = parseEach('EXPLAIN DELETE FROM t WHERE a = 1', 'mysql');
    expect(outcome!.statement.kind).toBe('delete');
  });
});
