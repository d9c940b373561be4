/**
 * Why index candidates key a prefix LIKE column with `text_pattern_ops` on PostgreSQL (engine indexes/candidates.ts):
 * under any collation but C, a default B-tree cannot serve LIKE, and the sandboxes run under C, so their plans
 * cannot show it. A real server, a database made with a libc collation other than C.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresBinDir,
  type RunningPostgres,
  serviceAvailable,
  startPostgres,
} from '../../../../test-support/services.ts';

const available = serviceAvailable('PostgreSQL', postgresBinDir);

describe.runIf(available)('prefix LIKE and operator classes on a real PostgreSQL (non-C collation)', () => {
  let server: RunningPostgres;
  let client: pg.Client;

  beforeAll(async () => {
    server = await startPostgres();
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      await admin.query("CREATE DATABASE collated TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'");
    } finally {
      await admin.end();
    }
    const url = new URL(server.url);
    url.pathname = '/collated';
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query('CREATE TABLE users (id int PRIMARY KEY, name text NOT NULL)');
    await client.query("INSERT INTO users SELECT g, 'name_' || g FROM generate_series(1, 20000) g");
    await client.query('ANALYZE users');
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await server?.stop();
  });

  const plan = async (sql: string) =>
    (await client.query(`EXPLAIN ${sql}`)).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');

  it('reads a prefix LIKE through text_pattern_ops, never through the default class', async () => {
    const like = "SELECT id FROM users WHERE name LIKE 'name\\_1234%'";
    expect((await client.query("SELECT datcollate FROM pg_database WHERE datname = 'collated'")).rows[0]).toEqual({
      datcollate: 'C.UTF-8',
    });
    await client.query('CREATE INDEX plain_name ON users (name)');
    expect(await plan(like)).not.toMatch(/Index Cond/);
    // The default class still serves an equality.
    expect(await plan("SELECT id FROM users WHERE name = 'name_1234'")).toMatch(/Index Cond/);
    await client.query('DROP INDEX plain_name');
    await client.query('CREATE INDEX pattern_name ON users (name text_pattern_ops)');
    expect(await plan(like)).toMatch(/pattern_name[\s\S]*Index Cond: .*~>=~/);
    expect(await plan("SELECT id FROM users WHERE name = 'name_1234'")).toMatch(/pattern_name[\s\S]*Index Cond/);
  });
});
