import type { Cell, Classify, OutputRow, OutputTable } from './client-output.ts';

/**
 * The results users paste, told apart by their header names (case-insensitive; other columns are ignored).
 * SHOW INDEX and information_schema.STATISTICS carry the same facts under different names, so they are one kind.
 */
export type OutputKind = 'create-table' | 'indexes' | 'table-status' | 'tables' | 'columns' | 'pg-class' | 'pg-stats';

interface KindSpec {
  kind: OutputKind;
  /** Each entry lists the names one needed column may have. */
  needs: string[][];
  /** How the user produced it, for messages. */
  label: string;
}

// Order matters: information_schema.STATISTICS also has TABLE_NAME and COLUMN_NAME, as COLUMNS does.
const kinds: KindSpec[] = [
  { kind: 'create-table', needs: [['table'], ['create table']], label: 'SHOW CREATE TABLE' },
  {
    kind: 'indexes',
    needs: [['table', 'table_name'], ['key_name', 'index_name'], ['column_name']],
    label: 'SHOW INDEX / information_schema.STATISTICS',
  },
  { kind: 'table-status', needs: [['name'], ['rows']], label: 'SHOW TABLE STATUS' },
  { kind: 'tables', needs: [['table_name'], ['table_rows']], label: 'information_schema.TABLES' },
  { kind: 'columns', needs: [['table_name'], ['column_name']], label: 'information_schema.COLUMNS' },
  { kind: 'pg-class', needs: [['relname'], ['reltuples']], label: 'pg_class' },
  { kind: 'pg-stats', needs: [['tablename'], ['attname']], label: 'pg_stats' },
];

export function outputKind(headers: string[]): OutputKind | undefined {
  const names = new Set(headers.map((h) => h.toLowerCase()));
  return kinds.find((spec) => spec.needs.every((names_) => names_.some((n) => names.has(n))))?.kind;
}

export function kindLabel(kind: OutputKind): string {
  return kinds.find((spec) => spec.kind === kind)!.label;
}

/** For the client output reader: known results, and SHOW CREATE TABLE's DDL may span lines. */
export const classifyOutput: Classify = (headers) => {
  const kind = outputKind(headers);
  return kind ? { multiline: kind === 'create-table' } : undefined;
};

/** The index of the first header named like one of `names` (case-insensitive), or -1. */
export function headerIndex(headers: string[], ...names: string[]): number {
  const lower = headers.map((h) => h.toLowerCase());
  for (const name of names) {
    const i = lower.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}

/** Reads cells by header name: `cell(row, 'table', 'table_name')` is the first of those columns the table has. */
export function cellReader(table: OutputTable): (row: OutputRow, ...names: string[]) => Cell | undefined {
  return (row, ...names) => {
    const i = headerIndex(table.headers, ...names);
    return i < 0 ? undefined : row.cells[i];
  };
}
