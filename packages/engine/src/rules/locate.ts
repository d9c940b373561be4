import { type AstNode, visitsOf } from '../model/ast.ts';
import { isAggregateCall, isCast, isFunctionCall, isSelect } from '../model/nodes.ts';
import type { ParsedStatement } from '../model/statement.ts';
import { selectCandidates } from './rewrite/layout.ts';
import { balanced, tokensWithin, tokenView } from './rewrite/tokens.ts';

/**
 * Where a finding goes when the parser gave its node no location (node-sql-parser locates only some nodes, the
 * PostgreSQL grammar fewer than MySQL's): from the located nodes inside it, widened to whole parentheses and, for
 * a function call or CAST, to its name and closing parenthesis; a query at its SELECT keyword. Only findings
 * use this: rewrites keep to the parser's own locations (and their edits are checked by re-parsing anyway).
 */
export function locate(statement: ParsedStatement, node: AstNode): { start: number; end: number } | undefined {
  // A query's located parts (an expression in its select list) would misplace a finding about the whole query.
  if (isSelect(node)) return atSelect(statement, node);
  return fromDescendants(statement, node);
}

function fromDescendants(statement: ParsedStatement, node: AstNode): { start: number; end: number } | undefined {
  let start = Number.POSITIVE_INFINITY;
  let end = -1;
  for (const { node: inner } of visitsOf(node)) {
    if (!inner.loc) continue;
    start = Math.min(start, inner.loc.start.offset);
    end = Math.max(end, inner.loc.end.offset);
  }
  if (end < 0) return undefined;
  const view = tokenView(statement);
  const within = tokensWithin(view, start, end);
  const range = within ? balanced(view, within) : undefined;
  if (!range) return undefined;
  let [from, to] = range;
  // `CAST(x AS DATE)`, `COUNT(x)`: the name and the parentheses around the located arguments.
  const callable = isFunctionCall(node) || isAggregateCall(node) || isCast(node);
  const open = view.tokens[from - 1];
  const closing = view.partner.get(from - 1);
  if (callable && open?.text === '(' && view.tokens[from - 2]?.kind === 'word' && closing !== undefined) {
    from -= 2;
    to = Math.max(to, closing);
  }
  return { start: view.tokens[from]!.start, end: view.tokens[to]!.end };
}

/** A query's SELECT keyword, when the statement's text shows which SELECT it is. */
function atSelect(statement: ParsedStatement, node: AstNode): { start: number; end: number } | undefined {
  if (!isSelect(node)) return undefined;
  const candidates = selectCandidates(statement, node);
  if (candidates.length !== 1) return undefined;
  const keyword = tokenView(statement).tokens[candidates[0]!.select]!;
  return { start: keyword.start, end: keyword.end };
}
