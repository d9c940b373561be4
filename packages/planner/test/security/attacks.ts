/**
 * What the sandbox attack tests share: secrets planted where a sandbox must never reach (a host file, this process's
 * environment, another session's statistics and table name), the attack statements, and the check that nothing of
 * a secret comes back in anything a session answers (plans, verdicts, errors). docs/security.md lists the claims.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, type Dialect } from '@sqltune/contracts';
import { parseSchema } from '@sqltune/engine';
import { expect } from 'vitest';
import { optimize } from '../../src/optimize.ts';
import type { PlannerBackend, PlannerSession, TableStatistics } from '../../src/types.ts';

export interface Secrets {
  /** A host file holding `fileValue`. */
  file: string;
  fileValue: string;
  /** An environment variable of this process (set before any sandbox server starts) and its value. */
  envName: string;
  envValue: string;
  /** Session A's table name and a most common value of its statistics. */
  table: string;
  sessionValue: string;
  /** Where file-writing attacks aim: none of these may exist afterwards. */
  outFiles: string[];
}

/** Plants the secrets. Call at the top of a test file, before a sandbox server starts. */
export function plantSecrets(): Secrets {
  const tag = randomBytes(6).toString('hex');
  const secrets: Secrets = {
    file: join(tmpdir(), `sqltune-secret-${tag}.txt`),
    fileValue: `filesecret${tag}`,
    envName: `SQLTUNE_ATTACK_SECRET_${tag.toUpperCase()}`,
    envValue: `envsecret${tag}`,
    table: `secret_${tag}`,
    sessionValue: `victim.${tag}@example.com`,
    outFiles: [join(tmpdir(), `sqltune-out-${tag}-a`), join(tmpdir(), `sqltune-out-${tag}-b`)],
  };
  writeFileSync(secrets.file, `${secrets.fileValue}\n`, { mode: 0o644 });
  process.env[secrets.envName] = secrets.envValue;
  return secrets;
}

export function removeSecrets(secrets: Secrets): void {
  rmSync(secrets.file, { force: true });
  for (const file of secrets.outFiles) rmSync(file, { force: true });
  delete process.env[secrets.envName];
}

/** The victim's session: a table named after the secret, its statistics holding the secret value. */
export function victimRequest(secrets: Secrets, dialect: 'postgresql' | 'mysql') {
  const statistics: TableStatistics[] = [
    {
      table: secrets.table,
      rows: 100_000,
      columns: [
        {
          column: 'email',
          distinct: 1000,
          mostCommonValues: [
            { value: secrets.sessionValue, frequency: 0.4 },
            { value: 'someone@example.com', frequency: 0.1 },
          ],
        },
      ],
    },
  ];
  const type = dialect === 'mysql' ? 'varchar(200)' : 'text';
  return {
    dialect,
    schemaSql: `CREATE TABLE ${secrets.table} (id int PRIMARY KEY, email ${type});`,
    statistics,
  };
}

/** The attacker's own schema: one table `t` with an int and a text column. */
export function attackerRequest(dialect: 'postgresql' | 'mysql') {
  const type = dialect === 'mysql' ? 'varchar(200)' : 'text';
  return {
    dialect,
    schemaSql: `CREATE TABLE t (a int PRIMARY KEY, k ${type});`,
    statistics: [{ table: 't', rows: 1000, columns: [] }],
  };
}

const WAL = `encode(pg_read_binary_file('pg_wal/' || pg_walfile_name(pg_current_wal_lsn())), 'escape')`;

/**
 * Text-valued expressions that look for another session's values where a shared server or a reused instance keeps
 * them: the WAL, the catalogs, the statistics, the activity view (PostgreSQL).
 */
export function postgresCrossSessionReads(): string[] {
  return [
    `(SELECT string_agg(DISTINCT m[1], ' | ') FROM regexp_matches(${WAL}, '[a-z0-9.]+@[a-z.-]+', 'g') m)`,
    // What an attacker who knows the shape of what they look for reads first (a report shows the start of a row).
    `(SELECT substring(${WAL} from 'victim[.][0-9a-f]+@example[.]com'))`,
    `(SELECT substring(${WAL} from 'secret_[0-9a-f]{12}'))`,
    `(SELECT string_agg(coalesce(query, ''), ',') FROM pg_stat_activity)`,
    `(SELECT string_agg(relname, ',') FROM pg_class WHERE relname LIKE 'secret%')`,
    `(SELECT string_agg(most_common_vals::text, ',') FROM pg_stats)`,
    `(SELECT string_agg(datname, ',') FROM pg_database)`,
  ];
}

/**
 * Text-valued expressions that try to read a host file, the environment or the server's files, or to become the
 * superuser (PostgreSQL).
 */
export function postgresReads(s: Secrets): string[] {
  return [
    `pg_read_file('${s.file}')`,
    ...postgresCrossSessionReads(),
    `set_config('session_authorization', 'postgres', false) || pg_read_file('${s.file}')`,
    `set_config('role', 'postgres', false) || pg_read_file('${s.file}')`,
    `pg_read_file('/proc/self/environ')`,
    `pg_read_file('/proc/' || pg_backend_pid() || '/environ')`,
    `pg_read_file('postmaster.opts')`,
    `encode(lo_get(lo_import('${s.file}')), 'escape')`,
    `(SELECT string_agg(d, ',') FROM pg_ls_dir('/tmp') d)`,
    `pg_stat_file('${s.file}')::text`,
    `query_to_xml('SELECT pg_read_file(''${s.file}'')', true, true, '')::text`,
    `(SELECT string_agg(rolname, ',') FROM pg_roles)`,
    `(SELECT string_agg(name || '=' || setting, ',') FROM pg_settings)`,
  ];
}

/** Whole statements: each read as a value and as an error, copying out, smuggled statements, runaway statements. */
export function postgresAttacks(s: Secrets): string[] {
  const [out] = s.outFiles;
  return [
    ...postgresReads(s).flatMap((read) => [`SELECT ${read} AS v FROM t`, `SELECT a FROM t ORDER BY (${read})::int`]),
    `SELECT lo_export(lo_from_bytea(0, convert_to('x', 'UTF8')), '${out}') AS v FROM t`,
    `COPY t TO '${out}'`,
    `COPY (SELECT 1) TO PROGRAM 'cat ${s.file} > ${out}'`,
    `SELECT 1; SET SESSION AUTHORIZATION postgres`,
    `SELECT E'\\''; SET SESSION AUTHORIZATION postgres; SELECT pg_read_file('${s.file}') AS v --'`,
    `SELECT a FROM t WHERE a = $1; RESET SESSION AUTHORIZATION; SELECT pg_read_file('${s.file}') AS v`,
    `SELECT k AS v FROM t WHERE a = $1 AND k = E'\\''; SET SESSION AUTHORIZATION postgres; SELECT pg_read_file('${s.file}') AS v --'`,
    `SELECT 1 AS v /* /* */ ; SELECT pg_read_file('${s.file}') AS v */`,
    `SELECT $q$ $x$; SET SESSION AUTHORIZATION postgres; $q$ AS v`,
    `WITH x AS (SELECT pg_read_file('${s.file}') AS v) SELECT v FROM x`,
    `SELECT pg_sleep(3600)::text AS v FROM t`,
  ];
}

const CHECK = { literals: [], databases: 2, rowsPerTable: 5, statementTimeoutMs: 5_000 };

/**
 * Everything a session answers for `sql`: its plan, and its verdicts against itself and against a harmless
 * candidate returning one text column `v` (so a value the statement read would show in the difference), as text.
 */
export async function answersTo(
  session: PlannerSession,
  sql: string,
  harmless = "SELECT 'x' AS v FROM t",
): Promise<string> {
  const parts: string[] = [];
  for (const work of [
    () => session.explain(sql),
    () => session.verify(sql, sql, CHECK),
    () => session.verify(sql, harmless, CHECK),
    () => session.verify(harmless, sql, CHECK),
  ]) {
    try {
      parts.push(JSON.stringify(await work()));
    } catch (error) {
      parts.push(error instanceof AppError ? JSON.stringify(error.detail) : String(error));
    }
  }
  return parts.join('\n');
}

/** Asserts that `text` holds no secret (nor its environment variable's name), and that no file was written. */
export function expectNothingLeaked(text: string, s: Secrets, what: string): void {
  for (const secret of [s.fileValue, s.envValue, s.envName, s.sessionValue, s.table]) {
    expect(text.includes(secret), `${what} leaked ${secret}:\n${text}`).toBe(false);
  }
  for (const file of s.outFiles) expect(existsSync(file), `${what} wrote ${file}`).toBe(false);
}

/** Asserts that the process `pid` (a sandbox server) was started without this process's environment. */
export function expectStartedWithoutOurEnvironment(pid: number | undefined, s: Secrets): void {
  expect(pid).toBeGreaterThan(0);
  // Readable by the process's owner and root, which the tests are.
  const environment = readFileSync(`/proc/${pid}/environ`, 'utf8');
  expect(environment).toContain('PATH=');
  expect(environment).not.toContain(s.envName);
  expect(environment).not.toContain(s.envValue);
}

/** Asserts that a verification stopped by its time limit (the candidate runs `slow`) is "not-run", not "refuted". */
export async function expectTimeLimitNotRun(session: PlannerSession, slow: string, timeoutMs?: number): Promise<void> {
  const options = {
    literals: [],
    databases: 2,
    rowsPerTable: 5,
    ...(timeoutMs ? { statementTimeoutMs: timeoutMs } : {}),
  };
  const verdict = await session.verify('SELECT a FROM t', `SELECT a FROM t WHERE ${slow}`, options);
  expect(verdict.verdict).toBe('not-run');
}

/**
 * Asserts that a PostgreSQL table structure hiding a statement from its second line on is refused (4203, line 2,
 * column 1) by the whole pipeline and, had the engine let it through, by the planner's own allow list.
 */
export async function expectHiddenSchemaStatementRefused(planner: PlannerBackend, schemaText: string): Promise<void> {
  const viaEngine = await optimize(
    { sql: 'SELECT a FROM t', dialect: 'postgresql', schemaText },
    { planners: { postgresql: planner }, engineVersion: 'test' },
  ).catch((e: unknown) => e);
  expect(viaEngine).toMatchObject({ detail: { code: 4203, line: 2, column: 1 } });
  const direct = await planner
    .open({ dialect: 'postgresql', schemaSql: schemaText, statistics: [] })
    .catch((e: unknown) => e);
  expect(direct).toMatchObject({ detail: { code: 4203, line: 2, column: 1 } });
}

/** Text-valued expressions that try to read a host file, the server's catalogs of other sessions, or settings (MySQL). */
export function mysqlReads(s: Secrets): string[] {
  return [
    `LOAD_FILE('${s.file}')`,
    `LOAD_FILE('/proc/self/environ')`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(',', db_name, table_name, column_name, min_value, max_value)) FROM mysql.column_stats)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(',', database_name, table_name)) FROM mysql.innodb_table_stats)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(',', User, authentication_string)) FROM mysql.user)`,
    `(SELECT GROUP_CONCAT(TABLE_SCHEMA, '.', TABLE_NAME) FROM information_schema.TABLES WHERE TABLE_NAME LIKE 'secret%')`,
    `(SELECT GROUP_CONCAT(SCHEMA_NAME) FROM information_schema.SCHEMATA)`,
    `(SELECT GROUP_CONCAT(COALESCE(INFO, '')) FROM information_schema.PROCESSLIST)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(',', TABLE_SCHEMA, TABLE_NAME, INDEX_NAME)) FROM information_schema.STATISTICS)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(',', TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME)) FROM information_schema.COLUMNS WHERE TABLE_NAME LIKE 'secret%')`,
  ];
}

/** Whole MySQL statements: reads as values and as errors, writing files, smuggled statements, runaway statements. */
export function mysqlAttacks(s: Secrets): string[] {
  const [out, dump] = s.outFiles;
  return [
    ...mysqlReads(s).flatMap((read) => [
      `SELECT ${read} AS v FROM t`,
      `SELECT a FROM t ORDER BY CAST((${read}) AS DECIMAL)`,
    ]),
    `SELECT 'x' INTO OUTFILE '${out}'`,
    `SELECT a FROM t INTO DUMPFILE '${dump}'`,
    `SELECT k AS v FROM t; CREATE USER attacker IDENTIFIED BY 'x'`,
    `SELECT '\\''; SELECT LOAD_FILE('${s.file}') AS v; -- '`,
    `SELECT k AS v FROM t /*!; SELECT LOAD_FILE('${s.file}') AS v */`,
    `SELECT k AS v FROM t --x; SELECT LOAD_FILE('${s.file}') AS v`,
    `SELECT k AS v FROM t WHERE a = ?; SELECT LOAD_FILE('${s.file}') AS v`,
    `SELECT SLEEP(3600) AS v FROM t`,
  ];
}

/**
 * A dump's code with bodies that would leave a trace if they ever ran (issue 11): functions, procedures, triggers,
 * events and (PostgreSQL) a domain whose CHECK reads a host file and writes another. The structure around them is
 * `t` and `u`; every object of the code is named evil_*.
 */
export function dumpCodeAttack(dialect: Dialect, s: Secrets): string {
  const [out] = s.outFiles;
  if (dialect === 'postgresql') {
    return [
      'CREATE TABLE t (a int PRIMARY KEY, k text);',
      `CREATE FUNCTION evil_fn() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN CREATE TABLE evil_made AS SELECT pg_read_file('${s.file}') AS k; RETURN NEW; END$$;`,
      `CREATE OR REPLACE FUNCTION evil_sql() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT length(pg_read_file('${s.file}')); END;`,
      `CREATE PROCEDURE evil_proc() LANGUAGE sql AS $$ CREATE TABLE evil_made (k text) $$;`,
      'CREATE TRIGGER evil_tr BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION evil_fn();',
      'CREATE EVENT TRIGGER evil_ev ON ddl_command_start EXECUTE FUNCTION evil_fn();',
      `CREATE DOMAIN evil_d AS text CHECK (lo_export(lo_from_bytea(0, convert_to(pg_read_file('${s.file}'), 'UTF8')), '${out}') = 1);`,
      'CREATE TABLE u (a evil_d);',
    ].join('\n');
  }
  return [
    'CREATE TABLE t (a int PRIMARY KEY, k varchar(200));',
    'DELIMITER ;;',
    '/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER evil_tr BEFORE INSERT ON t FOR EACH ROW BEGIN',
    `  SET NEW.k = LOAD_FILE('${s.file}');`,
    '  CREATE TABLE evil_made (k text);',
    'END */;;',
    'CREATE DEFINER=`root`@`localhost` FUNCTION evil_fn() RETURNS text',
    'BEGIN',
    `  RETURN LOAD_FILE('${s.file}');`,
    'END ;;',
    'CREATE PROCEDURE evil_proc()',
    'BEGIN',
    '  CREATE TABLE evil_made (k text);',
    `  SELECT LOAD_FILE('${s.file}') INTO DUMPFILE '${out}';`,
    'END;;',
    `/*!50106 CREATE*/ /*!50117 DEFINER=\`root\`@\`localhost\`*/ /*!50106 EVENT evil_ev ON SCHEDULE EVERY 1 SECOND DO SELECT LOAD_FILE('${s.file}') INTO DUMPFILE '${out}' */ ;;`,
    'DELIMITER ;',
    `CREATE TRIGGER evil_tr2 AFTER INSERT ON t FOR EACH ROW SET @x = LOAD_FILE('${s.file}');`,
    'CREATE TABLE u (a int);',
  ].join('\n');
}

/** How many rows a session counts `FROM from`, read from a verification's difference against a harmless statement. */
export async function countIn(session: PlannerSession, dialect: Dialect, from: string): Promise<number> {
  const count = dialect === 'mysql' ? 'CAST(COUNT(*) AS CHAR)' : 'count(*)::text';
  const verdict = await session.verify(`SELECT ${count} AS v FROM ${from}`, "SELECT 'x' AS v FROM t", CHECK);
  const n = /row \((\d+)\) appears 1 time\(s\) in the original/.exec(verdict.detail?.en ?? '')?.[1];
  if (n === undefined) throw new Error(`no count for ${from}: ${JSON.stringify(verdict)}`);
  return Number(n);
}

/**
 * The dump's code, through the engine and into `planner`'s sandbox: the report says what was not run and leaks
 * nothing, and the sandbox holds the structure (t, u; u.a of the domain's base type) but no routine, trigger, event,
 * domain or table the code would make, and no file was written.
 */
export async function expectDumpCodeLeftNoTrace(planner: PlannerBackend, dialect: Dialect, s: Secrets): Promise<void> {
  const schemaText = dumpCodeAttack(dialect, s);
  const report = await optimize(
    { sql: 'SELECT a, k FROM t WHERE a = 1', dialect, schemaText },
    { planners: { [dialect]: planner }, engineVersion: 'test' },
  );
  expectNothingLeaked(JSON.stringify(report), s, 'code in a dump');
  const notes = report.warnings.map((w) => w.message.en).join('\n');
  expect(notes).toMatch(/\b(functions?|triggers?) \(evil_\w+ line \d+.* were not run: they do not change plans/);
  const session = await planner.open({ dialect, schemaSql: parseSchema(schemaText, dialect).ddl, statistics: [] });
  try {
    const probes: Record<string, [string, number]> =
      dialect === 'postgresql'
        ? {
            structure: ["pg_class WHERE relname IN ('t', 'u') AND relkind = 'r'", 2],
            'u.a as text': [
              "pg_attribute WHERE attrelid = 'u'::regclass AND attname = 'a' AND atttypid = 'text'::regtype",
              1,
            ],
            routines: ["pg_proc WHERE proname::text LIKE 'evil%'", 0],
            triggers: ["pg_trigger WHERE tgname::text LIKE 'evil%'", 0],
            'event triggers': ["pg_event_trigger WHERE evtname::text LIKE 'evil%'", 0],
            types: ["pg_type WHERE typname::text LIKE 'evil%'", 0],
            tables: ["pg_class WHERE relname::text LIKE 'evil%'", 0],
          }
        : {
            structure: ["information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('t', 'u')", 2],
            routines: ['information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()', 0],
            triggers: ['information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()', 0],
            events: ['information_schema.EVENTS WHERE EVENT_SCHEMA = DATABASE()', 0],
            tables: ["information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'evil%'", 0],
          };
    for (const [what, [from, expected]] of Object.entries(probes)) {
      expect(await countIn(session, dialect, from), what).toBe(expected);
    }
  } finally {
    await session.close();
  }
  for (const file of s.outFiles) expect(existsSync(file), file).toBe(false);
}

/**
 * A MERGE is planned, never run: it reaches the sandbox as UPDATE does, behind EXPLAIN without ANALYZE in a
 * read-only transaction that is rolled back, and verification compares queries only. One whose every action would write leaves no trace: the sequence its INSERT draws from is not advanced (a
 * sequence is not transactional: a run would advance it even when rolled back). A MERGE into another session's table
 * finds no such table, as an UPDATE of it does.
 */
export async function expectMergeWritesNothing(planner: PlannerBackend, s: Secrets): Promise<void> {
  const session = await planner.open({
    dialect: 'postgresql',
    schemaSql: 'CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE SEQUENCE merge_seq;',
    statistics: [{ table: 't', rows: 1000, columns: [] }],
  });
  try {
    const merge = `MERGE INTO t USING (VALUES (1, 'x'), (2, 'y')) AS v (a, k) ON t.a = v.a
      WHEN MATCHED AND v.a = 1 THEN DELETE WHEN MATCHED THEN UPDATE SET k = v.k
      WHEN NOT MATCHED THEN INSERT (a, k) VALUES (nextval('merge_seq')::int, v.k)`;
    const plan = await session.explain(merge);
    expect(plan.raw).toMatch(/Merge on t/);
    // Verification compares queries only: a MERGE is never run on the generated rows.
    const answers = await answersTo(session, merge);
    expect(answers.match(/only queries \(SELECT \/ WITH \/ VALUES\) are compared/g)).toHaveLength(3);
    expect(await countIn(session, 'postgresql', 'merge_seq WHERE is_called')).toBe(0);
    // The probe counts what it should: the sequence is there, unused.
    expect(await countIn(session, 'postgresql', 'merge_seq WHERE NOT is_called')).toBe(1);
  } finally {
    await session.close();
  }
  const attacker = await planner.open(attackerRequest('postgresql'));
  try {
    const missing = `relation \\"${s.table}\\" does not exist (SQLSTATE 42P01)`;
    const update = await answersTo(attacker, `UPDATE ${s.table} SET email = k FROM t WHERE id = a`);
    expect(update).toContain(missing);
    const merge = await answersTo(
      attacker,
      `MERGE INTO ${s.table} v USING t ON v.id = t.a WHEN MATCHED THEN UPDATE SET email = t.k WHEN NOT MATCHED THEN INSERT (id) VALUES (t.a)`,
    );
    expect(merge).toContain(missing);
    // The table's name is the attacker's own text; its values are not.
    expect(merge).not.toContain(s.sessionValue);
  } finally {
    await attacker.close();
  }
}

/**
 * A dump's foreign data never reaches the sandbox: its servers, user mappings (with a password), wrappers and IMPORT
 * FOREIGN SCHEMA are taken out by the engine, a foreign table is made as the ordinary table of its columns, and the
 * planner's own allow list refuses a server or user mapping should one come another way (4203).
 */
export async function expectForeignDataNeverReachesSandbox(planner: PlannerBackend): Promise<void> {
  const password = `pw_${randomBytes(6).toString('hex')}`;
  const schemaText = [
    "CREATE SERVER evil_srv FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '127.0.0.1', port '5432', dbname 'postgres');",
    `CREATE USER MAPPING FOR CURRENT_USER SERVER evil_srv OPTIONS (user 'postgres', password '${password}');`,
    "CREATE FOREIGN TABLE evil_remote (id integer OPTIONS (column_name 'id') NOT NULL, note text)",
    "  SERVER evil_srv OPTIONS (schema_name 'pg_catalog', table_name 'pg_authid');",
    'IMPORT FOREIGN SCHEMA public FROM SERVER evil_srv INTO public;',
    'CREATE TABLE t (a int PRIMARY KEY, k text);',
  ].join('\n');
  const report = await optimize(
    { sql: 'SELECT id, note FROM evil_remote WHERE id = 1', dialect: 'postgresql', schemaText },
    { planners: { postgresql: planner }, engineVersion: 'test' },
  );
  expect(JSON.stringify(report)).not.toContain(password);
  expect(report.statements[0]!.plan.before?.raw).toMatch(/Scan .*on evil_remote/);
  const notes = report.warnings.map((w) => w.message.en).join('\n');
  expect(notes).toMatch(/foreign server\(s\) evil_srv \(line 1\); user mapping\(s\) CURRENT_USER@evil_srv \(line 2\)/);
  const session = await planner.open({
    dialect: 'postgresql',
    schemaSql: parseSchema(schemaText, 'postgresql').ddl,
    statistics: [],
  });
  try {
    expect(await countIn(session, 'postgresql', 'pg_foreign_server')).toBe(0);
    expect(await countIn(session, 'postgresql', 'pg_user_mappings')).toBe(0);
    expect(await countIn(session, 'postgresql', 'pg_foreign_table')).toBe(0);
    expect(await countIn(session, 'postgresql', "pg_class WHERE relname = 'evil_remote' AND relkind = 'r'")).toBe(1);
  } finally {
    await session.close();
  }
  for (const [line, statement] of [
    'CREATE SERVER s FOREIGN DATA WRAPPER postgres_fdw;',
    "CREATE USER MAPPING FOR PUBLIC SERVER s OPTIONS (password 'x');",
    'CREATE FOREIGN TABLE f (a int) SERVER s;',
    'IMPORT FOREIGN SCHEMA public FROM SERVER s INTO public;',
  ].entries()) {
    const schemaSql = `CREATE TABLE t (a int);\n${statement}`;
    await expect(planner.open({ dialect: 'postgresql', schemaSql, statistics: [] }), `${line}`).rejects.toMatchObject({
      detail: { code: 4203, line: 2, column: 1 },
    });
  }
}

/**
 * Extended statistics are made as the session's role and evaluate nothing: their expressions are stored, never run
 * (only ANALYZE computes them, which no sandbox runs; and it would run them as the table's owner, the role), so one
 * over a file read or a large-object write is made and reads or writes nothing, also once verification has filled
 * the table; one on a catalog table the role does not own is refused by the server and left out with a note.
 */
export async function expectStatisticsObjectsAsTheRole(planner: PlannerBackend, s: Secrets): Promise<void> {
  const out = s.outFiles[0]!;
  const schemaSql = [
    'CREATE TABLE t (a int PRIMARY KEY, k text);',
    'CREATE STATISTICS good_st (dependencies, ndistinct, mcv) ON a, k FROM t;',
    `CREATE STATISTICS evil_read ON (length(pg_read_file('${s.file}'))), a FROM t;`,
    `CREATE STATISTICS evil_write ON (lo_export(lo_from_bytea(0, convert_to(k, 'UTF8')), '${out}')), a FROM t;`,
    'CREATE STATISTICS evil_catalog ON relname, relnamespace FROM pg_catalog.pg_class;',
  ].join('\n');
  const session = await planner.open({ dialect: 'postgresql', schemaSql, statistics: [] });
  try {
    const notes = (session.notes ?? []).map((n) => n.en).join('\n');
    expectNothingLeaked(notes, s, 'statistics objects');
    expect(notes).toMatch(
      /statistics object\(s\) good_st, evil_read, evil_write made in the sandbox, but without values/,
    );
    expect(notes).toMatch(
      /CREATE STATISTICS evil_catalog not made .*must be owner of table pg_class \(SQLSTATE 42501\)/,
    );
    expect(
      await countIn(session, 'postgresql', "pg_statistic_ext WHERE stxname IN ('good_st', 'evil_read', 'evil_write')"),
    ).toBe(3);
    expect(await countIn(session, 'postgresql', "pg_statistic_ext WHERE stxname = 'evil_catalog'")).toBe(0);
    // No values: pg_stats_ext shows an object's only once ANALYZE computed them.
    expect(await countIn(session, 'postgresql', 'pg_stats_ext')).toBe(0);
    expectNothingLeaked(await answersTo(session, 'SELECT k AS v FROM t WHERE a = 1'), s, 'statistics objects');
  } finally {
    await session.close();
  }
}

/**
 * Composite and range types, collations and text search configurations of a dump (engine postgres-objects.ts,
 * planner pglite/ddl.ts userType): a range type naming a file-reading function, a non-catalog function or a
 * canonical function, and a collation whose locale is a path, are refused by the planner's list when sent as
 * written (4203 at the statement), and through the engine are planned with stand-ins: nothing of them is made, no
 * file is read or written, and a composite type and a range type of built-in functions are made and plan.
 */
export async function expectUserTypesSafe(planner: PlannerBackend, s: Secrets): Promise<void> {
  const [out] = s.outFiles;
  const refusedAsWritten = [
    `CREATE TYPE evil_diff AS RANGE (subtype = text, subtype_diff = pg_read_file);`,
    `CREATE TYPE evil_public AS RANGE (subtype = float8, subtype_diff = public.float8mi);`,
    `CREATE TYPE evil_canonical AS RANGE (subtype = int4, canonical = pg_catalog.int4range_canonical);`,
    `CREATE TYPE evil_collation AS RANGE (subtype = text, collation = "${s.file}");`,
    `CREATE COLLATION evil_locale (provider = libc, locale = '${s.file}');`,
    `CREATE TEXT SEARCH DICTIONARY evil_dict (TEMPLATE = ispell, DictFile = '${s.file}');`,
  ];
  for (const statement of refusedAsWritten) {
    await expect(
      planner.open({ dialect: 'postgresql', schemaSql: `CREATE TABLE t (a int);\n${statement}`, statistics: [] }),
      statement,
    ).rejects.toMatchObject({ detail: { code: 4203, line: 2, column: 1 } });
  }
  const schemaText = `CREATE TYPE public.address AS (street text, city text COLLATE "evil_locale");
CREATE TYPE floatrange AS RANGE (subtype = float8, subtype_diff = float8mi);
${refusedAsWritten.join('\n')}
CREATE TEXT SEARCH CONFIGURATION public.evil_cfg (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION public.evil_cfg ALTER MAPPING FOR word WITH evil_dict;
CREATE TABLE t (a int, k text COLLATE evil_locale, home public.address, span floatrange, d evil_diff,
  c evil_canonical, body text);
CREATE INDEX t_span ON t USING gist (span);
CREATE INDEX t_body ON t USING gin (to_tsvector('public.evil_cfg'::regconfig, body));`;
  const schema = parseSchema(schemaText, 'postgresql');
  expect(schema.notes?.map((n) => n.en).join('\n')).toMatch(/evil_diff \(line 3; columns t\.d\) as text/);
  const session = await planner.open({ dialect: 'postgresql', schemaSql: schema.ddl, statistics: [] });
  try {
    const plans = [
      'SELECT a FROM t WHERE span @> 2.5::float8',
      "SELECT a FROM t WHERE (home).city = 'Oslo' AND k = 'x'",
      "SELECT a FROM t WHERE c @> 3 AND d = 'x'",
      "SELECT a FROM t WHERE to_tsvector('english'::regconfig, body) @@ 'word'::tsquery",
    ];
    for (const sql of plans) expectNothingLeaked(JSON.stringify(await session.explain(sql)), s, sql);
    const probes: Record<string, [string, number]> = {
      'composite and range made': ["pg_type WHERE typname IN ('address', 'floatrange') AND typtype IN ('c', 'r')", 2],
      'nothing evil made': ["pg_type WHERE typname::text LIKE 'evil%'", 0],
      'no collation made': ["pg_collation WHERE collname::text LIKE 'evil%'", 0],
      'no text search object made': ["pg_ts_config WHERE cfgname::text LIKE 'evil%'", 0],
      'stand-ins': [
        "pg_attribute WHERE attrelid = 't'::regclass AND ((attname = 'd' AND atttypid = 'text'::regtype) OR (attname = 'c' AND atttypid = 'int4range'::regtype))",
        2,
      ],
    };
    for (const [what, [from, expected]] of Object.entries(probes)) {
      expect(await countIn(session, 'postgresql', from), what).toBe(expected);
    }
  } finally {
    await session.close();
  }
  if (out) expect(existsSync(out)).toBe(false);
}

/**
 * A migration history's later steps (DROP TABLE | INDEX | VIEW, RENAME TABLE, ALTER TABLE ... RENAME, PostgreSQL's
 * ALTER TYPE ... ADD | RENAME VALUE) reach the sandbox and run as the session's role: aimed at the server's own objects they
 * are refused by the server (4203 at the statement), and the server still makes and plans a session afterwards.
 */
export async function expectMigrationStepsConfined(planner: PlannerBackend, dialect: Dialect): Promise<void> {
  const steps =
    dialect === 'mysql'
      ? [
          'DROP TABLE mysql.global_priv',
          'DROP TABLE IF EXISTS mysql.db, t',
          'DROP INDEX `PRIMARY` ON mysql.global_priv',
          'RENAME TABLE mysql.global_priv TO stolen',
          'RENAME TABLE t TO mysql.t',
          'ALTER TABLE mysql.db RENAME TO stolen',
          'ALTER TABLE t RENAME TO information_schema.t',
          'DROP VIEW information_schema.TABLES',
        ]
      : [
          'DROP TABLE pg_catalog.pg_class CASCADE',
          'DROP TABLE IF EXISTS information_schema.sql_features',
          'DROP INDEX pg_catalog.pg_class_oid_index',
          'DROP INDEX CONCURRENTLY IF EXISTS pg_catalog.pg_proc_oid_index',
          'DROP VIEW pg_catalog.pg_stats CASCADE',
          'DROP MATERIALIZED VIEW IF EXISTS pg_catalog.pg_roles',
          "ALTER TYPE pg_catalog.bool ADD VALUE 'maybe'",
          "ALTER TYPE pg_catalog.bool RENAME VALUE 'true' TO 'yes'",
        ];
  const type = dialect === 'mysql' ? 'varchar(200)' : 'text';
  for (const step of steps) {
    const schemaSql = `CREATE TABLE t (a int PRIMARY KEY, k ${type});\n${step};`;
    const outcome = await planner.open({ dialect, schemaSql, statistics: [] }).catch((e: unknown) => e);
    if (outcome && typeof (outcome as PlannerSession).close === 'function') {
      await (outcome as PlannerSession).close();
      throw new Error(`the sandbox ran ${step}`);
    }
    expect(outcome, step).toMatchObject({ detail: { code: 4203, line: 2 } });
  }
  const after = await planner.open(attackerRequest(dialect));
  try {
    expect((await after.explain('SELECT a, k FROM t WHERE a = 1')).raw).toBeTruthy();
  } finally {
    await after.close();
  }
}
