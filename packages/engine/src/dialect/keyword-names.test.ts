import { AppError } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { type AstNode, columnRef, span, visitsOf } from '../model/ast.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import { parseEach, parseStatements, parseWithLibrary } from './parse.ts';

const columnsOf = (ast: AstNode) =>
  visitsOf(ast)
    .filter((v) => v.node.type === 'column_ref')
    .map((v) => columnRef(v.node)?.column);

describe('names MariaDB takes unquoted that the MySQL grammar reserves', () => {
  it('a rank, option or full column reads as the column, located where it is written', () => {
    const text = 'SELECT t.rank, option, full AS f FROM t WHERE rank <= 10 ORDER BY rank DESC';
    const [statement] = parseStatements(text, 'mysql');
    expect(columnsOf(statement!.ast)).toEqual(['rank', 'option', 'full', 'rank', 'rank']);
    const where = visitsOf(statement!.ast).find((v) => v.node.operator === '<=')!.node;
    const at = span(where, text)!;
    expect(text.slice(at.start, at.end)).toBe('rank <= 10');
  });

  it('an alias named rank, and a table with a rank column and key', () => {
    const [statement] = parseStatements('SELECT score, COUNT(*) AS Rank FROM scores GROUP BY score', 'mysql');
    expect(JSON.stringify(statement!.ast)).toContain('"as":"Rank"');
    const schema = parseSchema('CREATE TABLE lb (id INT, rank INT NOT NULL, KEY idx_rank (rank));', 'mysql');
    expect(schema.tables[0]!.columns.map((c) => c.name)).toEqual(['id', 'rank']);
    expect(schema.tables[0]!.indexes[0]!.columns).toEqual(['rank']);
  });

  it('the keywords stay keywords: RANK() and DATABASE() calls, a WINDOW clause, a user variable @rank', () => {
    const text = 'SELECT @rank := @rank + 1, RANK() OVER w AS r, DATABASE() FROM t WINDOW w AS (ORDER BY a)';
    const [statement] = parseStatements(text, 'mysql');
    const json = JSON.stringify(statement!.ast);
    expect(json).not.toContain('"column":"rank"');
    expect(json).toMatch(/"name":"rank".*"prefix":"@"/);
    expect(json).toMatch(/RANK/);
    expect(parseEach("GRANT ALL ON *.* TO 'app'@'%' WITH GRANT OPTION", 'mysql')[0]!.error).toBeUndefined();
  });

  it('a word MariaDB reserves too is refused at the alias, saying how to write it', () => {
    const [outcome] = parseEach('SELECT id,\n  total AS key FROM orders', 'mysql');
    expect(outcome!.error).toBeInstanceOf(AppError);
    expect(outcome!.error!.detail).toMatchObject({ line: 2, column: 12 });
    const message = (outcome!.error!.detail as { message: { zh: string; en: string } }).message;
    expect(message.en).toContain('"key" is a reserved word');
    expect(message.zh).toContain('保留字');
  });
});

describe('PostgreSQL unreserved keywords as names (session, partition, json, at, set, update...)', () => {
  const words = [
    ...['at', 'json', 'local', 'nulls', 'partition', 'session', 'set', 'update', 'delete', 'insert'],
    ...['over', 'between', 'drop', 'add', 'alter', 'exists'],
  ];

  it('a column so named reads as the column in queries, data changes and structure', () => {
    for (const word of words) {
      const text = `SELECT t.${word}, ${word} FROM t JOIN u ON ${word} = u.a WHERE ${word} = 'x' OR ${word} IS NULL ORDER BY ${word}`;
      const [statement] = parseStatements(text, 'postgresql');
      expect(columnsOf(statement!.ast).filter((c) => c === word)).toHaveLength(6);
      const where = visitsOf(statement!.ast).find((v) => v.node.operator === 'OR')!.node;
      const at = span(where, text)!;
      expect(text.slice(at.start, at.end)).toBe(`${word} = 'x' OR ${word} IS NULL`);
      const [nested] = parseStatements(`SELECT a FROM u WHERE a IN (SELECT ${word} FROM t)`, 'postgresql');
      expect(columnsOf(nested!.ast)).toEqual(['a', 'a', word]);
      const [update] = parseStatements(`UPDATE t SET ${word} = 1 WHERE ${word} > 2 RETURNING ${word}`, 'postgresql');
      expect(columnsOf(update!.ast)).toContain(word);
      const schema = parseSchema(
        `CREATE TABLE t (id int, ${word} text NOT NULL, PRIMARY KEY (id, ${word})); CREATE INDEX i ON t (${word});`,
        'postgresql',
      );
      expect(schema.tables[0]!.columns.map((c) => c.name)).toEqual(['id', word]);
      expect(schema.tables[0]!.indexes.map((i) => i.columns)).toEqual([['id', word], [word]]);
    }
  });

  it('the keywords stay keywords: AT TIME ZONE, PARTITION BY, NULLS FIRST, FOR UPDATE, ON DELETE, types', () => {
    const keywords = [
      "SELECT now() AT TIME ZONE 'UTC', x AT LOCAL, count(*) OVER (PARTITION BY a ORDER BY b NULLS FIRST) FROM t FOR NO KEY UPDATE",
      'WITH RECURSIVE r AS (SELECT 1) DELETE FROM t WHERE a IN (SELECT * FROM r)',
      'WITH moved AS (DELETE FROM t1 WHERE a > 2 RETURNING *) INSERT INTO t2 SELECT * FROM moved',
      "SELECT CAST(a AS json), a::json, json '{}', a IS JSON FROM t FOR UPDATE",
      'INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET b = 2',
    ];
    for (const text of keywords) {
      const [statement] = parseStatements(text, 'postgresql');
      expect(columnsOf(statement!.ast), text).not.toEqual(expect.arrayContaining(words.filter((w) => w !== 'json')));
    }
    const schema = parseSchema(
      'CREATE TABLE p (id int, doc json, UNIQUE NULLS NOT DISTINCT (id)); CREATE TABLE r (id int REFERENCES p (id) ON DELETE SET NULL ON UPDATE CASCADE); ALTER TABLE r ALTER COLUMN id SET NOT NULL;',
      'postgresql',
    );
    expect(schema.tables.map((t) => t.columns.map((c) => `${c.name}:${c.type.toLowerCase()}`))).toEqual([
      ['id:int', 'doc:json'],
      ['id:int'],
    ]);
    // GRANT and trigger events list keywords, not names.
    expect(parseEach('GRANT SELECT, INSERT, UPDATE ON t TO app', 'postgresql')[0]!.error).toBeUndefined();
  });

  it('a word PostgreSQL reserves is still refused as a name', () => {
    expect(parseEach('SELECT a FROM t WHERE order = 1', 'postgresql')[0]!.error).toBeInstanceOf(AppError);
  });
});

describe('more words MariaDB does not reserve: boolean, row, of, get, function, stored, virtual...', () => {
  const words = ['boolean', 'row', 'of', 'get', 'function', 'stored', 'virtual', 'persistent', 'generated'];
  const more = ['last_value', 'json_table', 'minus'];

  it('a column so named reads as the column in queries, data changes and a table definition', () => {
    for (const word of [...words, ...more]) {
      const text = `SELECT k.${word}, ${word}, COUNT(*) AS ${word} FROM k WHERE ${word} = 1 GROUP BY ${word} ORDER BY ${word}`;
      const [statement] = parseStatements(text, 'mysql');
      expect(columnsOf(statement!.ast).filter((c) => c === word)).toHaveLength(5);
      expect(JSON.stringify(statement!.ast)).toContain(`"as":"${word}"`);
      const [update] = parseStatements(`UPDATE k SET ${word} = 1 WHERE ${word} > 2`, 'mysql');
      expect(JSON.stringify(update!.ast)).toContain(`"set":[{"column":"${word}"`);
      const schema = parseSchema(
        `CREATE TABLE k (id INT, ${word} INT NOT NULL, KEY k_${word} (id, ${word}));`,
        'mysql',
      );
      expect(schema.tables[0]!.columns.map((c) => c.name)).toEqual(['id', word]);
      expect(schema.tables[0]!.indexes[0]!.columns).toEqual(['id', word]);
    }
    const [altered] = parseEach('ALTER TABLE k ADD COLUMN stored BOOLEAN, MODIFY virtual INT AFTER row', 'mysql');
    expect(altered!.error).toBeUndefined();
  });

  it('the keywords stay keywords: a BOOLEAN type, generated columns, ROW(), CURRENT ROW, MINUS, calls', () => {
    const schema = parseSchema(
      'CREATE TABLE g (a INT, flag BOOLEAN, b INT GENERATED ALWAYS AS (a + 1) STORED, c INT AS (a * 2) VIRTUAL, d INT AS (a) PERSISTENT, KEY (flag));',
      'mysql',
    );
    const table = schema.tables[0]!;
    expect(table.columns.map((c) => `${c.name}:${c.type.toLowerCase()}`)).toEqual([
      'a:int',
      'flag:boolean',
      'b:int',
      'c:int',
      'd:int',
    ]);
    expect(table.indexes[0]!.columns).toEqual(['flag']);
    // A table made from a query: its definition is not a structure statement's, the parenthesis still ends a clause.
    const [created] = parseEach('CREATE TABLE g (a INT, b INT AS (a + 1) STORED, c INT) SELECT 1 AS a', 'mysql');
    expect(created!.error).toBeUndefined();
    const keywords = [
      'SELECT LAST_VALUE(a) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM t WINDOW w AS (ORDER BY a)',
      'SELECT a FROM t WHERE (a, b) = ROW(1, 2) FOR UPDATE OF t',
      'SELECT a FROM t MINUS SELECT a FROM u',
      "SELECT j.x FROM JSON_TABLE('[1]', '$[*]' COLUMNS (x INT PATH '$')) AS j",
    ];
    // Through the library parser, which this preparation is for (the engine's own reader reads some of these first).
    for (const text of keywords) {
      expect(columnsOf(parseWithLibrary(text, 'mysql')), text).not.toEqual(expect.arrayContaining([...words, ...more]));
    }
    const [minus] = parseStatements('SELECT a FROM t MINUS SELECT a FROM u', 'mysql');
    expect(JSON.stringify(minus!.ast).toLowerCase()).toContain('"set_op":"minus"');
  });
});

describe('PostgreSQL: keywords before a dot, as aliases after AS, and where they stay keywords', () => {
  it('a keyword before a dot is a table name, an unreserved one a table alias after AS', () => {
    const text = 'SELECT session.id, at.id FROM sessions AS session JOIN t AS at ON at.id = session.id';
    const [statement] = parseStatements(text, 'postgresql');
    expect(
      visitsOf(statement!.ast)
        .filter((v) => v.node.type === 'column_ref')
        .map((v) => v.node.table),
    ).toEqual(['session', 'at', 'at', 'session']);
    expect(JSON.stringify(statement!.ast)).toContain('"as":"session"');
  });

  it('after AS in a select list or RETURNING any keyword is the output name, reserved ones too', () => {
    const labels = ['count', 'year', 'value', 'type', 'key', 'level', 'position', 'order', 'user', 'limit', 'from'];
    for (const label of labels) {
      const [statement] = parseStatements(`SELECT a, count(*) AS ${label}, b AS x FROM t GROUP BY a, b`, 'postgresql');
      expect(JSON.stringify(statement!.ast), label).toContain(`"as":"${label}"`);
    }
    const [returning] = parseStatements('DELETE FROM t WHERE a = 1 RETURNING id AS order, b AS end', 'postgresql');
    expect(JSON.stringify(returning!.ast)).toMatch(/"as":"order".*"as":"end"/);
    const [cased] = parseStatements(
      'SELECT CASE WHEN a THEN 1 END AS end, a IS DISTINCT FROM b AS from FROM t',
      'postgresql',
    );
    expect(JSON.stringify(cased!.ast)).toMatch(/"as":"end".*"as":"from"/);
  });

  it('the keywords stay keywords: OVER after a call, BETWEEN after an operand, EXISTS (...), ALTER actions', () => {
    const text =
      'SELECT count(*) OVER (PARTITION BY a), sum(b) FILTER (WHERE c) OVER w FROM t ' +
      'WHERE x BETWEEN -1 AND 1 AND y NOT BETWEEN $1 AND $2 AND EXISTS (SELECT 1) AND NOT EXISTS (SELECT 2) WINDOW w AS (ORDER BY a)';
    const ast = parseWithLibrary(text, 'postgresql');
    expect(columnsOf(ast)).not.toEqual(expect.arrayContaining(['over', 'between', 'exists']));
    const json = JSON.stringify(ast);
    expect(json.match(/"over":\{/g)).toHaveLength(2);
    expect(json.match(/"operator":"(NOT )?BETWEEN"/g)).toHaveLength(2);
    const schema = parseSchema(
      'CREATE TABLE IF NOT EXISTS s (id int, a int, b int); ALTER TABLE s ADD COLUMN c int, DROP COLUMN a, ALTER COLUMN b SET NOT NULL, ADD CONSTRAINT u UNIQUE (c);',
      'postgresql',
    );
    expect(schema.tables[0]!.columns.map((c) => c.name)).toEqual(['id', 'b', 'c']);
    const alter =
      'ALTER TABLE s ADD COLUMN c int, DROP COLUMN a, ALTER COLUMN b SET NOT NULL, ADD CONSTRAINT u UNIQUE (c)';
    expect(parseEach(alter, 'postgresql')[0]!.error).toBeUndefined();
    const [merge] = parseEach(
      'MERGE INTO t USING u ON t.id = u.id WHEN MATCHED AND u.gone THEN DELETE WHEN MATCHED THEN UPDATE SET a = u.a WHEN NOT MATCHED THEN INSERT VALUES (u.id, u.a)',
      'postgresql',
    );
    expect(merge!.error).toBeUndefined();
  });

  it('a reserved word is still refused as a name, and as a table alias after AS', () => {
    expect(parseEach('SELECT a FROM t AS order', 'postgresql')[0]!.error).toBeInstanceOf(AppError);
    expect(parseEach('SELECT a FROM t WHERE user = 1 AND limit = 2', 'postgresql')[0]!.error).toBeInstanceOf(AppError);
    expect(parseEach('SELECT CAST(a AS json) AS json FROM t', 'postgresql')[0]!.error).toBeUndefined();
  });
});

describe('PostgreSQL output names without AS (bare labels), and keywords as table aliases without AS', () => {
  const aliases = (ast: AstNode) => (ast.columns as AstNode[]).map((c) => c.as ?? null);
  const operators = (ast: AstNode) => visitsOf(ast).flatMap((v) => (v.node.operator ? [v.node.operator] : []));

  it('a keyword PostgreSQL takes as a bare label ends its item as the output name, reserved ones too', () => {
    const text =
      'SELECT count(*) total, a and, b is, c end, CASE WHEN d THEN 1 END end, sum(e) all, count(*) delete, ' +
      "null not, 'x' distinct, f desc FROM t";
    const [statement] = parseStatements(text, 'postgresql');
    expect(aliases(statement!.ast)).toEqual(
      ['total', 'and', 'is', 'end', 'end', 'all', 'delete', 'not', 'distinct', 'desc'].map(String),
    );
    expect(columnsOf(statement!.ast)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    const [last] = parseStatements('SELECT a FROM t WHERE a > 1 UNION SELECT b then FROM u', 'postgresql');
    expect(JSON.stringify(last!.ast)).toContain('"as":"then"');
    const [returning] = parseStatements('UPDATE t SET a = 1 RETURNING id all, a in', 'postgresql');
    expect(JSON.stringify(returning!.ast)).toMatch(/"as":"all".*"as":"in"/);
  });

  it('the keywords stay keywords where an item goes on: AND, IS NULL, CASE ... END, BETWEEN, DESC in ORDER BY', () => {
    const text =
      'SELECT a AND b, c IS NULL, d IS NOT TRUE, CASE WHEN e THEN 1 ELSE 2 END, f BETWEEN 1 AND 2, ' +
      "string_agg(g, ',' ORDER BY g DESC), count(*) OVER (ORDER BY h DESC) FROM t WHERE i AND j ORDER BY k DESC";
    const [statement] = parseStatements(text, 'postgresql');
    expect(aliases(statement!.ast).every((as) => as === null)).toBe(true);
    expect(operators(statement!.ast)).toEqual(expect.arrayContaining(['AND', 'IS', 'IS NOT', 'BETWEEN']));
    const json = JSON.stringify(statement!.ast);
    expect(json).toContain('"type":"case"');
    expect(json.match(/"type":"DESC"/g)).toHaveLength(3);
  });

  it('a keyword PostgreSQL does not take as a bare label is still refused there', () => {
    for (const word of ['from', 'limit', 'order', 'where', 'window']) {
      const [outcome] = parseEach(`SELECT a ${word} FROM t`, 'postgresql');
      expect(outcome!.error, word).toBeInstanceOf(AppError);
    }
    // A column named limit, which PostgreSQL refuses too (it used to end in a TypeError).
    expect(parseEach('SELECT limit FROM t', 'postgresql')[0]!.error).toBeInstanceOf(AppError);
  });

  it('an unreserved keyword or between is a table alias without AS, before JOIN or WHERE', () => {
    const [joined] = parseStatements('SELECT at.a FROM t at JOIN u b ON at.a = b.a', 'postgresql');
    expect(JSON.stringify(joined!.ast)).toMatch(/"table":"t","as":"at"/);
    const [between] = parseStatements('SELECT between.a FROM t between WHERE between.a = 1', 'postgresql');
    expect(JSON.stringify(between!.ast)).toMatch(/"table":"t","as":"between"/);
    expect(operators(between!.ast)).not.toContain('BETWEEN');
    const [on] = parseStatements('SELECT 1 FROM t JOIN u ON t.a BETWEEN 1 AND 2', 'postgresql');
    expect(operators(on!.ast)).toContain('BETWEEN');
  });
});

describe('MySQL: a SELECT option as a table alias', () => {
  it('sql_cache before a dot is the alias; SQL_NO_CACHE after SELECT the option', () => {
    const [alias] = parseStatements('SELECT sql_cache.id FROM t sql_cache WHERE sql_cache.id = 1', 'mysql');
    expect(alias!.ast.options).toBeNull();
    expect(JSON.stringify(alias!.ast)).toMatch(/"as":"sql_cache"/);
    const [option] = parseStatements('SELECT SQL_NO_CACHE * FROM t', 'mysql');
    expect(option!.ast.options).toEqual(['SQL_NO_CACHE']);
  });
});

describe('MySQL assignments to user variables inside expressions', () => {
  const assignments = (ast: AstNode) => visitsOf(ast).filter((v) => v.node.type === 'assign');

  it('in parentheses, in CASE, nested in a select item', () => {
    const text =
      'SELECT Score, @rank := @rank + (@prev <> (@prev := Score)) AS r, ' +
      'CASE WHEN @v := Score THEN @n := @n + 1 END AS c FROM Scores WHERE (@x := Score) > 0';
    const [statement] = parseStatements(text, 'mysql');
    const found = assignments(statement!.ast);
    expect(found).toHaveLength(5);
    const inner = found.find((v) => JSON.stringify(v.node.left).includes('"prev"'))!.node;
    expect(inner).toMatchObject({ symbol: ':=', right: { type: 'column_ref' } });
    const at = span(inner, text);
    if (at) expect(text.slice(at.start, at.end)).toContain('@prev := Score');
    expect(JSON.stringify(statement!.ast)).not.toContain('sqltune_form_');
  });

  it('a colon and an equals sign apart are no assignment', () => {
    const [outcome] = parseEach('SELECT (@x : = 1) FROM t', 'mysql');
    expect(outcome!.error).toBeInstanceOf(AppError);
  });
});
