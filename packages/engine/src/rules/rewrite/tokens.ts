import { type AstNode, child, span } from '../../model/ast.ts';
import { isUnaryExpr } from '../../model/nodes.ts';
import type { ParsedStatement } from '../../model/statement.ts';
import { codeTokens, isKeyword, lex, type Token } from '../../text/lexer.ts';

/**
 * Where a node is written. The parser gives locations to few nodes (PostgreSQL's grammar to even fewer), so
 * rewrites find their text with the lexer, starting from the locations that exist: token ranges [first, last]
 * of the statement's code tokens, balanced in parentheses.
 */

/** The statement's code tokens (no blanks, no comments), with matching parentheses. */
export interface TokenView {
  tokens: Token[];
  /** For a parenthesis token, the index of its partner (unbalanced ones have none). */
  partner: Map<number, number>;
  /** The parenthesis depth before each token. */
  depth: number[];
}

const viewCache = new WeakMap<AstNode, TokenView>();

export function tokenView(statement: ParsedStatement): TokenView {
  const cached = viewCache.get(statement.ast);
  if (cached) return cached;
  const tokens = codeTokens(lex(statement.text, { mysql: statement.dialect === 'mysql' }));
  const partner = new Map<number, number>();
  const depth: number[] = [];
  const open: number[] = [];
  tokens.forEach((token, i) => {
    depth.push(open.length);
    if (token.text === '(') open.push(i);
    else if (token.text === ')') {
      const from = open.pop();
      if (from !== undefined) {
        partner.set(from, i);
        partner.set(i, from);
      }
    }
  });
  const view = { tokens, partner, depth };
  viewCache.set(statement.ast, view);
  return view;
}

/** Token indices [first, last] a node's location covers, or undefined when it has none. */
export function tokenRange(statement: ParsedStatement, node: AstNode | undefined): [number, number] | undefined {
  const at = span(node, statement.text);
  return at ? tokensWithin(tokenView(statement), at.start, at.end) : undefined;
}

/** Token indices [first, last] of the code tokens inside the text range [start, end), or undefined when none. */
export function tokensWithin(view: TokenView, start: number, end: number): [number, number] | undefined {
  const { tokens } = view;
  const first = tokens.findIndex((t) => t.start >= start);
  let last = -1;
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (tokens[i]!.end <= end) {
      last = i;
      break;
    }
  }
  return first >= 0 && last >= first ? [first, last] : undefined;
}

/**
 * Widens a token range until its parentheses balance: a range from the first to the last operand of a
 * chain may start inside `((a = 1) OR ...` or end inside `... OR (b = 2))`. Undefined when it cannot.
 */
export function balanced(view: TokenView, [first, last]: [number, number]): [number, number] | undefined {
  let from = first;
  let to = last;
  for (let guard = 0; guard < 1000; guard++) {
    let depth = 0;
    let lowest = 0;
    for (let i = from; i <= to; i++) {
      const text = view.tokens[i]!.text;
      if (text === '(') depth++;
      else if (text === ')') depth--;
      lowest = Math.min(lowest, depth);
    }
    if (lowest === 0 && depth === 0) return [from, to];
    if (lowest < 0) {
      if (view.tokens[from - 1]?.text !== '(') return undefined;
      from--;
    } else {
      if (view.tokens[to + 1]?.text !== ')') return undefined;
      to++;
    }
  }
  return undefined;
}

/** Widens a balanced range over the parenthesis pairs that wrap exactly it: `((a = 1))`. */
export function wrapped(view: TokenView, [first, last]: [number, number]): [number, number] {
  let from = first;
  let to = last;
  while (view.tokens[from - 1]?.text === '(' && view.partner.get(from - 1) === to + 1) {
    from--;
    to++;
  }
  return [from, to];
}

/** The balanced token range of a node, from its location (or, for `NOT x`, from x's and the NOT before it). */
export function nodeTokens(statement: ParsedStatement, node: AstNode): [number, number] | undefined {
  const view = tokenView(statement);
  const own = tokenRange(statement, node);
  if (own) return balanced(view, own);
  const inner = child(node, 'expr');
  if (isUnaryExpr(node) && String(node.operator).toUpperCase() === 'NOT' && inner) {
    const range = nodeTokens(statement, inner);
    if (!range) return undefined;
    const [first, last] = wrapped(view, range);
    if (isKeyword(view.tokens[first - 1], 'NOT')) return [first - 1, last];
  }
  return undefined;
}

export function textOf(statement: ParsedStatement, [first, last]: [number, number]): string {
  const { tokens } = tokenView(statement);
  return statement.text.slice(tokens[first]!.start, tokens[last]!.end);
}

// ---------------------------------------------------------------------------------------------------
// Operands of a located binary expression.

/**
 * The token ranges of a binary expression's two operands, found by splitting its text at the operator
 * (a run of adjacent symbols spelling it, at the expression's own depth). For `+`/`-` a sign right at
 * the start or right after another operator is not the operator.
 */
export function operandRanges(
  statement: ParsedStatement,
  node: AstNode,
): { left: [number, number]; right: [number, number] } | undefined {
  const range = nodeTokens(statement, node);
  if (!range) return undefined;
  const view = tokenView(statement);
  const [first, last] = wrapped(view, range);
  // Inside wrapping parentheses, the expression itself.
  let [from, to] = range;
  while (view.tokens[from]?.text === '(' && view.partner.get(from) === to) {
    from++;
    to--;
  }
  if (from > to || first > last) return undefined;
  const operator = String(node.operator).toUpperCase();
  const base = view.depth[from]!;
  for (let i = from + 1; i <= to; i++) {
    if (view.depth[i] !== base) continue;
    const run = symbolRun(view, i);
    if (run.text !== operator) {
      i = run.end;
      continue;
    }
    const before = view.tokens[i - 1]!;
    // A sign after another operator (`a > -1`) or a word operator are not what we look for here.
    if (before.kind === 'symbol' && before.text !== ')' && /[-+*/<>=!]/.test(before.text)) continue;
    if (run.end >= to) return undefined;
    return { left: [from, i - 1], right: [run.end + 1, to] };
  }
  return undefined;
}

/** The run of adjacent operator symbols starting at token i (`>=` is two tokens to the lexer). */
function symbolRun(view: TokenView, i: number): { text: string; end: number } {
  const isOperatorSymbol = (t: Token | undefined) => t?.kind === 'symbol' && /^[-+*/<>=!%^|&:~]$/.test(t.text);
  if (!isOperatorSymbol(view.tokens[i])) return { text: view.tokens[i]!.text.toUpperCase(), end: i };
  let end = i;
  let text = view.tokens[i]!.text;
  while (isOperatorSymbol(view.tokens[end + 1]) && view.tokens[end + 1]!.start === view.tokens[end]!.end) {
    // `<` followed by `-` in `a<-1` is `<` and a sign; only comparison symbols glue.
    if (!/^[<>=!]$/.test(view.tokens[end + 1]!.text) || !/^[<>=!:|]$/.test(view.tokens[end]!.text)) break;
    end++;
    text += view.tokens[end]!.text;
  }
  return { text, end };
}
