/**
 * Access logs: 5,000 accounts and 300,000 log rows with long strings (URLs and referrers MySQL indexes by a prefix),
 * the correlated MAX per account the issue names, and a table whose existing prefix index is too short.
 */
import { type BenchGroup, type ColumnSpec, id, integer, type TableSpec, timestamp, word } from './cases.ts';

/** A long string column: a common start, then one of `distinct` numbers. */
const longString = (name: string, start: string, distinct: number, length = 500): ColumnSpec => ({
  name,
  type: [`VARCHAR(${length})`, `VARCHAR(${length})`],
  value: (_, random) => `${start}${Math.floor(random() * distinct)}`,
});

const accounts: TableSpec = {
  name: 'accounts',
  rows: 5_000,
  columns: [
    id,
    { name: 'username', type: ['VARCHAR(300)', 'VARCHAR(300)'], value: (i) => `user${(i * 7919) % 5000}_account` },
    word('region', 200),
  ],
};
const accessLogs: TableSpec = {
  name: 'access_logs',
  rows: 300_000,
  columns: [
    id,
    integer('user_id', 5_000),
    word('action', 8),
    timestamp('created_at', 180),
    longString('url', 'https://shop.example.com/catalog/item/', 50_000),
    longString('referrer', 'https://ads.example.org/campaign/', 200),
    integer('duration_ms', 5_000),
  ],
};
// An existing index on the first two characters of a column whose values all start with "me": on MariaDB it finds
// nothing faster than a scan. PostgreSQL has no prefix index: there it keys the whole column, which already serves.
const members: TableSpec = {
  name: 'members',
  rows: 50_000,
  columns: [
    id,
    { name: 'username', type: ['VARCHAR(300)', 'VARCHAR(300)'], value: (i) => `member_${(i * 104_729) % 50_000}` },
    { name: 'email', type: ['VARCHAR(120)', 'VARCHAR(120)'], value: (i) => `m${i}@example.com` },
    word('plan', 4),
  ],
  indexes: [
    { name: 'idx_members_username', key: ['(username)', '(username(2))'] },
    { name: 'idx_members_email', key: ['(email)', '(email)'] },
  ],
};

export const logs: BenchGroup = {
  name: 'logs',
  tables: [accounts, accessLogs, members],
  cases: [
    {
      name: 'prefix-url-equality',
      expectsIndex: true,
      sql: "SELECT id, created_at FROM access_logs WHERE url = 'https://shop.example.com/catalog/item/31337'",
    },
    {
      name: 'prefix-url-like',
      expectsIndex: true,
      sql: "SELECT id FROM access_logs WHERE url LIKE 'https://shop.example.com/catalog/item/4242%'",
    },
    {
      name: 'prefix-referrer-count',
      expectsIndex: true,
      sql: "SELECT COUNT(*) FROM access_logs WHERE referrer = 'https://ads.example.org/campaign/17'",
    },
    {
      name: 'logs-correlated-max',
      expectsIndex: true,
      sql: "SELECT a.username, (SELECT MAX(l.created_at) FROM access_logs l WHERE l.user_id = a.id) AS last_seen FROM accounts a WHERE a.region = 'region_3'",
    },
    {
      name: 'logs-action-latest',
      expectsIndex: true,
      sql: "SELECT id, url FROM access_logs WHERE action = 'action_2' ORDER BY created_at DESC LIMIT 50",
    },
    {
      name: 'logs-user-month',
      expectsIndex: true,
      sql: "SELECT COUNT(*) FROM access_logs WHERE user_id = 42 AND created_at BETWEEN '2024-02-01' AND '2024-03-01'",
    },
    {
      name: 'logs-slowest',
      expectsIndex: true,
      sql: 'SELECT id, url, duration_ms FROM access_logs ORDER BY duration_ms DESC LIMIT 10',
    },
    {
      name: 'logs-join-accounts',
      expectsIndex: true,
      sql: "SELECT a.username, l.url FROM accounts a JOIN access_logs l ON l.user_id = a.id WHERE a.username = 'user77_account'",
    },
    {
      name: 'logs-group-action-day',
      expectsIndex: true,
      sql: "SELECT action, COUNT(*) FROM access_logs WHERE created_at >= '2024-06-25' GROUP BY action",
    },
    {
      name: 'prefix-too-short',
      expectsIndex: true,
      databases: ['mariadb'],
      sql: "SELECT id, email FROM members WHERE username = 'member_31337'",
    },
    {
      name: 'no-index-existing-serves',
      expectsIndex: false,
      databases: ['postgresql'],
      sql: "SELECT id, email FROM members WHERE username = 'member_31337'",
    },
    {
      name: 'no-index-existing-email',
      expectsIndex: false,
      sql: "SELECT id, plan FROM members WHERE email = 'm4242@example.com'",
    },
    { name: 'no-index-unselective-plan', expectsIndex: false, sql: "SELECT * FROM members WHERE plan = 'plan_2'" },
    {
      name: 'no-index-logs-all-actions',
      expectsIndex: false,
      sql: 'SELECT action, AVG(duration_ms) FROM access_logs GROUP BY action',
    },
  ],
};
