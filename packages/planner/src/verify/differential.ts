/**
 * Differential verification: run the original and the candidate statement on generated databases and compare.
 *
 * Everything happens in one transaction on the session's instance that is rolled back at the end, so the
 * session's schema and injected statistics are untouched:
 *   BEGIN; TRUNCATE the involved tables (new empty files; the stats-sized ones come back on rollback);
 *   drop their foreign keys (data only follows them loosely); then per database:
 *   SAVEPOINT; INSERT generated rows; run each statement read-only in its own savepoint; compare;
 *   ROLLBACK TO SAVEPOINT.   ...   ROLLBACK.
 * Involved tables: the tables whose names appear in either statement, and the tables of the views they name.
 *
 * Comparison: rows are compared as multisets (column names are ignored, values compared as PostgreSQL prints
 * them; float results are rounded to 12 significant digits and numeric trailing zeros dropped, so a different
 * summation order is not a difference). When the original has a top-level ORDER BY (an ORDER BY outside every
 * parenthesis, found by the lexer; this is the "simple check" of the design) the order counts too: rows must
 * come in the same order of their ORDER BY keys, while rows tied on the keys may come in any order. Keys are
 * resolved to output columns when they are positions or output names; when they are expressions, only the
 * multiset is compared and the detail says the order was not checked. With LIMIT/OFFSET, rows tied at the cut
 * may differ. A candidate that drops the original's ORDER BY is compared in the original's order.
 * Both statements failing on a database counts as agreement; only one failing is a refutation.
 *
 * The verdict is "not-refuted" or "refuted" - never "proven": a generated database can only show a difference.
 */
import { AppError, ErrorCode, type Localized, type Verification } from '@sqltune/contracts';
import { appErrorFromPg } from '../pglite/pg-errors.ts';
import { PgError, type PgField, PgliteDeadError, type PgliteInstance, PgliteTimeoutError } from '../pglite/pool.ts';
import {
  columnLiterals,
  extractLiterals,
  hasParameters,
  leadingWords,
  type OrderByInfo,
  splitStatements,
  tokenize,
  topLevelOrderBy,
  trimStatement,
} from '../pglite/sql-text.ts';
import type { VerifyOptions } from '../types.ts';
import {
  createRng,
  dataSetProfiles,
  type GenColumn,
  type GenTable,
  type GenType,
  generateRows,
  insertSql,
  literalSet,
  parentsFirst,
  type ValueKind,
} from './generate.ts';

export const DEFAULT_DATABASES = 5;
export const DEFAULT_ROWS_PER_TABLE = 40;
export const DEFAULT_SEED = 20250101;
/** A statement on a generated database longer than this stops verification (the instance is replaced). */
export const STATEMENT_TIMEOUT_MS = 10_000;

interface CatalogType {
  typname: string;
  typtype: string;
  typcategory: string;
  typmod: number;
  labels: string[] | null;
  elem: { typname: string; typtype: string; sqlType: string; labels: string[] | null } | null;
}

interface CatalogRow {
  oid: number;
  schema: string;
  name: string;
  columns: Array<{
    name: string;
    notNull: boolean;
    generated: boolean;
    identityAlways: boolean;
    sqlType: string;
    base: CatalogType;
  }>;
  uniqueKeys: string[][] | null;
  foreignKeys: Array<{ name: string; columns: string[]; refTableOid: number; refColumns: string[] }> | null;
}

const KINDS: Record<string, ValueKind> = {
  int2: 'int',
  int4: 'int',
  int8: 'int',
  oid: 'int',
  numeric: 'numeric',
  money: 'numeric',
  float4: 'float',
  float8: 'float',
  bool: 'bool',
  text: 'text',
  varchar: 'text',
  bpchar: 'text',
  name: 'text',
  citext: 'text',
  char: 'text',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamp',
  time: 'time',
  timetz: 'time',
  interval: 'interval',
  uuid: 'uuid',
  json: 'json',
  jsonb: 'json',
  bytea: 'bytea',
  inet: 'inet',
  cidr: 'inet',
};

function genTypeOf(sqlType: string, base: Omit<CatalogType, 'elem'> & { elem?: CatalogType['elem'] }): GenType {
  if (base.typtype === 'e') return { kind: 'enum', sqlType, enumLabels: base.labels ?? [] };
  if (base.typcategory === 'A' && base.elem) {
    return {
      kind: 'array',
      sqlType,
      element: genTypeOf(base.elem.sqlType, { ...base.elem, typcategory: '', typmod: -1, elem: null }),
    };
  }
  const kind = KINDS[base.typname] ?? 'other';
  const type: GenType = { kind, sqlType };
  if (base.typname === 'int2') type.intBits = 16;
  else if (base.typname === 'int8') type.intBits = 64;
  else if (kind === 'int') type.intBits = 32;
  if ((base.typname === 'varchar' || base.typname === 'bpchar') && base.typmod > 4) type.maxLength = base.typmod - 4;
  if (base.typname === 'numeric' && base.typmod > 4) {
    type.precision = ((base.typmod - 4) >> 16) & 0xffff;
    const scale = (base.typmod - 4) & 0xffff;
    type.scale = scale > 1000 ? 0 : scale;
  }
  return type;
}

async function readTables(
  db: PgliteInstance,
): Promise<{ tables: GenTable[]; fkNames: Map<number, string[]>; views: Array<{ name: string; definition: string }> }> {
  const typeJson = (expr: string) => `json_build_object('typname', bt.typname, 'typtype', bt.typtype,
        'typcategory', bt.typcategory, 'typmod', ${expr},
        'labels', (SELECT json_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = bt.oid),
        'elem', (SELECT json_build_object('typname', et.typname, 'typtype', et.typtype, 'sqlType', format_type(et.oid, NULL),
                   'labels', (SELECT json_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = et.oid))
                 FROM pg_type et WHERE et.oid = bt.typelem AND bt.typcategory = 'A'))`;
  const result = await db.query<{ info: string }>(
    `SELECT json_build_object(
       'oid', c.oid::int, 'schema', n.nspname, 'name', c.relname,
       'columns', (SELECT json_agg(json_build_object('name', a.attname, 'notNull', a.attnotnull,
              'generated', a.attgenerated <> '', 'identityAlways', a.attidentity = 'a',
              'sqlType', format_type(a.atttypid, a.atttypmod),
              'base', (SELECT ${typeJson("CASE WHEN t.typtype = 'd' THEN t.typtypmod ELSE a.atttypmod END")}
                         FROM pg_type bt WHERE bt.oid = CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END))
            ORDER BY a.attnum)
           FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
          WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped),
       'uniqueKeys', (SELECT json_agg((SELECT json_agg(a.attname ORDER BY k.ord)
              FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
             WHERE k.ord <= i.indnkeyatts))
           FROM pg_index i WHERE i.indrelid = c.oid AND i.indisunique AND i.indpred IS NULL
            AND NOT (0 = ANY (i.indkey::int2[]))),
       'foreignKeys', (SELECT json_agg(json_build_object('name', con.conname,
              'columns', (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum),
              'refTableOid', con.confrelid::int,
              'refColumns', (SELECT json_agg(a.attname ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                           JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum)))
           FROM pg_constraint con WHERE con.conrelid = c.oid AND con.contype = 'f')
     )::text AS info
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY c.oid`,
  );
  const fkNames = new Map<number, string[]>();
  const tables = result.rows.map((r) => {
    const row = JSON.parse(r.info) as CatalogRow;
    fkNames.set(
      row.oid,
      (row.foreignKeys ?? []).map((fk) => fk.name),
    );
    const columns: GenColumn[] = (row.columns ?? []).map((c) => ({
      name: c.name,
      notNull: c.notNull,
      generated: c.generated,
      identityAlways: c.identityAlways,
      type: genTypeOf(c.sqlType, c.base),
    }));
    return {
      oid: row.oid,
      schema: row.schema,
      name: row.name,
      columns,
      uniqueKeys: row.uniqueKeys ?? [],
      foreignKeys: (row.foreignKeys ?? []).map((fk) => ({
        columns: fk.columns,
        refTableOid: fk.refTableOid,
        refColumns: fk.refColumns,
      })),
    } satisfies GenTable;
  });
  const views = await db.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_viewdef(c.oid) AS definition
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('v', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
  );
  return { tables, fkNames, views: views.rows };
}

function namesIn(sql: string): Set<string> {
  const names = new Set<string>();
  for (const t of tokenize(sql)) if (t.kind === 'ident' || t.kind === 'qident') names.add(t.value);
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
  const seenViews = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const v of views) {
      if (names.has(v.name) && !seenViews.has(v.name)) {
        seenViews.add(v.name);
        for (const n of namesIn(v.definition)) names.add(n);
        changed = true;
      }
    }
  }
  return tables.filter((t) => names.has(t.name));
}

type Outcome = { ok: true; rows: string[][]; names: string[] } | { ok: false; error: string };

const FLOAT_TYPES = new Set([700, 701]);
const NUMERIC_TYPE = 1700;
const NULL_MARK = '\u0000NULL';

function normalizeValue(value: unknown, typeId: number): string {
  if (value === null || value === undefined) return NULL_MARK;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (FLOAT_TYPES.has(typeId)) {
    const n = Number(text);
    return Number.isFinite(n) ? String(Number.parseFloat(n.toPrecision(12))) : text;
  }
  if (typeId === NUMERIC_TYPE && /^-?\d*\.\d+$/.test(text)) {
    const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
    return trimmed === '-0' || trimmed === '' ? '0' : trimmed;
  }
  return text;
}

function normalizeRows(rows: unknown[][], fields: PgField[]): string[][] {
  return rows.map((row) => row.map((v, i) => normalizeValue(v, fields[i]?.dataTypeID ?? 0)));
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

interface Difference {
  en: string;
  zh: string;
}

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

interface Comparison {
  difference: Difference | null;
  orderUnchecked: boolean;
}

function compare(
  original: Outcome,
  candidate: Outcome,
  orderOriginal: OrderByInfo,
  orderCandidate: OrderByInfo,
): Comparison {
  if (!original.ok || !candidate.ok) {
    if (!original.ok && !candidate.ok) return { difference: null, orderUnchecked: false };
    const failed = original.ok ? 'candidate' : 'original';
    const failedZh = original.ok ? '候选语句' : '原语句';
    const error = (original.ok ? (candidate as { error: string }).error : original.error) ?? '';
    return {
      difference: {
        en: `the ${failed} failed (${error}) while the other returned rows`,
        zh: `${failedZh}执行失败（${error}），另一条语句正常返回`,
      },
      orderUnchecked: false,
    };
  }
  const widthA = original.names.length;
  const widthB = candidate.names.length;
  if (widthA !== widthB) {
    return {
      difference: {
        en: `the original returns ${widthA} columns and the candidate ${widthB}`,
        zh: `原语句返回 ${widthA} 列，候选语句返回 ${widthB} 列`,
      },
      orderUnchecked: false,
    };
  }
  if (!orderOriginal.ordered)
    return { difference: multisetDifference(original.rows, candidate.rows), orderUnchecked: false };
  const keysA = keyColumns(orderOriginal, original.names);
  const keysB = orderCandidate.ordered ? keyColumns(orderCandidate, candidate.names) : keysA;
  const limited = orderOriginal.limited || orderCandidate.limited;
  if (keysA && keysB) {
    return {
      difference: orderedDifference(original.rows, candidate.rows, keysA, keysB, limited),
      orderUnchecked: false,
    };
  }
  // Keys we can not resolve: identical lists are fine; otherwise the rows must at least match as multisets.
  if (JSON.stringify(original.rows) === JSON.stringify(candidate.rows))
    return { difference: null, orderUnchecked: false };
  // (With LIMIT, rows tied at the cut may legitimately differ; they count as a difference here.)
  return { difference: multisetDifference(original.rows, candidate.rows), orderUnchecked: true };
}

function isQuery(sql: string): boolean {
  const tokens = tokenize(sql);
  const first = tokens[0];
  if (!first) return false;
  if (first.kind === 'punct' && first.value === '(') return true;
  const word = leadingWords(tokens, 1)[0];
  return word === 'SELECT' || word === 'WITH' || word === 'VALUES' || word === 'TABLE';
}

function notRun(databases: number, en: string, zh: string): Verification {
  return { method: 'differential', databases, verdict: 'not-run', detail: { en, zh } };
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Runs the differential check on the session's instance. The caller holds the instance (no other work on it). */
export async function verifyDifferential(
  db: PgliteInstance,
  originalSql: string,
  candidateSql: string,
  options: VerifyOptions,
): Promise<Verification> {
  const original = trimStatement(originalSql);
  const candidate = trimStatement(candidateSql);
  if (!original.trim())
    throw new AppError(ErrorCode.CONTENT_INVALID, {
      message: { zh: '原语句为空', en: 'the original statement is empty' },
    });
  if (!candidate.trim())
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
    if (!isQuery(sql))
      return notRun(
        0,
        'only queries (SELECT / WITH / VALUES) are compared on generated data',
        '只对查询语句（SELECT / WITH / VALUES）做差分验证',
      );
    if (hasParameters(tokenize(sql))) {
      return notRun(
        0,
        'the statements have parameters ($1 ...); substitute values to compare them',
        '语句中含有参数（$1 等），请替换为具体值后再验证',
      );
    }
  }
  const databases = Math.max(1, Math.min(50, Math.round(options.databases ?? DEFAULT_DATABASES)));
  const rowsPerTable = Math.max(1, Math.min(1000, Math.round(options.rowsPerTable ?? DEFAULT_ROWS_PER_TABLE)));
  const seed = Math.round(options.seed ?? DEFAULT_SEED);
  const timeoutMs = Math.max(100, options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS);
  const literals = literalSet([
    ...options.literals,
    ...[...extractLiterals(original), ...extractLiterals(candidate)].map((l) =>
      l.kind === 'number' ? Number(l.value) : l.value,
    ),
  ]);
  const perColumn = new Map<string, Array<string | number>>();
  for (const sql of [original, candidate]) {
    for (const [column, values] of columnLiterals(sql)) {
      const list = perColumn.get(column) ?? [];
      for (const v of values) list.push(v.kind === 'number' ? Number(v.value) : v.value);
      perColumn.set(column, list);
    }
  }
  const literalsByColumn = new Map([...perColumn].map(([column, values]) => [column, literalSet(values)]));
  const orderOriginal = topLevelOrderBy(original);
  const orderCandidate = topLevelOrderBy(candidate);

  let completed = 0;
  try {
    await db.query('BEGIN');
    // Both must at least plan; a broken original is the user's error, a broken candidate is refuted.
    for (const [label, sql] of [
      ['original', original],
      ['candidate', candidate],
    ] as const) {
      await db.query('SAVEPOINT sqltune_check');
      try {
        await db.query(`EXPLAIN ${sql}`);
        await db.query('RELEASE SAVEPOINT sqltune_check');
      } catch (error) {
        if (!(error instanceof PgError)) throw error;
        await db.query('ROLLBACK TO SAVEPOINT sqltune_check');
        if (label === 'original') {
          throw appErrorFromPg(
            ErrorCode.CONTENT_INVALID,
            error,
            {
              source: original,
              sourceOffset: 0,
              sent: `EXPLAIN ${original}`,
              prefixLength: 8,
              fallbackOffset: tokenize(original)[0]?.start ?? 0,
            },
            { zh: '语句校验失败，', en: 'The statement is not valid' },
          );
        }
        return {
          method: 'differential',
          databases: 0,
          verdict: 'refuted',
          detail: { en: `The candidate statement fails: ${error.message}`, zh: `候选语句无法执行：${error.message}` },
        };
      }
    }

    const { tables, fkNames, views } = await readTables(db);
    const involved = parentsFirst(involvedTables([original, candidate], tables, views));
    if (involved.length > 0) {
      await db.query(
        `TRUNCATE ${involved.map((t) => `${quoteName(t.schema)}.${quoteName(t.name)}`).join(', ')} CASCADE`,
      );
      const involvedOids = new Set(involved.map((t) => t.oid));
      const drops: string[] = [];
      for (const t of tables) {
        const names = fkNames.get(t.oid) ?? [];
        t.foreignKeys.forEach((fk, i) => {
          if (involvedOids.has(t.oid) || involvedOids.has(fk.refTableOid))
            drops.push(
              `ALTER TABLE ${quoteName(t.schema)}.${quoteName(t.name)} DROP CONSTRAINT ${quoteName(names[i])}`,
            );
        });
      }
      for (const d of drops) await db.query(d);
    }

    const profiles = dataSetProfiles(databases, involved, rowsPerTable, createRng(seed));
    let bothFailed = 0;
    let orderUnchecked = 0;
    let withRows = 0;
    for (const profile of profiles) {
      const rng = createRng((seed ^ Math.imul(profile.index + 1, 0x9e3779b1)) >>> 0);
      await db.query('SAVEPOINT sqltune_data');
      const sizes: string[] = [];
      const insertedRows = new Map<number, number>();
      for (const table of involved) {
        const parentRows: Array<Array<Array<string | null>>> = [];
        for (const fk of table.foreignKeys) {
          const parent = involved.find((t) => t.oid === fk.refTableOid);
          if (!parent || (insertedRows.get(parent.oid) ?? 0) === 0) {
            parentRows.push([]);
            continue;
          }
          const r = await db.query<unknown[]>(
            `SELECT ${fk.refColumns.map((c) => `${quoteName(c)}::text`).join(', ')} FROM ${quoteName(parent.schema)}.${quoteName(parent.name)}`,
            [],
            { rowMode: 'array' },
          );
          parentRows.push(r.rows.map((row) => row.map((v) => (v === null ? null : String(v)))));
        }
        const generated = generateRows(table, profile, rng, literals, parentRows, literalsByColumn);
        let inserted = 0;
        if (generated.rows.length > 0 && generated.columns.length > 0) {
          await db.query('SAVEPOINT sqltune_rows');
          try {
            const r = await db.query(insertSql(generated), [], { timeoutMs: 20_000 });
            inserted = r.affectedRows ?? generated.rows.length;
            await db.query('RELEASE SAVEPOINT sqltune_rows');
          } catch (error) {
            if (!(error instanceof PgError)) throw error;
            // A CHECK or domain constraint failed somewhere: insert row by row and keep what fits.
            await db.query('ROLLBACK TO SAVEPOINT sqltune_rows');
            for (const row of generated.rows) {
              await db.query('SAVEPOINT sqltune_row');
              try {
                const r = await db.query(insertSql(generated, [row]));
                inserted += r.affectedRows ?? 1;
                await db.query('RELEASE SAVEPOINT sqltune_row');
              } catch (rowError) {
                if (!(rowError instanceof PgError)) throw rowError;
                await db.query('ROLLBACK TO SAVEPOINT sqltune_row');
              }
            }
          }
        }
        insertedRows.set(table.oid, inserted);
        sizes.push(`${table.name} ${inserted}`);
      }
      const a = await runStatement(db, original, timeoutMs);
      const b = await runStatement(db, candidate, timeoutMs);
      await db.query('ROLLBACK TO SAVEPOINT sqltune_data');
      completed++;
      if (!a.ok && !b.ok) bothFailed++;
      if (a.ok && a.rows.length > 0) withRows++;
      const result = compare(a, b, orderOriginal, orderCandidate);
      if (result.orderUnchecked) orderUnchecked++;
      if (result.difference) {
        const where = sizes.length > 0 ? sizes.join(', ') : 'no tables';
        return {
          method: 'differential',
          databases: completed,
          verdict: 'refuted',
          detail: {
            en: `Refuted on generated database ${profile.index + 1} of ${databases} (${profile.label}; rows: ${where}; seed ${seed}): ${result.difference.en}.`,
            zh: `在第 ${profile.index + 1}/${databases} 个生成的数据库上被推翻（${profileZh(profile.label)}；行数：${where}；种子 ${seed}）：${result.difference.zh}。`,
          },
        };
      }
    }
    const notes: Localized[] = [
      {
        en: ` The original returned rows on ${withRows} of them.`,
        zh: `其中 ${withRows} 个数据库上原语句返回了非空结果。`,
      },
    ];
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
  } catch (error) {
    if (error instanceof PgliteTimeoutError || error instanceof PgliteDeadError) {
      return notRun(
        completed,
        `Verification stopped after ${completed} of ${databases} databases: ${error.message}.`,
        `验证在 ${completed}/${databases} 个数据库后中止：语句执行超时或沙箱不可用。`,
      );
    }
    throw error;
  } finally {
    if (!db.dead) await db.query('ROLLBACK').catch(() => undefined);
  }
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

async function runStatement(db: PgliteInstance, sql: string, timeoutMs: number): Promise<Outcome> {
  await db.query('SAVEPOINT sqltune_run');
  try {
    await db.query('SET LOCAL transaction_read_only = on');
    const r = await db.query<unknown[]>(sql, [], { rowMode: 'array', timeoutMs });
    return { ok: true, rows: normalizeRows(r.rows, r.fields), names: r.fields.map((f) => f.name) };
  } catch (error) {
    if (!(error instanceof PgError)) throw error;
    return { ok: false, error: error.message };
  } finally {
    if (!db.dead) await db.query('ROLLBACK TO SAVEPOINT sqltune_run');
  }
}
