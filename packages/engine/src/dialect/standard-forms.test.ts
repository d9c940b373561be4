import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { type AstNode, walk } from '../model/ast.ts';
import { parseWithLibrary } from './parse.ts';

const dialects: Dialect[] = ['mysql', 'postgresql'];

/** The first node of the statement's tree that `match` accepts, without locations. */
function first(sql: string, dialect: Dialect, match: (node: AstNode) => boolean): AstNode | undefined {
  let found: AstNode | undefined;
  walk(parseWithLibrary(sql, dialect), ({ node }) => {
    if (!found && match(node)) found = node;
    return undefined;
  });
  return found && (JSON.parse(JSON.stringify(found, (key, value) => (key === 'loc' ? undefined : value))) as AstNode);
}

const aggregate = (node: AstNode) => node.type === 'aggr_func';
const frameOf = (sql: string, dialect: Dialect) =>
  first(sql, dialect, (node) => node.window_frame_clause !== undefined)?.window_frame_clause;

describe('aggregates over DISTINCT values', () => {
  for (const dialect of dialects) {
    it(`reads SUM, AVG, MIN, MAX, STDDEV (DISTINCT x) as COUNT(DISTINCT x) is read, named as written (${dialect})`, () => {
      for (const name of ['SUM', 'AVG', 'MIN', 'MAX', 'STDDEV', 'VAR_POP']) {
        const node = first(`SELECT ${name.toLowerCase()}(DISTINCT t.a + 1) FROM t`, dialect, aggregate)!;
        const count = first('SELECT COUNT(DISTINCT t.a + 1) FROM t', dialect, aggregate)!;
        expect(node).toEqual({ ...count, name });
      }
    });

    it(`reads SUM(ALL x) as SUM(x), and leaves a column named distinct alone (${dialect})`, () => {
      expect(first('SELECT SUM(ALL a) FROM t', dialect, aggregate)).toEqual(
        first('SELECT SUM(a) FROM t', dialect, aggregate),
      );
      expect(first('SELECT SUM(a) FROM t GROUP BY b', dialect, aggregate)?.args).not.toHaveProperty('distinct');
    });
  }
});

describe('calls with keywords inside the parentheses', () => {
  for (const dialect of dialects) {
    it(`reads SUBSTRING(x FROM a FOR b) and SUBSTR(x FROM a) as the calls with commas (${dialect})`, () => {
      const call = (sql: string) => first(sql, dialect, (node) => node.type === 'function');
      expect(call('SELECT SUBSTRING(b FROM 2 FOR 3) FROM t')).toEqual(call('SELECT SUBSTRING(b, 2, 3) FROM t'));
      expect(call('SELECT SUBSTR(b FROM 2) FROM t')).toEqual(call('SELECT SUBSTR(b, 2) FROM t'));
    });
  }

  it('reads PostgreSQL’s SUBSTRING(x FOR n) as starting at 1, and OVERLAY ... PLACING', () => {
    const call = (sql: string) => first(sql, 'postgresql', (node) => node.type === 'function');
    expect(call('SELECT SUBSTRING(b FOR 3) FROM t')).toEqual(call('SELECT SUBSTRING(b, 1, 3) FROM t'));
    expect(call("SELECT OVERLAY(b PLACING 'xy' FROM 2 FOR 3) FROM t")).toEqual(
      call("SELECT OVERLAY(b, 'xy', 2, 3) FROM t"),
    );
  });
});

describe('EXTRACT fields the grammar does not list', () => {
  it('gives MySQL’s MICROSECOND units and PostgreSQL’s JULIAN and TIMEZONE_HOUR their field back', () => {
    for (const [dialect, field] of [
      ['mysql', 'MICROSECOND'],
      ['mysql', 'HOUR_MICROSECOND'],
      ['postgresql', 'JULIAN'],
      ['postgresql', 'TIMEZONE_HOUR'],
    ] as const) {
      const node = first(`SELECT EXTRACT(${field} FROM t.c) FROM t`, dialect, (n) => n.type === 'extract')!;
      const year = first('SELECT EXTRACT(YEAR FROM t.c) FROM t', dialect, (n) => n.type === 'extract')!;
      expect(node).toEqual({ ...year, args: { ...(year.args as AstNode), field } });
    }
  });
});

describe('window frames', () => {
  for (const dialect of dialects) {
    const over = (frame: string) => `SELECT SUM(a) OVER (PARTITION BY b ORDER BY c ${frame}) FROM t`;

    it(`spells frames the grammar refuses as it spells those it reads (${dialect})`, () => {
      expect(frameOf(over('ROWS BETWEEN 10 PRECEDING AND 1 PRECEDING'), dialect)).toEqual({
        type: 'binary_expr',
        operator: 'BETWEEN',
        left: { type: 'origin', value: 'rows' },
        right: {
          type: 'expr_list',
          value: [
            { type: 'number', value: '10 PRECEDING' },
            { type: 'number', value: '1 PRECEDING' },
          ],
        },
      });
      expect(frameOf(over('range between unbounded preceding and current row exclude ties'), dialect)).toEqual({
        type: 'binary_expr',
        operator: 'BETWEEN',
        left: { type: 'origin', value: 'range' },
        right: {
          type: 'expr_list',
          value: [
            { type: 'origin', value: 'UNBOUNDED PRECEDING' },
            { type: 'origin', value: 'current row' },
          ],
        },
        exclude: 'TIES',
      });
      expect(frameOf(over('GROUPS 2 PRECEDING'), dialect)).toEqual({
        type: 'groups',
        expr: { type: 'number', value: '2 PRECEDING' },
      });
      expect(frameOf(over("RANGE BETWEEN INTERVAL '1' DAY PRECEDING AND CURRENT ROW"), dialect)).toMatchObject({
        right: { value: [{ type: 'origin', value: "INTERVAL '1' DAY PRECEDING" }, { value: 'current row' }] },
      });
    });

    it(`leaves the frames the grammar reads to it, and FETCH ... ROWS alone (${dialect})`, () => {
      const read = 'ROWS BETWEEN UNBOUNDED PRECEDING AND 2 FOLLOWING';
      expect(frameOf(over(read), dialect)).toMatchObject({ left: { value: 'rows' } });
      expect(() => parseWithLibrary('SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 5) d', dialect)).not.toThrow();
    });
  }
});
