import type { Dialect } from '@sqltune/contracts';
import { type AstNode, columnRef, isNode, walk } from '../model/ast.ts';
import { isKeyword, type Token } from '../text/lexer.ts';
import type { Fixup, Substitution } from './standard-forms.ts';
import { UnreadableForm } from './unreadable.ts';

/**
 * What a form module of the parser's preparation works with (grammar-gaps.ts explains the mechanism): the
 * statement as written, its code tokens, and the substitutions and fixups it adds, plus marker calls.
 */
export interface FormContext {
  text: string;
  tokens: Token[];
  dialect: Dialect;
  substitutions: Substitution[];
  fixups: Fixup[];
  markers: MarkerCalls;
  heads: SelectHeads;
  /** Reads another piece of SQL as the statement is read (see prepareForParser); locations in its own text. */
  parseFragment: (sql: string) => AstNode | undefined;
}

const MARKER = 'sqltune_form_';

/**
 * Marker calls: a form node-sql-parser does not read, where an expression stands, is handed to it as a call of a
 * function of its own, `sqltune_form_<n>(<the form's operands>)`. A call is an operand of the highest precedence
 * in both grammars, so the tree around it is the tree of the statement as written; its arguments are read by the
 * parser like any operand. After parsing, each marker call is replaced by the node its form builds from the
 * arguments' trees (in the shape node-sql-parser gives the form's nearest relative). A marker the tree does not
 * hold any more, or holds elsewhere than as an operand, makes the statement unreadable rather than misread.
 */
export class MarkerCalls {
  private readonly builds: Array<{ form: string; build: (args: AstNode[], call: AstNode) => AstNode }> = [];

  /** The text that opens a marker call (the caller writes the arguments and the closing parenthesis). */
  open(form: string, build: (args: AstNode[], call: AstNode) => AstNode): string {
    this.builds.push({ form, build });
    return `${MARKER}${this.builds.length - 1}(`;
  }

  /** A whole marker call without arguments, for a form that has none. */
  call(form: string, build: (args: AstNode[], call: AstNode) => AstNode): string {
    return `${this.open(form, build)})`;
  }

  get size(): number {
    return this.builds.length;
  }

  /**
   * Replaces every marker call of the tree, innermost first; throws UnreadableForm when one is missing from the tree
   * although the parser was given it (`prepared`: the text it read; a marker whose substitution gave way to an
   * overlapping one was never written).
   */
  restore(ast: AstNode, prepared: string): void {
    if (this.builds.length === 0) return;
    const restored = new Set<number>();
    const replace = (value: unknown): unknown => {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) value[i] = replace(value[i]);
        return value;
      }
      if (!isNode(value)) return value;
      for (const key of Object.keys(value)) if (key !== 'loc') value[key] = replace(value[key]);
      const index = markerIndex(value);
      if (index === undefined) return value;
      const entry = this.builds[index];
      if (!entry || restored.has(index)) throw notRead(entry?.form ?? 'this form');
      restored.add(index);
      const args = (value.args as AstNode | undefined)?.value;
      const node = entry.build(Array.isArray(args) ? (args as AstNode[]) : [], value);
      if (node.loc === undefined && value.loc) node.loc = value.loc;
      if (value.parentheses) node.parentheses = value.parentheses;
      // What the grammar hung on the call (a window, a filter) belongs to the form it stands for.
      for (const key of ['over', 'filter']) if (isNode(value[key]) && !isNode(node[key])) node[key] = value[key];
      return node;
    };
    replace(ast);
    const missing = this.builds.findIndex((_, i) => !restored.has(i) && prepared.includes(`${MARKER}${i}(`));
    if (missing >= 0) throw notRead(this.builds[missing]!.form);
  }
}

function markerIndex(node: AstNode): number | undefined {
  if (node.type !== 'function') return undefined;
  const parts = (node.name as AstNode | undefined)?.name;
  const name = Array.isArray(parts) && parts.length === 1 ? String((parts[0] as AstNode).value) : '';
  return name.startsWith(MARKER) ? Number(name.slice(MARKER.length)) : undefined;
}

export function notRead(form: string, keyword?: string): UnreadableForm {
  return new UnreadableForm(
    { zh: `SQLTune 暂时无法读取此处的 ${form}`, en: `SQLTune cannot yet read ${form} here` },
    keyword,
  );
}

/** Index of the `)` closing the `(` at `open`, or -1. */
/** The index of the `(` the `)` at `close` closes, or -1. */
export function openingParen(tokens: Token[], close: number): number {
  let depth = 0;
  for (let k = close; k >= 0; k--) {
    if (tokens[k]!.text === ')') depth++;
    else if (tokens[k]!.text === '(' && --depth === 0) return k;
  }
  return -1;
}

export function closingParen(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i]!.text === '(') depth++;
    else if (tokens[i]!.text === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Whether the tokens from `i` on are the words of `phrase` (`'NOT MATERIALIZED'`). */
export function phraseAt(tokens: Token[], i: number, phrase: string): boolean {
  return phrase.split(' ').every((word, k) => isKeyword(tokens[i + k], word));
}

/** A substitution that blanks the tokens from `first` to `last` (inclusive). */
export function blank(tokens: Token[], first: number, last: number): Substitution {
  return { start: tokens[first]!.start, end: tokens[last]!.end, replacement: '' };
}

/** Removes location fields from a node made of substituted text (it stands for no text of its own). */
export function withoutLocations<T>(value: T): T {
  if (Array.isArray(value)) value.forEach(withoutLocations);
  else if (isNode(value)) {
    delete value.loc;
    for (const key of Object.keys(value)) withoutLocations(value[key]);
  }
  return value;
}

/**
 * The tree of `prefix + text.slice(start, end) + suffix` read as a statement, its locations moved to the statement
 * as written (nodes of the prefix and suffix lose theirs), or undefined when it does not parse.
 */
export function fragment(
  context: FormContext,
  prefix: string,
  start: number,
  end: number,
  suffix = '',
): AstNode | undefined {
  const ast = context.parseFragment(`${prefix}${context.text.slice(start, end)}${suffix}`);
  if (!ast) return undefined;
  const shift = start - prefix.length;
  const moved = new Set<object>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isNode(value)) return;
    const loc = value.loc;
    if (isNode(loc) && isNode(loc.start) && isNode(loc.end) && !moved.has(loc)) {
      moved.add(loc);
      const from = Number(loc.start.offset) + shift;
      const to = Number(loc.end.offset) + shift;
      if (from < start || to > end) delete value.loc;
      else value.loc = { start: { offset: from }, end: { offset: to } };
    }
    for (const key of Object.keys(value)) if (key !== 'loc') visit(value[key]);
  };
  visit(ast);
  return ast;
}

export type Hook = (query: AstNode, previous: AstNode | undefined) => void;

interface Head {
  kind: 'select' | 'table' | 'values';
  /** TABLE and VALUES heads: the text that stands for the head token, given the marker item (or ''). */
  replacement?: (marker: string) => string;
  hooks: Hook[];
}

const HEAD_MARKER = 'sqltune_select_';

/** Words between SELECT and its select list. */
export const SELECT_OPTIONS = new Set([
  'ALL',
  'DISTINCT',
  'DISTINCTROW',
  'HIGH_PRIORITY',
  'STRAIGHT_JOIN',
  'SQL_SMALL_RESULT',
  'SQL_BIG_RESULT',
  'SQL_BUFFER_RESULT',
  'SQL_NO_CACHE',
  'SQL_CACHE',
  'SQL_CALC_FOUND_ROWS',
]);

/** Words that end an empty select list (`SELECT FROM t`, `SELECT WHERE false`). */
const AFTER_LIST = new Set([
  'FROM',
  'WHERE',
  'GROUP',
  'HAVING',
  'WINDOW',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'FETCH',
  'UNION',
]);

/**
 * Facts about one query of the statement are put back through a marker item `sqltune_select_<n>` placed first in its
 * select list: the tree's query holding that item is the query written there (its SELECT, or a TABLE or VALUES
 * query read as one, see query-forms.ts). Forms register hooks on a query by the index of its head token.
 */
export class SelectHeads {
  private readonly heads = new Map<number, Head>();

  constructor(private readonly context: FormContext) {}

  /** Registers a hook on the query whose head (SELECT, TABLE or VALUES) is the token at `index`. */
  hook(index: number, hook: Hook): void {
    this.head(index).hooks.push(hook);
  }

  /** Declares the token at `index` a TABLE or VALUES head and what stands for it. */
  declare(index: number, kind: 'table' | 'values', replacement: (marker: string) => string): void {
    const head = this.head(index);
    head.kind = kind;
    head.replacement = replacement;
  }

  private head(index: number): Head {
    let head = this.heads.get(index);
    if (!head) {
      head = { kind: 'select', hooks: [] };
      this.heads.set(index, head);
    }
    return head;
  }

  emit(): void {
    const { tokens, substitutions, fixups } = this.context;
    const hooks: Hook[][] = [];
    for (const [index, head] of this.heads) {
      const marker = head.hooks.length > 0 ? `${HEAD_MARKER}${hooks.length}` : '';
      if (marker) hooks.push(head.hooks);
      const token = tokens[index]!;
      if (head.replacement) {
        substitutions.push({ start: token.start, end: token.end, replacement: head.replacement(marker) });
      } else if (marker) {
        const { at, empty } = selectListStart(tokens, index);
        const offset = at < tokens.length ? tokens[at]!.start : tokens[tokens.length - 1]!.end;
        const insert = empty ? ` ${marker} ` : `${marker}, `;
        substitutions.push({ start: offset, end: offset, replacement: at < tokens.length ? insert : ` ${marker}` });
      }
    }
    if (hooks.length === 0) return;
    const markerNames = hooks.map((_, n) => `${HEAD_MARKER}${n}`);
    fixups.push((ast, prepared) => {
      const written = markerNames.filter((name) => prepared.includes(name));
      const previous = new Map<AstNode, AstNode>();
      walk(ast, ({ node }) => {
        if (isNode(node._next)) previous.set(node._next, node);
        return undefined;
      });
      const found: Array<{ query: AstNode; index: number }> = [];
      walk(ast, ({ node }) => {
        const first = Array.isArray(node.columns) ? node.columns[0] : undefined;
        const name = isNode(first) ? columnRef(first.expr as AstNode)?.column : undefined;
        if (node.type === 'select' && name?.startsWith(HEAD_MARKER)) {
          found.push({ query: node, index: Number(name.slice(HEAD_MARKER.length)) });
        }
        return undefined;
      });
      if (found.length !== written.length) throw new UnreadableForm(notReadQuery);
      for (const { query, index } of found) {
        (query.columns as unknown[]).shift();
        for (const hook of hooks[index] ?? []) hook(query, previous.get(query));
      }
    });
  }
}

export const notReadQuery = {
  zh: 'SQLTune 暂时无法读取这条查询的写法',
  en: 'SQLTune cannot yet read this query as written',
};

/** Where the select list of the SELECT at `i` starts, and whether it is empty. */
export function selectListStart(tokens: Token[], i: number): { at: number; empty: boolean } {
  let at = i + 1;
  for (;;) {
    const word = tokens[at]?.kind === 'word' ? tokens[at]!.text.toUpperCase() : '';
    if (word === 'DISTINCT' && isKeyword(tokens[at + 1], 'ON') && tokens[at + 2]?.text === '(') {
      at = closingParen(tokens, at + 2) + 1;
      continue;
    }
    if (!SELECT_OPTIONS.has(word)) break;
    at++;
  }
  const next = tokens[at];
  const empty = !next || next.text === ')' || next.text === ';' || AFTER_LIST.has(next.text.toUpperCase());
  return { at, empty: empty || isSetOperator(next) };
}

export function isSetOperator(token: Token | undefined): boolean {
  return ['UNION', 'INTERSECT', 'EXCEPT', 'MINUS'].some((w) => isKeyword(token, w));
}
