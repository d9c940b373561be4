import type { AstNode } from '../../../model/ast.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { sameExpression, sameTree } from '../../../semantics/equality.ts';
import { selectQueries } from '../../../semantics/scope.ts';
import { selectCandidates } from '../../rewrite/layout.ts';
import { tokenView } from '../../rewrite/tokens.ts';
import { type Change, firstFaithful, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { groupItems, groupMeaningsOf, hasGroupingSets, isSelectDistinct, matchOver, selectItems } from './helpers.ts';

/**
 * `SELECT DISTINCT a, COUNT(*) ... GROUP BY a`: each group is one row already, so DISTINCT has nothing to remove.
 *
 * GROUP BY yields one row per distinct combination of the grouping values, with NULLs grouped together,
 * which is how DISTINCT compares too. When every grouping expression is in the select list, two output
 * rows differ at least there, so DISTINCT removes nothing and can go. Not with ROLLUP/CUBE/GROUPING SETS
 * (their super-aggregate rows repeat grouping values) nor with DISTINCT ON.
 */
export const distinctWithGroupBy: Rule = {
  id: 'distinct-with-group-by',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: 'SELECT DISTINCT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey',
    good: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey',
  },
  rewrites: true,
  title: { zh: 'DISTINCT 与 GROUP BY 重复', en: 'DISTINCT redundant with GROUP BY' },
  rationale: {
    zh: 'GROUP BY 为每个分组只产生一行。当所有分组列都出现在选择列表中时，输出的行已经互不相同，DISTINCT 不会去掉任何行，却可能让数据库多做一次排序或哈希去重。',
    en: 'GROUP BY yields one row per group. When every grouping column is in the select list, the output rows are already distinct, so DISTINCT removes nothing and may still cost an extra sort or hash.',
  },
  detect({ statement }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    for (const query of selectQueries(statement.ast)) {
      if (!isSelectDistinct(query) || groupItems(query).length === 0 || hasGroupingSets(query)) continue;
      const selected = selectItems(query).map((i) => i.expr);
      // Each GROUP BY item must be in the output, as written or by position.
      const allShown = groupItems(query).every((group) =>
        groupMeaningsOf(query, group).some((m) => selected.some((s) => sameExpression(s, m))),
      );
      if (!allShown) continue;
      // The rewrite compares exactly (PostgreSQL's "A" and a are two columns).
      const exactly = groupItems(query).every((group) =>
        groupMeaningsOf(query, group).some((m) => selected.some((s) => sameTree(s, m))),
      );
      found.push({
        change: exactly ? dropDistinct(statement, query) : undefined,
        match: matchOver(
          groupItems(query),
          query,
          {
            zh: '所有分组列都在选择列表中，结果行已经唯一，DISTINCT 可以去掉。',
            en: 'Every grouping column is selected, so the rows are already unique and DISTINCT can go.',
          },
          statement.text,
        ),
      });
    }
    return matchesWithEdits(statement, found);
  },
};

/** Deletes the query's DISTINCT keyword (with the blank after it). */
function dropDistinct(statement: ParsedStatement, query: AstNode): Change | undefined {
  const { tokens } = tokenView(statement);
  const replacements = new Map([[query, { ...query, distinct: null }]]);
  return firstFaithful(
    statement,
    selectCandidates(statement, query).flatMap((layout) =>
      layout.distinct === undefined
        ? []
        : [
            {
              edits: [
                { start: tokens[layout.distinct]!.start, end: tokens[layout.distinct + 1]!.start, replacement: '' },
              ],
              replacements,
            },
          ],
    ),
  );
}
