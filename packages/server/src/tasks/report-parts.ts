import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * Reports are stored as JSON text in parts (db/schema.ts, taskReportParts): the report of a maximum-size submission
 * can be tens of megabytes (21 MB measured for 50 statements of 40 KB), and the embedded database runs one
 * statement at a time: stored whole, it held every other query for 2-4 s; in parts of 256 KiB (uncompressed) each
 * statement takes about 10-25 ms (measured on PGlite, docs/design.md).
 */
export const REPORT_PART_CHARS = 256 * 1024;

/** Cuts text in parts of at most `size` UTF-16 units, never between the two halves of a surrogate pair. */
export function splitReport(json: string, size = REPORT_PART_CHARS): string[] {
  const parts: string[] = [];
  for (let at = 0; at < json.length; ) {
    let end = Math.min(at + size, json.length);
    const last = json.charCodeAt(end - 1);
    if (end < json.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(json.slice(at, end));
    at = end;
  }
  return parts;
}

/**
 * Stores the parts of run `run` (the lease token), each only while that lease still holds the task in progress.
 * False when the lease was lost on the way; the parts already stored are then removed.
 */
export async function storeReportParts(db: Database, taskId: string, run: string, json: string): Promise<boolean> {
  for (const [seq, part] of splitReport(json).entries()) {
    const stored = await db.execute(sql`INSERT INTO task_report_parts (task_id, run, seq, part)
      SELECT ${taskId}, ${run}, ${seq}, ${part}
      WHERE EXISTS (SELECT 1 FROM tasks WHERE id = ${taskId} AND lease_token = ${run} AND state = 'In Progress')
      RETURNING seq`);
    if (stored.rows.length === 0) {
      await deleteRun(db, taskId, run);
      return false;
    }
  }
  return true;
}

/** The report of `run` as JSON text, read one part per statement; null when it has no parts. */
export async function readReport(db: Database, taskId: string, run: string): Promise<string | null> {
  const parts: string[] = [];
  for (let seq = 0; ; seq++) {
    const result = await db.execute<{ part: string }>(sql`SELECT part FROM task_report_parts
      WHERE task_id = ${taskId} AND run = ${run} AND seq = ${seq}`);
    const part = result.rows[0]?.part;
    if (part === undefined) return parts.length > 0 ? parts.join('') : null;
    parts.push(part);
  }
}

/** Removes the parts of a run that did not complete the task (never those of the run that did). */
export async function deleteRun(db: Database, taskId: string, run: string): Promise<void> {
  await db.execute(sql`DELETE FROM task_report_parts WHERE task_id = ${taskId} AND run = ${run}
    AND run IS DISTINCT FROM (SELECT report_run FROM tasks WHERE id = ${taskId})`);
}

/** After a run completed the task: parts of earlier runs that lost their lease mid-way go. */
export async function deleteOtherRuns(db: Database, taskId: string, run: string): Promise<void> {
  await db.execute(sql`DELETE FROM task_report_parts WHERE task_id = ${taskId} AND run <> ${run}`);
}
