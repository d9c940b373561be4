/**
 * A shop: 20,000 users, 200,000 orders, 300,000 order lines. Filters, ranges, sorts with LIMIT, grouping, joins,
 * correlated subqueries, EXISTS/IN, derived tables and CTEs, covering indexes, and queries no index helps.
 */
import { amount, type BenchGroup, filler, id, integer, skewed, type TableSpec, timestamp, word } from './cases.ts';

const users: TableSpec = {
  name: 'users',
  rows: 20_000,
  columns: [
    id,
    word('city', 2_000),
    word('name', 20_000),
    skewed('country', 20),
    timestamp('signup_at', 730),
    filler(),
  ],
};
const orders: TableSpec = {
  name: 'orders',
  rows: 200_000,
  columns: [
    id,
    integer('user_id', 20_000),
    word('status', 10),
    timestamp('pay_time', 366),
    amount(),
    skewed('channel', 8),
    filler(),
  ],
};
const orderLines: TableSpec = {
  name: 'order_lines',
  rows: 300_000,
  columns: [id, integer('order_id', 200_000), integer('product_id', 2_000), integer('qty', 10), amount('price', 100)],
};

export const shop: BenchGroup = {
  name: 'shop',
  tables: [users, orders, orderLines],
  cases: [
    // Filters
    { name: 'equality-selective', expectsIndex: true, sql: 'SELECT id, total FROM orders WHERE user_id = 4242' },
    { name: 'equality-string', expectsIndex: true, sql: "SELECT id, city FROM users WHERE name = 'name_1234'" },
    {
      name: 'in-list',
      expectsIndex: true,
      sql: 'SELECT id, total FROM orders WHERE user_id IN (11, 222, 3333, 4444, 5555)',
    },
    {
      name: 'two-equalities',
      expectsIndex: true,
      sql: "SELECT id, total FROM orders WHERE user_id = 777 AND status = 'status_3'",
    },
    // channel_7: about 1% of the orders (the skew's tail).
    { name: 'equality-rare-value', expectsIndex: true, sql: "SELECT id FROM orders WHERE channel = 'channel_7'" },
    {
      name: 'lines-by-product',
      expectsIndex: true,
      sql: 'SELECT order_id, qty FROM order_lines WHERE product_id = 42',
    },
    // Ranges
    {
      name: 'range-narrow',
      expectsIndex: true,
      sql: "SELECT id, total FROM orders WHERE pay_time BETWEEN '2024-03-01' AND '2024-03-03'",
    },
    {
      name: 'range-numeric',
      expectsIndex: true,
      sql: 'SELECT id, user_id FROM orders WHERE total BETWEEN 500 AND 501',
    },
    { name: 'range-recent', expectsIndex: true, sql: "SELECT id, total FROM orders WHERE pay_time >= '2024-12-28'" },
    {
      name: 'range-signup',
      expectsIndex: true,
      sql: "SELECT id, name FROM users WHERE signup_at BETWEEN '2024-06-01' AND '2024-06-03'",
    },
    {
      name: 'equality-and-range',
      expectsIndex: true,
      sql: "SELECT id, total FROM orders WHERE user_id = 99 AND pay_time > '2024-06-01'",
    },
    // status: 10 values (10% each) with a two-day range (0.5%): the range should lead.
    {
      name: 'unselective-eq-range',
      expectsIndex: true,
      sql: "SELECT id, total FROM orders WHERE status = 'status_3' AND pay_time BETWEEN '2024-05-01' AND '2024-05-02'",
    },
    {
      name: 'unselective-in-range',
      expectsIndex: true,
      sql: "SELECT id FROM orders WHERE status IN ('status_1', 'status_2', 'status_3') AND total BETWEEN 100 AND 101",
    },
    // The underscore escaped: unescaped it is a wildcard, and the prefix before it ("name") matches every row.
    { name: 'like-prefix', expectsIndex: true, sql: "SELECT id, city FROM users WHERE name LIKE 'name\\_1234%'" },
    // Sorts with LIMIT
    {
      name: 'order-by-limit',
      expectsIndex: true,
      sql: 'SELECT id, total FROM orders ORDER BY pay_time DESC LIMIT 100',
    },
    { name: 'order-by-asc-limit', expectsIndex: true, sql: 'SELECT id, user_id FROM orders ORDER BY total LIMIT 20' },
    {
      name: 'equality-order-limit',
      expectsIndex: true,
      sql: "SELECT id, total FROM orders WHERE status = 'status_2' ORDER BY pay_time DESC LIMIT 20",
    },
    {
      name: 'user-latest-orders',
      expectsIndex: true,
      sql: 'SELECT id, total, pay_time FROM orders WHERE user_id = 321 ORDER BY pay_time DESC LIMIT 5',
    },
    {
      name: 'order-by-two-limit',
      expectsIndex: true,
      sql: 'SELECT id FROM orders ORDER BY status, pay_time LIMIT 50',
    },
    // 10% pass the filter: reading in pay_time order stops after about 100 rows.
    {
      name: 'filter-order-limit',
      expectsIndex: true,
      sql: 'SELECT id, total FROM orders WHERE total > 900 ORDER BY pay_time LIMIT 10',
    },
    // Grouping
    {
      name: 'group-max-per-user',
      expectsIndex: true,
      sql: 'SELECT user_id, MAX(pay_time) FROM orders GROUP BY user_id',
    },
    { name: 'distinct-status', expectsIndex: true, sql: 'SELECT DISTINCT status FROM orders' },
    {
      name: 'group-range-filter',
      expectsIndex: true,
      sql: "SELECT status, COUNT(*) FROM orders WHERE pay_time BETWEEN '2024-04-01' AND '2024-04-03' GROUP BY status",
    },
    {
      name: 'group-eq-filter',
      expectsIndex: true,
      sql: "SELECT user_id, COUNT(*) FROM orders WHERE status = 'status_5' AND user_id < 2000 GROUP BY user_id",
    },
    {
      name: 'group-lines-per-order',
      expectsIndex: true,
      sql: 'SELECT order_id, SUM(qty) FROM order_lines WHERE order_id BETWEEN 1000 AND 1500 GROUP BY order_id',
    },
    // Joins
    {
      name: 'join-filter',
      expectsIndex: true,
      sql: "SELECT o.id, o.total FROM users u JOIN orders o ON o.user_id = u.id WHERE u.city = 'city_7'",
    },
    {
      name: 'join-range-orders',
      expectsIndex: true,
      sql: "SELECT u.name, o.total FROM orders o JOIN users u ON u.id = o.user_id WHERE o.pay_time BETWEEN '2024-07-01' AND '2024-07-02'",
    },
    {
      name: 'join-by-name',
      expectsIndex: true,
      sql: "SELECT o.id, o.total FROM users u JOIN orders o ON o.user_id = u.id WHERE u.name = 'name_4321'",
    },
    {
      name: 'join-lines',
      expectsIndex: true,
      sql: 'SELECT l.product_id, l.qty FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.user_id = 1234',
    },
    {
      name: 'join-three',
      expectsIndex: true,
      sql: "SELECT u.name, l.qty FROM users u JOIN orders o ON o.user_id = u.id JOIN order_lines l ON l.order_id = o.id WHERE u.name = 'name_999'",
    },
    {
      name: 'join-product-orders',
      expectsIndex: true,
      sql: 'SELECT o.user_id, o.pay_time FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.product_id = 17',
    },
    // Correlated subqueries
    {
      name: 'correlated-max',
      expectsIndex: true,
      sql: "SELECT u.name, (SELECT MAX(o.pay_time) FROM orders o WHERE o.user_id = u.id) AS last FROM users u WHERE u.city = 'city_9'",
    },
    {
      name: 'correlated-count',
      expectsIndex: true,
      sql: "SELECT u.id, (SELECT COUNT(*) FROM orders o WHERE o.user_id = u.id) AS n FROM users u WHERE u.city = 'city_12'",
    },
    {
      name: 'correlated-max-eq',
      expectsIndex: true,
      sql: "SELECT u.name, (SELECT MAX(o.total) FROM orders o WHERE o.user_id = u.id AND o.status = 'status_1') AS best FROM users u WHERE u.city = 'city_21'",
    },
    {
      name: 'correlated-latest-row',
      expectsIndex: true,
      sql: 'SELECT o.id, o.total FROM orders o WHERE o.user_id BETWEEN 100 AND 104 AND o.pay_time = (SELECT MAX(o2.pay_time) FROM orders o2 WHERE o2.user_id = o.user_id)',
    },
    {
      name: 'correlated-above-avg',
      expectsIndex: true,
      sql: 'SELECT o.id FROM orders o WHERE o.user_id < 7 AND o.total > (SELECT AVG(o2.total) FROM orders o2 WHERE o2.user_id = o.user_id)',
    },
    {
      name: 'correlated-lines-sum',
      expectsIndex: true,
      sql: 'SELECT o.id, (SELECT SUM(l.qty) FROM order_lines l WHERE l.order_id = o.id) AS items FROM orders o WHERE o.user_id = 4567',
    },
    // EXISTS / IN
    {
      name: 'exists',
      expectsIndex: true,
      sql: "SELECT u.id, u.name FROM users u WHERE u.city = 'city_3' AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.status = 'status_1')",
    },
    {
      name: 'not-exists',
      expectsIndex: true,
      sql: "SELECT u.id FROM users u WHERE u.city = 'city_8' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.pay_time > '2024-12-01')",
    },
    {
      name: 'in-subquery-range',
      expectsIndex: true,
      sql: "SELECT id, name FROM users WHERE id IN (SELECT user_id FROM orders WHERE pay_time BETWEEN '2024-09-01' AND '2024-09-02')",
    },
    {
      name: 'in-subquery-city',
      expectsIndex: true,
      sql: "SELECT id, total FROM orders WHERE user_id IN (SELECT id FROM users WHERE city = 'city_5')",
    },
    {
      name: 'exists-lines',
      expectsIndex: true,
      sql: 'SELECT o.id FROM orders o WHERE o.user_id = 888 AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.qty > 8)',
    },
    // Derived tables and CTEs
    {
      name: 'cte-recent',
      expectsIndex: true,
      sql: "WITH recent AS (SELECT user_id, total FROM orders WHERE pay_time > '2024-12-29') SELECT user_id, SUM(total) AS spent FROM recent GROUP BY user_id",
    },
    {
      name: 'derived-join',
      expectsIndex: true,
      sql: "SELECT u.name, t.n FROM users u JOIN (SELECT user_id, COUNT(*) AS n FROM orders WHERE pay_time BETWEEN '2024-03-10' AND '2024-03-11' GROUP BY user_id) t ON t.user_id = u.id",
    },
    {
      name: 'cte-lookup',
      expectsIndex: true,
      sql: "WITH mine AS (SELECT id FROM users WHERE name = 'name_77') SELECT o.id, o.total FROM orders o JOIN mine ON o.user_id = mine.id",
    },
    {
      name: 'derived-top',
      expectsIndex: true,
      sql: "SELECT t.user_id, t.total FROM (SELECT user_id, total FROM orders WHERE status = 'status_4' ORDER BY total DESC LIMIT 10) t",
    },
    // Covering indexes: a plain index on the filter would read too many rows from the table.
    {
      name: 'covering-count-range',
      expectsIndex: true,
      sql: "SELECT COUNT(*) FROM orders WHERE pay_time > '2024-11-01'",
    },
    {
      name: 'covering-sum-users',
      expectsIndex: true,
      sql: 'SELECT SUM(total) FROM orders WHERE user_id BETWEEN 100 AND 2100',
    },
    {
      name: 'covering-status-days',
      expectsIndex: true,
      sql: "SELECT pay_time, total FROM orders WHERE status = 'status_6' AND pay_time >= '2024-10-01'",
    },
    // No index helps: most rows match, the column is wrapped, the key already serves, or the whole table is read.
    {
      name: 'no-index-wide-range',
      expectsIndex: false,
      sql: "SELECT COUNT(*) FROM orders WHERE pay_time > '2024-02-01'",
    },
    { name: 'no-index-not-equal', expectsIndex: false, sql: "SELECT id, total FROM orders WHERE status <> 'status_1'" },
    { name: 'no-index-leading-wildcard', expectsIndex: false, sql: "SELECT id FROM users WHERE name LIKE '%123%'" },
    { name: 'no-index-expression', expectsIndex: false, sql: 'SELECT id FROM orders WHERE ABS(total - 500) < 1' },
    { name: 'no-index-primary-key', expectsIndex: false, sql: 'SELECT total FROM orders WHERE id = 123456' },
    {
      name: 'no-index-primary-key-order',
      expectsIndex: false,
      sql: 'SELECT id, total FROM orders ORDER BY id DESC LIMIT 10',
    },
    // channel_0: about 65% of the orders.
    { name: 'no-index-common-value', expectsIndex: false, sql: "SELECT * FROM orders WHERE channel = 'channel_0'" },
    {
      name: 'no-index-join-all',
      expectsIndex: false,
      sql: 'SELECT u.city, COUNT(*) FROM users u JOIN orders o ON o.user_id = u.id GROUP BY u.city',
    },
    {
      name: 'no-index-whole-table',
      expectsIndex: false,
      sql: 'SELECT channel, AVG(total), MAX(pay_time), COUNT(*) FROM orders GROUP BY channel',
    },
  ],
};
