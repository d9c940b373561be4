import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze/analyze.ts';

/** The text a finding's span covers (single-line statements). */
const schemaText = 'CREATE TABLE orders (o_orderkey INT PRIMARY KEY, o_orderdate DATE NOT NULL);';

function placed(sql: string, dialect: 'mysql' | 'postgresql', id: string): string[] {
  const findings = analyze({ sql, dialect, schemaText }).statements[0]!.findings.filter((f) => f.id === id);
  return findings.map((f) => (f.span ? sql.slice(f.span.column - 1, f.span.column - 1 + f.span.length) : '(none)'));
}

describe('findings on nodes node-sql-parser gave no location', () => {
  it('are placed over their located parts, widened to a whole call', () => {
    // MySQL's grammar locates the column but not the CAST around it.
    expect(
      placed(
        "SELECT o_orderkey FROM orders WHERE CAST(o_orderdate AS DATE) > '1995-01-01'",
        'mysql',
        'redundant-date-cast',
      ),
    ).toEqual(['CAST(o_orderdate AS DATE)']);
  });

  it('put a finding about a whole query at its SELECT', () => {
    // node-sql-parser's PostgreSQL grammar locates neither the query nor its GROUP BY items (the engine's own
    // reader, which does, leaves WITH RECURSIVE to it).
    const sql = 'WITH RECURSIVE c AS (SELECT 1 AS k) SELECT b FROM t GROUP BY b';
    expect(placed(sql, 'postgresql', 'group-by-without-aggregate')).toEqual(['SELECT']);
    const finding = analyze({ sql, dialect: 'postgresql' }).statements[0]!.findings.find(
      (f) => f.id === 'group-by-without-aggregate',
    );
    expect(finding?.span?.column).toBe(sql.indexOf('SELECT b') + 1);
  });

  it('stay without a place when nothing in them is located', () => {
    // node-sql-parser's PostgreSQL grammar locates neither the CAST nor the column inside it (DISTINCT ON is
    // left to it by the engine's reader).
    const sql = "SELECT DISTINCT ON (o_orderkey) o_orderkey FROM orders WHERE CAST(o_orderdate AS DATE) > '1995-01-01'";
    expect(placed(sql, 'postgresql', 'redundant-date-cast')).toEqual(['(none)']);
  });

  it('are placed in PostgreSQL statements the engine reads itself as in MySQL ones', () => {
    const sql = "SELECT o_orderkey FROM orders WHERE CAST(o_orderdate AS DATE) > '1995-01-01'";
    expect(placed(sql, 'postgresql', 'redundant-date-cast')).toEqual(['CAST(o_orderdate AS DATE)']);
    const grouped = 'WITH c AS (SELECT 1 AS k) SELECT b FROM t GROUP BY b';
    expect(placed(grouped, 'postgresql', 'group-by-without-aggregate')).toEqual(
      placed(grouped, 'mysql', 'group-by-without-aggregate'),
    );
  });

  it("select-star places PostgreSQL's unlocated * at its select item", () => {
    const sql = 'SELECT o.*, p.o_orderkey FROM orders o JOIN orders p ON p.o_orderkey = o.o_orderkey';
    expect(placed(sql, 'postgresql', 'select-star')).toEqual(['o.*']);
  });
});
