/**
 * Comparing the original's and the candidate's results on one generated database, for every backend.
 *
 * Rows are compared as multisets of normalized text values (column names are ignored; the backends print floats
 * rounded to 12 significant digits and decimals without trailing zeros, see normalizeFloat / normalizeDecimal, so a
 * different summation order is not a difference). When the original has a top-level ORDER BY the order counts too:
 * rows must come in the same order of their ORDER BY keys, while rows tied on the keys may come in any order. Keys
 * are resolved to output columns when they are positions or output names; when they are expressions, only the
 * multiset is compared and the comparison says the order was not checked. With LIMIT/OFFSET, rows tied at the cut
 * may differ. A candidate that drops the original's ORDER BY is compared in the original's order.
 * Both statements failing counts as agreement; only one failing is a difference.
 */
import type { Localized } from '@sqltune/contracts';
import type { OrderByInfo } from '../sql-text.ts';

/** How a NULL value is written in normalized rows. */
export const NULL_MARK = '\u0000NULL';

/** What one statement gave on one database: rows as normalized text, or the server's error. */
export type Outcome = { ok: true; rows: string[][]; names: string[] } | { ok: false; error: string };

/** A difference between the two results, in both languages. */
export type Difference = Localized;

/** A float printed by the server, rounded to 12 significant digits. */
export function normalizeFloat(text: string): string {
  const n = Number(text);
  return Number.isFinite(n) ? String(Number.parseFloat(n.toPrecision(12))) : text;
}

/** A decimal printed by the server, without trailing zeros in its fraction. */
export function normalizeDecimal(text: string): string {
  if (!/^-?\d*\.\d+$/.test(text)) return text;
  const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' || trimmed === '' ? '0' : trimmed;
}

function showRow(row: string[]): string {
  return `(${row.map((v) => (v === NULL_MARK ? 'NULL' : v.length > 40 ? `${v.slice(0, 37)}...` : v)).join(', ')})`;
}

function counts(rows: string[][]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) {
    const k = JSON.stringify(r);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

function multisetDifference(a: string[][], b: string[][]): Difference | null {
  const ca = counts(a);
  const cb = counts(b);
  for (const key of new Set([...ca.keys(), ...cb.keys()])) {
    const x = ca.get(key) ?? 0;
    const y = cb.get(key) ?? 0;
    if (x !== y) {
      const row = showRow(JSON.parse(key) as string[]);
      return {
        en: `the original returned ${a.length} rows and the candidate ${b.length}; row ${row} appears ${x} time(s) in the original and ${y} time(s) in the candidate`,
        zh: `原语句返回 ${a.length} 行，候选语句返回 ${b.length} 行；行 ${row} 在原语句结果中出现 ${x} 次，在候选语句结果中出现 ${y} 次`,
      };
    }
  }
  return null;
}

/** Output column indexes of the ORDER BY keys, or null when a key is an expression or does not resolve. */
function keyColumns(order: OrderByInfo, names: string[]): number[] | null {
  if (!order.ordered || order.keys.length === 0) return null;
  const out: number[] = [];
  for (const key of order.keys) {
    if (key.kind === 'position') {
      if (key.position < 1 || key.position > names.length) return null;
      out.push(key.position - 1);
    } else if (key.kind === 'name') {
      const exact = names.filter((n) => n === key.name);
      const folded = exact.length > 0 ? exact : names.filter((n) => n.toLowerCase() === key.name.toLowerCase());
      if (folded.length !== 1) return null;
      out.push(names.indexOf(folded[0]));
    } else return null;
  }
  return out;
}

function runs(rows: string[][], keys: number[]): Array<{ key: string; rows: string[][] }> {
  const out: Array<{ key: string; rows: string[][] }> = [];
  for (const row of rows) {
    const key = JSON.stringify(keys.map((k) => row[k]));
    const last = out[out.length - 1];
    if (last && last.key === key) last.rows.push(row);
    else out.push({ key, rows: [row] });
  }
  return out;
}

function orderedDifference(
  a: string[][],
  b: string[][],
  keysA: number[],
  keysB: number[],
  limited: boolean,
): Difference | null {
  if (a.length !== b.length)
    return (
      multisetDifference(a, b) ?? {
        en: `row counts differ (${a.length} vs ${b.length})`,
        zh: `行数不同（${a.length} 与 ${b.length}）`,
      }
    );
  const ra = runs(a, keysA);
  const rb = runs(b, keysB);
  const n = Math.max(ra.length, rb.length);
  for (let i = 0; i < n; i++) {
    const x = ra[i];
    const y = rb[i];
    const lastRun = i === n - 1;
    if (!x || !y || x.key !== y.key || x.rows.length !== y.rows.length) {
      const at = ra.slice(0, i).reduce((s, r) => s + r.rows.length, 0) + 1;
      return {
        en: `the rows come in a different order of the ORDER BY keys from row ${at} on: the original has ${x ? showRow(x.rows[0]) : 'no row'}, the candidate ${y ? showRow(y.rows[0]) : 'no row'}`,
        zh: `从第 ${at} 行起按 ORDER BY 键的顺序不同：原语句为 ${x ? showRow(x.rows[0]) : '无'}，候选语句为 ${y ? showRow(y.rows[0]) : '无'}`,
      };
    }
    if (limited && lastRun) continue;
    const d = multisetDifference(x.rows, y.rows);
    if (d) return d;
  }
  return null;
}

interface Comparison {
  difference: Difference | null;
  orderUnchecked: boolean;
}

function compare(
  original: Outcome,
  candidate: Outcome,
  orderOriginal: OrderByInfo,
  orderCandidate: OrderByInfo,
): Comparison {
  if (!original.ok || !candidate.ok) {
    if (!original.ok && !candidate.ok) return { difference: null, orderUnchecked: false };
    const failed = original.ok ? 'candidate' : 'original';
    const failedZh = original.ok ? '候选语句' : '原语句';
    const error = (original.ok ? (candidate as { error: string }).error : original.error) ?? '';
    return {
      difference: {
        en: `the ${failed} failed (${error}) while the other returned rows`,
        zh: `${failedZh}执行失败（${error}），另一条语句正常返回`,
      },
      orderUnchecked: false,
    };
  }
  const widthA = original.names.length;
  const widthB = candidate.names.length;
  if (widthA !== widthB) {
    return {
      difference: {
        en: `the original returns ${widthA} columns and the candidate ${widthB}`,
        zh: `原语句返回 ${widthA} 列，候选语句返回 ${widthB} 列`,
      },
      orderUnchecked: false,
    };
  }
  if (!orderOriginal.ordered)
    return { difference: multisetDifference(original.rows, candidate.rows), orderUnchecked: false };
  const keysA = keyColumns(orderOriginal, original.names);
  const keysB = orderCandidate.ordered ? keyColumns(orderCandidate, candidate.names) : keysA;
  const limited = orderOriginal.limited || orderCandidate.limited;
  if (keysA && keysB) {
    return {
      difference: orderedDifference(original.rows, candidate.rows, keysA, keysB, limited),
      orderUnchecked: false,
    };
  }
  // Keys we can not resolve: identical lists are fine; otherwise the rows must at least match as multisets.
  if (JSON.stringify(original.rows) === JSON.stringify(candidate.rows))
    return { difference: null, orderUnchecked: false };
  // (With LIMIT, rows tied at the cut may legitimately differ; they count as a difference here.)
  return { difference: multisetDifference(original.rows, candidate.rows), orderUnchecked: true };
}

/** Compares the two statements database after database and keeps the counts the verdict reports. */
export class DataSetComparison {
  /** Databases compared. */
  completed = 0;
  /** Databases on which both statements failed (agreement). */
  bothFailed = 0;
  /** Databases on which the ORDER BY keys could not be resolved, so only the multisets were compared. */
  orderUnchecked = 0;
  /** Databases on which the original returned rows. */
  withRows = 0;

  constructor(
    readonly orderOriginal: OrderByInfo,
    readonly orderCandidate: OrderByInfo,
  ) {}

  /** Compares the outcomes on one more database: the difference they show, or null. */
  add(original: Outcome, candidate: Outcome): Difference | null {
    this.completed++;
    if (!original.ok && !candidate.ok) this.bothFailed++;
    if (original.ok && original.rows.length > 0) this.withRows++;
    const result = compare(original, candidate, this.orderOriginal, this.orderCandidate);
    if (result.orderUnchecked) this.orderUnchecked++;
    return result.difference;
  }
}
