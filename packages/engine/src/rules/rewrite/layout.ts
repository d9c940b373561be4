import { SELECT_OPTIONS } from '../../dialect/markers.ts';
import { type AstNode, isNode } from '../../model/ast.ts';
import type { ParsedStatement } from '../../model/statement.ts';
import { isKeyword } from '../../text/lexer.ts';
import { type TokenView, tokenRange, tokenView } from './tokens.ts';

/** The clauses of one SELECT in the token stream. */

const clauseWords = new Set([
  'FROM',
  'WHERE',
  'GROUP',
  'HAVING',
  'WINDOW',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'FETCH',
  'FOR',
  'LOCK',
  'INTO',
]);
const setWords = new Set(['UNION', 'INTERSECT', 'EXCEPT', 'MINUS']);

/** Where one SELECT's parts sit: token indices of its keywords, and its last token. */
export interface QueryLayout {
  select: number;
  /** The DISTINCT keyword among the modifiers after SELECT. */
  distinct?: number;
  /** First token of the select list. */
  list: number;
  /** Clause keyword (FROM, WHERE, GROUP, HAVING, ORDER, LIMIT, ...) -> its token index, in source order. */
  clauses: Map<string, number>;
  /** The query's last token (before a closing parenthesis, a set operator or the end). */
  last: number;
}

/** Reads a SELECT's layout from its keyword on; only keywords at its own parenthesis depth count. */
export function layoutAt(view: TokenView, select: number): QueryLayout | undefined {
  const { tokens } = view;
  if (!isKeyword(tokens[select], 'SELECT')) return undefined;
  let list = select + 1;
  let distinct: number | undefined;
  while (tokens[list] && SELECT_OPTIONS.has(tokens[list]!.text.toUpperCase()) && tokens[list]!.kind === 'word') {
    if (isKeyword(tokens[list], 'DISTINCT')) {
      if (tokens[list + 1]?.text === '(' || isKeyword(tokens[list + 1], 'ON')) return undefined;
      distinct = list;
    }
    list++;
  }
  const clauses = new Map<string, number>();
  let depth = 0;
  let last = select;
  for (let i = select + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.text === '(') depth++;
    else if (token.text === ')') {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && token.text === ';') break;
    else if (depth === 0 && token.kind === 'word') {
      const word = token.text.toUpperCase();
      if (setWords.has(word)) break;
      // `a IS [NOT] DISTINCT FROM b` is an expression, not the FROM clause.
      const isDistinctFrom = word === 'FROM' && isKeyword(tokens[i - 1], 'DISTINCT') && i - 1 !== distinct;
      const byClause = (word === 'GROUP' || word === 'ORDER') && !isKeyword(tokens[i + 1], 'BY');
      if (clauseWords.has(word) && !isDistinctFrom && !byClause && !clauses.has(word)) clauses.set(word, i);
    }
    last = i;
  }
  return { select, distinct, list, clauses, last };
}

/** The token index of a clause's end: the token before the next clause keyword, or the query's last token. */
export function clauseEnd(layout: QueryLayout, keyword: number): number {
  const later = [...layout.clauses.values()].filter((i) => i > keyword);
  return later.length > 0 ? Math.min(...later) - 1 : layout.last;
}

/**
 * Token indices of SELECT keywords where `query` may start, best guess first. MySQL's grammar locates
 * queries; PostgreSQL's does not, so there every SELECT whose clauses agree with the tree is a candidate
 * (the verification of the edits decides between them).
 */
export function selectCandidates(statement: ParsedStatement, query: AstNode): QueryLayout[] {
  const view = tokenView(statement);
  const located = tokenRange(statement, query);
  const found: QueryLayout[] = [];
  view.tokens.forEach((token, i) => {
    if (located && (i < located[0] || i > located[1])) return;
    if (!isKeyword(token, 'SELECT')) return;
    const layout = layoutAt(view, i);
    if (layout && agrees(layout, query)) found.push(layout);
  });
  return found;
}

function agrees(layout: QueryLayout, query: AstNode): boolean {
  const has = (word: string) => layout.clauses.has(word);
  const groupby = query.groupby;
  const grouped = Array.isArray(groupby) ? groupby.length > 0 : isNode(groupby);
  const ordered = Array.isArray(query.orderby) && query.orderby.length > 0;
  return (
    has('WHERE') === isNode(query.where) &&
    has('HAVING') === isNode(query.having) &&
    has('GROUP') === grouped &&
    has('ORDER') === ordered &&
    has('FROM') === (Array.isArray(query.from) && query.from.length > 0)
  );
}
