import { afterAll, describe, expect, it } from 'vitest';
import { optimize } from '../src/optimize.ts';
import { pglitePlanner, shutdownPglitePool } from '../src/pglite/backend.ts';

/** A real project's table structure, as pg_dump writes it, using contrib extensions (issue 11). */
const schemaText = `CREATE EXTENSION IF NOT EXISTS citext WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS hstore WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS ltree WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS "uuid-ossp" WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA public;
CREATE TABLE public.users (
    id uuid DEFAULT public.uuid_generate_v4() NOT NULL,
    email public.citext NOT NULL,
    name text NOT NULL,
    attrs public.hstore,
    path public.ltree
);
ALTER TABLE ONLY public.users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.users ADD CONSTRAINT users_email_key UNIQUE (email);
CREATE INDEX users_name_trgm ON public.users USING gin (name public.gin_trgm_ops);
-- sqltune:stats users rows=2000000
`;

describe('optimize on a schema with contrib extensions (embedded PGlite)', () => {
  afterAll(async () => {
    await shutdownPglitePool();
  });

  it('plans it, uses the trigram index for LIKE %x%, and names the extension it could not load', async () => {
    const report = await optimize(
      { sql: "SELECT id, email FROM users WHERE name LIKE '%smith%'", dialect: 'postgresql', schemaText },
      { planners: { postgresql: pglitePlanner }, engineVersion: 'test' },
    );
    const s = report.statements[0]!;
    expect(s.plan.source).toMatch(/^PostgreSQL 18/);
    expect(s.plan.before?.raw).toContain('Bitmap Index Scan on users_name_trgm');
    expect(JSON.stringify(report)).toContain(
      'CREATE EXTENSION postgis ignored: not available in the embedded PostgreSQL',
    );
    expect(JSON.stringify(report)).not.toMatch(/does not exist/);
  }, 120_000);
});
