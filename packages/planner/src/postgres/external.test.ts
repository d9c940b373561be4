/**
 * The backend against an external server (POSTGRES_SANDBOX_URL): a plain PostgreSQL started from this machine's
 * binaries by the test support, reached through its URL like any other server. One server for the file; the
 * sandbox module connects to it three times: as a superuser that can write the data directory (sparse files), as a
 * superuser that may not (POSTGRES_SANDBOX_FILES=off: one-page tables), and as a role with CREATEDB only.
 */
import { existsSync } from 'node:fs';
import { ErrorCode } from '@sqltune/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresBinDir,
  type RunningPostgres,
  serviceAvailable,
  startPostgres,
} from '../../../../test-support/services.ts';
import { heapPages } from '../pglite/stats.ts';
import { configurePlanners, type PostgresPlannerSettings, plannerSettings } from '../settings.ts';
import { appError } from '../test-support/helpers.ts';
import type { PlanRequest } from '../types.ts';
import { postgresPlanner } from './backend.ts';
import { getPostgresSandbox, shutdownPostgresSandbox, TEMPLATE_DATABASE } from './server.ts';

const hypopgInstalled =
  postgresBinDir !== undefined &&
  existsSync(`/usr/share/postgresql/${postgresBinDir.split('/').at(-2)}/extension/hypopg.control`);
const available = serviceAvailable('PostgreSQL+HypoPG', hypopgInstalled ? postgresBinDir : undefined);

const REQUEST: PlanRequest = {
  dialect: 'postgresql',
  schemaSql: `CREATE TABLE orders (
  o_orderkey int NOT NULL PRIMARY KEY,
  o_custkey int NOT NULL CHECK (o_custkey > 0),
  o_comment varchar(79)
);`,
  statistics: [{ table: 'orders', rows: 1_500_000, columns: [{ column: 'o_custkey', distinct: 100_000 }] }],
};

describe.runIf(available)('PostgreSQL + HypoPG planner on an external server (POSTGRES_SANDBOX_URL)', () => {
  let server: RunningPostgres;
  const saved = plannerSettings();
  /** The sandbox on `url` (default: the test's server), with these settings. */
  const useServer = (url = server.url, postgres: Partial<PostgresPlannerSettings> = {}) =>
    configurePlanners({ ...saved, postgres: { ...saved.postgres, useSandbox: true, sandboxUrl: url, ...postgres } });

  beforeAll(async () => {
    server = await startPostgres();
    useServer();
  });

  afterAll(async () => {
    await shutdownPostgresSandbox();
    await server?.stop();
    configurePlanners(saved);
  });

  async function admin<T>(work: (client: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> {
    const url = new URL(server.url);
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  it('as a superuser on the same machine: full-size statistics through the data directory', async () => {
    expect(await getPostgresSandbox()).toMatchObject({ local: false, sizing: 'files', sessionRoles: true });
    const session = await postgresPlanner.open(REQUEST);
    try {
      expect(session.source).toMatch(/^PostgreSQL 1\d\.\d+ \+ HypoPG 1\.\d+\.\d+ \(sandbox server\)$/);
      expect(session.notes).toEqual([]);
      const scan = await session.explain('SELECT * FROM orders');
      expect(scan.root.rows).toBe(1_500_000);
      // varchar(79) is assumed 44 bytes wide (pglite/stats.ts defaultColumnWidth).
      expect(scan.totalCost).toBeCloseTo(heapPages(1_500_000, [4, 4, 44]) + 15_000, 0);
      expect((await session.explain('SELECT * FROM orders WHERE o_custkey = 42')).root.rows).toBe(15);
      const v = await session.verify('SELECT count(o_comment) FROM orders', 'SELECT count(*) FROM orders', {
        literals: [],
      });
      expect(v.verdict).toBe('refuted');
    } finally {
      await session.close();
    }
    await shutdownPostgresSandbox();
    // Spares and closed sessions leave nothing behind.
    const left = await admin((c) => c.query(`SELECT datname FROM pg_database WHERE datname LIKE 'sqltune\\_s\\_%'`));
    expect(left.rows).toEqual([]);
  });

  it('without access to the data files: rows follow the statistics, I/O is one page (and the notes say so)', async () => {
    useServer(server.url, { fileAccess: false });
    try {
      expect(await getPostgresSandbox()).toMatchObject({ sizing: 'one-page' });
      const session = await postgresPlanner.open(REQUEST);
      try {
        expect(session.notes?.map((n) => n.en)).toEqual([expect.stringMatching(/costed as one page of I\/O/)]);
        const scan = await session.explain('SELECT * FROM orders');
        expect(scan.root.rows).toBe(1_500_000);
        expect(scan.totalCost).toBeLessThan(heapPages(1_500_000, [4, 4, 44]));
        expect((await session.explain('SELECT * FROM orders WHERE o_custkey = 42')).root.rows).toBe(15);
        const whatIf = await session.explain('SELECT * FROM orders WHERE o_custkey = 42', [
          'CREATE INDEX ON orders (o_custkey)',
        ]);
        expect(whatIf.root.children[0]?.index ?? whatIf.root.index).toBe('orders_o_custkey_idx');
        // The page came from a row that was rolled back: the table is empty for verification.
        const v = await session.verify('SELECT count(*) FROM orders', 'SELECT count(o_orderkey) FROM orders', {
          literals: [],
        });
        expect(v.verdict).toBe('not-refuted');
      } finally {
        await session.close();
      }
    } finally {
      await shutdownPostgresSandbox();
      useServer();
    }
  });

  it('as a role with CREATEDB only: HypoPG from template1, no statistics (noted)', async () => {
    // A fresh template made by this role: HypoPG must come from template1, the statistics functions are missing.
    await admin(async (c) => {
      await c.query(`ALTER DATABASE ${TEMPLATE_DATABASE} IS_TEMPLATE false`);
      await c.query(`DROP DATABASE ${TEMPLATE_DATABASE}`);
      await c.query('CREATE ROLE app LOGIN CREATEDB');
    });
    const url = new URL(server.url);
    url.username = 'app';
    useServer(url.toString());
    try {
      await expect(getPostgresSandbox()).rejects.toThrow(/no usable HypoPG extension/);
      await admin((c) => c.query('CREATE EXTENSION hypopg'), 'template1');
      expect(await getPostgresSandbox()).toMatchObject({ sizing: 'none', sessionRoles: false });
      const session = await postgresPlanner.open(REQUEST);
      try {
        expect(session.notes?.map((n) => n.en)).toEqual([
          'statistics could not be injected (the PostgreSQL sandbox role is not a superuser): tables are planned as PostgreSQL estimates empty tables',
        ]);
        const plan = await session.explain('SELECT * FROM orders WHERE o_custkey = 42', [
          'CREATE INDEX idx ON orders (o_custkey)',
        ]);
        expect(JSON.stringify(plan.root)).toContain('"index":"idx"');
        const error = await appError(session.explain('SELECT nope FROM orders'));
        expect(error.detail.code).toBe(ErrorCode.CONTENT_INVALID);
      } finally {
        await session.close();
      }
    } finally {
      await shutdownPostgresSandbox();
      useServer();
    }
  });
});
