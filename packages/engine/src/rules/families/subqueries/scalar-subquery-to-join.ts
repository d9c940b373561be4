import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children } from '../../../model/ast.ts';
import { ctesOf, selectQueries } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { type Change, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { containsAggregate, groupItems } from '../clauses/helpers.ts';
import {
  attachDecorrelation,
  type Decorrelation,
  decorrelationOf,
  decorrelationProblem,
  type PlannedSite,
} from './decorrelate.ts';
import { containsWindow, extraClauses, takenNames, wrappedQuery } from './helpers.ts';

/**
 * `SELECT c.c_name, (SELECT SUM(o_totalprice) FROM orders o WHERE o.o_custkey = c.c_custkey) AS total
 * FROM customer c` -> a LEFT JOIN of orders grouped by o_custkey, read once instead of once per customer.
 * See decorrelate.ts for the two forms (a lookup by unique key, an aggregate) and why they are exact.
 *
 * Only whole select items with an alias are rewritten, so the output column keeps its name (MySQL names
 * an unaliased column after its text). The outer query must not group, aggregate, use DISTINCT or
 * window functions: the new value would be an ungrouped column there.
 */
export const scalarSubqueryToJoin: Rule = {
  id: 'scalar-subquery-to-join',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT c.c_name, (SELECT SUM(o.o_totalprice) FROM orders o WHERE o.o_custkey = c.c_custkey) AS total FROM customer c',
    good: 'SELECT c.c_name, sq.sq_value AS total FROM customer c LEFT JOIN (SELECT o.o_custkey AS sq_o_custkey, SUM(o.o_totalprice) AS sq_value FROM orders o GROUP BY o.o_custkey) AS sq ON sq.sq_o_custkey = c.c_custkey',
  },
  rewrites: true,
  title: {
    zh: 'SELECT 列表中的关联标量子查询可改写为 LEFT JOIN',
    en: 'Correlated scalar subquery in the select list that can be a LEFT JOIN',
  },
  rationale: {
    zh: 'SELECT 列表中的关联子查询会对外层的每一行执行一次。按唯一键查找一行的子查询可以改写为 LEFT JOIN 该表；计算聚合的子查询可以改写为 LEFT JOIN 一个按关联键分组的派生表（COUNT 用 COALESCE(..., 0) 保持没有匹配时的 0）。这样只需扫描一次，并可使用哈希连接。只改写带别名的列，以保持输出列名不变；外层查询带 GROUP BY、DISTINCT 或聚合时不改写。',
    en: 'A correlated subquery in the select list runs once for every outer row. A subquery that looks one row up by a unique key can be a LEFT JOIN of that table; one that computes an aggregate can be a LEFT JOIN of a derived table grouped by the correlation key (COUNT keeps its 0 for no match with COALESCE(..., 0)). The data is then read once and can be hash-joined. Only items with an alias are rewritten, so output names stay; outer queries with GROUP BY, DISTINCT or aggregates are left alone.',
  },
  detect({ statement, schema }) {
    const ctes = ctesOf(statement.ast);
    const taken = takenNames(statement.ast);
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    for (const query of selectQueries(statement.ast)) {
      const plans: PlannedSite[] = [];
      for (const item of children(query, 'columns')) {
        const host = child(item, 'expr');
        const subquery = wrappedQuery(host);
        const plan = host && subquery ? decorrelationOf({ host, subquery }, schema, ctes) : undefined;
        if (!subquery || !plan) continue;
        const problem =
          'zh' in plan
            ? plan
            : (outerProblem(query) ??
              (typeof item.as === 'string' ? undefined : noAlias) ??
              decorrelationProblem(statement, query, plan, schema, ctes));
        found.push({ match: matchAt(subquery, problem ? adviceMessage(problem) : rewriteMessage, statement.text) });
        if (!problem) plans.push({ plan: plan as Decorrelation, finding: found.length - 1 });
      }
      attachDecorrelation(statement, query, plans, taken, found);
    }
    return matchesWithEdits(statement, found);
  },
};

const noAlias: Localized = {
  zh: '这一列没有别名，改写后输出列名会改变（请加上 AS 别名）',
  en: 'the item has no alias, and its output name would change (add AS name)',
};

/** Grouping, DISTINCT, aggregates or windows in the outer query would read the new value as ungrouped. */
function outerProblem(query: AstNode): Localized | undefined {
  const items = children(query, 'columns').map((item) => child(item, 'expr'));
  const { distinct } = extraClauses(query);
  const aggregated = items.some((expr) => containsAggregate(expr) || containsWindow(expr));
  if (groupItems(query).length === 0 && !child(query, 'having') && !distinct && !aggregated) return undefined;
  return {
    zh: '外层查询带 GROUP BY、DISTINCT、聚合或窗口函数',
    en: 'the outer query has GROUP BY, DISTINCT, aggregates or window functions',
  };
}

const rewriteMessage: Localized = {
  zh: '这个关联子查询会对外层的每一行执行一次，可以改写为 LEFT JOIN，只读取一次。',
  en: 'This correlated subquery runs once per outer row; as a LEFT JOIN it is read once.',
};

function adviceMessage(reason: Localized): Localized {
  return {
    zh: `这个关联子查询会对外层的每一行执行一次；也许可以改写为 LEFT JOIN，但${reason.zh}，未自动改写。`,
    en: `This correlated subquery runs once per outer row and might be a LEFT JOIN, but ${reason.en}; it was not rewritten.`,
  };
}
