import type { Cell } from './client-output.ts';
import { type InputField, statisticsError, type Where } from './input-errors.ts';
import {
  type ColumnDef,
  type ColumnStatistics,
  findColumn,
  findTable,
  type SchemaModel,
  type TableDef,
} from './model.ts';

/**
 * Statistics as read from one input, each fact with the place it came from, before they are checked against
 * the table structure and put on its tables. Every statistics form (JSON, pasted rows, `-- sqltune:stats` lines,
 * index cardinalities) produces facts, so checking and merging happen once, here.
 */
export interface StatisticsFacts {
  rowCounts: RowCountFact[];
  columns: ColumnFact[];
  /** Columns a paste names without statistics (information_schema.COLUMNS): they must exist. */
  checks: ColumnCheck[];
}

export interface RowCountFact {
  table: string;
  rows: number;
  at: Where;
  /** From a unique index's cardinality: used only when nothing states the row count. */
  inferred?: boolean;
}

export interface ColumnFact {
  table: string;
  column: string;
  statistics: Omit<ColumnStatistics, 'column'>;
  at: Where;
  /** Read from index cardinalities in the table structure: without a row count they are dropped, not an error. */
  derived?: boolean;
}

export interface ColumnCheck {
  table: string;
  column: string;
  at: Where;
  /** IS_NULLABLE, when given: it must agree with the table structure. */
  nullable?: { value: boolean; at: Where };
}

export function noFacts(): StatisticsFacts {
  return { rowCounts: [], columns: [], checks: [] };
}

export function joinFacts(target: StatisticsFacts, more: StatisticsFacts): void {
  target.rowCounts.push(...more.rowCounts);
  target.columns.push(...more.columns);
  target.checks.push(...more.checks);
}

interface TableEntry {
  stated?: number;
  inferred?: number;
  columns: ColumnFact[];
}

/**
 * Puts facts on the schema's tables. Values from this input win, field by field, over statistics the tables
 * already have (the statistics field over the table structure's own lines). A table or column the structure
 * does not have is an error at the fact's place, and so are column statistics without any row count.
 */
export function applyFacts(schema: SchemaModel, facts: StatisticsFacts, field: InputField): void {
  const entries = new Map<TableDef, TableEntry>();
  const entryOf = (table: TableDef) => {
    const entry = entries.get(table) ?? { columns: [] };
    entries.set(table, entry);
    return entry;
  };
  for (const fact of facts.rowCounts) {
    const entry = entryOf(tableOf(schema, fact.table, fact.at, field));
    if (fact.inferred) entry.inferred = Math.max(entry.inferred ?? 0, fact.rows);
    else entry.stated = fact.rows;
  }
  for (const fact of facts.columns) {
    const table = tableOf(schema, fact.table, fact.at, field);
    const column = columnOf(table, fact.column, fact.at, field);
    entryOf(table).columns.push({ ...fact, column: column.name });
  }
  for (const check of facts.checks) checkColumn(schema, check, field);
  for (const [table, entry] of entries) {
    const rows = entry.stated ?? table.statistics?.rows ?? entry.inferred;
    if (rows === undefined) {
      const stated = entry.columns.find((c) => !c.derived);
      if (stated) throw noRowCount(table, stated.at, field);
      continue;
    }
    table.statistics = {
      table: table.name,
      rows,
      columns: mergeColumns(table.statistics?.columns ?? [], entry.columns),
    };
  }
}

function tableOf(schema: SchemaModel, name: string, at: Where, field: InputField): TableDef {
  // pg_stats and JSON users may write schema-qualified names; the structure holds bare ones.
  const table = findTable(schema, name) ?? findTable(schema, name.split('.').at(-1) ?? name);
  if (table) return table;
  throw statisticsError(field, at, `no such table ${name} in the table structure`, `表结构中没有表 ${name}`);
}

function columnOf(table: TableDef, name: string, at: Where, field: InputField): ColumnDef {
  const column = findColumn(table, name);
  if (column) return column;
  throw statisticsError(
    field,
    at,
    `no such column ${table.name}.${name} in the table structure`,
    `表结构中表 ${table.name} 没有列 ${name}`,
  );
}

function checkColumn(schema: SchemaModel, check: ColumnCheck, field: InputField): void {
  const column = columnOf(tableOf(schema, check.table, check.at, field), check.column, check.at, field);
  if (!check.nullable || check.nullable.value === column.nullable) return;
  const said = check.nullable.value ? 'YES' : 'NO';
  const declared = column.nullable ? 'nullable' : 'NOT NULL';
  throw statisticsError(
    field,
    check.nullable.at,
    `IS_NULLABLE is ${said} for ${check.table}.${check.column}, but the table structure declares it ${declared}: are both from the same database?`,
    `${check.table}.${check.column} 的 IS_NULLABLE 为 ${said}，但表结构中该列为 ${column.nullable ? '可空' : 'NOT NULL'}：两者是否来自同一个数据库？`,
  );
}

function noRowCount(table: TableDef, at: Where, field: InputField) {
  return field === 'stats'
    ? statisticsError(
        field,
        at,
        `no row count for table ${table.name}: add its rows (SHOW TABLE STATUS, information_schema.TABLES, pg_class, or "rows" in JSON)`,
        `表 ${table.name} 缺少行数：请同时提供行数（SHOW TABLE STATUS、information_schema.TABLES、pg_class 或 JSON 中的 "rows"）`,
      )
    : statisticsError(
        field,
        at,
        `no row count for table ${table.name}: add a line -- sqltune:stats ${table.name} rows=N`,
        `表 ${table.name} 缺少行数：请添加一行 -- sqltune:stats ${table.name} rows=N`,
      );
}

/** Column statistics merged by column name, field by field; later facts win. */
function mergeColumns(existing: ColumnStatistics[], facts: ColumnFact[]): ColumnStatistics[] {
  const merged = existing.map((c) => ({ ...c }));
  for (const fact of facts) {
    const current = merged.find((c) => c.column.toLowerCase() === fact.column.toLowerCase());
    const defined = Object.fromEntries(Object.entries(fact.statistics).filter(([, v]) => v !== undefined));
    if (current) Object.assign(current, defined);
    else merged.push({ column: fact.column, ...defined });
  }
  return merged;
}

/** What is wrong with a column's statistics, naming the value at fault so the caller can point at it. */
export interface StatisticsProblem {
  value: 'distinct' | 'nullFraction' | 'averageWidth' | 'mostCommonValues' | 'histogramBounds';
  en: string;
  zh: string;
}

/** Float4 frequencies as PostgreSQL prints them may add up to a hair over 1. */
const FREQUENCY_SUM_SLACK = 1e-4;

export function checkColumnStatistics(stats: Omit<ColumnStatistics, 'column'>): StatisticsProblem | undefined {
  if (stats.nullFraction !== undefined && (stats.nullFraction < 0 || stats.nullFraction > 1)) {
    return { value: 'nullFraction', en: 'null_frac must be between 0 and 1', zh: 'null_frac 应在 0 到 1 之间' };
  }
  if (stats.distinct !== undefined && stats.distinct < -1) {
    return {
      value: 'distinct',
      en: 'a negative distinct count is a fraction of the rows and must be between -1 and 0',
      zh: '负的不同值个数表示占行数的比例，应在 -1 到 0 之间',
    };
  }
  if (stats.averageWidth !== undefined && stats.averageWidth < 0) {
    return { value: 'averageWidth', en: 'avg_width must be >= 0', zh: 'avg_width 应不小于 0' };
  }
  const frequencies = stats.mostCommonValues?.map((m) => m.frequency) ?? [];
  if (frequencies.some((f) => !Number.isFinite(f) || f < 0 || f > 1)) {
    return {
      value: 'mostCommonValues',
      en: 'each most common value frequency must be between 0 and 1',
      zh: '每个高频值的频率应在 0 到 1 之间',
    };
  }
  const sum = frequencies.reduce((a, b) => a + b, 0);
  if (sum > 1 + FREQUENCY_SUM_SLACK) {
    return {
      value: 'mostCommonValues',
      en: `the most common value frequencies add up to ${round(sum)}, more than 1`,
      zh: `高频值的频率之和为 ${round(sum)}，超过了 1`,
    };
  }
  if (stats.histogramBounds !== undefined && stats.histogramBounds.length < 2) {
    return {
      value: 'histogramBounds',
      en: 'a histogram needs at least 2 bounds',
      zh: '直方图至少需要 2 个边界值',
    };
  }
  return undefined;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** A number in a pasted cell; empty and NULL mean "not given". */
export function cellNumber(cell: Cell | undefined, field: InputField, what: string): number | undefined {
  const text = cell?.text.trim() ?? '';
  if (text === '' || text.toUpperCase() === 'NULL') return undefined;
  const value = Number(text);
  if (Number.isFinite(value)) return value;
  throw statisticsError(field, cell!, `${what} must be a number, not "${text}"`, `${what} 应为数字，而不是 "${text}"`);
}
