import { AppError, ErrorCode } from '@sqltune/contracts';

/**
 * Statement statistics users paste from their database, read into one shape: each statement as the database
 * printed it (normalized: `$1`, `?`, `N`, `'S'`), how often it ran and how long it took in total.
 */
export type WorkloadFormat = 'pg_stat_statements' | 'statements_by_digest' | 'mysqldumpslow' | 'slow_log';

export interface WorkloadEntry {
  /** The statement as the input gives it (a slow log's first real text of the statement). */
  text: string;
  calls: number;
  /** Execution time over all calls, in milliseconds. */
  totalMs: number;
  /** Rows returned or affected over all calls, when the input says. */
  rows?: number;
  /** 1-based place of the statement's text in the input. */
  line: number;
  column: number;
  /** The database cut the text (a digest longer than performance_schema_max_digest_length): it cannot be planned. */
  truncated: boolean;
}

export interface Workload {
  format: WorkloadFormat;
  entries: WorkloadEntry[];
  /** Rows the input holds that name no statement (`<insufficient privilege>`, a NULL digest): left out. */
  skipped: number;
}

/** A place in the workload text, 1-based. */
export interface WorkloadPlace {
  line: number;
  column: number;
}

/** 4210 in the workload field, at the place the reader stopped. */
export function workloadError(at: WorkloadPlace, en: string, zh: string): AppError {
  return new AppError(ErrorCode.WORKLOAD_INVALID, {
    field: 'workload',
    line: at.line,
    column: at.column,
    message: { zh: `语句统计有误：${zh}`, en: `workload statistics: ${en}` },
  });
}

/** A count or a time: digits with an optional fraction (and exponent, as psql prints large floats). */
export function readNumber(text: string, at: WorkloadPlace, what: string): number {
  const trimmed = text.trim();
  if (!/^\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(trimmed)) {
    throw workloadError(
      at,
      `${what} is not a number: "${trimmed.slice(0, 40)}"`,
      `${what} 不是数字："${trimmed.slice(0, 40)}"`,
    );
  }
  return Number(trimmed);
}
