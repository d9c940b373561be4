/**
 * Differential verification on MariaDB: run the original and the candidate statement on generated databases and
 * compare their results.
 *
 * Where: the session's verification copy `v_<id>` (backend.ts makes it with CREATE TABLE ... LIKE, so it has the
 * columns, keys, indexes and CHECK constraints but no foreign keys, and never touches the planning database or its
 * injected statistics). Per generated database: START TRANSACTION; INSERT IGNORE the generated rows (parents first;
 * a value out of a column's range is clipped, a row repeating a unique key is skipped); run both statements; compare;
 * ROLLBACK.
 * Data: ../verify/generate.ts (the PostgreSQL backend's generator, which is pure): profiles with NULLs, duplicates,
 * some / all tables empty, and the statements' literals with their neighbours. Its column model is built here from
 * information_schema (MySQL types -> its value kinds) and its PostgreSQL-flavoured values (`'x'::type`) are rewritten
 * as MySQL literals. Foreign keys are read from the planning database so child rows reference generated parents.
 * Involved tables: the tables whose names appear in either statement, and the tables of the views they name.
 *
 * Comparison (../verify/compare.ts): rows as multisets of the values as MariaDB prints them (FLOAT/DOUBLE rounded,
 * DECIMAL trailing zeros dropped), in ORDER BY order when the original has a top-level ORDER BY.
 * The verdict is "not-refuted" or "refuted" - never "proven": a generated database can only show a difference.
 */
import { ErrorCode, type Verification } from '@sqltune/contracts';
import type mysql from 'mysql2/promise';
import { reduceServerText } from '../server-text.ts';
import { topLevelOrderBy, trimStatement } from '../sql-text.ts';
import type { VerifyOptions } from '../types.ts';
import {
  type Outcome as ComparedOutcome,
  DataSetComparison,
  NULL_MARK,
  normalizeDecimal,
  normalizeFloat,
} from '../verify/compare.ts';
import { dataSetPlan, dataSetRng, type FillTarget, fillTables, involvedTables } from '../verify/data-sets.ts';
import {
  createRng,
  dataSetProfiles,
  type GeneratedRows,
  type GenTable,
  type GenType,
  parentsFirst,
} from '../verify/generate.ts';
import { candidateFails, invalidOriginal, notComparable, notRefuted, notRun, refutedOn } from '../verify/verdict.ts';
import { appErrorFromMysql, cleanMessage, isConnectionError, isServerError } from './errors.ts';
import { quoteIdent, quoteString } from './sql-text.ts';

/** Marks generated values so they can be taken back out of generate.ts's `value::type` text. */
const TYPE_MARK = '__sqltune_type__';
/** MariaDB: "Query execution was interrupted (max_statement_time exceeded)". */
const ER_STATEMENT_TIMEOUT = 1969;

export interface VerifyDatabases {
  /** The planning database (foreign keys are read here). */
  database: string;
  /** The verification copy the data goes into. */
  verifyDatabase: string;
}

interface ColumnRow {
  t: string;
  name: string;
  dataType: string;
  columnType: string;
  charMax: number | null;
  precision: number | null;
  scale: number | null;
  nullable: string;
  extra: string;
}

function enumLabels(columnType: string): string[] {
  const m = /^(?:enum|set)\((.*)\)$/is.exec(columnType.trim());
  if (!m) return [];
  const out: string[] = [];
  const re = /'((?:[^']|'')*)'/g;
  for (let r = re.exec(m[1]); r; r = re.exec(m[1])) out.push(r[1].replace(/''/g, "'"));
  return out;
}

/** information_schema column -> the generator's type. */
export function genTypeOfMysql(
  c: Pick<ColumnRow, 'dataType' | 'columnType' | 'charMax' | 'precision' | 'scale'>,
): GenType {
  const t = c.dataType.toLowerCase();
  const base = { sqlType: TYPE_MARK };
  switch (t) {
    case 'tinyint':
      return /^tinyint\(1\)/i.test(c.columnType) ? { ...base, kind: 'bool' } : { ...base, kind: 'int', intBits: 16 };
    case 'smallint':
    case 'year':
      return { ...base, kind: 'int', intBits: 16 };
    case 'mediumint':
    case 'int':
    case 'integer':
      return { ...base, kind: 'int', intBits: 32 };
    case 'bigint':
      return { ...base, kind: 'int', intBits: 64 };
    case 'bit':
      return (c.precision ?? 1) === 1 ? { ...base, kind: 'bool' } : { ...base, kind: 'int', intBits: 16 };
    case 'decimal':
    case 'numeric':
      return { ...base, kind: 'numeric', precision: c.precision ?? 10, scale: c.scale ?? 0 };
    case 'float':
    case 'double':
    case 'real':
      return { ...base, kind: 'float' };
    case 'date':
      return { ...base, kind: 'date' };
    case 'datetime':
    case 'timestamp':
      return { ...base, kind: 'timestamp' };
    case 'time':
      return { ...base, kind: 'time' };
    case 'enum':
    case 'set':
      return { ...base, kind: 'enum', enumLabels: enumLabels(c.columnType) };
    case 'json':
      return { ...base, kind: 'json' };
    case 'uuid':
      return { ...base, kind: 'uuid' };
    case 'inet4':
    case 'inet6':
      return { ...base, kind: 'inet' };
    case 'char':
    case 'varchar':
    case 'tinytext':
    case 'text':
    case 'mediumtext':
    case 'longtext':
    case 'binary':
    case 'varbinary':
    case 'tinyblob':
    case 'blob':
    case 'mediumblob':
    case 'longblob': {
      const type: GenType = { ...base, kind: 'text' };
      if (c.charMax !== null && c.charMax > 0 && c.charMax < 100_000) type.maxLength = c.charMax;
      return type;
    }
    default:
      return { ...base, kind: 'other' };
  }
}

/** One generated value (generate.ts's PostgreSQL text with a cast) as a MySQL literal. */
export function mysqlValue(cell: string): string {
  const suffix = `::${TYPE_MARK}`;
  const v = cell.endsWith(suffix) ? cell.slice(0, -suffix.length) : cell;
  if (v === 'NULL') return 'NULL';
  if (v === 'true') return 'TRUE';
  if (v === 'false') return 'FALSE';
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2) return quoteString(v.slice(1, -1).replace(/''/g, "'"));
  if (/^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v)) return v;
  return quoteString(v);
}

function insertSql(generated: GeneratedRows, rows: string[][] = generated.rows): string {
  const target = quoteIdent(generated.table.name);
  const list = generated.columns.map((c) => quoteIdent(c.name)).join(', ');
  return `INSERT IGNORE INTO ${target} (${list}) VALUES\n${rows.map((r) => `(${r.map(mysqlValue).join(', ')})`).join(',\n')}`;
}

async function readTables(
  conn: mysql.Connection,
  dbs: VerifyDatabases,
): Promise<{ tables: GenTable[]; views: Array<{ name: string; definition: string }> }> {
  const [tableRows] = await conn.query<mysql.RowDataPacket[]>(
    "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
    [dbs.verifyDatabase],
  );
  const [columnRows] = await conn.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS name, DATA_TYPE AS dataType, COLUMN_TYPE AS columnType,
            CHARACTER_MAXIMUM_LENGTH AS charMax, NUMERIC_PRECISION AS \`precision\`, NUMERIC_SCALE AS scale,
            IS_NULLABLE AS nullable, EXTRA AS extra
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    [dbs.verifyDatabase],
  );
  const [indexRows] = await conn.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_NAME AS t, INDEX_NAME AS i, COLUMN_NAME AS c FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = ? AND NON_UNIQUE = 0 AND COLUMN_NAME IS NOT NULL ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [dbs.verifyDatabase],
  );
  const [fkRows] = await conn.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_NAME AS t, CONSTRAINT_NAME AS k, COLUMN_NAME AS c, REFERENCED_TABLE_NAME AS rt, REFERENCED_COLUMN_NAME AS rc
       FROM information_schema.KEY_COLUMN_USAGE
      WHERE TABLE_SCHEMA = ? AND REFERENCED_TABLE_NAME IS NOT NULL AND REFERENCED_TABLE_SCHEMA = TABLE_SCHEMA
      ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`,
    [dbs.database],
  );
  const tables: GenTable[] = tableRows.map((r, k) => ({
    oid: k + 1,
    schema: dbs.verifyDatabase,
    name: String(r.name),
    columns: [],
    uniqueKeys: [],
    foreignKeys: [],
  }));
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const r of columnRows as unknown as ColumnRow[]) {
    const table = byName.get(String(r.t));
    if (!table) continue;
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    table.columns.push({
      name: String(r.name),
      type: genTypeOfMysql({
        dataType: String(r.dataType),
        columnType: String(r.columnType),
        charMax: num(r.charMax),
        precision: num(r.precision),
        scale: num(r.scale),
      }),
      notNull: r.nullable !== 'YES',
      generated: /GENERATED/i.test(String(r.extra ?? '')),
      identityAlways: false,
    });
  }
  const uniques = new Map<string, string[]>();
  for (const r of indexRows) {
    const key = `${r.t}\u0001${r.i}`;
    uniques.set(key, [...(uniques.get(key) ?? []), String(r.c)]);
  }
  for (const [key, columns] of uniques) byName.get(key.split('\u0001')[0])?.uniqueKeys.push(columns);
  const fks = new Map<string, { table: string; columns: string[]; refTable: string; refColumns: string[] }>();
  for (const r of fkRows) {
    const key = `${r.t}\u0001${r.k}`;
    const fk = fks.get(key) ?? { table: String(r.t), columns: [], refTable: String(r.rt), refColumns: [] };
    fk.columns.push(String(r.c));
    fk.refColumns.push(String(r.rc));
    fks.set(key, fk);
  }
  for (const fk of fks.values()) {
    const table = byName.get(fk.table);
    const parent = byName.get(fk.refTable);
    if (table && parent)
      table.foreignKeys.push({ columns: fk.columns, refTableOid: parent.oid, refColumns: fk.refColumns });
  }
  const [viewRows] = await conn.query<mysql.RowDataPacket[]>(
    'SELECT TABLE_NAME AS name, VIEW_DEFINITION AS definition FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ?',
    [dbs.verifyDatabase],
  );
  return { tables, views: viewRows.map((r) => ({ name: String(r.name), definition: String(r.definition) })) };
}

/** A failed statement also says whether it ran out of time. */
type Outcome = Extract<ComparedOutcome, { ok: true }> | { ok: false; error: string; timeout: boolean };

const FLOAT_TYPES = new Set(['FLOAT', 'DOUBLE']);
const DECIMAL_TYPES = new Set(['NEWDECIMAL', 'DECIMAL']);

interface TypeCastField {
  type: string;
  characterSet?: number;
  string(): string | null;
  buffer(): Buffer | null;
}

/** Every value as normalized text (NULL as a mark), so results compare as strings. */
function typeCast(field: TypeCastField): string {
  if (field.characterSet === 63 && /BLOB|STRING|VAR_STRING|GEOMETRY/.test(field.type)) {
    const b = field.buffer();
    return b === null ? NULL_MARK : `0x${b.toString('hex')}`;
  }
  const text = field.string();
  if (text === null) return NULL_MARK;
  if (FLOAT_TYPES.has(field.type)) return normalizeFloat(text);
  if (DECIMAL_TYPES.has(field.type)) return normalizeDecimal(text);
  return text;
}

/**
 * Runs one statement; a server error is kept without the sandbox's database names and reduced to what `known`
 * holds (server-text.ts).
 */
async function runStatement(conn: mysql.Connection, sql: string, known: string[], hide: string[]): Promise<Outcome> {
  try {
    const [rows, fields] = await conn.query<mysql.RowDataPacket[][]>({
      sql,
      rowsAsArray: true,
      typeCast: typeCast as unknown as mysql.QueryOptions['typeCast'],
      timeout: 30_000,
    });
    const list = Array.isArray(rows) ? (rows as unknown as string[][]) : [];
    return { ok: true, rows: list, names: (fields ?? []).map((f) => f.name) };
  } catch (error) {
    if (!isServerError(error) || isConnectionError(error)) throw error;
    const message = reduceServerText(cleanMessage(error.sqlMessage ?? error.message, hide), known, error.errno);
    return { ok: false, error: message, timeout: error.errno === ER_STATEMENT_TIMEOUT };
  }
}

/**
 * Runs the differential check on the session's connection (the caller serializes work on it). The connection's
 * default database is switched to the verification copy and back.
 */
export async function verifyOnMariaDb(
  conn: mysql.Connection,
  dbs: VerifyDatabases,
  originalSql: string,
  candidateSql: string,
  options: VerifyOptions,
): Promise<Verification> {
  const original = trimStatement(originalSql, 'mysql');
  const candidate = trimStatement(candidateSql, 'mysql');
  const rejected = notComparable(original, candidate, 'mysql');
  if (rejected) return rejected;
  const { databases, rowsPerTable, seed, literals } = dataSetPlan(options, [original, candidate], 'mysql');
  const comparison = new DataSetComparison(topLevelOrderBy(original, 'mysql'), topLevelOrderBy(candidate, 'mysql'));
  const hide = [dbs.database, dbs.verifyDatabase];

  await conn.query(`USE ${quoteIdent(dbs.verifyDatabase)}`);
  try {
    // Both must at least plan; a broken original is the user's error, a broken candidate is refuted.
    for (const [label, sql] of [
      ['original', original],
      ['candidate', candidate],
    ] as const) {
      try {
        await conn.query(`EXPLAIN ${sql}`);
      } catch (error) {
        if (!isServerError(error) || isConnectionError(error)) throw error;
        if (label === 'original') {
          const { place, prefix } = invalidOriginal(original, 'mysql');
          throw appErrorFromMysql(ErrorCode.CONTENT_INVALID, error, { ...place, hideNames: hide }, prefix);
        }
        return candidateFails(
          cleanMessage(error.sqlMessage ?? error.message, hide),
          [original, candidate],
          error.errno,
        );
      }
    }

    const { tables, views } = await readTables(conn, dbs);
    const involved = parentsFirst(involvedTables([original, candidate], tables, views, 'mysql'));
    const target: FillTarget = {
      parentRows: async (parent, columns) => {
        const [rows] = await conn.query<mysql.RowDataPacket[][]>({
          sql: `SELECT ${columns.map((c) => `CAST(${quoteIdent(c)} AS CHAR)`).join(', ')} FROM ${quoteIdent(parent.name)}`,
          rowsAsArray: true,
        });
        return rows as unknown as unknown[][];
      },
      insert: (generated) => insertGenerated(conn, generated),
    };
    for (const profile of dataSetProfiles(databases, involved, rowsPerTable, createRng(seed))) {
      await conn.query('START TRANSACTION');
      let a: Outcome;
      let b: Outcome;
      let sizes: string[];
      try {
        sizes = await fillTables(involved, profile, dataSetRng(seed, profile), literals, target);
        a = await runStatement(conn, original, [original, candidate], hide);
        b = await runStatement(conn, candidate, [original, candidate], hide);
      } finally {
        await conn.query('ROLLBACK');
      }
      if ((!a.ok && a.timeout) || (!b.ok && b.timeout)) {
        const { completed } = comparison;
        return notRun(
          completed,
          `Verification stopped after ${completed} databases: a statement ran longer than the time limit.`,
          `验证在 ${completed} 个数据库后中止：语句执行超时。`,
        );
      }
      const difference = comparison.add(a, b);
      if (difference) {
        const cleaned = { en: cleanMessage(difference.en, hide), zh: cleanMessage(difference.zh, hide) };
        return refutedOn(profile, databases, comparison, sizes, seed, cleaned);
      }
    }
    return notRefuted(comparison, seed, { countRowsReturned: false });
  } finally {
    await conn.query(`USE ${quoteIdent(dbs.database)}`).catch(() => undefined);
  }
}

/** Inserts the rows at once; what even INSERT IGNORE refuses (e.g. a value that is no geometry) row by row. */
async function insertGenerated(conn: mysql.Connection, generated: GeneratedRows): Promise<number> {
  try {
    const [r] = await conn.query<mysql.ResultSetHeader>(insertSql(generated));
    return r.affectedRows;
  } catch (error) {
    if (!isServerError(error) || isConnectionError(error)) throw error;
  }
  let count = 0;
  for (const row of generated.rows) {
    try {
      const [r] = await conn.query<mysql.ResultSetHeader>(insertSql(generated, [row]));
      count += r.affectedRows;
    } catch (rowError) {
      if (!isServerError(rowError) || isConnectionError(rowError)) throw rowError;
    }
  }
  return count;
}
