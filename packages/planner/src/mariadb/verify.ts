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
 * Comparison: rows as multisets (column names ignored; values as MariaDB prints them, FLOAT/DOUBLE rounded to 12
 * significant digits, DECIMAL trailing zeros dropped). With a top-level ORDER BY in the original the order counts:
 * rows must come in the same order of the ORDER BY keys (rows tied on the keys may come in any order; keys that are
 * expressions are not checked, and the detail says so; with LIMIT, rows tied at the cut may differ).
 * Both statements failing alike on a database counts as agreement; only one failing is a refutation.
 * The verdict is "not-refuted" or "refuted" - never "proven": a generated database can only show a difference.
 */
import { AppError, ErrorCode, type Localized, type Verification } from '@sqltune/contracts';
import type mysql from 'mysql2/promise';
import type { VerifyOptions } from '../types.ts';
import {
  createRng,
  dataSetProfiles,
  type GeneratedRows,
  type GenTable,
  type GenType,
  generateRows,
  literalSet,
  parentsFirst,
} from '../verify/generate.ts';
import { appErrorFromMysql, cleanMessage, isConnectionError, isServerError } from './errors.ts';
import {
  extractLiterals,
  hasParameters,
  isQuery,
  type OrderByInfo,
  quoteIdent,
  quoteString,
  splitStatements,
  tokenize,
  topLevelOrderBy,
  trimStatement,
} from './sql-text.ts';

export const DEFAULT_DATABASES = 5;
export const DEFAULT_ROWS_PER_TABLE = 40;
export const DEFAULT_SEED = 20250101;

/** Marks generated values so they can be taken back out of generate.ts's `value::type` text. */
const TYPE_MARK = '__sqltune_type__';
const NULL_MARK = '\u0000NULL';
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

function namesIn(sql: string): Set<string> {
  const names = new Set<string>();
  for (const t of tokenize(sql)) {
    if (t.kind === 'qident') names.add(t.value.toLowerCase());
    else if (t.kind === 'word') names.add(t.text.toLowerCase());
  }
  return names;
}

/** Tables named by the statements, directly or through views. */
function involvedTables(
  statements: string[],
  tables: GenTable[],
  views: Array<{ name: string; definition: string }>,
): GenTable[] {
  const names = new Set<string>();
  for (const s of statements) for (const n of namesIn(s)) names.add(n);
  const seen = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const v of views) {
      const key = v.name.toLowerCase();
      if (names.has(key) && !seen.has(key)) {
        seen.add(key);
        for (const n of namesIn(v.definition)) names.add(n);
        changed = true;
      }
    }
  }
  return tables.filter((t) => names.has(t.name.toLowerCase()));
}

type Outcome = { ok: true; rows: string[][]; names: string[] } | { ok: false; error: string; timeout: boolean };

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
  if (FLOAT_TYPES.has(field.type)) {
    const n = Number(text);
    return Number.isFinite(n) ? String(Number.parseFloat(n.toPrecision(12))) : text;
  }
  if (DECIMAL_TYPES.has(field.type) && /^-?\d*\.\d+$/.test(text)) {
    const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
    return trimmed === '-0' || trimmed === '' ? '0' : trimmed;
  }
  return text;
}

async function runStatement(conn: mysql.Connection, sql: string): Promise<Outcome> {
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
    return { ok: false, error: error.sqlMessage ?? error.message, timeout: error.errno === ER_STATEMENT_TIMEOUT };
  }
}

function showRow(row: string[]): string {
  return `(${row.map((v) => (v === NULL_MARK ? 'NULL' : v.length > 40 ? `${v.slice(0, 37)}...` : v)).join(', ')})`;
}

function counts(rows: string[][]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) {
    const k = JSON.stringify(r);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

type Difference = Localized;

function multisetDifference(a: string[][], b: string[][]): Difference | null {
  const ca = counts(a);
  const cb = counts(b);
  for (const key of new Set([...ca.keys(), ...cb.keys()])) {
    const x = ca.get(key) ?? 0;
    const y = cb.get(key) ?? 0;
    if (x !== y) {
      const row = showRow(JSON.parse(key) as string[]);
      return {
        en: `the original returned ${a.length} rows and the candidate ${b.length}; row ${row} appears ${x} time(s) in the original and ${y} time(s) in the candidate`,
        zh: `原语句返回 ${a.length} 行，候选语句返回 ${b.length} 行；行 ${row} 在原语句结果中出现 ${x} 次，在候选语句结果中出现 ${y} 次`,
      };
    }
  }
  return null;
}

/** Output column indexes of the ORDER BY keys, or null when a key is an expression or does not resolve. */
function keyColumns(order: OrderByInfo, names: string[]): number[] | null {
  if (!order.ordered || order.keys.length === 0) return null;
  const out: number[] = [];
  for (const key of order.keys) {
    if (key.kind === 'position') {
      if (key.position < 1 || key.position > names.length) return null;
      out.push(key.position - 1);
    } else if (key.kind === 'name') {
      const exact = names.filter((n) => n === key.name);
      const folded = exact.length > 0 ? exact : names.filter((n) => n.toLowerCase() === key.name.toLowerCase());
      if (folded.length !== 1) return null;
      out.push(names.indexOf(folded[0]));
    } else return null;
  }
  return out;
}

function runs(rows: string[][], keys: number[]): Array<{ key: string; rows: string[][] }> {
  const out: Array<{ key: string; rows: string[][] }> = [];
  for (const row of rows) {
    const key = JSON.stringify(keys.map((k) => row[k]));
    const last = out[out.length - 1];
    if (last && last.key === key) last.rows.push(row);
    else out.push({ key, rows: [row] });
  }
  return out;
}

function orderedDifference(
  a: string[][],
  b: string[][],
  keysA: number[],
  keysB: number[],
  limited: boolean,
): Difference | null {
  if (a.length !== b.length)
    return (
      multisetDifference(a, b) ?? {
        en: `row counts differ (${a.length} vs ${b.length})`,
        zh: `行数不同（${a.length} 与 ${b.length}）`,
      }
    );
  const ra = runs(a, keysA);
  const rb = runs(b, keysB);
  const n = Math.max(ra.length, rb.length);
  for (let i = 0; i < n; i++) {
    const x = ra[i];
    const y = rb[i];
    const lastRun = i === n - 1;
    if (!x || !y || x.key !== y.key || x.rows.length !== y.rows.length) {
      const at = ra.slice(0, i).reduce((s, r) => s + r.rows.length, 0) + 1;
      return {
        en: `the rows come in a different order of the ORDER BY keys from row ${at} on: the original has ${x ? showRow(x.rows[0]) : 'no row'}, the candidate ${y ? showRow(y.rows[0]) : 'no row'}`,
        zh: `从第 ${at} 行起按 ORDER BY 键的顺序不同：原语句为 ${x ? showRow(x.rows[0]) : '无'}，候选语句为 ${y ? showRow(y.rows[0]) : '无'}`,
      };
    }
    if (limited && lastRun) continue;
    const d = multisetDifference(x.rows, y.rows);
    if (d) return d;
  }
  return null;
}

function compare(
  original: Outcome,
  candidate: Outcome,
  orderOriginal: OrderByInfo,
  orderCandidate: OrderByInfo,
): { difference: Difference | null; orderUnchecked: boolean } {
  if (!original.ok || !candidate.ok) {
    if (!original.ok && !candidate.ok) return { difference: null, orderUnchecked: false };
    const failed = original.ok ? 'candidate' : 'original';
    const failedZh = original.ok ? '候选语句' : '原语句';
    const error = original.ok ? (candidate as { error: string }).error : original.error;
    return {
      difference: {
        en: `the ${failed} failed (${error}) while the other returned rows`,
        zh: `${failedZh}执行失败（${error}），另一条语句正常返回`,
      },
      orderUnchecked: false,
    };
  }
  if (original.names.length !== candidate.names.length) {
    return {
      difference: {
        en: `the original returns ${original.names.length} columns and the candidate ${candidate.names.length}`,
        zh: `原语句返回 ${original.names.length} 列，候选语句返回 ${candidate.names.length} 列`,
      },
      orderUnchecked: false,
    };
  }
  if (!orderOriginal.ordered)
    return { difference: multisetDifference(original.rows, candidate.rows), orderUnchecked: false };
  const keysA = keyColumns(orderOriginal, original.names);
  const keysB = orderCandidate.ordered ? keyColumns(orderCandidate, candidate.names) : keysA;
  const limited = orderOriginal.limited || orderCandidate.limited;
  if (keysA && keysB)
    return {
      difference: orderedDifference(original.rows, candidate.rows, keysA, keysB, limited),
      orderUnchecked: false,
    };
  if (JSON.stringify(original.rows) === JSON.stringify(candidate.rows))
    return { difference: null, orderUnchecked: false };
  return { difference: multisetDifference(original.rows, candidate.rows), orderUnchecked: true };
}

function notRun(databases: number, en: string, zh: string): Verification {
  return { method: 'differential', databases, verdict: 'not-run', detail: { en, zh } };
}

function profileZh(label: string): string {
  switch (label) {
    case 'normal':
      return '常规数据';
    case 'some tables empty':
      return '部分表为空';
    case 'tiny, many duplicates':
      return '极少行、大量重复值';
    case 'many NULLs':
      return '大量 NULL';
    case 'all tables empty':
      return '所有表为空';
    default:
      return label;
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
  const original = trimStatement(originalSql);
  const candidate = trimStatement(candidateSql);
  if (!original)
    throw new AppError(ErrorCode.CONTENT_INVALID, {
      message: { zh: '原语句为空', en: 'the original statement is empty' },
    });
  if (!candidate)
    return {
      method: 'differential',
      databases: 0,
      verdict: 'refuted',
      detail: { en: 'the candidate statement is empty', zh: '候选语句为空' },
    };
  for (const [label, sql] of [
    ['original', original],
    ['candidate', candidate],
  ] as const) {
    const statements = splitStatements(sql);
    if (statements.length > 1) {
      return notRun(
        0,
        `the ${label} holds ${statements.length} statements; only one statement is compared`,
        `${label === 'original' ? '原语句' : '候选语句'}包含多条语句，只能比较单条语句`,
      );
    }
    const tokens = tokenize(sql);
    if (
      !isQuery(tokens) ||
      tokens.some((t) => t.kind === 'word' && t.depth === 0 && (t.value === 'INTO' || t.value === 'OUTFILE'))
    ) {
      return notRun(
        0,
        'only queries (SELECT / WITH / VALUES / TABLE, without INTO) are compared on generated data',
        '只对查询语句（SELECT / WITH / VALUES / TABLE，且不含 INTO）做差分验证',
      );
    }
    if (hasParameters(tokens))
      return notRun(
        0,
        'the statements have parameters (?); substitute values to compare them',
        '语句中含有参数（?），请替换为具体值后再验证',
      );
  }
  const databases = Math.max(1, Math.min(50, Math.round(options.databases ?? DEFAULT_DATABASES)));
  const rowsPerTable = Math.max(1, Math.min(1000, Math.round(options.rowsPerTable ?? DEFAULT_ROWS_PER_TABLE)));
  const seed = Math.round(options.seed ?? DEFAULT_SEED);
  const literals = literalSet([
    ...options.literals,
    ...[...extractLiterals(original), ...extractLiterals(candidate)].map((l) =>
      l.kind === 'number' ? Number(l.value) : l.value,
    ),
  ]);
  const orderOriginal = topLevelOrderBy(original);
  const orderCandidate = topLevelOrderBy(candidate);
  const hide = [dbs.database, dbs.verifyDatabase];

  let completed = 0;
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
          throw appErrorFromMysql(
            ErrorCode.CONTENT_INVALID,
            error,
            {
              source: original,
              sourceOffset: 0,
              sent: `EXPLAIN ${original}`,
              prefixLength: 8,
              fallbackOffset: tokenize(original)[0]?.start ?? 0,
              hideNames: hide,
            },
            { zh: '语句校验失败，', en: 'The statement is not valid' },
          );
        }
        const message = cleanMessage(error.sqlMessage ?? error.message, hide);
        return {
          method: 'differential',
          databases: 0,
          verdict: 'refuted',
          detail: { en: `The candidate statement fails: ${message}`, zh: `候选语句无法执行：${message}` },
        };
      }
    }

    const { tables, views } = await readTables(conn, dbs);
    const involved = parentsFirst(involvedTables([original, candidate], tables, views));
    const profiles = dataSetProfiles(databases, involved, rowsPerTable, createRng(seed));
    let bothFailed = 0;
    let orderUnchecked = 0;
    for (const profile of profiles) {
      const rng = createRng((seed ^ Math.imul(profile.index + 1, 0x9e3779b1)) >>> 0);
      await conn.query('START TRANSACTION');
      let a: Outcome;
      let b: Outcome;
      const sizes: string[] = [];
      try {
        const inserted = new Map<number, number>();
        for (const table of involved) {
          const parentRows: Array<Array<Array<string | null>>> = [];
          for (const fk of table.foreignKeys) {
            const parent = involved.find((t) => t.oid === fk.refTableOid);
            if (!parent || (inserted.get(parent.oid) ?? 0) === 0) {
              parentRows.push([]);
              continue;
            }
            const [rows] = await conn.query<mysql.RowDataPacket[][]>({
              sql: `SELECT ${fk.refColumns.map((c) => `CAST(${quoteIdent(c)} AS CHAR)`).join(', ')} FROM ${quoteIdent(parent.name)}`,
              rowsAsArray: true,
            });
            parentRows.push(
              (rows as unknown as unknown[][]).map((row) => row.map((v) => (v === null ? null : String(v)))),
            );
          }
          const generated = generateRows(table, profile, rng, literals, parentRows);
          let count = 0;
          if (generated.rows.length > 0 && generated.columns.length > 0) {
            try {
              const [r] = await conn.query<mysql.ResultSetHeader>(insertSql(generated));
              count = r.affectedRows;
            } catch (error) {
              if (!isServerError(error) || isConnectionError(error)) throw error;
              // Something even INSERT IGNORE refuses (e.g. a value that is no geometry): row by row, keep what fits.
              for (const row of generated.rows) {
                try {
                  const [r] = await conn.query<mysql.ResultSetHeader>(insertSql(generated, [row]));
                  count += r.affectedRows;
                } catch (rowError) {
                  if (!isServerError(rowError) || isConnectionError(rowError)) throw rowError;
                }
              }
            }
          }
          inserted.set(table.oid, count);
          sizes.push(`${table.name} ${count}`);
        }
        a = await runStatement(conn, original);
        b = await runStatement(conn, candidate);
      } finally {
        await conn.query('ROLLBACK');
      }
      completed++;
      if ((!a.ok && a.timeout) || (!b.ok && b.timeout)) {
        return notRun(
          completed - 1,
          `Verification stopped after ${completed - 1} databases: a statement ran longer than the time limit.`,
          `验证在 ${completed - 1} 个数据库后中止：语句执行超时。`,
        );
      }
      if (!a.ok && !b.ok) bothFailed++;
      const result = compare(a, b, orderOriginal, orderCandidate);
      if (result.orderUnchecked) orderUnchecked++;
      if (result.difference) {
        const where = sizes.length > 0 ? sizes.join(', ') : 'no tables';
        return {
          method: 'differential',
          databases: completed,
          verdict: 'refuted',
          detail: {
            en: `Refuted on generated database ${profile.index + 1} of ${databases} (${profile.label}; rows: ${where}; seed ${seed}): ${cleanMessage(result.difference.en, hide)}.`,
            zh: `在第 ${profile.index + 1}/${databases} 个生成的数据库上被推翻（${profileZh(profile.label)}；行数：${where}；种子 ${seed}）：${cleanMessage(result.difference.zh, hide)}。`,
          },
        };
      }
    }
    const notes: Localized[] = [];
    if (bothFailed > 0)
      notes.push({
        en: ` Both statements failed alike on ${bothFailed} of them.`,
        zh: `其中 ${bothFailed} 个数据库上两条语句都执行失败（视为一致）。`,
      });
    if (orderUnchecked > 0)
      notes.push({
        en: ` The ORDER BY keys are expressions, so the row order was not compared on ${orderUnchecked} of them.`,
        zh: `ORDER BY 键为表达式，其中 ${orderUnchecked} 个数据库上未比较行的顺序。`,
      });
    const ordered = orderOriginal.ordered ? ', in ORDER BY order' : '';
    const orderedZh = orderOriginal.ordered ? '（并按 ORDER BY 顺序）' : '';
    return {
      method: 'differential',
      databases: completed,
      verdict: 'not-refuted',
      detail: {
        en: `Not refuted: both statements returned the same rows${ordered} on ${completed} generated databases (seed ${seed}). This is evidence, not a proof.${notes.map((n) => n.en).join('')}`,
        zh: `未被推翻：两条语句在 ${completed} 个生成的数据库上返回相同的行${orderedZh}（种子 ${seed}）。这只是证据，并非证明。${notes.map((n) => n.zh).join('')}`,
      },
    };
  } finally {
    await conn.query(`USE ${quoteIdent(dbs.database)}`).catch(() => undefined);
  }
}
