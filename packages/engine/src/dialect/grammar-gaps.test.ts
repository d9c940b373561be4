import { AppError } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { type AstNode, columnRef, isNode, span, visitsOf } from '../model/ast.ts';
import { parseStatements } from './parse.ts';

const nodesOf = (ast: AstNode, type: string) => visitsOf(ast).filter((v) => v.node.type === type);
/** A call's name in lower case, whether the grammar gives it as a string or as a name node. */
const callName = (node: AstNode) =>
  (JSON.stringify(node.name).match(/"value":"(\w+)"/)?.[1] ?? String(node.name)).toLowerCase();

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

  it("MySQL's BINARY before a qualified name takes the whole name, quoted or not", () => {
    for (const text of [
      "SELECT a FROM roll WHERE BINARY `roll`.`roll_number` = 'x'",
      "SELECT a FROM roll WHERE BINARY roll.roll_number = 'x'",
    ]) {
      const [statement] = parseStatements(text, 'mysql');
      const binary = nodesOf(statement!.ast, 'unary_expr')[0]!.node;
      expect(binary).toMatchObject({ operator: 'BINARY', expr: { type: 'column_ref' } });
      expect(columnRef(binary.expr as AstNode)).toMatchObject({ table: 'roll', column: 'roll_number' });
    }
    // A name followed by a dot and no name is no qualified name: the form leaves it to the grammar.
    expect(() => parseStatements('SELECT a FROM roll WHERE BINARY roll. = 1', 'mysql')).toThrow(AppError);
  });

  it('CAST(x AS STRING) reads as a text cast', () => {
    const [mysql] = parseStatements('SELECT CAST(o_orderdate AS STRING) AS d FROM orders', 'mysql');
    expect(JSON.stringify(nodesOf(mysql!.ast, 'cast')[0]!.node.target)).toMatch(/CHAR/i);
    const [pg] = parseStatements('SELECT CAST(o_orderdate AS STRING) AS d FROM orders', 'postgresql');
    expect(JSON.stringify(nodesOf(pg!.ast, 'cast')[0]!.node.target)).toMatch(/TEXT/i);
  });

  it("MySQL: CAST(x AS CHAR(n) CHARSET cs), SHOW CREATE TABLE's spelling of a functional index, reads as CHARACTER SET", () => {
    const text = "SELECT id FROM c WHERE CAST(profile->>'$.city' AS CHAR(64) CHARSET utf8mb4) = 'Paris' AND id > 10";
    const [statement] = parseStatements(text, 'mysql');
    const cast = nodesOf(statement!.ast, 'cast')[0]!.node;
    expect(JSON.stringify(cast.target)).toMatch(/"dataType":"CHAR\(64\)".*utf8mb4/);
    const comparison = nodesOf(statement!.ast, 'binary_expr').find((v) => v.node.operator === '>');
    const at = span(comparison?.node, text);
    expect(at && text.slice(at.start, at.end)).toBe('id > 10');
    // CHARSET is no type: without a type before it, the grammar still refuses the cast.
    expect(() => parseStatements("SELECT CAST('a' AS CHARSET utf8mb4)", 'mysql')).toThrow(AppError);
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

  it('MySQL joins a MyBatis #{} to the strings written beside it (LIKE "%"#{title}"%"): one pattern, as written', () => {
    for (const sql of [
      'SELECT a FROM t WHERE b LIKE "%"#{title}"%" AND c = #{c}',
      `SELECT a FROM t WHERE b LIKE '%' #{title} '%' AND c = #{c}`,
    ]) {
      const [statement] = parseStatements(sql, 'mysql');
      const like = nodesOf(statement!.ast, 'binary_expr').find((v) => v.node.operator === 'LIKE')!.node;
      const pattern = like.right as AstNode;
      expect(pattern).toMatchObject({ type: 'single_quote_string', value: '%%' });
      const at = span(pattern, sql)!;
      expect(sql.slice(at.start, at.end)).toMatch(/^.%. ?#\{title\} ?.%.$/);
    }
    // Not in PostgreSQL, whose driver binds the value on the server (a string beside it is a syntax error there).
    expect(() => parseStatements(`SELECT a FROM t WHERE b LIKE '%'#{title}'%'`, 'postgresql')).toThrow(AppError);
  });

  it(`MyBatis \${} after a whole condition is a clause of its own (RuoYi's \${params.dataScope}); in ORDER BY a direction`, () => {
    for (const dialect of ['mysql', 'postgresql'] as const) {
      for (const sql of [
        `SELECT a FROM t WHERE del_flag = '0' AND b = #{b} \${params.dataScope} ORDER BY a`,
        `SELECT a FROM t WHERE c IN (SELECT c FROM u WHERE d = 1) \${params.dataScope}`,
        `SELECT a FROM t WHERE 1 = 1 \${filter} GROUP BY a`,
        // Flowable's paging: text pasted before the statement, after the select list and after the whole query.
        `\${limitBefore} SELECT RES.* \${limitBetween} FROM t RES WHERE RES.a = #{a} \${orderBy} \${limitAfter}`,
      ]) {
        const [statement] = parseStatements(sql, dialect);
        // parseStatements throws on a syntax error: reaching the tree is the check.
        expect(statement!.ast.type, sql).toBe('select');
        expect(JSON.stringify(statement!.ast)).not.toMatch(/sqltune_text_|"ASC"/);
      }
      // Between an operand and a value the text is an operator.
      const [compared] = parseStatements(`SELECT a FROM t WHERE email \${operator} '%@%' AND b = 1`, dialect);
      expect(nodesOf(compared!.ast, 'binary_expr').map((v) => v.node.operator)).toEqual(['AND', '=', '=']);
      // A star that multiplies is followed by a value: the text stays one.
      const [product] = parseStatements(`SELECT a * \${rate} AS r FROM t`, dialect);
      expect(nodesOf(product!.ast, 'param').map((v) => v.node.value)).toEqual(['${rate}']);
      // A direction after a sort key: the item's direction is the text as written, which no rule takes for ASC.
      const [sorted] = parseStatements(`SELECT a FROM t WHERE b = 1 ORDER BY a \${direction}, b DESC`, dialect);
      expect((sorted!.ast.orderby as AstNode[]).map((item) => item.type)).toEqual(['${direction}', 'DESC']);
      // After a qualifier the text is the column's name (was read as a direction: a column named ASC of o).
      const [qualified] = parseStatements(`SELECT o.a FROM t o ORDER BY o.\${column} \${direction}, o.a DESC`, dialect);
      const keys = (qualified!.ast.orderby as AstNode[]).map((item) => item.expr as AstNode);
      expect(keys.map((key) => key.type)).toEqual(['param', 'column_ref']);
      expect(keys[0]!.value).toBe('${column}');
      expect(JSON.stringify(qualified!.ast)).not.toMatch(/"column":"ASC"|sqltune_text_/);
    }
  });

  it(`MyBatis \${} before the statement: every place after it where it is written, blanks and line breaks included`, () => {
    for (const gap of [' ', '   ', '\n', '\n\n  ']) {
      const sql = `\${limitBefore}${gap}SELECT RES.a FROM t RES WHERE RES.b = 1`;
      const [statement] = parseStatements(sql, 'mysql');
      const where = span(statement!.ast.where as AstNode, sql);
      expect(sql.slice(where!.start, where!.end), JSON.stringify(gap)).toBe('RES.b = 1');
    }
  });

  it(`MyBatis \${} starting a condition and followed by its value holds the column and operator (mybatis-generator)`, () => {
    const condition = (sql: string) => {
      const [statement] = parseStatements(sql, 'mysql');
      return statement!.ast.where as AstNode;
    };
    const single = condition('SELECT a FROM t WHERE (${criterion.condition} #{criterion.value} AND b = 1)');
    expect(nodesOf(single, 'binary_expr').map((v) => v.node.operator)).toEqual(['AND', '=', '=']);
    expect(nodesOf(single, 'param').map((v) => v.node.value)).toContain('${criterion.condition}');
    const list = condition('SELECT a FROM t WHERE (${criterion.condition} (#{a}, #{b}))');
    expect(nodesOf(list, 'binary_expr').map((v) => v.node.operator)).toEqual(['IN']);
    const between = condition("SELECT a FROM t WHERE ${c} #{v} AND #{w} OR ${d} 'x'");
    expect(nodesOf(between, 'param').map((v) => v.node.value)).toEqual(expect.arrayContaining(['${c}', '${d}']));
    // Not a condition's start, or no value after it: the text stays a value or name on its own.
    const compared = condition('SELECT a FROM t WHERE b = ${c} AND ${d} = #{e} AND ${f}(b) > 1');
    expect(nodesOf(compared, 'binary_expr').map((v) => v.node.operator)).toEqual(['AND', 'AND', '=', '=', '>']);
  });

  it(`MyBatis #{} holding a \${} in its options is one parameter (Flowable's jdbcType=\${blobType})`, () => {
    for (const dialect of ['mysql', 'postgresql'] as const) {
      const sql = `UPDATE t SET a = #{bytes, jdbcType=\${blobType}}, b = #{b} WHERE id = #{id, jdbcType=VARCHAR}`;
      const [statement] = parseStatements(sql, dialect);
      expect(statement!.ast.type).toBe('update');
      expect(JSON.stringify(statement!.ast)).not.toMatch(/blobType|sqltune_text_/);
    }
    // A lone `}` after a placeholder closes nothing more.
    const [plain] = parseStatements(`SELECT '}' AS brace FROM t WHERE a = #{a} AND b = \${b}`, 'mysql');
    expect(nodesOf(plain!.ast, 'param').map((v) => v.node.value)).toEqual(['${b}']);
  });

  it(`MyBatis \${} glued to a name is one name with it, as written (Flowable's \${prefix}ACT_HI_COMMENT)`, () => {
    const [prefixed] = parseStatements('DELETE FROM ${prefix}ACT_HI_COMMENT WHERE ID_ = #{id}', 'mysql');
    expect(JSON.stringify(prefixed!.ast)).not.toMatch(/sqltune_text_/);
    expect(JSON.stringify(prefixed!.ast)).toMatch(/"\$\{prefix\}ACT_HI_COMMENT"/);
    // A dot after it starts the column of a table the text names.
    const [dotted] = parseStatements('SELECT ${alias}.id FROM t', 'mysql');
    expect(nodesOf(dotted!.ast, 'column_ref').map((v) => v.node.table)).toEqual(['${alias}']);
  });

  it(`MyBatis \${} after a name is one table name with it (order_\${yyyymm}, t_\${a}_\${b}, db_\${env}.t)`, () => {
    for (const dialect of ['mysql', 'postgresql'] as const) {
      const tables = (sql: string) => parseStatements(sql, dialect)[0]!.tables.map((t) => [t.schema, t.name, t.alias]);
      expect(tables('SELECT * FROM order_${yyyymm} WHERE id = #{id}')).toEqual([[null, 'order_${yyyymm}', null]]);
      expect(tables('SELECT t.a FROM t_${suffix} t WHERE t.a = 1')).toEqual([[null, 't_${suffix}', 't']]);
      expect(tables('UPDATE log_${a}_${b} SET x = 1 WHERE id = #{id}')).toEqual([[null, 'log_${a}_${b}', null]]);
      expect(tables('SELECT o.id FROM db_${env}.orders_${m} o JOIN u ON u.id = o.uid')).toEqual([
        ['db_${env}', 'orders_${m}', 'o'],
        [null, 'u', null],
      ]);
    }
    const [statement] = parseStatements('SELECT * FROM order_${yyyymm} WHERE id = 1', 'mysql');
    expect(JSON.stringify(statement!.ast)).not.toMatch(/sqltune_text_/);
    // A ${} after a blank is not glued: a clause of its own after a whole operand, as before.
    const [apart] = parseStatements('SELECT * FROM orders WHERE id = 1 ${scope}', 'mysql');
    expect(apart!.tables.map((t) => t.name)).toEqual(['orders']);
    expect(nodesOf(apart!.ast, 'binary_expr').map((v) => v.node.operator)).toEqual(['=']);
  });

  it('PostgreSQL: a MyBatis #{} cast with :: is read anywhere, and stays a bind parameter', () => {
    const sql = `INSERT INTO t (a, b) SELECT #{a}::jsonb, c FROM u WHERE id = ANY(#{ids}::bigint[]) AND d >= #{since}::timestamptz AND e = #{e}`;
    const [statement] = parseStatements(sql, 'postgresql');
    const casts = nodesOf(statement!.ast, 'cast').map((v) => (v.node.expr as AstNode).type);
    expect(casts).toEqual(['var', 'var', 'var']);
    expect(nodesOf(statement!.ast, 'var').map((v) => v.node.name)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    expect(JSON.stringify(statement!.ast)).not.toMatch(/sqltune_bind_/);
    // A string that is cast stays a string.
    const [literal] = parseStatements(`SELECT a FROM t WHERE d >= '2024-01-01'::date AND e = #{e}`, 'postgresql');
    expect(nodesOf(literal!.ast, 'cast').map((v) => (v.node.expr as AstNode).type)).toEqual(['single_quote_string']);
  });

  it('PostgreSQL: a $n parameter cast with :: (Prisma, node-postgres) is read anywhere, and stays a parameter', () => {
    const sql = `SELECT "id" FROM "Post" WHERE "authorId" = $1::uuid AND id = ANY($2::bigint[]) AND t > $3 :: timestamptz`;
    const [statement] = parseStatements(sql, 'postgresql');
    const casts = nodesOf(statement!.ast, 'cast').map((v) => (v.node.expr as AstNode).type);
    expect(casts).toEqual(['var', 'var', 'var']);
    expect(nodesOf(statement!.ast, 'var').map((v) => v.node.name)).toEqual([1, 2, 3]);
    expect(JSON.stringify(statement!.ast)).not.toMatch(/sqltune_bind_/);
    // A client's placeholder cast the same way (psycopg's %s::jsonb) is the parameter it stands for.
    const [client] = parseStatements('UPDATE t SET doc = %s::jsonb WHERE id = %s', 'postgresql');
    expect(nodesOf(client!.ast, 'cast').map((v) => (v.node.expr as AstNode).type)).toEqual(['var']);
    // A string or a column cast stays what it is, and a $n without a cast is untouched.
    const [plain] = parseStatements(`SELECT a::text FROM t WHERE d >= '2024-01-01'::date AND e = $1`, 'postgresql');
    expect(nodesOf(plain!.ast, 'cast').map((v) => (v.node.expr as AstNode).type)).toEqual([
      'column_ref',
      'single_quote_string',
    ]);
    // MySQL has no :: cast: the text stays refused there.
    expect(() => parseStatements('SELECT a FROM t WHERE id = $1::int', 'mysql')).toThrow(AppError);
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

describe('PostgreSQL: an aggregate FILTER (WHERE ...) with a window', () => {
  /** Each windowed call's name and its filter's operator, in text order. */
  const windowed = (text: string) => {
    const [statement] = parseStatements(text, 'postgresql');
    return visitsOf(statement!.ast)
      .filter((v) => v.node.over)
      .map(({ node }) => {
        const where = isNode(node.filter) && isNode(node.filter.where) ? node.filter.where : undefined;
        return `${String(node.name).toLowerCase()}:${where?.operator ?? '-'}`;
      });
  };

  it('gives each filter to its own call, whether the window is written out, named, or names another', () => {
    expect(
      windowed(
        'SELECT count(*) FILTER (WHERE a > 1) OVER (PARTITION BY b), count(*) OVER (), sum(c) FILTER (WHERE a < 2) OVER w, ' +
          'max(c) FILTER (WHERE a <> 3) OVER (w ORDER BY c) FROM t WINDOW w AS (PARTITION BY b)',
      ),
    ).toEqual(['count:>', 'count:-', 'sum:<', 'max:<>']);
  });

  it('leaves a FILTER without a window to the grammar, and refuses a FILTER that is not WHERE', () => {
    expect(windowed('SELECT count(*) FILTER (WHERE a > 1), sum(c) OVER () FROM t')).toEqual(['sum:-']);
    expect(() => parseStatements('SELECT count(*) FILTER (a > 1) OVER () FROM t', 'postgresql')).toThrow(AppError);
  });

  it('reads aggregates the grammar windows only as count/sum/avg/min/max over a window (json_agg, bool_or...)', () => {
    const text =
      "SELECT id, json_agg(x) OVER w, bool_or(x > 1) OVER (PARTITION BY g ORDER BY id), string_agg(k, ',') OVER w FROM t WINDOW w AS (ORDER BY y)";
    const [statement] = parseStatements(text, 'postgresql');
    const calls = visitsOf(statement!.ast)
      .filter((v) => v.node.over)
      .map(({ node }) => callName(node));
    expect(calls).toEqual(['json_agg', 'bool_or', 'string_agg']);
    expect(JSON.stringify(statement!.ast)).not.toMatch(/sqltune_window_aggregate|ntile/);
    const [bool] = visitsOf(statement!.ast).filter((v) => v.node.over && callName(v.node) === 'bool_or');
    const at = span(bool!.node, text);
    if (at) expect(text.slice(at.start, at.end)).toMatch(/^bool_or\(x > 1\)/);
    // Without a window the call stays the grammar's plain call; a qualified name is left alone.
    const [plain] = parseStatements('SELECT json_agg(x ORDER BY y) FROM t', 'postgresql');
    expect(visitsOf(plain!.ast).some((v) => v.node.over)).toBe(false);
  });

  it('reads FILTER after an aggregate the grammar takes as a plain call (json_agg, bool_or, stddev...)', () => {
    const text =
      'SELECT p.id, json_agg(i.title ORDER BY i.id) FILTER (WHERE i.state_id = 1), bool_or(i.locked) FILTER (WHERE i.x > 2) FROM p JOIN i ON i.pid = p.id GROUP BY p.id';
    const [statement] = parseStatements(text, 'postgresql');
    const filtered = visitsOf(statement!.ast)
      .filter((v) => v.node.filter)
      .map(({ node }) => `${callName(node)}:${((node.filter as AstNode).where as AstNode).operator}`);
    expect(filtered).toEqual(['json_agg:=', 'bool_or:>']);
    // The filter's condition, where located, is located as written.
    const condition = nodesOf(statement!.ast, 'binary_expr').find((v) => v.node.operator === '=' && span(v.node, text));
    const at = span(condition?.node, text);
    if (at) expect(text.slice(at.start, at.end)).toMatch(/^(i\.state_id = 1|i\.pid = p\.id)$/);
    // Not WHERE, or no call before it: still refused.
    expect(() => parseStatements('SELECT json_agg(a) FILTER (a > 1) FROM t', 'postgresql')).toThrow(AppError);
  });
});

describe('PostgreSQL aggregates with ORDER BY among their arguments', () => {
  const ordered = (text: string) => {
    const [statement] = parseStatements(text, 'postgresql');
    return visitsOf(statement!.ast)
      .filter(({ node }) => {
        const args = node.args as AstNode | undefined;
        const call = node.type === 'aggr_func' || node.type === 'function';
        return call && (Array.isArray(node.orderby) || Array.isArray(args?.orderby));
      })
      .map(({ node }) => callName(node));
  };

  it('reads ORDER BY in any aggregate: built-in, with DISTINCT, with FILTER, a user-defined one', () => {
    expect(
      ordered('SELECT sum(a ORDER BY b), min(a ORDER BY b DESC), jsonb_object_agg(k, v ORDER BY k) FROM t'),
    ).toEqual(['sum', 'min', 'jsonb_object_agg']);
    expect(
      ordered('SELECT avg(DISTINCT a ORDER BY a), count(*) FILTER (WHERE a > 1), my_agg(a ORDER BY b) FROM t'),
    ).toEqual(['avg', 'my_agg']);
  });

  it('leaves the ORDER BY of windows, WITHIN GROUP and queries in parentheses to the grammar', () => {
    const text =
      'SELECT rank() OVER (ORDER BY a), percentile_cont(0.5) WITHIN GROUP (ORDER BY a), array(SELECT b FROM u ORDER BY b), a IN (SELECT b FROM u ORDER BY b LIMIT 1) FROM t WINDOW w AS (ORDER BY a)';
    expect(ordered(text)).toEqual([]);
    // An ORDER BY where no aggregate takes one is still refused.
    expect(() => parseStatements('SELECT a FROM t WHERE (a ORDER BY b)', 'postgresql')).toThrow(AppError);
  });
});

describe("MySQL's MATCH column list without parentheses", () => {
  it('reads MATCH a, t.b AGAINST as MATCH (a, t.b) AGAINST, with its mode, spans as written', () => {
    const text = "SELECT id FROM t WHERE MATCH title, t.body AGAINST ('db' IN BOOLEAN MODE) AND id > 1";
    const [statement] = parseStatements(text, 'mysql');
    const [search] = nodesOf(statement!.ast, 'fulltext_search');
    expect((search!.node.columns as AstNode[]).map((c) => columnRef(c))).toMatchObject([
      { table: null, column: 'title' },
      { table: 't', column: 'body' },
    ]);
    expect(search!.node.mode).toMatchObject({ value: 'IN BOOLEAN MODE' });
    const comparison = nodesOf(statement!.ast, 'binary_expr').find((v) => v.node.operator === '>');
    const at = span(comparison?.node, text);
    if (at) expect(text.slice(at.start, at.end)).toBe('id > 1');
  });

  it('leaves other MATCH forms to the grammar: an expression is no column list, and a foreign key MATCH is no search', () => {
    expect(() => parseStatements("SELECT id FROM t WHERE MATCH title + 1 AGAINST ('db')", 'mysql')).toThrow(AppError);
    const [fk] = parseStatements(
      'CREATE TABLE k (id INT, p INT, FOREIGN KEY (p) REFERENCES t (id) MATCH FULL ON DELETE NO ACTION)',
      'mysql',
    );
    expect(nodesOf(fk!.ast, 'fulltext_search')).toHaveLength(0);
  });
});

describe('null-safe comparisons', () => {
  const where = (sql: string, dialect: 'mysql' | 'postgresql') =>
    parseStatements(sql, dialect)[0]!.ast.where as AstNode;

  it("read MySQL's <=> with its own operator, next to AND/OR and the other comparisons", () => {
    const condition = where("SELECT id FROM t WHERE a <=> b OR (c <=> NULL) = 1 AND d <> 'x<=>y'", 'mysql');
    const operators = nodesOf(condition, 'binary_expr').map((v) => v.node.operator);
    expect(operators).toEqual(['OR', '<=>', 'AND', '=', '<=>', '<>']);
  });

  it("read PostgreSQL's <=> as an extension's operator (pgvector's distance), binding tighter than a comparison", () => {
    const sql = "SELECT id FROM t WHERE v <=> '[1,2]' < 0.5 AND w <-> '[3]' <= 2 ORDER BY v <#> '[1,2]', v <=> '[1]'";
    const [statement] = parseStatements(sql, 'postgresql');
    const condition = statement!.ast.where as AstNode;
    expect(nodesOf(condition, 'binary_expr').map((v) => v.node.operator)).toEqual(['AND', '<', '<=>', '<=', '<->']);
    const orderBy = (statement!.ast.orderby as AstNode[]).map((item) => (item.expr as AstNode).operator);
    expect(orderBy).toEqual(['<#>', '<=>']);
    // In MySQL it is the null-safe comparison, at the comparisons' level: grouped left to right with `=`.
    const mysql = parseStatements("SELECT id FROM t WHERE v <=> 'a' = 1", 'mysql')[0]!.ast.where as AstNode;
    expect(mysql.operator).toBe('=');
    expect((mysql.left as AstNode).operator).toBe('<=>');
  });

  it("read PostgreSQL's IS [NOT] DISTINCT FROM as comparisons, not as `IS <name>`", () => {
    const condition = where(
      'SELECT id FROM t WHERE a IS NOT DISTINCT FROM b AND c IS DISTINCT FROM d + 1',
      'postgresql',
    );
    const [left, right] = [condition.left as AstNode, condition.right as AstNode];
    expect(left.operator).toBe('IS NOT DISTINCT FROM');
    expect(right.operator).toBe('IS DISTINCT FROM');
    expect((right.right as AstNode).operator).toBe('+');
  });

  it('refuse a PostgreSQL IS DISTINCT FROM that the parser would group differently, pointing at it', () => {
    expect(() => where('SELECT id FROM t WHERE a IS DISTINCT FROM b = c', 'postgresql')).toThrow(AppError);
    try {
      where('SELECT id FROM t WHERE a IS DISTINCT FROM b = c', 'postgresql');
    } catch (error) {
      expect((error as AppError).detail).toMatchObject({ code: 4202, line: 1, column: 29 });
    }
    expect(where('SELECT id FROM t WHERE (a IS DISTINCT FROM b) = c', 'postgresql').operator).toBe('=');
  });
});

describe('locking clauses', () => {
  const lock = (sql: string, dialect: 'mysql' | 'postgresql') => parseStatements(sql, dialect)[0]!.ast.locking_read;

  it("PostgreSQL's, in any strength, with OF, NOWAIT and SKIP LOCKED, before or after LIMIT", () => {
    expect(lock('SELECT id FROM t WHERE a = 1 ORDER BY id LIMIT 1 FOR UPDATE NOWAIT', 'postgresql')).toBe(
      'FOR UPDATE NOWAIT',
    );
    expect(lock('SELECT id FROM t FOR NO KEY UPDATE SKIP LOCKED', 'postgresql')).toBe('FOR NO KEY UPDATE SKIP LOCKED');
    expect(lock('SELECT t.id FROM t JOIN u ON u.id = t.id FOR UPDATE OF t, u FOR KEY SHARE OF x', 'postgresql')).toBe(
      'FOR UPDATE OF t, u FOR KEY SHARE OF x',
    );
    expect(lock('SELECT id FROM t FOR SHARE LIMIT 2', 'postgresql')).toBe('FOR SHARE');
  });

  it("MySQL 8's FOR SHARE, beside the FOR UPDATE the parser knows", () => {
    expect(lock('SELECT id FROM t FOR SHARE SKIP LOCKED', 'mysql')).toBe('FOR SHARE SKIP LOCKED');
    expect(lock('SELECT id FROM t FOR UPDATE', 'mysql')).toBe('FOR UPDATE');
  });

  it('puts a locking clause inside a subquery back on that query', () => {
    const [statement] = parseStatements('SELECT id FROM (SELECT id FROM t FOR UPDATE) d', 'postgresql');
    const inner = ((statement!.ast.from as AstNode[])[0]!.expr as AstNode).ast as AstNode;
    expect([statement!.ast.locking_read ?? null, inner.locking_read]).toEqual([null, 'FOR UPDATE']);
    const [nested] = parseStatements(
      'SELECT * FROM t WHERE a IN (SELECT a FROM u WHERE b = 1 FOR SHARE OF u SKIP LOCKED) FOR UPDATE OF t',
      'postgresql',
    );
    expect(nested!.ast.locking_read).toBe('FOR UPDATE OF t');
    expect(JSON.stringify(nested!.ast.where)).toContain('"locking_read":"FOR SHARE OF u SKIP LOCKED"');
    expect(JSON.stringify(nested!.ast)).not.toContain('sqltune_');
  });
});

describe('MySQL FULL JOIN', () => {
  it('is refused at FULL: MySQL reads FULL as an alias and the join as an inner or cross join', () => {
    for (const sql of ['SELECT * FROM x FULL JOIN z', 'SELECT * FROM x FULL JOIN z ON x.id = z.id']) {
      try {
        parseStatements(sql, 'mysql');
        expect.unreachable();
      } catch (error) {
        expect((error as AppError).detail).toMatchObject({ code: 4202, line: 1, column: 17 });
      }
    }
  });

  it('FULL OUTER JOIN, which MySQL refuses, is left to the parser (a full outer join); PostgreSQL reads both', () => {
    expect(() => parseStatements('SELECT * FROM x FULL OUTER JOIN z ON x.id = z.id', 'mysql')).not.toThrow();
  });

  it('is read in PostgreSQL, and a column named full is no join', () => {
    expect(() => parseStatements('SELECT * FROM x FULL JOIN z ON x.id = z.id', 'postgresql')).not.toThrow();
    expect(() => parseStatements('SELECT `full` FROM x JOIN z ON x.id = z.id', 'mysql')).not.toThrow();
  });
});

describe('NATURAL joins', () => {
  const from = (sql: string, dialect: 'mysql' | 'postgresql') =>
    (parseStatements(sql, dialect)[0]!.ast.from as AstNode[]).map((s) => [s.table ?? 'derived', s.as, s.join, s.using]);

  it('read as NATURAL joins in both dialects (PostgreSQL read NATURAL as an alias, MySQL refused them)', () => {
    for (const dialect of ['mysql', 'postgresql'] as const) {
      expect(
        from('SELECT * FROM a NATURAL JOIN b NATURAL LEFT OUTER JOIN (SELECT 1 AS x) d WHERE a.y > 1', dialect),
      ).toEqual([
        ['a', null, undefined, undefined],
        ['b', null, 'NATURAL INNER JOIN', undefined],
        ['derived', 'd', 'NATURAL LEFT JOIN', undefined],
      ]);
    }
  });

  it('leave other joins and a USING join as they are', () => {
    expect(from('SELECT * FROM a t JOIN b USING (id) JOIN c ON c.id = t.id', 'postgresql').map((s) => s[2])).toEqual([
      undefined,
      'INNER JOIN',
      'INNER JOIN',
    ]);
  });
});

describe('PostgreSQL CROSS JOIN after a table without an alias', () => {
  it('is a cross join, not an alias CROSS and an inner join without a condition', () => {
    const from = parseStatements('SELECT * FROM tbl1 CROSS JOIN tbl2 JOIN tbl3 ON tbl3.a = tbl2.a', 'postgresql')[0]!
      .ast.from as AstNode[];
    expect(from.map((s) => [s.table, s.as, s.join])).toEqual([
      ['tbl1', null, undefined],
      ['tbl2', null, 'CROSS JOIN'],
      ['tbl3', null, 'INNER JOIN'],
    ]);
    // An alias named cross with a real join after it stays an alias.
    const aliased = parseStatements('SELECT * FROM tbl1 "cross" JOIN tbl2 ON true', 'postgresql')[0]!.ast
      .from as AstNode[];
    expect(aliased[1]!.join).toBe('INNER JOIN');
  });
});

describe('a set operation after a FROM list', () => {
  it('is the set operation of the query and the parenthesized one, not a join named "union all"', () => {
    const sql = 'WITH w AS (SELECT s FROM (SELECT a AS s FROM t1) UNION ALL (SELECT b FROM t2)) SELECT s FROM w';
    for (const dialect of ['mysql', 'postgresql'] as const) {
      const cte = (parseStatements(sql, dialect)[0]!.ast.with as AstNode[])[0]!;
      const stmt = cte.stmt as AstNode;
      const body = (stmt.ast as AstNode | undefined) ?? stmt;
      expect((body.from as AstNode[]).length).toBe(1);
      expect(body.set_op).toBe('union all');
      expect(((body._next as AstNode).from as AstNode[])[0]!.table).toBe('t2');
    }
  });
});

describe('null-safe comparisons beside every spare comparison operator', () => {
  it('are refused with 4202 rather than read with a marker the statement already uses', () => {
    const sql = 'SELECT id FROM t WHERE a <> 1 AND b >= 2 AND c <= 3 AND d != 4 AND x <=> y';
    expect(() => parseStatements(sql, 'mysql')).toThrow(/already uses most of/);
    expect(parseStatements('SELECT id FROM t WHERE a <> 1 AND x <=> y', 'mysql')[0]!.ast.where).toBeTruthy();
  });

  it('PostgreSQL: a chain of AT TIME ZONE keeps every zone, in order', () => {
    const [statement] = parseStatements(
      "SELECT created_at AT TIME ZONE 'Asia/Shanghai' AT TIME ZONE 'UTC' FROM orders",
      'postgresql',
    );
    const zones = JSON.stringify((statement!.ast.columns as AstNode[])[0]!.expr);
    expect(zones).toMatch(
      /"at time zone"\},\{"type":"single_quote_string","value":"Asia\/Shanghai".*"at time zone".*"UTC"/,
    );
  });

  it('PostgreSQL: a backslash before a quote is a character of the string, not an escape', () => {
    const sql = "SELECT replace(name, '\\', '/') FROM customers WHERE name LIKE 'a\\%' ESCAPE '\\'";
    const [statement] = parseStatements(sql, 'postgresql');
    const strings = nodesOf(statement!.ast, 'single_quote_string').map((v) => v.node.value);
    expect(strings).toEqual(expect.arrayContaining(['\\', '/', 'a\\%']));
    expect(JSON.stringify(statement!.ast)).not.toMatch(/sqltune_string_/);
  });

  it('PostgreSQL: COLLATE after a string or a call collates that operand only', () => {
    const [statement] = parseStatements('SELECT \'x\' || lower(name) COLLATE "C" FROM customers', 'postgresql');
    const concat = (statement!.ast.columns as AstNode[])[0]!.expr as AstNode;
    expect(concat).toMatchObject({ type: 'binary_expr', operator: '||' });
    expect((concat.left as AstNode).collate).toBeUndefined();
    expect(concat.right).toMatchObject({ type: 'function', collate: { type: 'collate' } });
  });
});
