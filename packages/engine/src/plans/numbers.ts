/** Small helpers shared by the plan readers and the hotspot checks. */

/** A number as plans print it: `12`, `0.35`, `2.98e+6`, `"100.00"` (MySQL JSON quotes some numbers). */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?(?:e[+-]?\d+)?\s*$/i.test(value)) return Number(value);
  return undefined;
}

/** A count for messages: `1,234,567`. */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** A count of rows for English messages: `1 row`, `2,500 rows` (`noun` for `outer row` and the like). */
export function formatRows(n: number, noun = 'row'): string {
  const count = formatCount(n);
  return `${count} ${count === '1' ? noun : `${noun}s`}`;
}

/** Milliseconds for messages: 3 significant digits, never in exponent form. */
export function formatMs(ms: number): string {
  return ms >= 100 ? formatCount(ms) : String(Number(ms.toPrecision(3)));
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Milliseconds to the microsecond, so that time x loops does not print floating-point noise. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** MySQL-family row estimates are products of selectivities: whole rows, a positive estimate at least 1. */
export function roundRows<T extends { rows: number; children: T[] }>(node: T): T {
  node.rows = node.rows > 0 ? Math.max(1, Math.round(node.rows)) : 0;
  for (const child of node.children) roundRows(child);
  return node;
}

/** Estimates as a pasted plan shows them: whole rows (see roundRows) and costs to 2 decimals. */
export function roundEstimates<T extends { rows: number; cost: number; children: T[] }>(node: T): T {
  return roundCosts(roundRows(node));
}

function roundCosts<T extends { cost: number; children: T[] }>(node: T): T {
  node.cost = Math.round(node.cost * 100) / 100;
  for (const child of node.children) roundCosts(child);
  return node;
}
