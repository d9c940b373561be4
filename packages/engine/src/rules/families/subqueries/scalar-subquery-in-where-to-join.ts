import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, isNode } from '../../../model/ast.ts';
import { isBinaryExpr, isSelect } from '../../../model/nodes.ts';
import { ctesOf, selectQueries } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  attachDecorrelation,
  type Decorrelation,
  decorrelationOf,
  decorrelationProblem,
  type PlannedSite,
  type Site,
} from './decorrelate.ts';
import { takenNames, wrappedQuery } from './helpers.ts';

/**
 * `WHERE l_quantity < (SELECT 0.2 * AVG(l_quantity) FROM lineitem WHERE l_partkey = p_partkey)` (TPC-H
 * Q17): the subquery runs once per outer row. PostgreSQL never decorrelates it (a SubPlan per row), nor
 * does MySQL by default. As `LEFT JOIN (SELECT l_partkey, 0.2 * AVG(l_quantity) ... GROUP BY l_partkey)`
 * the aggregate is computed once per key, in one pass. See decorrelate.ts for why the value is the same.
 *
 * WHERE is evaluated on the joined rows before any grouping, and the LEFT JOIN gives every row exactly
 * one match or none, so the joined value can stand wherever the subquery stood in WHERE, even under OR
 * or NOT, and the outer query may group. Only subqueries that are an operand of a comparison or of
 * arithmetic are taken (not IN/EXISTS subqueries).
 */
export const scalarSubqueryInWhereToJoin: Rule = {
  id: 'scalar-subquery-in-where-to-join',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o.o_orderkey FROM orders o WHERE o.o_totalprice > (SELECT AVG(o2.o_totalprice) FROM orders o2 WHERE o2.o_custkey = o.o_custkey)',
    good: 'SELECT o.o_orderkey FROM orders o LEFT JOIN (SELECT o2.o_custkey AS sq_o_custkey, AVG(o2.o_totalprice) AS sq_value FROM orders o2 GROUP BY o2.o_custkey) AS sq ON sq.sq_o_custkey = o.o_custkey WHERE o.o_totalprice > sq.sq_value',
  },
  rewrites: true,
  title: {
    zh: 'WHERE 中的关联标量子查询可改写为 LEFT JOIN',
    en: 'Correlated scalar subquery in WHERE that can be a LEFT JOIN',
  },
  rationale: {
    zh: 'WHERE 中与外层关联的标量子查询（常见的是“大于同组平均值”这类聚合比较）会对外层的每一行执行一次：PostgreSQL 不会对它去关联（每行一次 SubPlan），MySQL 默认也不会。改写为 LEFT JOIN 一个按关联键分组的派生表后，每个键只计算一次，一次扫描即可完成；按唯一键查找一行的子查询则改写为 LEFT JOIN 该表。',
    en: 'A correlated scalar subquery in WHERE (typically "greater than the average of its group") runs once for every outer row: PostgreSQL never decorrelates it (one SubPlan run per row), nor does MySQL by default. As a LEFT JOIN of a derived table grouped by the correlation key, each key is computed once in a single pass; a subquery that looks one row up by a unique key becomes a LEFT JOIN of that table.',
  },
  detect({ statement, schema }) {
    const ctes = ctesOf(statement.ast);
    const taken = takenNames(statement.ast);
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    for (const query of selectQueries(statement.ast)) {
      const plans: PlannedSite[] = [];
      for (const site of whereSites(query)) {
        const plan = decorrelationOf(site, schema, ctes);
        if (!plan) continue;
        const problem = 'zh' in plan ? plan : decorrelationProblem(statement, query, plan, schema, ctes);
        found.push({
          match: matchAt(site.subquery, problem ? adviceMessage(problem) : rewriteMessage, statement.text),
        });
        if (!problem) plans.push({ plan: plan as Decorrelation, finding: found.length - 1 });
      }
      attachDecorrelation(statement, query, plans, taken, found);
    }
    return matchesWithEdits(statement, found);
  },
};

const operandOf = new Set(['=', '<>', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/']);

/** Scalar subqueries of the query's own WHERE that are operands of a comparison or of arithmetic. */
function whereSites(query: AstNode): Site[] {
  const sites: Site[] = [];
  const visit = (node: AstNode, parent: AstNode | undefined) => {
    const subquery = wrappedQuery(node);
    if (subquery) {
      if (isBinaryExpr(parent) && operandOf.has(String(parent.operator))) sites.push({ host: node, subquery });
      return;
    }
    if (isSelect(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc') continue;
      for (const inner of Array.isArray(value) ? value : [value]) if (isNode(inner)) visit(inner, node);
    }
  };
  const where = child(query, 'where');
  if (where) visit(where, undefined);
  return sites;
}

const rewriteMessage: Localized = {
  zh: '这个关联子查询会对外层的每一行执行一次，可以改写为 LEFT JOIN，每个关联键只计算一次。',
  en: 'This correlated subquery runs once per outer row; as a LEFT JOIN it is computed once per key.',
};

function adviceMessage(reason: Localized): Localized {
  return {
    zh: `这个关联子查询会对外层的每一行执行一次；也许可以改写为 LEFT JOIN，但${reason.zh}，未自动改写。`,
    en: `This correlated subquery runs once per outer row and might be a LEFT JOIN, but ${reason.en}; it was not rewritten.`,
  };
}
