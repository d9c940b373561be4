import { type AstNode, child, children, subqueryOf } from '../../../model/ast.ts';
import { isExprList } from '../../../model/nodes.ts';
import { coversUniqueKey, type SchemaModel } from '../../../schema/model.ts';
import { isAggregate } from '../../../semantics/functions.ts';
import { type Ctes, ctesOf, ownWalk, queryScopes, type Source, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  boundColumns,
  comparisonOperators,
  conjuncts,
  hasGroupBy,
  hasLimit,
  limitCount,
  operatorOf,
} from './helpers.ts';

/**
 * A subquery used as a single value (`= (SELECT ...)`, or in the select list) must return at most one
 * row, or the statement fails at run time. Reported when, per the schema, nothing guarantees that: no
 * aggregate, no LIMIT 1, and no unique key fully fixed by equalities in its WHERE.
 */
export const scalarSubqueryMultipleRows: Rule = {
  id: 'scalar-subquery-multiple-rows',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o.o_orderkey, (SELECT l.l_shipdate FROM lineitem l WHERE l.l_orderkey = o.o_orderkey) AS shipped FROM orders o',
    good: 'SELECT o.o_orderkey, (SELECT MAX(l.l_shipdate) FROM lineitem l WHERE l.l_orderkey = o.o_orderkey) AS shipped FROM orders o',
  },
  rewrites: false,
  title: { zh: '标量子查询可能返回多行', en: 'Scalar subquery may return more than one row' },
  rationale: {
    zh: '作为单个值使用的子查询（比较运算的一侧或 SELECT 列表中）必须最多返回一行，否则语句在运行时报错（MySQL：Subquery returns more than 1 row；PostgreSQL：more than one row returned by a subquery used as an expression）。按表结构，这个子查询既没有聚合、LIMIT 1，也没有用等值条件固定某个唯一键，数据一变就可能出错。请用聚合、唯一键条件或 LIMIT 1（配合 ORDER BY）明确只取一行。',
    en: 'A subquery used as a single value (one side of a comparison, or in the select list) must return at most one row, or the statement fails at run time (MySQL: Subquery returns more than 1 row; PostgreSQL: more than one row returned by a subquery used as an expression). Per the schema, this one has no aggregate, no LIMIT 1 and no unique key fixed by equalities, so it can fail as soon as the data allows. Make the single row explicit with an aggregate, a unique-key condition, or LIMIT 1 with ORDER BY.',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    for (const { query } of queryScopes(statement.ast)) {
      for (const subquery of scalarSubqueries(query)) {
        const source = mayReturnManyRows(subquery, schema, ctes);
        if (!source) continue;
        matches.push(
          matchAt(
            subquery,
            {
              zh: `子查询可能匹配 ${source.table} 中的多行，作为单个值使用时会在运行时报错。`,
              en: `The subquery may match several rows of ${source.table}; used as a single value, it then fails at run time.`,
            },
            statement.text,
          ),
        );
      }
    }
    return matches;
  },
};

/** Subqueries of a query used as one value: select-list items and operands of comparisons. */
function scalarSubqueries(query: AstNode): AstNode[] {
  const found: AstNode[] = [];
  for (const column of children(query, 'columns')) {
    const subquery = subqueryOf(child(column, 'expr'));
    if (subquery) found.push(subquery);
  }
  ownWalk(query, ({ node }) => {
    if (!comparisonOperators.has(operatorOf(node))) return undefined;
    for (const side of [child(node, 'left'), child(node, 'right')]) {
      const subquery = side && !isExprList(side) ? subqueryOf(side) : undefined;
      if (subquery) found.push(subquery);
    }
    return undefined;
  });
  return found;
}

/** The subquery's table, when the schema shows several of its rows can qualify; else undefined. */
function mayReturnManyRows(subquery: AstNode, schema: SchemaModel, ctes: Ctes): Source | undefined {
  if (subquery._next || hasGroupBy(subquery)) return undefined;
  const count = limitCount(subquery);
  if (count !== undefined && count <= 1) return undefined;
  // LIMIT with a parameter or expression: cannot tell.
  if (hasLimit(subquery) && count === undefined) return undefined;
  const sources = sourcesOf(subquery, schema, ctes);
  const [source] = sources;
  if (sources.length !== 1 || !source?.def) return undefined;
  let aggregated = false;
  for (const column of children(subquery, 'columns')) {
    ownWalk(column, ({ node }) => {
      if (isAggregate(node)) aggregated = true;
      return undefined;
    });
  }
  if (aggregated) return undefined;
  // The other side must be fixed for the subquery: a constant or an outer column.
  const bound = boundColumns(source, sources, conjuncts(child(subquery, 'where')), (owners) =>
    owners.every((owner) => owner === undefined),
  );
  return coversUniqueKey(source.def, bound) ? undefined : source;
}
