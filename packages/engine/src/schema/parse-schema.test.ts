import { readFileSync } from 'node:fs';
import { AppError, type Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { checkSchema } from './checks.ts';
import type { SchemaModel, TableDef } from './model.ts';
import { parseSchema } from './parse-schema.ts';

/** Real client output, captured by fixtures/capture.sh from MariaDB 10.11. */
function fixture(name: string): string {
  return readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
}

function errorOf(text: string, dialect: Dialect = 'mysql'): AppError {
  try {
    parseSchema(text, dialect);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a 4203 error');
}

function table(schema: SchemaModel, name: string): TableDef {
  const found = schema.tables.find((t) => t.name === name);
  if (!found) throw new Error(`no table ${name}`);
  return found;
}

function indexNames(t: TableDef): Array<[string | null, string]> {
  return t.indexes.map((i) => [i.name, i.columns.join(',')]);
}

/** The structure without statistics, for comparing a schema with the one its DDL reads back as. */
function structure(schema: SchemaModel) {
  return schema.tables.map(({ statistics: _, ...rest }) => rest);
}

const ordersDdl = `CREATE TABLE orders (
  o_id BIGINT NOT NULL,
  o_custkey INT NOT NULL,
  o_status CHAR(1) NOT NULL,
  o_date DATE NOT NULL,
  o_note TEXT
);`;

describe('table structure as pasted mysql client output', () => {
  it('reads a whole session: SHOW CREATE TABLE boxed and \\G, SHOW INDEX \\G and boxed', () => {
    const schema = parseSchema(fixture('mysql-schema-session.txt'), 'mysql');
    expect(schema.tables.map((t) => [t.name, t.line])).toEqual([
      ['customers', 5],
      ['orders', 20],
    ]);
    const orders = table(schema, 'orders');
    // Text columns take the table's COLLATE=, which SHOW CREATE TABLE always prints.
    expect(orders.columns).toEqual([
      { name: 'o_id', type: 'BIGINT', nullable: false },
      { name: 'o_custkey', type: 'INT', nullable: false },
      { name: 'o_status', type: 'CHAR', nullable: false, length: 1, collation: 'utf8mb4_general_ci' },
      { name: 'o_total', type: 'DECIMAL', nullable: true },
      { name: 'o_date', type: 'DATE', nullable: false },
      { name: 'o_note', type: 'TEXT', nullable: true, collation: 'utf8mb4_general_ci' },
    ]);
    // SHOW INDEX names no index the DDL lacks, so nothing is added; the foreign key on o_custkey uses idx_cust.
    expect(indexNames(orders)).toEqual([
      ['PRIMARY', 'o_id'],
      ['idx_cust', 'o_custkey'],
      ['idx_status_date', 'o_status,o_date'],
      ['idx_note', 'o_note'],
    ]);
    // Cardinalities: leading columns' distinct counts, the primary key's as the row count; a prefix index
    // (idx_note, Sub_part 20) counts prefixes, so o_note gets nothing.
    expect(orders.statistics).toEqual({
      table: 'orders',
      rows: 19840,
      columns: [
        { column: 'o_id', distinct: 19840 },
        { column: 'o_custkey', distinct: 2204 },
        { column: 'o_status', distinct: 6 },
      ],
    });
    expect(table(schema, 'customers').statistics).toEqual({
      table: 'customers',
      rows: 1000,
      columns: [
        { column: 'c_id', distinct: 1000 },
        { column: 'c_name', distinct: 1000 },
        { column: 'c_city', distinct: 8 },
      ],
    });
  });

  it('gives the planner the DDL, each CREATE TABLE on the line it was pasted at', () => {
    const schema = parseSchema(fixture('mysql-schema-session.txt'), 'mysql');
    const lines = schema.ddl.split('\n');
    expect(lines[4]).toBe('CREATE TABLE `customers` (');
    expect(lines[19]).toBe('CREATE TABLE `orders` (');
    expect(schema.ddl).toContain('COMMENT \'城市; may be "unknown"\'');
    expect(schema.ddl).not.toMatch(/MariaDB \[shop\]>|rows? in set|^[|+*]/m);
    // The DDL reads back as the same structure, lines included.
    expect(structure(parseSchema(schema.ddl, 'mysql'))).toEqual(structure(schema));
  });

  it('reads mysql --batch output, whose DDL has its newlines escaped', () => {
    const schema = parseSchema(fixture('mysql-show-create-batch.txt'), 'mysql');
    expect(schema.tables.map((t) => [t.name, t.line])).toEqual([
      ['customers', 2],
      ['orders', 4],
    ]);
    expect(schema.ddl).toMatch(/^\nCREATE TABLE `customers` \(\n {2}`c_id` int\(11\) NOT NULL AUTO_INCREMENT,\n/);
    expect(schema.ddl).toContain('`c_city` varchar(40) DEFAULT NULL COMMENT \'城市; may be "unknown"\',\n');
    expect(structure(parseSchema(schema.ddl, 'mysql')).map((t) => t.name)).toEqual(['customers', 'orders']);
  });

  it('reads mysql --raw output, whose DDL keeps its newlines in a tab-separated cell', () => {
    const text = `${fixture('mysql-show-create-raw.txt')}\nCREATE TABLE audit (id INT PRIMARY KEY);`;
    const schema = parseSchema(text, 'mysql');
    expect(schema.tables.map((t) => [t.name, t.line, t.columns.length])).toEqual([
      ['orders', 2, 6],
      ['audit', 16, 1],
    ]);
    expect(schema.ddl.split('\n')[1]).toBe('CREATE TABLE `orders` (');
    expect(schema.ddl).toContain("KEY `idx_status_date` (`o_status`,`o_date`) COMMENT 'status|date',\n");
    expect(structure(parseSchema(schema.ddl, 'mysql'))).toEqual(structure(schema));
  });

  it('adds the indexes SHOW INDEX lists and the DDL lacks, as CREATE INDEX text after the DDL', () => {
    const text = `${ordersDdl}\n\n${fixture('mysql-show-index-batch.txt')}`;
    const schema = parseSchema(text, 'mysql');
    const orders = table(schema, 'orders');
    expect(indexNames(orders)).toEqual([
      ['PRIMARY', 'o_id'],
      ['idx_cust', 'o_custkey'],
      ['idx_status_date', 'o_status,o_date'],
      ['idx_note', 'o_note'],
    ]);
    expect(orders.indexes[0]).toMatchObject({ unique: true, primary: true });
    expect(orders.columns[0]).toMatchObject({ name: 'o_id', nullable: false });
    expect(schema.ddl).toBe(
      [
        ordersDdl,
        '',
        'ALTER TABLE `orders` ADD PRIMARY KEY (`o_id`);',
        'CREATE INDEX `idx_cust` ON `orders` (`o_custkey`);',
        'CREATE INDEX `idx_status_date` ON `orders` (`o_status`, `o_date`);',
        'CREATE INDEX `idx_note` ON `orders` (`o_note`(20));',
        '',
      ].join('\n'),
    );
    expect(orders.statistics?.rows).toBe(19840);
  });

  it('mixes plain DDL, pasted blocks and statistics lines in any order', () => {
    const session = fixture('mysql-schema-session.txt');
    const text = [
      'CREATE TABLE audit (id INT PRIMARY KEY, at DATETIME NOT NULL)',
      '-- sqltune:stats orders rows=5000000',
      session,
      'CREATE INDEX idx_at ON audit (at);',
      '-- sqltune:stats audit rows=42',
    ].join('\n');
    const schema = parseSchema(text, 'mysql');
    expect(schema.tables.map((t) => t.name)).toEqual(['audit', 'customers', 'orders']);
    expect(indexNames(table(schema, 'audit'))).toEqual([
      ['PRIMARY', 'id'],
      ['idx_at', 'at'],
    ]);
    // A stated row count wins over the one inferred from the primary key's cardinality.
    expect(table(schema, 'orders').statistics?.rows).toBe(5_000_000);
    expect(table(schema, 'audit').statistics).toEqual({ table: 'audit', rows: 42, columns: [] });
    // The unterminated first statement is closed before the pasted DDL follows it.
    expect(schema.ddl.split('\n').slice(0, 3)).toEqual([
      'CREATE TABLE audit (id INT PRIMARY KEY, at DATETIME NOT NULL)',
      '-- sqltune:stats orders rows=5000000',
      ';',
    ]);
    expect(structure(parseSchema(schema.ddl, 'mysql')).map((t) => t.name)).toEqual(['audit', 'customers', 'orders']);
  });

  it('passes plain DDL through unchanged (newlines normalized)', () => {
    const text = 'CREATE TABLE t (a INT PRIMARY KEY);\r\n-- sqltune:stats t rows=10\r\nCREATE INDEX i ON t (a);';
    expect(parseSchema(text, 'mysql').ddl).toBe(text.replace(/\r\n/g, '\n'));
    const pg = 'CREATE TABLE "T" (a int PRIMARY KEY)';
    expect(parseSchema(pg, 'postgresql').ddl).toBe(pg);
  });
});

describe('table structure errors', () => {
  it('rejects MySQL client output under the PostgreSQL dialect', () => {
    const error = errorOf(fixture('mysql-schema-session.txt'), 'postgresql');
    expect(error.code).toBe(4203);
    expect(error.detail).toMatchObject({ field: 'schema', line: 3, column: 1 });
    expect(error.detail.message.en).toMatch(/SHOW CREATE TABLE output is MySQL's: choose the MySQL dialect/);
    expect(error.detail.message.zh).toMatch(/MySQL 方言/);
  });

  it('reads a table option word with no value after it as the parser does, never failing on its own', () => {
    // ENGINE=SEQUENCE ends on SEQUENCE, also a MariaDB table option (SEQUENCE=1): it once threw a TypeError.
    for (const text of ['CREATE TABLE t (a int) ENGINE=SEQUENCE', 'CREATE TABLE t (a int) CHECKSUM']) {
      let outcome: unknown;
      try {
        outcome = parseSchema(text, 'mysql').tables.map((t) => t.name);
      } catch (error) {
        outcome = error;
      }
      expect(outcome instanceof AppError || Array.isArray(outcome), String(outcome)).toBe(true);
    }
    expect(table(parseSchema('CREATE TABLE t (a int) CHECKSUM=1', 'mysql'), 't').columns).toHaveLength(1);
  });

  it('sends statistics results to the statistics field', () => {
    const text = `${ordersDdl}\n${fixture('mysql-table-status-vertical.txt')}`;
    expect(errorOf(text).detail).toMatchObject({ field: 'schema', line: 8 });
    expect(errorOf(text).detail.message.en).toBe(
      'this is SHOW TABLE STATUS output, which is statistics: give it in the statistics field',
    );
  });

  it('points at a syntax error inside pasted DDL', () => {
    const broken = fixture('mysql-schema-session.txt').replace(
      '`o_custkey` int(11) NOT NULL,',
      '`o_custkey` int(11) NOT NULL NULL NOT,',
    );
    const error = errorOf(broken);
    expect(error.detail).toMatchObject({ field: 'schema', line: 22 });
    expect(error.detail.message.en).toBe('table structure syntax error: unexpected "NOT"');
    expect(error.detail.message.zh).toBe('表结构语法错误：无法识别 "NOT"');
  });

  it('points at SHOW INDEX rows whose table or column is unknown', () => {
    const noTable = errorOf(fixture('mysql-show-index-batch.txt'));
    expect(noTable.detail).toMatchObject({ field: 'schema', line: 2, column: 1 });
    expect(noTable.detail.message.en).toMatch(/table orders, which is not defined above it/);

    const index = fixture('mysql-show-index-batch.txt').replace('\to_note\t', '\to_memo\t');
    const noColumn = errorOf(`${ordersDdl}\n${index}`);
    // orders<TAB>1<TAB>idx_note<TAB>1<TAB>o_memo: the column name starts at column 21.
    expect(noColumn.detail).toMatchObject({ line: 13, column: 21 });
    expect(noColumn.detail.message.en).toBe('table orders has no column o_memo');
  });

  it('points at bad statistics lines', () => {
    const bad = errorOf('CREATE TABLE t (a INT);\n-- sqltune:stats t rows=many');
    expect(bad.detail).toMatchObject({ field: 'schema', line: 2, column: 20 });
    expect(bad.detail.message.en).toBe('statistics: cannot read "rows=many", expected key=number');

    const noRows = errorOf('CREATE TABLE t (a INT);\n-- sqltune:stats t.a distinct=3');
    expect(noRows.detail).toMatchObject({ line: 2, column: 18 });
    expect(noRows.detail.message.en).toMatch(/no row count for table t: add a line -- sqltune:stats t rows=N/);

    expect(errorOf('CREATE TABLE t (a INT);\n-- sqltune:stats t.b distinct=3').detail.message.en).toMatch(
      /no such column t\.b/,
    );
    expect(errorOf('CREATE TABLE t (a INT);\n-- sqltune:stats u rows=3').detail.message.en).toMatch(/no such table u/);
  });

  it('rejects results it cannot name, and statements that are not structure', () => {
    const unknown = errorOf('+---+---+\n| x | y |\n+---+---+\n| 1 | 2 |\n+---+---+');
    expect(unknown.detail).toMatchObject({ line: 2 });
    expect(unknown.detail.message.en).toMatch(/cannot tell which result this is \(columns x, y\)/);
    const call = errorOf('CREATE TABLE t (a INT);\n  CALL refresh_totals();');
    expect(call.detail).toMatchObject({ field: 'schema', line: 2, column: 3 });
    // A data step is skipped instead (data-steps.ts), its line in the note.
    const insert = parseSchema('CREATE TABLE t (a INT);\n  INSERT INTO t SELECT a FROM t;', 'mysql');
    expect(insert.notes?.[0]?.en).toMatch(/^1 data change \(INSERT t line 2\)/);
  });
});

describe('statements hidden from the check', () => {
  const rejectedAt = (text: string, dialect: 'mysql' | 'postgresql') => {
    try {
      parseSchema(text, dialect);
    } catch (error) {
      const detail = (error as { detail?: { code: number; line?: number; column?: number } }).detail;
      return detail && { code: detail.code, line: detail.line, column: detail.column };
    }
    return undefined;
  };

  it("PostgreSQL: a statement after E'\\'' is checked (and refused) like any other", () => {
    const text = "CREATE TABLE t (a text DEFAULT E'\\'');\nCOPY t TO PROGRAM 'cat /etc/passwd';";
    expect(rejectedAt(text, 'postgresql')).toEqual({ code: 4203, line: 2, column: 1 });
  });

  it('PostgreSQL: nested comments and dollar bodies hide nothing', () => {
    expect(rejectedAt('CREATE TABLE t (a int); /* /* */ ; */ CREATE ROLE r;', 'postgresql')?.code).toBe(4203);
    expect(rejectedAt('CREATE TABLE t (a text DEFAULT $q1$x$q1$); CALL p();', 'postgresql')?.code).toBe(4203);
  });

  it('MySQL: executable comments and -- without a blank hide nothing', () => {
    expect(rejectedAt('CREATE TABLE t (a int) /*!; CREATE USER x */;', 'mysql')?.code).toBe(4203);
    expect(rejectedAt('CREATE TABLE t (a int) --x; CALL y();\n', 'mysql')?.code).toBe(4203);
    expect(rejectedAt("CREATE TABLE t (a varchar(9) DEFAULT 'x\\''); CALL y();", 'mysql')?.code).toBe(4203);
    // A data step so placed is seen as well: skipped with its note, and gone from the text the sandbox runs.
    for (const text of [
      'CREATE TABLE t (a int) --x; DELETE FROM y;\n',
      "CREATE TABLE t (a varchar(9) DEFAULT 'x\\''); DELETE FROM y;",
    ]) {
      const schema = parseSchema(text, 'mysql');
      expect(schema.ddl, text).not.toMatch(/DELETE/);
      expect(schema.notes?.[0]?.en, text).toMatch(/^1 data change \(DELETE y line 1\)/);
    }
  });

  it('still reads the same structure when nothing is hidden', () => {
    const schema = parseSchema("CREATE TABLE t (a text DEFAULT E'it\\'s');\nCREATE INDEX i ON t (a);", 'postgresql');
    expect(schema.tables.map((t) => [t.name, t.indexes.length])).toEqual([['t', 1]]);
  });
});

describe('which table constraints create an index', () => {
  const ddl =
    'CREATE TABLE b (id INT PRIMARY KEY);\nCREATE TABLE a (x INT, y INT, CONSTRAINT c1 CHECK (x > 0), FOREIGN KEY (y) REFERENCES b (id), PRIMARY KEY (x));';
  it('PostgreSQL: keys do, FOREIGN KEY and CHECK do not', () => {
    const a = parseSchema(ddl, 'postgresql').tables.find((t) => t.name === 'a')!;
    expect(a.indexes.map((i) => i.columns)).toEqual([['x']]);
  });
  it('MySQL: InnoDB indexes a foreign key (unless an index starts with its columns), CHECK creates nothing', () => {
    const a = parseSchema(ddl, 'mysql').tables.find((t) => t.name === 'a')!;
    expect(a.indexes.map((i) => i.columns)).toEqual([['x'], ['y']]);
    const indexed = parseSchema(
      'CREATE TABLE b (id INT PRIMARY KEY);\nCREATE TABLE a (x INT, y INT, KEY k (y, x), FOREIGN KEY (y) REFERENCES b (id));',
      'mysql',
    ).tables.find((t) => t.name === 'a')!;
    expect(indexed.indexes.map((i) => i.columns)).toEqual([['y', 'x']]);
  });
});

describe('MySQL FULLTEXT and SPATIAL keys', () => {
  const methods = (text: string) =>
    parseSchema(text, 'mysql').tables[0]!.indexes.map((i) => [i.name, i.method ?? 'btree']);
  it('marks them in CREATE TABLE, CREATE INDEX and ALTER TABLE, and leaves B-tree keys unmarked', () => {
    const ddl = `CREATE TABLE t (id INT PRIMARY KEY, title VARCHAR(100), body TEXT, g POINT NOT NULL,
  FULLTEXT KEY ft (title), SPATIAL KEY sp (g), KEY b (title), FULLTEXT INDEX ft2 (title, body));
CREATE FULLTEXT INDEX ft3 ON t (body);
CREATE SPATIAL INDEX sp2 ON t (g);
CREATE INDEX b2 ON t (body(10));
ALTER TABLE t ADD FULLTEXT INDEX ft4 (title), ADD SPATIAL sp3 (g), ADD INDEX b3 (title, body(5));`;
    expect(methods(ddl)).toEqual([
      ['PRIMARY', 'btree'],
      ['ft', 'fulltext'],
      ['sp', 'spatial'],
      ['b', 'btree'],
      ['ft2', 'fulltext'],
      ['ft3', 'fulltext'],
      ['sp2', 'spatial'],
      ['b2', 'btree'],
      ['ft4', 'fulltext'],
      ['sp3', 'spatial'],
      ['b3', 'btree'],
    ]);
  });
  it('marks the ones SHOW INDEX lists by their Index_type', () => {
    const showIndex = [
      'Table\tNon_unique\tKey_name\tSeq_in_index\tColumn_name\tCollation\tCardinality\tSub_part\tPacked\tNull\tIndex_type\tComment\tIndex_comment',
      't\t0\tPRIMARY\t1\tid\tA\t100\tNULL\tNULL\t\tBTREE\t\t',
      't\t1\tft\t1\ttitle\tNULL\tNULL\tNULL\tNULL\tYES\tFULLTEXT\t\t',
      't\t1\tb\t1\ttitle\tA\t50\tNULL\tNULL\tYES\tBTREE\t\t',
    ].join('\n');
    const schema = parseSchema(`CREATE TABLE t (id INT NOT NULL, title VARCHAR(100));\n\n${showIndex}`, 'mysql');
    expect(schema.tables[0]!.indexes.map((i) => [i.name, i.method ?? 'btree'])).toEqual([
      ['PRIMARY', 'btree'],
      ['ft', 'fulltext'],
      ['b', 'btree'],
    ]);
    expect(schema.ddl).toContain('CREATE FULLTEXT INDEX `ft` ON `t` (`title`);');
  });
  it('lets InnoDB index a foreign key a FULLTEXT key starts with, as a B-tree one does not', () => {
    const ddl = (key: string) =>
      `CREATE TABLE t (id INT PRIMARY KEY, code VARCHAR(10), ${key}, FOREIGN KEY (code) REFERENCES c (code));`;
    expect(methods(ddl('FULLTEXT KEY ft (code)'))).toEqual([
      ['PRIMARY', 'btree'],
      ['ft', 'fulltext'],
      [null, 'btree'],
    ]);
    expect(methods(ddl('KEY k (code)'))).toEqual([
      ['PRIMARY', 'btree'],
      ['k', 'btree'],
    ]);
  });
});

describe('PostgreSQL operator classes of contrib extensions', () => {
  it('reads a schema-qualified operator class as pg_dump prints it (an extension in public)', () => {
    const schema = parseSchema(
      `CREATE TABLE public.users (name text, email text, tags text);
CREATE INDEX users_name_trgm ON public.users USING gin (name public.gin_trgm_ops);
CREATE INDEX users_two ON public.users USING gist (email COLLATE "C" public.gist_trgm_ops, tags);
CREATE INDEX users_expr ON public.users (lower(public.users.name));`,
      'postgresql',
    );
    const users = schema.tables.find((t) => t.name === 'users')!;
    // An expression element is no column (as before); a qualified name inside it is not an operator class.
    expect(users.indexes.map((i) => [i.name, i.columns])).toEqual([
      ['users_name_trgm', ['name']],
      ['users_two', ['email', 'tags']],
      ['users_expr', ['']],
    ]);
  });
});

describe('MySQL collations of text columns', () => {
  const collations = (ddl: string, dialect: 'mysql' | 'postgresql' = 'mysql') =>
    parseSchema(ddl, dialect).tables[0]!.columns.map((c) => [c.name, c.collation ?? null]);

  it("takes the column's COLLATE, else the table's COLLATE=, for text columns only", () => {
    expect(
      collations(
        'CREATE TABLE t (a VARCHAR(9) COLLATE utf8mb4_bin, b TEXT, c CHAR(2) CHARACTER SET latin1 COLLATE latin1_bin, n INT) DEFAULT CHARSET=utf8mb4 COLLATE=UTF8MB4_General_CI',
      ),
    ).toEqual([
      ['a', 'utf8mb4_bin'],
      ['b', 'utf8mb4_general_ci'],
      ['c', 'latin1_bin'],
      ['n', null],
    ]);
  });

  it('leaves it unknown where a default collation decides, and in PostgreSQL', () => {
    // A character set of its own brings that set's default collation, which differs between versions.
    expect(collations('CREATE TABLE t (a VARCHAR(9) CHARACTER SET latin1) COLLATE=utf8mb4_bin')).toEqual([['a', null]]);
    expect(collations('CREATE TABLE t (a VARCHAR(9)) DEFAULT CHARSET=utf8mb4')).toEqual([['a', null]]);
    expect(collations('CREATE TABLE t (a VARCHAR(9))')).toEqual([['a', null]]);
    expect(collations('CREATE TABLE t (a VARCHAR(9))', 'postgresql')).toEqual([['a', null]]);
  });
});

describe('PostgreSQL forms of extensions, as pg_dump prints them', () => {
  const indexes = (ddl: string) =>
    parseSchema(ddl, 'postgresql').tables.flatMap((t) => t.indexes.map((i) => [i.name, i.columns]));

  it("reads any index method after USING (pgvector's hnsw and ivfflat, bloom), with its options", () => {
    expect(
      indexes(`CREATE TABLE public.documents (id bigint NOT NULL, embedding public.vector(1536), tag integer);
CREATE INDEX documents_hnsw ON public.documents USING hnsw (embedding public.vector_cosine_ops) WITH (m='16', ef_construction='64');
CREATE INDEX documents_ivf ON public.documents USING ivfflat (embedding vector_l2_ops) WITH (lists='100');
CREATE INDEX documents_bloom ON public.documents USING bloom (id, tag);`),
    ).toEqual([
      ['documents_hnsw', ['embedding']],
      ['documents_ivf', ['embedding']],
      ['documents_bloom', ['id', 'tag']],
    ]);
  });

  it('still refuses an index method with no key list', () => {
    const error = errorOf('CREATE TABLE t (e int);\nCREATE INDEX i ON t USING hnsw e;', 'postgresql');
    expect(error.detail).toMatchObject({ code: 4203, line: 2 });
  });

  it('reads an operator class after an expression element, qualified or not', () => {
    expect(
      indexes(`CREATE TABLE public.t (name character varying(100));
CREATE INDEX t_lower ON public.t USING btree (lower((name)::text) public.text_pattern_ops);
CREATE INDEX t_lower2 ON public.t (lower(name) text_pattern_ops);`),
    ).toEqual([
      ['t_lower', ['']],
      ['t_lower2', ['']],
    ]);
  });

  it('reads type modifiers that are names (PostGIS), and refuses other modifier text', () => {
    const columns = parseSchema(
      'CREATE TABLE public.places (id integer, geom public.geometry(Point,4326), area geography(MultiPolygon, 4326)[]);',
      'postgresql',
    ).tables[0]!.columns.map((c) => [c.name, c.type]);
    expect(columns).toEqual([
      ['id', 'INTEGER'],
      ['geom', 'GEOMETRY'],
      ['area', 'GEOGRAPHY'],
    ]);
    const error = errorOf("CREATE TABLE places (geom public.geometry('Point'));", 'postgresql');
    expect(error.detail).toMatchObject({ code: 4203, line: 1 });
  });
});

describe('redundant indexes of the table structure check', () => {
  const redundant = (ddl: string) =>
    checkSchema(parseSchema(ddl, 'postgresql'), 'postgresql')
      .filter((f) => f.id === 'schema-redundant-index')
      .map((f) => f.message.en);

  it('compares indexes of one access method only, and expression keys by their text', () => {
    expect(
      redundant(`CREATE TABLE d (id int PRIMARY KEY, e vector(3), name text);
CREATE INDEX d_hnsw ON d USING hnsw (e vector_cosine_ops);
CREATE INDEX d_ivf ON d USING ivfflat (e vector_l2_ops);
CREATE INDEX d_lower ON d (lower(name));
CREATE INDEX d_upper ON d (upper(name) text_pattern_ops);`),
    ).toEqual([]);
  });

  it('finds an expression index that is a prefix of another on the same expression, in both dialects', () => {
    expect(
      redundant(`CREATE TABLE d (id int PRIMARY KEY, name text);
CREATE INDEX d_lower ON d (lower(name));
CREATE INDEX d_lower_id ON d (lower(name), id);
CREATE INDEX d_upper ON d ((upper(name)));
CREATE INDEX d_upper_quoted ON d (upper("name"), id);`),
    ).toEqual([
      'Index d_lower on d is a prefix of d_lower_id; dropping it saves write cost.',
      // `upper("name")` is `upper(name)`: expressions are compared as printed, not as written.
      'Index d_upper on d is a prefix of d_upper_quoted; dropping it saves write cost.',
    ]);
    const mysql = checkSchema(
      parseSchema(
        'CREATE TABLE `d` (`id` int, `s` varchar(9), KEY `a` ((lower(`s`))), KEY `b` ((lower(`s`)),`id`), KEY `c` ((upper(`s`))))',
        'mysql',
      ),
      'mysql',
    ).filter((f) => f.id === 'schema-redundant-index');
    expect(mysql.map((f) => f.message.en)).toEqual(['Index a on d is a prefix of b; dropping it saves write cost.']);
  });

  it("compares operator classes and collations: Django's pattern index beside a unique key is no prefix", () => {
    expect(
      redundant(`CREATE TABLE public.auth_group (id integer PRIMARY KEY, name character varying(150) NOT NULL);
ALTER TABLE ONLY public.auth_group ADD CONSTRAINT auth_group_name_key UNIQUE (name);
CREATE INDEX auth_group_name_like ON public.auth_group USING btree (name varchar_pattern_ops);
CREATE INDEX auth_group_name_c ON public.auth_group USING btree (name COLLATE "C");
CREATE INDEX auth_group_name_c2 ON public.auth_group USING btree (name COLLATE "C", id);`),
    ).toEqual([
      'Index auth_group_name_c on auth_group is a prefix of auth_group_name_c2; dropping it saves write cost.',
    ]);
  });

  it('still finds a B-tree prefix of another B-tree, and one method beside itself', () => {
    expect(
      redundant(`CREATE TABLE d (id int PRIMARY KEY, a int, b int, e vector(3));
CREATE INDEX d_a ON d (a);
CREATE INDEX d_ab ON d USING btree (a, b);
CREATE INDEX d_ivf1 ON d USING ivfflat (e);
CREATE INDEX d_ivf2 ON d USING ivfflat (e);`),
    ).toEqual([
      'Index d_a on d is a prefix of d_ab; dropping it saves write cost.',
      'Index d_ivf2 on d is a prefix of d_ivf1; dropping it saves write cost.',
    ]);
  });
});

describe("PostgreSQL ALTER TABLE as pg_dump writes a table's constraints", () => {
  const base = 'CREATE TABLE public.a (id integer NOT NULL);\nCREATE TABLE public."B" (id integer, a_id integer);\n';
  const keysOf = (alter: string) => {
    const schema = parseSchema(base + alter, 'postgresql');
    return table(schema, 'B').indexes.map((i) => [i.name, i.columns.join(','), i.primary]);
  };

  it('reads the keys, whatever pg_dump writes around them', () => {
    expect(
      keysOf(`ALTER TABLE ONLY public."B"
    ADD CONSTRAINT "B_pkey" PRIMARY KEY (id) INCLUDE (a_id) WITH (fillfactor='90') USING INDEX TABLESPACE fast;
ALTER TABLE ONLY public."B" ADD CONSTRAINT b_uniq UNIQUE NULLS NOT DISTINCT (a_id, id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE IF EXISTS ONLY public."B" ADD UNIQUE (a_id), ADD CONSTRAINT c CHECK (id > 0) NOT VALID;`),
    ).toEqual([
      ['PRIMARY', 'id', true],
      ['b_uniq', 'a_id,id', false],
      [null, 'a_id', false],
    ]);
    expect(
      table(parseSchema(`${base}ALTER TABLE ONLY public."B" ADD PRIMARY KEY (id);`, 'postgresql'), 'B').columns[0]!
        .nullable,
    ).toBe(false);
  });

  it('takes the constraints that make no key (Django’s deferrable foreign keys, NOT VALID, EXCLUDE) as no key', () => {
    expect(
      keysOf(`ALTER TABLE ONLY public."B"
    ADD CONSTRAINT b_a_fk FOREIGN KEY (a_id) REFERENCES public.a(id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE ONLY public."B" ADD CONSTRAINT b_a_fk2 FOREIGN KEY (a_id) REFERENCES public.a(id) NOT VALID;
ALTER TABLE public."B" ADD CONSTRAINT b_ex EXCLUDE USING gist (id WITH =);
ALTER TABLE ONLY public."B" ADD CONSTRAINT b_pkey PRIMARY KEY USING INDEX b_idx;`),
    ).toEqual([]);
  });

  it('still refuses a key on a table that is not defined', () => {
    const error = errorOf(`${base}ALTER TABLE ONLY public.nope ADD CONSTRAINT n_pkey PRIMARY KEY (id);`, 'postgresql');
    expect(error.detail).toMatchObject({ code: 4203, line: 3 });
    expect(error.detail.message.en).toContain('table nope, which is not defined');
  });
});

describe("psql's \\d output as the PostgreSQL table structure", () => {
  const DESCRIBE = `                                       Table "public.documents"
  Column   |     Type     | Collation | Nullable |                Default
-----------+--------------+-----------+----------+---------------------------------------
 id        | bigint       |           | not null | nextval('documents_id_seq'::regclass)
 title     | text         | C         | not null |
 embedding | vector(1536) |           |          |
Indexes:
    "documents_pkey" PRIMARY KEY, btree (id)
    "documents_embedding_idx" hnsw (embedding vector_cosine_ops)
    "documents_title_key" UNIQUE CONSTRAINT, btree (title) NULLS NOT DISTINCT
    "documents_title_lower" btree (lower(title) text_pattern_ops) INCLUDE (id) WHERE id > 0 CLUSTER
Check constraints:
    "documents_id_check" CHECK (id > 0)
Foreign-key constraints:
    "documents_owner_fk" FOREIGN KEY (id) REFERENCES owners(id)
Triggers:
    documents_touch BEFORE UPDATE ON documents FOR EACH ROW EXECUTE FUNCTION touch()

                 Table "audit.events"
 Column |  Type   | Collation | Nullable | Default
--------+---------+-----------+----------+---------
 id     | integer |           | not null |
Indexes:
    "events_pkey" PRIMARY KEY, btree (id)
`;

  it('reads the columns, keys and indexes into the DDL the sandbox runs', () => {
    const schema = parseSchema(DESCRIBE, 'postgresql');
    const documents = table(schema, 'documents');
    expect(documents.columns.map((c) => [c.name, c.type, c.nullable])).toEqual([
      ['id', 'BIGINT', false],
      ['title', 'TEXT', false],
      ['embedding', 'VECTOR', true],
    ]);
    expect(indexNames(documents)).toEqual([
      ['PRIMARY', 'id'],
      ['documents_embedding_idx', 'embedding'],
      ['documents_title_key', 'title'],
      ['documents_title_lower', ''],
    ]);
    expect(indexNames(table(schema, 'events'))).toEqual([['PRIMARY', 'id']]);
    // Defaults (a sequence the paste does not define), foreign keys and triggers are left out.
    expect(schema.ddl).not.toMatch(/nextval|FOREIGN KEY|TRIGGER|touch/);
    expect(schema.ddl).toContain('"title" text COLLATE "C" NOT NULL');
    expect(schema.ddl).toContain(
      'CREATE INDEX "documents_title_lower" ON "documents" USING btree (lower(title) text_pattern_ops) INCLUDE (id) WHERE id > 0;',
    );
    expect(schema.ddl).toContain('ALTER TABLE "documents" ADD CONSTRAINT "documents_id_check" CHECK (id > 0);');
    expect(schema.ddl).toContain('CREATE SCHEMA IF NOT EXISTS "audit";\nCREATE TABLE "audit"."events" (');
  });

  it('resolves a column of a domain the paste defines to its base type, and plans a collation the sandbox may lack', () => {
    const paste = `CREATE DOMAIN public.email_address AS character varying(200) CHECK (VALUE LIKE '%@%');
CREATE DOMAIN unused_domain AS int;
CREATE TYPE money_span AS RANGE (subtype = numeric, canonical = span_canonical);

                  Table "public.users"
 Column |     Type      | Collation  | Nullable | Default
--------+---------------+------------+----------+---------
 id     | integer       |            | not null |
 email  | email_address | en_US.utf8 | not null |
 name   | text          | C          |          |
 budget | money_span    |            |          |
Indexes:
    "users_pkey" PRIMARY KEY, btree (id)
`;
    const schema = parseSchema(paste, 'postgresql');
    expect(table(schema, 'users').columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'INTEGER'],
      ['email', 'CHARACTER VARYING'],
      ['name', 'TEXT'],
      ['budget', 'NUMRANGE'],
    ]);
    expect(schema.ddl).toContain('"email" character varying(200)  NOT NULL');
    expect(schema.ddl).toContain('"name" text COLLATE "C"');
    expect(schema.notes?.map((n) => n.en)).toEqual([
      expect.stringMatching(/^1 unused domain \(unused_domain line 2\)/),
      expect.stringMatching(/^column users\.email of domain public\.email_address planned as its base type/),
      expect.stringContaining('money_span (line 3; columns users.budget) as numrange'),
      expect.stringContaining('en_US.utf8 → the database default'),
    ]);
    // Without the CREATE DOMAIN in the paste, the type is the sandbox's to know (a stand-in there, with its note).
    expect(table(parseSchema(paste.split('\n').slice(3).join('\n'), 'postgresql'), 'users').columns[1]!.type).toBe(
      'EMAIL_ADDRESS',
    );
  });

  it('refuses the columns without their title line, and reads nothing of it for MySQL', () => {
    const untitled = DESCRIBE.split('\n').slice(1).join('\n');
    expect(errorOf(untitled, 'postgresql').detail).toMatchObject({ code: 4203, line: 1 });
    expect(errorOf(DESCRIBE, 'mysql').detail).toMatchObject({ code: 4203 });
  });
});

describe('missing primary key in the table structure check', () => {
  const missing = (ddl: string, dialect: 'mysql' | 'postgresql') =>
    checkSchema(parseSchema(ddl, dialect), dialect)
      .filter((f) => f.id === 'schema-missing-primary-key')
      .map((f) => f.message.en);

  it("says why in the database's own terms: InnoDB's hidden clustered key in MySQL, replica identity in PostgreSQL", () => {
    const [pg] = missing('CREATE TABLE archived_jobs (id bigint, payload jsonb);', 'postgresql');
    expect(pg).toContain('logical replication');
    expect(pg).not.toContain('InnoDB');
    expect(missing('CREATE TABLE archived_jobs (id BIGINT, payload JSON);', 'mysql')).toEqual([
      expect.stringContaining('InnoDB then clusters on a hidden key'),
    ]);
    expect(missing('CREATE TABLE jobs (id bigserial PRIMARY KEY);', 'postgresql')).toEqual([]);
  });
});
