import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { parseSchema } from '../schema/parse-schema.ts';
import { mergeStatistics, parseStatisticsJson } from '../schema/statistics-json.ts';
import { indexCandidateReport, indexCandidates } from './candidates.ts';

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

describe('index candidates: column roles and what they rest on', () => {
  const shop = parseSchema(
    `CREATE TABLE customers (id INT PRIMARY KEY, city VARCHAR(40), name VARCHAR(40));
CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, status VARCHAR(10), created_at DATETIME, total DECIMAL(10,2), note TEXT);
-- sqltune:stats customers rows=200000
-- sqltune:stats orders rows=5000000
-- sqltune:stats orders.customer_id distinct=200000`,
    'mysql',
  );
  const report = (sql: string, schema = shop) => indexCandidateReport(parseStatements(sql, 'mysql')[0]!, schema);

  it('names the role of each column and calls only the join column a join column', () => {
    const { candidates: found } = report(
      "SELECT o.total FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.status = 'paid' AND o.created_at > '2024-01-01'",
    );
    const lookup = found.find((c) => c.table === 'orders' && c.columns.length === 3)!;
    expect(lookup.columns).toEqual(['customer_id', 'status', 'created_at']);
    expect(lookup.roles).toEqual(['join', 'equality', 'range']);
    expect(lookup.reason.en).toContain('orders is joined on customer_id;');
    expect(lookup.reason.en).toContain('Column roles: customer_id (join), status (equality), created_at (range).');
    expect(lookup.reason.zh).toContain('customer_id（连接）、status（等值）、created_at（范围）');
  });

  it('gives ORDER BY, GROUP BY and covering columns their roles', () => {
    const order = report("SELECT id FROM orders WHERE status = 'paid' ORDER BY created_at").candidates;
    expect(order.find((c) => c.columns.join() === 'status,created_at')?.roles).toEqual(['equality', 'order']);
    const group = report("SELECT status, count(*) FROM orders WHERE created_at > '2024-01-01' GROUP BY status");
    expect(group.candidates.find((c) => c.columns.join() === 'status')?.roles).toEqual(['group']);
    const cover = report('SELECT total, created_at FROM orders WHERE customer_id = 7').candidates;
    expect(cover.find((c) => c.kind === 'covering')?.roles).toEqual(['equality', 'cover', 'cover']);
  });

  it('names the key columns the statistics say nothing about', () => {
    const { candidates: found } = report("SELECT id FROM orders WHERE customer_id = 7 AND status = 'paid'");
    expect(found[0]!.columns).toEqual(['customer_id', 'status']);
    expect(found[0]!.missingStatistics).toEqual(['status']);
    expect(found.find((c) => c.columns.join() === 'customer_id')?.missingStatistics).toEqual([]);
  });

  it('says why a table used by the statement gets no candidate', () => {
    const tiny = parseSchema('CREATE TABLE t (id INT PRIMARY KEY, a INT);\n-- sqltune:stats t rows=20', 'mysql');
    expect(report('SELECT id FROM t WHERE a = 1', tiny).skipped).toEqual([
      expect.objectContaining({ table: 't', reason: 'tiny-table' }),
    ]);
    expect(report('SELECT id FROM orders WHERE id = 1').skipped).toEqual([
      expect.objectContaining({ table: 'orders', reason: 'already-covered' }),
    ]);
    const wrapped = report("SELECT id FROM customers WHERE UPPER(city) = 'SHANGHAI'").skipped;
    expect(wrapped).toEqual([expect.objectContaining({ table: 'customers', reason: 'not-indexable' })]);
    // MySQL: what would serve it, in each database the dialect covers.
    expect(wrapped[0]!.message.en).toContain('functional key part (CREATE INDEX ... ON customers ((upper(city))))');
    expect(wrapped[0]!.message.en).toContain('MariaDB has no functional key parts: add a generated column');
    expect(wrapped[0]!.message.zh).toContain('生成列');
    const wildcard = report("SELECT id FROM customers WHERE city LIKE '%hai'").skipped;
    expect(wildcard[0]!.message.en).toContain('a function or expression wraps the column');
    expect(report("SELECT id FROM orders WHERE note = 'x'").skipped).toEqual([
      expect.objectContaining({ table: 'orders', reason: 'needs-prefix' }),
    ]);
    // A table with a candidate is not listed.
    expect(report("SELECT id FROM customers WHERE city = 'Shanghai'").skipped).toEqual([]);
  });
});

describe('index candidates from every place a query filters, joins, sorts or groups', () => {
  const logs = parseSchema(
    `CREATE TABLE users (user_id INT PRIMARY KEY, name VARCHAR(40), city VARCHAR(40));
CREATE TABLE access_logs (id BIGINT PRIMARY KEY, user_id INT, created_at DATETIME, path VARCHAR(200));
CREATE TABLE orders (id INT PRIMARY KEY, user_id INT, status VARCHAR(10), pay_time DATETIME, total DECIMAL(10,2));
-- sqltune:stats users rows=100000
-- sqltune:stats access_logs rows=2000000
-- sqltune:stats orders rows=500000
-- sqltune:stats orders.status distinct=10
-- sqltune:stats orders.user_id distinct=90000`,
    'mysql',
  );
  const keys = (sql: string) =>
    indexCandidates(parseStatements(sql, 'mysql')[0]!, logs).map(
      (c) => `${c.table}(${c.columns.join()}${c.include.length ? `|${c.include.join()}` : ''}) ${c.roles.join()}`,
    );

  it('a range with columns only joined on: also the range first, for the join order that reads this table first', () => {
    const found = keys(
      "SELECT name FROM users WHERE user_id IN (SELECT user_id FROM orders WHERE pay_time BETWEEN '2024-09-01' AND '2024-09-02')",
    );
    expect(found).toContain('orders(user_id,pay_time) join,range');
    expect(found).toContain('orders(pay_time,user_id) range,join');
    // A column compared with a value keeps the lead.
    const looked = keys("SELECT id FROM orders WHERE user_id = 42 AND pay_time > '2024-09-01'");
    expect(looked).toContain('orders(user_id,pay_time) equality,range');
    expect(looked.filter((k) => k.startsWith('orders(pay_time,user_id)'))).toEqual([]);
  });

  it('a correlated subquery: the column it is matched on joins, and its MIN/MAX column follows', () => {
    const found = keys(
      'SELECT u.name, (SELECT MAX(created_at) FROM access_logs WHERE user_id = u.user_id) AS last FROM users u',
    );
    expect(found).toContain('access_logs(user_id) join');
    expect(found).toContain('access_logs(user_id,created_at) join,order');
  });

  it('an EXISTS subquery: the correlated column joins, the constant one is an equality', () => {
    const found = keys(
      "SELECT name FROM users u WHERE EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.user_id AND o.status = 'paid')",
    );
    // user_id has far more distinct values than status: it leads.
    expect(found[0]).toBe('orders(user_id,status) join,equality');
  });

  it('an IN subquery: the selected column is the semi-join key, then its own range', () => {
    const found = keys(
      "SELECT name FROM users WHERE city = 'x' AND user_id IN (SELECT user_id FROM orders WHERE pay_time > '2024-01-01')",
    );
    expect(found).toContain('orders(user_id,pay_time) join,range');
    expect(found).toContain('users(city) equality');
  });

  it('a derived table: its own filter and GROUP BY', () => {
    const found = keys(
      "SELECT t.user_id, t.n FROM (SELECT user_id, COUNT(*) n FROM orders WHERE status = 'paid' GROUP BY user_id) t WHERE t.n > 3",
    );
    expect(found).toContain('orders(status,user_id) equality,group');
  });

  it('a CTE: its filter, and the column the outer query joins it on is no candidate of a table it is not', () => {
    const found = keys(
      "WITH recent AS (SELECT user_id FROM orders WHERE pay_time > '2024-01-01') SELECT u.name FROM users u JOIN recent r ON r.user_id = u.user_id",
    );
    expect(found).toContain('orders(pay_time) range');
    expect(found.some((k) => k.startsWith('recent'))).toBe(false);
  });

  it('ORDER BY ... LIMIT: the sort column alone, and a covering variant', () => {
    const found = keys('SELECT id, total FROM orders ORDER BY pay_time DESC LIMIT 1000');
    expect(found).toContain('orders(pay_time) order');
    // InnoDB keeps the primary key (id) in every secondary index: the covering variant does not write it again.
    expect(found).toContain('orders(pay_time|total) order,cover');
    const pg = indexCandidates(
      parseStatements('SELECT id, total FROM orders ORDER BY pay_time DESC LIMIT 1000', 'postgresql')[0]!,
      logs,
    );
    expect(pg.find((c) => c.kind === 'covering')?.include).toEqual(['id', 'total']);
  });

  it('an ORDER BY name that is an output alias sorts by that select item, not the table column of that name', () => {
    // `total` is the count here (with or without AS), never orders.total: no index of orders gives its order.
    for (const sql of [
      'SELECT user_id, COUNT(*) AS total FROM orders GROUP BY user_id ORDER BY total DESC LIMIT 10',
      'SELECT user_id, COUNT(*) total FROM orders GROUP BY user_id ORDER BY total DESC LIMIT 10',
      'SELECT user_id, COUNT(*) AS total FROM orders GROUP BY user_id ORDER BY 2 DESC LIMIT 10',
    ]) {
      expect(keys(sql)).toEqual(['orders(user_id) group']);
    }
    // An alias of another column sorts by that column; orders.total is not read at all, so no covering variant
    // carries it (InnoDB keeps id in every secondary index: status alone covers the query).
    expect(keys('SELECT id, status AS total FROM orders ORDER BY total LIMIT 10')).toEqual(['orders(status) order']);
  });

  it('an ORDER BY on a real column, by name or position, still gets its index', () => {
    expect(keys('SELECT user_id, total FROM orders ORDER BY total DESC LIMIT 10')).toEqual([
      'orders(total) order',
      'orders(total|user_id) order,cover',
    ]);
    expect(keys('SELECT user_id, total FROM orders ORDER BY 2 DESC LIMIT 10')).toContain('orders(total) order');
    // A qualified name is the table's column whatever the select list calls its items.
    expect(keys('SELECT user_id, COUNT(*) AS total FROM orders GROUP BY user_id ORDER BY orders.total')).toContain(
      'orders(total) order',
    );
  });

  it("a set operation's ORDER BY sorts its combined rows, not the last branch's table", () => {
    // `total` is the union's output column (the first branch's amount AS total, in both databases).
    const union = 'SELECT user_id AS total FROM access_logs UNION ALL SELECT total FROM orders ORDER BY total LIMIT 10';
    expect(keys(union).filter((k) => k.includes('order'))).toEqual([]);
    // A parenthesized branch's own ORDER BY ... LIMIT is that branch's to serve.
    const own = '(SELECT user_id FROM access_logs) UNION ALL (SELECT total FROM orders ORDER BY total LIMIT 10)';
    expect(keys(own)).toContain('orders(total) order');
  });

  it('a GROUP BY name is the table column first, else the select item it names', () => {
    // Both databases group by orders.status here, whatever the select list calls `status`.
    expect(keys('SELECT user_id AS status, COUNT(*) FROM orders GROUP BY status')).toContain('orders(status) group');
    expect(keys('SELECT status AS s, COUNT(*) FROM orders GROUP BY s')).toContain('orders(status) group');
    expect(keys('SELECT status, COUNT(*) FROM orders GROUP BY 1')).toContain('orders(status) group');
  });

  it('equality then ORDER BY ... LIMIT: the covering variant keeps the sort columns before the covered ones', () => {
    // Sakila's customer page: (active, last_name, email), read in order, not (active, email, last_name) and a sort.
    expect(keys("SELECT total FROM orders WHERE status = 'paid' ORDER BY pay_time LIMIT 20 OFFSET 40")).toContain(
      'orders(status,pay_time|total) equality,order,cover',
    );
    // After a range the order is the range's: the sort columns are only covered.
    const ranged = keys('SELECT total FROM orders WHERE user_id > 5 ORDER BY pay_time LIMIT 20');
    expect(ranged).toContain('orders(user_id|total,pay_time) range,cover,cover');
    expect(ranged.filter((k) => k.startsWith('orders(user_id,pay_time|'))).toEqual([]);
  });

  it('ORDER BY ... LIMIT on the columns an existing index leads with: no covering copy of it', () => {
    // The primary key already reads orders in id order and stops at the LIMIT.
    const served = keys('SELECT id, total FROM orders ORDER BY id DESC LIMIT 10');
    expect(served).toEqual([]);
    // A filter before the sort is another matter: the lookup's covering variant stays, with the ORDER BY column
    // after the equality one, so it reads in order and stops at the LIMIT too.
    const filtered = keys('SELECT id, total FROM orders WHERE user_id = 7 ORDER BY id DESC LIMIT 10');
    expect(filtered).toContain('orders(user_id,id|total) equality,order,cover');
    expect(filtered).not.toContain('orders(user_id|id,total) equality,cover,cover');
  });

  it('says a covering index in the ORDER BY order saves the sort, and only then', () => {
    const reason = (sql: string) =>
      indexCandidates(parseStatements(sql, 'mysql')[0]!, logs).find((c) => c.include.length > 0)?.reason;
    const ordered = reason('SELECT id, total FROM orders WHERE user_id = 7 ORDER BY id DESC LIMIT 10')!;
    expect(ordered.en).toContain('reads them in id order, so the query can skip its sort');
    expect(ordered.zh).toContain('行按 id 的顺序读出');
    expect(reason('SELECT id, total FROM orders WHERE user_id > 7 ORDER BY id DESC LIMIT 10')!.en).not.toContain(
      'skip its sort',
    );
  });

  it('a range before the ORDER BY loses the order: its covering variant only covers the ORDER BY column', () => {
    // On MySQL the ORDER BY column here is the primary key, which InnoDB keeps in every secondary index anyway.
    expect(keys('SELECT id, total FROM orders WHERE user_id > 7 ORDER BY id DESC LIMIT 10')).toContain(
      'orders(user_id|total) range,cover',
    );
  });

  it('no covering copy of an existing index whose equality lookup the statistics say finds a few rows', () => {
    const members = (distinct: number) =>
      parseSchema(
        `CREATE TABLE members (id INT PRIMARY KEY, email VARCHAR(120), plan VARCHAR(10), bio VARCHAR(200), KEY k_email (email));
-- sqltune:stats members rows=50000
-- sqltune:stats members.email distinct=${distinct}`,
        'postgresql',
      );
    const covering = (distinct: number) =>
      indexCandidateReport(
        parseStatements("SELECT id, plan FROM members WHERE email = 'm1@example.com'", 'postgresql')[0]!,
        members(distinct),
      );
    // One row per email: the existing index finds it; nothing to propose.
    const unique = covering(50_000);
    expect(unique.candidates).toEqual([]);
    expect(unique.skipped).toEqual([expect.objectContaining({ table: 'members', reason: 'already-covered' })]);
    // 500 rows per value: covering them saves 500 table reads per lookup, so the covering variant stays.
    expect(covering(100).candidates.map((c) => c.kind)).toContain('covering');
  });

  it('GROUP BY with the MAX of another column: the group columns, then that column in its order', () => {
    const found = keys('SELECT user_id, MAX(pay_time) FROM orders GROUP BY user_id');
    expect(found).toContain('orders(user_id,pay_time) group,order');
    // Two MIN/MAX columns: one index cannot keep both in order within a group, so no such key.
    const two = keys('SELECT user_id, MAX(pay_time), MIN(total) FROM orders GROUP BY user_id');
    expect(two.some((k) => k.startsWith('orders(user_id,pay_time)') || k.startsWith('orders(user_id,total)'))).toBe(
      false,
    );
  });

  it("SELECT DISTINCT of one table's plain columns: a GROUP BY of them", () => {
    expect(keys('SELECT DISTINCT status FROM orders')).toContain('orders(status) group');
    // Not DISTINCT, or DISTINCT over two tables' columns: no grouping key.
    expect(keys('SELECT status FROM orders')).toEqual([]);
    expect(
      keys('SELECT DISTINCT o.status, u.city FROM orders o JOIN users u ON u.user_id = o.user_id').some((k) =>
        k.includes('group'),
      ),
    ).toBe(false);
  });

  it('lets a selective range lead when every equality column matches a large share of the rows', () => {
    // status has 10 values in 500,000 rows: 50,000 rows each.
    const found = keys(
      "SELECT id FROM orders WHERE status = 'paid' AND pay_time BETWEEN '2024-01-01' AND '2024-01-02'",
    );
    expect(found).toContain('orders(pay_time,status) range,equality');
    // With a selective equality column, no range-led variant.
    expect(keys("SELECT id FROM orders WHERE user_id = 7 AND pay_time > '2024-01-01'")).not.toContain(
      'orders(pay_time,user_id) range,join',
    );
  });
});

describe('index candidates of a PostgreSQL MERGE', () => {
  const tables = parseSchema(
    `CREATE TABLE users (id INT PRIMARY KEY, email VARCHAR(100), name TEXT);
CREATE TABLE staging (id INT, email VARCHAR(100), name TEXT);
-- sqltune:stats users rows=2000000
-- sqltune:stats staging rows=50000`,
    'postgresql',
  );
  const keys = (sql: string) =>
    indexCandidates(parseStatements(sql, 'postgresql')[0]!, tables).map(
      (c) => `${c.table}(${c.columns.join()}) ${c.roles.join()}`,
    );

  it("its ON is a join: each side's column is a join candidate, the target's key none", () => {
    expect(
      keys(
        'MERGE INTO users u USING staging s ON u.email = s.email WHEN MATCHED THEN UPDATE SET name = s.name WHEN NOT MATCHED THEN INSERT (id, email) VALUES (s.id, s.email)',
      ),
    ).toEqual(['users(email) join', 'staging(email) join']);
    expect(keys('MERGE INTO users u USING staging s ON u.id = s.id WHEN MATCHED THEN DELETE')).toEqual([
      'staging(id) join',
    ]);
  });

  it('a WHEN condition is no lookup', () => {
    expect(keys("MERGE INTO users u USING staging s ON u.id = s.id WHEN MATCHED AND s.name = 'x' THEN DELETE")).toEqual(
      ['staging(id) join'],
    );
  });
});

describe('MySQL FULLTEXT and SPATIAL keys serve no =, range or order', () => {
  const report = (key: string, sql: string) =>
    indexCandidateReport(
      parseStatements(sql, 'mysql')[0]!,
      parseSchema(
        `CREATE TABLE docs (id INT PRIMARY KEY, title VARCHAR(100), body TEXT${key});\n-- sqltune:stats docs rows=500000`,
        'mysql',
      ),
    );
  const equality = "SELECT id FROM docs WHERE title = 'x'";

  it('proposes a B-tree index beside a FULLTEXT key on the same column', () => {
    const found = report(', FULLTEXT KEY ft (title)', equality);
    expect(found.candidates.map((c) => c.columns)).toEqual([['title']]);
    expect(found.skipped).toEqual([]);
    expect(report(', FULLTEXT KEY ft (title)', 'SELECT id FROM docs ORDER BY title LIMIT 10').candidates).toHaveLength(
      1,
    );
    expect(report(', SPATIAL KEY sp (title)', equality).candidates).toHaveLength(1);
  });

  it('still counts a B-tree key on the column as covering it', () => {
    const found = report(', FULLTEXT KEY ft (title), KEY b (title)', equality);
    expect(found.candidates).toEqual([]);
    expect(found.skipped).toEqual([expect.objectContaining({ table: 'docs', reason: 'already-covered' })]);
  });
});

describe('MySQL prefix lengths for long strings', () => {
  const withStats = (stats: string, key = '') =>
    parseSchema(
      `CREATE TABLE users (id INT PRIMARY KEY, username VARCHAR(500), bio TEXT, doc JSON${key});\n-- sqltune:stats users rows=500000\n${stats}`,
      'mysql',
    );
  const ddl = (sql: string, schema: ReturnType<typeof parseSchema>) =>
    indexCandidateReport(parseStatements(sql, 'mysql')[0]!, schema);

  it('chooses the prefix that tells apart the values the statistics show, longer for more distinct values', () => {
    const histogram = (distinct: number) => {
      const schema = withStats('');
      // Values that differ from their 6th character on.
      const bounds = ['user_a1', 'user_b2', 'user_c3', 'user_d4', 'user_e5'];
      const json = { tables: { users: { rows: 500000, columns: { username: { ndv: distinct, histogram: bounds } } } } };
      mergeStatistics(schema, parseStatisticsJson(JSON.stringify(json)));
      return schema;
    };
    const [first] = ddl("SELECT id FROM users WHERE username = 'user_a1'", histogram(5)).candidates;
    expect(first?.ddl).toBe('CREATE INDEX `idx_users_username` ON `users` (`username`(6));');
    expect(first?.prefixLengths).toEqual([6]);
    // 450,000 values where the statistics show five: four more characters (36^4 > 90,000).
    const [longer] = ddl("SELECT id FROM users WHERE username = 'user_a1'", histogram(450_000)).candidates;
    expect(longer?.prefixLengths).toEqual([10]);
  });

  it('falls back on the average width, and says why when the statistics give neither', () => {
    const width = ddl("SELECT id FROM users WHERE bio = 'x'", withStats('-- sqltune:stats users.bio width=40'));
    expect(width.candidates[0]?.ddl).toContain('(`bio`(40))');
    const none = ddl("SELECT id FROM users WHERE bio = 'x'", withStats(''));
    expect(none.candidates).toEqual([]);
    expect(none.skipped).toEqual([expect.objectContaining({ table: 'users', reason: 'needs-prefix' })]);
    expect(ddl("SELECT id FROM users WHERE doc = 'x'", withStats('')).skipped[0]!.message.en).toMatch(/JSON/);
  });

  it('flags an existing prefix too short for the column and advises a longer one that replaces it', () => {
    const schema = withStats(
      ['-- sqltune:stats users.username distinct=450000 width=12'].join('\n'),
      ', KEY k_name (username(2))',
    );
    expect(schema.tables[0]!.indexes.find((i) => i.name === 'k_name')?.prefixLengths).toEqual([2]);
    const [candidate] = ddl("SELECT id FROM users WHERE username = 'alice'", schema).candidates;
    expect(candidate?.ddl).toBe('CREATE INDEX `idx_users_username` ON `users` (`username`(12));');
    expect(candidate?.replaces).toEqual(['k_name']);
    expect(candidate?.reason.en).toContain('The existing k_name indexes only the first 2 characters of username');
    // A prefix long enough for the column's values is left alone.
    const enough = withStats('-- sqltune:stats users.username distinct=450000 width=12', ', KEY k_name (username(8))');
    expect(ddl("SELECT id FROM users WHERE username = 'alice'", enough).skipped).toEqual([
      expect.objectContaining({ reason: 'already-covered' }),
    ]);
  });

  it('reads prefix lengths from CREATE INDEX too', () => {
    const schema = parseSchema(
      'CREATE TABLE t (id INT PRIMARY KEY, bio TEXT, name VARCHAR(20));\nCREATE INDEX k_bio ON t (bio(10), name);',
      'mysql',
    );
    expect(schema.tables[0]!.indexes.find((i) => i.name === 'k_bio')).toMatchObject({
      columns: ['bio', 'name'],
      prefixLengths: [10, null],
    });
  });
});

describe('prefix LIKE on PostgreSQL', () => {
  const pg = parseSchema(
    'CREATE TABLE users (id INT PRIMARY KEY, name VARCHAR(40), code CHAR(8), city TEXT, born DATE, note TEXT, a TEXT, b TEXT);',
    'postgresql',
  );
  const ddls = (sql: string, dialect: 'postgresql' | 'mysql' = 'postgresql', schemaModel = pg) =>
    indexCandidates(parseStatements(sql, dialect)[0]!, schemaModel).map((c) => c.ddl);

  it('keys a column only a prefix LIKE reads with the pattern operator class of its type', () => {
    expect(ddls("SELECT id FROM users WHERE name LIKE 'ab%'")).toContain(
      'CREATE INDEX idx_users_name ON users (name text_pattern_ops);',
    );
    expect(ddls("SELECT id FROM users WHERE code LIKE 'ab%'")).toContain(
      'CREATE INDEX idx_users_code ON users (code bpchar_pattern_ops);',
    );
    // After equality columns too, and said in the reason.
    const [first] = indexCandidates(
      parseStatements("SELECT id FROM users WHERE city = 'x' AND name LIKE 'ab%'", 'postgresql')[0]!,
      pg,
    );
    expect(first!.ddl).toBe('CREATE INDEX idx_users_city_name ON users (city, name text_pattern_ops);');
    expect(first!.reason.en).toContain('pattern operator class');
    expect(first!.reason.zh).toContain('模式操作符类');
  });

  it('keeps the default class where the collation order is needed, or on MySQL', () => {
    expect(ddls("SELECT id FROM users WHERE name = 'ab'").join()).not.toContain('pattern_ops');
    expect(ddls("SELECT id FROM users WHERE name LIKE 'ab%' ORDER BY name LIMIT 5").join()).not.toContain(
      'pattern_ops',
    );
    expect(ddls("SELECT id FROM users WHERE name LIKE 'ab%' AND name > 'aa'").join()).not.toContain('pattern_ops');
    expect(ddls("SELECT id FROM users WHERE born LIKE '2024%'").join()).not.toContain('pattern_ops');
    const my = parseSchema('CREATE TABLE users (id INT PRIMARY KEY, name VARCHAR(40), city TEXT);', 'mysql');
    expect(ddls("SELECT id FROM users WHERE name LIKE 'ab%'", 'mysql', my).join()).not.toContain('pattern_ops');
    const [plain] = indexCandidates(parseStatements("SELECT id FROM users WHERE name = 'ab'", 'postgresql')[0]!, pg);
    expect(plain!.reason.en).not.toContain('pattern operator class');
  });
});

describe('PostgreSQL GIN candidates for containment and key operators', () => {
  const pg = parseSchema(
    `CREATE TABLE users (id bigint PRIMARY KEY, email text, settings jsonb, tags text[], doc json, search tsvector);
     CREATE TABLE issues (id bigint PRIMARY KEY, labels jsonb);
     CREATE INDEX issues_labels ON issues USING gin (labels);`,
    'postgresql',
  );
  const pgCandidates = (sql: string) =>
    indexCandidates(parseStatements(sql, 'postgresql')[0]!, pg).map((c) => `${c.kind}: ${c.ddl}`);

  it('proposes GIN, not a B-tree: jsonb_path_ops for @> alone, jsonb_ops when keys are asked for', () => {
    expect(pgCandidates(`SELECT id FROM users WHERE settings @> '{"theme": "dark"}'`)).toEqual([
      'gin: CREATE INDEX idx_users_settings_gin ON users USING gin (settings jsonb_path_ops);',
    ]);
    for (const condition of [
      `settings ? 'theme'`,
      `settings ?| array['a', 'b']`,
      `settings @> '{}' AND settings ? 'a'`,
    ]) {
      expect(pgCandidates(`SELECT id FROM users WHERE ${condition}`)).toEqual([
        'gin: CREATE INDEX idx_users_settings_gin ON users USING gin (settings);',
      ]);
    }
    expect(pgCandidates(`SELECT id FROM users u WHERE u.tags && ARRAY['admin']::text[]`)).toEqual([
      'gin: CREATE INDEX idx_users_tags_gin ON users USING gin (tags);',
    ]);
    expect(pgCandidates(`SELECT id FROM users WHERE search @@ plainto_tsquery('english', $1)`)).toEqual([
      'gin: CREATE INDEX idx_users_search_gin ON users USING gin (search);',
    ]);
    // Beside an equality column the B-tree candidates stay, after the GIN one.
    const mixed = pgCandidates(`SELECT id FROM users WHERE tags @> ARRAY['a'] AND email = $1`);
    expect(mixed[0]).toBe('gin: CREATE INDEX idx_users_tags_gin ON users USING gin (tags);');
    expect(mixed.some((c) => c.startsWith('btree: CREATE INDEX idx_users_email ON users (email)'))).toBe(true);
    expect(
      indexCandidates(parseStatements(`SELECT id FROM users WHERE tags @> $1`, 'postgresql')[0]!, pg)[0],
    ).toMatchObject({ kind: 'gin', roles: ['containment'], columns: ['tags'], include: [] });
  });

  it('proposes no GIN where none serves or one exists', () => {
    // Plain json has no GIN operator class; ->> is an expression, not a containment search (a B-tree keys it).
    expect(pgCandidates(`SELECT id FROM users WHERE doc::jsonb @> '{}'`)).toEqual([]);
    expect(pgCandidates(`SELECT id FROM users WHERE settings ->> 'a' = 'b'`)).toEqual([
      "btree: CREATE INDEX idx_users_settings_a ON users ((settings ->> 'a'));",
    ]);
    expect(pgCandidates(`SELECT id FROM issues WHERE labels @> '[{"title": "bug"}]'`)).toEqual([]);
    expect(
      indexCandidateReport(parseStatements(`SELECT id FROM issues WHERE labels @> '[]'`, 'postgresql')[0]!, pg).skipped,
    ).toMatchObject([{ table: 'issues', reason: 'already-covered' }]);
    // MySQL's && is AND.
    const my = parseSchema('CREATE TABLE users (id INT PRIMARY KEY, a INT, b INT);', 'mysql');
    const ddl = indexCandidates(parseStatements('SELECT id FROM users WHERE a = 1 && b = 2', 'mysql')[0]!, my).map(
      (c) => c.ddl,
    );
    expect(ddl.every((d) => !/gin/i.test(d))).toBe(true);
  });
});

describe('PostgreSQL covering candidates', () => {
  const pg = parseSchema(
    `CREATE TABLE users (id bigint PRIMARY KEY, state text, email text, name varchar(80), settings jsonb, tags text[],
       avatar bytea, bio text, created_at timestamptz, updated_at timestamptz, deleted_at timestamptz);`,
    'postgresql',
  );
  const covering = (sql: string) =>
    indexCandidates(parseStatements(sql, 'postgresql')[0]!, pg)
      .filter((c) => c.kind === 'covering')
      .map((c) => c.ddl);

  it('stores no text of unknown size in an index entry: a body, unless the statistics show short values', () => {
    expect(covering(`SELECT id, bio FROM users WHERE name = $1`)).toEqual([]);
    const measured = parseSchema(
      `CREATE TABLE users (id bigint PRIMARY KEY, name varchar(80), email text, bio text);
-- sqltune:stats users rows=500000
-- sqltune:stats users.email width=24
-- sqltune:stats users.bio width=1800`,
      'postgresql',
    );
    const measuredCovering = (sql: string) =>
      indexCandidates(parseStatements(sql, 'postgresql')[0]!, measured)
        .filter((c) => c.kind === 'covering')
        .map((c) => c.ddl);
    expect(measuredCovering(`SELECT id, email FROM users WHERE name = $1`)).toEqual([
      'CREATE INDEX idx_users_name_cover ON users (name) INCLUDE (id, email);',
    ]);
    expect(measuredCovering(`SELECT id, bio FROM users WHERE name = $1`)).toEqual([]);
  });

  it('stores no document (jsonb, bytea, an array) in an index entry, and keeps covering plain columns', () => {
    expect(covering(`SELECT id, settings FROM users WHERE state = $1`)).toEqual([]);
    expect(covering(`SELECT id, tags FROM users WHERE state = $1`)).toEqual([]);
    expect(covering(`SELECT id, avatar FROM users WHERE state = $1`)).toEqual([]);
    expect(covering(`SELECT id, name FROM users WHERE state = $1`)).toEqual([
      'CREATE INDEX idx_users_state_cover ON users (state) INCLUDE (id, name);',
    ]);
  });
});

describe('PostgreSQL expression keys', () => {
  const pg = parseSchema(
    `CREATE TABLE users (id bigint PRIMARY KEY, org_id int, name text, email text, code varchar(20), data jsonb,
       created_at timestamptz, zoned timestamp with time zone, seen_at timestamp without time zone, born date, body text);
     -- sqltune:stats users rows=100000`,
    'postgresql',
  );
  const report = (sql: string, schema = pg) => indexCandidateReport(parseStatements(sql, 'postgresql')[0]!, schema);
  const ddl = (sql: string, schema = pg) => report(sql, schema).candidates.map((c) => c.ddl);

  it('keys an immutable expression compared with a value, in the parentheses CREATE INDEX needs', () => {
    const [lower] = report("SELECT id FROM users WHERE lower(email) = 'a@b.c'").candidates;
    expect(lower).toMatchObject({
      ddl: 'CREATE INDEX idx_users_lower_email ON users ((lower(email)));',
      columns: ['lower(email)'],
      roles: ['equality'],
      kind: 'btree',
    });
    expect(lower!.reason.en).toContain('Column roles: lower(email) (equality).');
    expect(lower!.reason.en).toContain('lower(email) is an expression');
    expect(lower!.reason.zh).toContain('lower(email) 是表达式');
    // A qualified column, IN, and another equality column beside it.
    expect(ddl("SELECT id FROM users u WHERE UPPER(u.code) IN ('A', 'B') AND u.org_id = 3")[0]).toBe(
      'CREATE INDEX idx_users_upper_code_org_id ON users ((upper(code)), org_id);',
    );
    expect(ddl("SELECT id FROM users WHERE (data->>'kind') = $1")[0]).toBe(
      "CREATE INDEX idx_users_data_kind ON users ((data ->> 'kind'));",
    );
    expect(ddl("SELECT id FROM users WHERE btrim(name) = 'x'")[0]).toBe(
      'CREATE INDEX idx_users_btrim_name ON users ((btrim(name)));',
    );
    // A range on an immutable cast of a jsonb field, and date_trunc on a timestamp without time zone.
    const [cast] = report("SELECT id FROM users WHERE (data->>'n')::int > 5").candidates;
    expect(cast).toMatchObject({ columns: ["(data ->> 'n')::int"], roles: ['range'] });
    expect(cast!.ddl).toBe("CREATE INDEX idx_users_data_n_int ON users (((data ->> 'n')::int));");
    expect(ddl("SELECT id FROM users WHERE date_trunc('day', seen_at) = '2024-01-01'")[0]).toBe(
      "CREATE INDEX idx_users_date_trunc_day_seen_at ON users ((date_trunc('day', seen_at)));",
    );
  });

  it('keys an ORDER BY on an immutable expression after the equality columns', () => {
    expect(ddl('SELECT id FROM users WHERE org_id = 3 ORDER BY lower(name) LIMIT 20')).toContain(
      'CREATE INDEX idx_users_org_id_lower_name ON users (org_id, (lower(name)));',
    );
    // Named by its alias (which hides the column of that name) or its position: the same expression.
    for (const order of ['name', '2']) {
      expect(ddl(`SELECT id, lower(name) AS name FROM users WHERE org_id = 3 ORDER BY ${order} LIMIT 20`)).toContain(
        'CREATE INDEX idx_users_org_id_lower_name ON users (org_id, (lower(name)));',
      );
    }
    // Not on a STABLE one: the sort stays, and no key pretends otherwise.
    expect(
      ddl("SELECT id FROM users WHERE org_id = 3 ORDER BY date_trunc('day', created_at) LIMIT 20").some((d) =>
        d.includes('date_trunc'),
      ),
    ).toBe(false);
  });

  it('keys no STABLE or VOLATILE expression, and says why', () => {
    const why = (sql: string) => {
      const { candidates, skipped } = report(sql);
      expect(candidates).toEqual([]);
      expect(skipped).toHaveLength(1);
      expect(skipped[0]!.reason).toBe('not-indexable');
      return skipped[0]!.message;
    };
    for (const column of ['created_at', 'zoned', 'born']) {
      const message = why(`SELECT id FROM users WHERE date_trunc('day', ${column}) = '2024-01-01'`);
      expect(message.en).toContain(`date_trunc('day', ${column}) is computed on a timestamp with time zone`);
      expect(message.en).toContain('STABLE');
      expect(message.zh).toContain('TimeZone');
    }
    expect(why("SELECT id FROM users WHERE age(now(), created_at) > interval '1 day'").en).toContain('calls now()');
    expect(why("SELECT id FROM users WHERE unaccent(name) = 'x'").en).toContain('calls unaccent()');
    expect(why("SELECT id FROM users WHERE my_normalize(email) = 'x'").en).toContain(
      'not among the PostgreSQL functions and operators SQLTune knows to be IMMUTABLE',
    );
    expect(why("SELECT id FROM users WHERE created_at::date = '2024-01-01'").en).toContain('casts timestamptz to date');
    const oneArgument = why("SELECT id FROM users WHERE to_tsvector(body) @@ plainto_tsquery('cat')");
    expect(oneArgument.en).toContain('default_text_search_config');
    expect(oneArgument.zh).toContain('default_text_search_config');
  });

  it('keys the full-text document with GIN when the query names its configuration', () => {
    const [gin] = report(
      "SELECT id FROM users WHERE to_tsvector('english', body) @@ to_tsquery('english', 'cat & dog')",
    ).candidates;
    expect(gin).toMatchObject({
      kind: 'gin',
      columns: ["to_tsvector('english', body)"],
      roles: ['containment'],
      ddl: "CREATE INDEX idx_users_to_tsvector_english_body_gin ON users USING gin ((to_tsvector('english', body)));",
    });
    expect(gin!.reason.en).toContain('the same text search configuration');
  });

  it('keys a document concatenated from text columns, and a search whose tsquery is named in the FROM list', () => {
    expect(
      ddl(
        "SELECT id FROM users WHERE to_tsvector('english', name || ' ' || coalesce(body, '')) @@ websearch_to_tsquery('english', 'x')",
      ),
    ).toEqual([
      "CREATE INDEX idx_users_to_tsvector_english_name_coalesce_body_gin ON users USING gin ((to_tsvector('english', name || ' ' || coalesce(body, ''))));",
    ]);
    expect(
      ddl(
        "SELECT id, ts_rank(to_tsvector('english', body), q) FROM users, plainto_tsquery('english', 'x') q WHERE to_tsvector('english', body) @@ q",
      ),
    ).toEqual([
      "CREATE INDEX idx_users_to_tsvector_english_body_gin ON users USING gin ((to_tsvector('english', body)));",
    ]);
  });

  it('keys no concatenation with a non-text value (anytextcat is STABLE), nor a search against a column', () => {
    const concatenated = report(
      "SELECT id FROM users WHERE to_tsvector('english', body || seen_at) @@ to_tsquery('english', 'x')",
    );
    expect(concatenated.candidates).toEqual([]);
    expect(concatenated.skipped[0]!.message.en).toContain('not among the PostgreSQL functions');
    // Another table's column on the other side: a join condition, not a search for a value.
    expect(
      ddl("SELECT u.id FROM users u JOIN users v ON to_tsvector('english', u.body) @@ to_tsquery('english', v.name)"),
    ).toEqual([]);
  });

  it('does not advise an expression index the schema already has', () => {
    const indexed = parseSchema(
      `CREATE TABLE users (id bigint PRIMARY KEY, email text, body text);
       CREATE INDEX users_email_lower ON users ((lower(email)));
       CREATE INDEX users_fts ON users USING gin (to_tsvector('english', body));`,
      'postgresql',
    );
    const lower = report("SELECT id FROM users WHERE LOWER(email) = 'x'", indexed);
    expect(lower.candidates).toEqual([]);
    expect(lower.skipped).toMatchObject([{ table: 'users', reason: 'already-covered' }]);
    expect(lower.skipped[0]!.message.en).toContain('users_email_lower');
    expect(ddl("SELECT id FROM users WHERE to_tsvector('english', body) @@ to_tsquery('x')", indexed)).toEqual([]);
    const unnamed = parseSchema(
      'CREATE TABLE users (id bigint PRIMARY KEY, email text); CREATE INDEX ON users ((lower(email)));',
      'postgresql',
    );
    expect(report("SELECT id FROM users WHERE lower(email) = 'x'", unnamed).skipped[0]!.message.en).toContain(
      'already has (lower(email))',
    );
    // As pg_dump prints them: the implicit casts to text written out.
    const dumped = parseSchema(
      `CREATE TABLE docs (id bigint PRIMARY KEY, name character varying(80), data jsonb);
       CREATE INDEX docs_lower ON public.docs USING btree (lower((name)::text));
       CREATE INDEX docs_kind ON public.docs USING btree (((data ->> 'kind'::text)));`,
      'postgresql',
    );
    expect(ddl("SELECT id FROM docs WHERE lower(name) = 'x'", dumped)).toEqual([]);
    expect(ddl("SELECT id FROM docs WHERE data->>'kind' = 'x'", dumped)).toEqual([]);
    expect(ddl("SELECT id FROM docs WHERE upper(name) = 'X'", dumped)).toEqual([
      'CREATE INDEX idx_docs_upper_name ON docs ((upper(name)));',
    ]);
    // Another expression on the same column is not covered by it.
    expect(ddl("SELECT id FROM users WHERE upper(email) = 'X'", indexed)).toEqual([
      'CREATE INDEX idx_users_upper_email ON users ((upper(email)));',
    ]);
  });

  it('proposes no expression key on MySQL, and recognises its functional key parts', () => {
    const my = parseSchema(
      'CREATE TABLE users (id INT PRIMARY KEY, email VARCHAR(100), code VARCHAR(10), KEY k_code ((upper(code))));',
      'mysql',
    );
    const mysql = (sql: string) => indexCandidateReport(parseStatements(sql, 'mysql')[0]!, my);
    expect(mysql("SELECT id FROM users WHERE lower(email) = 'x'")).toMatchObject({
      candidates: [],
      skipped: [{ reason: 'not-indexable' }],
    });
    expect(mysql("SELECT id FROM users WHERE upper(code) = 'X'").skipped).toMatchObject([
      { reason: 'already-covered', message: { en: expect.stringContaining('k_code') } },
    ]);
  });
});

describe('PostgreSQL partial indexes for queue-like predicates', () => {
  const pg = parseSchema(
    `CREATE TABLE jobs (id bigint PRIMARY KEY, queue text, priority int, run_at timestamptz, locked_at timestamptz,
       done boolean);
     -- sqltune:stats jobs rows=1000000`,
    'postgresql',
  );
  const report = (sql: string, schema = pg, dialect: 'postgresql' | 'mysql' = 'postgresql') =>
    indexCandidateReport(parseStatements(sql, dialect)[0]!, schema).candidates;
  const queue = "SELECT id FROM jobs WHERE locked_at IS NULL AND queue = 'default' ORDER BY priority, run_at LIMIT 10";

  it('keys the other conditions and the ORDER BY, holding only the rows the predicate picks', () => {
    const partial = report(queue).find((c) => c.where && c.columns.length === 3);
    expect(partial).toMatchObject({
      ddl: 'CREATE INDEX idx_jobs_queue_priority_run_at_partial ON jobs (queue, priority, run_at) WHERE locked_at IS NULL;',
      columns: ['queue', 'priority', 'run_at'],
      roles: ['equality', 'order', 'order'],
      where: 'locked_at IS NULL',
    });
    expect(partial!.reason.en).toContain('Partial index: it holds only the rows of jobs where locked_at IS NULL');
    expect(partial!.reason.zh).toContain('部分索引');
    const flags = report('SELECT id FROM jobs WHERE done = false AND locked_at IS NOT NULL AND run_at < $1');
    expect(flags.find((c) => c.where)?.ddl).toBe(
      'CREATE INDEX idx_jobs_run_at_partial ON jobs (run_at) WHERE done = false AND locked_at IS NOT NULL;',
    );
  });

  it('sizes a partial index by the share of the rows its predicate holds', () => {
    const jobs = `CREATE TABLE jobs (id bigint PRIMARY KEY, queue text, priority int, run_at timestamptz, locked_at timestamptz);
      -- sqltune:stats jobs rows=1000000`;
    const size = (schemaText: string) =>
      report(queue, parseSchema(schemaText, 'postgresql')).find((c) => c.columns.join() === 'queue,priority,run_at')!
        .estimatedBytes!;
    // One row in a hundred; without a NULL fraction it is sized as if it held every row.
    const sized = size(`${jobs}\n-- sqltune:stats jobs.locked_at nulls=0.01`);
    expect(sized).toBeGreaterThan(0);
    expect(sized * 50).toBeLessThan(size(jobs));
  });

  it("states an ORM's soft delete as the predicate, not a key, on PostgreSQL; MySQL keys it", () => {
    const schemaText = `CREATE TABLE posts (id bigint PRIMARY KEY, user_id bigint NOT NULL, email varchar(255), title text,
      published boolean, created_at timestamp, deleted_at timestamp);
      CREATE TABLE users (id bigint PRIMARY KEY, status text);
      -- sqltune:stats posts rows=1000000
      -- sqltune:stats users rows=100000`;
    const pgSchema = parseSchema(schemaText, 'postgresql');
    const keys = (sql: string, dialect: 'postgresql' | 'mysql' = 'postgresql') =>
      report(sql, dialect === 'mysql' ? parseSchema(schemaText, 'mysql') : pgSchema, dialect)
        .filter((c) => c.table === 'posts')
        .map(
          (c) =>
            `${c.columns.join()}${c.include.length ? ` +${c.include.join()}` : ''}${c.where ? ` | ${c.where}` : ''}`,
        );
    const hibernate = keys('select p.id from posts p where p.deleted_at is null and p.email=$1');
    expect(hibernate).toContain('email | deleted_at IS NULL');
    expect(hibernate.some((k) => k.split(' ')[0]!.split(',').includes('deleted_at'))).toBe(false);
    // Joined on: the join column is the key of the rows the predicate holds; no index keyed by deleted_at alone.
    const rails = keys(
      'SELECT "posts".* FROM "posts" INNER JOIN "users" ON "users"."id" = "posts"."user_id" WHERE "users"."status" = $1 AND "posts"."deleted_at" IS NULL',
    );
    expect(rails).toContain('user_id | deleted_at IS NULL');
    expect(rails).not.toContain('deleted_at');
    // Negative: MySQL has no partial index, so the soft delete stays a key column beside the equality.
    const mysql = keys('SELECT id FROM posts WHERE deleted_at IS NULL AND email = ?', 'mysql');
    expect(mysql.every((k) => !k.includes('|'))).toBe(true);
    expect(mysql.some((k) => k.startsWith('deleted_at,email') || k.startsWith('email,deleted_at'))).toBe(true);
    // Negative: a boolean compared with a parameter (Rails' `"published" = $1`) is no predicate an index can state.
    const bound = keys('SELECT id FROM posts WHERE published = $1 AND user_id = $2');
    expect(bound.every((k) => !k.includes('|'))).toBe(true);
    expect(bound.some((k) => k.split(' ')[0]!.split(',').includes('published'))).toBe(true);
  });

  it("reads a boolean column alone or under NOT as a predicate, quoted as written (EF Core's soft delete)", () => {
    const schema = parseSchema(
      `CREATE TABLE "Users" ("Id" int PRIMARY KEY, "Email" text, "IsDeleted" boolean NOT NULL, "deletedAt" timestamp);
       -- sqltune:stats Users rows=1000000`,
      'postgresql',
    );
    const partial = (sql: string) => report(sql, schema).find((c) => c.where)?.ddl;
    expect(partial('SELECT u."Id" FROM "Users" AS u WHERE NOT (u."IsDeleted") AND u."Email" = $1')).toBe(
      'CREATE INDEX idx_users_email_partial ON "Users" ("Email") WHERE NOT "IsDeleted";',
    );
    expect(partial('SELECT "Id" FROM "Users" WHERE "IsDeleted" AND "Email" = $1')).toMatch(/WHERE "IsDeleted";$/);
    expect(partial('SELECT "Id" FROM "Users" WHERE "deletedAt" IS NULL AND "Email" = $1')).toMatch(
      /\("Email"\) WHERE "deletedAt" IS NULL;$/,
    );
    // Negative: a column that is no boolean is no predicate alone.
    expect(report('SELECT "Id" FROM "Users" WHERE "Email" = $1', schema).some((c) => c.where)).toBe(false);
  });

  it("reads MyBatis-Plus' logical delete (deleted = 0, del_flag = '0') as a flag: PostgreSQL's predicate", () => {
    const schemaText = `CREATE TABLE orders (id bigint PRIMARY KEY, user_id bigint, status smallint, deleted smallint,
        is_deleted int, del_flag char(1), deleted_at timestamp, deleted_by bigint);
      -- sqltune:stats orders rows=1000000`;
    const pgSchema = parseSchema(schemaText, 'postgresql');
    const where = (sql: string, schema = pgSchema) => report(sql, schema).find((c) => c.where)?.ddl;
    expect(where('SELECT id FROM orders WHERE deleted = 0 AND user_id = $1')).toBe(
      'CREATE INDEX idx_orders_user_id_partial ON orders (user_id) WHERE deleted = 0;',
    );
    expect(where('SELECT id FROM orders WHERE is_deleted = 0 AND user_id = $1')).toMatch(/WHERE is_deleted = 0;$/);
    expect(where("SELECT id FROM orders WHERE del_flag = '0' AND user_id = $1")).toMatch(/WHERE del_flag = '0';$/);
    // RuoYi marks deleted rows '2': a flag's other value is a subset too.
    expect(where("SELECT id FROM orders WHERE del_flag = '2' AND user_id = $1")).toMatch(/WHERE del_flag = '2';$/);
    // Negative: a status compared with 0 is a key, as are a flag compared with a parameter or a wider value, and
    // columns only named like the flag.
    const none = [
      'SELECT id FROM orders WHERE status = 0 AND user_id = $1',
      'SELECT id FROM orders WHERE deleted = $2 AND user_id = $1',
      "SELECT id FROM orders WHERE del_flag = 'no' AND user_id = $1",
      'SELECT id FROM orders WHERE deleted_by = 0 AND user_id = $1',
    ];
    for (const sql of none) expect(where(sql), sql).toBeUndefined();
    // Sized by the flag's most common values: the deleted tenth of the rows, or the nine tenths still there.
    const sized = (sql: string) => {
      const schema = parseSchema(schemaText, 'postgresql');
      const deleted = { most_common_vals: '{0,1}', most_common_freqs: [0.9, 0.1] };
      const json = { tables: { orders: { rows: 1000000, columns: { deleted } } } };
      mergeStatistics(schema, parseStatisticsJson(JSON.stringify(json)));
      return report(sql, schema).find((c) => c.where)!.estimatedBytes!;
    };
    const live = sized('SELECT id FROM orders WHERE deleted = 0 AND user_id = $1');
    const gone = sized('SELECT id FROM orders WHERE deleted = 1 AND user_id = $1');
    expect(gone * 5).toBeLessThan(live);
  });

  it('keys an ORM soft delete or a logical delete flag after the columns compared with values on MySQL', () => {
    const my = parseSchema(
      `CREATE TABLE users (id INT PRIMARY KEY, email VARCHAR(100), status VARCHAR(10), deleted_at DATETIME,
         deleted TINYINT(1) NOT NULL DEFAULT 0, is_active BOOLEAN, kind TINYINT);
       -- sqltune:stats users rows=1000000
       -- sqltune:stats users.deleted_at distinct=900000
       -- sqltune:stats users.deleted distinct=900000
       -- sqltune:stats users.kind distinct=900000
       -- sqltune:stats users.status distinct=5`,
      'mysql',
    );
    const keys = (sql: string) => report(sql, my, 'mysql').map((c) => c.columns.join());
    expect(keys('SELECT id FROM users WHERE deleted_at IS NULL AND status = ?')).toContain('status,deleted_at');
    expect(keys('SELECT id FROM users WHERE deleted_at IS NULL AND status = ?')).not.toContain('deleted_at,status');
    // MyBatis-Plus' logical delete, and a BOOLEAN (TINYINT(1)) flag compared with 1, whatever their statistics.
    expect(keys('SELECT id FROM users WHERE deleted = 0 AND status = ?')).toContain('status,deleted');
    expect(keys('SELECT id FROM users WHERE deleted = 0 AND status = ?')).not.toContain('deleted,status');
    expect(keys('SELECT id FROM users WHERE is_active = 1 AND status = ?')).toContain('status,is_active');
    // Negative: a column compared with a value keeps its place by its statistics, a kind compared with 0 too.
    expect(keys('SELECT id FROM users WHERE deleted_at = ? AND status = ?')).toContain('deleted_at,status');
    expect(keys('SELECT id FROM users WHERE kind = 0 AND status = ?')).toContain('kind,status');
  });

  it('holds no predicate the WHERE does not imply, and none on MySQL', () => {
    expect(report("SELECT id FROM jobs WHERE locked_at IS NULL OR queue = 'default'").some((c) => c.where)).toBe(false);
    // A non-boolean column compared with a value is a key, not a subset.
    expect(report("SELECT id FROM jobs WHERE queue = 'a' AND priority = 1").some((c) => c.where)).toBe(false);
    // Nothing left to key: the predicate alone.
    expect(report('SELECT id FROM jobs WHERE locked_at IS NULL').some((c) => c.where)).toBe(false);
    const my = parseSchema(
      'CREATE TABLE jobs (id INT PRIMARY KEY, queue VARCHAR(20), priority INT, run_at DATETIME, locked_at DATETIME);',
      'mysql',
    );
    expect(report(queue, my, 'mysql').every((c) => !/WHERE/.test(c.ddl))).toBe(true);
  });

  it('recognises an existing partial index by its predicate', () => {
    const schema = (where: string) =>
      parseSchema(
        `CREATE TABLE jobs (id bigint PRIMARY KEY, queue text, priority int, run_at timestamptz, locked_at timestamptz);
         CREATE INDEX jobs_ready ON jobs (queue, priority, run_at) WHERE ${where};`,
        'postgresql',
      );
    expect(report(queue, schema('locked_at IS NULL')).some((c) => c.where)).toBe(false);
    // A predicate the query's conditions include serves it too.
    const narrower =
      "SELECT id FROM jobs WHERE locked_at IS NULL AND run_at IS NOT NULL AND queue = 'default' ORDER BY priority, run_at";
    expect(report(narrower, schema('locked_at IS NULL')).some((c) => c.where)).toBe(false);
    expect(report(narrower, schema('locked_at IS NULL AND priority IS NULL')).some((c) => c.where)).toBe(true);
    // It serves any key of a query whose WHERE holds its predicate.
    const single = parseSchema(
      `CREATE TABLE jobs (id bigint PRIMARY KEY, queue text, locked_at timestamptz);
       CREATE INDEX jobs_ready ON jobs (queue) WHERE locked_at IS NULL;`,
      'postgresql',
    );
    expect(
      report("SELECT id FROM jobs WHERE locked_at IS NULL AND queue = 'a'", single).map((c) => c.ddl),
    ).not.toContain('CREATE INDEX idx_jobs_queue ON jobs (queue);');
    expect(report("SELECT id FROM jobs WHERE queue = 'a'", single).map((c) => c.ddl)).toContain(
      'CREATE INDEX idx_jobs_queue ON jobs (queue);',
    );
    // Another predicate serves other rows: neither it nor a plain index on the same keys counts.
    expect(report(queue, schema('locked_at IS NOT NULL')).some((c) => c.where)).toBe(true);
    expect(report("SELECT id FROM jobs WHERE queue = 'a'", schema('locked_at IS NOT NULL'))[0]?.columns).toEqual([
      'queue',
    ]);
  });
});

describe('partial unique indexes', () => {
  const schema = parseSchema(
    `CREATE TABLE users (id bigint PRIMARY KEY, email text, org_id int, deleted_at timestamptz);
     CREATE UNIQUE INDEX users_live_email ON users (email) WHERE deleted_at IS NULL;`,
    'postgresql',
  );
  const keys = (sql: string) =>
    indexCandidates(parseStatements(sql, 'postgresql')[0]!, schema).map((c) => c.columns.join());

  it('pins a row only for a query whose WHERE holds the predicate', () => {
    // Deleted rows may share the email: the unique index does not find the one row.
    expect(keys("SELECT id FROM users WHERE email = 'a' AND org_id = 1")).toContain('email,org_id');
    expect(keys("SELECT id FROM users WHERE email = 'a' AND org_id = 1 AND deleted_at IS NULL")).not.toContain(
      'email,org_id',
    );
  });
});

describe('descending keys for an ORDER BY that mixes directions', () => {
  const ddl = (sql: string, schemaText: string, dialect: 'postgresql' | 'mysql') =>
    indexCandidates(parseStatements(sql, dialect)[0]!, parseSchema(schemaText, dialect)).map((c) => c.ddl);
  const table = 'CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT, c INT, d INT, e INT, f INT, g INT);';

  it('stores the columns sorted the other way descending, in both dialects', () => {
    const sql = 'SELECT * FROM t WHERE a = 1 ORDER BY b ASC, c DESC LIMIT 5';
    expect(ddl(sql, table, 'postgresql')).toContain('CREATE INDEX idx_t_a_b_c ON t (a, b, c DESC);');
    expect(ddl(sql, table, 'mysql')).toContain('CREATE INDEX `idx_t_a_b_c` ON `t` (`a`, `b`, `c` DESC);');
    // Read backwards, (a, b, c DESC) also serves ORDER BY b DESC, c ASC.
    expect(ddl('SELECT * FROM t WHERE a = 1 ORDER BY b DESC, c LIMIT 5', table, 'postgresql')).toContain(
      'CREATE INDEX idx_t_a_b_c ON t (a, b, c DESC);',
    );
  });

  it('keeps plain keys for one direction, and no order key for explicit NULLS placement', () => {
    const desc = ddl('SELECT * FROM t WHERE a = 1 ORDER BY b DESC, c DESC LIMIT 5', table, 'postgresql');
    expect(desc).toContain('CREATE INDEX idx_t_a_b_c ON t (a, b, c);');
    expect(desc.some((d) => d.includes('DESC'))).toBe(false);
    const nulls = ddl('SELECT * FROM t WHERE a = 1 ORDER BY b, c DESC NULLS LAST LIMIT 5', table, 'postgresql');
    expect(nulls.some((d) => /\(a, b/.test(d))).toBe(false);
  });

  it('does not count an existing index read in other relative directions', () => {
    const sql = 'SELECT * FROM t WHERE a = 1 ORDER BY b, c DESC LIMIT 5';
    expect(ddl(sql, `${table} CREATE INDEX t_abc ON t (a, b, c);`, 'postgresql')).toContain(
      'CREATE INDEX idx_t_a_b_c ON t (a, b, c DESC);',
    );
    expect(ddl(sql, `${table} CREATE INDEX t_abc ON t (a DESC, b DESC, c);`, 'postgresql')).not.toContain(
      'CREATE INDEX idx_t_a_b_c ON t (a, b, c DESC);',
    );
  });
});

describe('index candidates: substring patterns (PostgreSQL pg_trgm)', () => {
  const pg = parseSchema(
    `CREATE TABLE articles (id bigint PRIMARY KEY, title varchar(200) NOT NULL, body text, code int);
     -- sqltune:stats articles rows=2000000`,
    'postgresql',
  );
  const ddls = (sql: string, dialect: 'postgresql' | 'mysql' = 'postgresql') =>
    indexCandidateReport(parseStatements(sql, dialect)[0]!, dialect === 'postgresql' ? pg : schema).candidates.map(
      (c) => c.ddl,
    );

  it('proposes a GIN with gin_trgm_ops for LIKE and ILIKE patterns that start with a wildcard', () => {
    expect(ddls("SELECT id FROM articles WHERE body ILIKE '%tuning%'")).toEqual([
      'CREATE INDEX idx_articles_body_trgm ON articles USING gin (body gin_trgm_ops);',
    ]);
    const [candidate] = indexCandidateReport(
      parseStatements("SELECT id FROM articles WHERE title LIKE '_ab%cde%'", 'postgresql')[0]!,
      pg,
    ).candidates;
    expect(candidate).toMatchObject({ kind: 'gin', extension: 'pg_trgm', roles: ['pattern'] });
    // ILIKE compares without case: not even its prefix is a range of a B-tree, a trigram GIN serves it.
    expect(ddls("SELECT id FROM articles WHERE title ILIKE 'tun%'")).toEqual([
      'CREATE INDEX idx_articles_title_trgm ON articles USING gin (title gin_trgm_ops);',
    ]);
  });

  it('proposes none without three characters in a row, for a prefix, a non-text column, NOT LIKE or MySQL', () => {
    expect(ddls("SELECT id FROM articles WHERE title LIKE '%ab%c%'")).toEqual([]);
    // An escaped wildcard is a character of the text: '%a\_b%' has a run of three.
    expect(ddls("SELECT id FROM articles WHERE title LIKE '%a\\_b%'")).toHaveLength(1);
    expect(ddls("SELECT id FROM articles WHERE title LIKE 'tun%'").join()).not.toContain('gin_trgm_ops');
    expect(ddls("SELECT id FROM articles WHERE code::text LIKE '%123%'")).toEqual([]);
    expect(ddls("SELECT id FROM articles WHERE title NOT LIKE '%tuning%'")).toEqual([]);
    expect(ddls("SELECT 1 FROM orders WHERE o_clerk LIKE '%clerk%'", 'mysql')).toEqual([]);
  });
});
