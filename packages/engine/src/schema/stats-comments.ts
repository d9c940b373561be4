import { type InputField, statisticsError } from './input-errors.ts';
import { checkColumnStatistics, type StatisticsFacts } from './statistics-facts.ts';

/**
 * Statistics on comment lines, so a table structure with them still runs as DDL:
 *   -- sqltune:stats orders rows=1500000
 *   -- sqltune:stats orders.o_custkey distinct=99996 nulls=0.0 width=4
 */
const statsLine = /^(\s*--\s*sqltune:stats\s+)(\S+)\s+(.*)$/i;

export function isStatsComment(line: string): boolean {
  return statsLine.test(line);
}

/** Facts from the `-- sqltune:stats` lines of `text`, whose first line is line `firstLine` of the field. */
export function statsCommentFacts(text: string, firstLine: number, field: InputField, facts: StatisticsFacts): void {
  text.split('\n').forEach((raw, i) => {
    const match = statsLine.exec(raw);
    if (!match) return;
    const at = { line: firstLine + i, column: match[1]!.length + 1 };
    const settings = parseSettings(match[3]!, at.line, raw.length - match[3]!.length, field);
    const [table, column] = match[2]!.split('.') as [string, string | undefined];
    if (!column) {
      if (settings.rows === undefined) {
        throw statisticsError(field, at, `expected ${table} rows=N`, `应为 ${table} rows=行数`);
      }
      facts.rowCounts.push({ table, rows: settings.rows, at });
      return;
    }
    const statistics = { distinct: settings.distinct, nullFraction: settings.nulls, averageWidth: settings.width };
    const problem = checkColumnStatistics(statistics);
    if (problem) throw statisticsError(field, at, problem.en, problem.zh);
    facts.columns.push({ table, column, statistics, at });
  });
}

/** `key=number` pairs; `offset` is where `text` starts in its line (0-based), for the error's column. */
function parseSettings(text: string, line: number, offset: number, field: InputField): Record<string, number> {
  const settings: Record<string, number> = {};
  for (const pair of text.trim().split(/\s+/)) {
    const [key, value] = pair.split('=');
    const number = Number(value);
    if (!key || value === undefined || value === '' || !Number.isFinite(number)) {
      throw statisticsError(
        field,
        { line, column: offset + Math.max(0, text.indexOf(pair)) + 1 },
        `cannot read "${pair}", expected key=number`,
        `无法识别 "${pair}"，应为 key=数字`,
      );
    }
    settings[key.toLowerCase()] = number;
  }
  return settings;
}
