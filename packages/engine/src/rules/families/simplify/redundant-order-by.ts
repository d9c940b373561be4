import type { Localized } from '@sqltune/contracts';
import { type AstNode, child, children, functionName, isNode, type KeyedVisit, visitsOf } from '../../../model/ast.ts';
import { isExprList, isFunctionCall, isSelect } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import { isAggregate, isWindow } from '../../../semantics/functions.ts';
import type { Change } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  comparisonOperators,
  containsAggregate,
  groupItems,
  hasUnorderedWindow,
  operatorOf,
  selectItems,
  visitExpression,
} from '../clauses/helpers.ts';
import {
  dropOrderBy,
  hasArbitraryColumns,
  hasLimit,
  isDistinctOn,
  keywordMatch,
  membershipSubqueries,
  ownClauses,
  type SetChain,
  setChains,
  settle,
  withReason,
} from './helpers.ts';

/**
 * An ORDER BY that cannot change what the statement returns, in the places the other rules leave alone
 * (IN/EXISTS subqueries are subquery-distinct's, derived tables and CTE bodies order-by-in-derived-table's):
 *  - an aggregate query without GROUP BY (`SELECT COUNT(*) FROM t ORDER BY 1`): it returns one row (or
 *    none, with HAVING); on PostgreSQL only when no function outside the aggregates could return a set
 *    (`generate_series` in the select list makes several rows);
 *  - a scalar subquery (`x = (SELECT ... ORDER BY ...)`, or one in the select list) without LIMIT: it must
 *    return at most one row, else both versions fail alike;
 *  - the subquery of ANY/SOME/ALL without LIMIT: it is compared row by row, as a set;
 *  - a parenthesized branch of UNION/INTERSECT/EXCEPT without LIMIT: the set operation combines rows as
 *    multisets (MySQL even drops such an ORDER BY itself). Only when the whole chain has no LIMIT (which
 *    could pick rows by arrival order) and either orders its result itself or has no UNION ALL: PostgreSQL
 *    appends UNION ALL branches in order, so the branch order would show in an unordered result.
 * Each also needs the query to have no DISTINCT ON and no window function without its own ORDER BY (those
 * read rows in arrival order), and on MySQL no column that a grouped query neither groups nor aggregates
 * (its value comes from an arbitrary row).
 */
export const redundantOrderBy: Rule = {
  id: 'redundant-order-by',
  category: 'SQL Complexity',
  severity: 'info',
  dialects: allDialects,
  example: {
    bad: "SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'F' ORDER BY 1",
    good: "SELECT COUNT(*) FROM orders WHERE o_orderstatus = 'F'",
  },
  rewrites: true,
  title: { zh: '不影响结果的 ORDER BY', en: 'ORDER BY that cannot affect the result' },
  rationale: {
    zh: '有些 ORDER BY 排序的对象最多只有一行，或者排序结果会被后续操作当作无序集合使用，因此不影响结果，却可能多做一次排序：没有 GROUP BY 的聚合查询只返回一行；标量子查询最多返回一行；ANY/ALL 子查询按集合比较；UNION 等集合运算中带括号的分支（没有 LIMIT 时）的顺序不决定最终结果的顺序。这些 ORDER BY 会被自动去掉；如果需要结果有序，请在最外层排序。',
    en: 'Some ORDER BY clauses sort at most one row, or rows that are then used as an unordered set, so they cannot change the result but may still cost a sort: an aggregate query without GROUP BY returns one row; a scalar subquery returns at most one row; ANY/ALL subqueries are compared as sets; and the order of a parenthesized branch of UNION and other set operations (without LIMIT) does not decide the order of the combined result. Such ORDER BY clauses are removed automatically; if the result must be ordered, sort the outermost query.',
  },
  detect({ statement }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    const membership = membershipSubqueries(statement.ast);
    const chains = setChains(statement.ast);
    const inChain = new Map(chains.flatMap((chain) => chain.branches.map((b) => [b, chain] as const)));
    for (const visit of visitsOf(statement.ast)) {
      const query = visit.node;
      if (!isSelect(query) || children(query, 'orderby').length === 0 || membership.has(query)) continue;
      const chain = inChain.get(query);
      const kind = chain ? branchKind(chain, query) : singleKind(statement, query, visit);
      if (!kind) continue;
      const refusal = queryRefusal(statement, query) ?? (chain && chainRefusal(chain));
      found.push({
        match: keywordMatch(statement, query, (l) => l.clauses.get('ORDER'), withReason(messages[kind], refusal)),
        change: refusal ? undefined : dropOrderBy(statement, query),
      });
    }
    return settle(statement, found);
  },
};

type Kind = 'aggregate' | 'scalar' | 'quantified' | 'branch';

/** A parenthesized branch with an ORDER BY and no LIMIT of its own. */
function branchKind(chain: SetChain, branch: AstNode): Kind | undefined {
  const own = ownClauses(chain, branch);
  return own.order.length > 0 && !own.limited ? 'branch' : undefined;
}

/** What makes the ORDER BY of a query outside any set operation redundant, if anything. */
function singleKind(statement: ParsedStatement, query: AstNode, visit: KeyedVisit): Kind | undefined {
  if (derivedOrCte(visit.keys)) return undefined;
  if (oneRowAggregate(statement, query)) return 'aggregate';
  if (hasLimit(query)) return undefined;
  const ancestors = visit.ancestors;
  const wrapper = ancestors[ancestors.length - 1];
  const container = ancestors[ancestors.length - 2];
  if (!wrapper || wrapper.ast !== query || !container) return undefined;
  if (comparisonOperators.has(operatorOf(container)) && (container.left === wrapper || container.right === wrapper)) {
    return 'scalar';
  }
  const owner = ancestors[ancestors.length - 3];
  if (container.expr === wrapper && isSelect(owner) && children(owner, 'columns').includes(container)) {
    return 'scalar';
  }
  const quantifier = owner && functionName(owner);
  if (isExprList(container) && owner?.args === container && ['ANY', 'SOME', 'ALL'].includes(quantifier ?? '')) {
    return 'quantified';
  }
  return undefined;
}

/** A derived table or a CTE body: order-by-in-derived-table's. */
function derivedOrCte(keys: string[]): boolean {
  const tail = keys.slice(-3).join('.');
  return tail === 'from.expr.ast' || tail.endsWith('with.stmt') || tail === 'with.stmt.ast';
}

/** Functions PostgreSQL evaluates once per row: with these around aggregates, the query is still one row. */
const scalarFunctions = new Set([
  'ABS',
  'CEIL',
  'CEILING',
  'COALESCE',
  'CONCAT',
  'DATE_PART',
  'DATE_TRUNC',
  'EXTRACT',
  'FLOOR',
  'GREATEST',
  'LEAST',
  'LENGTH',
  'LOWER',
  'MOD',
  'NULLIF',
  'POWER',
  'ROUND',
  'SIGN',
  'SQRT',
  'TO_CHAR',
  'TRUNC',
  'UPPER',
]);

/**
 * An aggregate query without GROUP BY: one row (none when HAVING rejects it). PostgreSQL also allows
 * set-returning functions in the select list, which make several rows, so there every function outside
 * the aggregates must be a known per-row one.
 */
function oneRowAggregate(statement: ParsedStatement, query: AstNode): boolean {
  if (groupItems(query).length > 0 || isNode(query.groupby)) return false;
  const parts = [...selectItems(query).map((i) => i.expr), child(query, 'having')].filter((p): p is AstNode => !!p);
  const orders = children(query, 'orderby').map((o) => child(o, 'expr'));
  if (![...parts, ...orders].some((p) => containsAggregate(p))) return false;
  if (statement.dialect !== 'postgresql') return true;
  let setReturning = false;
  for (const part of parts) {
    visitExpression(part, (node) => {
      if (isAggregate(node) || isWindow(node)) return false;
      if (isFunctionCall(node) && !scalarFunctions.has(functionName(node) ?? '')) setReturning = true;
      return !setReturning;
    });
  }
  return !setReturning;
}

/** Why the query's own rows may depend on the order it reads them in. */
function queryRefusal(statement: ParsedStatement, query: AstNode): Localized | undefined {
  if (isDistinctOn(query) || hasUnorderedWindow(query)) {
    return {
      zh: '（查询中的 DISTINCT ON 或不带 ORDER BY 的窗口函数可能依赖这个顺序，未自动去掉。）',
      en: '(Not removed automatically: DISTINCT ON or a window function without an ORDER BY of its own may depend on it.)',
    };
  }
  if (statement.dialect === 'mysql' && hasArbitraryColumns(query)) {
    return {
      zh: '（查询中有既未分组也未聚合的列，MySQL 取任意一行的值，可能与读取顺序有关，未自动去掉。）',
      en: "(Not removed automatically: a column that is neither grouped nor aggregated takes an arbitrary row's value on MySQL, which may follow the order rows are read in.)",
    };
  }
  return undefined;
}

/** Why a branch's order may show in the chain's result. */
function chainRefusal(chain: SetChain): Localized | undefined {
  if (chain.trailingLimit) {
    return {
      zh: '（整个集合运算带有 LIMIT，取哪些行可能与分支的顺序有关，未自动去掉。）',
      en: '(Not removed automatically: the whole set operation has a LIMIT, and which rows it keeps may follow the branch order.)',
    };
  }
  if (chain.trailingOrder.length === 0 && chain.operators.includes('union all')) {
    return {
      zh: '（UNION ALL 按分支顺序输出行，而整个结果没有 ORDER BY，目前可能正按这个顺序返回；请把 ORDER BY 移到整个查询的末尾。）',
      en: '(Not removed automatically: UNION ALL outputs branches in turn and the combined result has no ORDER BY, so rows may come out in this order today; move the ORDER BY to the end of the whole query.)',
    };
  }
  return undefined;
}

const messages: Record<Kind, Localized> = {
  aggregate: {
    zh: '这个聚合查询没有 GROUP BY，只返回一行，ORDER BY 没有可排序的内容，可以去掉。',
    en: 'This aggregate query has no GROUP BY and returns a single row, so its ORDER BY has nothing to order and can go.',
  },
  scalar: {
    zh: '标量子查询最多返回一行，其中的 ORDER BY 没有可排序的内容，可以去掉。',
    en: 'A scalar subquery returns at most one row, so its ORDER BY has nothing to order and can go.',
  },
  quantified: {
    zh: 'ANY/SOME/ALL 会与子查询的每一行比较，与行的顺序无关，子查询中的 ORDER BY 可以去掉。',
    en: 'ANY/SOME/ALL compares with every row of the subquery whatever their order, so its ORDER BY can go.',
  },
  branch: {
    zh: '集合运算分支中的 ORDER BY（没有 LIMIT 时）不决定合并后结果的顺序，可以去掉；需要顺序时请对整个结果排序。',
    en: 'The ORDER BY of a set operation branch (without LIMIT) does not order the combined result and can go; sort the whole result if order matters.',
  },
};
