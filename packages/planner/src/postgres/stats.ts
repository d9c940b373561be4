/**
 * Statistics injection on a real PostgreSQL 15 server (PGlite's ../pglite/stats.ts computes what to inject; this
 * file writes it, since PostgreSQL 15 has no pg_restore_relation_stats / pg_restore_attribute_stats).
 *
 * What the planner needs (measured on PostgreSQL 15.14, see stats.test.ts):
 *  - It takes reltuples / relpages as a density and multiplies it by the relation file's physical block count
 *    (an empty file means 0 rows). So each heap and index file is extended to the computed size as a sparse file
 *    (`truncate`, no disk blocks; beyond 1 GB as PostgreSQL's segment files `N`, `N.1`, ...) - only possible when
 *    this process can write the server's data directory (the local sandbox, or an external server on this machine
 *    whose data directory is reachable: sizing mode 'files').
 *  - pg_class (relpages, reltuples, relallvisible) and pg_statistic (stanullfrac, stawidth, stadistinct; MCV,
 *    histogram and correlation slots only when given) are written by two SECURITY DEFINER functions that the
 *    sandbox's template database holds (STATS_FUNCTIONS_SQL, created by a superuser). They only accept relations
 *    the calling session's role owns - the equivalent of PostgreSQL 18's pg_restore_*_stats, which table owners
 *    may call - so sessions run as unprivileged roles and still inject their statistics. Running with privilege,
 *    they evaluate nothing the user defined (docs/security.md): value lists are read only by the input functions of
 *    built-in, enum or extension types (sqltune.input_is_builtin), never through a domain, whose CHECK would run
 *    as the superuser (a domain column's values are read as its base type); for any other type the value slots are
 *    left out.
 *  - Without file access (an external server elsewhere, sizing mode 'one-page'), each table gets one physical page
 *    (a row inserted and rolled back: relation extension is not undone) and relpages = 1, reltuples = rows: row
 *    estimates follow the statistics, but scans are costed as one page of I/O. The session's notes say so.
 *  - Without a superuser to create the functions (sizing mode 'none'), nothing is injected; the notes say so.
 *  - ANALYZE / VACUUM would overwrite the values: nothing here runs them, and on a server with autovacuum on the
 *    tables get autovacuum_enabled = false.
 *    CREATE INDEX resets reltuples on PostgreSQL 15, so injection runs after the user's DDL; what-if indexes are
 *    HypoPG's and never touch the catalog.
 */
import { chown, open, truncate, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Localized } from '@sqltune/contracts';
import { arrayLiteral } from '../column-distribution.ts';
import { PgError } from '../pglite/pool.ts';
import { quoteIdent } from '../pglite/sql-text.ts';
import {
  type CatalogTable,
  estimateRowsWhere,
  indexPages,
  readCatalog,
  type StatisticsPlan,
  type TablePlan,
} from '../pglite/stats.ts';
import { asPgliteInstance, type SqlSession } from './connection.ts';

/** The schema of the statistics functions in every sandbox database. */
export const STATS_SCHEMA = 'sqltune';

/**
 * The statistics functions, created once in the sandbox's template database by a superuser (every session
 * database is a copy). Both check that the session's role owns the relation.
 */
export const STATS_FUNCTIONS_SQL = `
CREATE SCHEMA ${STATS_SCHEMA};
REVOKE ALL ON SCHEMA ${STATS_SCHEMA} FROM PUBLIC;
GRANT USAGE ON SCHEMA ${STATS_SCHEMA} TO PUBLIC;

CREATE FUNCTION ${STATS_SCHEMA}.check_owner(rel oid) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  PERFORM 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.oid = rel AND pg_has_role(session_user, c.relowner, 'USAGE')
     AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast', '${STATS_SCHEMA}');
  IF NOT FOUND THEN
    RAISE EXCEPTION 'permission denied to set the statistics of relation %', rel USING ERRCODE = '42501';
  END IF;
END $f$;

-- Whether reading values of this type (through arrays to their element) calls only input functions that come with
-- the server or an extension: built-in types, enums and extension members - and never a domain's, whose CHECK would
-- run with this function's privilege. (A domain column's values are read as its base type: see base_type.)
CREATE FUNCTION ${STATS_SCHEMA}.input_is_builtin(typ oid) RETURNS boolean
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
  t record;
BEGIN
  FOR depth IN 1..20 LOOP
    SELECT oid, typtype, typelem, typsubscript INTO t FROM pg_type WHERE oid = typ;
    IF NOT FOUND OR t.typtype = 'd' THEN RETURN false; END IF;
    IF t.typelem <> 0 AND t.typsubscript = 'array_subscript_handler'::regproc THEN
      typ := t.typelem;
    ELSE
      RETURN t.oid < 16384 OR t.typtype = 'e'
        OR EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid
                     AND d.deptype = 'e');
    END IF;
  END LOOP;
  RETURN false;
END $f$;

CREATE FUNCTION ${STATS_SCHEMA}.base_type(typ oid) RETURNS oid
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
  t record;
BEGIN
  FOR depth IN 1..20 LOOP
    SELECT typtype, typbasetype INTO t FROM pg_type WHERE oid = typ;
    IF NOT FOUND OR t.typtype <> 'd' THEN RETURN typ; END IF;
    typ := t.typbasetype;
  END LOOP;
  RETURN typ;
END $f$;

CREATE FUNCTION ${STATS_SCHEMA}.set_relation_stats(rel oid, pages integer, tuples real, allvisible integer)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
BEGIN
  PERFORM ${STATS_SCHEMA}.check_owner(rel);
  UPDATE pg_class SET relpages = pages, reltuples = tuples, relallvisible = allvisible WHERE oid = rel;
  RETURN true;
END $f$;

CREATE FUNCTION ${STATS_SCHEMA}.set_attribute_stats(rel oid, attribute name, inherited boolean, null_frac real,
  avg_width integer, n_distinct real, mcv_values text, mcv_freqs real[], histogram_bounds text, correlation real)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
  att record;
  base oid;
  eq_op oid;
  lt_op oid;
  use_mcv boolean;
  use_hist boolean;
  use_corr boolean;
BEGIN
  PERFORM ${STATS_SCHEMA}.check_owner(rel);
  SELECT a.attnum, a.atttypid, a.atttypmod, a.attcollation INTO att FROM pg_attribute a
   WHERE a.attrelid = rel AND a.attname = attribute AND a.attnum > 0 AND NOT a.attisdropped;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'column "%" of relation % does not exist', attribute, rel::regclass USING ERRCODE = '42703';
  END IF;
  base := ${STATS_SCHEMA}.base_type(att.atttypid);
  IF NOT ${STATS_SCHEMA}.input_is_builtin(base) THEN
    mcv_values := NULL;
    histogram_bounds := NULL;
  END IF;
  IF mcv_values IS NOT NULL OR histogram_bounds IS NOT NULL OR correlation IS NOT NULL THEN
    -- The type's default btree operators, as ANALYZE would record them.
    SELECT eq.amopopr, lt.amopopr INTO eq_op, lt_op
      FROM pg_opclass opc
      JOIN pg_am am ON am.oid = opc.opcmethod AND am.amname = 'btree'
      JOIN pg_amop eq ON eq.amopfamily = opc.opcfamily AND eq.amoplefttype = opc.opcintype
       AND eq.amoprighttype = opc.opcintype AND eq.amopstrategy = 3
      JOIN pg_amop lt ON lt.amopfamily = opc.opcfamily AND lt.amoplefttype = opc.opcintype
       AND lt.amoprighttype = opc.opcintype AND lt.amopstrategy = 1
      JOIN pg_type t ON t.oid = base
     WHERE opc.opcdefault AND (opc.opcintype = base
        OR (opc.opcintype = 'anyenum'::regtype AND t.typtype = 'e')
        OR (opc.opcintype = 'anyarray'::regtype AND t.typcategory = 'A')
        OR EXISTS (SELECT 1 FROM pg_cast ca WHERE ca.castsource = base AND ca.casttarget = opc.opcintype
                      AND ca.castmethod = 'b'))
     ORDER BY opc.opcintype = base DESC
     LIMIT 1;
  END IF;
  use_mcv := mcv_values IS NOT NULL AND mcv_freqs IS NOT NULL AND coalesce(eq_op, 0) <> 0;
  use_hist := histogram_bounds IS NOT NULL AND coalesce(lt_op, 0) <> 0;
  use_corr := correlation IS NOT NULL AND coalesce(lt_op, 0) <> 0;
  DELETE FROM pg_statistic WHERE starelid = rel AND staattnum = att.attnum AND stainherit = inherited;
  INSERT INTO pg_statistic (starelid, staattnum, stainherit, stanullfrac, stawidth, stadistinct,
      stakind1, stakind2, stakind3, stakind4, stakind5, staop1, staop2, staop3, staop4, staop5,
      stacoll1, stacoll2, stacoll3, stacoll4, stacoll5,
      stanumbers1, stanumbers2, stanumbers3, stanumbers4, stanumbers5,
      stavalues1, stavalues2, stavalues3, stavalues4, stavalues5)
  VALUES (rel, att.attnum, inherited, coalesce(null_frac, 0), coalesce(avg_width, 0), coalesce(n_distinct, 0),
      CASE WHEN use_mcv THEN 1 ELSE 0 END, CASE WHEN use_hist THEN 2 ELSE 0 END, CASE WHEN use_corr THEN 3 ELSE 0 END,
      0, 0,
      CASE WHEN use_mcv THEN eq_op ELSE 0 END, CASE WHEN use_hist THEN lt_op ELSE 0 END,
      CASE WHEN use_corr THEN lt_op ELSE 0 END, 0, 0,
      CASE WHEN use_mcv THEN att.attcollation ELSE 0 END, CASE WHEN use_hist THEN att.attcollation ELSE 0 END,
      CASE WHEN use_corr THEN att.attcollation ELSE 0 END, 0, 0,
      CASE WHEN use_mcv THEN mcv_freqs END, NULL, CASE WHEN use_corr THEN ARRAY[correlation] END, NULL, NULL,
      CASE WHEN use_mcv THEN array_in(mcv_values::cstring, base, att.atttypmod) END,
      CASE WHEN use_hist THEN array_in(histogram_bounds::cstring, base, att.atttypmod) END,
      NULL, NULL, NULL);
  RETURN true;
END $f$;
`;

/** How relation sizes reach the planner (see the file comment). */
export type SizingMode = 'files' | 'one-page' | 'none';

/** Where the server's relation files are, when this process may write them. */
export interface FileAccess {
  dataDir: string;
  /** block_size (8192 unless PostgreSQL was compiled otherwise). */
  blockSize: number;
  /** Blocks per segment file (segment_size / block_size: 131072 for 1 GB segments). */
  segmentBlocks: number;
  /** Owner for segment files this process creates (when it runs as another user, e.g. root). */
  owner?: { uid: number; gid: number };
}

/** Sets a relation's file to `blocks` blocks: sparse, split into segment files like PostgreSQL's md.c. */
export async function setRelationFileSize(access: FileAccess, relPath: string, blocks: number): Promise<void> {
  const base = join(access.dataDir, relPath);
  const segmentBytes = access.segmentBlocks * access.blockSize;
  let remaining = Math.max(0, blocks) * access.blockSize;
  for (let segment = 0; ; segment++) {
    const file = segment === 0 ? base : `${base}.${segment}`;
    const bytes = Math.min(remaining, segmentBytes);
    if (segment > 0 && bytes === 0) {
      // Segments past the end must not exist (a shrinking file).
      let removed = false;
      await unlink(file).then(
        () => {
          removed = true;
        },
        () => undefined,
      );
      if (!removed) break;
      continue;
    }
    if (segment > 0) {
      const handle = await open(file, 'a', 0o600);
      await handle.close();
      if (access.owner) await chown(file, access.owner.uid, access.owner.gid);
    }
    await truncate(file, bytes);
    remaining -= bytes;
  }
}

interface Call {
  sql: string;
  params: unknown[];
  /** For a column's call: `table.column`, and the call without the user's values (see runRefusing). */
  column?: { label: string; withoutValues: Call };
}

/**
 * SQLSTATE classes of a value the column's type refuses (22: data exception, e.g. "abc" for an int, an overflowing
 * numeric, malformed XML) or cannot take at all (54: program limit, e.g. JSON nested past the stack depth).
 */
const REFUSED_VALUE_CLASSES = ['22', '54'];

/**
 * Writes a statistics plan into one session database. `apply()` once after the user's DDL; it returns notes about
 * what could not be modelled.
 */
export class Pg15StatisticsInjector {
  constructor(
    private readonly db: SqlSession,
    readonly plan: StatisticsPlan,
    private readonly options: {
      mode: SizingMode;
      files?: FileAccess;
      /** The server runs autovacuum: opt every table out (default true). */
      autovacuum?: boolean;
    },
  ) {}

  async apply(catalogRead?: CatalogTable[]): Promise<Localized[]> {
    const catalog = catalogRead ?? (await readCatalog(asPgliteInstance(this.db)));
    if (this.options.autovacuum !== false) await this.disableAutovacuum(catalog);
    if (this.options.mode === 'none')
      return [
        {
          zh: 'PostgreSQL 沙箱账号不是超级用户，无法注入统计信息：各表按 PostgreSQL 对空表的估计规划',
          en: 'statistics could not be injected (the PostgreSQL sandbox role is not a superuser): tables are planned as PostgreSQL estimates empty tables',
        },
      ];
    const notes: Localized[] = [];
    const calls: Call[] = [];
    const partial: Array<{ table: CatalogTable; plan: TablePlan; index: CatalogTable['indexes'][number] }> = [];
    const unsized: string[] = [];
    for (const table of catalog) {
      const plan = this.plan.tables.find((t) => t.oid === table.oid);
      if (!plan) continue;
      if (table.kind === 'p') {
        calls.push(relationCall(table.oid, 0, plan.tuples, 0));
      } else if (table.path) {
        const pages = await this.sizeHeap(table, plan);
        if (pages === undefined) unsized.push(table.name);
        else calls.push(relationCall(table.oid, pages, plan.tuples, pages));
      }
      for (const index of table.indexes) {
        if (index.predicate) {
          partial.push({ table, plan, index });
          continue;
        }
        const pages = await this.sizeIndex(index, plan, plan.tuples);
        calls.push(relationCall(index.oid, pages, plan.tuples, 0));
      }
      calls.push(...this.columnCalls(table, plan));
    }
    for (const label of await this.runRefusing(calls))
      notes.push({
        zh: `统计信息中列 ${label} 的最常见值或直方图不被该列的类型接受，已忽略（其余统计信息照常使用）`,
        en: `the most common values or histogram of ${label} were ignored: the column's type does not accept them (its other statistics are used)`,
      });
    // Partial indexes hold the rows matching their predicate: ask the planner now that the heap is sized.
    const partialCalls: Call[] = [];
    for (const p of partial) {
      const tuples = await estimateRowsWhere(
        asPgliteInstance(this.db),
        p.table,
        p.index.predicate ?? 'true',
        p.plan.tuples,
      );
      const pages = await this.sizeIndex(p.index, p.plan, tuples);
      partialCalls.push(relationCall(p.index.oid, pages, tuples, 0));
    }
    await this.run(partialCalls);
    if (this.options.mode === 'one-page' && catalog.some((t) => t.kind !== 'p'))
      notes.push({
        zh: 'PostgreSQL 沙箱服务器的数据文件不可写：行数按统计信息注入，但表与索引按一个数据页计算 I/O 成本，扫描成本偏低',
        en: 'the PostgreSQL sandbox server’s data files can not be sized from here: row counts follow the statistics, but tables and indexes are costed as one page of I/O, so scan costs are too low',
      });
    if (unsized.length > 0)
      notes.push({
        zh: `以下表无法在沙箱中设定大小，按空表规划：${unsized.join(', ')}`,
        en: `could not give ${unsized.join(', ')} a size in the sandbox: planned as empty`,
      });
    return notes;
  }

  /** Heap pages the planner will see, or undefined when the table could not be sized. */
  private async sizeHeap(table: CatalogTable, plan: TablePlan): Promise<number | undefined> {
    if (this.options.mode === 'files' && this.options.files && table.path) {
      await setRelationFileSize(this.options.files, table.path, plan.pages);
      return plan.pages;
    }
    if (plan.pages === 0) return 0;
    if ((await this.physicalPages(table.oid)) === 0) await this.addOnePage(table);
    const physical = await this.physicalPages(table.oid);
    return physical > 0 ? physical : undefined;
  }

  private async sizeIndex(index: CatalogTable['indexes'][number], plan: TablePlan, tuples: number): Promise<number> {
    if (this.options.mode === 'files' && this.options.files) {
      const keyWidths = index.attnums.map((n) => (n === 0 ? 8 : (plan.widths.get(n) ?? 8)));
      const pages = indexPages(index.am, tuples, keyWidths);
      await setRelationFileSize(this.options.files, index.path, pages);
      return pages;
    }
    return Math.max(1, await this.physicalPages(index.oid));
  }

  private async physicalPages(oid: number): Promise<number> {
    const r = await this.db.query<{ pages: string }>(
      `SELECT (pg_relation_size($1::oid) / current_setting('block_size')::int)::text AS pages`,
      [oid],
    );
    return Number(r.rows[0]?.pages ?? 0);
  }

  /**
   * Gives an empty table one physical page without keeping a row: in a transaction that is rolled back, lift the
   * constraints checked before a row is stored (NOT NULL, CHECK; the primary key that forces NOT NULL) and insert
   * a row of NULLs. PostgreSQL does not shrink a file on rollback, so the page stays. Domain-typed NOT NULL columns
   * or partitions can still refuse the row: then the table stays unsized.
   */
  private async addOnePage(table: CatalogTable): Promise<void> {
    const target = `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
    try {
      await this.db.query('BEGIN');
      const info = await this.db.query<{ info: string }>(
        `SELECT json_build_object(
           'constraints', COALESCE((SELECT json_agg(conname) FROM pg_constraint
                                     WHERE conrelid = $1::oid AND contype IN ('c', 'p')), '[]'::json),
           'identity', COALESCE((SELECT json_agg(attname) FROM pg_attribute
                                  WHERE attrelid = $1::oid AND attnum > 0 AND NOT attisdropped AND attidentity <> ''), '[]'::json),
           'notNull', COALESCE((SELECT json_agg(attname) FROM pg_attribute
                                 WHERE attrelid = $1::oid AND attnum > 0 AND NOT attisdropped AND attnotnull), '[]'::json),
           'columns', COALESCE((SELECT json_agg(attname ORDER BY attnum) FROM pg_attribute
                                 WHERE attrelid = $1::oid AND attnum > 0 AND NOT attisdropped AND attgenerated = ''), '[]'::json)
         )::text AS info`,
        [table.oid],
      );
      const { constraints, identity, notNull, columns } = JSON.parse(info.rows[0]?.info ?? '{}') as {
        constraints: string[];
        identity: string[];
        notNull: string[];
        columns: string[];
      };
      for (const c of constraints)
        await this.db.query(`ALTER TABLE ${target} DROP CONSTRAINT ${quoteIdent(c)} CASCADE`);
      for (const c of identity)
        await this.db.query(`ALTER TABLE ${target} ALTER COLUMN ${quoteIdent(c)} DROP IDENTITY`);
      for (const c of notNull) await this.db.query(`ALTER TABLE ${target} ALTER COLUMN ${quoteIdent(c)} DROP NOT NULL`);
      await this.db.query(
        columns.length > 0
          ? `INSERT INTO ${target} (${columns.map(quoteIdent).join(', ')}) VALUES (${columns.map(() => 'NULL').join(', ')})`
          : `INSERT INTO ${target} DEFAULT VALUES`,
      );
    } catch {
      // A foreign key or unique check fails after the row is stored: the page is there all the same.
    } finally {
      await this.db.query('ROLLBACK').catch(() => undefined);
    }
  }

  private columnCalls(table: CatalogTable, plan: TablePlan): Call[] {
    const calls: Call[] = [];
    const given = new Map(plan.columns.map((c) => [c.column, c]));
    for (const column of table.columns) {
      const c = given.get(column.name);
      if (!c) continue;
      // Most common values, histogram and correlation as planStatistics read them from the user's statistics.
      const d = c.distribution;
      const mcv =
        d?.mostCommonValues && d.mostCommonFrequencies && d.mostCommonValues.length === d.mostCommonFrequencies.length
          ? { values: arrayLiteral(d.mostCommonValues), freqs: `{${d.mostCommonFrequencies.join(',')}}` }
          : undefined;
      const histogram =
        d?.histogramBounds && d.histogramBounds.length >= 2 ? arrayLiteral(d.histogramBounds) : undefined;
      const sql = `${STATS_SCHEMA}.set_attribute_stats($1::oid, $2::name, $3::boolean, $4::real, $5::int, $6::real, $7::text, $8::real[], $9::text, $10::real)`;
      const scalars = [
        table.oid,
        column.name,
        table.kind === 'p',
        c?.nullFraction ?? null,
        c?.averageWidth ?? plan.widths.get(column.attnum) ?? null,
        c?.nDistinct ?? null,
      ];
      calls.push({
        sql,
        params: [...scalars, mcv?.values ?? null, mcv?.freqs ?? null, histogram ?? null, d?.correlation ?? null],
        column: {
          label: `${table.name}.${column.name}`,
          withoutValues: { sql, params: [...scalars, null, null, null, d?.correlation ?? null] },
        },
      });
    }
    return calls;
  }

  /**
   * Runs the calls as run() does. The user's values reach the server as text its input functions read, and a value
   * the column's type refuses fails the whole statement: then each call of that chunk runs on its own, and a column
   * whose values are refused is injected without them (as PostgreSQL 18's pg_restore_attribute_stats skips them
   * with a warning). Returns the columns whose values were refused.
   */
  private async runRefusing(calls: Call[]): Promise<string[]> {
    const refused: string[] = [];
    for (let i = 0; i < calls.length; i += 40) {
      const chunk = calls.slice(i, i + 40);
      try {
        await this.run(chunk);
        continue;
      } catch (error) {
        if (!isRefusedValue(error)) throw error;
      }
      for (const call of chunk) {
        try {
          await this.run([call]);
        } catch (error) {
          if (!isRefusedValue(error) || !call.column) throw error;
          refused.push(call.column.label);
          await this.run([call.column.withoutValues]);
        }
      }
    }
    return refused;
  }

  /** Runs the calls, many per statement (each call's $n renumbered). */
  private async run(calls: Call[]): Promise<void> {
    for (let i = 0; i < calls.length; i += 40) {
      const chunk = calls.slice(i, i + 40);
      const params: unknown[] = [];
      const items = chunk.map((call, k) => {
        const offset = params.length;
        params.push(...call.params);
        return `${call.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)} AS r${k}`;
      });
      await this.db.query(`SELECT ${items.join(', ')}`, params);
    }
  }

  private async disableAutovacuum(catalog: CatalogTable[]): Promise<void> {
    const statements = catalog
      .filter((t) => t.kind === 'r' || t.kind === 'm')
      .map(
        (t) =>
          `ALTER ${t.kind === 'm' ? 'MATERIALIZED VIEW' : 'TABLE'} ${quoteIdent(t.schema)}.${quoteIdent(t.name)} SET (autovacuum_enabled = false, toast.autovacuum_enabled = false);`,
      );
    if (statements.length > 0) await this.db.exec(statements.join('\n'));
  }
}

function isRefusedValue(error: unknown): boolean {
  return error instanceof PgError && REFUSED_VALUE_CLASSES.includes(error.code?.slice(0, 2) ?? '');
}

function relationCall(oid: number, pages: number, tuples: number, allVisible: number): Call {
  return {
    sql: `${STATS_SCHEMA}.set_relation_stats($1::oid, $2::int, $3::real, $4::int)`,
    params: [oid, Math.max(0, Math.round(pages)), tuples, Math.max(0, Math.round(allVisible))],
  };
}
