/**
 * The second round of sandbox attacks (issue 10's red-team pass): classes the first round (attacks.ts) did not
 * name. Catalog and statistics views that a shared server fills with other sessions' state, server files through
 * functions the first round left out, identity changes through statements that are not SET, plan-time evaluation,
 * and values the statistics injection hands to the server. docs/security.md lists the claims they attack.
 */
import type { Secrets } from './attacks.ts';

/** Text-valued expressions over catalogs and statistics views a shared server fills (PostgreSQL). */
export function postgresCatalogReads(s: Secrets): string[] {
  return [
    `(SELECT string_agg(concat_ws(':', datname, usename, application_name, client_addr, state, query), ',') FROM pg_stat_activity)`,
    `(SELECT string_agg(coalesce(pg_stat_get_backend_activity(b), ''), ',') FROM pg_stat_get_backend_idset() b)`,
    `(SELECT string_agg(concat_ws(':', datname, xact_commit, tup_fetched, tup_inserted), ',') FROM pg_stat_database)`,
    `(SELECT string_agg(description, ',') FROM pg_shdescription)`,
    `(SELECT string_agg(concat_ws(':', locktype, database, relation, mode), ',') FROM pg_locks)`,
    `(SELECT string_agg(concat_ws(':', name, statement), ',') FROM pg_prepared_statements)`,
    `(SELECT string_agg(gid, ',') FROM pg_prepared_xacts)`,
    `(SELECT string_agg(nspname, ',') FROM pg_namespace)`,
    `(SELECT string_agg(table_schema || '.' || table_name, ',') FROM information_schema.tables)`,
    `(SELECT string_agg(concat_ws(':', schemaname, tablename, attname, histogram_bounds::text, most_common_vals::text), ',') FROM pg_stats)`,
    `(SELECT string_agg(stavalues1::text, ',') FROM pg_statistic)`,
    `(SELECT string_agg(concat_ws(':', rolname, rolpassword), ',') FROM pg_authid)`,
    `(SELECT string_agg(concat_ws(':', usename, passwd), ',') FROM pg_shadow)`,
    `(SELECT string_agg(concat_ws(':', sourcefile, name, setting), ',') FROM pg_file_settings)`,
    `(SELECT string_agg(concat_ws(':', type, database::text, user_name::text, address), ',') FROM pg_hba_file_rules)`,
    `(SELECT string_agg(name || '=' || setting, ',') FROM pg_config)`,
    `(SELECT string_agg(name, ',') FROM pg_ls_waldir())`,
    `(SELECT string_agg(name, ',') FROM pg_ls_logdir())`,
    `(SELECT string_agg(name, ',') FROM pg_ls_tmpdir())`,
    `(SELECT string_agg(concat_ws(':', slot_name, database), ',') FROM pg_replication_slots)`,
    `(SELECT string_agg(convert_from(data, 'UTF8'), ',') FROM pg_largeobject)`,
    `(SELECT string_agg(query, ',') FROM pg_stat_statements)`,
    `current_setting('data_directory') || current_setting('config_file') || current_setting('hba_file')`,
    `pg_current_logfile()`,
    `encode(pg_read_binary_file('${s.file}', 0, 100, true), 'escape')`,
    `pg_read_file('${s.file}', 0, 100, true)`,
    `encode(lo_get(lo_import('${s.file}', 424242)), 'escape')`,
    `(SELECT string_agg(x, ',') FROM pg_ls_dir('/', true, false) x)`,
    `(xpath('/x', xmlparse(document '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file://${s.file}">]><x>&e;</x>')))[1]::text`,
  ];
}

/**
 * Whole statements that try to change the identity the session's statements run as, without SET: a view's update
 * rule that calls set_config, statements that reset the session's identity, cursors and prepared statements that
 * outlive a rollback, signals to other sessions' backends.
 */
export function postgresIdentityAttacks(): string[] {
  return [
    `UPDATE pg_settings SET setting = 'postgres' WHERE name = 'session_authorization'`,
    `UPDATE pg_settings SET setting = 'postgres' WHERE name = 'role'`,
    `UPDATE pg_settings SET setting = '0' WHERE name = 'statement_timeout'`,
    `SET SESSION AUTHORIZATION DEFAULT`,
    'RESET SESSION AUTHORIZATION',
    'RESET ROLE',
    'RESET ALL',
    'DISCARD ALL',
    'SET ROLE postgres',
    `SELECT set_config('session_authorization', '', false) AS v FROM t`,
    `SELECT set_config('role', 'none', false) AS v FROM t`,
    `DECLARE c CURSOR WITH HOLD FOR SELECT k AS v FROM t`,
    `CREATE TABLE stolen AS SELECT k AS v FROM t`,
    `SELECT k AS v INTO stolen FROM t`,
    `DO $$BEGIN PERFORM set_config('session_authorization', 'postgres', false); END$$`,
    `CALL nothing()`,
    `SELECT count(pg_terminate_backend(pid))::text AS v FROM pg_stat_activity`,
    `SELECT count(pg_cancel_backend(pid))::text AS v FROM pg_stat_activity`,
    `SELECT pg_reload_conf()::text AS v FROM t`,
    `SELECT pg_switch_wal()::text AS v FROM t`,
    `SELECT pg_notify('sqltune', k) FROM t`,
  ];
}

/**
 * Table structures whose expressions would read a host file if they ran with privilege: column defaults, generated
 * columns, CHECK constraints, partition bounds, index expressions and predicates, view options, ownership and
 * tablespace changes (PostgreSQL). Each must be refused, or run as the session's role (and so be denied).
 */
export function postgresSchemaAttacks(s: Secrets): string[] {
  const [out] = s.outFiles;
  const read = `pg_read_file('${s.file}')`;
  return [
    `CREATE TABLE t (a int PRIMARY KEY, k text DEFAULT ${read});`,
    `CREATE TABLE t (a int PRIMARY KEY, k text GENERATED ALWAYS AS (length(${read})::text) STORED);`,
    `CREATE TABLE t (a int PRIMARY KEY, k text CHECK (${read} IS NOT NULL));`,
    `CREATE TABLE t (a int PRIMARY KEY, k text CHECK (lo_export(lo_from_bytea(0, 'x'), '${out}') > 0));`,
    `CREATE TABLE t (a int, k text) PARTITION BY RANGE (a);\nCREATE TABLE t1 PARTITION OF t FOR VALUES FROM (length(${read})) TO (100);`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE INDEX ti ON t ((k || ${read}));`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE INDEX ti ON t (a) WHERE ${read} IS NOT NULL;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE VIEW v WITH (security_invoker = true) AS SELECT a, ${read} AS k FROM t;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nALTER TABLE t OWNER TO postgres;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nALTER TABLE t SET SCHEMA pg_catalog;`,
    `CREATE SCHEMA evil AUTHORIZATION postgres;\nCREATE TABLE t (a int PRIMARY KEY, k text);`,
    `CREATE TABLE t (a int PRIMARY KEY, k text) TABLESPACE pg_global;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nALTER TABLE t ALTER COLUMN k SET DEFAULT ${read};`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nALTER TABLE t ADD CONSTRAINT c CHECK (${read} IS NOT NULL);`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCOMMENT ON ROLE postgres IS 'owned';`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nALTER DEFAULT PRIVILEGES GRANT ALL ON TABLES TO PUBLIC;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nGRANT ALL ON t TO PUBLIC;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE RULE r AS ON SELECT TO t DO INSTEAD SELECT 1;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE EVENT TRIGGER e ON ddl_command_start EXECUTE FUNCTION pg_read_file();`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE PUBLICATION p FOR ALL TABLES;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE SUBSCRIPTION s CONNECTION 'host=127.0.0.1' PUBLICATION p;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE FOREIGN DATA WRAPPER f;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE EXTENSION file_fdw;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nCREATE EXTENSION dblink;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text);\nSET standard_conforming_strings = off;`,
    `CREATE TABLE t (a int PRIMARY KEY, k text DEFAULT U&'d!0027' UESCAPE '!');\nSELECT ${read};`,
    `CREATE TABLE t (a int PRIMARY KEY, k text COLLATE "C");\nCREATE COLLATION evil (provider = icu, locale = 'und');`,
    `CREATE COLLATION evil (provider = libc, locale = '${s.file}');\nCREATE TABLE t (a int PRIMARY KEY, k text COLLATE evil);`,
    `CREATE TYPE r AS RANGE (subtype = text, subtype_diff = pg_read_file);\nCREATE TABLE t (a int PRIMARY KEY, k r);`,
    `CREATE TYPE r AS RANGE (subtype = float8, subtype_diff = float8mi);\nCREATE TABLE t (a int PRIMARY KEY, k text DEFAULT r(length(${read}), 9)::text);`,
    `CREATE TYPE c AS (x text);\nCREATE TABLE t (a int PRIMARY KEY, k text DEFAULT (ROW(${read})::c).x);`,
    `CREATE TEXT SEARCH DICTIONARY d (TEMPLATE = ispell, DictFile = '${s.file}');\nCREATE TABLE t (a int PRIMARY KEY, k text);`,
  ];
}

/** Text-valued expressions over MariaDB's catalogs, status and schemas a shared server fills with other sessions. */
export function mysqlCatalogReads(s: Secrets): string[] {
  return [
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', ID, USER, DB, COMMAND, INFO)) FROM information_schema.PROCESSLIST)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', TABLE_SCHEMA, TABLE_NAME)) FROM information_schema.TABLE_STATISTICS)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', TABLE_SCHEMA, TABLE_NAME, INDEX_NAME)) FROM information_schema.INDEX_STATISTICS)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', USER, TOTAL_CONNECTIONS)) FROM information_schema.USER_STATISTICS)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', TABLE_SCHEMA, TABLE_NAME, PARTITION_NAME)) FROM information_schema.PARTITIONS WHERE TABLE_NAME LIKE 'secret%')`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME)) FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_NAME LIKE 'secret%')`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', TABLE_SCHEMA, TABLE_NAME, VIEW_DEFINITION)) FROM information_schema.VIEWS)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', GRANTEE, TABLE_SCHEMA, PRIVILEGE_TYPE)) FROM information_schema.SCHEMA_PRIVILEGES)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', GRANTEE, PRIVILEGE_TYPE)) FROM information_schema.USER_PRIVILEGES)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', NAME, SPACE)) FROM information_schema.INNODB_SYS_TABLES)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', TABLE_NAME, PAGE_TYPE)) FROM information_schema.INNODB_BUFFER_PAGE)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', trx_id, trx_query)) FROM information_schema.INNODB_TRX)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', lock_table, lock_data)) FROM information_schema.INNODB_LOCKS)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', STATEMENT, QUERY_CACHE_INFO)) FROM information_schema.QUERY_CACHE_INFO)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', QUERY, TRACE)) FROM information_schema.OPTIMIZER_TRACE)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', DIGEST_TEXT, SCHEMA_NAME)) FROM performance_schema.events_statements_summary_by_digest)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', SQL_TEXT, CURRENT_SCHEMA)) FROM performance_schema.events_statements_history)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', OBJECT_SCHEMA, OBJECT_NAME)) FROM performance_schema.table_io_waits_summary_by_table)`,
    `(SELECT GROUP_CONCAT(query) FROM sys.statement_analysis)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', db, table_name, column_name, histogram)) FROM mysql.column_stats)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', Db, User)) FROM mysql.db)`,
    `(SELECT GROUP_CONCAT(argument) FROM mysql.general_log)`,
    `(SELECT GROUP_CONCAT(sql_text) FROM mysql.slow_log)`,
    `(SELECT GROUP_CONCAT(CONCAT_WS(':', VARIABLE_NAME, VARIABLE_VALUE)) FROM information_schema.GLOBAL_VARIABLES WHERE VARIABLE_NAME IN ('init_connect', 'init_file'))`,
    `LOAD_FILE(CONCAT(@@datadir, 'mysql/user.MAI'))`,
    `LOAD_FILE('/proc/self/cmdline')`,
    `(SELECT LOAD_FILE(x) FROM (SELECT '${s.file}' AS x) y)`,
  ];
}

/**
 * Whole MariaDB statements: identity and privilege changes, server-wide state, statements that outlive the session,
 * and per-statement limits lifted from inside a statement.
 */
export function mysqlStatementAttacks(s: Secrets): string[] {
  const [out] = s.outFiles;
  return [
    'SHOW PROCESSLIST',
    'SHOW DATABASES',
    'SHOW GRANTS',
    'SHOW ENGINE INNODB STATUS',
    'SHOW GLOBAL STATUS',
    `SET STATEMENT max_statement_time = 0 FOR SELECT SLEEP(3600) AS v FROM t`,
    `SELECT /*+ MAX_EXECUTION_TIME(0) */ SLEEP(3600) AS v FROM t`,
    `GRANT ALL ON *.* TO CURRENT_USER`,
    `SET PASSWORD = PASSWORD('x')`,
    `SET ROLE admin`,
    `SET GLOBAL general_log = 1`,
    `CREATE EVENT e ON SCHEDULE EVERY 1 SECOND DO SELECT LOAD_FILE('${s.file}') INTO DUMPFILE '${out}'`,
    `CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.k = LOAD_FILE('${s.file}')`,
    `CREATE PROCEDURE p() SELECT LOAD_FILE('${s.file}')`,
    `KILL CONNECTION 1`,
    `LOAD DATA LOCAL INFILE '${s.file}' INTO TABLE t`,
    `LOAD DATA INFILE '${s.file}' INTO TABLE t`,
    `LOAD XML LOCAL INFILE '${s.file}' INTO TABLE t`,
    `SELECT k AS v FROM t INTO OUTFILE '${out}'`,
    `SELECT GET_LOCK('sqltune', 0) AS v FROM t`,
    `DO SLEEP(3600)`,
    `HANDLER t OPEN`,
    `SELECT BENCHMARK(1e12, SHA2('x', 512)) AS v FROM t`,
  ];
}

/** Table structures that would write files, reach other sessions or run code if MariaDB evaluated them with privilege. */
export function mysqlSchemaAttacks(s: Secrets): string[] {
  const [out] = s.outFiles;
  return [
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200) DEFAULT (LOAD_FILE('${s.file}')));`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200) AS (LOAD_FILE('${s.file}')) VIRTUAL);`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200) CHECK (LOAD_FILE('${s.file}') IS NULL));`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nCREATE SQL SECURITY INVOKER VIEW v AS SELECT a, LOAD_FILE('${s.file}') AS k FROM t;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nCREATE DEFINER = root@localhost VIEW v AS SELECT a, LOAD_FILE('${s.file}') AS k FROM t;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nCREATE VIEW v AS SELECT TABLE_NAME AS k FROM information_schema.TABLES;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nCREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET NEW.k = LOAD_FILE('${s.file}');`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nCREATE EVENT e ON SCHEDULE EVERY 1 SECOND DO SELECT 1 INTO DUMPFILE '${out}';`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nCREATE FUNCTION f() RETURNS text RETURN LOAD_FILE('${s.file}');`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nGRANT ALL ON *.* TO CURRENT_USER;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nSET GLOBAL event_scheduler = ON;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\n/*!50000 CREATE USER evil IDENTIFIED BY 'x' */;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200) COMMENT '\\';CREATE USER evil;');\nCREATE TABLE u (a int);`,
    `DELIMITER //\nCREATE TABLE t (a int PRIMARY KEY, k varchar(200))//\nCREATE USER evil//\nDELIMITER ;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200)) ENGINE=SEQUENCE;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200)) ENGINE=MERGE UNION=(mysql.user);`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nCREATE TABLE m (a int) ENGINE=MRG_MyISAM UNION=(mysql.global_priv);`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nCREATE TABLE s LIKE mysql.global_priv;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nCREATE TABLE s AS SELECT * FROM mysql.global_priv;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nALTER TABLE t RENAME TO mysql.t;`,
    `CREATE TABLE t (a int PRIMARY KEY, k varchar(200));\nRENAME TABLE t TO mysql.t;`,
  ];
}
