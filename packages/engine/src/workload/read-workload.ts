import type { Dialect } from '@sqltune/contracts';
import { normalizeNewlines } from '../text/position.ts';
import { type Workload, workloadError } from './model.ts';
import { readStatementsByDigest } from './mysql-digest.ts';
import { readPgStatStatements } from './pg-stat-statements.ts';
import { readDumpSlow, readSlowLog } from './slow-log.ts';

/**
 * Reads pasted statement statistics, recognising the format by what only it prints: a slow log's `# Query_time:`
 * lines, mysqldumpslow's `Count: N  Time=` blocks, the digest table's DIGEST_TEXT column, pg_stat_statements'
 * query and calls columns. Anything else, or a result without statements, is 4210 with the place.
 */
export function readWorkload(raw: string, dialect: Dialect): Workload {
  const text = normalizeNewlines(raw);
  const workload = readByFormat(text, dialect);
  if (workload.entries.length === 0) {
    throw workloadError({ line: 1, column: 1 }, 'the statistics list no statement', '统计结果中没有任何语句');
  }
  return workload;
}

function readByFormat(text: string, dialect: Dialect): Workload {
  if (/^# (?:Query_time|User@Host):/m.test(text)) return readSlowLog(text, dialect);
  if (/^Count: \S+\s+Time=/m.test(text)) return readDumpSlow(text);
  if (/\bDIGEST_TEXT\b/i.test(text)) return readStatementsByDigest(text);
  if (/\bquery\b/i.test(text) && /\bcalls\b/i.test(text)) return readPgStatStatements(text);
  throw workloadError(
    { line: firstTextLine(text), column: 1 },
    'not recognized: paste pg_stat_statements (psql or CSV), performance_schema.events_statements_summary_by_digest (mysql client), mysqldumpslow output or a slow query log',
    '无法识别：请粘贴 pg_stat_statements（psql 或 CSV）、performance_schema.events_statements_summary_by_digest（mysql 客户端）、mysqldumpslow 输出或慢查询日志',
  );
}

function firstTextLine(text: string): number {
  const index = text.split('\n').findIndex((line) => line.trim() !== '');
  return index < 0 ? 1 : index + 1;
}
