/**
 * PostgreSQL extended statistics in a table structure (`CREATE STATISTICS [IF NOT EXISTS] name [(ndistinct,
 * dependencies, mcv)] ON columns | expressions FROM table`, pg_dump prints them after the indexes): made in the
 * sandbox by the session's role, as ddl.ts allows, like an index. CREATE STATISTICS asks only that the role own the
 * table. Its expressions are stored, never evaluated: only ANALYZE computes them, which no sandbox runs, and ANALYZE
 * would run them as the table's owner, the unprivileged role (a `pg_read_file` in one is made, and reads nothing).
 *
 * What the object is for, its values (pg_statistic_ext_data), ANALYZE computes from the rows: the sandbox has no
 * rows, and the statistics input carries pg_stats' per-column values only (the injectors write relations and
 * columns: pg_statistic on PostgreSQL 15, PostgreSQL 18's pg_restore_*_stats on PGlite), so the object is made but
 * holds nothing, and the planner estimates
 * correlated columns as if it were not there. A note says so; one the server refuses is left out with a note, never
 * failing the structure.
 */
import type { Localized } from '@sqltune/contracts';
import { reduceServerText } from '../server-text.ts';
import type { Token } from '../sql-text.ts';

/** The name a CREATE STATISTICS gives (its last part, as folded), or undefined when it has none (PostgreSQL 16+). */
export function statisticsObjectName(tokens: Token[]): string | undefined {
  let k = tokens.findIndex((t) => t.kind === 'ident' && t.value === 'statistics') + 1;
  while (tokens[k]?.kind === 'ident' && ['if', 'not', 'exists'].includes(tokens[k]!.value)) k++;
  const isName = (t: Token | undefined) => t?.kind === 'ident' || t?.kind === 'qident';
  if (!isName(tokens[k]) || (tokens[k]!.kind === 'ident' && tokens[k]!.value === 'on')) return undefined;
  // `schema.name`: the last part.
  while (tokens[k + 1]?.value === '.' && isName(tokens[k + 2])) k += 2;
  return tokens[k]!.value;
}

/**
 * How a note names a statistics object: its name, or `(on t)` for one PostgreSQL 16+ names itself (written without
 * a name).
 */
export function statisticsObjectLabel(tokens: Token[]): string {
  const name = statisticsObjectName(tokens);
  if (name !== undefined) return name;
  const from = tokens.findIndex((t) => t.kind === 'ident' && t.value === 'from' && t.depth === 0);
  let k = from + 1;
  while (tokens[k + 1]?.value === '.' && tokens[k + 2]) k += 2;
  return `(on ${tokens[k]?.value ?? '?'})`;
}

/** The note on the statistics objects made: they exist, without values. */
export function statisticsObjectsNote(names: readonly string[]): Localized[] {
  if (names.length === 0) return [];
  const list = names.join(', ');
  return [
    {
      zh: `扩展统计对象 ${list} 已在沙箱中创建，但没有统计值：这些值由 ANALYZE 根据表中数据计算，沙箱中没有数据，统计信息输入也只包含按列的统计（pg_stats），无法携带扩展统计（pg_statistic_ext_data）；规划时相关列仍按彼此独立估算`,
      en: `statistics object(s) ${list} made in the sandbox, but without values: ANALYZE computes them from the rows, the sandbox has none, and the statistics input holds per-column values only (pg_stats), not extended statistics (pg_statistic_ext_data); correlated columns are still estimated as independent`,
    },
  ];
}

/** The note on a statistics object the server would not make (the structure is planned without it). */
export function statisticsObjectSkippedNote(label: string, message: string, sent: string, code?: string): Localized {
  const what = `CREATE STATISTICS ${label}`;
  const reason = reduceServerText(message, [sent], code);
  return {
    zh: `${what} 未创建，规划时不考虑（${reason}）`,
    en: `${what} not made and not considered in plans (${reason})`,
  };
}
