import type { Dialect } from '@sqltune/contracts';
import { describe, expect, it } from 'vitest';
import { parseStatements } from '../dialect/parse.ts';
import { inferMissingTables, withInferredTables } from './inferred-tables.ts';
import { findColumn, findTable } from './model.ts';
import { parseSchema } from './parse-schema.ts';

const ORDERS = `CREATE TABLE orders (id BIGINT PRIMARY KEY, customer_id BIGINT NOT NULL, status VARCHAR(20),
  total DECIMAL(12,2), created_at TIMESTAMP);`;

function infer(sql: string, dialect: Dialect = 'postgresql', schemaText = ORDERS) {
  const schema = parseSchema(schemaText, dialect);
  return inferMissingTables(parseStatements(sql, dialect), schema, dialect);
}

/** The inferred type of each column of a table, `name TYPE`, in the order of the DDL. */
function columnsOf(sql: string, table: string, dialect: Dialect = 'postgresql', schemaText = ORDERS) {
  const inferred = infer(sql, dialect, schemaText);
  const def = inferred?.tables.find((t) => t.name === table);
  return def?.columns.map((c) => `${c.name} ${c.type}${c.length ? `(${c.length})` : ''}`);
}

describe('tables a given structure leaves out', () => {
  it('reads the columns a statement takes of a missing table and types them by their use', () => {
    const sql = `SELECT o.id, c.name, sum(c.balance) FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE c.city = 'Shanghai' AND c.active AND extract(year from c.joined) = 2020
        AND c.seen >= now() - interval '1 day' AND lower(c.email) LIKE 'a%' AND c.score > 2.5
        AND c.birthday BETWEEN DATE '1990-01-01' AND '2000-12-31' AND c.token = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'
      GROUP BY o.id, c.name`;
    expect(columnsOf(sql, 'customers')).toEqual([
      'id BIGINT',
      'name TEXT',
      'balance NUMERIC',
      'city TEXT',
      'active BOOLEAN',
      'joined TIMESTAMP',
      'seen TIMESTAMP',
      'email TEXT',
      'score NUMERIC',
      'birthday DATE',
      'token UUID',
    ]);
  });

  it('types a join column like the known column it is compared with, and a pair of missing ones alike', () => {
    const sql = `SELECT 1 FROM orders o JOIN customers c ON c.ref = o.status JOIN regions r ON r.code = c.region_code
      WHERE r.code = 7`;
    expect(columnsOf(sql, 'customers')).toEqual(['ref TEXT', 'region_code BIGINT']);
    expect(columnsOf(sql, 'regions')).toEqual(['code BIGINT']);
  });

  it('types operands of arithmetic as numbers, and by a subquery they are compared with', () => {
    const sql = `SELECT sum(l.price * (1 - l.rebate)), l.qty * l.weight FROM orders o JOIN items l ON l.order_id = o.id
      WHERE l.stock > (SELECT 0.5 * sum(total) FROM orders) AND l.part IN (SELECT customer_id FROM orders)
        AND l.shipped + interval '1 day' > now()`;
    expect(columnsOf(sql, 'items')).toEqual([
      'price NUMERIC',
      'rebate NUMERIC',
      'qty NUMERIC',
      'weight NUMERIC',
      'order_id BIGINT',
      'stock NUMERIC',
      'part BIGINT',
      'shipped TIMESTAMP',
    ]);
    // Two missing tables, one column compared with the other's through IN: one type, the one that is known.
    const linked = `SELECT 1 FROM orders o WHERE o.customer_id IN (SELECT s.ref FROM suppliers s
      WHERE s.ref IN (SELECT p.ref FROM parts p WHERE p.ref = 7))`;
    expect(columnsOf(linked, 'suppliers')).toEqual(['ref BIGINT']);
    expect(columnsOf(linked, 'parts')).toEqual(['ref BIGINT']);
  });

  it("types a missing table's column by how a CTE or derived table that selects it is used, in every branch", () => {
    const sql = `WITH ss AS (SELECT d.d_year AS yr, d.d_label FROM orders o JOIN dates d ON d.d_key = o.id
        UNION ALL SELECT w.w_year, w.w_label FROM weeks w)
      SELECT t.d_label FROM ss JOIN (SELECT d_week FROM dates) t2 ON t2.d_week > now() - interval '7 days'
        CROSS JOIN (SELECT d_label FROM dates) t WHERE ss.yr = 2000 AND ss.d_label LIKE 'Q%'`;
    expect(columnsOf(sql, 'dates')).toEqual(['d_year BIGINT', 'd_label TEXT', 'd_key BIGINT', 'd_week TIMESTAMP']);
    expect(columnsOf(sql, 'weeks')).toEqual(['w_year BIGINT', 'w_label TEXT']);
    // A CTE column of a known table passes its type on: `total` is orders' DECIMAL.
    const known = `WITH big AS (SELECT customer_id AS c, total FROM orders)
      SELECT 1 FROM big JOIN refunds r ON r.amount_back = big.total AND r.cust = big.c`;
    expect(columnsOf(known, 'refunds')).toEqual(['amount_back NUMERIC', 'cust BIGINT']);
  });

  it("reads a correlated subquery's unqualified column as the enclosing known table's, not a missing one's", () => {
    // TPC-H Q2's shape: region is missing; p_partkey is part's, from the enclosing query.
    const schema = `${ORDERS}\nCREATE TABLE part (p_partkey BIGINT PRIMARY KEY, p_size INT);`;
    const sql = `SELECT p_partkey FROM part WHERE p_size = 15 AND EXISTS (SELECT 1 FROM region
      WHERE r_partkey = p_partkey AND r_name = 'EUROPE')`;
    expect(columnsOf(sql, 'region', 'postgresql', schema)).toEqual(['r_partkey BIGINT', 'r_name TEXT']);
  });

  it('guesses a type from the name only when nothing else says, and never from part of a word', () => {
    const sql =
      'SELECT t.userId, t.paid, t.custkey, t.api_key, t.unit_price, t.order_no, t.label FROM things t, orders o';
    expect(columnsOf(sql, 'things')).toEqual([
      'userId BIGINT',
      'paid TEXT',
      'custkey BIGINT',
      'api_key TEXT',
      'unit_price NUMERIC',
      'order_no BIGINT',
      'label TEXT',
    ]);
    expect(
      columnsOf("SELECT 1 FROM orders o JOIN things t ON t.custkey = o.status WHERE t.price = 'n/a'", 'things'),
    ).toEqual(['custkey TEXT', 'price TEXT']);
  });

  it('gives MySQL an indexable VARCHAR, DATETIME and TINYINT(1) where PostgreSQL has TEXT, TIMESTAMP and BOOLEAN', () => {
    const sql = "SELECT c.name FROM customers c WHERE c.city = 'x' AND c.created_at > NOW() AND NOT c.locked";
    expect(columnsOf(sql, 'customers', 'mysql')).toEqual([
      'name VARCHAR(255)',
      'city VARCHAR(255)',
      'created_at DATETIME',
      'locked TINYINT',
    ]);
    expect(infer(sql, 'mysql')!.ddl).toContain('`locked` TINYINT(1)');
  });

  it('makes id the primary key, first, and gives a table read by no column one', () => {
    const inferred = infer('SELECT count(*) FROM orders o, audit_log WHERE o.id IN (SELECT id FROM archived)')!;
    const audit = inferred.tables.find((t) => t.name === 'audit_log')!;
    expect(audit.columns.map((c) => c.name)).toEqual(['id']);
    expect(audit.indexes).toEqual([{ name: null, columns: ['id'], unique: true, primary: true }]);
    expect(inferred.ddl).toContain('CREATE TABLE "audit_log" (\n  "id" BIGINT NOT NULL,\n  PRIMARY KEY ("id")\n);');
    expect(columnsOf("SELECT name, id FROM users WHERE name = 'x'", 'users')).toEqual(['id BIGINT', 'name TEXT']);
  });

  it("places an unqualified column by the query's only missing table, through a subquery's outer reference", () => {
    const sql = `SELECT city FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE EXISTS (SELECT 1 FROM orders x WHERE x.customer_id = c.id AND x.status = region)`;
    // city and region are no column of orders: customers' (region read from the subquery's enclosing query).
    expect(columnsOf(sql, 'customers')).toEqual(['id BIGINT', 'city TEXT', 'region TEXT']);
  });

  it('leaves a column of a known table, a select-list alias and an ambiguous column out of a missing table', () => {
    const sql = `SELECT status, count(*) AS n FROM orders o JOIN customers c ON c.id = o.customer_id
      JOIN regions r ON r.id = c.region_id WHERE zone = 'x' GROUP BY status ORDER BY n`;
    // status is orders'; n the count; zone could be either missing table's: none of them gets it.
    expect(columnsOf(sql, 'customers')).toEqual(['id BIGINT', 'region_id BIGINT']);
    expect(columnsOf(sql, 'regions')).toEqual(['id BIGINT']);
  });

  it('reads the columns an INSERT or REPLACE lists of a missing target, typed by its values', () => {
    const select = "INSERT INTO shop.audit (user_id, action, at) SELECT id, 'login', NOW() FROM orders WHERE id = 5";
    expect(columnsOf(select, 'audit', 'mysql')).toEqual(['user_id BIGINT', 'action VARCHAR(255)', 'at DATETIME']);
    const values = "INSERT INTO audit (user_id, amount, day) VALUES (1, 2.5, '2024-01-01'), (2, 3, '2024-01-02')";
    expect(columnsOf(values, 'audit')).toEqual(['user_id BIGINT', 'amount NUMERIC', 'day DATE']);
    expect(columnsOf("REPLACE INTO audit (note) VALUES ('x')", 'audit', 'mysql')).toEqual(['note VARCHAR(255)']);
    // Without a column list the target's columns are unknown: nothing is inferred of it.
    expect(infer('INSERT INTO audit SELECT * FROM orders')).toBeUndefined();
  });

  it('reads JOIN ... USING and an UPDATE target', () => {
    expect(columnsOf('SELECT 1 FROM orders JOIN shipments USING (customer_id)', 'shipments')).toEqual([
      'customer_id BIGINT',
    ]);
    const update = "UPDATE accounts a SET balance = a.balance + 1.5, note = 'x' WHERE a.owner_id = 3";
    expect(columnsOf(update, 'accounts')).toEqual(['balance NUMERIC', 'owner_id BIGINT', 'note TEXT']);
    expect(columnsOf(update, 'accounts', 'mysql')).toEqual(['balance DECIMAL', 'owner_id BIGINT', 'note VARCHAR(255)']);
  });

  it('infers nothing without a structure, for tables it holds, for CTEs, views, catalogs and run-time names', () => {
    expect(infer("SELECT name FROM customers WHERE city = 'x'", 'postgresql', '')).toBeUndefined();
    expect(infer("SELECT id FROM orders WHERE status = 'x'")).toBeUndefined();
    expect(infer('WITH recent AS (SELECT * FROM orders) SELECT id FROM recent')).toBeUndefined();
    const withView = `${ORDERS}\nCREATE VIEW open_orders AS SELECT * FROM orders WHERE status = 'open';`;
    expect(infer('SELECT id FROM open_orders', 'postgresql', withView)).toBeUndefined();
    expect(infer('SELECT relname FROM pg_class')).toBeUndefined();
    expect(infer('SELECT table_name FROM information_schema.tables', 'mysql')).toBeUndefined();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a MyBatis `${}` table name, as a mapper writes it
    expect(infer('SELECT * FROM ${tableName} WHERE id = 1', 'mysql')).toBeUndefined();
    // PostgreSQL: the sandbox has no schema but public.
    expect(infer('SELECT id FROM sales.customers')).toBeUndefined();
    expect(columnsOf('SELECT id FROM public.customers', 'customers')).toEqual(['id BIGINT']);
  });

  it('writes DDL the schema reader reads back to the same tables, every name quoted as the statement resolves it', () => {
    const sql = `SELECT c."Full Name", c."Order", c.Region FROM orders o JOIN "Customers" c ON c.id = o.customer_id
      WHERE c.level = 3`;
    const inferred = infer(sql)!;
    expect(inferred.ddl).toContain('CREATE TABLE "Customers" (');
    expect(inferred.ddl).toContain('"Full Name" TEXT');
    // Quoted capitals keep their case; an unquoted name is the lower-case one PostgreSQL folds it to.
    expect(inferred.ddl).toContain('"Order" TEXT');
    expect(inferred.ddl).toContain('"region" TEXT');
    expect(infer('SELECT c.order, c.key FROM orders o JOIN Clients c ON c.id = o.customer_id', 'mysql')!.ddl).toBe(
      'CREATE TABLE `Clients` (\n  `id` BIGINT NOT NULL,\n  `order` VARCHAR(255),\n  `key` VARCHAR(255),\n  PRIMARY KEY (`id`)\n);',
    );
    const schema = withInferredTables(parseSchema(ORDERS, 'postgresql'), inferred);
    const reread = parseSchema(schema.ddl, 'postgresql');
    const table = findTable(reread, 'Customers')!;
    expect(table.columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'BIGINT'],
      ['Full Name', 'TEXT'],
      ['Order', 'TEXT'],
      ['region', 'TEXT'],
      ['level', 'BIGINT'],
    ]);
    expect(findColumn(findTable(schema, 'Customers'), 'level')).toBeDefined();
    expect(findTable(schema, 'Customers')!.inferred).toBe(true);
    expect(findTable(schema, 'orders')!.inferred).toBeUndefined();
  });

  it('quotes a name written to break out of the DDL: it stays one table of that name', () => {
    for (const dialect of ['postgresql', 'mysql'] as const) {
      const q = dialect === 'mysql' ? '`' : '"';
      const name = `Ev${q}${q}il); DROP TABLE orders; --`;
      const inferred = infer(`SELECT x.${q}a${q}${q}b${q} FROM ${q}${name}${q} x WHERE x.id = 1`, dialect)!;
      const reread = parseSchema(withInferredTables(parseSchema(ORDERS, dialect), inferred).ddl, dialect);
      expect(reread.tables.map((t) => [t.name, t.columns.map((c) => c.name)])).toEqual([
        ['orders', ['id', 'customer_id', 'status', 'total', 'created_at']],
        [`Ev${q}il); DROP TABLE orders; --`, ['id', `a${q}b`]],
      ]);
    }
  });

  it('names each inferred table, column and type in both languages', () => {
    const { note } = infer('SELECT c.name FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.vip = true')!;
    expect(note.en).toContain('customers(id BIGINT PRIMARY KEY, name TEXT, vip BOOLEAN)');
    expect(note.en).toContain('add their CREATE TABLE');
    expect(note.zh).toContain('表结构中没有 customers');
    expect(note.zh).toContain('customers(id BIGINT PRIMARY KEY, name TEXT, vip BOOLEAN)');
  });
});
