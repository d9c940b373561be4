import { type Dialect, type IndexColumnRole, indexRolesWording, type Localized } from '@sqltune/contracts';
import {
  type AstNode,
  child,
  children,
  columnRef,
  functionArgs,
  functionName,
  literalValue,
  walk,
} from '../model/ast.ts';
import { expressionText } from '../model/expression-text.ts';
import { isBinaryExpr, isFunctionCall } from '../model/nodes.ts';
import type { ParsedStatement } from '../model/statement.ts';
import {
  columnStatistics,
  distinctValues,
  findTable,
  type IndexDef,
  type SchemaModel,
  servesComparisons,
  type TableDef,
} from '../schema/model.ts';
import {
  groupKeyMeaning,
  holdsSetOperationOrder,
  orderKeyMeaning,
  querySources,
  resolve,
  resolveColumn,
  selectItemKeys,
  selectQueries,
} from '../semantics/scope.ts';
import { familyOfType, isInteger, isText } from '../semantics/types.ts';
import { expressionKey, holdsNoColumn } from './expression-keys.ts';
import { type FulltextSearch, fulltextCandidates, fulltextSearches, sameColumnSet } from './fulltext-keys.ts';
import { estimatedIndexBytes } from './size.ts';

/**
 * An index worth asking the optimizer about. Candidates are only proposals: the planner's advisor keeps the
 * ones the real optimizer reads in a cheaper plan.
 */
export interface IndexCandidate {
  table: string;
  /**
   * Key columns, in order. A key that names no column of the table is a PostgreSQL expression's text (`lower(email)`,
   * see expression-keys.ts), written in parentheses in the DDL.
   */
  columns: string[];
  /** Non-key columns stored in the index so it covers the query (PostgreSQL INCLUDE; MySQL appends them). */
  include: string[];
  kind: 'btree' | 'covering' | 'gin' | 'fulltext';
  /**
   * MySQL FULLTEXT for a MATCH ... AGAINST: the statement cannot run (nor be planned) without it (error 1191), so it
   * is advised whatever it costs, never weighed against a plan without it.
   */
  required?: true;
  /** Key columns stored in descending order (an ORDER BY that mixes directions); absent when none. */
  descending?: string[];
  /** PostgreSQL partial index: the predicate of the rows it holds (`locked_at IS NULL`). */
  where?: string;
  /** How many leading key columns the statement compares by equality (or joins on): a lookup, not a range. */
  equalityPrefix: number;
  name: string;
  ddl: string;
  reason: Localized;
  /** What each column does, key columns in order then the included ones (same order as `[...columns, ...include]`). */
  roles: IndexColumnRole[];
  /** Key columns the statistics give no distinct count for: the optimizer estimates them with its defaults. */
  missingStatistics: string[];
  /** MySQL prefix lengths of the key columns (null for a whole column), when any key column is a long string. */
  prefixLengths?: Array<number | null>;
  /** Existing indexes this one replaces (one whose prefix is too short to tell the column's values apart). */
  replaces?: string[];
  /** PostgreSQL: the extension the index's operator class comes from (`pg_trgm` for gin_trgm_ops), when not built in. */
  extension?: string;
  /** Every column of the table the statement compares (equality, join or range), whether or not in this key. */
  conditionColumns: string[];
  /** Estimated size from the statistics' row count and the columns' widths; undefined without a row count. */
  estimatedBytes?: number;
}

/**
 * Why a table the statement filters, joins, sorts or groups gets no candidate at all (the report says so when a
 * plan hotspot on that table says an index may help).
 */
export interface SkippedTable {
  table: string;
  reason: 'tiny-table' | 'already-covered' | 'needs-prefix' | 'not-indexable' | 'foreign-table';
  message: Localized;
}

/** How a query uses one table's columns. */
interface TableUsage {
  /**
   * Compared with `=`, `IN` or `IS` to a constant (or a parameter). Here and in the other key lists, an entry that
   * names no column is the text of an indexable PostgreSQL expression (`lower(email)`).
   */
  equality: string[];
  /** Compared with `=` to another table's column: the lookup side of a join. */
  join: string[];
  /** Compared with `<`, `BETWEEN`, a prefix `LIKE`... */
  range: string[];
  /** Compared with a prefix `LIKE` (also in `range`). */
  pattern: string[];
  /** Compared with `<`, `<=`, `>`, `>=` or `BETWEEN` (also in `range`): by the collation's order. */
  inequality: string[];
  groupBy: string[];
  /**
   * The ORDER BY, when every item is a plain column of this table or (PostgreSQL) an indexable expression of its
   * columns, without NULLS FIRST/LAST.
   */
  orderBy: string[];
  /**
   * ORDER BY columns sorted the other way from the first (`ORDER BY a, b DESC`: b): a key read in that order stores
   * them descending. Empty when all go one way, which a plain key serves read forwards or backwards.
   */
  orderDescending: string[];
  /** Columns the query takes MIN or MAX of: after the equality columns, an index finds them at one end. */
  minMax: string[];
  /** Every column of the table the query reads, for covering indexes. */
  used: string[];
  /**
   * PostgreSQL: jsonb, array, tsvector or hstore columns searched with an operator only a GIN index serves (`@>`,
   * `<@`, `?`, `?|`, `?&`, `&&`, `@?`, `@@`): a B-tree on them is of no use.
   */
  containment: string[];
  /** Of those, the ones asked for keys (`?`, `?|`, `?&`): jsonb_path_ops does not serve these, jsonb_ops does. */
  keyExistence: string[];
  /** Expressions on the table's columns the conditions compare that no index proposed here can hold, and why. */
  refused: Array<{ text: string; why: Localized }>;
  /** MySQL: the column lists of its MATCH (...) AGAINST (...) searches, and whether any is IN BOOLEAN MODE. */
  fulltext: FulltextSearch[];
  /**
   * PostgreSQL: text columns matched with LIKE or ILIKE by a pattern that starts with a wildcard and holds a run of
   * TRIGRAM_RUN characters (`body ILIKE '%tuning%'`): no B-tree serves it, a pg_trgm GIN does.
   */
  trigram: string[];
  /**
   * Conditions of the WHERE, ANDed at its top, that pick a subset a (PostgreSQL) partial index can hold
   * (`locked_at IS NULL`, `done = false`): the column each tests, what it holds, and its predicate text.
   */
  partial: PartialCondition[];
}

const equalityOperators = new Set(['=', 'IN', 'IS']);
/** PostgreSQL operators a GIN index serves on jsonb, arrays, tsvector and hstore (never a B-tree). */
const ginOperators = new Set(['@>', '<@', '?', '?|', '?&', '&&', '@?', '@@']);
const keyExistenceOperators = new Set(['?', '?|', '?&']);

/**
 * PostgreSQL columns that may hold documents (jsonb, json, bytea, xml, tsvector, arrays; text or varchar without a
 * length, unless the statistics show short values): never a covered column.
 */
function isDocument(table: TableDef, column: string): boolean {
  const def = table.columns.find((c) => c.name.toLowerCase() === column.toLowerCase());
  const type = def?.type ?? '';
  if (/^(JSONB?|BYTEA|XML|TSVECTOR)$/.test(type) || /\[\]$/.test(type)) return true;
  if (!/^(TEXT|VARCHAR|CHARACTER VARYING)$/.test(type) || def?.length !== undefined) return false;
  const width = columnStatistics(table, column)?.averageWidth;
  return width === undefined || width > SHORT_TEXT_BYTES;
}

/** A text column whose values average this many bytes or fewer (a name, an email) may be covered. */
const SHORT_TEXT_BYTES = 100;

/** Column types with a built-in GIN operator class (plain json has none; `integer ARRAY` is read without its []). */
function ginIndexable(type: string): boolean {
  return /^(JSONB|TSVECTOR|HSTORE)$/.test(type) || /\[\]$/.test(type);
}
const rangeOperators = new Set(['<', '<=', '>', '>=', 'BETWEEN', 'LIKE']);

export interface CandidateOptions {
  /**
   * Also propose indexes for the WHERE (and ORDER BY) of an UPDATE or DELETE itself, not only for the SELECTs in it:
   * the workload advisor, which weighs an index's upkeep on the writes against what it saves them in finding rows.
   */
  writes?: boolean;
}

/** Longest key proposed: beyond four columns an index rarely pays for its size and write cost. */
export const MAX_KEY_COLUMNS = 4;
/** A covering index may hold at most this many columns in all. */
const MAX_COVERING_COLUMNS = 6;
/** Candidates per table, best guesses first, so the what-if search stays short. */
const MAX_PER_TABLE = 6;

/**
 * Proposes indexes from how the statement filters, joins, groups and sorts each table: equality and join columns
 * first (the most selective first when statistics say so), then one range column; the equality columns followed by
 * the ORDER BY (to skip a sort) or the GROUP BY; single columns; and a covering variant when the query reads few
 * columns of a wide table. Columns an existing index already leads with, keys a unique index already pins, and
 * tables the statistics call tiny get nothing.
 */
export function indexCandidates(statement: ParsedStatement, schema: SchemaModel): IndexCandidate[] {
  return indexCandidateReport(statement, schema).candidates;
}

/** The candidates, and for each table used by the statement that gets none, why. */
export function indexCandidateReport(
  statement: ParsedStatement,
  schema: SchemaModel,
  options: CandidateOptions = {},
): { candidates: IndexCandidate[]; skipped: SkippedTable[] } {
  const candidates: IndexCandidate[] = [];
  const skipped: SkippedTable[] = [];
  for (const [tableName, usage] of usageByTable(statement, schema, options)) {
    const table = findTable(schema, tableName);
    if (!table) continue;
    if (table.foreignTable) {
      skipped.push({ table: table.name, reason: 'foreign-table', message: foreignTableMessage(table.name) });
      continue;
    }
    // Whatever the table's size: without it the statement does not run.
    const search = fulltextCandidates(table, usage.fulltext);
    candidates.push(...search.candidates);
    const searchCovered = search.covered && {
      table: table.name,
      reason: 'already-covered' as const,
      message: coveredBy(table, search.covered, search.covered.columns),
    };
    if (tooSmallToIndex(table)) {
      if (search.candidates.length === 0)
        skipped.push({ table: table.name, reason: 'tiny-table', message: tinyTable(table) });
      continue;
    }
    const proposals = proposalsFor(table, usage, statement.dialect);
    let count = 0;
    let firstSkip: SkippedTable | undefined;
    for (const proposal of proposals) {
      if (count >= MAX_PER_TABLE) break;
      const { columns, include } = proposal;
      if (columns.length === 0) continue;
      const mysql = statement.dialect === 'mysql';
      const conditions = usage.partial.map((p) => p.text);
      const existing = alreadyIndexed(table, proposal, conditions, mysql);
      if (existing) {
        firstSkip ??= { table: table.name, reason: 'already-covered', message: coveredBy(table, existing, columns) };
        continue;
      }
      const prefixes = mysql ? prefixLengthsFor(table, columns) : [];
      const unprefixable = mysql
        ? [
            ...columns.filter((_, i) => prefixes[i] === undefined),
            ...include.filter((c) => isLongString(table, c)),
          ].find((c) => isLongString(table, c))
        : undefined;
      // A prefix column does not hold the whole value: with one, the index cannot cover the query.
      const prefixCovering = include.length > 0 && prefixes.some((l) => typeof l === 'number');
      if (unprefixable || prefixCovering) {
        if (unprefixable) {
          firstSkip ??= { table: table.name, reason: 'needs-prefix', message: needsPrefix(table, unprefixable) };
        }
        continue;
      }
      // PostgreSQL: a document stored in a B-tree entry makes every write copy it, and one over about 2.7 kB fails the
      // insert ("index row size exceeds btree maximum"); such a column is read from the table instead.
      if (!mysql && include.some((c) => isDocument(table, c))) continue;
      if (prefixes.some((l) => typeof l === 'number')) proposal.prefixLengths = prefixes as Array<number | null>;
      const unique = pinnedByUniqueKey(table, columns, new Set([...usage.equality, ...usage.join]), conditions);
      if (unique) {
        firstSkip ??= { table: table.name, reason: 'already-covered', message: pinnedBy(table, unique) };
        continue;
      }
      const shape = (c: Pick<Proposal, 'columns' | 'include' | 'descending' | 'where'>) =>
        `${c.columns.join()}|${c.include.join()}|${c.descending?.join() ?? ''}|${c.where ?? ''}`;
      if (candidates.some((c) => c.table === table.name && shape(c) === shape(proposal))) continue;
      candidates.push(candidateFor(statement.dialect, table, proposal));
      count++;
    }
    if (count > 0 || search.candidates.length > 0) continue;
    skipped.push(
      firstSkip ??
        searchCovered ??
        alreadyIndexedExpression(table, usage.refused) ?? {
          table: table.name,
          reason: 'not-indexable',
          message: usage.refused.length > 0 ? refusedExpressions(usage.refused) : notIndexableMessage(table.name),
        },
    );
  }
  return { candidates, skipped };
}

interface Proposal {
  columns: string[];
  include: string[];
  why: 'filter' | 'join' | 'order' | 'group' | 'minmax' | 'covering' | 'containment' | 'trigram';
  /**
   * PostgreSQL: GIN for a containment or substring-matched column, with the operator class when not the default one
   * and the extension that defines it.
   */
  gin?: { operatorClass?: string; extension?: string };
  /** Columns compared by equality or joined on, for `equalityPrefix`. */
  equal?: Set<string>;
  /** The role of each of `[...columns, ...include]`. */
  roles: IndexColumnRole[];
  /** Every column of the table the statement compares (equality, join or range). */
  conditionColumns?: string[];
  /** MySQL prefix lengths of the key columns (null for a whole column), when any key column needs one. */
  prefixLengths?: Array<number | null>;
  /** Key columns only a prefix `LIKE` reads through the index (PostgreSQL keys them with a pattern operator class). */
  pattern?: string[];
  /** Key columns stored descending, for an ORDER BY that mixes directions. */
  descending?: string[];
  /** PostgreSQL partial index: the predicate of the rows it holds, and the share of the rows that is. */
  where?: string;
  rowsShare?: number;
}

function proposalsFor(table: TableDef, usage: TableUsage, dialect: Dialect): Proposal[] {
  // A column only tested by a predicate (`deleted_at IS NULL`, `is_active = true`) goes after the columns compared
  // with values: nearly every row of an ORM's soft delete shares its NULL, however many distinct values the others
  // hold. (PostgreSQL then states it as a partial index's WHERE: withPredicateOutOfKey.)
  const predicateOnly = (c: string) => usage.partial.some((p) => p.column === c);
  const ranked = bySelectivity(table, unique([...usage.equality, ...usage.join]));
  const selective = [...ranked.filter((c) => !predicateOnly(c)), ...ranked.filter(predicateOnly)];
  const rangeColumn = usage.range.find((c) => !selective.includes(c));
  const lookup = [
    ...selective.slice(0, MAX_KEY_COLUMNS - (rangeColumn ? 1 : 0)),
    ...(rangeColumn ? [rangeColumn] : []),
  ];
  const proposals: Proposal[] = [];
  const equal = new Set(selective);
  const conditionColumns = unique([...usage.equality, ...usage.join, ...usage.range]);
  // A column compared with a value is an equality even when it is also joined: the lookup is by the value.
  const equalRole = (column: string): IndexColumnRole => (usage.equality.includes(column) ? 'equality' : 'join');
  // A pattern operator class orders by bytes, not by the collation: it serves LIKE and equality, never a sort, a
  // grouping or a `<` under the collation, so a column the query also uses that way keeps the default class.
  const patternKeys = (key: string[]) =>
    key.filter(
      (c) =>
        usage.pattern.includes(c) &&
        !usage.orderBy.includes(c) &&
        !usage.groupBy.includes(c) &&
        !usage.minMax.includes(c) &&
        !usage.inequality.includes(c),
    );
  /** `tail` is the role of the key columns after the equality ones (the range, ORDER BY or GROUP BY columns). */
  /** `ordered`: a key column after the tail ones whose order the query uses (the MIN/MAX column after a GROUP BY). */
  const add = (
    columns: string[],
    why: Proposal['why'],
    tail: IndexColumnRole,
    include: string[] = [],
    ordered?: string,
    subset: Pick<Proposal, 'where' | 'rowsShare'> = {},
  ) => {
    const key = unique(columns).slice(0, MAX_KEY_COLUMNS);
    const roles = [
      ...key.map((c): IndexColumnRole => (equal.has(c) ? equalRole(c) : c === ordered ? 'order' : tail)),
      ...include.map((): IndexColumnRole => 'cover'),
    ];
    // The ORDER BY's columns keep its directions wherever the key holds them all in its order (after equality keys).
    const orderAt = key.findIndex((c) => c === usage.orderBy[0]);
    const inOrder = orderAt >= 0 && usage.orderBy.every((c, i) => key[orderAt + i] === c);
    const descending = inOrder ? key.filter((c) => usage.orderDescending.includes(c)) : [];
    proposals.push({
      columns: key,
      include,
      why,
      equal,
      roles,
      conditionColumns,
      pattern: patternKeys(key),
      ...(descending.length > 0 ? { descending } : {}),
      ...subset,
    });
  };

  // First: a containment or substring search is what the query looks for, and no B-tree key serves it.
  for (const column of usage.containment) proposals.push(ginProposal(table, column, usage));
  for (const column of usage.trigram) proposals.push(trigramProposal(column));
  if (lookup.length > 0) add(lookup, usage.join.some((c) => lookup.includes(c)) ? 'join' : 'filter', 'range');
  // A queue's `WHERE locked_at IS NULL AND queue = ? ORDER BY priority LIMIT 10`: a partial index holds only the rows
  // the predicate picks, keyed by the other conditions and the ORDER BY, and stays small while most rows are done.
  if (dialect === 'postgresql' && usage.partial.length > 0) {
    const keyed = (c: string) => !usage.partial.some((p) => p.column === c);
    const lookupKeys = selective.filter(keyed);
    const range = rangeColumn && keyed(rangeColumn) ? [rangeColumn] : [];
    const ordered = usage.orderBy.length > 0 && usage.orderBy.every(keyed) && range.length === 0;
    const key = ordered ? [...lookupKeys, ...usage.orderBy] : [...lookupKeys, ...range];
    const where = {
      where: usage.partial.map((p) => p.text).join(' AND '),
      rowsShare: partialShare(table, usage.partial),
    };
    if (key.length > 0) add(key, ordered ? 'order' : 'filter', ordered ? 'order' : 'range', [], undefined, where);
  }
  // Equality columns that each match a large share of the rows make a poor lead: a selective range may lead instead.
  // Columns only joined on (no value to look up) serve one join order, where this table is probed per row of the
  // other; in the other order this table is read first, by its range, and the join columns after it let the index
  // cover them (MariaDB in-subquery-range: the subquery materialized from orders (pay_time, user_id), 9x, while
  // (user_id, pay_time) was read in full, 1.03x).
  const joinOnly = selective.length > 0 && selective.every((c) => !usage.equality.includes(c));
  if (rangeColumn && (joinOnly || (selective.length > 0 && selective.every((c) => unselective(table, c))))) {
    add([rangeColumn, ...selective.slice(0, MAX_KEY_COLUMNS - 1)], 'filter', 'range');
  }
  for (const column of usage.minMax) {
    if (!selective.includes(column)) add([...selective.slice(0, MAX_KEY_COLUMNS - 1), column], 'minmax', 'order');
  }
  if (usage.orderBy.length > 0) {
    add(
      [...selective.slice(0, Math.max(0, MAX_KEY_COLUMNS - usage.orderBy.length)), ...usage.orderBy],
      'order',
      'order',
    );
  }
  if (usage.groupBy.length > 0) add([...selective, ...usage.groupBy], 'group', 'group');
  // GROUP BY with MIN/MAX of one column: after the group columns the index keeps each group's rows in that column's
  // order, so each group's MIN/MAX is at one end (a loose index scan on MySQL: one probe per group).
  if (usage.groupBy.length > 0 && usage.minMax.length === 1 && !usage.groupBy.includes(usage.minMax[0]!)) {
    add([...selective, ...usage.groupBy, usage.minMax[0]!], 'group', 'group', [], usage.minMax[0]);
  }
  // After equality columns the ORDER BY columns keep the index in the query's order, so a covering index with them in
  // its key saves the sort too and stops at a LIMIT (`WHERE name = ? ORDER BY updated_at DESC LIMIT 10`). After a
  // range the order is lost, and the ORDER BY columns are only covered.
  const orderAfterLookup =
    lookup.length > 0 &&
    usage.orderBy.length > 0 &&
    lookup.every((c) => equal.has(c)) &&
    unique([...lookup, ...usage.orderBy]).length <= MAX_KEY_COLUMNS;
  const covered = orderAfterLookup ? unique([...lookup, ...usage.orderBy]) : lookup.length > 0 ? lookup : usage.orderBy;
  // InnoDB keeps the primary key in every secondary index: on MySQL it covers without being written again.
  const primary = dialect === 'mysql' ? (table.indexes.find((i) => i.primary)?.columns ?? []) : [];
  const rest = usage.used.filter((c) => !covered.includes(c) && !primary.includes(c));
  // An existing index that already leads with the covered columns, when it reads few rows anyway: the ORDER BY
  // columns (the primary key, say: it reads in order and stops at the LIMIT), or equality columns the statistics
  // say find a few rows each. A covering copy only saves those few table reads, not worth its writes and size.
  const fewRows =
    lookup.length === 0 || (lookup.every((c) => equal.has(c)) && (rowsPerKey(table, lookup) ?? Infinity) <= FEW_ROWS);
  const existingServes = fewRows && leadsWith(table, covered);
  if (
    !existingServes &&
    covered.length > 0 &&
    rest.length > 0 &&
    covered.length + rest.length <= MAX_COVERING_COLUMNS &&
    covered.length + rest.length < table.columns.length
  ) {
    add(covered, 'covering', lookup.length > 0 && !orderAfterLookup ? 'range' : 'order', rest);
  }
  for (const column of selective) add([column], usage.join.includes(column) ? 'join' : 'filter', 'range');
  if (rangeColumn) add([rangeColumn], 'filter', 'range');
  if (dialect === 'mysql') return proposals;
  const partial = proposals.map((p) => withPredicateOutOfKey(table, p, usage.partial));
  // A key of the predicate's columns alone (`(deleted_at)`) only looks cheap while PostgreSQL, without statistics,
  // takes `IS NULL` to pick half a percent of the rows; beside an index holding just those rows it is left out.
  const keysPredicateOnly = (p: Proposal) => p.where === undefined && p.columns.every(predicateOnly);
  return partial.some((p) => p.where !== undefined) ? partial.filter((p) => !keysPredicateOnly(p)) : partial;
}

/**
 * PostgreSQL: a key column the query only tests with a partial predicate (the soft delete every ORM writes, Rails'
 * and GORM's `deleted_at IS NULL`, or `is_active = true`) becomes the index's WHERE instead of a key: the index holds
 * only the rows the query can return, keyed by the columns that pick among them (`(email) WHERE deleted_at IS NULL`,
 * not `(deleted_at, email)`, whose lead nearly every row shares). A key of such columns only stays as it is.
 */
function withPredicateOutOfKey(table: TableDef, proposal: Proposal, partial: PartialCondition[]): Proposal {
  if (proposal.where !== undefined) return proposal;
  const stated = (c: string, i: number) => proposal.roles[i] === 'equality' && partial.some((p) => p.column === c);
  const moved = proposal.columns.filter(stated);
  const keep = proposal.columns.map((c, i) => !stated(c, i));
  if (moved.length === 0 || !keep.includes(true)) return proposal;
  const columns = proposal.columns.filter((_, i) => keep[i]);
  const inKey = (list: string[] | undefined) => list?.filter((c) => columns.includes(c));
  return {
    ...proposal,
    columns,
    roles: proposal.roles.filter((_, i) => i >= keep.length || keep[i]),
    ...(proposal.pattern ? { pattern: inKey(proposal.pattern) } : {}),
    ...(proposal.descending ? { descending: inKey(proposal.descending) } : {}),
    where: partial.map((p) => p.text).join(' AND '),
    rowsShare: partialShare(table, partial),
  };
}

/**
 * A GIN index on one containment column. jsonb takes jsonb_path_ops when the query only asks `@>`, `@?` or `@@`: it
 * indexes paths with their values, smaller and faster for containment than the default jsonb_ops, which `?`, `?|`
 * and `?&` need (they ask for keys).
 */
function ginProposal(table: TableDef, column: string, usage: TableUsage): Proposal {
  const type = table.columns.find((c) => c.name.toLowerCase() === column.toLowerCase())?.type;
  const pathOps = type === 'JSONB' && !usage.keyExistence.includes(column);
  return {
    columns: [column],
    include: [],
    why: 'containment',
    roles: ['containment'],
    conditionColumns: [column],
    gin: pathOps ? { operatorClass: 'jsonb_path_ops' } : {},
  };
}

/** A GIN with pg_trgm's operator class: LIKE and ILIKE find their rows by the trigrams of the pattern's text. */
function trigramProposal(column: string): Proposal {
  return {
    columns: [column],
    include: [],
    why: 'trigram',
    roles: ['pattern'],
    conditionColumns: [column],
    gin: { operatorClass: 'gin_trgm_ops', extension: 'pg_trgm' },
  };
}

/**
 * pg_trgm finds a pattern's rows by the trigrams of its text between the wildcards; one with no run of three
 * characters has none, and the index is read whole ("degenerates to a full-index scan", its documentation says).
 */
const TRIGRAM_RUN = 3;

/**
 * A literal pattern a B-tree cannot serve that holds a run of TRIGRAM_RUN characters that are not wildcards: any
 * ILIKE one (case-insensitive, so not even a prefix is a range of the index), a LIKE one that starts with a wildcard.
 */
function trigramPattern(node: AstNode | undefined, caseInsensitive: boolean): boolean {
  const value = literalValue(node);
  if (typeof value !== 'string' || !(caseInsensitive || /^[%_]/.test(value))) return false;
  return value
    .replace(/\\./g, 'x')
    .split(/[%_]/)
    .some((run) => run.length >= TRIGRAM_RUN);
}

/** Whether a node refers to no column of a table of the structure (a value, or a function's result named in FROM). */
function holdsNoTableColumn(node: AstNode | undefined, owner: (node: AstNode | undefined) => unknown): boolean {
  if (!node) return false;
  let found = false;
  walk(node, ({ node: inner }) => {
    if ((columnRef(inner) && owner(inner) !== undefined) || inner.type === 'select') found = true;
    return found ? false : undefined;
  });
  return !found;
}

/** Rows an equality lookup on these columns finds, at most, by the statistics: a few is a handful of page reads. */
const FEW_ROWS = 10;

/** The rows per value of the most selective of the columns (the statistics' row count over its distinct count). */
function rowsPerKey(table: TableDef, columns: string[]): number | undefined {
  const rows = table.statistics?.rows;
  const distinct = Math.max(...columns.map((c) => distinctValues(table, c) ?? 0));
  return rows !== undefined && distinct > 0 ? rows / distinct : undefined;
}

/** Whether an existing index starts with exactly these columns, in this order. */
function leadsWith(table: TableDef, columns: string[]): boolean {
  return (
    columns.length > 0 &&
    table.indexes.some(
      (index) =>
        servesComparisons(index) && columns.every((c, i) => index.columns[i]?.toLowerCase() === c.toLowerCase()),
    )
  );
}

/** A column whose each value matches over this share of the rows (by its distinct count) is a poor index lead. */
const UNSELECTIVE_SHARE = 0.01;

function unselective(table: TableDef, column: string): boolean {
  const distinct = distinctValues(table, column);
  return distinct !== undefined && distinct > 0 && 1 / distinct > UNSELECTIVE_SHARE;
}

/** Most distinct values first (statistics); columns without a count keep their order, after those with one. */
function bySelectivity(table: TableDef, columns: string[]): string[] {
  const distinct = (column: string) => distinctValues(table, column) ?? -1;
  return [...columns].sort((a, b) => distinct(b) - distinct(a));
}

function usageByTable(
  statement: ParsedStatement,
  schema: SchemaModel,
  options: CandidateOptions = {},
): Map<string, TableUsage> {
  const usage = new Map<string, TableUsage>();
  const entry = (table: string): TableUsage => {
    let found = usage.get(table);
    if (!found) {
      found = {
        equality: [],
        join: [],
        range: [],
        pattern: [],
        inequality: [],
        groupBy: [],
        orderBy: [],
        minMax: [],
        used: [],
        containment: [],
        keyExistence: [],
        refused: [],
        partial: [],
        orderDescending: [],
        fulltext: [],
        trigram: [],
      };
      usage.set(table, found);
    }
    return found;
  };
  const root = statement.ast;
  const write = options.writes && (root.type === 'update' || root.type === 'delete') ? [root] : [];
  // A MERGE joins its source to its target on its ON: that join is how it finds its rows, whatever the options.
  const merge = root.type === 'merge' ? [root] : [];
  for (const query of [...write, ...merge, ...selectQueries(statement.ast)]) {
    const owner = (node: AstNode | undefined) => {
      const ref = columnRef(node);
      return ref && ref.column !== '*' ? resolveColumn(root, schema, query, ref) : undefined;
    };
    // A column of an enclosing query: the other side of a correlated subquery's condition.
    const outerOwner = (node: AstNode | undefined) => {
      const ref = columnRef(node);
      if (!ref || ref.column === '*') return undefined;
      const found = resolve(root, schema, query, ref);
      return found.kind === 'outer' && found.source.def && found.column
        ? { table: found.source.def.name, column: found.column }
        : undefined;
    };
    const sources = querySources(root, schema, query);
    // Every column the query reads, by table (for covering indexes: a write reads the whole row anyway); an ORDER BY
    // or GROUP BY name that stands for a select item reads what the item reads.
    if (query.type === 'select') {
      const itemKeys = selectItemKeys(query, sources);
      walk(query, ({ node, key }) => {
        if (key === 'ast' || (node !== query && node.type === 'select') || itemKeys.has(node)) return false;
        const found = owner(node);
        if (found) pushUnique(entry(found.table).used, found.column.name);
        return undefined;
      });
    }
    // An expression of one table's columns compared with a value: an expression key, or why no index can hold it.
    // `valueSide`: whether the other side is a value for the key to be compared with (by default: it holds no column).
    const expressionSide = (
      side: AstNode | undefined,
      other: AstNode | undefined,
      valueSide: (node: AstNode | undefined) => boolean = holdsNoColumn,
    ) => {
      if (!side || !valueSide(other)) return undefined;
      const key = expressionKey(side, statement.dialect, owner);
      if (key && !key.indexable && !entry(key.table).refused.some((r) => r.text === key.text)) {
        entry(key.table).refused.push({ text: key.text, why: key.why });
      }
      return key?.indexable ? key : undefined;
    };
    for (const condition of topConjuncts(child(query, 'where'))) {
      const subset = partialPredicate(condition, owner);
      if (!subset) continue;
      const { partial } = entry(subset.table);
      if (!partial.some((p) => p.text === subset.text)) partial.push(subset);
    }
    if (statement.dialect === 'mysql') {
      for (const search of fulltextSearches(query, owner)) {
        const { fulltext } = entry(search.table);
        const same = fulltext.find((f) => sameColumnSet(f.columns, search.columns));
        if (same) same.booleanMode ||= search.booleanMode;
        else fulltext.push({ columns: search.columns, booleanMode: search.booleanMode });
      }
    }
    const conditions = [
      child(query, 'where'),
      child(query, 'on'),
      ...children(query, 'from').map((s) => child(s, 'on')),
    ];
    for (const condition of conditions) {
      if (!condition) continue;
      walk(condition, ({ node }) => {
        if (node.type === 'select') return false;
        if (node.type !== 'binary_expr') return undefined;
        const operator = String(node.operator).toUpperCase();
        const left = child(node, 'left');
        const right = child(node, 'right');
        if (operator === '=' && owner(left) && owner(right)) {
          const a = owner(left)!;
          const b = owner(right)!;
          if (a.table !== b.table) {
            pushUnique(entry(a.table).join, a.column.name);
            pushUnique(entry(b.table).join, b.column.name);
          }
          return undefined;
        }
        // A correlated subquery matched on an outer column (`WHERE user_id = u.user_id`): a join, run per outer row.
        const inner = owner(left) ?? owner(right);
        const outer = owner(left) ? outerOwner(right) : outerOwner(left);
        if (operator === '=' && inner && outer) {
          pushUnique(entry(inner.table).join, inner.column.name);
          if (outer.table !== inner.table) pushUnique(entry(outer.table).join, outer.column.name);
          return undefined;
        }
        // `x IN (SELECT y FROM t ...)`: a semi-join of x with t.y.
        const subquery = operator === 'IN' ? subqueryOf(right) : undefined;
        if (subquery) {
          const found = owner(left);
          if (found) pushUnique(entry(found.table).join, found.column.name);
          const selected = selectedColumn(root, subquery, schema);
          if (selected) pushUnique(entry(selected.table).join, selected.column.name);
          return undefined;
        }
        if (statement.dialect === 'postgresql' && ginOperators.has(operator)) {
          for (const [side, other] of [
            [left, right],
            [right, left],
          ]) {
            // Full-text search on a computed document: `to_tsvector('english', body) @@ to_tsquery(...)`, or `@@ q`
            // with the query from the FROM list (`FROM articles, plainto_tsquery('english', ?) q`): no table's column.
            const computed = expressionSide(side, other, (node) => holdsNoTableColumn(node, owner));
            if (computed?.type === 'TSVECTOR') pushUnique(entry(computed.table).containment, computed.text);
            const found = owner(side);
            if (!found || !ginIndexable(found.column.type)) continue;
            pushUnique(entry(found.table).containment, found.column.name);
            if (keyExistenceOperators.has(operator)) pushUnique(entry(found.table).keyExistence, found.column.name);
          }
          return undefined;
        }
        if (statement.dialect === 'postgresql' && (operator === 'LIKE' || operator === 'ILIKE')) {
          const found = owner(left);
          if (found && isText(found.column) && trigramPattern(right, operator === 'ILIKE')) {
            pushUnique(entry(found.table).trigram, found.column.name);
            return undefined;
          }
        }
        const kind = equalityOperators.has(operator) ? 'equality' : rangeOperators.has(operator) ? 'range' : undefined;
        if (!kind || (operator === 'LIKE' && !isPrefixPattern(right))) return undefined;
        for (const [side, other] of [
          [left, right],
          [right, left],
        ]) {
          const found = owner(side);
          const computed = found ? undefined : expressionSide(side, other);
          const key = found
            ? { table: found.table, name: found.column.name }
            : computed && { ...computed, name: computed.text };
          if (!key) continue;
          pushUnique(entry(key.table)[kind], key.name);
          if (kind === 'range') pushUnique(entry(key.table)[operator === 'LIKE' ? 'pattern' : 'inequality'], key.name);
        }
        return undefined;
      });
    }
    const groupBy = child(query, 'groupby');
    // A name may be a select item's output name, a number its position (groupKeyMeaning).
    for (const item of groupBy ? children(groupBy, 'columns') : children(query, 'groupby')) {
      const found = owner(groupKeyMeaning(query, item, sources)?.expr);
      if (found) pushUnique(entry(found.table).groupBy, found.column.name);
    }
    // SELECT DISTINCT of plain columns of one table groups by them.
    const distinct = (query as { distinct?: unknown }).distinct;
    if (distinct && String((distinct as { type?: string }).type ?? distinct).toUpperCase() === 'DISTINCT') {
      const selected = children(query, 'columns').map((item) => owner(child(item, 'expr')));
      if (selected.length > 0 && selected.every((o) => o && o.table === selected[0]!.table)) {
        for (const o of selected) pushUnique(entry(o!.table).groupBy, o!.column.name);
      }
    }
    for (const item of children(query, 'columns')) {
      walk(item, ({ node }) => {
        if (node.type === 'select') return false;
        if (node.type !== 'aggr_func' || !/^(MIN|MAX)$/i.test(String(node.name))) return undefined;
        const args = child(node, 'args');
        const found = args ? owner(child(args, 'expr')) : undefined;
        if (found) pushUnique(entry(found.table).minMax, found.column.name);
        return false;
      });
    }
    // A set operation's ORDER BY sorts its combined rows, which no index of one branch's table gives.
    const order = holdsSetOperationOrder(root, query) ? [] : children(query, 'orderby');
    // A plain column, or (PostgreSQL) an indexable expression of one table's columns (`ORDER BY lower(name)`), read
    // through the select item a name or position names: `count(*) AS total ... ORDER BY total` is no column's order.
    const orderKey = (key: AstNode | undefined) => {
      const node = key && orderKeyMeaning(query, key)?.expr;
      const found = owner(node);
      if (found) return { table: found.table, name: found.column.name };
      const computed =
        node && statement.dialect === 'postgresql' ? expressionKey(node, 'postgresql', owner) : undefined;
      return computed?.indexable ? { table: computed.table, name: computed.text } : undefined;
    };
    const owners = order.map((item) => orderKey(child(item, 'expr')));
    const directions = order.map((item) => String(item.type ?? 'ASC').toUpperCase());
    // NULLS FIRST/LAST other than the default would need the key to say so too: such an ORDER BY is left out.
    const defaultNulls = order.every((item) => !item.nulls);
    if (owners.length > 0 && owners.every((o) => o && o.table === owners[0]!.table) && defaultNulls) {
      const used = entry(owners[0]!.table);
      used.orderBy = unique(owners.map((o) => o!.name));
      used.orderDescending = unique(owners.filter((_, i) => directions[i] !== directions[0]).map((o) => o!.name));
    }
  }
  return usage;
}

/**
 * A condition a partial index's predicate can state: its column is NULL, is not NULL, or is true or false. Read in
 * both dialects (MySQL keys such a column last); only PostgreSQL makes partial indexes of them.
 */
interface PartialCondition {
  column: string;
  /** NULL, not NULL, a flag's true or false (`done = false`, `deleted = 0`), or another value of a flag (`'2'`). */
  holds: 'null' | 'not-null' | FlagHolds;
  text: string;
}

type FlagHolds = boolean | { value: string };

/**
 * The share of the rows a partial index holds, by the statistics (NULL fraction, a boolean's most common values; the
 * conditions taken as independent); 1 when they do not say, so its size is never under-estimated.
 */
function partialShare(table: TableDef, conditions: PartialCondition[]): number {
  return conditions.reduce((share, { column, holds }) => {
    const stats = columnStatistics(table, column);
    const nulls = stats?.nullFraction;
    if (holds === 'null') return share * (nulls ?? 1);
    if (holds === 'not-null') return share * (nulls === undefined ? 1 : 1 - nulls);
    const spelled = typeof holds === 'object' ? holds.value : holds ? /^(t|true|1)$/i : /^(f|false|0)$/i;
    const matches = (value: string) => (typeof spelled === 'string' ? value === spelled : spelled.test(value));
    return share * (stats?.mostCommonValues?.find((v) => matches(v.value))?.frequency ?? 1);
  }, 1);
}

/** The conditions ANDed at the top of a WHERE: each one holds for every row the query returns. */
function topConjuncts(node: AstNode | undefined): AstNode[] {
  if (!node) return [];
  if (isBinaryExpr(node) && String(node.operator).toUpperCase() === 'AND') {
    return [...topConjuncts(child(node, 'left')), ...topConjuncts(child(node, 'right'))];
  }
  return [node];
}

/**
 * A condition a partial index's predicate can state, so that the query's WHERE implies it: `col IS NULL`,
 * `col IS NOT NULL`, or a flag compared with a constant (the queue's `locked_at IS NULL`, `done = false`,
 * MyBatis-Plus' logical delete `deleted = 0`: flagHolds). Undefined for any other.
 */
function partialPredicate(
  node: AstNode,
  owner: (node: AstNode | undefined) => { table: string; column: { name: string; type: string } } | undefined,
): (PartialCondition & { table: string }) | undefined {
  // A boolean column alone or under NOT: Django's `WHERE "app_user"."is_active"`, EF Core's `NOT (u."IsDeleted")`.
  // node-sql-parser reads `NOT (x)` as a call of NOT.
  const notCall = isFunctionCall(node) && functionName(node)?.toUpperCase() === 'NOT' ? functionArgs(node) : [];
  const negated = notCall.length === 1 || (node.type === 'unary_expr' && String(node.operator).toUpperCase() === 'NOT');
  const alone = owner(notCall.length === 1 ? notCall[0] : negated ? child(node, 'expr') : node);
  if (alone && /^BOOL(EAN)?$/.test(alone.column.type.toUpperCase())) {
    const name = postgresName(alone.column.name);
    return { table: alone.table, column: alone.column.name, holds: !negated, text: negated ? `NOT ${name}` : name };
  }
  if (!isBinaryExpr(node)) return undefined;
  const operator = String(node.operator).toUpperCase();
  const found = owner(child(node, 'left'));
  const value = child(node, 'right');
  if (!found) return undefined;
  const isNull = value?.type === 'null' && (operator === 'IS' || operator === 'IS NOT');
  const holds = isNull ? (operator === 'IS' ? 'null' : 'not-null') : flagHolds(found.column, operator, value);
  if (holds === undefined) return undefined;
  const text = expressionText(node, () => postgresName(found.column.name));
  return text === undefined ? undefined : { table: found.table, column: found.column.name, holds, text };
}

/**
 * What a flag compared with a constant holds: a boolean with true or false (`done = false`, `done IS TRUE`), or a
 * flag stored as a number or a character with one of its values - MyBatis-Plus' logical delete (`deleted = 0`,
 * `is_deleted = 0`), RuoYi's `del_flag = '0'`, MySQL's `is_active = 1` on a BOOLEAN, that is TINYINT(1), column. A
 * flag is a boolean column, or one named as a flag (flagNamed) of an integer, character or BIT type. Undefined for a
 * parameter (`deleted = #{deleted}`, `published = $1`), any other value or another column.
 */
function flagHolds(
  column: { name: string; type: string },
  operator: string,
  value: AstNode | undefined,
): FlagHolds | undefined {
  const boolean = familyOfType(column.type) === 'boolean';
  if (value?.type === 'bool')
    return boolean && (operator === '=' || operator === 'IS') ? value.value === true : undefined;
  const storedFlag = flagNamed(column.name) && (isInteger(column) || isText(column) || /^BIT\b/i.test(column.type));
  if (operator !== '=' || !(boolean || storedFlag)) return undefined;
  const constant = literalValue(value);
  const written = typeof constant === 'number' && Number.isInteger(constant) ? String(constant) : constant;
  if (typeof written !== 'string' || (typeof constant === 'string' && written.length !== 1)) return undefined;
  if (written === '0' || written === '1') return written === '1';
  return boolean ? undefined : { value: written };
}

/**
 * A column named as a flag: `is_` or `has_` first (`is_deleted`, `isActive`, `HasChildren`), or `deleted`, `del`,
 * `delete` or `flag` last (`deleted`, `del_flag`, `IsDeleted`). Not `status`, `deleted_at` or `deleted_by`.
 */
function flagNamed(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('_')
    .filter((word) => word !== '');
  const first = words.length > 1 ? words[0]! : '';
  return ['is', 'has'].includes(first) || ['deleted', 'del', 'delete', 'flag'].includes(words.at(-1) ?? '');
}

/** A PostgreSQL name as DDL writes it: quoted unless it is all lower case (`"deletedAt"` stays `"deletedAt"`). */
function postgresName(id: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(id) ? id : `"${id.replaceAll('"', '""')}"`;
}

/** The SELECT of `(SELECT ...)` as an IN list's only item, if that is what the node is. */
function subqueryOf(node: AstNode | undefined): AstNode | undefined {
  if (!node) return undefined;
  const direct = child(node, 'ast');
  if (direct?.type === 'select') return direct;
  const items = children(node, 'value');
  const only = items.length === 1 ? items[0] : undefined;
  if (only?.type === 'select') return only;
  const inner = only ? child(only, 'ast') : undefined;
  return inner?.type === 'select' ? inner : undefined;
}

/** The table column a subquery selects as its only column, if it is a plain column. */
function selectedColumn(ast: AstNode, query: AstNode, schema: SchemaModel) {
  const columns = children(query, 'columns');
  const ref = columns.length === 1 ? columnRef(child(columns[0]!, 'expr')) : undefined;
  return ref ? resolveColumn(ast, schema, query, ref) : undefined;
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

function isPrefixPattern(node: AstNode | undefined): boolean {
  const value = literalValue(node);
  return typeof value === 'string' && !/^[%_]/.test(value);
}

/** Beyond this many characters a MySQL string column is indexed by a prefix: shorter keys, and InnoDB's 3072-byte limit. */
export const LONG_STRING_CHARS = 255;
/** Characters that commonly start a value (letters and digits): each further prefix character tells at most this many apart. */
const PREFIX_ALPHABET = 36;
const MIN_PREFIX = 4;

/** MySQL indexes TEXT, BLOB and JSON columns only by a prefix length (JSON not at all), and long strings best by one. */
function isLongString(table: TableDef, column: string): boolean {
  const def = table.columns.find((c) => c.name.toLowerCase() === column.toLowerCase());
  const type = def?.type ?? '';
  return /TEXT|BLOB|JSON/.test(type) || (/CHAR|BINARY/.test(type) && (def?.length ?? 0) > LONG_STRING_CHARS);
}

/** Values the statistics show of a column: its most common values and histogram bounds. */
function sampleValues(table: TableDef, column: string): string[] {
  const stats = columnStatistics(table, column);
  return [...new Set([...(stats?.mostCommonValues ?? []).map((v) => v.value), ...(stats?.histogramBounds ?? [])])];
}

function distinctPrefixes(values: string[], length: number): number {
  return new Set(values.map((v) => v.slice(0, length))).size;
}

/**
 * The prefix length for a long string column, from the statistics: the shortest that tells the values they show
 * apart (most common values, histogram bounds), plus one character for each 36-fold more distinct values the column
 * has than those shown; else the column's average width. Undefined when the statistics give neither (or for JSON).
 */
export function prefixLengthFor(table: TableDef, column: string): number | undefined {
  const def = table.columns.find((c) => c.name.toLowerCase() === column.toLowerCase());
  if (!def || /JSON/.test(def.type)) return undefined;
  const cap = Math.min(def.length ?? LONG_STRING_CHARS, LONG_STRING_CHARS);
  const sample = sampleValues(table, column);
  if (sample.length >= 2) {
    const longest = Math.max(...sample.map((v) => v.length));
    let length = MIN_PREFIX;
    while (length < longest && distinctPrefixes(sample, length) < sample.length) length++;
    const distinct = distinctValues(table, column);
    const more =
      distinct && distinct > sample.length
        ? Math.ceil(Math.log(distinct / sample.length) / Math.log(PREFIX_ALPHABET))
        : 0;
    return Math.min(length + more, cap);
  }
  const width = columnStatistics(table, column)?.averageWidth;
  return width !== undefined && width > 0 ? Math.min(Math.max(Math.ceil(width), MIN_PREFIX), cap) : undefined;
}

/** For MySQL: each key column's prefix length (null for a whole column; undefined for a long string with none). */
function prefixLengthsFor(table: TableDef, columns: string[]): Array<number | null | undefined> {
  return columns.map((column) => (isLongString(table, column) ? prefixLengthFor(table, column) : null));
}

/**
 * Whether an existing prefix of `length` characters is too short for the column: it does not tell apart the values
 * the statistics show, or the column has over ten times more distinct values than such prefixes can tell apart.
 */
export function prefixTooShort(table: TableDef, column: string, length: number): boolean {
  const sample = sampleValues(table, column);
  if (sample.length >= 2 && distinctPrefixes(sample, length) < sample.length) return true;
  const distinct = distinctValues(table, column);
  return distinct !== undefined && PREFIX_ALPHABET ** length * 10 < distinct;
}

/** An existing index whose key prefix is too short (MySQL), on a column the candidate uses: it is replaced. */
function tooShortPrefix(
  table: TableDef,
  columns: string[],
): { index: IndexDef; column: string; length: number } | undefined {
  for (const index of table.indexes) {
    for (const [i, length] of (index.prefixLengths ?? []).entries()) {
      const column = index.columns[i];
      if (length === null || !column || !columns.some((c) => c.toLowerCase() === column.toLowerCase())) continue;
      if (prefixTooShort(table, column, length)) return { index, column, length };
    }
  }
  return undefined;
}

/**
 * An existing index that starts with the same keys (columns or expressions, read in the same relative directions
 * when the order matters) and holds the included ones already does the job, unless it is partial with a predicate
 * the query's `conditions` (partialPredicate texts) do not hold, or (MySQL) it keys a column by a prefix too short
 * to tell its values apart.
 */
function alreadyIndexed(
  table: TableDef,
  proposal: Pick<Proposal, 'columns' | 'include' | 'gin' | 'why' | 'descending'>,
  conditions: string[],
  mysql = false,
): IndexDef | undefined {
  const { columns, include } = proposal;
  return table.indexes.find(
    (index) =>
      (index.method ?? 'btree') === (proposal.gin ? 'gin' : 'btree') &&
      columns.every((key, i) => sameText(index.expressions?.[i] ?? index.columns[i], key)) &&
      include.every((column) => index.columns.some((c) => c.toLowerCase() === column.toLowerCase())) &&
      (index.where === undefined || predicateHolds(index.where, conditions)) &&
      sameDirections(index, proposal) &&
      !(
        mysql &&
        (index.prefixLengths ?? []).some(
          (length, i) => length !== null && i < columns.length && prefixTooShort(table, index.columns[i]!, length),
        )
      ),
  );
}

/**
 * Two key or predicate texts that read the same: case and spacing aside (expressionText prints both sides), and the
 * casts to text pg_dump writes where the query leaves them implicit (`lower((name)::text)`, `data ->> 'kind'::text`).
 */
function sameText(a: string | null | undefined, b: string | undefined): boolean {
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/::(text|varchar|character varying)\b/g, '')
      .replace(/\s+/g, '');
  return typeof a === 'string' && b !== undefined && a !== '' && plain(a) === plain(b);
}

/** Whether a partial index's predicate holds wherever the query's conditions (ANDed, as printed) hold: each of its own. */
function predicateHolds(predicate: string, conditions: string[]): boolean {
  return predicate !== '' && predicate.split(/\s+AND\s+/i).every((part) => conditions.some((c) => sameText(part, c)));
}

/**
 * Whether an existing index reads its keys in the proposal's relative directions (a key may be read backwards, so
 * (a, b) serves `ORDER BY a DESC, b DESC` but not `ORDER BY a, b DESC`); only a key read in ORDER BY order cares.
 */
function sameDirections(index: IndexDef, proposal: Pick<Proposal, 'columns' | 'why' | 'descending'>): boolean {
  if (proposal.why !== 'order' && proposal.why !== 'covering') return true;
  const wanted = proposal.columns.map((c) => proposal.descending?.includes(c) ?? false);
  const existing = proposal.columns.map((_, i) => index.descending?.[i] ?? false);
  return wanted.every((down, i) => (down !== wanted[0]) === (existing[i] !== existing[0]));
}

/** MySQL: a functional key part already keys a function-wrapped condition the query compares. */
function alreadyIndexedExpression(table: TableDef, refused: TableUsage['refused']): SkippedTable | undefined {
  for (const { text } of refused) {
    const index = table.indexes.find((i) => sameText(i.expressions?.[0], text));
    if (index) return { table: table.name, reason: 'already-covered', message: coveredBy(table, index, [text]) };
  }
  return undefined;
}

/**
 * Below this many rows (from the user's statistics) a table fits in a few pages: a scan is as cheap as an
 * index, and a new index mostly changes join orders (bench:quality: an index on TPC-H's 25-row nation made
 * Q7 0.7x on MariaDB).
 */
export const MIN_ROWS_FOR_INDEX = 1000;

function tooSmallToIndex(table: TableDef): boolean {
  const rows = table.statistics?.rows;
  return rows !== undefined && rows < MIN_ROWS_FOR_INDEX;
}

/**
 * A candidate whose equality columns already include a whole unique key finds at most one row through
 * the existing unique index; a wider index only adds write cost (and can mislead the optimizer). A partial unique
 * index pins a row only for a query whose WHERE holds its predicate.
 */
function pinnedByUniqueKey(
  table: TableDef,
  columns: string[],
  equality: Set<string>,
  partial: string[],
): IndexDef | undefined {
  const bound = new Set(columns.filter((c) => equality.has(c)).map((c) => c.toLowerCase()));
  return table.indexes.find(
    (index) =>
      index.unique &&
      (index.where === undefined || predicateHolds(index.where, partial)) &&
      index.columns.length > 0 &&
      index.columns.every((c) => bound.has(c.toLowerCase())),
  );
}

/** A column list for a message: "a, b". */
const list = (columns: string[]) => columns.join(', ');

const purposes: Record<
  Proposal['why'],
  (table: string, columns: (...roles: IndexColumnRole[]) => string) => Localized
> = {
  filter: (table, columns) => ({
    zh: `查询按 ${columns('equality', 'range')} 过滤 ${table}，该索引可以避免全表扫描。`,
    en: `The query filters ${table} on ${columns('equality', 'range')}; this index can replace a full scan.`,
  }),
  join: (table, columns) => ({
    zh: `${table} 通过 ${columns('join')} 参与连接，该索引让连接按键查找而不是扫描。`,
    en: `${table} is joined on ${columns('join')}; this index turns the join into key lookups instead of scans.`,
  }),
  order: (table, columns) => ({
    zh: `该索引按 ${columns('order')} 的顺序存放 ${table} 的行，查询可以省去排序。`,
    en: `This index keeps ${table} in ${columns('order')} order, so the query can skip its sort.`,
  }),
  minmax: (table, columns) => ({
    zh: `查询取 ${columns('order')} 的 MIN/MAX，该索引在前面的等值列之后按它排序，一次查找就能在 ${table} 中找到结果。`,
    en: `The query takes the MIN/MAX of ${columns('order')}; after the equality columns this index keeps ${table} in its order, so one lookup finds it.`,
  }),
  group: (table, columns) => ({
    zh: `查询按 ${columns('group')} 分组，该索引让 ${table} 的行按组顺序读取。`,
    en: `The query groups by ${columns('group')}; this index reads ${table} in group order.`,
  }),
  trigram: (table, columns) => ({
    zh: `查询用以通配符开头的 LIKE 模式或不区分大小写的 ILIKE 模式匹配 ${table} 的 ${columns('pattern')}，B-tree 索引无法使用；pg_trgm 的 GIN 索引（gin_trgm_ops）按模式中文字的三字组找到候选行，可以避免全表扫描（需要 pg_trgm 扩展：CREATE EXTENSION IF NOT EXISTS pg_trgm）。`,
    en: `The query matches ${columns('pattern')} of ${table} with a LIKE pattern that starts with a wildcard or a case-insensitive ILIKE, which no B-tree serves; a GIN index with pg_trgm's gin_trgm_ops finds the candidate rows by the trigrams of the pattern's text, in place of a full scan (it needs the pg_trgm extension: CREATE EXTENSION IF NOT EXISTS pg_trgm).`,
  }),
  containment: (table, columns) => ({
    zh: `查询用包含或键运算符（@>、?、&&、@@ 等）搜索 ${table} 的 ${columns('containment')}，B-tree 索引不支持这些运算符，GIN 倒排索引可以避免全表扫描。`,
    en: `The query searches ${columns('containment')} of ${table} with a containment or key operator (@>, ?, &&, @@...), which no B-tree serves; a GIN inverted index can replace a full scan.`,
  }),
  covering: (table, columns) => {
    const order = columns('order');
    if (!order || columns('range'))
      return {
        zh: `覆盖索引：${table} 中查询需要的列 ${columns()} 都在索引里，无需回表。`,
        en: `Covering index: every column of ${table} the query needs (${columns()}) is in the index, so no table lookups.`,
      };
    return {
      zh: `覆盖索引：${table} 中查询需要的列 ${columns()} 都在索引里，无需回表；行按 ${order} 的顺序读出，查询可以省去排序。`,
      en: `Covering index: every column of ${table} the query needs (${columns()}) is in the index, so no table lookups, and it reads them in ${order} order, so the query can skip its sort.`,
    };
  },
};

/**
 * The reason for a candidate: what it is for, naming only the columns that play that part, then each column's
 * role ("customer_id (join), status (equality), created_at (range)").
 */
function reasonFor(table: TableDef, proposal: Proposal): Localized {
  const all = [...proposal.columns, ...proposal.include];
  const shown = (column: string) => (proposal.descending?.includes(column) ? `${column} DESC` : column);
  const columns = (...roles: IndexColumnRole[]) =>
    list(all.filter((_, i) => roles.length === 0 || roles.includes(proposal.roles[i]!)).map(shown));
  const purpose = purposes[proposal.why](table.name, columns);
  const roles = indexRolesWording(all.map((column, i) => ({ column: shown(column), role: proposal.roles[i]! })));
  const notes = [
    expressionNote(proposal.columns.filter((c) => isExpressionKey(table, c))),
    proposal.where ? partialNote(table.name, proposal.where) : undefined,
  ].filter((note) => note !== undefined);
  return {
    zh: [`${purpose.zh}各列作用：${roles.zh}。`, ...notes.map((n) => n.zh)].join(' '),
    en: [`${purpose.en} Column roles: ${roles.en}.`, ...notes.map((n) => n.en)].join(' '),
  };
}

/** A key that names no column of the table: the text of a PostgreSQL expression (expression-keys.ts). */
function isExpressionKey(table: TableDef, key: string): boolean {
  return /[(\s]/.test(key) && !table.columns.some((c) => c.name.toLowerCase() === key.toLowerCase());
}

function expressionNote(expressions: string[]): Localized | undefined {
  if (expressions.length === 0) return undefined;
  const fullText = expressions.some((e) => e.startsWith('to_tsvector('));
  return {
    zh: `${list(expressions)} 是表达式：PostgreSQL 只在查询（条件或 ORDER BY）写出同一个表达式时才使用表达式索引，所以索引存的是表达式的值（它是 IMMUTABLE 的）${fullText ? '；查询必须保留同一个文本搜索配置' : ''}。`,
    en: `${list(expressions)} ${expressions.length > 1 ? 'are expressions' : 'is an expression'}: PostgreSQL reads an expression index only where the query (a condition or the ORDER BY) writes the same expression, so the index stores its (IMMUTABLE) value${fullText ? '; the query must keep the same text search configuration' : ''}.`,
  };
}

function partialNote(table: string, where: string): Localized {
  return {
    zh: `部分索引：只存放 ${table} 中满足 ${where} 的行，正是查询要找的行；其余的行不进索引，索引保持很小。查询的 WHERE 必须包含同一个条件，优化器才会使用它。`,
    en: `Partial index: it holds only the rows of ${table} where ${where}, the rows the query looks for, so it stays small while the other rows stay out of it. The optimizer uses it only for a WHERE that includes that same condition.`,
  };
}

/** A plain B-tree candidate on the given key columns (for searches that build their own keys, e.g. workloads). */
export function btreeCandidate(dialect: Dialect, table: TableDef, columns: string[]): IndexCandidate {
  return candidateFor(dialect, table, {
    columns,
    include: [],
    why: 'filter',
    roles: columns.map((): IndexColumnRole => 'equality'),
  });
}

/**
 * Key columns the statistics say nothing about: without a distinct count, most common values or a histogram the
 * optimizer estimates how many rows match with its default selectivity.
 */
export function columnsWithoutStatistics(table: TableDef, columns: string[]): string[] {
  return columns.filter((column) => {
    const stats = columnStatistics(table, column);
    return (
      !stats || (stats.distinct === undefined && !stats.mostCommonValues?.length && !stats.histogramBounds?.length)
    );
  });
}

function candidateFor(dialect: Dialect, table: TableDef, proposal: Proposal): IndexCandidate {
  const { columns, include } = proposal;
  const covering = include.length > 0;
  const firstOther = columns.findIndex((c) => !proposal.equal?.has(c));
  const equalityPrefix = firstOther < 0 ? columns.length : firstOther;
  const suffix =
    proposal.gin?.extension === 'pg_trgm'
      ? '_trgm'
      : proposal.gin
        ? '_gin'
        : covering
          ? '_cover'
          : proposal.where
            ? '_partial'
            : '';
  const words = columns.map((key) =>
    key
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, ''),
  );
  const name = `idx_${table.name}_${words.join('_')}${suffix}`.toLowerCase().slice(0, 60);
  const quote = (id: string) => (dialect === 'mysql' ? `\`${id}\`` : postgresName(id));
  // PostgreSQL takes an expression key in parentheses: `CREATE INDEX ... ON users ((lower(email)))`.
  const keyText = (key: string) => (isExpressionKey(table, key) ? `(${key})` : quote(key));
  const where = proposal.where ? ` WHERE ${proposal.where}` : '';
  if (proposal.gin) {
    const operatorClass = proposal.gin.operatorClass ? ` ${proposal.gin.operatorClass}` : '';
    return {
      table: table.name,
      columns,
      include: [],
      kind: 'gin',
      equalityPrefix: 0,
      name,
      ddl: `CREATE INDEX ${quote(name)} ON ${quote(table.name)} USING gin (${columns.map(keyText).join(', ')}${operatorClass});`,
      ...(proposal.gin.extension ? { extension: proposal.gin.extension } : {}),
      reason: reasonFor(table, proposal),
      roles: proposal.roles,
      missingStatistics: columnsWithoutStatistics(table, columns),
      conditionColumns: columns,
      estimatedBytes: estimatedIndexBytes(dialect, table, columns),
    };
  }
  // MySQL has no INCLUDE: the extra columns go at the end of the key, where they cover without reordering it.
  const key = dialect === 'mysql' ? [...columns, ...include] : columns;
  const includeClause = dialect === 'postgresql' && covering ? ` INCLUDE (${include.map(quote).join(', ')})` : '';
  const keyPart = (column: string, i: number) => {
    const length = proposal.prefixLengths?.[i];
    const direction = proposal.descending?.includes(column) ? ' DESC' : '';
    if (typeof length === 'number') return `${quote(column)}(${length})${direction}`;
    const opclass = dialect === 'postgresql' ? patternOperatorClass(table, column, proposal) : undefined;
    return `${keyText(column)}${opclass ? ` ${opclass}` : ''}${direction}`;
  };
  const all = [...columns, ...include];
  const short = dialect === 'mysql' ? tooShortPrefix(table, columns) : undefined;
  const patterned = dialect === 'postgresql' ? key.filter((c) => patternOperatorClass(table, c, proposal)) : [];
  const reason = withPatternClass(reasonFor(table, proposal), patterned);
  return {
    table: table.name,
    columns,
    include,
    kind: covering ? 'covering' : 'btree',
    ...(proposal.descending?.length ? { descending: proposal.descending } : {}),
    ...(proposal.where ? { where: proposal.where } : {}),
    equalityPrefix,
    name,
    ddl: `CREATE INDEX ${quote(name)} ON ${quote(table.name)} (${key.map(keyPart).join(', ')})${includeClause}${where};`,
    reason: short ? withLongerPrefix(reason, table, short, proposal, columns) : reason,
    roles: proposal.roles,
    missingStatistics: columnsWithoutStatistics(table, columns),
    ...(proposal.prefixLengths ? { prefixLengths: proposal.prefixLengths } : {}),
    ...(short?.index.name ? { replaces: [short.index.name] } : {}),
    conditionColumns: proposal.conditionColumns ?? columns,
    estimatedBytes: partialBytes(estimatedIndexBytes(dialect, table, all), proposal.rowsShare),
  };
}

/** A partial index holds only its share of the rows. */
function partialBytes(bytes: number | undefined, share = 1): number | undefined {
  return bytes === undefined ? undefined : Math.round(bytes * share);
}

/**
 * PostgreSQL reads a prefix LIKE through a default B-tree only under the C collation; a database made with any
 * other (en_US.UTF-8, C.UTF-8...) scans instead (bench:indexes like-prefix: the advised users (name) measured 0.97x).
 * The sandbox runs under C and cannot tell, so the key takes the pattern operator class, which serves LIKE and
 * equality under every collation.
 */
function patternOperatorClass(table: TableDef, column: string, proposal: Proposal): string | undefined {
  if (!proposal.pattern?.includes(column)) return undefined;
  const type = table.columns.find((c) => c.name.toLowerCase() === column.toLowerCase())?.type ?? '';
  if (/^\s*(char|character|bpchar)\b(?!\s+varying)/i.test(type)) return 'bpchar_pattern_ops';
  return /char|text|string/i.test(type) || type === '' ? 'text_pattern_ops' : undefined;
}

function withPatternClass(reason: Localized, columns: string[]): Localized {
  if (columns.length === 0) return reason;
  return {
    zh: `${reason.zh} ${list(columns)} 使用模式操作符类（*_pattern_ops）：前缀 LIKE 在任何排序规则下都能使用该索引（默认操作符类只在 C 排序规则下可以）。`,
    en: `${reason.en} ${list(columns)} use a pattern operator class (*_pattern_ops): a prefix LIKE can read the index under any collation (the default class serves it only under the C collation).`,
  };
}

/** The reason of a candidate that lengthens an existing prefix the statistics show is too short. */
function withLongerPrefix(
  reason: Localized,
  table: TableDef,
  short: { index: IndexDef; column: string; length: number },
  proposal: Proposal,
  columns: string[],
): Localized {
  const name = short.index.name ?? `(${list(short.index.columns)})`;
  const i = columns.findIndex((c) => c.toLowerCase() === short.column.toLowerCase());
  const length = proposal.prefixLengths?.[i];
  const distinct = distinctValues(table, short.column);
  const many = distinct !== undefined ? `about ${Math.round(distinct).toLocaleString('en-US')}` : 'the';
  const manyZh = distinct !== undefined ? `约 ${Math.round(distinct).toLocaleString('en-US')} 个` : '';
  const keeps =
    typeof length === 'number'
      ? { zh: `该索引保留 ${length} 个字符`, en: `this index keeps ${length}` }
      : { zh: '该索引保留整列', en: 'this index keeps the whole column' };
  return {
    zh: `${reason.zh}已有索引 ${name} 只索引 ${short.column} 的前 ${short.length} 个字符，不足以区分它的${manyZh}不同值（按统计信息），查找会读很多行；${keeps.zh}，可以取代它。`,
    en: `${reason.en} The existing ${name} indexes only the first ${short.length} characters of ${short.column}, too few to tell its ${many} distinct values apart (by the statistics), so lookups read many rows; ${keeps.en} and can replace it.`,
  };
}

function tinyTable(table: TableDef): Localized {
  const rows = (table.statistics?.rows ?? 0).toLocaleString('en-US');
  const limit = MIN_ROWS_FOR_INDEX.toLocaleString('en-US');
  return {
    zh: `统计信息显示 ${table.name} 只有 ${rows} 行（少于 ${limit} 行）：扫描几页就读完，索引带来的收益抵不上写入开销。`,
    en: `The statistics give ${table.name} only ${rows} rows (under ${limit}): a scan reads a few pages, and an index would not pay for its writes.`,
  };
}

/** An existing index by its name, else by its keys (an expression key by its text). */
function indexLabel(index: IndexDef): string {
  if (index.name) return index.name;
  return index.primary ? 'PRIMARY KEY' : `(${list(index.columns.map((c, i) => index.expressions?.[i] || c))})`;
}

function coveredBy(table: TableDef, index: IndexDef, columns: string[]): Localized {
  const name = indexLabel(index);
  return {
    zh: `${table.name} 已有索引 ${name} 以 ${list(columns)} 开头，已经能服务这个查询。`,
    en: `${table.name} already has ${name}, which starts with ${list(columns)} and serves this query.`,
  };
}

function pinnedBy(table: TableDef, index: IndexDef): Localized {
  const name = indexLabel(index);
  return {
    zh: `查询已按唯一键 ${name}（${list(index.columns)}）定位到 ${table.name} 的一行，更多的索引只会增加写入开销。`,
    en: `The query pins one row of ${table.name} by its unique key ${name} (${list(index.columns)}); another index would only add write cost.`,
  };
}

function needsPrefix(table: TableDef, column: string): Localized {
  const json = /JSON/.test(table.columns.find((c) => c.name.toLowerCase() === column.toLowerCase())?.type ?? '');
  return json
    ? {
        zh: `${table.name}.${column} 是 JSON 列，MySQL 不能直接为它建索引（需要生成列）。`,
        en: `${table.name}.${column} is a JSON column: MySQL cannot index it directly (it needs a generated column).`,
      }
    : {
        zh: `${table.name}.${column} 是长字符串列，MySQL 只能用前缀长度为它建索引，而统计信息没有给出它的值或平均宽度，无法选出前缀长度。`,
        en: `${table.name}.${column} is a long string column: MySQL indexes it by a prefix length, and the statistics give neither its values nor its average width to choose one from.`,
      };
}

/** Why a table gets no candidate when its conditions compare only expressions no index proposed here can hold. */
function refusedExpressions(refused: TableUsage['refused']): Localized {
  return { zh: refused.map((r) => r.why.zh).join(' '), en: refused.map((r) => r.why.en).join(' ') };
}

/** Why a table the query uses gets no candidate when no condition, sort or grouping on it can use an index. */
export function notIndexableMessage(table: string): Localized {
  return {
    zh: `查询对 ${table} 的条件没有把普通列与值或其他表的列比较（列被函数或表达式包裹、前导通配符的 LIKE、跨列的 OR 等），B-tree 索引无法用于这些条件。`,
    en: `The query's conditions on ${table} compare no plain column with a value or another table's column (a function or expression wraps the column, a LIKE with a leading wildcard, an OR across columns...): no B-tree index can serve them.`,
  };
}

/** Why a foreign table gets no candidate: PostgreSQL makes no index on one; the remote server's are its own. */
function foreignTableMessage(table: string): Localized {
  return {
    zh: `${table} 是外部表：PostgreSQL 不能在外部表上建索引，要加快对它的查询，请在远端服务器的表上建索引`,
    en: `${table} is a foreign table: PostgreSQL makes no index on one; to speed up reads of it, index the table on the remote server`,
  };
}
