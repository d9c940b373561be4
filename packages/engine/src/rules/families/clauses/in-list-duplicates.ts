import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children } from '../../../model/ast.ts';
import { isExprList } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { isKeyword } from '../../../text/lexer.ts';
import { matchAt, walkBinaryExpressions } from '../../match-helpers.ts';
import { nodeTokens, tokenView } from '../../rewrite/tokens.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { literalKey, operatorOf } from './helpers.ts';

/**
 * `IN (1, 2, 2)`: a value listed twice changes nothing but the statement's length.
 *
 * `x IN (a, b, a)` is `x = a OR x = b OR x = a`, and `x NOT IN (...)` the AND of the `<>`s: a repeated
 * term is idempotent, so dropping it keeps the result, NULLs included. Only repeats written exactly alike
 * are dropped; equal values written differently (`1` and `1.0`) are reported but kept, since their types
 * can take part in how the list is compared.
 */
export const inListDuplicates: Rule = {
  id: 'in-list-duplicates',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_orderstatus IN ('F', 'O', 'F')",
    good: "SELECT o_orderkey FROM orders WHERE o_orderstatus IN ('F', 'O')",
  },
  rewrites: true,
  title: { zh: 'IN 列表中有重复值', en: 'Duplicate values in an IN list' },
  rationale: {
    zh: 'IN 列表中的重复值不会改变结果，只会让语句变长、解析和规划多做无用功；它常常说明拼接这个列表的程序有缺陷（例如没有去重）。写法完全相同的重复值会被自动去掉。',
    en: 'A value repeated in an IN list cannot change the result; it only lengthens the statement and the work of parsing and planning it. It often points to a bug in the code that builds the list, such as missing de-duplication. Repeats written exactly alike are removed automatically.',
  },
  detect({ statement }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    walkBinaryExpressions(statement.ast, ({ node }) => {
      if (!['IN', 'NOT IN'].includes(operatorOf(node))) return;
      const list = child(node, 'right');
      if (!isExprList(list)) return;
      const seen = new Set<string>();
      const repeated = new Set<string>();
      for (const value of children(list, 'value')) {
        const key = literalKey(value);
        if (key === undefined) continue;
        if (seen.has(key)) repeated.add(key);
        seen.add(key);
      }
      if (repeated.size === 0) return;
      const shown = [...repeated].map((key) => (key.startsWith('s:') ? `'${key.slice(2)}'` : key.slice(2))).join(', ');
      const change = dropRepeats(statement, node, list);
      const message: Localized = {
        zh: `IN 列表中 ${shown} 出现了不止一次，可以去掉重复项。`,
        en: `${shown} appear${repeated.size === 1 ? 's' : ''} more than once in the IN list; the repeats can go.`,
      };
      if (!change) {
        message.zh += '（重复值的写法不同，未自动去掉。）';
        message.en += ' (Not removed automatically: the repeats are written differently.)';
      }
      found.push({ match: matchAt(node, message, statement.text), change });
    });
    return matchesWithEdits(statement, found);
  },
};

/**
 * Edits dropping every literal that repeats, as written, an earlier one of the list. Written by hand, not with
 * replaceNode: the rest of the list keeps its layout (line breaks, comments between values), and the intended tree
 * names exactly the values kept, which a tree derived from the edited text would not check.
 */
function dropRepeats(statement: ParsedStatement, node: AstNode, list: AstNode): Change | undefined {
  const range = nodeTokens(statement, node);
  if (!range) return undefined;
  const view = tokenView(statement);
  const { tokens } = view;
  // The list's parentheses: the first `(` after IN at the expression's own depth.
  let open = -1;
  for (let i = range[0]; i < range[1]; i++) {
    if (view.depth[i] === view.depth[range[0]] && isKeyword(tokens[i], 'IN') && tokens[i + 1]?.text === '(') {
      open = i + 1;
      break;
    }
  }
  const close = view.partner.get(open);
  if (open < 0 || close === undefined || close > range[1]) return undefined;
  // Items: token ranges between the commas at the list's depth.
  const items: Array<[number, number]> = [];
  let from = open + 1;
  for (let i = open + 1; i <= close; i++) {
    if (i === close || (tokens[i]!.text === ',' && view.depth[i] === view.depth[open]! + 1)) {
      items.push([from, i - 1]);
      from = i + 1;
    }
  }
  const values = children(list, 'value');
  if (items.length !== values.length || items.some(([a, b]) => a > b)) return undefined;
  const edits: Change['edits'] = [];
  const kept: AstNode[] = [];
  const seen = new Map<string, AstNode>();
  items.forEach(([a, b], i) => {
    const value = values[i]!;
    const text = `${literalKey(value) ?? ''}|${statement.text.slice(tokens[a]!.start, tokens[b]!.end)}`;
    const earlier = seen.get(text);
    if (literalKey(value) !== undefined && earlier && sameTree(earlier, value) && i > 0) {
      // From the end of the previous item (over its comma) to the end of this one.
      edits.push({ start: tokens[items[i - 1]![1]]!.end, end: tokens[b]!.end, replacement: '' });
      return;
    }
    seen.set(text, value);
    kept.push(value);
  });
  if (edits.length === 0) return undefined;
  const replacement: AstNode = { ...node, right: { ...list, value: kept } };
  return { edits, replacements: new Map([[node, replacement]]) };
}
