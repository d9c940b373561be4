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
 * Comparison (./compare.ts): rows as multisets of the values as PostgreSQL prints them (float4/float8 rounded,
 * numeric trailing zeros dropped), in ORDER BY order when the original has a top-level ORDER BY.
 * The verdict is "not-refuted" or "refuted" - never "proven": a generated database can only show a difference.
 */
import { ErrorCode, type Verification } from '@sqltune/contracts';
import { appErrorFromPg } from '../pglite/pg-errors.ts';
import { PgError, type PgField, PgliteDeadError, type PgliteInstance, PgliteTimeoutError } from '../pglite/pool.ts';
import { columnLiterals, quoteIdent } from '../pglite/sql-text.ts';
import { reduceServerText } from '../server-text.ts';
import { topLevelOrderBy, trimStatement } from '../sql-text.ts';
import type { VerifyOptions } from '../types.ts';
import { DataSetComparison, NULL_MARK, normalizeDecimal, normalizeFloat, type Outcome } from './compare.ts';
import { dataSetPlan, dataSetRng, type FillTarget, fillTables, involvedTables } from './data-sets.ts';
import {
  createRng,
  dataSetProfiles,
  type GenColumn,
  type GeneratedRows,
  type GenTable,
  type GenType,
  insertSql,
  literalSet,
  parentsFirst,
  type ValueKind,
} from './generate.ts';
import { candidateFails, invalidOriginal, notComparable, notRefuted, notRun, refutedOn } from './verdict.ts';

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

const FLOAT_TYPES = new Set([700, 701]);
const NUMERIC_TYPE = 1700;

function normalizeValue(value: unknown, typeId: number): string {
  if (value === null || value === undefined) return NULL_MARK;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (FLOAT_TYPES.has(typeId)) return normalizeFloat(text);
  if (typeId === NUMERIC_TYPE) return normalizeDecimal(text);
  return text;
}

function normalizeRows(rows: unknown[][], fields: PgField[]): string[][] {
  return rows.map((row) => row.map((v, i) => normalizeValue(v, fields[i]?.dataTypeID ?? 0)));
}

/** Runs the differential check on the session's instance. The caller holds the instance (no other work on it). */
export async function verifyDifferential(
  db: PgliteInstance,
  originalSql: string,
  candidateSql: string,
  options: VerifyOptions,
): Promise<Verification> {
  const original = trimStatement(originalSql, 'postgresql');
  const candidate = trimStatement(candidateSql, 'postgresql');
  const rejected = notComparable(original, candidate, 'postgresql');
  if (rejected) return rejected;
  const { databases, rowsPerTable, seed, literals } = dataSetPlan(options, [original, candidate], 'postgresql');
  const timeoutMs = Math.max(100, options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS);
  const perColumn = new Map<string, Array<string | number>>();
  for (const sql of [original, candidate]) {
    for (const [column, values] of columnLiterals(sql)) {
      const list = perColumn.get(column) ?? [];
      for (const v of values) list.push(v.kind === 'number' ? Number(v.value) : v.value);
      perColumn.set(column, list);
    }
  }
  const literalsByColumn = new Map([...perColumn].map(([column, values]) => [column, literalSet(values)]));
  const comparison = new DataSetComparison(
    topLevelOrderBy(original, 'postgresql'),
    topLevelOrderBy(candidate, 'postgresql'),
  );

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
          const { place, prefix } = invalidOriginal(original, 'postgresql');
          throw appErrorFromPg(ErrorCode.CONTENT_INVALID, error, place, prefix);
        }
        return candidateFails(error.message, [original, candidate], error.code);
      }
    }

    const { tables, fkNames, views } = await readTables(db);
    const involved = parentsFirst(involvedTables([original, candidate], tables, views, 'postgresql'));
    if (involved.length > 0) {
      await db.query(
        `TRUNCATE ${involved.map((t) => `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`).join(', ')} CASCADE`,
      );
      const involvedOids = new Set(involved.map((t) => t.oid));
      const drops: string[] = [];
      for (const t of tables) {
        const names = fkNames.get(t.oid) ?? [];
        t.foreignKeys.forEach((fk, i) => {
          if (involvedOids.has(t.oid) || involvedOids.has(fk.refTableOid))
            drops.push(
              `ALTER TABLE ${quoteIdent(t.schema)}.${quoteIdent(t.name)} DROP CONSTRAINT ${quoteIdent(names[i])}`,
            );
        });
      }
      for (const d of drops) await db.query(d);
    }

    const target: FillTarget = {
      parentRows: async (parent, columns) =>
        (
          await db.query<unknown[]>(
            `SELECT ${columns.map((c) => `${quoteIdent(c)}::text`).join(', ')} FROM ${quoteIdent(parent.schema)}.${quoteIdent(parent.name)}`,
            [],
            { rowMode: 'array' },
          )
        ).rows,
      insert: (generated) => insertGenerated(db, generated),
    };
    for (const profile of dataSetProfiles(databases, involved, rowsPerTable, createRng(seed))) {
      await db.query('SAVEPOINT sqltune_data');
      const sizes = await fillTables(involved, profile, dataSetRng(seed, profile), literals, target, literalsByColumn);
      const a = await runStatement(db, original, timeoutMs, [original, candidate]);
      const b = await runStatement(db, candidate, timeoutMs, [original, candidate]);
      await db.query('ROLLBACK TO SAVEPOINT sqltune_data');
      const difference = comparison.add(a, b);
      if (difference) return refutedOn(profile, databases, comparison, sizes, seed, difference);
    }
    return notRefuted(comparison, seed, { countRowsReturned: true });
  } catch (error) {
    if (error instanceof PgliteTimeoutError || error instanceof PgliteDeadError) {
      const { completed } = comparison;
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

/** Inserts the rows at once; when a CHECK or domain constraint fails somewhere, row by row, keeping what fits. */
async function insertGenerated(db: PgliteInstance, generated: GeneratedRows): Promise<number> {
  let inserted = 0;
  await db.query('SAVEPOINT sqltune_rows');
  try {
    const r = await db.query(insertSql(generated), [], { timeoutMs: 20_000 });
    inserted = r.affectedRows ?? generated.rows.length;
    await db.query('RELEASE SAVEPOINT sqltune_rows');
    return inserted;
  } catch (error) {
    if (!(error instanceof PgError)) throw error;
    await db.query('ROLLBACK TO SAVEPOINT sqltune_rows');
  }
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
  return inserted;
}

/** Runs one statement read-only; a server error is kept reduced to what `known` holds (server-text.ts). */
async function runStatement(db: PgliteInstance, sql: string, timeoutMs: number, known: string[]): Promise<Outcome> {
  await db.query('SAVEPOINT sqltune_run');
  try {
    await db.query('SET LOCAL transaction_read_only = on');
    const r = await db.query<unknown[]>(sql, [], { rowMode: 'array', timeoutMs });
    return { ok: true, rows: normalizeRows(r.rows, r.fields), names: r.fields.map((f) => f.name) };
  } catch (error) {
    if (!(error instanceof PgError)) throw error;
    return { ok: false, error: reduceServerText(error.message, known, error.code) };
  } finally {
    if (!db.dead) await db.query('ROLLBACK TO SAVEPOINT sqltune_run');
  }
}
