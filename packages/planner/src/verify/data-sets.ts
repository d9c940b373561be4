/**
 * Filling the generated databases of differential verification, for every backend: how many and how big, which
 * tables the statements involve, and the table-by-table fill (parents first, so child rows can reference generated
 * parent keys). Reading and inserting rows is the backend's (`FillTarget`).
 */
import type { Dialect } from '@sqltune/contracts';
import { extractLiterals, isWord, nameOf, tokenize } from '../sql-text.ts';
import type { VerifyOptions } from '../types.ts';
import {
  createRng,
  type DataSetProfile,
  type GeneratedRows,
  type GenTable,
  generateRows,
  type LiteralSet,
  literalSet,
  type Rng,
} from './generate.ts';

export const DEFAULT_DATABASES = 5;
export const DEFAULT_ROWS_PER_TABLE = 40;
export const DEFAULT_SEED = 20250101;

export interface DataSetPlan {
  databases: number;
  rowsPerTable: number;
  seed: number;
  /** The options' literals and the statements' own, for the generator. */
  literals: LiteralSet;
}

/** The options (defaults filled in, clamped) and the literals of both statements. */
export function dataSetPlan(options: VerifyOptions, statements: string[], dialect: Dialect): DataSetPlan {
  return {
    databases: Math.max(1, Math.min(50, Math.round(options.databases ?? DEFAULT_DATABASES))),
    rowsPerTable: Math.max(1, Math.min(1000, Math.round(options.rowsPerTable ?? DEFAULT_ROWS_PER_TABLE))),
    seed: Math.round(options.seed ?? DEFAULT_SEED),
    literals: literalSet([
      ...options.literals,
      ...statements
        .flatMap((sql) => extractLiterals(sql, dialect))
        .map((l) => (l.kind === 'number' ? Number(l.value) : l.value)),
    ]),
  };
}

/** The random numbers of one generated database (each database its own stream, from the seed). */
export function dataSetRng(seed: number, profile: DataSetProfile): Rng {
  return createRng((seed ^ Math.imul(profile.index + 1, 0x9e3779b1)) >>> 0);
}

/**
 * Tables named by the statements, directly or through views. PostgreSQL compares names as it folds them; MySQL
 * ignores case.
 */
export function involvedTables(
  statements: string[],
  tables: GenTable[],
  views: Array<{ name: string; definition: string }>,
  dialect: Dialect,
): GenTable[] {
  const fold = (name: string) => (dialect === 'mysql' ? name.toLowerCase() : name);
  const names = new Set<string>();
  const addNamesIn = (sql: string) => {
    for (const t of tokenize(sql, dialect)) if (isWord(t) || t.kind === 'qident') names.add(fold(nameOf(t) ?? ''));
  };
  for (const s of statements) addNamesIn(s);
  const seenViews = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const v of views) {
      const key = fold(v.name);
      if (names.has(key) && !seenViews.has(key)) {
        seenViews.add(key);
        addNamesIn(v.definition);
        changed = true;
      }
    }
  }
  return tables.filter((t) => names.has(fold(t.name)));
}

/** How a backend reads and writes the generated rows. */
export interface FillTarget {
  /** The values of `columns` in the rows of `parent` (filled before), for child rows to reference. */
  parentRows(parent: GenTable, columns: string[]): Promise<unknown[][]>;
  /** Inserts the generated rows, keeping what the table accepts; returns how many rows went in. */
  insert(generated: GeneratedRows): Promise<number>;
}

/** Fills the involved tables (parents first) for one generated database; returns "table rows" for each. */
export async function fillTables(
  involved: GenTable[],
  profile: DataSetProfile,
  rng: Rng,
  literals: LiteralSet,
  target: FillTarget,
  columnLiterals?: ReadonlyMap<string, LiteralSet>,
): Promise<string[]> {
  const sizes: string[] = [];
  const inserted = new Map<number, number>();
  for (const table of involved) {
    const parentRows: Array<Array<Array<string | null>>> = [];
    for (const fk of table.foreignKeys) {
      const parent = involved.find((t) => t.oid === fk.refTableOid);
      if (!parent || (inserted.get(parent.oid) ?? 0) === 0) {
        parentRows.push([]);
        continue;
      }
      const rows = await target.parentRows(parent, fk.refColumns);
      parentRows.push(rows.map((row) => row.map((v) => (v === null ? null : String(v)))));
    }
    const generated = generateRows(table, profile, rng, literals, parentRows, columnLiterals);
    const count = generated.rows.length > 0 && generated.columns.length > 0 ? await target.insert(generated) : 0;
    inserted.set(table.oid, count);
    sizes.push(`${table.name} ${count}`);
  }
  return sizes;
}
