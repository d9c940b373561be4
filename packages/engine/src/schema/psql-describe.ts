import type { OutputTable, Piece } from './client-output.ts';
import { structureError } from './input-errors.ts';

/**
 * psql's `\d table` as users paste it: a title line (`Table "public.documents"`), the aligned columns table
 * (Column | Type | Collation | Nullable | Default, more with `\d+`) and footers (`Indexes:`, `Check constraints:`,
 * `Foreign-key constraints:`, `Referenced by:`, `Triggers:`, `Partition key:`...), read into the DDL that makes the
 * same table and indexes, which is then read and run as typed DDL is.
 *
 * Taken: the columns with their types, collations and NOT NULL; the indexes (a primary key as the table's key, any
 * other as CREATE [UNIQUE] INDEX with its method, keys, INCLUDE and WHERE as printed); check constraints. Left out,
 * as planning does not need them or they name objects the paste does not define: defaults (`nextval('t_id_seq')`
 * names a sequence), foreign keys, triggers, policies, partitions.
 */

const TITLE = /^\s*(?:Unlogged table|Partitioned table|Table|Foreign table) "(.+)"\s*$/;
const FOOTER =
  /^(Indexes|Check constraints|Foreign-key constraints|Referenced by|Triggers|Disabled user triggers|Disabled internal triggers|Partition key|Partition of|Partition constraint|Partitions|Number of partitions|Access method|Tablespace|Publications|Policies|Statistics objects|Inherits|Child tables|Not-null constraints|Options|Replica Identity|Has OIDs|Server|FDW options)(?: \(.*\))?:/;
/** An index footer line: `"name" [PRIMARY KEY, | UNIQUE CONSTRAINT, | UNIQUE, ]method (keys)...`. */
const INDEX = /^\s+"((?:[^"]|"")+)" (PRIMARY KEY, |UNIQUE CONSTRAINT, |UNIQUE, )?([a-z_][a-z0-9_]*) (\(.*)$/;
const CHECK = /^\s+"((?:[^"]|"")+)" (CHECK .*)$/;
/** What psql prints after an index's definition about its state, not its shape. */
const INDEX_STATE =
  /(?:, tablespace "(?:[^"]|"")+"| CLUSTER| INVALID| REPLICA IDENTITY| DEFERRABLE| INITIALLY DEFERRED)+$/;

/** Whether an aligned result is the columns table of `\d`. */
export function isDescribeColumns(table: OutputTable): boolean {
  const names = new Set(table.headers.map((h) => h.toLowerCase()));
  return table.layout === 'aligned' && names.has('column') && names.has('type') && names.has('nullable');
}

/**
 * The DDL of each `\d` in `pieces`, by its columns table; the title and footer lines it takes are blanked in their
 * text pieces (line numbers stay those of the paste).
 */
export function describedTables(pieces: Piece[]): Map<OutputTable, string> {
  const found = new Map<OutputTable, string>();
  pieces.forEach((piece, i) => {
    if (piece.kind !== 'table' || !isDescribeColumns(piece.table)) return;
    const before = pieces[i - 1];
    const after = pieces[i + 1];
    const name = before?.kind === 'text' ? takeTitle(before) : undefined;
    if (name === undefined) {
      throw structureError(
        { line: piece.table.line, column: 1 },
        'psql \\d output needs its title line (Table "schema.name") above the columns',
        'psql \\d 的输出需要列表上方的标题行（Table "schema.name"）',
      );
    }
    const footer = after?.kind === 'text' ? takeFooter(after) : [];
    found.set(piece.table, describedDdl(name, piece.table, footer));
  });
  return found;
}

/** The table name of the last non-blank line of a text piece when it is a `\d` title; the line is blanked. */
function takeTitle(piece: Piece & { kind: 'text' }): string | undefined {
  const lines = piece.text.split('\n');
  let last = lines.length - 1;
  while (last >= 0 && !lines[last]!.trim()) last--;
  const title = last >= 0 ? TITLE.exec(lines[last]!) : null;
  if (!title) return undefined;
  lines[last] = '';
  piece.text = lines.join('\n');
  return title[1];
}

/** The footer lines at the start of a text piece (sections and their indented items), blanked there. */
function takeFooter(piece: Piece & { kind: 'text' }): string[] {
  const lines = piece.text.split('\n');
  const taken: string[] = [];
  let k = 0;
  for (; k < lines.length; k++) {
    const line = lines[k]!;
    if (!FOOTER.test(line) && !(taken.length > 0 && /^\s+\S/.test(line))) break;
    taken.push(line);
    lines[k] = '';
  }
  piece.text = lines.join('\n');
  return taken;
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `public.t` as psql prints it: `"t"`; another schema is kept (`"s"."t"`). */
function qualified(name: string): { table: string; schema?: string } {
  const dot = name.indexOf('.');
  const schema = dot > 0 ? name.slice(0, dot) : undefined;
  const table = quoted(dot > 0 ? name.slice(dot + 1) : name);
  return schema === undefined || schema === 'public' ? { table } : { table: `${quoted(schema)}.${table}`, schema };
}

function describedDdl(name: string, columns: OutputTable, footer: string[]): string {
  const { table, schema } = qualified(name);
  const lower = columns.headers.map((h) => h.toLowerCase());
  const at = (header: string) => lower.indexOf(header);
  const definitions = columns.rows.map((row) => {
    const cell = (header: string) => (at(header) < 0 ? '' : (row.cells[at(header)]?.text ?? '').trim());
    const collation = cell('collation');
    return [
      `    ${quoted(cell('column'))} ${cell('type')}`,
      collation ? ` COLLATE ${quoted(collation)}` : '',
      cell('nullable') === 'not null' ? ' NOT NULL' : '',
    ].join('');
  });
  const statements = [
    ...(schema === undefined ? [] : [`CREATE SCHEMA IF NOT EXISTS ${quoted(schema)};`]),
    `CREATE TABLE ${table} (\n${definitions.join(',\n')}\n);`,
  ];
  let section = '';
  for (const line of footer) {
    section = FOOTER.exec(line)?.[1] ?? section;
    const index = section === 'Indexes' ? INDEX.exec(line) : null;
    if (index) {
      const [, indexName, kind, method, rest] = index;
      const definition = rest!.replace(INDEX_STATE, '');
      const named = quoted(indexName!.replace(/""/g, '"'));
      statements.push(
        kind === 'PRIMARY KEY, '
          ? `ALTER TABLE ${table} ADD CONSTRAINT ${named} PRIMARY KEY ${definition};`
          : `CREATE ${kind ? 'UNIQUE ' : ''}INDEX ${named} ON ${table} USING ${method} ${definition};`,
      );
      continue;
    }
    const check = section === 'Check constraints' ? CHECK.exec(line) : null;
    if (check)
      statements.push(`ALTER TABLE ${table} ADD CONSTRAINT ${quoted(check[1]!.replace(/""/g, '"'))} ${check[2]};`);
  }
  return statements.join('\n');
}
