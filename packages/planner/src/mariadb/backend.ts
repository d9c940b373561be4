/**
 * The MySQL-family planner backend on a real MariaDB server (local throwaway server or MYSQL_SANDBOX_URL, see
 * server.ts).
 *
 * open(request): a fresh database `s_<random>` and a user `sqltune_<random>` allowed only on it (and on its verification
 * copy `v_<random>`); the user's DDL runs statement by statement through that user (only table structure statements,
 * see ddl.ts; an error becomes 4203 at the line/column of the user's text); tables are switched to InnoDB with
 * STATS_PERSISTENT=1 STATS_AUTO_RECALC=0, and the statistics are injected (stats.ts; tables without statistics are
 * planned as DEFAULT_TABLE_ROWS = 1000 rows and `notes` says so).
 * explain(sql, whatIf): EXPLAIN FORMAT=JSON + the optimizer trace (costs) + the tabular EXPLAIN (raw, for display).
 * What-if indexes are real indexes on the empty tables: ALTER TABLE ... ADD INDEX, statistics injected again (ALTER
 * resets InnoDB's), EXPLAIN. They stay while later calls ask for the same set (comparing the original and the
 * rewritten statement under the same indexes builds them once); a call with another set (or none) keeps those its
 * list starts with, drops the others, adds its own and injects the statistics once for all (useWhatIfIndexes). `?` parameters are replaced by
 * sample literals of the compared column's type, and the plan says so. An error becomes 4202 at the statement's
 * line/column.
 * verify(original, candidate): differential verification on generated data in `v_<random>` (verify.ts).
 * close(): drops both databases and the user.
 * Sessions are independent (each has its own connection and database); calls on one session run one at a time.
 * If the server goes away (connection lost), the session is rebuilt on the next call.
 *
 * Timings measured on this machine (Node 20.20, 2 cores, MariaDB 10.11.19; TPC-H schema, 8 tables with
 * primary and foreign keys, SF1 statistics), from backend.test.ts and a script doing the same:
 *   server start-up: 0.3-0.4 s with the template data directory cached (0.9-1.7 s the first time on a machine),
 *             once per process, on the first open()
 *   open():   70-105 ms for TPC-H (CREATE DATABASE / USER, 8 CREATE TABLE, 8 ALTER TABLE for the statistics options,
 *             catalog, injection, reload); about 30 ms for a 2-table schema
 *   explain(): 2-5 ms (TPC-H average 4.5 ms; EXPLAIN FORMAT=JSON, the optimizer trace and the tabular EXPLAIN)
 *   what-if explain: 16-20 ms to add one index (ALTER, re-inject, reload, EXPLAIN), 2 ms while the same set is
 *             reused, 14 ms more on the call that drops it
 *   verify(): 20-30 ms for 5 databases x 40 rows on 1-2 tables (first call also copies the tables: +10 ms)
 *   close():  about 15 ms (DROP DATABASE x2, DROP USER)
 *   a session whose server died: rebuilt on a new server at its next call in about 0.4 s
 */
import { randomBytes } from 'node:crypto';
import { AppError, ErrorCode, type Localized, type PlanTree, type Verification } from '@sqltune/contracts';
import mysql from 'mysql2/promise';
import { SandboxSession } from '../session-base.ts';
import { splitStatements, tokenize, trimStatement } from '../sql-text.ts';
import type { PlannerBackend, PlannerSession, PlanRequest, VerifyOptions } from '../types.ts';
import { readWhatIfIndexes, whatIfIndexError } from '../what-if.ts';
import { classifyDdl, whatIfIndexOf, withoutDefiner } from './ddl.ts';
import { appErrorFromMysql, cleanMessage, isConnectionError, isServerError } from './errors.ts';
import {
  addFulltextIndexSql,
  type MissingFulltextIndex,
  missingFulltextIndexes,
  missingFulltextNote,
  notAskedFor,
} from './fulltext.ts';
import { withMariaDbForms } from './mysql8-forms.ts';
import {
  collationNote,
  definedTables,
  fulltextParserNote,
  functionalIndexNote,
  inUserNames,
  namedDatabases,
  type TableNamesAsDefined,
  tableNameCaseNote,
  withJsonFormsOfMariaDb,
  withJsonPathCalls,
  withMariaDbCheckDrops,
  withMariaDbCollations,
  withMariaDbIndexVisibility,
  withoutDatabaseQualifiers,
  withoutDefaultExpressions,
  withoutFulltextParsers,
  withoutFunctionalIndexes,
  withoutRowAlias,
  withTableNamesAsDefined,
} from './names.ts';
import { explainTable, planTreeFromMariaDbJson } from './plan-json.ts';
import { connectionOptions, getAdminPool, type ServerEndpoint, settleLostServer } from './server.ts';
import { substituteParameters, tableAliases } from './sql-text.ts';
import { type CatalogTable, planStatistics, readCatalog, StatisticsInjector } from './stats.ts';
import { verifyOnMariaDb } from './verify.ts';

export { mariadbAvailable, shutdownMariaDb } from './server.ts';

/** Longest a statement may run in the sandbox (EXPLAIN, DDL, verification queries), in seconds. */
export const STATEMENT_TIME_LIMIT_S = 10;

const SESSION_SETTINGS = [
  "SET SESSION use_stat_tables = 'PREFERABLY'",
  'SET SESSION optimizer_use_condition_selectivity = 4',
  'SET SESSION eq_range_index_dive_limit = 1',
  "SET SESSION optimizer_trace = 'enabled=on'",
  'SET SESSION optimizer_trace_max_mem_size = 67108864',
  `SET SESSION max_statement_time = ${STATEMENT_TIME_LIMIT_S}`,
  'SET SESSION foreign_key_checks = 0',
  "SET SESSION time_zone = '+00:00'",
  // DATA DIRECTORY / INDEX DIRECTORY in the user's CREATE TABLE would put files outside the sandbox: ignored.
  "SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',NO_DIR_IN_CREATE')",
];

/**
 * What a session's user may do in its two databases (docs/security.md, M1): tables, indexes, views and their rows.
 * No routines, triggers, events, locks or temporary tables: nothing that runs code or outlives a statement.
 */
const SESSION_PRIVILEGES =
  'SELECT, INSERT, UPDATE, DELETE, CREATE, DROP, INDEX, ALTER, CREATE VIEW, SHOW VIEW, REFERENCES';

/** "MariaDB 10.11.19" / "MySQL 8.0.36" from SELECT VERSION(). */
export function engineLabel(version: string): { name: 'MariaDB' | 'MySQL'; version: string } {
  const number = /^(\d+\.\d+\.\d+)/.exec(version)?.[1] ?? version;
  return { name: /mariadb/i.test(version) ? 'MariaDB' : 'MySQL', version: number };
}

function sourceLabel(endpoint: ServerEndpoint): string {
  const { name, version } = engineLabel(endpoint.version);
  return `${name} ${version} (${endpoint.local ? 'local sandbox' : 'sandbox server'})`;
}

function escapeGrantName(name: string): string {
  return name.replace(/[_%\\]/g, (c) => `\\${c}`);
}

interface WhatIfIndex {
  key: string;
  created: Array<{ table: string; index: string }>;
}

interface Ready {
  endpoint: ServerEndpoint;
  admin: mysql.Pool;
  conn: mysql.Connection;
  database: string;
  verifyDatabase: string;
  user?: string;
  injector: StatisticsInjector;
  catalog: CatalogTable[];
  tableRows: Map<string, number>;
  verifyReady: boolean;
  /**
   * What-if indexes left in place after the last explain, in the order they were created: each with its statement
   * (trimmed) and the indexes it created. A later call keeps those that start its own list and replaces the rest.
   */
  whatIf: WhatIfIndex[];
}

const MEMBER_OF_PLANNED_AS_CONTAINS: Localized = {
  zh: 'MariaDB 没有 MEMBER OF：按同义的 JSON_CONTAINS(数组, JSON_ARRAY(值)) 生成执行计划。MySQL 8 可以用多值索引（CAST(... AS ... ARRAY)）执行 MEMBER OF，MariaDB 没有这种索引，所以这里的计划不反映多值索引。',
  en: 'MariaDB has no MEMBER OF: planned as JSON_CONTAINS(array, JSON_ARRAY(value)), which means the same. MySQL 8 can serve MEMBER OF from a multi-valued index (CAST(... AS ... ARRAY)), which MariaDB does not have, so this plan does not show one.',
};

class MariaDbSession extends SandboxSession<Ready> implements PlannerSession {
  source = 'MariaDB (local sandbox)';

  /** Databases the table structure names (names.ts), read once. */
  private readonly databases: ReadonlySet<string>;
  /** Tables and views the table structure creates, by their names as written (names.ts), read once. */
  private readonly tables: readonly string[];
  /**
   * Whether the sandbox server is MariaDB (the default) rather than a MySQL 8 behind MYSQL_SANDBOX_URL, which takes
   * MySQL 8's forms and collations as written. Known once prepared; every statement is sent after that.
   */
  private onMariaDb = true;

  constructor(private readonly request: PlanRequest) {
    super();
    const statements = splitStatements(request.schemaSql, 'mysql');
    this.databases = namedDatabases(statements);
    this.tables = definedTables(statements);
  }

  /** `text` with database qualifiers blanked and table names written as the structure defines them. */
  private namesAsDefined(text: string): TableNamesAsDefined {
    // A qualifier before a table the statement reads names a database, and the sandbox's user reaches only its own:
    // any one but the system databases is the user's (`FROM shop.users` over a structure of SHOW CREATE TABLE
    // output, which names no database). Was: "SELECT command denied ... for table shop.users" (1142). A name the
    // structure gives a table stays a table's: `orders.id` is a column of it wherever the statement also writes
    // `orders.` before a table.
    const defined = new Set(this.tables.map((name) => name.toLowerCase()));
    const written = [...namedDatabases(splitStatements(text, 'mysql'))].filter((name) => !defined.has(name));
    const databases = new Set([...this.databases, ...written]);
    return withTableNamesAsDefined(withoutDatabaseQualifiers(text, databases), this.tables);
  }

  /**
   * The user's text as the sandbox reads it: database qualifiers of the user's databases name its own, table names
   * in another case name the structure's table, JSON path operators, MEMBER OF and CAST(... AS JSON) are the calls
   * they stand for, an upsert's row alias is VALUES(), and MySQL 8's other forms and collations are MariaDB's
   * on MariaDB (mysql8-forms.ts, withMariaDbCollations; the structure maps its collations itself, to note them).
   */
  private local(text: string, { collations = true } = {}): string {
    const names = this.namesAsDefined(text).text;
    const forms = this.onMariaDb ? withMariaDbForms(names) : names;
    const collated = this.onMariaDb && collations ? withMariaDbCollations(forms).text : forms;
    return withoutRowAlias(withJsonFormsOfMariaDb(withJsonPathCalls(collated)).text);
  }

  /** Creates the database and user, runs the schema and injects the statistics. */
  protected async prepare(): Promise<Ready> {
    const { pool: admin, endpoint } = await getAdminPool();
    const id = randomBytes(6).toString('hex');
    const database = `s_${id}`;
    const verifyDatabase = `v_${id}`;
    const notes: Localized[] = [];
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
    let user: string | undefined = `sqltune_${id}`;
    const password = randomBytes(18).toString('base64url');
    try {
      await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`);
      for (const name of [database, verifyDatabase])
        await admin.query(`GRANT ${SESSION_PRIVILEGES} ON \`${escapeGrantName(name)}\`.* TO '${user}'@'%'`);
    } catch (error) {
      if (!isServerError(error)) throw error;
      // An external server whose user may not create users: work with its own credentials.
      user = undefined;
      notes.push({
        zh: '沙箱账号无法创建受限用户，语句以沙箱账号执行',
        en: 'the sandbox account can not create users: statements run as the sandbox account',
      });
    }
    let conn: mysql.Connection | undefined;
    try {
      conn = await mysql.createConnection(
        user
          ? connectionOptions(endpoint, user, password, database)
          : connectionOptions(endpoint, undefined, undefined, database),
      );
      conn.on('error', () => this.markLost());
      for (const s of SESSION_SETTINGS) await conn.query(s).catch(() => undefined);
      this.onMariaDb = engineLabel(endpoint.version).name === 'MariaDB';
      notes.push(...(await this.runSchema(conn, database, this.onMariaDb)));
      let catalog = await readCatalog(conn, database);
      // InnoDB with persistent statistics that nothing recomputes.
      const alters: string[] = [];
      const converted: string[] = [];
      for (const t of catalog) {
        if (t.kind !== 'table') continue;
        const engine = t.engine && t.engine.toLowerCase() !== 'innodb' ? ' ENGINE=InnoDB,' : '';
        if (engine) converted.push(`${t.name} (${t.engine})`);
        alters.push(`ALTER TABLE \`${t.name.replace(/`/g, '``')}\`${engine} STATS_PERSISTENT=1 STATS_AUTO_RECALC=0`);
      }
      for (const a of alters) {
        try {
          await conn.query(a);
        } catch (error) {
          if (!isServerError(error)) throw error;
          notes.push({
            zh: `无法转换表结构（${error.sqlMessage}）`,
            en: `could not convert a table (${error.sqlMessage})`,
          });
        }
      }
      if (converted.length > 0) {
        notes.push({
          zh: `以下表在沙箱中改用 InnoDB 引擎以便注入统计信息：${converted.join(', ')}`,
          en: `planned as InnoDB tables so statistics can be injected: ${converted.join(', ')}`,
        });
        catalog = await readCatalog(conn, database);
      }
      const plan = planStatistics(catalog, this.request.statistics, this.request.rowsFromPlan);
      const eits = engineLabel(endpoint.version).name === 'MariaDB';
      const injector = new StatisticsInjector(admin, conn, database, plan, eits);
      await injector.apply();
      if (!eits)
        notes.push({
          zh: 'MySQL 只注入了 InnoDB 持久化统计信息',
          en: 'MySQL: only InnoDB persistent statistics are injected',
        });
      this.notes = [...notes, ...plan.notes];
      this.source = sourceLabel(endpoint);
      const tableRows = new Map(plan.tables.map((t) => [t.name, t.rows]));
      return {
        endpoint,
        admin,
        conn,
        database,
        verifyDatabase,
        user,
        injector,
        catalog,
        tableRows,
        verifyReady: false,
        whatIf: [],
      };
    } catch (error) {
      await conn?.end().catch(() => undefined);
      await dropAll(admin, database, verifyDatabase, user);
      throw error;
    }
  }

  private async runSchema(conn: mysql.Connection, database: string, mariadb: boolean): Promise<Localized[]> {
    const schemaSql = this.request.schemaSql;
    const collations = new Map<string, string>();
    const parsers = new Set<string>();
    const functional: string[] = [];
    const caseMatched = new Map<string, string>();
    for (const statement of splitStatements(schemaSql, 'mysql')) {
      const decision = classifyDdl(statement.tokens);
      if (decision.action === 'skip') continue;
      if (decision.action === 'reject') {
        throw appErrorFromMysql(
          ErrorCode.TABLE_STRUCTURE_INVALID,
          new Error(
            `only table structure statements (CREATE TABLE, CREATE INDEX, CREATE VIEW, ALTER TABLE ... ADD ...) are accepted; ${decision.reason ?? decision.kind}`,
          ),
          { source: schemaSql, sourceOffset: 0, sent: '', prefixLength: 0, fallbackOffset: statement.firstTokenStart },
          { zh: '表结构中只允许建表、建索引等语句，', en: 'Table structure' },
        );
      }
      for (const [from, to] of this.namesAsDefined(statement.text).matched) caseMatched.set(from, to);
      let text = this.local(statement.text, { collations: false });
      if (decision.kind === 'CREATE VIEW') text = withoutDefiner(text, statement.tokens, statement.start);
      if (mariadb) {
        const mapped = withMariaDbCollations(text);
        const unparsed = withoutFulltextParsers(withMariaDbCheckDrops(withMariaDbIndexVisibility(mapped.text)));
        const leftOut = new Set(functional.map((name) => name.toLowerCase()));
        const keyed = withoutFunctionalIndexes(withoutDefaultExpressions(unparsed.text), leftOut);
        text = keyed.text;
        functional.push(...keyed.indexes);
        for (const [from, to] of mapped.mapped) collations.set(from, to);
        for (const parser of unparsed.parsers) parsers.add(parser);
        // A statement that was only keys on expressions (CREATE INDEX, ALTER TABLE ... ADD INDEX) or a drop of one:
        // nothing left to run.
        if (text.trim() === '') continue;
      }
      try {
        await conn.query(text);
      } catch (error) {
        if (!isServerError(error)) throw error;
        throw appErrorFromMysql(
          ErrorCode.TABLE_STRUCTURE_INVALID,
          error,
          {
            source: schemaSql,
            sourceOffset: statement.start,
            sent: text,
            prefixLength: 0,
            fallbackOffset: statement.firstTokenStart,
            hideNames: [database],
          },
          { zh: '表结构语句执行失败，', en: 'Table structure statement failed' },
        );
      }
    }
    const notes = [
      collationNote(collations),
      fulltextParserNote(parsers),
      functionalIndexNote(functional),
      tableNameCaseNote(caseMatched, 'structure'),
    ];
    return notes.filter((note) => note !== undefined);
  }

  /** A lost connection marks the session (markLost) from the connection's error event or a failed call. */
  protected alive(): boolean {
    return true;
  }

  protected async dispose(ready: Ready): Promise<void> {
    await ready.conn.end().catch(() => undefined);
    await dropAll(ready.admin, ready.database, ready.verifyDatabase, ready.user).catch(() => undefined);
  }

  protected override lostConnection(error: unknown): boolean {
    return isConnectionError(error);
  }

  /** The server may have died: let its exit be noticed before the session is made again. */
  protected override afterLostConnection(): Promise<void> {
    return settleLostServer();
  }

  explain(sql: string, whatIfIndexes: string[] = []): Promise<PlanTree> {
    return this.serialize(async (ready) =>
      inUserNames(await this.explainNow(ready, sql, whatIfIndexes), [ready.database, ready.verifyDatabase]),
    );
  }

  private async explainNow(ready: Ready, sql: string, whatIfIndexes: string[]): Promise<PlanTree> {
    const statement = trimStatement(sql, 'mysql');
    const tokens = tokenize(statement, 'mysql');
    if (tokens.length === 0)
      throw new AppError(ErrorCode.CONTENT_INVALID, { message: { zh: '语句为空', en: 'the statement is empty' } });
    const parts = splitStatements(statement, 'mysql');
    if (parts.length > 1) {
      throw appErrorFromMysql(
        ErrorCode.CONTENT_INVALID,
        new Error('only one statement can be explained at a time'),
        { source: statement, sourceOffset: 0, sent: '', prefixLength: 0, fallbackOffset: parts[1].firstTokenStart },
        { zh: '一次只能分析一条语句，', en: 'Statement' },
      );
    }
    const { conn, database } = ready;
    const columnTypes = new Map<string, string>();
    for (const t of ready.catalog)
      for (const c of t.columns)
        if (!columnTypes.has(c.name.toLowerCase())) columnTypes.set(c.name.toLowerCase(), c.dataType);
    // Database qualifiers blanked keep every position: errors still point into the statement as written.
    const local = this.local(statement);
    const substituted = substituteParameters(local, (column) => columnTypes.get(column.toLowerCase()));
    const text = substituted.text;
    // MATCH ... AGAINST fails without its FULLTEXT index (1191): planned with it, and the plan says to add it.
    const whatIf = new Set(ready.whatIf.flatMap((w) => w.created.map((c) => `${c.table}\u0000${c.index}`)));
    const fulltext = notAskedFor(
      missingFulltextIndexes(local, ready.catalog, (table, index) => whatIf.has(`${table}\u0000${index}`)),
      whatIfIndexes,
    );
    await this.useWhatIfIndexes(ready, [...whatIfIndexes, ...fulltext.map((f) => addFulltextIndexSql(f))]);
    const prefix = 'EXPLAIN FORMAT=JSON ';
    let json: string;
    let trace: string | undefined;
    let tabular: mysql.RowDataPacket[];
    try {
      const [rows] = await conn.query<mysql.RowDataPacket[]>(prefix + text);
      json = String(Object.values(rows[0] ?? {})[0] ?? '');
      const [traceRows] = await conn
        .query<mysql.RowDataPacket[]>(
          'SELECT QUERY AS query, TRACE AS trace, MISSING_BYTES_BEYOND_MAX_MEM_SIZE AS missing FROM information_schema.OPTIMIZER_TRACE',
        )
        .catch(() => [[] as mysql.RowDataPacket[]] as const);
      const t = traceRows[0];
      // The table keeps the last statement traced: an INSERT ... VALUES is not, and would read the costs of the
      // statement explained before it.
      const ours = t && String(t.query ?? '') === prefix + text;
      trace = ours && Number(t.missing ?? 0) === 0 && typeof t.trace === 'string' ? t.trace : undefined;
      [tabular] = await conn.query<mysql.RowDataPacket[]>(`EXPLAIN ${text}`);
    } catch (error) {
      if (!isServerError(error) || isConnectionError(error)) throw error;
      // Positions refer to the text sent; with parameters replaced they are close but not exact.
      throw appErrorFromMysql(
        ErrorCode.CONTENT_INVALID,
        error,
        {
          source: statement,
          sourceOffset: 0,
          sent: substituted.count > 0 ? prefix + local : prefix + text,
          prefixLength: prefix.length,
          fallbackOffset: tokens[0].start,
          hideNames: [database, ready.verifyDatabase],
        },
        { zh: '语句无法生成执行计划，', en: 'The statement can not be planned' },
      );
    }
    const selectTypes = new Map<number, string>();
    for (const r of tabular)
      if (r.id !== null && r.id !== undefined) selectTypes.set(Number(r.id), String(r.select_type ?? ''));
    const tree = planTreeFromMariaDbJson(json, trace, explainTable(tabular), {
      tableRows: ready.tableRows,
      aliases: tableAliases(statement),
      selectTypes,
    });
    if (withJsonFormsOfMariaDb(statement).memberOf > 0) tree.root.warnings.push(MEMBER_OF_PLANNED_AS_CONTAINS);
    for (const index of fulltext) tree.root.warnings.push(missingFulltextNote(index));
    const statementCollations = this.onMariaDb ? collationNote(withMariaDbCollations(statement).mapped) : undefined;
    if (statementCollations) tree.root.warnings.push(statementCollations);
    const caseNote = tableNameCaseNote(this.namesAsDefined(statement).matched, 'statement');
    if (caseNote) tree.root.warnings.push(caseNote);
    if (substituted.count > 0) {
      tree.root.warnings.push({
        zh: `为生成执行计划，${substituted.count} 个参数（?）以对应列类型的示例值代入`,
        en: `${substituted.count} parameter(s) (?) replaced by sample values of the compared columns' types to plan the statement`,
      });
    }
    return tree;
  }

  /**
   * Puts exactly `wanted` in place, in its order, and injects the statistics of the tables touched once. What-if
   * indexes stay until a call wants a different set: comparing two statements under the same indexes (the usual
   * sequence) builds them once, and of a different set only what differs from the first index on is rebuilt (an
   * index advisor trying one more index keeps those it tried before). Keeping only a common prefix leaves the
   * table's indexes in the order a fresh build would give, so the optimizer sees the same table either way.
   * If an index can not be created, none stays.
   */
  private async useWhatIfIndexes(ready: Ready, wanted: string[]): Promise<void> {
    const keys = wanted.map((w) => trimStatement(w, 'mysql'));
    const current = ready.whatIf;
    let kept = 0;
    while (kept < current.length && kept < keys.length && current[kept]!.key === keys[kept]) kept++;
    if (kept === current.length && kept === keys.length) return;
    // Read before anything changes: a text that is not an index leaves the session as it was.
    // Named as the sandbox names them: an index advised on `ACCOUNT` goes on the structure's `account`.
    const prepared = readWhatIfIndexes(
      wanted.slice(kept).map((w) => this.local(w)),
      'mysql',
      whatIfIndexOf,
    );
    const touched = new Set<string>();
    ready.whatIf = current.slice(0, kept);
    try {
      await this.dropWhatIfIndexes(ready, current.slice(kept), touched);
      for (const [i, index] of prepared.entries()) {
        const created = await this.createWhatIfIndex(ready, index, touched);
        ready.whatIf.push({ key: keys[kept + i]!, created });
      }
    } catch (error) {
      const partial = ready.whatIf;
      ready.whatIf = [];
      await this.dropWhatIfIndexes(ready, partial, touched).catch(() => undefined);
      await this.reinject(ready, [...touched]).catch(() => undefined);
      throw error;
    }
    await this.reinject(ready, [...touched]);
  }

  /**
   * Adds one what-if index (statistics not injected yet). Returns what it created, to drop afterwards: the index a
   * CREATE INDEX names, or what the table's catalog shows new after an ALTER TABLE (which may add several, or
   * leave its names to the server).
   */
  private async createWhatIfIndex(
    ready: Ready,
    index: { sql: string; table: string; name?: string },
    touched: Set<string>,
  ): Promise<Array<{ table: string; index: string }>> {
    const table =
      ready.catalog.find((t) => t.name === index.table) ??
      ready.catalog.find((t) => t.name.toLowerCase() === index.table.toLowerCase());
    const before = new Set((table?.indexes ?? []).map((i) => i.name));
    try {
      await ready.conn.query(index.sql);
    } catch (error) {
      if (!isServerError(error) || isConnectionError(error)) throw error;
      const message = cleanMessage(error.sqlMessage ?? error.message, [ready.database]);
      throw whatIfIndexError(index.sql, message, this.request.schemaSql, error.errno);
    }
    const name = table?.name ?? index.table;
    touched.add(name);
    if (index.name !== undefined) {
      // Known by its name: no catalog read (one per index added was a third of a change of set). The entry keeps
      // the name taken until the statistics injection reads the table again.
      table?.indexes.push({ name: index.name, unique: false, columns: [], type: '' });
      return [{ table: name, index: index.name }];
    }
    const [after] = await readCatalog(ready.conn, ready.database, [name]);
    if (table && after) table.indexes = after.indexes;
    return (after?.indexes ?? []).filter((i) => !before.has(i.name)).map((i) => ({ table: name, index: i.name }));
  }

  /** Drops what-if indexes, one ALTER TABLE per table (statistics not injected yet). */
  private async dropWhatIfIndexes(ready: Ready, indexes: WhatIfIndex[], touched: Set<string>): Promise<void> {
    const byTable = new Map<string, string[]>();
    for (const c of indexes.flatMap((i) => i.created)) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c.index]);
    for (const [table, names] of byTable) {
      await ready.conn.query(
        `ALTER TABLE \`${table.replace(/`/g, '``')}\` ${names.map((n) => `DROP INDEX \`${n.replace(/`/g, '``')}\``).join(', ')}`,
      );
      touched.add(table);
      const entry = ready.catalog.find((t) => t.name === table);
      // The catalog stays right until the statistics are injected again: an index created next under a dropped
      // index's name is then seen as created.
      if (entry) entry.indexes = entry.indexes.filter((i) => !names.includes(i.name));
    }
  }

  /** Re-reads `tables` from the catalog and injects their statistics again (ALTER TABLE recomputed them). */
  private async reinject(ready: Ready, tables: string[]): Promise<void> {
    if (tables.length === 0) return;
    const fresh = await readCatalog(ready.conn, ready.database, tables);
    for (const t of fresh) {
      const k = ready.catalog.findIndex((c) => c.name === t.name);
      if (k >= 0) ready.catalog[k] = t;
    }
    const plan = planStatistics(fresh, this.request.statistics, this.request.rowsFromPlan);
    ready.injector.replaceTables(plan.tables);
    await ready.injector.apply(tables);
  }

  verify(original: string, candidate: string, options: VerifyOptions): Promise<Verification> {
    return this.serialize(async (ready) => {
      if (!ready.verifyReady) {
        await prepareVerifyDatabase(ready);
        ready.verifyReady = true;
      }
      const [local, localCandidate] = [this.local(original), this.local(candidate)];
      await addFulltextIndexesForVerification(ready, [local, localCandidate]);
      return inUserNames(
        await verifyOnMariaDb(
          ready.conn,
          { database: ready.database, verifyDatabase: ready.verifyDatabase },
          local,
          localCandidate,
          options,
        ),
        [ready.database, ready.verifyDatabase],
      );
    });
  }
}

/**
 * The verification copy: the same tables (CREATE TABLE ... LIKE copies columns, keys, indexes and CHECK constraints
 * but not foreign keys, so generated rows never fail on them) and views (their definitions point at the copy).
 */
async function prepareVerifyDatabase(ready: Ready): Promise<void> {
  const { admin, conn, database, verifyDatabase } = ready;
  await conn
    .query(`CREATE DATABASE IF NOT EXISTS \`${verifyDatabase}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`)
    .catch(async (error) => {
      if (!isServerError(error)) throw error;
      await admin.query(
        `CREATE DATABASE IF NOT EXISTS \`${verifyDatabase}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`,
      );
    });
  const catalog = await readCatalog(conn, database);
  for (const t of catalog) {
    if (t.kind !== 'table') continue;
    const name = t.name.replace(/`/g, '``');
    await conn.query(`CREATE TABLE \`${verifyDatabase}\`.\`${name}\` LIKE \`${database}\`.\`${name}\``);
  }
  const views = catalog.filter((t) => t.kind === 'view');
  if (views.length === 0) return;
  const [rows] = await conn.query<mysql.RowDataPacket[]>(
    'SELECT TABLE_NAME AS name, VIEW_DEFINITION AS definition FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ?',
    [database],
  );
  let pending = rows.map((r) => ({
    name: String(r.name),
    definition: String(r.definition).split(`\`${database}\`.`).join(`\`${verifyDatabase}\`.`),
  }));
  // Views on views: create what can be created until nothing changes.
  for (let round = 0; round < 5 && pending.length > 0; round++) {
    const failed: typeof pending = [];
    for (const v of pending) {
      try {
        await conn.query(`CREATE VIEW \`${verifyDatabase}\`.\`${v.name.replace(/`/g, '``')}\` AS ${v.definition}`);
      } catch (error) {
        if (!isServerError(error)) throw error;
        failed.push(v);
      }
    }
    if (failed.length === pending.length) break;
    pending = failed;
  }
}

/**
 * The FULLTEXT indexes the statements' MATCH ... AGAINST need, added to the verification copy (which has the indexes
 * its tables had when it was made): the statement is verified as it was planned. They stay: an index changes no row.
 */
async function addFulltextIndexesForVerification(ready: Ready, texts: string[]): Promise<void> {
  if (!texts.some((text) => /\bMATCH\b/i.test(text))) return;
  const catalog = await readCatalog(ready.conn, ready.verifyDatabase);
  const wanted = new Map<string, MissingFulltextIndex>();
  for (const index of texts.flatMap((text) => missingFulltextIndexes(text, catalog)))
    wanted.set(`${index.table}\u0000${index.index}`, index);
  for (const index of wanted.values()) await ready.conn.query(addFulltextIndexSql(index, ready.verifyDatabase));
}

async function dropAll(
  admin: mysql.Pool,
  database: string,
  verifyDatabase: string,
  user: string | undefined,
): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``).catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS \`${verifyDatabase}\``).catch(() => undefined);
  if (user) await admin.query(`DROP USER IF EXISTS '${user}'@'%'`).catch(() => undefined);
}

export const mariadbPlanner: PlannerBackend = {
  dialect: 'mysql',
  async open(request: PlanRequest): Promise<PlannerSession> {
    if (request.dialect !== 'mysql') {
      throw new AppError(ErrorCode.BAD_REQUEST, {
        message: {
          zh: `MariaDB 只能规划 MySQL 语句，收到 ${request.dialect}`,
          en: `MariaDB plans MySQL statements only, got ${request.dialect}`,
        },
      });
    }
    const session = new MariaDbSession(request);
    await session.setup();
    return session;
  },
};
