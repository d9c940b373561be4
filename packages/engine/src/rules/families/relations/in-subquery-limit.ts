import { type AstNode, child, functionArgs, functionName, subqueryOf, visitsOf } from '../../../model/ast.ts';
import { matchAt } from '../../match-helpers.ts';
import type { Rule, RuleMatch } from '../../rule.ts';
import { hasLimit, operatorOf } from './helpers.ts';

/**
 * MySQL rejects LIMIT directly inside an IN / NOT IN / ANY / ALL / SOME subquery (error 1235, "This
 * version of MySQL doesn't yet support 'LIMIT & IN/ALL/ANY/SOME subquery'"). Wrapping the limited
 * subquery in a derived table is accepted.
 */
export const inSubqueryLimit: Rule = {
  id: 'in-subquery-limit',
  category: 'Other',
  severity: 'critical',
  dialects: ['mysql'],
  example: {
    bad: 'SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders ORDER BY o_totalprice DESC LIMIT 10)',
    good: 'SELECT c_name FROM customer WHERE c_custkey IN (SELECT o_custkey FROM (SELECT o_custkey FROM orders ORDER BY o_totalprice DESC LIMIT 10) AS top_orders)',
  },
  rewrites: false,
  title: { zh: 'IN/ANY/ALL 子查询中使用 LIMIT', en: 'LIMIT inside an IN/ANY/ALL subquery' },
  rationale: {
    zh: "MySQL 不支持在 IN、NOT IN、ANY、ALL、SOME 子查询中直接使用 LIMIT，语句会报错 1235（This version of MySQL doesn't yet support 'LIMIT & IN/ALL/ANY/SOME subquery'）。把带 LIMIT 的查询再包一层派生表即可，或改写为 JOIN 一个带 LIMIT 的派生表。",
    en: "MySQL does not support LIMIT directly inside an IN, NOT IN, ANY, ALL or SOME subquery: the statement fails with error 1235 (This version of MySQL doesn't yet support 'LIMIT & IN/ALL/ANY/SOME subquery'). Wrap the limited query in a derived table, or join a derived table that has the LIMIT.",
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const { node } of visitsOf(statement.ast)) {
      for (const subquery of membershipSubqueries(node)) {
        if (!branches(subquery).some(hasLimit)) continue;
        matches.push(
          matchAt(
            subquery,
            {
              zh: 'MySQL 不支持在这种子查询中直接使用 LIMIT，语句会报错。',
              en: 'MySQL does not support LIMIT directly in this kind of subquery; the statement fails.',
            },
            statement.text,
          ),
        );
      }
    }
    return matches;
  },
};

function membershipSubqueries(node: AstNode): AstNode[] {
  const operator = operatorOf(node);
  if (operator === 'IN' || operator === 'NOT IN') {
    const subquery = subqueryOf(child(node, 'right'));
    return subquery ? [subquery] : [];
  }
  if (['ANY', 'ALL', 'SOME'].includes(functionName(node) ?? '')) {
    const args = functionArgs(node);
    const subquery = args.length === 1 ? subqueryOf(args[0]) : undefined;
    return subquery ? [subquery] : [];
  }
  return [];
}

/** A query and its UNION branches. */
function branches(query: AstNode): AstNode[] {
  const found: AstNode[] = [];
  for (let branch: AstNode | undefined = query; branch; branch = child(branch, '_next')) found.push(branch);
  return found;
}
