import type { Dialect } from '@sqltune/contracts';
import { type AstNode, isNode, walk } from '../model/ast.ts';
import { unreadDistinctAggregates } from '../semantics/functions.ts';
import { isKeyword, type Token } from '../text/lexer.ts';
import { UnreadableForm } from './unreadable.ts';

/**
 * The SQL standard's call forms with keywords inside the parentheses, and window frames, which both databases accept
 * and node-sql-parser 5.4 refuses (issue 11). Each is read from a substituted copy and put back into the tree in
 * the shape node-sql-parser gives its nearest relative (grammar-gaps.ts explains the mechanism):
 *
 *  - aggregates over DISTINCT values other than COUNT's (`SUM(DISTINCT x)`, `AVG`, `MIN`, `MAX`, `STDDEV`, ...):
 *    read as `COUNT(DISTINCT sqltune_agg_<n>(x))`, then renamed, as an `aggr_func` whose `args.distinct` is set,
 *    as node-sql-parser gives `COUNT(DISTINCT x)`. `SUM(ALL x)` is `SUM(x)`.
 *  - `SUBSTRING(x FROM a FOR b)` (also `SUBSTR`, PostgreSQL's `SUBSTRING(x FOR b)` and `SUBSTRING(x SIMILAR p ESCAPE e)`,
 *    its substring(x, p, e)) and PostgreSQL's
 *    `OVERLAY(x PLACING y FROM a FOR b)`: read as the calls with commas they mean, `SUBSTRING(x, a, b)`.
 *  - `EXTRACT(<field> FROM x)` with a field node-sql-parser does not list (MySQL's MICROSECOND and `..._MICROSECOND`
 *    units, PostgreSQL's JULIAN and TIMEZONE_HOUR / _MINUTE): read as `EXTRACT(YEAR FROM sqltune_field_<n>(x))`,
 *    then given its field back.
 *  - window frames node-sql-parser refuses (`RANGE` and `GROUPS` frames, offsets on both bounds, `EXCLUDE`):
 *    read as `ROWS <marker> PRECEDING`, then given their frame in node-sql-parser's own spelling of the frames it
 *    reads: `{type: 'binary_expr', operator: 'BETWEEN', left: {type: 'origin', value: 'range'}, right: {...}}`, a
 *    bound `{type: 'origin', value: 'UNBOUNDED PRECEDING' | 'current row'}`, an offset `{type: 'number', value:
 *    '10 PRECEDING'}` (an expression offset, `INTERVAL '1' DAY PRECEDING`, as `origin` text), plus `exclude`.
 */

export interface Substitution {
  start: number;
  end: number;
  replacement: string;
  /**
   * Among insertions at one offset, lower goes first (default 0): a form wrapping others opens before theirs (-1)
   * and closes after theirs (1).
   */
  order?: number;
}

/** A change to the parsed tree; `prepared` is the text the parser read (the substituted copy). */
export type Fixup = (ast: AstNode, prepared: string) => void;

const AGGREGATE_MARKER = 'sqltune_agg_';
const FIELD_MARKER = 'sqltune_field_';
/** Frame markers count up from here: `ROWS 9000001 PRECEDING`, ... */
const FRAME_MARKER_BASE = 9_000_000;

/** EXTRACT fields each grammar refuses although its database knows them. */
const UNLISTED_FIELDS: Record<Dialect, Set<string>> = {
  mysql: new Set(['MICROSECOND', 'SECOND_MICROSECOND', 'MINUTE_MICROSECOND', 'HOUR_MICROSECOND']),
  postgresql: new Set(['JULIAN', 'TIMEZONE_HOUR', 'TIMEZONE_MINUTE']),
};

/** Adds the substitutions and fixups of every form above found in `tokens` (code tokens of `text`). */
export function standardForms(
  text: string,
  tokens: Token[],
  dialect: Dialect,
  substitutions: Substitution[],
  fixups: Fixup[],
): void {
  distinctAggregates(tokens, substitutions, fixups);
  keywordArguments(tokens, dialect, substitutions);
  extractFields(tokens, dialect, substitutions, fixups);
  windowFrames(text, tokens, substitutions, fixups);
}

/** Index of the `)` closing the `(` at `open`, or -1. */
export function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i]!.text === '(') depth++;
    else if (tokens[i]!.text === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Indexes of the tokens directly inside the parentheses opening at `open` (not in nested ones). */
function topLevelInside(tokens: Token[], open: number, close: number): number[] {
  const inside: number[] = [];
  let depth = 0;
  for (let i = open + 1; i < close; i++) {
    const text = tokens[i]!.text;
    if (text === '(') depth++;
    else if (text === ')') depth--;
    else if (depth === 0) inside.push(i);
  }
  return inside;
}

/** A call `NAME(` at i: the index of its `(` and `)`, or undefined. */
function callAt(tokens: Token[], i: number, names: ReadonlySet<string>): { open: number; close: number } | undefined {
  const token = tokens[i]!;
  if (token.kind !== 'word' || !names.has(token.text.toUpperCase())) return undefined;
  const open = tokens[i + 1];
  // `SUM (x)` is a call too, but `t.sum(` is not one of these.
  if (open?.text !== '(' || tokens[i - 1]?.text === '.') return undefined;
  const close = closing(tokens, i + 1);
  return close < 0 ? undefined : { open: i + 1, close };
}

function distinctAggregates(tokens: Token[], substitutions: Substitution[], fixups: Fixup[]): void {
  const names: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const call = callAt(tokens, i, unreadDistinctAggregates);
    if (!call) continue;
    const quantifier = tokens[call.open + 1];
    if (isKeyword(quantifier, 'ALL')) {
      substitutions.push({ start: quantifier!.start, end: quantifier!.end, replacement: '' });
      continue;
    }
    if (!isKeyword(quantifier, 'DISTINCT')) continue;
    const marker = `${AGGREGATE_MARKER}${names.length}`;
    names.push(tokens[i]!.text.toUpperCase());
    substitutions.push(
      { start: tokens[i]!.start, end: tokens[i]!.end, replacement: 'COUNT' },
      { start: quantifier!.start, end: quantifier!.end, replacement: `DISTINCT ${marker}(` },
      { start: tokens[call.close]!.start, end: tokens[call.close]!.end, replacement: '))' },
    );
  }
  if (names.length === 0) return;
  fixups.push((ast) => {
    let restored = 0;
    walk(ast, ({ node }) => {
      if (node.type !== 'aggr_func' || node.name !== 'COUNT') return undefined;
      const args = node.args as AstNode;
      const marker = markerCall(args.expr, AGGREGATE_MARKER);
      if (!marker) return undefined;
      node.name = names[marker.index]!;
      args.expr = marker.argument;
      restored++;
      return undefined;
    });
    if (restored !== names.length) throw notRead('an aggregate over DISTINCT values', 'DISTINCT');
  });
}

/** `sqltune_<kind>_<n>(x)`: n and x, when `node` is such a marker call of one argument. */
function markerCall(node: unknown, prefix: string): { index: number; argument: AstNode } | undefined {
  if (!isNode(node) || node.type !== 'function') return undefined;
  const parts = (node.name as AstNode | undefined)?.name;
  const name = Array.isArray(parts) && parts.length === 1 ? String((parts[0] as AstNode).value) : '';
  if (!name.startsWith(prefix)) return undefined;
  const values = (node.args as AstNode | undefined)?.value;
  if (!Array.isArray(values) || values.length !== 1 || !isNode(values[0])) return undefined;
  return { index: Number(name.slice(prefix.length)), argument: values[0] };
}

const KEYWORD_CALLS = new Set(['SUBSTRING', 'SUBSTR', 'OVERLAY']);

function keywordArguments(tokens: Token[], dialect: Dialect, substitutions: Substitution[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const call = callAt(tokens, i, KEYWORD_CALLS);
    if (!call) continue;
    const name = tokens[i]!.text.toUpperCase();
    if (name === 'OVERLAY' && dialect === 'mysql') continue;
    const inside = topLevelInside(tokens, call.open, call.close);
    // PostgreSQL's SUBSTRING(x SIMILAR pattern ESCAPE e) is its substring(x, pattern, e).
    const separators =
      dialect === 'postgresql' && name !== 'OVERLAY'
        ? ['FROM', 'FOR', 'SIMILAR', 'ESCAPE']
        : ['FROM', 'FOR', 'PLACING'];
    const keywords = inside.filter((k) => separators.some((w) => isKeyword(tokens[k], w)));
    if (keywords.length === 0 || keywords[0] === inside[0]) continue;
    const words = keywords.map((k) => tokens[k]!.text.toUpperCase());
    // PostgreSQL's SUBSTRING(x FOR n) starts at 1.
    const forOnly = name !== 'OVERLAY' && words.length === 1 && words[0] === 'FOR';
    for (const k of keywords) {
      const replacement = forOnly ? ', 1,' : ',';
      substitutions.push({ start: tokens[k]!.start, end: tokens[k]!.end, replacement });
    }
  }
}

function extractFields(tokens: Token[], dialect: Dialect, substitutions: Substitution[], fixups: Fixup[]): void {
  const fields: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const call = callAt(tokens, i, new Set(['EXTRACT']));
    if (!call) continue;
    const field = tokens[call.open + 1];
    const from = tokens[call.open + 2];
    if (!field || !UNLISTED_FIELDS[dialect].has(field.text.toUpperCase()) || !isKeyword(from, 'FROM')) continue;
    const marker = `${FIELD_MARKER}${fields.length}`;
    fields.push(field.text.toUpperCase());
    substitutions.push(
      { start: field.start, end: from!.end, replacement: `YEAR FROM ${marker}(` },
      { start: tokens[call.close]!.start, end: tokens[call.close]!.end, replacement: '))' },
    );
  }
  if (fields.length === 0) return;
  fixups.push((ast) => {
    let restored = 0;
    walk(ast, ({ node }) => {
      if (node.type !== 'extract') return undefined;
      const args = node.args as AstNode;
      const marker = markerCall(args.source, FIELD_MARKER);
      if (!marker) return undefined;
      args.field = fields[marker.index]!;
      args.source = marker.argument;
      restored++;
      return undefined;
    });
    if (restored !== fields.length) throw notRead('an EXTRACT field', 'EXTRACT');
  });
}

/** A frame as written: its unit, its bounds' text and its EXCLUDE option. */
interface Frame {
  unit: 'rows' | 'range' | 'groups';
  bounds: string[];
  exclude: string | null;
}

function windowFrames(text: string, tokens: Token[], substitutions: Substitution[], fixups: Fixup[]): void {
  const frames: Frame[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const unit = tokens[i]!;
    if (!['ROWS', 'RANGE', 'GROUPS'].some((w) => isKeyword(unit, w))) continue;
    // A frame follows the window's ORDER BY or PARTITION BY items, or opens the window's parentheses.
    const end = frameEnd(tokens, i);
    if (end < 0) continue;
    const frame = readFrame(text, tokens, i, end);
    if (!frame || readByParser(frame)) continue;
    const marker = FRAME_MARKER_BASE + frames.length + 1;
    frames.push(frame);
    substitutions.push({ start: unit.start, end: tokens[end - 1]!.end, replacement: `ROWS ${marker} PRECEDING` });
    i = end;
  }
  if (frames.length === 0) return;
  fixups.push((ast) => {
    let restored = 0;
    walk(ast, ({ node }) => {
      const clause = node.window_frame_clause;
      if (!isNode(clause) || clause.type !== 'rows' || !isNode(clause.expr)) return undefined;
      const match = /^(\d+) PRECEDING$/.exec(String(clause.expr.value));
      const index = match ? Number(match[1]) - FRAME_MARKER_BASE - 1 : -1;
      const frame = frames[index];
      if (!frame) return undefined;
      node.window_frame_clause = frameNode(frame);
      restored++;
      return undefined;
    });
    if (restored !== frames.length) throw notRead('a window frame', 'OVER');
  });
}

/** Index of the `)` that ends the window specification a frame keyword at `i` is in, or -1 when it is none. */
function frameEnd(tokens: Token[], i: number): number {
  let depth = 0;
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j]!.text;
    if (t === '(') depth++;
    else if (t === ')') {
      if (depth === 0) return j;
      depth--;
    } else if (depth === 0 && (t === ';' || t === ',')) return -1;
  }
  return -1;
}

/** The frame between the keyword at `first` and the `)` at `end`, or undefined when it reads as no frame. */
function readFrame(text: string, tokens: Token[], first: number, end: number): Frame | undefined {
  const unit = tokens[first]!.text.toLowerCase() as Frame['unit'];
  let last = end;
  let exclude: string | null = null;
  const excludeAt = tokens.findIndex((t, k) => k > first && k < end && isKeyword(t, 'EXCLUDE'));
  if (excludeAt > 0) {
    exclude = text
      .slice(tokens[excludeAt + 1]!.start, tokens[end - 1]!.end)
      .replace(/\s+/g, ' ')
      .toUpperCase();
    last = excludeAt;
  }
  const between = isKeyword(tokens[first + 1], 'BETWEEN');
  const from = between ? first + 2 : first + 1;
  const and = between ? tokens.findIndex((t, k) => k > from && k < last && isKeyword(t, 'AND')) : -1;
  if (between && and < 0) return undefined;
  const spans = between
    ? [
        [from, and],
        [and + 1, last],
      ]
    : [[from, last]];
  const bounds = spans.map(([a, b]) =>
    a! < b! ? text.slice(tokens[a!]!.start, tokens[b! - 1]!.end).replace(/\s+/g, ' ') : '',
  );
  if (bounds.some((b) => !/(PRECEDING|FOLLOWING|CURRENT ROW)$/i.test(b))) return undefined;
  return { unit, bounds, exclude };
}

/** The frames node-sql-parser reads itself: ROWS with bounds it spells (see the file comment), no EXCLUDE. */
function readByParser(frame: Frame): boolean {
  if (frame.unit !== 'rows' || frame.exclude) return false;
  const plain = (bound: string) => /^(UNBOUNDED (PRECEDING|FOLLOWING)|CURRENT ROW)$/i.test(bound);
  const offset = (bound: string) => /^\d+ (PRECEDING|FOLLOWING)$/i.test(bound);
  if (frame.bounds.length === 1) return plain(frame.bounds[0]!) || offset(frame.bounds[0]!);
  return plain(frame.bounds[0]!) && (plain(frame.bounds[1]!) || offset(frame.bounds[1]!));
}

function boundNode(bound: string): AstNode {
  if (/^UNBOUNDED (PRECEDING|FOLLOWING)$/i.test(bound)) return { type: 'origin', value: bound.toUpperCase() };
  if (/^CURRENT ROW$/i.test(bound)) return { type: 'origin', value: 'current row' };
  const offset = /^(\d+) (PRECEDING|FOLLOWING)$/i.exec(bound);
  if (offset) return { type: 'number', value: `${offset[1]} ${offset[2]!.toUpperCase()}` };
  return { type: 'origin', value: bound };
}

function frameNode(frame: Frame): AstNode {
  const node: AstNode =
    frame.bounds.length === 1
      ? { type: frame.unit, expr: boundNode(frame.bounds[0]!) }
      : {
          type: 'binary_expr',
          operator: 'BETWEEN',
          left: { type: 'origin', value: frame.unit },
          right: { type: 'expr_list', value: frame.bounds.map(boundNode) },
        };
  if (frame.exclude) node.exclude = frame.exclude;
  return node;
}

function notRead(form: string, keyword: string): UnreadableForm {
  return new UnreadableForm(
    { zh: `SQLTune 暂时无法读取此处的${formZh(form)}`, en: `SQLTune cannot yet read ${form} here` },
    keyword,
  );
}

function formZh(form: string): string {
  if (form.startsWith('an aggregate')) return ' DISTINCT 聚合';
  if (form.startsWith('an EXTRACT')) return ' EXTRACT 字段';
  return '窗口框架';
}
