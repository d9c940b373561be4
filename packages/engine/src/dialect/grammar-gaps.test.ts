import { AppError } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { type AstNode, span, visitsOf } from '../model/ast.ts';
import { parseStatements } from './parse.ts';

const nodesOf = (ast: AstNode, type: string) => visitsOf(ast).filter((v) => v.node.type === type);

describe('forms node-sql-parser does not read, read anyway', () => {
  it('DEC(p, s) is DECIMAL, and locations after it still point at the text as written', () => {
    const text = 'SELECT CAST(a AS DEC(15, 4)) / CAST(b AS DEC(15,4)) AS r, c FROM t WHERE c > 10';
    for (const dialect of ['mysql', 'postgresql'] as const) {
      const [statement] = parseStatements(text, dialect);
      const casts = nodesOf(statement!.ast, 'cast');
      expect(casts).toHaveLength(2);
      expect(JSON.stringify(casts[0]!.node.target)).toMatch(/DECIMAL/i);
      // A node after both substitutions: its span still covers `c > 10` in the original text.
      const comparison = nodesOf(statement!.ast, 'binary_expr').find((v) => v.node.operator === '>');
      const at = span(comparison?.node, text);
      if (at) expect(text.slice(at.start, at.end)).toBe('c > 10');
    }
  });

  it('CAST(x AS STRING) reads as a text cast', () => {
    const [mysql] = parseStatements('SELECT CAST(o_orderdate AS STRING) AS d FROM orders', 'mysql');
    expect(JSON.stringify(nodesOf(mysql!.ast, 'cast')[0]!.node.target)).toMatch(/CHAR/i);
    const [pg] = parseStatements('SELECT CAST(o_orderdate AS STRING) AS d FROM orders', 'postgresql');
    expect(JSON.stringify(nodesOf(pg!.ast, 'cast')[0]!.node.target)).toMatch(/TEXT/i);
  });

  it('PostgreSQL: PARTITION BY expressions are parsed and put back in place', () => {
    const text =
      'SELECT rank() OVER (PARTITION BY grouping(a) + grouping(b), CASE WHEN grouping(b) = 0 THEN a END, c ORDER BY d) FROM t GROUP BY ROLLUP (a, b)';
    const [statement] = parseStatements(text, 'postgresql');
    const json = JSON.stringify(statement!.ast);
    expect(json).not.toMatch(/_sqltune_partition_/);
    const partition = visitsOf(statement!.ast).find((v) => Array.isArray(v.node.partitionby))!.node
      .partitionby as AstNode[];
    expect(partition).toHaveLength(3);
    const sum = partition[0]!.expr as AstNode;
    expect(sum).toMatchObject({ type: 'binary_expr', operator: '+' });
    expect(text.slice(span(sum, text)!.start, span(sum, text)!.end)).toBe('grouping(a) + grouping(b)');
    expect((partition[1]!.expr as AstNode).type).toBe('case');
  });

  it('MySQL: a derived table column list names the derived query items', () => {
    const text =
      'SELECT c_count, count(*) FROM (SELECT c_custkey, count(o_orderkey) FROM customer LEFT JOIN orders ON c_custkey = o_custkey GROUP BY c_custkey) AS c_orders (c_custkey, c_count) GROUP BY c_count';
    const [statement] = parseStatements(text, 'mysql');
    const derived = (statement!.ast.from as AstNode[])[0]!;
    const inner = (derived.expr as AstNode).ast as AstNode;
    expect((inner.columns as AstNode[]).map((c) => c.as)).toEqual(['c_custkey', 'c_count']);
  });

  it('a syntax error after a substitution is placed in the text as written', () => {
    const positionOf = (text: string) => {
      try {
        parseStatements(text, 'mysql');
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return (error as AppError).detail;
      }
      throw new Error('parsed');
    };
    const written = positionOf('SELECT CAST(a AS DEC(15,4)) FROM t WHERE a = = 1');
    const spelledOut = positionOf('SELECT CAST(a AS DECIMAL(15,4)) FROM t WHERE a = = 1');
    expect(written.line).toBe(1);
    expect(written.column).toBe(spelledOut.column! - 'IMAL'.length);
  });

  it('leaves names that merely look alike alone', () => {
    const [statement] = parseStatements('SELECT a AS string, string(1) FROM t', 'postgresql');
    expect(JSON.stringify(statement!.ast)).not.toMatch(/"TEXT"|DECIMAL/);
  });

  it(`MyBatis placeholders: #{} is a bind parameter, \${} a parameter holding its text`, () => {
    const text = `SELECT a FROM t WHERE id = #{id} AND b = \${value} ORDER BY \${column} \${direction} LIMIT #{offset}, \${rows}`;
    for (const dialect of ['mysql', 'postgresql'] as const) {
      const sql =
        dialect === 'mysql' ? text : text.replace(`LIMIT #{offset}, \${rows}`, `LIMIT \${rows} OFFSET #{offset}`);
      const [statement] = parseStatements(sql, dialect);
      const params = nodesOf(statement!.ast, 'param').map((v) => v.node.value);
      expect(params).toEqual(expect.arrayContaining([`\${value}`, `\${column}`]));
      expect(JSON.stringify(statement!.ast)).not.toMatch(/sqltune_text_/);
      // The rest of the line after #{id} is still code in MySQL (a `#` comment would have swallowed it).
      expect(nodesOf(statement!.ast, 'binary_expr').some((v) => v.node.operator === 'AND')).toBe(true);
    }
  });

  it('PostgreSQL: FETCH FIRST n ROWS ONLY and OFFSET n ROWS read as LIMIT and OFFSET', () => {
    const strip = (sql: string) =>
      JSON.stringify(parseStatements(sql, 'postgresql')[0]!.ast, (key, value) => (key === 'loc' ? undefined : value));
    const expected = strip('SELECT a FROM t ORDER BY a LIMIT 10 OFFSET 5');
    expect(strip('SELECT a FROM t ORDER BY a OFFSET 5 ROWS FETCH NEXT 10 ROWS ONLY')).toBe(expected);
    expect(strip('SELECT a FROM t ORDER BY a FETCH FIRST 10 ROWS ONLY OFFSET 5')).toBe(expected);
    // Valid PostgreSQL the parser reads as OFFSET alone, dropping the limit.
    expect(strip('SELECT a FROM t ORDER BY a OFFSET 5 LIMIT 10')).toBe(expected);
    expect(strip('SELECT a FROM t ORDER BY a OFFSET 5 ROWS')).toBe(strip('SELECT a FROM t ORDER BY a OFFSET 5'));
  });
});
