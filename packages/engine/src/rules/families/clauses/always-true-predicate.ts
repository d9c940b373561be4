import type { Localized } from '@sqltune/contracts';
import type { AstNode } from '../../../model/ast.ts';
import { isSelect } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { isKeyword } from '../../../text/lexer.ts';
import { matchAt, sourceText, walkWithKeys } from '../../match-helpers.ts';
import { removeFromAnd } from '../../rewrite/and-chain.ts';
import { balanced, nodeTokens, tokenView, wrapped } from '../../rewrite/tokens.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, enclosingQuery, type Rule, type RuleMatch } from '../../rule.ts';
import { chainOf, constantTruth, filterPosition } from './helpers.ts';

/**
 * `WHERE 1 = 1 AND ...`: a condition between two constants that is always true filters nothing.
 *
 * `TRUE AND p` is `p` whatever p is (NULL included), so the condition and its AND go. A WHERE that is
 * nothing but the condition goes as a whole in a SELECT. It stays, and is reported, when it is the whole
 * WHERE of an UPDATE (the statement changes every row: that deserves a look, not a silent fix), the whole
 * HAVING (a HAVING makes the query grouped even without GROUP BY) or the whole ON of a join.
 */
export const alwaysTruePredicate: Rule = {
  id: 'always-true-predicate',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE 1 = 1 AND o_custkey = 7',
    good: 'SELECT o_orderkey FROM orders WHERE o_custkey = 7',
  },
  rewrites: true,
  title: { zh: '恒为真的条件（如 1 = 1）', en: 'Always-true condition (such as 1 = 1)' },
  rationale: {
    zh: "1 = 1、'a' = 'a' 这类常量比较恒为真，用 AND 连接时不过滤任何行，通常是拼接 SQL 的程序留下的占位条件。优化器会把它消掉，对性能基本无影响，但它让语句更难读，也容易掩盖条件拼接中的错误。用 AND 连接的这类条件会被自动去掉；UPDATE 的整个 WHERE 恒为真时只报告，不改写。",
    en: "Comparisons between constants such as 1 = 1 or 'a' = 'a' are always true and, joined with AND, filter nothing; they are usually placeholders left by code that assembles SQL. The optimizer removes them, so performance hardly changes, but they make the statement harder to read and can hide mistakes in how conditions are assembled. Such conditions joined with AND are removed automatically; when one is the whole WHERE of an UPDATE it is only reported.",
  },
  detect({ statement }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    walkWithKeys(statement.ast, ({ node, keys, ancestors }) => {
      if (constantTruth(node) !== true) return;
      const at = filterPosition(keys, ancestors);
      if (!at || (at.position !== 'root' && at.position !== 'and')) return;
      const text = sourceText(statement.text, node) || '1 = 1';
      const wholeUpdate = statement.kind === 'update' && at.position === 'root' && at.clause === 'where';
      let message: Localized = wholeUpdate
        ? {
            zh: `${text} 恒为真，这条 UPDATE 实际上会修改表中的每一行。`,
            en: `${text} is always true, so this UPDATE changes every row of the table.`,
          }
        : {
            zh: `${text} 恒为真，不起过滤作用，可以删除。`,
            en: `${text} is always true and filters nothing; it can be removed.`,
          };
      const query = enclosingQuery(ancestors);
      const where = isSelect(query) && at.clause === 'where' ? query.where : undefined;
      const wholeWhere = where && chainOf(where, 'AND').every((c) => constantTruth(c) === true);
      let change: Change | undefined;
      if (wholeWhere) {
        // Every condition of the WHERE is always true: the first one's change removes the whole clause.
        if (chainOf(where, 'AND')[0] === node) change = removal(statement, where, chainOf(where, 'AND'));
      } else if (at.position === 'and') change = removal(statement, node);
      else if (!wholeUpdate) {
        message = {
          zh: `${message.zh}（它是整个 ${at.clause.toUpperCase()} 条件，未自动删除。）`,
          en: `${message.en} (Not removed automatically: it is the whole ${at.clause.toUpperCase()} condition.)`,
        };
      }
      found.push({ match: matchAt(node, message, statement.text), change });
    });
    return matchesWithEdits(statement, found);
  },
};

/**
 * Removes the condition with its AND or, given the conditions a SELECT's whole WHERE consists of,
 * the `WHERE ...` clause.
 */
function removal(statement: ParsedStatement, node: AstNode, whole?: AstNode[]): Change | undefined {
  const view = tokenView(statement);
  if (!whole) {
    const range = nodeTokens(statement, node);
    const edit = range && removeFromAnd(view, range);
    return edit ? { edits: [edit], replacements: new Map([[node, null]]) } : undefined;
  }
  const firstRange = nodeTokens(statement, whole[0]!);
  const lastRange = nodeTokens(statement, whole[whole.length - 1]!);
  const range = firstRange && lastRange && balanced(view, [firstRange[0], lastRange[1]]);
  if (!range) return undefined;
  const [first, last] = wrapped(view, range);
  const { tokens } = view;
  if (!isKeyword(tokens[first - 1], 'WHERE') || !tokens[first - 2]) return undefined;
  return {
    edits: [{ start: tokens[first - 2]!.end, end: tokens[last]!.end, replacement: '' }],
    replacements: new Map([[node, null]]),
  };
}
