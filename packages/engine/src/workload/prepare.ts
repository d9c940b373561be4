import type { Dialect, Localized } from '@sqltune/contracts';
import { parseStatements } from '../dialect/parse.ts';
import type { StatementKind } from '../model/statement.ts';
import { findTable, type SchemaModel, unquote } from '../schema/model.ts';
import { withAnalysisCaches } from '../text/analysis-caches.ts';
import { codeTokens, lex } from '../text/lexer.ts';
import type { Workload, WorkloadEntry } from './model.ts';
import { readWorkload } from './read-workload.ts';
import { representativeText } from './representative.ts';

/** At most this many statements are optimized, those that took the most time: a report on more says little more. */
export const MAX_PLANNED_STATEMENTS = 20;

export interface PreparedStatement {
  /** 1-based, in the order of the input. */
  number: number;
  entry: WorkloadEntry;
  kind: StatementKind;
  /** The tables it names; for a write, the first is the one it changes. */
  tables: string[];
  /** The text the optimizer plans: placeholders replaced by representative values. */
  sql: string;
  /** Optimized and used to choose indexes (a SELECT or UPDATE on tables of the structure). */
  planned: boolean;
  /** Why it is not planned. */
  skipped?: Localized;
  /** INSERT, UPDATE, DELETE, REPLACE on a table of the structure: each added index there costs it time. */
  writes?: { table: string; columns: string[] | 'all' };
}

export interface PreparedWorkload {
  workload: Workload;
  statements: PreparedStatement[];
  /** Whether measured time weighs the statements (every planned one has some), else their calls. */
  weighting: 'time' | 'calls';
}

/**
 * The workload's statements ready for the optimizer: each made plannable (representativeText), classified, and the
 * MAX_PLANNED_STATEMENTS reads that took the most time chosen; writes are kept for the index write cost.
 */
export function prepareWorkload(text: string, dialect: Dialect, schema: SchemaModel): PreparedWorkload {
  return withAnalysisCaches(() => prepareWorkloadIn(text, dialect, schema));
}

function prepareWorkloadIn(text: string, dialect: Dialect, schema: SchemaModel): PreparedWorkload {
  const workload = readWorkload(text, dialect);
  const statements = workload.entries.map((entry, i) => prepareOne(entry, i + 1, workload, dialect, schema));
  const candidates = statements
    .filter((s) => s.planned)
    .sort((a, b) => b.entry.totalMs - a.entry.totalMs || b.entry.calls - a.entry.calls);
  for (const left of candidates.slice(MAX_PLANNED_STATEMENTS)) {
    left.planned = false;
    left.skipped = {
      zh: `不在耗时最多的 ${MAX_PLANNED_STATEMENTS} 条语句之内，未分析。`,
      en: `Not among the ${MAX_PLANNED_STATEMENTS} statements that took the most time; not analyzed.`,
    };
  }
  const planned = statements.filter((s) => s.planned);
  const weighting = planned.length > 0 && planned.every((s) => s.entry.totalMs > 0) ? 'time' : 'calls';
  return { workload, statements, weighting };
}

function prepareOne(
  entry: WorkloadEntry,
  number: number,
  workload: Workload,
  dialect: Dialect,
  schema: SchemaModel,
): PreparedStatement {
  const base = {
    number,
    entry,
    kind: 'other' as StatementKind,
    tables: [] as string[],
    sql: entry.text,
    planned: false,
  };
  if (entry.truncated) {
    return {
      ...base,
      skipped: {
        zh: '数据库截断了该语句文本（performance_schema_max_digest_length），无法分析。',
        en: 'The database cut this statement text (performance_schema_max_digest_length): it cannot be analyzed.',
      },
    };
  }
  const sql = representativeText(entry.text, workload.format, dialect, schema);
  let parsed: ReturnType<typeof parseStatements>[number] | undefined;
  try {
    const all = parseStatements(sql, dialect);
    parsed = all.length === 1 ? all[0] : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed) {
    // A digest's collapsed VALUES list does not parse, but the table it writes is plain to see.
    const written = writeTarget(sql, dialect);
    const table = written && findTable(schema, written.table);
    return {
      ...base,
      sql,
      ...(written && table
        ? { kind: written.kind, tables: [table.name], writes: { table: table.name, columns: written.columns } }
        : {}),
      skipped:
        written && table
          ? {
              zh: '写入语句：只计入所写表的索引维护代价。',
              en: 'A write: counted only in the index upkeep of the table it writes.',
            }
          : { zh: '该语句无法解析，未分析。', en: 'This statement does not parse; not analyzed.' },
    };
  }
  const tables = parsed.tables.map((t) => unquote(t.name));
  const known = tables.filter((t) => findTable(schema, t));
  const prepared: PreparedStatement = { ...base, kind: parsed.kind, tables, sql };
  // A MERGE's target is its first table; it may insert, so it writes every column.
  if (['insert', 'update', 'delete', 'replace', 'merge'].includes(parsed.kind) && known[0] === tables[0] && tables[0]) {
    const table = findTable(schema, tables[0])!.name;
    prepared.writes = { table, columns: parsed.kind === 'update' ? assignedColumns(sql, dialect) : 'all' };
  }
  if ((parsed.kind === 'select' || parsed.kind === 'update') && known.length > 0) prepared.planned = true;
  else {
    prepared.skipped =
      known.length === 0
        ? {
            zh: '该语句不读取表结构中的任何表，未分析。',
            en: 'This statement reads no table of the structure; not analyzed.',
          }
        : {
            zh: '写入语句：只计入所写表的索引维护代价。',
            en: 'A write: counted only in the index upkeep of the table it writes.',
          };
  }
  return prepared;
}

const WRITE_VERBS = ['insert', 'replace', 'update', 'delete'];

/**
 * The kind and table of a write read from its first words (INSERT INTO t, REPLACE t, UPDATE t, DELETE FROM t,
 * PostgreSQL's MERGE INTO t, which may insert: every column).
 */
function writeTarget(
  sql: string,
  dialect: Dialect,
): { kind: StatementKind; table: string; columns: string[] | 'all' } | undefined {
  const words = codeTokens(lex(sql, { mysql: dialect === 'mysql' })).map((t) => t.text);
  const verb = words[0]?.toLowerCase();
  let at = 1;
  while (/^(?:into|from|low_priority|delayed|high_priority|ignore|quick|only)$/i.test(words[at] ?? '')) at++;
  const name = words[at];
  // MySQL has no MERGE: there the word is no write (the statement is a syntax error).
  const verbs = dialect === 'mysql' ? WRITE_VERBS : [...WRITE_VERBS, 'merge'];
  if (!name || !verb || !verbs.includes(verb)) return undefined;
  // `schema . table` or `schema.table`: the last part names the table.
  const table = words[at + 1] === '.' && words[at + 2] ? words[at + 2]! : name;
  const bare = unquote(table.split('.').at(-1)!);
  return {
    kind: verb as StatementKind,
    table: bare,
    columns: verb === 'update' ? assignedColumns(sql, dialect) : 'all',
  };
}

/** The columns an UPDATE's SET assigns (`SET a = ..., t.b = ...`): an index without them is not touched. */
function assignedColumns(sql: string, dialect: Dialect): string[] {
  const tokens = codeTokens(lex(sql, { mysql: dialect === 'mysql' }));
  const set = tokens.findIndex((t) => t.text.toUpperCase() === 'SET');
  const columns: string[] = [];
  let depth = 0;
  for (let i = set + 1; set >= 0 && i < tokens.length; i++) {
    const text = tokens[i]!.text;
    if (depth === 0 && /^(?:WHERE|ORDER|LIMIT|FROM|RETURNING)$/i.test(text)) break;
    if (text === '(') depth++;
    else if (text === ')') depth--;
    else if (depth === 0 && text === '=' && i > 0)
      columns.push(unquote(tokens[i - 1]!.text.split('.').at(-1)!).toLowerCase());
  }
  return columns;
}

/**
 * The table a write changes and the columns it assigns (`'all'` for INSERT, REPLACE and DELETE, which change every
 * index of the table), when the table is one of the structure; undefined for a read. From the statement's first
 * words, so a write that does not parse is still read.
 */
export function writeTargetOf(
  sql: string,
  dialect: Dialect,
  schema: SchemaModel,
): { table: string; columns: string[] | 'all' } | undefined {
  const written = writeTarget(sql, dialect);
  const table = written && findTable(schema, written.table);
  return written && table ? { table: table.name, columns: written.columns } : undefined;
}
