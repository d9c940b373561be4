/**
 * Captures the statement statistics fixtures of packages/engine/src/workload/fixtures from real servers: a
 * throwaway PostgreSQL 15 with pg_stat_statements and a MariaDB 10.11 with performance_schema and the slow log
 * (test-support/services.ts), a small shop workload run through each server's own client, and the client's
 * output written as users would paste it. Re-run with `node --import tsx scripts/capture-workload-fixtures.ts`.
 * Times and some counts differ from run to run; the tests read structure and relations, never exact times.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMariadb, startPostgres } from '../test-support/services.ts';

const fixtures = join(import.meta.dirname, '../packages/engine/src/workload/fixtures');

const schema = `
CREATE TABLE customers (id int PRIMARY KEY, email varchar(100) NOT NULL, country char(2) NOT NULL);
CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL, status varchar(10) NOT NULL,
  created_at date NOT NULL, total numeric(10,2) NOT NULL);
CREATE INDEX orders_status ON orders (status);
CREATE INDEX orders_status_created ON orders (status, created_at);
`;

/** The workload: a statement text for each run, with the literals varying as an application's would. */
function workload(): string[] {
  const out: string[] = [];
  for (let i = 1; i <= 40; i++) out.push(`SELECT id, total FROM orders WHERE customer_id = ${i * 7}`);
  for (let i = 1; i <= 12; i++)
    out.push(`SELECT id FROM orders WHERE status = 'paid' AND created_at >= DATE '2024-0${(i % 9) + 1}-01'`);
  for (let i = 1; i <= 5; i++) out.push(`SELECT * FROM customers WHERE email = 'user${i}@example.com'`);
  for (let i = 1; i <= 3; i++)
    out.push(
      `SELECT c.country, count(*) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.created_at >= DATE '2024-01-0${i}' GROUP BY c.country`,
    );
  for (let i = 1; i <= 20; i++)
    out.push(
      `INSERT INTO orders (id, customer_id, status, created_at, total) VALUES (${100000 + i}, ${i}, 'new', DATE '2024-06-01', ${i}.50)`,
    );
  for (let i = 1; i <= 8; i++) out.push(`UPDATE orders SET status = 'paid' WHERE id = ${100000 + i}`);
  for (let i = 1; i <= 2; i++) out.push(`DELETE FROM orders WHERE id = ${100010 + i}`);
  return out;
}

async function capturePostgres(): Promise<void> {
  const server = await startPostgres({ preloadLibraries: ['pg_stat_statements'] });
  const psql = (args: string[], input?: string) =>
    execFileSync(
      'psql',
      ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(server.port), '-U', 'postgres', ...args],
      {
        encoding: 'utf8',
        ...(input !== undefined ? { input } : {}),
      },
    );
  try {
    psql(
      [],
      `CREATE EXTENSION pg_stat_statements;${schema}
      INSERT INTO customers SELECT g, 'user' || g || '@example.com', (ARRAY['CN','US','DE'])[1 + g % 3] FROM generate_series(1, 5000) g;
      INSERT INTO orders SELECT g, 1 + g % 5000, (ARRAY['new','paid','sent'])[1 + g % 3], DATE '2024-01-01' + g % 300, g % 1000 FROM generate_series(1, 50000) g;
      ANALYZE; SELECT pg_stat_statements_reset();`,
    );
    psql([], `${workload().join(';\n')};\n`);
    const columns = 'query, calls, total_exec_time, rows, mean_exec_time';
    const where = `WHERE query !~* '^(SELECT pg_stat_statements_reset|CREATE|ANALYZE|COPY|select ${columns.split(',')[0]})'`;
    writeFileSync(
      join(fixtures, 'pg-stat-statements-aligned.txt'),
      psql(['-c', `SELECT ${columns} FROM pg_stat_statements ${where} ORDER BY total_exec_time DESC`]),
    );
    writeFileSync(
      join(fixtures, 'pg-stat-statements.csv'),
      psql(['-c', `\\copy (SELECT * FROM pg_stat_statements ${where} ORDER BY calls DESC) TO STDOUT WITH CSV HEADER`]),
    );
  } finally {
    await server.stop();
  }
}

async function captureMariadb(): Promise<void> {
  const logDir = mkdtempSync(join(tmpdir(), 'sqltune-slowlog-'));
  const slowLog = join(logDir, 'slow.log');
  const server = await startMariadb({ performanceSchema: true, slowLogFile: slowLog });
  const client = (args: string[], input?: string) =>
    execFileSync('mariadb', ['--no-defaults', `--socket=${server.socket}`, '-uroot', ...args], {
      encoding: 'utf8',
      ...(input !== undefined ? { input } : {}),
    });
  try {
    client(
      [],
      `CREATE DATABASE shop; USE shop;${schema}
      INSERT INTO customers SELECT seq, concat('user', seq, '@example.com'), elt(1 + seq % 3, 'CN', 'US', 'DE') FROM seq_1_to_5000;
      INSERT INTO orders SELECT seq, 1 + seq % 5000, elt(1 + seq % 3, 'new', 'paid', 'sent'), DATE '2024-01-01' + INTERVAL (seq % 300) DAY, seq % 1000 FROM seq_1_to_50000;
      ANALYZE TABLE customers, orders;
      TRUNCATE performance_schema.events_statements_summary_by_digest;`,
    );
    client(['shop'], `${workload().join(';\n')};\n`);
    const query = `SELECT DIGEST_TEXT, COUNT_STAR, SUM_TIMER_WAIT, SUM_ROWS_SENT, SUM_ROWS_EXAMINED FROM performance_schema.events_statements_summary_by_digest WHERE SCHEMA_NAME = 'shop' ORDER BY SUM_TIMER_WAIT DESC`;
    writeFileSync(join(fixtures, 'mysql-digest-table.txt'), client(['-t', '-e', query]));
    writeFileSync(join(fixtures, 'mysql-digest-vertical.txt'), client(['-e', `${query}\\G`]));
    writeFileSync(join(fixtures, 'mysql-digest-batch.tsv'), client(['-e', query]));
    writeFileSync(join(fixtures, 'mariadb-slow.log'), readFileSync(slowLog, 'utf8'));
    writeFileSync(
      join(fixtures, 'mysqldumpslow.txt'),
      execFileSync('mariadb-dumpslow', ['-s', 't', slowLog], { encoding: 'utf8' }),
    );
  } finally {
    await server.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

await capturePostgres();
await captureMariadb();
console.log(`fixtures written to ${fixtures}`);
