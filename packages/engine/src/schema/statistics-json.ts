import { positionAt } from '../text/position.ts';
import { statisticsError, type Where } from './input-errors.ts';
import type { ColumnStatistics, SchemaModel, TableStatistics } from './model.ts';
import { parsePgArray } from './pg-array.ts';
import { applyFacts, checkColumnStatistics, noFacts, type StatisticsFacts } from './statistics-facts.ts';

/**
 * Statistics as JSON, the form scripts produce and the documented default:
 *   {"tables": {"orders": {"rows": 10000000, "columns": {"o_status": {"ndv": 3, "null_frac": 0, "avg_width": 1,
 *     "mcv": [{"value": "F", "freq": 0.49}, {"value": "O", "freq": 0.48}],
 *     "histogram": ["1992-01-01", "1995-06-17", "1998-08-02"]}}}}}
 * `ndv` (or `n_distinct`, or `distinct` as the `-- sqltune:stats` lines write it; likewise `nulls` for
 * `null_frac` and `width` for `avg_width`) may be negative: a fraction of the rows, as PostgreSQL's n_distinct. The most common
 * values may also be given PostgreSQL's way, `most_common_vals` + `most_common_freqs`, and the histogram as
 * `histogram_bounds`, each as a JSON array or as PostgreSQL array text (`"{a,b,\"c d\"}"`). Every error names
 * the path (`tables.orders.rows`) and points at it.
 */
export function statisticsFactsFromJson(text: string): StatisticsFacts {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec(String((error as Error).message))?.[1] ?? 0);
    throw statisticsError(
      'stats',
      positionAt(text, offset),
      `invalid JSON: ${(error as Error).message}`,
      `JSON 格式错误：${(error as Error).message}`,
    );
  }
  const reader = new JsonReader(text);
  const tables = isObject(value) ? value.tables : undefined;
  if (!isObject(tables)) throw reader.error([], 'expected {"tables": {...}}', '应为 {"tables": {...}} 格式');
  const facts = noFacts();
  for (const [table, entry] of Object.entries(tables)) reader.table(table, entry, facts);
  return facts;
}

/** The JSON form read on its own, each table with its rows and columns. */
export function parseStatisticsJson(text: string): TableStatistics[] {
  const facts = statisticsFactsFromJson(text);
  return facts.rowCounts.map(({ table, rows }) => ({
    table,
    rows,
    columns: facts.columns.filter((c) => c.table === table).map((c) => ({ column: c.column, ...c.statistics })),
  }));
}

/** Puts statistics onto the schema's tables, field by field over what they already have (e.g. comment lines). */
export function mergeStatistics(schema: SchemaModel, statistics: TableStatistics[]): void {
  const at = { line: 1, column: 1 };
  const facts = noFacts();
  for (const stats of statistics) {
    facts.rowCounts.push({ table: stats.table, rows: stats.rows, at });
    for (const { column, ...rest } of stats.columns)
      facts.columns.push({ table: stats.table, column, statistics: rest, at });
  }
  applyFacts(schema, facts, 'stats');
}

/** Each number a column may give, under its names: PostgreSQL's, and the `-- sqltune:stats` lines' own. */
const numberFields = [
  ['distinct', ['ndv', 'n_distinct', 'distinct']],
  ['nullFraction', ['null_frac', 'nulls']],
  ['averageWidth', ['avg_width', 'width']],
] as const;

/** Every key a column's entry may hold: a misspelt one is refused, not dropped without a word. */
const COLUMN_KEYS = [
  ...numberFields.flatMap(([, names]) => names),
  'mcv',
  'most_common_vals',
  'most_common_freqs',
  'histogram',
  'histogram_bounds',
  // Other columns of pg_stats, which a row of it converted to JSON carries: known, and not used.
  'correlation',
  'inherited',
  'most_common_elems',
  'most_common_elem_freqs',
  'elem_count_histogram',
];
const TABLE_KEYS = ['rows', 'columns'];

class JsonReader {
  private readonly offsets: Map<string, number>;

  constructor(private readonly text: string) {
    this.offsets = keyOffsets(text);
  }

  table(table: string, entry: unknown, facts: StatisticsFacts): void {
    const path = ['tables', table];
    if (!isObject(entry)) throw this.error(path, `${dotted(path)} must be an object`, `${dotted(path)} 应为对象`);
    const rows = entry.rows;
    if (typeof rows !== 'number' || !Number.isFinite(rows) || rows < 0) {
      const at = [...path, 'rows'];
      throw this.error(at, `${dotted(at)} must be a number >= 0`, `${dotted(at)} 应为不小于 0 的数字`);
    }
    this.onlyKeys(path, entry, TABLE_KEYS);
    facts.rowCounts.push({ table, rows, at: this.where(path) });
    const columns = entry.columns === undefined ? {} : entry.columns;
    if (!isObject(columns)) {
      const at = [...path, 'columns'];
      throw this.error(at, `${dotted(at)} must be an object`, `${dotted(at)} 应为对象`);
    }
    for (const [column, stats] of Object.entries(columns)) {
      const columnPath = [...path, 'columns', column];
      facts.columns.push({ table, column, statistics: this.column(columnPath, stats), at: this.where(columnPath) });
    }
  }

  private column(path: string[], stats: unknown): Omit<ColumnStatistics, 'column'> {
    if (!isObject(stats)) throw this.error(path, `${dotted(path)} must be an object`, `${dotted(path)} 应为对象`);
    this.onlyKeys(path, stats, COLUMN_KEYS);
    const result: Omit<ColumnStatistics, 'column'> = {};
    for (const [field, names] of numberFields) {
      const given = names.filter((name) => stats[name] !== undefined);
      if (given.length > 1) {
        throw this.error(
          [...path, given[1]!],
          `${dotted(path)}: give one of ${given.join(', ')}, not both`,
          `${dotted(path)}：${given.join('、')} 只能给出一个`,
        );
      }
      const key = given[0];
      if (key === undefined) continue;
      const value = stats[key];
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw this.error([...path, key], `${dotted(path)}.${key} must be a number`, `${dotted(path)}.${key} 应为数字`);
      }
      result[field] = value;
    }
    const mostCommon = this.mostCommonValues(path, stats);
    if (mostCommon) result.mostCommonValues = mostCommon;
    const histogramKey = this.onlyOne(path, stats, 'histogram', 'histogram_bounds');
    if (histogramKey) {
      result.histogramBounds = this.values(path, histogramKey, stats[histogramKey]).map((v) => v.value);
    }
    const problem = checkColumnStatistics(result);
    if (problem) {
      const keys = {
        distinct: ['ndv', 'n_distinct', 'distinct'],
        nullFraction: ['null_frac', 'nulls'],
        averageWidth: ['avg_width', 'width'],
        mostCommonValues: ['mcv', 'most_common_freqs'],
        histogramBounds: ['histogram', 'histogram_bounds'],
      }[problem.value];
      const key = keys.find((k) => stats[k] !== undefined) ?? keys[0]!;
      throw this.error(
        [...path, key],
        `${dotted(path)}.${key}: ${problem.en}`,
        `${dotted(path)}.${key}：${problem.zh}`,
      );
    }
    return result;
  }

  private mostCommonValues(path: string[], stats: Record<string, unknown>): ColumnStatistics['mostCommonValues'] {
    const key = this.onlyOne(path, stats, 'mcv', 'most_common_vals');
    if (key === 'mcv') return this.mcvPairs([...path, 'mcv'], stats.mcv);
    if (key === undefined && stats.most_common_freqs === undefined) return undefined;
    if (key === undefined || stats.most_common_freqs === undefined) {
      const missing = key === undefined ? 'most_common_vals' : 'most_common_freqs';
      throw this.error(
        path,
        `${dotted(path)}: most_common_vals and most_common_freqs go together; ${missing} is missing`,
        `${dotted(path)}：most_common_vals 与 most_common_freqs 需同时给出，缺少 ${missing}`,
      );
    }
    const values = this.values(path, 'most_common_vals', stats.most_common_vals);
    const freqs = this.values(path, 'most_common_freqs', stats.most_common_freqs);
    if (values.length !== freqs.length) {
      throw this.error(
        [...path, 'most_common_freqs'],
        `${dotted(path)}: ${values.length} most_common_vals but ${freqs.length} most_common_freqs`,
        `${dotted(path)}：most_common_vals 有 ${values.length} 个，most_common_freqs 却有 ${freqs.length} 个`,
      );
    }
    return values.map((v, i) => ({ value: v.value, frequency: this.frequency(freqs[i]!.path, freqs[i]!.raw) }));
  }

  private mcvPairs(path: string[], raw: unknown): NonNullable<ColumnStatistics['mostCommonValues']> {
    if (!Array.isArray(raw)) {
      throw this.error(
        path,
        `${dotted(path)} must be an array of {"value", "freq"}`,
        `${dotted(path)} 应为 {"value", "freq"} 数组`,
      );
    }
    return raw.map((item, i) => {
      const itemPath = [...path, String(i)];
      if (!isObject(item)) {
        throw this.error(
          itemPath,
          `${dotted(itemPath)} must be {"value": ..., "freq": ...}`,
          `${dotted(itemPath)} 应为 {"value": ..., "freq": ...}`,
        );
      }
      return {
        value: this.scalar([...itemPath, 'value'], item.value),
        frequency: this.frequency([...itemPath, 'freq'], item.freq),
      };
    });
  }

  /** A list given as a JSON array or as PostgreSQL array text. */
  private values(path: string[], key: string, raw: unknown): Array<{ value: string; raw: unknown; path: string[] }> {
    const at = [...path, key];
    if (typeof raw === 'string') {
      const parsed = parsePgArray(raw);
      if ('error' in parsed)
        throw this.error(at, `${dotted(at)}: ${parsed.error}`, `${dotted(at)}：PostgreSQL 数组格式有误`);
      return parsed.values.map((value, i) => ({ value: this.scalar([...at, String(i)], value), raw: value, path: at }));
    }
    if (!Array.isArray(raw)) {
      throw this.error(at, `${dotted(at)} must be an array`, `${dotted(at)} 应为数组`);
    }
    return raw.map((value, i) => ({
      value: this.scalar([...at, String(i)], value),
      raw: value,
      path: [...at, String(i)],
    }));
  }

  private scalar(path: string[], value: unknown): string {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw this.error(path, `${dotted(path)} must be a string or a number`, `${dotted(path)} 应为字符串或数字`);
  }

  private frequency(path: string[], raw: unknown): number {
    const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    throw this.error(path, `${dotted(path)} must be a number`, `${dotted(path)} 应为数字`);
  }

  private onlyOne(path: string[], stats: Record<string, unknown>, a: string, b: string): string | undefined {
    if (stats[a] !== undefined && stats[b] !== undefined) {
      throw this.error(
        [...path, b],
        `${dotted(path)}: give ${a} or ${b}, not both`,
        `${dotted(path)}：${a} 与 ${b} 只能给出一个`,
      );
    }
    return stats[a] !== undefined ? a : stats[b] !== undefined ? b : undefined;
  }

  /** Refuses a key the entry may not hold, naming the ones it may. */
  private onlyKeys(path: string[], entry: Record<string, unknown>, known: readonly string[]): void {
    const unknown = Object.keys(entry).find((key) => !known.includes(key));
    if (unknown === undefined) return;
    throw this.error(
      [...path, unknown],
      `${dotted(path)}.${unknown} is not a statistic this form knows; it knows ${known.join(', ')}`,
      `${dotted(path)}.${unknown} 不是可识别的统计项；可用的有 ${known.join('、')}`,
    );
  }

  error(path: string[], en: string, zh: string) {
    return statisticsError('stats', this.where(path), en, zh);
  }

  /** Where the deepest key of `path` that the text has is written. */
  where(path: string[]): Where {
    for (let n = path.length; n > 0; n--) {
      const offset = this.offsets.get(path.slice(0, n).join('\u0000'));
      if (offset !== undefined) return positionAt(this.text, offset);
    }
    return { line: 1, column: 1 };
  }
}

function dotted(path: string[]): string {
  return path.map((key, i) => (/^\d+$/.test(key) && i > 0 ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');
}

/** The offset of every key and array element in valid JSON, by path (keys and indexes joined with NUL). */
function keyOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const readString = (): string => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const readValue = (path: string[]): void => {
    skipSpace();
    const open = text[i];
    if (open === '{' || open === '[') {
      const close = open === '{' ? '}' : ']';
      i++;
      skipSpace();
      if (text[i] === close) {
        i++;
        return;
      }
      for (let n = 0; ; n++) {
        skipSpace();
        const at = i;
        const key = open === '{' ? readString() : String(n);
        offsets.set([...path, key].join('\u0000'), at);
        if (open === '{') {
          skipSpace();
          i++; // the colon
        }
        readValue([...path, key]);
        skipSpace();
        if (text[i++] === close) return;
      }
    }
    if (open === '"') readString();
    else while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
  };
  readValue([]);
  return offsets;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
