/** Result rows as comparable text, and their comparison as multisets. */

export type ValueKind = 'float' | 'decimal' | 'other';

/** Significant digits kept of floating-point values (their sums may differ in the last digits by plan). */
const FLOAT_DIGITS = 6;

/** One value as text: floats rounded to FLOAT_DIGITS significant digits, decimals exact without trailing zeros. */
export function normalizeValue(value: unknown, kind: ValueKind): string {
  if (value === null || value === undefined) return '\u2400NULL';
  if (kind === 'float') {
    const number = Number(value);
    return Number.isFinite(number) ? String(Number(number.toPrecision(FLOAT_DIGITS))) : String(value);
  }
  if (kind === 'decimal') return canonicalDecimal(String(value));
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return String(value);
}

function canonicalDecimal(text: string): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return text;
  const integer = match[2]!.replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const body = fraction ? `${integer}.${fraction}` : integer;
  return body === '0' ? '0' : `${match[1]}${body}`;
}

/** Every number in the row rounded to FLOAT_DIGITS significant digits (to tell digit-only differences apart). */
function loose(row: string[]): string[] {
  return row.map((value) => (/^-?\d+(\.\d+)?$/.test(value) ? normalizeValue(value, 'float') : value));
}

export interface Comparison {
  /** The same multiset of rows. */
  equal: boolean;
  /** Equal once every number is rounded to FLOAT_DIGITS significant digits (only the last digits differ). */
  digitsOnly: boolean;
  onlyBefore: string[][];
  onlyAfter: string[][];
}

/** Compares two results as multisets of rows (order ignored). */
export function compareRows(before: string[][], after: string[][]): Comparison {
  const { onlyBefore, onlyAfter } = difference(before, after);
  if (onlyBefore.length === 0 && onlyAfter.length === 0)
    return { equal: true, digitsOnly: false, onlyBefore, onlyAfter };
  const rounded = difference(before.map(loose), after.map(loose));
  const digitsOnly = rounded.onlyBefore.length === 0 && rounded.onlyAfter.length === 0;
  return { equal: false, digitsOnly, onlyBefore, onlyAfter };
}

function difference(before: string[][], after: string[][]): { onlyBefore: string[][]; onlyAfter: string[][] } {
  const counts = new Map<string, number>();
  for (const row of before) {
    const key = JSON.stringify(row);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const onlyAfter: string[][] = [];
  for (const row of after) {
    const key = JSON.stringify(row);
    const count = counts.get(key) ?? 0;
    if (count > 0) counts.set(key, count - 1);
    else onlyAfter.push(row);
  }
  const onlyBefore: string[][] = [];
  for (const [key, count] of counts) for (let i = 0; i < count; i++) onlyBefore.push(JSON.parse(key) as string[]);
  return { onlyBefore, onlyAfter };
}
