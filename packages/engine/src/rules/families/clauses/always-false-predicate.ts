import type { AstNode } from '../../../model/ast.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { isKeyword } from '../../../text/lexer.ts';
import type { TextEdit } from '../../../text/patch.ts';
import { matchAt, sourceText, walkWithKeys } from '../../match-helpers.ts';
import { nodeTokens, type TokenView, tokenView, wrapped } from '../../rewrite/tokens.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { chainOf, constantTruth, filterPosition, operatorOf } from './helpers.ts';

/**
 * `WHERE 1 = 0 AND ...`: a constant comparison that is always false empties the whole clause; that is
 * reported. As a branch of an OR it is dead weight instead: `p OR FALSE` is p in three-valued logic
 * (NULL OR FALSE is NULL), so the branch goes with its OR. That is done where the OR chain is the whole
 * filter (WHERE, ON, HAVING) or one of its ANDed conditions, where only the chain's truth counts (MySQL's
 * `5 OR FALSE` is 1, not 5, but both pass a filter alike), and only while another branch remains.
 */
export const alwaysFalsePredicate: Rule = {
  id: 'always-false-predicate',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE o_custkey = 7 AND 1 = 0',
    good: 'SELECT o_orderkey FROM orders WHERE o_custkey = 7',
  },
  rewrites: true,
  title: { zh: '恒为假的条件（如 1 = 0）', en: 'Always-false condition (such as 1 = 0)' },
  rationale: {
    zh: '1 = 0 这类常量比较恒为假；当它与其余条件以 AND 相连（或单独构成 WHERE）时，整个查询不会返回任何行，放在 JOIN 的 ON 中则连接永远匹配不上。若是有意为之（例如只想取得结果集的列结构），可以忽略；否则多半是拼接条件时出了错。作为 OR 的一个分支时它不起作用（p OR 假 与 p 相同），会被自动去掉。',
    en: 'A comparison between constants such as 1 = 0 is always false; joined with AND to the other conditions (or standing as the whole WHERE) it makes the query return no rows, and in a JOIN ... ON it makes the join match nothing. If that is deliberate (to fetch only the column layout, say), ignore this; otherwise something went wrong when the conditions were assembled. As a branch of an OR it does nothing (p OR false is p) and is removed automatically.',
  },
  detect({ statement }) {
    if (statement.kind !== 'select' && statement.kind !== 'update') return [];
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    walkWithKeys(statement.ast, ({ node, keys, ancestors }) => {
      if (constantTruth(node) !== false) return;
      const at = filterPosition(keys, ancestors);
      if (!at) return;
      const text = sourceText(statement.text, node) || '1 = 0';
      if (at.position === 'or') {
        const branch = deadBranch(statement, node, keys, ancestors);
        if (branch) found.push({ match: matchAt(node, branch.message, statement.text), change: branch.change });
        return;
      }
      if (at.position !== 'root' && at.position !== 'and') return;
      const effect =
        at.clause === 'on'
          ? { zh: '这个连接永远匹配不到行', en: 'this join never matches a row' }
          : at.clause === 'having'
            ? { zh: '所有分组都会被过滤掉', en: 'every group is filtered out' }
            : { zh: '这条语句不会返回或修改任何行', en: 'the statement touches no rows' };
      const message = { zh: `${text} 恒为假，${effect.zh}。`, en: `${text} is always false, so ${effect.en}.` };
      found.push({ match: matchAt(node, message, statement.text) });
    });
    return matchesWithEdits(statement, found);
  },
};

/**
 * An always-false branch of an OR chain that is a whole filter or one of its ANDed conditions, with the
 * change removing it; undefined when the chain sits elsewhere or has no other kind of branch.
 */
function deadBranch(
  statement: ParsedStatement,
  node: AstNode,
  keys: string[],
  ancestors: AstNode[],
): { message: { zh: string; en: string }; change?: Change } | undefined {
  let top = ancestors.length - 1;
  while (top > 0 && operatorOf(ancestors[top - 1]) === 'OR') top--;
  const chain = ancestors[top]!;
  const at = filterPosition(keys.slice(0, top), ancestors.slice(0, top));
  if (!at || (at.position !== 'root' && at.position !== 'and')) return undefined;
  if (chainOf(chain, 'OR').every((branch) => constantTruth(branch) === false)) return undefined;
  const text = sourceText(statement.text, node) || '1 = 0';
  const range = nodeTokens(statement, node);
  const edit = range && removeFromOr(tokenView(statement), range);
  return {
    message: {
      zh: `${text} 恒为假，作为 OR 的分支不起作用，可以删除。`,
      en: `${text} is always false, so as a branch of OR it does nothing and can be removed.`,
    },
    change: edit ? { edits: [edit], replacements: new Map([[node, null]]) } : undefined,
  };
}

/** The edit removing one branch of an OR chain with the OR that joins it: `x OR ` before others, else ` OR x`. */
function removeFromOr(view: TokenView, range: [number, number]): TextEdit | undefined {
  const [first, last] = wrapped(view, range);
  const { tokens } = view;
  if (isKeyword(tokens[last + 1], 'OR') && tokens[last + 2]) {
    return { start: tokens[first]!.start, end: tokens[last + 2]!.start, replacement: '' };
  }
  if (isKeyword(tokens[first - 1], 'OR') && tokens[first - 2]) {
    return { start: tokens[first - 2]!.end, end: tokens[last]!.end, replacement: '' };
  }
  return undefined;
}
