/**
 * PostgreSQL-only helpers on the planner's lexer (../sql-text.ts): error positions, quoting, and the literals a
 * statement compares with a column.
 */
import { KEYWORDS_BEFORE_VALUE, keywordOf, type LiteralValue, type Token, tokenize } from '../sql-text.ts';

/**
 * PostgreSQL's error `position` counts characters (1-based) from the start of the query it received.
 * Returns the UTF-16 offset in that query text, or undefined.
 */
export function pgPositionToOffset(queryText: string, position: number | string | undefined): number | undefined {
  const p = typeof position === 'string' ? Number.parseInt(position, 10) : position;
  if (p === undefined || !Number.isFinite(p) || p < 1) return undefined;
  let chars = 0;
  let offset = 0;
  while (offset < queryText.length && chars < p - 1) {
    const code = queryText.codePointAt(offset) ?? 0;
    offset += code > 0xffff ? 2 : 1;
    chars++;
  }
  return offset;
}

/** Quotes an identifier for PostgreSQL. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Quotes a string constant for PostgreSQL (standard_conforming_strings = on). */
export function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

const COMPARISON_OPS = new Set(['=', '<>', '!=', '<', '<=', '>', '>=', '~~', '!~~', '~~*']);
const COMPARISON_WORDS = new Set(['like', 'ilike', 'between', 'in', 'similar']);

/** The literal at tokens[i] (after typed-literal words like `date '...'`, a unary minus, or casts), if any. */
function literalAt(tokens: Token[], i: number): { literal: LiteralValue; next: number } | undefined {
  let k = i;
  if (
    tokens[k]?.kind === 'ident' &&
    ['date', 'timestamp', 'time', 'interval', 'numeric', 'integer'].includes(tokens[k].value) &&
    tokens[k + 1]?.kind === 'string'
  )
    k++;
  let sign = '';
  if (tokens[k]?.kind === 'op' && tokens[k].value === '-' && tokens[k + 1]?.kind === 'number') {
    sign = '-';
    k++;
  }
  const t = tokens[k];
  if (!t) return undefined;
  if (t.kind === 'number') return { literal: { kind: 'number', value: sign + t.value }, next: k + 1 };
  if (t.kind === 'string') return { literal: { kind: 'string', value: t.value }, next: k + 1 };
  return undefined;
}

/**
 * Literals compared with a column, by column name (lower case, qualifier dropped): `col = 5`, `5 < col`,
 * `col LIKE 'a%'`, `col BETWEEN 1 AND 9`, `col IN (1, 2)`. Used to put those values in that column's data.
 */
export function columnLiterals(sql: string): Map<string, LiteralValue[]> {
  const tokens = tokenize(sql, 'postgresql');
  const out = new Map<string, LiteralValue[]>();
  const add = (column: string, literal: LiteralValue) => {
    const list = out.get(column) ?? [];
    list.push(literal);
    out.set(column, list);
  };
  const isColumn = (t: Token | undefined) =>
    t !== undefined &&
    (t.kind === 'qident' ||
      (t.kind === 'ident' &&
        !COMPARISON_WORDS.has(t.value) &&
        !KEYWORDS_BEFORE_VALUE.postgresql.has(keywordOf(t) ?? '')));
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!isColumn(t)) continue;
    // Skip a cast after the column: col::date = '...'
    let k = i + 1;
    while (tokens[k]?.kind === 'punct' && tokens[k].value === '::' && tokens[k + 1]?.kind === 'ident') k += 2;
    if (tokens[k]?.kind === 'ident' && tokens[k].value === 'not') k++;
    const op = tokens[k];
    if (!op) continue;
    if (op.kind === 'op' && COMPARISON_OPS.has(op.value)) {
      const lit = literalAt(tokens, k + 1);
      if (lit) add(t.value, lit.literal);
    } else if (op.kind === 'ident' && (op.value === 'like' || op.value === 'ilike')) {
      const lit = literalAt(tokens, k + 1);
      if (lit) add(t.value, lit.literal);
    } else if (op.kind === 'ident' && op.value === 'between') {
      const low = literalAt(tokens, k + 1);
      if (low) {
        add(t.value, low.literal);
        if (tokens[low.next]?.value === 'and') {
          const high = literalAt(tokens, low.next + 1);
          if (high) add(t.value, high.literal);
        }
      }
    } else if (op.kind === 'ident' && op.value === 'in' && tokens[k + 1]?.value === '(') {
      for (let m = k + 2; m < tokens.length && tokens[m].value !== ')'; ) {
        const lit = literalAt(tokens, m);
        if (!lit) break;
        add(t.value, lit.literal);
        m = lit.next;
        if (tokens[m]?.value === ',') m++;
      }
    }
    // Reversed: literal op column.
    const before = tokens[i - 1];
    if (before?.kind === 'op' && COMPARISON_OPS.has(before.value)) {
      const prev = tokens[i - 2];
      if (prev?.kind === 'number' || prev?.kind === 'string') add(t.value, { kind: prev.kind, value: prev.value });
    }
  }
  return out;
}
