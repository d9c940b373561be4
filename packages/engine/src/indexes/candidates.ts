import { type Dialect, type IndexColumnRole, indexRolesWording, type Localized } from '@sqltune/contracts';
import { type AstNode, child, children, columnRef, literalValue, walk } from '../model/ast.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { resolveColumn, selects } from '../rules/rule.ts';
import { findTable, type IndexDef, type SchemaModel, type TableDef } from '../schema/model.ts';
import { estimatedIndexBytes } from './size.ts';

/**
 * An index worth asking the optimizer about. Candidates are only proposals: the planner's advisor keeps the
 * ones the real optimizer reads in a cheaper plan.
 */
export interface IndexCandidate {
  table: string;
  /** Key columns, in order. */
  columns: string[];
  /** Non-key columns stored in the index so it covers the query (PostgreSQL INCLUDE; MySQL appends them). */
  include: string[];
  kind: 'btree' | 'covering';
  /** How many leading key columns the statement compares by equality (or joins on): a lookup, not a range. */
  equalityPrefix: number;
  name: string;
  ddl: string;
  reason: Localized;
  /** What each column does, key columns in order then the included ones (same order as `[...columns, ...include]`). */
  roles: IndexColumnRole[];
  /** Key columns the statistics give no distinct count for: the optimizer estimates them with its defaults. */
  missingStatistics: string[];
  /** Estimated size from the statistics' row count and the columns' widths; undefined without a row count. */
  estimatedBytes?: number;
}

/**
 * Why a table the statement filters, joins, sorts or groups gets no candidate at all (the report says so when a
 * plan hotspot on that table says an index may help).
 */
export interface SkippedTable {
  table: string;
  reason: 'tiny-table' | 'already-covered' | 'needs-prefix' | 'not-indexable';
  message: Localized;
}

/** How a query uses one table's columns. */
interface TableUsage {
  /** Compared with `=`, `IN` or `IS` to a constant (or a parameter). */
  equality: string[];
  /** Compared with `=` to another table's column: the lookup side of a join. */
  join: string[];
  /** Compared with `<`, `BETWEEN`, a prefix `LIKE`... */
  range: string[];
  groupBy: string[];
  /** The ORDER BY, when every item is a plain column of this table in one direction. */
  orderBy: string[];
  /** Every column of the table the query reads, for covering indexes. */
  used: string[];
}

const equalityOperators = new Set(['=', 'IN', 'IS']);
const rangeOperators = new Set(['<', '<=', '>', '>=', 'BETWEEN', 'LIKE']);

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
): { candidates: IndexCandidate[]; skipped: SkippedTable[] } {
  const candidates: IndexCandidate[] = [];
  const skipped: SkippedTable[] = [];
  for (const [tableName, usage] of usageByTable(statement, schema)) {
    const table = findTable(schema, tableName);
    if (!table) continue;
    if (tooSmallToIndex(table)) {
      skipped.push({ table: table.name, reason: 'tiny-table', message: tinyTable(table) });
      continue;
    }
    const proposals = proposalsFor(table, usage);
    let count = 0;
    let firstSkip: SkippedTable | undefined;
    for (const proposal of proposals) {
      if (count >= MAX_PER_TABLE) break;
      const { columns, include } = proposal;
      if (columns.length === 0) continue;
      const existing = alreadyIndexed(table, columns, include);
      if (existing) {
        firstSkip ??= { table: table.name, reason: 'already-covered', message: coveredBy(table, existing, columns) };
        continue;
      }
      const prefixed = [...columns, ...include].find((c) => needsPrefixLength(table, c));
      if (statement.dialect === 'mysql' && prefixed) {
        firstSkip ??= { table: table.name, reason: 'needs-prefix', message: needsPrefix(table, prefixed) };
        continue;
      }
      const unique = pinnedByUniqueKey(table, columns, new Set([...usage.equality, ...usage.join]));
      if (unique) {
        firstSkip ??= { table: table.name, reason: 'already-covered', message: pinnedBy(table, unique) };
        continue;
      }
      const key = `${columns.join()}|${include.join()}`;
      if (candidates.some((c) => c.table === table.name && `${c.columns.join()}|${c.include.join()}` === key)) continue;
      candidates.push(candidateFor(statement.dialect, table, proposal));
      count++;
    }
    if (count > 0) continue;
    skipped.push(
      firstSkip ?? {
        table: table.name,
        reason: 'not-indexable',
        message: notIndexableMessage(table.name),
      },
    );
  }
  return { candidates, skipped };
}

interface Proposal {
  columns: string[];
  include: string[];
  why: 'filter' | 'join' | 'order' | 'group' | 'covering';
  /** Columns compared by equality or joined on, for `equalityPrefix`. */
  equal?: Set<string>;
  /** The role of each of `[...columns, ...include]`. */
  roles: IndexColumnRole[];
}

function proposalsFor(table: TableDef, usage: TableUsage): Proposal[] {
  const selective = bySelectivity(table, unique([...usage.equality, ...usage.join]));
  const rangeColumn = usage.range.find((c) => !selective.includes(c));
  const lookup = [
    ...selective.slice(0, MAX_KEY_COLUMNS - (rangeColumn ? 1 : 0)),
    ...(rangeColumn ? [rangeColumn] : []),
  ];
  const proposals: Proposal[] = [];
  const equal = new Set(selective);
  // A column compared with a value is an equality even when it is also joined: the lookup is by the value.
  const equalRole = (column: string): IndexColumnRole => (usage.equality.includes(column) ? 'equality' : 'join');
  /** `tail` is the role of the key columns after the equality ones (the range, ORDER BY or GROUP BY columns). */
  const add = (columns: string[], why: Proposal['why'], tail: IndexColumnRole, include: string[] = []) => {
    const key = unique(columns).slice(0, MAX_KEY_COLUMNS);
    const roles = [
      ...key.map((c) => (equal.has(c) ? equalRole(c) : tail)),
      ...include.map((): IndexColumnRole => 'cover'),
    ];
    proposals.push({ columns: key, include, why, equal, roles });
  };

  if (lookup.length > 0) add(lookup, usage.join.some((c) => lookup.includes(c)) ? 'join' : 'filter', 'range');
  if (usage.orderBy.length > 0) {
    add(
      [...selective.slice(0, Math.max(0, MAX_KEY_COLUMNS - usage.orderBy.length)), ...usage.orderBy],
      'order',
      'order',
    );
  }
  if (usage.groupBy.length > 0) add([...selective, ...usage.groupBy], 'group', 'group');
  const covered = lookup.length > 0 ? lookup : usage.orderBy.length > 0 ? usage.orderBy : [];
  const rest = usage.used.filter((c) => !covered.includes(c));
  if (
    covered.length > 0 &&
    rest.length > 0 &&
    covered.length + rest.length <= MAX_COVERING_COLUMNS &&
    covered.length + rest.length < table.columns.length
  ) {
    add(covered, 'covering', lookup.length > 0 ? 'range' : 'order', rest);
  }
  for (const column of selective) add([column], usage.join.includes(column) ? 'join' : 'filter', 'range');
  if (rangeColumn) add([rangeColumn], 'filter', 'range');
  return proposals;
}

/** Most distinct values first (statistics); columns without a count keep their order, after those with one. */
function bySelectivity(table: TableDef, columns: string[]): string[] {
  const distinct = (column: string) => {
    const stats = table.statistics?.columns.find((c) => c.column.toLowerCase() === column.toLowerCase());
    const rows = table.statistics?.rows ?? 0;
    if (stats?.distinct === undefined) return -1;
    return stats.distinct < 0 ? -stats.distinct * rows : stats.distinct;
  };
  return [...columns].sort((a, b) => distinct(b) - distinct(a));
}

function usageByTable(statement: ParsedStatement, schema: SchemaModel): Map<string, TableUsage> {
  const usage = new Map<string, TableUsage>();
  const entry = (table: string): TableUsage => {
    let found = usage.get(table);
    if (!found) {
      found = { equality: [], join: [], range: [], groupBy: [], orderBy: [], used: [] };
      usage.set(table, found);
    }
    return found;
  };
  for (const query of selects(statement.ast)) {
    const owner = (node: AstNode | undefined) => {
      const ref = columnRef(node);
      return ref && ref.column !== '*' ? resolveColumn(schema, query, ref) : undefined;
    };
    // Every column the query reads, by table.
    walk(query, ({ node, key }) => {
      if (key === 'ast' || (node !== query && node.type === 'select')) return false;
      const found = owner(node);
      if (found) pushUnique(entry(found.table).used, found.column.name);
      return undefined;
    });
    const conditions = [child(query, 'where'), ...children(query, 'from').map((s) => child(s, 'on'))];
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
        const kind = equalityOperators.has(operator) ? 'equality' : rangeOperators.has(operator) ? 'range' : undefined;
        if (!kind || (operator === 'LIKE' && !isPrefixPattern(right))) return undefined;
        for (const side of [left, right]) {
          const found = owner(side);
          if (found) pushUnique(entry(found.table)[kind], found.column.name);
        }
        return undefined;
      });
    }
    const groupBy = child(query, 'groupby');
    for (const item of groupBy ? children(groupBy, 'columns') : children(query, 'groupby')) {
      const found = owner(item);
      if (found) pushUnique(entry(found.table).groupBy, found.column.name);
    }
    const order = children(query, 'orderby');
    const owners = order.map((item) => owner(child(item, 'expr')));
    const directions = new Set(order.map((item) => String(item.type ?? 'ASC').toUpperCase()));
    if (owners.length > 0 && owners.every((o) => o && o.table === owners[0]!.table) && directions.size === 1) {
      entry(owners[0]!.table).orderBy = unique(owners.map((o) => o!.column.name));
    }
  }
  return usage;
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

/** MySQL indexes TEXT, BLOB and JSON columns only by a prefix length, which a candidate cannot guess well. */
function needsPrefixLength(table: TableDef, column: string): boolean {
  const type = table.columns.find((c) => c.name.toLowerCase() === column.toLowerCase())?.type ?? '';
  return /TEXT|BLOB|JSON/.test(type);
}

/** An existing index that starts with the same key columns (and holds the included ones) already does the job. */
function alreadyIndexed(table: TableDef, columns: string[], include: string[]): IndexDef | undefined {
  return table.indexes.find(
    (index) =>
      columns.every((column, i) => index.columns[i]?.toLowerCase() === column.toLowerCase()) &&
      include.every((column) => index.columns.some((c) => c.toLowerCase() === column.toLowerCase())),
  );
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
 * the existing unique index; a wider index only adds write cost (and can mislead the optimizer).
 */
function pinnedByUniqueKey(table: TableDef, columns: string[], equality: Set<string>): IndexDef | undefined {
  const bound = new Set(columns.filter((c) => equality.has(c)).map((c) => c.toLowerCase()));
  return table.indexes.find(
    (index) => index.unique && index.columns.length > 0 && index.columns.every((c) => bound.has(c.toLowerCase())),
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
  group: (table, columns) => ({
    zh: `查询按 ${columns('group')} 分组，该索引让 ${table} 的行按组顺序读取。`,
    en: `The query groups by ${columns('group')}; this index reads ${table} in group order.`,
  }),
  covering: (table, columns) => ({
    zh: `覆盖索引：${table} 中查询需要的列 ${columns()} 都在索引里，无需回表。`,
    en: `Covering index: every column of ${table} the query needs (${columns()}) is in the index, so no table lookups.`,
  }),
};

/**
 * The reason for a candidate: what it is for, naming only the columns that play that part, then each column's
 * role ("customer_id (join), status (equality), created_at (range)").
 */
function reasonFor(table: string, proposal: Proposal): Localized {
  const all = [...proposal.columns, ...proposal.include];
  const columns = (...roles: IndexColumnRole[]) =>
    list(all.filter((_, i) => roles.length === 0 || roles.includes(proposal.roles[i]!)));
  const purpose = purposes[proposal.why](table, columns);
  const roles = indexRolesWording(all.map((column, i) => ({ column, role: proposal.roles[i]! })));
  return { zh: `${purpose.zh}各列作用：${roles.zh}。`, en: `${purpose.en} Column roles: ${roles.en}.` };
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
    const stats = table.statistics?.columns.find((c) => c.column.toLowerCase() === column.toLowerCase());
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
  const name = `idx_${table.name}_${columns.join('_')}${covering ? '_cover' : ''}`.toLowerCase().slice(0, 60);
  const quote = (id: string) => (dialect === 'mysql' ? `\`${id}\`` : /^[a-z_][a-z0-9_]*$/.test(id) ? id : `"${id}"`);
  // MySQL has no INCLUDE: the extra columns go at the end of the key, where they cover without reordering it.
  const key = dialect === 'mysql' ? [...columns, ...include] : columns;
  const includeClause = dialect === 'postgresql' && covering ? ` INCLUDE (${include.map(quote).join(', ')})` : '';
  const all = [...columns, ...include];
  return {
    table: table.name,
    columns,
    include,
    kind: covering ? 'covering' : 'btree',
    equalityPrefix,
    name,
    ddl: `CREATE INDEX ${quote(name)} ON ${quote(table.name)} (${key.map(quote).join(', ')})${includeClause};`,
    reason: reasonFor(table.name, proposal),
    roles: proposal.roles,
    missingStatistics: columnsWithoutStatistics(table, columns),
    estimatedBytes: estimatedIndexBytes(dialect, table, all),
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

function coveredBy(table: TableDef, index: IndexDef, columns: string[]): Localized {
  const name = index.name ?? (index.primary ? 'PRIMARY KEY' : `(${list(index.columns)})`);
  return {
    zh: `${table.name} 已有索引 ${name} 以 ${list(columns)} 开头，已经能服务这个查询。`,
    en: `${table.name} already has ${name}, which starts with ${list(columns)} and serves this query.`,
  };
}

function pinnedBy(table: TableDef, index: IndexDef): Localized {
  const name = index.name ?? (index.primary ? 'PRIMARY KEY' : `(${list(index.columns)})`);
  return {
    zh: `查询已按唯一键 ${name}（${list(index.columns)}）定位到 ${table.name} 的一行，更多的索引只会增加写入开销。`,
    en: `The query pins one row of ${table.name} by its unique key ${name} (${list(index.columns)}); another index would only add write cost.`,
  };
}

function needsPrefix(table: TableDef, column: string): Localized {
  return {
    zh: `${table.name}.${column} 是 TEXT/BLOB/JSON 列，MySQL 只能用前缀长度为它建索引，而统计信息不足以选出前缀长度。`,
    en: `${table.name}.${column} is a TEXT/BLOB/JSON column: MySQL indexes it only by a prefix length, and the statistics do not give enough to choose one.`,
  };
}

/** Why a table the query uses gets no candidate when no condition, sort or grouping on it can use an index. */
export function notIndexableMessage(table: string): Localized {
  return {
    zh: `查询对 ${table} 的条件没有把普通列与值或其他表的列比较（列被函数或表达式包裹、前导通配符的 LIKE、跨列的 OR 等），B-tree 索引无法用于这些条件。`,
    en: `The query's conditions on ${table} compare no plain column with a value or another table's column (a function or expression wraps the column, a LIKE with a leading wildcard, an OR across columns...): no B-tree index can serve them.`,
  };
}
