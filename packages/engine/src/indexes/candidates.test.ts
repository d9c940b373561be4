import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import { indexCandidates } from './candidates.ts';

const schema = parseSchema(
  `CREATE TABLE orders (o_orderkey INT PRIMARY KEY, o_custkey INT, o_status CHAR(1), o_orderdate DATE, o_clerk VARCHAR(15), KEY k_clerk (o_clerk));`,
  'mysql',
);

function candidates(sql: string) {
  return indexCandidates(parseStatements(sql, 'mysql')[0]!, schema).map((c) => c.ddl);
}

describe('index candidates', () => {
  it('puts equality columns first, then one range column', () => {
    expect(
      candidates("SELECT 1 FROM orders WHERE o_custkey = 7 AND o_status = 'F' AND o_orderdate > '1995-01-01'")[0],
    ).toBe(
      'CREATE INDEX `idx_orders_o_custkey_o_status_o_orderdate` ON `orders` (`o_custkey`, `o_status`, `o_orderdate`);',
    );
  });

  it('skips columns an existing index already leads with', () => {
    expect(candidates("SELECT 1 FROM orders WHERE o_clerk = 'x'")).toEqual([]);
    expect(candidates('SELECT 1 FROM orders WHERE o_orderkey = 1')).toEqual([]);
  });

  it('counts a prefix LIKE as a range and ignores a leading wildcard', () => {
    expect(candidates("SELECT 1 FROM orders o WHERE o.o_status LIKE 'F%'")).toEqual([
      'CREATE INDEX `idx_orders_o_status` ON `orders` (`o_status`);',
    ]);
    expect(candidates("SELECT 1 FROM orders WHERE o_status LIKE '%F'")).toEqual([]);
  });

  it('proposes nothing that a unique key already pins to one row', () => {
    // o_orderkey is the primary key: (o_orderkey, o_status) finds the same single row as the key itself.
    expect(candidates("SELECT 1 FROM orders WHERE o_orderkey = 7 AND o_status = 'F'")).toEqual([
      'CREATE INDEX `idx_orders_o_status` ON `orders` (`o_status`);',
    ]);
  });

  it('proposes nothing on a table the statistics say is tiny', () => {
    const small = parseSchema(
      'CREATE TABLE nation (n_nationkey INT PRIMARY KEY, n_name CHAR(25));\n-- sqltune:stats nation rows=25',
      'mysql',
    );
    const big = parseSchema(
      'CREATE TABLE nation (n_nationkey INT PRIMARY KEY, n_name CHAR(25));\n-- sqltune:stats nation rows=25000',
      'mysql',
    );
    const sql = "SELECT 1 FROM nation WHERE n_name = 'FRANCE'";
    expect(indexCandidates(parseStatements(sql, 'mysql')[0]!, small)).toEqual([]);
    expect(indexCandidates(parseStatements(sql, 'mysql')[0]!, big)).toHaveLength(1);
  });

  it('proposes nothing for columns it cannot place in the schema', () => {
    expect(candidates('SELECT 1 FROM lineitem WHERE l_orderkey = 1')).toEqual([]);
  });

  const wide = parseSchema(
    `CREATE TABLE customer (c_custkey INT PRIMARY KEY, c_name VARCHAR(25), c_nationkey INT, c_segment CHAR(10), c_phone CHAR(15), c_comment VARCHAR(117), c_address VARCHAR(40));
CREATE TABLE orders (o_orderkey INT PRIMARY KEY, o_custkey INT, o_status CHAR(1), o_orderdate DATE, o_total DECIMAL(15,2), o_comment VARCHAR(79), o_clerk VARCHAR(15), o_priority CHAR(15));
-- sqltune:stats customer rows=150000
-- sqltune:stats customer.c_segment distinct=5
-- sqltune:stats customer.c_nationkey distinct=25
-- sqltune:stats orders rows=1500000
-- sqltune:stats orders.o_custkey distinct=100000 width=4`,
    'postgresql',
  );
  const of = (sql: string, dialect: 'mysql' | 'postgresql' = 'postgresql') =>
    indexCandidates(parseStatements(sql, dialect)[0]!, wide);

  it('indexes the lookup side of a join', () => {
    const found = of('SELECT c_name, o_total FROM customer JOIN orders ON o_custkey = c_custkey WHERE c_segment = 1');
    expect(found.filter((c) => c.table === 'orders').map((c) => c.columns)).toContainEqual(['o_custkey']);
    const join = found.find((c) => c.table === 'orders' && c.columns.join() === 'o_custkey');
    expect(join?.reason.en).toMatch(/joined on o_custkey/);
  });

  it('orders equality columns by distinct values when statistics give them', () => {
    const [first] = of("SELECT c_name FROM customer WHERE c_segment = 'BUILDING' AND c_nationkey = 7");
    expect(first?.columns).toEqual(['c_nationkey', 'c_segment']);
  });

  it('proposes equality columns followed by the ORDER BY, to skip the sort', () => {
    const found = of('SELECT o_orderkey, o_total FROM orders WHERE o_custkey = 7 ORDER BY o_orderdate');
    expect(found.map((c) => c.columns)).toContainEqual(['o_custkey', 'o_orderdate']);
  });

  it('proposes the GROUP BY columns', () => {
    const found = of("SELECT o_status, count(*) FROM orders WHERE o_orderdate >= '1995-01-01' GROUP BY o_status");
    expect(found.map((c) => c.columns)).toContainEqual(['o_status']);
  });

  it('proposes a covering index for a query that reads few columns of a wide table', () => {
    const pg = of('SELECT o_orderdate, o_total FROM orders WHERE o_custkey = 7');
    const covering = pg.find((c) => c.kind === 'covering');
    expect(covering?.ddl).toBe(
      'CREATE INDEX idx_orders_o_custkey_cover ON orders (o_custkey) INCLUDE (o_orderdate, o_total);',
    );
    const mysql = of('SELECT o_orderdate, o_total FROM orders WHERE o_custkey = 7', 'mysql');
    expect(mysql.find((c) => c.kind === 'covering')?.ddl).toBe(
      'CREATE INDEX `idx_orders_o_custkey_cover` ON `orders` (`o_custkey`, `o_orderdate`, `o_total`);',
    );
    // SELECT * reads every column: nothing to cover with.
    expect(of('SELECT * FROM orders WHERE o_custkey = 7').some((c) => c.kind === 'covering')).toBe(false);
  });

  it('keeps keys to four columns', () => {
    const found = of(
      "SELECT 1 FROM orders WHERE o_custkey = 1 AND o_status = 'F' AND o_clerk = 'x' AND o_priority = 'y' AND o_comment = 'z' AND o_orderdate > '1995-01-01'",
    );
    expect(Math.max(...found.map((c) => c.columns.length))).toBe(4);
  });

  it('estimates the size from the row count and the column widths', () => {
    const [single] = of('SELECT o_orderkey FROM orders WHERE o_custkey = 7');
    // 1.5M entries of (8 + 4 -> 16) + 4 bytes at 80% fill, +1% inner pages.
    expect(single?.estimatedBytes).toBe(Math.round(((1_500_000 * 20) / 0.8) * 1.01));
    const unknownRows = parseSchema('CREATE TABLE t (a INT, b INT);', 'postgresql');
    const [guess] = indexCandidates(parseStatements('SELECT b FROM t WHERE a = 1', 'postgresql')[0]!, unknownRows);
    expect(guess?.estimatedBytes).toBeUndefined();
  });

  it('leaves MySQL TEXT columns out (they need a prefix length)', () => {
    const notes = parseSchema('CREATE TABLE notes (id INT PRIMARY KEY, status VARCHAR(10), body TEXT);', 'mysql');
    const found = indexCandidates(
      parseStatements("SELECT id FROM notes WHERE status = 'x' AND body = 'y'", 'mysql')[0]!,
      notes,
    );
    expect(found.map((c) => c.columns)).toEqual([['status']]);
  });
});
