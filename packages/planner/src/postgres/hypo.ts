/**
 * What-if indexes through HypoPG, shown under readable names. Pure.
 *
 * HypoPG names a hypothetical index `<oid>method_table_columns` (e.g. `<13556>btree_orders_o_custkey`). The plan
 * shows instead the candidate's own name, or - for `CREATE INDEX ON t (...)` without one - the name PostgreSQL
 * would choose for it (`orders_o_custkey_idx`, see ChooseIndexName / ChooseIndexColumnNames / makeObjectName).
 */

import type { ExplainJsonNode } from '../pglite/plan-json.ts';
import { quoteIdent } from '../pglite/sql-text.ts';
import { nameOf, type Token } from '../sql-text.ts';

/** PostgreSQL's NAMEDATALEN - 1: the longest name in bytes. */
const MAX_NAME_BYTES = 63;

export interface IndexShape {
  /** The index name as written (folded / unquoted), when the statement gives one. */
  name?: string;
  /** The table name (last part of a qualified name). */
  table?: string;
  /** Column names PostgreSQL derives from the key and INCLUDE elements ("expr" for expressions). */
  columns: string[];
}

const isName = (t: Token | undefined) => t?.kind === 'ident' || t?.kind === 'qident';
const isWordValue = (t: Token | undefined, value: string) => t?.kind === 'ident' && t.value === value;
const isPunct = (t: Token | undefined, value: string) => t?.kind === 'punct' && t.value === value;

/** Reads name, table and column names of a CREATE [UNIQUE] INDEX statement's tokens. */
export function readIndexShape(tokens: Token[]): IndexShape {
  let i = 0;
  while (['create', 'unique', 'index', 'concurrently'].some((w) => isWordValue(tokens[i], w))) i++;
  if (isWordValue(tokens[i], 'if') && isWordValue(tokens[i + 1], 'not') && isWordValue(tokens[i + 2], 'exists')) i += 3;
  const shape: IndexShape = { columns: [] };
  if (isName(tokens[i]) && !isWordValue(tokens[i], 'on')) shape.name = nameOf(tokens[i++]);
  if (!isWordValue(tokens[i], 'on')) return shape;
  i++;
  if (isWordValue(tokens[i], 'only')) i++;
  if (!isName(tokens[i])) return shape;
  shape.table = nameOf(tokens[i++]);
  while (isPunct(tokens[i], '.') && isName(tokens[i + 1])) {
    shape.table = nameOf(tokens[i + 1]);
    i += 2;
  }
  if (isWordValue(tokens[i], 'using')) i += 2;
  const keys = elementList(tokens, i);
  if (!keys) return shape;
  shape.columns.push(...keys.names);
  i = keys.next;
  if (isWordValue(tokens[i], 'include')) shape.columns.push(...(elementList(tokens, i + 1)?.names ?? []));
  return shape;
}

/** The column names of a parenthesized element list starting at tokens[start] = '('. */
function elementList(tokens: Token[], start: number): { names: string[]; next: number } | undefined {
  const open = tokens[start];
  if (!isPunct(open, '(')) return undefined;
  const depth = open.depth + 1;
  const names: string[] = [];
  let element: Token[] = [];
  for (let i = start + 1; i < tokens.length; i++) {
    const t = tokens[i];
    const atDepth = t.depth === open.depth && t.kind === 'punct';
    if ((atDepth && t.value === ')') || (t.depth === depth && isPunct(t, ','))) {
      if (element.length > 0) names.push(elementName(element));
      element = [];
      if (atDepth && t.value === ')') return { names, next: i + 1 };
      continue;
    }
    element.push(t);
  }
  return undefined;
}

/** FigureIndexColname: a column reference's name, a function call's name, a cast's operand, else "expr". */
function elementName(element: Token[]): string {
  let tokens = element;
  // (expression): look inside the parentheses.
  if (isPunct(tokens[0], '(')) {
    const close = tokens.findIndex((t, k) => k > 0 && isPunct(t, ')') && t.depth === tokens[0].depth);
    tokens = tokens.slice(1, close < 0 ? undefined : close);
  }
  const first = tokens[0];
  if (!isName(first)) return 'expr';
  let k = 1;
  while (isPunct(tokens[k], '.') && isName(tokens[k + 1])) k += 2;
  const last = nameOf(tokens[k - 1]) ?? 'expr';
  const next = tokens[k];
  if (isPunct(next, '(')) return last;
  if (next === undefined || next.kind === 'ident' || next.kind === 'qident' || isPunct(next, '::')) return last;
  return 'expr';
}

function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** The longest prefix of `s` (whole characters) of at most `bytes` UTF-8 bytes. */
function clip(s: string, bytes: number): string {
  let out = '';
  for (const ch of s) {
    if (utf8Length(out + ch) > bytes) break;
    out += ch;
  }
  return out;
}

/** makeObjectName: name1_name2_label, the longer of name1/name2 shortened first to fit 63 bytes. */
export function makeObjectName(name1: string, name2: string, label: string): string {
  const overhead = label.length + 1 + (name2 ? 1 : 0);
  const available = MAX_NAME_BYTES - overhead;
  let a = utf8Length(name1);
  let b = utf8Length(name2);
  while (a + b > available) {
    if (a > b) a--;
    else b--;
  }
  const first = clip(name1, a);
  const second = clip(name2, b);
  return second ? `${first}_${second}_${label}` : `${first}_${label}`;
}

/** The name PostgreSQL gives an unnamed index on `table` over `columns`, avoiding the names in `taken`. */
export function defaultIndexName(table: string, columns: string[], taken: ReadonlySet<string>): string {
  // ChooseIndexNameAddition: column names joined by "_", stopping once the result reaches NAMEDATALEN.
  let addition = '';
  for (const c of columns) {
    if (addition) addition += '_';
    addition += c;
    if (utf8Length(addition) >= MAX_NAME_BYTES) break;
  }
  let name = makeObjectName(table, addition, 'idx');
  for (let n = 1; taken.has(name); n++) name = makeObjectName(table, addition, `idx${n}`);
  return name;
}

/** An identifier as EXPLAIN prints it: bare when it needs no quotes, quoted otherwise. */
export function displayIdent(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : quoteIdent(name);
}

/** Replaces HypoPG's index names (keys) by readable ones (values) in an EXPLAIN JSON plan, in place. */
export function renameIndexesInJson(explain: unknown, names: ReadonlyMap<string, string>): unknown {
  const visit = (node: ExplainJsonNode) => {
    const index = node['Index Name'];
    if (typeof index === 'string' && names.has(index)) node['Index Name'] = names.get(index);
    for (const child of node.Plans ?? []) visit(child);
  };
  const value = typeof explain === 'string' ? (JSON.parse(explain) as unknown) : explain;
  const roots = Array.isArray(value) ? value : [value];
  for (const root of roots) {
    const plan = (root as { Plan?: ExplainJsonNode } | null)?.Plan;
    if (plan) visit(plan);
  }
  return value;
}

/** Replaces HypoPG's index names in a text EXPLAIN (where they are always quoted: they start with "<"). */
export function renameIndexesInText(text: string, names: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [hypo, readable] of names)
    out = out.split(quoteIdent(hypo)).join(displayIdent(readable)).split(hypo).join(readable);
  return out;
}
