/**
 * The sandbox on a PostgreSQL server of the operator's (POSTGRES_SANDBOX_URL, postgres://user:password@host:port/db).
 *
 * Its role needs
 *  - CREATEDB (a database per session) - required;
 *  - SUPERUSER for the rest: installing HypoPG into the template database (it is not a trusted extension; without
 *    superuser it must already be installed in template1), creating the statistics functions in the template (once:
 *    later processes may connect with less), and a login role per session (without it sessions run as the URL's
 *    role). A template without the statistics functions means no statistics are injected (notes say so);
 *  - statistics with full-size costs need the relation files extended, which works only when this process can
 *    write the server's data directory (same machine, checked by comparing pg_control's system identifier as a
 *    superuser reads it; POSTGRES_SANDBOX_FILES=off forbids it). Otherwise tables get one
 *    physical page: row estimates right, I/O costed as one page (notes say so).
 *  Session databases are named sqltune_s_<random> (roles sqltune_r_<random>); ones a crashed process left behind are
 *  dropped by the next process after a day.
 *
 */
import pg from 'pg';
import {
  ensureTemplate,
  fileAccessOf,
  readFacts,
  type SandboxDatabase,
  type SandboxServer,
  type ServerHandle,
} from './sandbox-server.ts';

export async function connectExternal(url: string): Promise<ServerHandle> {
  const configFor = (database: string, role?: SandboxDatabase['role']): pg.ClientConfig => {
    const u = new URL(url);
    u.pathname = `/${encodeURIComponent(database)}`;
    if (role) {
      u.username = encodeURIComponent(role.name);
      u.password = encodeURIComponent(role.password);
    }
    return { connectionString: u.toString(), connectionTimeoutMillis: 10_000, application_name: 'sqltune-planner' };
  };
  const admin = new pg.Pool({
    connectionString: url,
    max: 4,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
    connectionTimeoutMillis: 10_000,
    application_name: 'sqltune-planner-admin',
  });
  admin.on('error', () => undefined);
  try {
    const facts = await readFacts(admin);
    if (!facts.superuser && !facts.createdb)
      throw new Error(
        'the POSTGRES_SANDBOX_URL role may not create databases: grant it CREATEDB (each planner session gets a database), and SUPERUSER to inject statistics',
      );
    const template = await ensureTemplate(admin, configFor, facts.superuser);
    const files = template.statsFunctions ? fileAccessOf(facts) : undefined;
    const server: SandboxServer = {
      local: false,
      version: facts.version,
      hypopgVersion: template.hypopgVersion,
      hypopgSchema: template.hypopgSchema,
      sizing: template.statsFunctions ? (files ? 'files' : 'one-page') : 'none',
      sessionRoles: facts.superuser,
      autovacuum: facts.autovacuum,
    };
    if (files) server.files = files;
    return { server, admin, configFor };
  } catch (error) {
    await admin.end().catch(() => undefined);
    throw error;
  }
}
