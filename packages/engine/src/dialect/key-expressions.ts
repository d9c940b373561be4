import { type AstNode, isNode } from '../model/ast.ts';
import type { Token } from '../text/lexer.ts';
import { closingParen, type FormContext } from './markers.ts';

const KEY_EXPRESSION_MARKER = 'sqltune_key_expression_';

/**
 * The expression parts of an index key list, tokens open..close (its parentheses): each such part's node gets
 * `expression`, the expression's text as written (blanks reduced to one; `lower(email)`, `` `a` + 1 ``), so the
 * schema model can say what the key is instead of an empty column.
 *  - MySQL 8 (`KEY idx ((lower(email)))`, `KEY m (id, (a + 1))`): a functional part is `(expr)`. The grammar reads
 *    one alone only when the expression is a call, so every such part is handed to it as a column named
 *    `sqltune_key_expression_<n>`, and that node is then replaced by `{type: 'key_expression', expression}`.
 *  - PostgreSQL (`(a + b)`, `lower(email) text_pattern_ops`): the grammar reads them; their nodes are annotated.
 * Returns how to annotate the list once parsed (`keys`: the definition's or the statement's key nodes).
 */
export function keyExpressions(
  context: FormContext,
  open: number,
  close: number,
): ((keys: unknown) => void) | undefined {
  const { tokens, dialect } = context;
  const expressions = new Map<number, string>();
  const placeholders = new Map<string, string>();
  for (const [n, [first, last]] of keyParts(tokens, open, close).entries()) {
    const startsCall = tokens[first]?.kind === 'word' && tokens[first + 1]?.text === '(';
    const opening = tokens[first]?.text === '(' ? first : dialect === 'postgresql' && startsCall ? first + 1 : -1;
    const end = opening < 0 ? -1 : closingParen(tokens, opening);
    if (end < 0 || end > last) continue;
    const inner = opening === first ? [first + 1, end - 1] : [first, end];
    const text = context.text.slice(tokens[inner[0]!]!.start, tokens[inner[1]!]!.end).replace(/\s+/g, ' ');
    expressions.set(n, text);
    if (dialect !== 'mysql') continue;
    const placeholder = `${KEY_EXPRESSION_MARKER}${n}`;
    placeholders.set(placeholder, text);
    context.substitutions.push({ start: tokens[first]!.start, end: tokens[end]!.end, replacement: placeholder });
  }
  if (expressions.size === 0) return undefined;
  return (keys) => {
    if (!Array.isArray(keys)) return;
    for (const [n, key] of keys.entries()) {
      if (!isNode(key)) continue;
      const text = placeholders.get(String(key.column)) ?? (dialect === 'postgresql' ? expressions.get(n) : undefined);
      if (text === undefined) continue;
      keys[n] =
        dialect === 'mysql' ? ({ type: 'key_expression', expression: text, order_by: key.order_by } as AstNode) : key;
      (keys[n] as AstNode).expression = text;
    }
  };
}

/** The parts of a key list between `open` and `close`, split at its own commas: [first token, last token]. */
function keyParts(tokens: Token[], open: number, close: number): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  let depth = 0;
  let start = open + 1;
  for (let k = open + 1; k <= close; k++) {
    const text = tokens[k]!.text;
    if (k === close || (text === ',' && depth === 0)) {
      if (k > start) parts.push([start, k - 1]);
      start = k + 1;
    } else if (text === '(') depth++;
    else if (text === ')') depth--;
  }
  return parts;
}
