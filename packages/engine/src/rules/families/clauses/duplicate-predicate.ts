import type { AstNode } from '../../../model/ast.ts';
import { expressionKey } from '../../../semantics/equality.ts';
import { isVolatileCall } from '../../../semantics/functions.ts';
import { matchAt, sourceText, walkWithKeys } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { chainOf, isChainTop, operatorOf, visitExpression } from './helpers.ts';

/** `a = 1 AND b = 2 AND a = 1`: the same condition twice in one AND/OR chain. */
export const duplicatePredicate: Rule = {
  id: 'duplicate-predicate',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT o_orderkey FROM orders WHERE o_orderstatus = 'F' AND o_custkey = 7 AND o_orderstatus = 'F'",
    good: "SELECT o_orderkey FROM orders WHERE o_orderstatus = 'F' AND o_custkey = 7",
  },
  rewrites: false,
  title: { zh: '重复的条件', en: 'Duplicate condition' },
  rationale: {
    zh: '同一个 AND 或 OR 链中出现两次完全相同的条件，去掉其中一个结果不变。有的优化器会把重复条件的选择率算两次，从而低估行数；也常常说明原本想写的是另一个条件。',
    en: 'The same condition twice in one AND or OR chain: dropping one copy cannot change the result. Some optimizers count its selectivity twice and underestimate row counts, and the repeat often means a different condition was intended.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    walkWithKeys(statement.ast, ({ node, ancestors }) => {
      const operator = operatorOf(node);
      if ((operator !== 'AND' && operator !== 'OR') || !isChainTop(node, ancestors)) return;
      const seen = new Set<string>();
      for (const term of chainOf(node, operator)) {
        if (callsVolatile(term)) continue;
        const key = expressionKey(term);
        if (seen.has(key)) {
          const text = sourceText(statement.text, term);
          matches.push(
            matchAt(
              term,
              {
                zh: text
                  ? `条件 ${text} 在同一个 ${operator} 链中重复出现，可以删除一个。`
                  : `同一个 ${operator} 链中有重复的条件，可以删除一个。`,
                en: `The condition ${text ? `${text} ` : ''}appears twice in the same ${operator} chain; one copy can go.`,
              },
              statement.text,
            ),
          );
        }
        seen.add(key);
      }
    });
    return matches;
  },
};

/**
 * Whether the condition calls a function whose every evaluation may differ (RAND(): two are never the same); NOW()
 * is one value per statement, so its copies are duplicates (semantics/functions.ts isVolatile would refuse them).
 */
function callsVolatile(term: AstNode): boolean {
  let found = false;
  visitExpression(term, (inner) => {
    if (isVolatileCall(inner)) found = true;
    return !found;
  });
  return found;
}
