import { type AstNode, eachChild, operatorOf } from '../../model/ast.ts';
import { isBinaryExpr, isUnaryExpr } from '../../model/nodes.ts';
import type { ParsedStatement } from '../../model/statement.ts';
import type { TextEdit } from '../../text/patch.ts';
import { nodeTokens, tokenView, wrapped } from './tokens.ts';
import { type Change, editedSlice, parseExpression } from './verify.ts';

/**
 * The rewrite protocol as rules use it: a rule says which node becomes which text, and the edit and the tree it
 * must produce follow from that, so the two cannot disagree by construction (the verification of verify.ts still
 * checks the edited statement parses to that tree, together with the rule's other changes).
 *
 * `replaceNode` is the usual form. `editNode` is for rewrites that must keep the layout inside the node (the user's
 * line breaks and comments in a subquery they turn into EXISTS): the rule writes the edits inside the node, and
 * the intended tree is still derived, from the node's text with those edits made.
 */

/** A change of one node, with the tree its text parses to (for the rule's own checks of what it wrote). */
interface NodeChange extends Change {
  tree: AstNode;
}

/**
 * Replaces a node by `text`: the edit covers the node's tokens, or `range` when the rule located the node another
 * way (the parser leaves literals and PostgreSQL operands unlocated). Without a range, parentheses written around
 * the node stay where they are and the text goes inside them. The text is put in parentheses when it would not
 * read as one operand where it stands (see needsParentheses); a leading sign right after a symbol gets a blank, so
 * it does not glue to it (`<'-5'` becomes `< -5`). The intended tree is the text parsed as an expression;
 * undefined when the text does not parse or the node cannot be located.
 */
export function replaceNode(
  statement: ParsedStatement,
  node: AstNode,
  text: string,
  range: [number, number] | undefined = unwrappedTokens(statement, node),
): NodeChange | undefined {
  const tree = parseExpression(text, statement.dialect);
  if (!range || !tree) return undefined;
  const view = tokenView(statement);
  const [first, last] = range;
  const inParentheses = wrapped(view, range)[0] !== first;
  const written = !inParentheses && needsParentheses(statement, node, tree) ? `(${text})` : text;
  const glued = /^[-+]/.test(written) && view.tokens[first - 1]?.end === view.tokens[first]!.start;
  const edit = {
    start: view.tokens[first]!.start,
    end: view.tokens[last]!.end,
    replacement: glued ? ` ${written}` : written,
  };
  return { edits: [edit], replacements: new Map([[node, tree]]), tree };
}

/**
 * Changes a node by edits inside its token range (all within it), keeping the layout of the rest of it; the
 * intended tree is the range's text with the edits made, parsed as an expression.
 */
export function editNode(
  statement: ParsedStatement,
  node: AstNode,
  [first, last]: [number, number],
  edits: TextEdit[],
): NodeChange | undefined {
  const { tokens } = tokenView(statement);
  const text = editedSlice(statement.text, tokens[first]!.start, tokens[last]!.end, edits);
  const tree = parseExpression(text, statement.dialect);
  return tree && { edits, replacements: new Map([[node, tree]]), tree };
}

/** A node's tokens inside the parentheses written around it, which a replacement keeps. */
function unwrappedTokens(statement: ParsedStatement, node: AstNode): [number, number] | undefined {
  const range = nodeTokens(statement, node);
  if (!range) return undefined;
  const { tokens, partner } = tokenView(statement);
  let [from, to] = range;
  while (tokens[from]?.text === '(' && partner.get(from) === to && from < to) {
    from++;
    to--;
  }
  return [from, to];
}

// ---------------------------------------------------------------------------------------------------
// Where a replacement needs parentheses.

const LOGICAL = 3;
const NOT = 4;
const COMPARISON = 5;
const OPERAND = 13;

/** Binding strength of binary operators, loosest first, as MySQL and PostgreSQL both order them. */
const binaryPrecedence: Record<string, number> = {
  OR: 1,
  XOR: 2,
  AND: LOGICAL,
  '&&': LOGICAL,
  '|': 6,
  '&': 7,
  '<<': 8,
  '>>': 8,
  '+': 9,
  '-': 9,
  '*': 10,
  '/': 10,
  '%': 10,
  DIV: 10,
  MOD: 10,
  '^': 11,
};

function precedence(node: AstNode, dialect: ParsedStatement['dialect']): number {
  if (node.parentheses) return OPERAND;
  if (isUnaryExpr(node)) return String(node.operator).toUpperCase() === 'NOT' ? NOT : 12;
  if (!isBinaryExpr(node)) return OPERAND;
  const operator = operatorOf(node);
  // `||` is OR in MySQL and concatenation (above comparisons, below arithmetic) in PostgreSQL.
  if (operator === '||') return dialect === 'mysql' ? 1 : 8;
  // Comparisons and the word predicates (IN, LIKE, BETWEEN, IS ...) share one level.
  return binaryPrecedence[operator] ?? COMPARISON;
}

/** A node's parent in the statement's tree (found once per statement). */
const parentsOf = new WeakMap<AstNode, Map<AstNode, AstNode>>();

function parentOf(statement: ParsedStatement, node: AstNode): AstNode | undefined {
  let parents = parentsOf.get(statement.ast);
  if (!parents) {
    const found = new Map<AstNode, AstNode>();
    const stack = [statement.ast];
    while (stack.length > 0) {
      const parent = stack.pop()!;
      eachChild(parent, (item) => {
        found.set(item, parent);
        stack.push(item);
      });
    }
    parents = found;
    parentsOf.set(statement.ast, parents);
  }
  return parents.get(node);
}

/**
 * Whether the replacement of `node` by `tree` must be written in parentheses: when it binds more loosely than the
 * operator it is an operand of (or as loosely, on the right of a non-chain operator), and, for the reader, an
 * AND/OR chain anywhere but in a chain of its own operator or as a clause's whole condition (`a OR (d >= x AND
 * d < y)`, though AND binds tighter than OR).
 */
function needsParentheses(statement: ParsedStatement, node: AstNode, tree: AstNode): boolean {
  const parent = parentOf(statement, node);
  const own = precedence(tree, statement.dialect);
  if (!parent) return false;
  if (own <= LOGICAL) {
    const wholeCondition = parent.where === node || parent.having === node || parent.on === node;
    return !wholeCondition && !(isBinaryExpr(parent) && operatorOf(parent) === operatorOf(tree));
  }
  if (!isBinaryExpr(parent) && !isUnaryExpr(parent)) return false;
  const around = precedence({ ...parent, parentheses: false }, statement.dialect);
  return own < around || (own === around && parent.right === node && own !== OPERAND);
}
