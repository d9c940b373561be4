import type { Localized } from '@sqltune/contracts';

/**
 * The sandboxes' note on tables planned at the default size because the user gave no statistics for them. A
 * structure of 400 tables behind one statement named all 400; the report names the ones its statements read.
 */

/** A table planned at the default size, and the names a statement reads it by (its own, a partitioned parent's). */
export interface DefaultedTable {
  readonly name: string;
  readonly readAs: readonly string[];
}

/** The note with the tables it names, so that it can be said again of fewer of them. */
export interface DefaultedTablesNote extends Localized {
  readonly defaulted: readonly DefaultedTable[];
  readonly rows: number;
}

/** What a submission's statements read: table names in lower case, or everything when one reads a view. */
export interface ReadTables {
  readonly names: ReadonlySet<string>;
  /** A view hides the tables it reads from the statement's text: every table may be planned. */
  readonly all: boolean;
}

export function defaultedTablesNote(defaulted: readonly DefaultedTable[], rows: number): DefaultedTablesNote {
  const sorted = [...defaulted].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const list = sorted.map((t) => t.name).join(', ');
  return {
    zh: `以下表没有统计信息，按每表 ${rows} 行估算：${list}`,
    en: `no statistics for ${list}: planned as ${rows} rows each`,
    defaulted: sorted,
    rows,
  };
}

/** The note as said of the tables the statements read; undefined when they read none of them. */
export function noteForReadTables(note: Localized, read: ReadTables | undefined): Localized | undefined {
  if (!read || read.all || !('defaulted' in note)) return note;
  const { defaulted, rows } = note as DefaultedTablesNote;
  const readOnes = defaulted.filter((t) => t.readAs.some((name) => read.names.has(name.toLowerCase())));
  if (readOnes.length === 0) return undefined;
  const { zh, en } = defaultedTablesNote(readOnes, rows);
  return { zh, en };
}
