import type { Localized } from '@sqltune/contracts';
import {
  type AstNode,
  child,
  children,
  columnRef,
  functionArgs,
  functionName,
  isNode,
  visitsOf,
} from '../../../model/ast.ts';
import { isSelect } from '../../../model/nodes.ts';
import type { ParsedStatement } from '../../../model/statement.ts';
import type { SchemaModel } from '../../../schema/model.ts';
import { sameTree } from '../../../semantics/equality.ts';
import { isAggregate, isOrderFreeAggregate, isSummingAggregate, isWindow } from '../../../semantics/functions.ts';
import { resolve, selectQueries } from '../../../semantics/scope.ts';
import { isExactNumber } from '../../../semantics/types.ts';
import { clauseEnd, selectCandidates } from '../../rewrite/layout.ts';
import { tokenView } from '../../rewrite/tokens.ts';
import { type Change, firstFaithful, matchesWithEdits } from '../../rewrite/verify.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import {
  containsAggregate,
  groupItems,
  hasUnorderedWindow,
  isSelectDistinct,
  limitParts,
  matchOver,
  selectItems,
  visitExpression,
} from './helpers.ts';

/**
 * `FROM (SELECT ... ORDER BY x) d` or `WITH c AS (SELECT ... ORDER BY x)` without LIMIT: the outer query
 * is a new, unordered query, so the inner sort either gets dropped or is paid for and then lost.
 * (IN/EXISTS subqueries are subquery-distinct's.)
 *
 * A derived table is a multiset: its ORDER BY cannot change what the statement returns unless something
 * reading it depends on the order rows arrive in. So the ORDER BY is removed only when
 *  - the statement is a SELECT (an UPDATE joined with it may write the value of whichever row comes first);
 *  - the inner query has no LIMIT/OFFSET, no DISTINCT ON and no window function without its own ORDER BY
 *    (those pick rows or number them by arrival order);
 *  - no query that reads it (every enclosing query; for a CTE, every query of the statement) has LIMIT,
 *    OFFSET, DISTINCT ON, a window function, an order-dependent aggregate (string_agg, GROUP_CONCAT,
 *    array_agg, ...; SUM/AVG only over exact numbers, since float sums depend on the order of addition),
 *    or, on MySQL, a selected column that is neither grouped nor aggregated (an arbitrary row's value);
 *  - when its rows flow to the output, the outermost query has an ORDER BY or groups: otherwise both
 *    MySQL (which passes a lone derived table's order on) and PostgreSQL may return rows in this order
 *    today, and removing it would change the order the user sees.
 */
export const orderByInDerivedTable: Rule = {
  id: 'order-by-in-derived-table',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT t.o_custkey, COUNT(*) FROM (SELECT o_custkey, o_totalprice FROM orders ORDER BY o_totalprice DESC) t GROUP BY t.o_custkey',
    good: 'SELECT t.o_custkey, COUNT(*) FROM (SELECT o_custkey, o_totalprice FROM orders) t GROUP BY t.o_custkey',
  },
  rewrites: true,
  title: { zh: '派生表或 CTE 中的 ORDER BY', en: 'ORDER BY inside a derived table or CTE' },
  rationale: {
    zh: 'SQL 只保证最外层 ORDER BY 的顺序。派生表（FROM 中的子查询）或 CTE 里的 ORDER BY 在没有 LIMIT 时不影响结果：MySQL 5.7 起合并派生表时会忽略它（除非外层只是单独读取这一个派生表），PostgreSQL 会执行这次排序，但外层的连接、分组等操作不保证保留这个顺序。结果是要么白白排序，要么依赖了不可靠的顺序。请把 ORDER BY 移到最外层查询。当读取它的查询都不依赖行的到达顺序（没有 LIMIT、窗口函数、string_agg/GROUP_CONCAT 这类与顺序有关的聚合），且最外层自己排序或分组时，自动去掉这个 ORDER BY。',
    en: 'SQL only guarantees the order of the outermost ORDER BY. Without LIMIT, an ORDER BY inside a derived table (a subquery in FROM) or a CTE cannot affect the result: MySQL 5.7 and later ignore it when merging the derived table (unless the outer query is a plain read of that table alone), and PostgreSQL performs the sort but the outer joins, grouping and so on need not keep that order. Either the sort is wasted or the order relied upon is not guaranteed. Move ORDER BY to the outermost query. It is removed automatically when no query reading it depends on the order rows arrive in (no LIMIT, window function, or order-dependent aggregate such as string_agg or GROUP_CONCAT) and the outermost query sorts or groups by itself.',
  },
  detect({ statement, schema }) {
    const found: Array<{ match: RuleMatch; change?: Change }> = [];
    for (const { inner, cte, keys } of innerQueries(statement.ast)) {
      // A set operation's trailing ORDER BY sits on its last branch: leave those alone.
      if (isNode(inner._next) || inner.set_op) continue;
      const { count, offset } = limitParts(inner);
      const orderby = children(inner, 'orderby');
      if (orderby.length === 0 || count || offset) continue;
      const refusal = refusalOf(statement, schema, inner, cte, keys);
      const message: Localized = {
        zh: '派生表或 CTE 中的 ORDER BY 不决定最终结果的顺序，可能被忽略或白白排序；请把排序移到最外层。',
        en: 'An ORDER BY inside a derived table or CTE does not order the final result and may be ignored or wasted; sort in the outermost query.',
      };
      if (refusal) {
        message.zh += refusal.zh;
        message.en += ` ${refusal.en}`;
      }
      found.push({
        change: refusal ? undefined : dropOrderBy(statement, inner),
        match: matchOver(
          orderby.map((o) => child(o, 'expr')).filter((e): e is AstNode => !!e),
          inner,
          message,
          statement.text,
        ),
      });
    }
    return matchesWithEdits(statement, found);
  },
};

/** Derived tables (subqueries in FROM) and CTE bodies, at any depth, with the keys leading to them. */
function innerQueries(ast: AstNode): Array<{ inner: AstNode; cte: boolean; keys: string[] }> {
  const found: Array<{ inner: AstNode; cte: boolean; keys: string[] }> = [];
  const keysOf = new Map(visitsOf(ast).map((v) => [v.node, v.keys]));
  for (const query of selectQueries(ast)) {
    for (const source of children(query, 'from')) {
      const derived = child(child(source, 'expr') ?? {}, 'ast');
      if (isSelect(derived)) found.push({ inner: derived, cte: false, keys: keysOf.get(derived) ?? [] });
    }
    for (const cte of children(query, 'with')) {
      const stmt = child(cte, 'stmt');
      const body = isSelect(stmt) ? stmt : child(stmt ?? {}, 'ast');
      if (isSelect(body)) found.push({ inner: body, cte: true, keys: keysOf.get(body) ?? [] });
    }
  }
  return found;
}

/** Why the ORDER BY must stay, or undefined when removing it cannot change the result. */
function refusalOf(
  statement: ParsedStatement,
  schema: SchemaModel,
  inner: AstNode,
  cte: boolean,
  keys: string[],
): Localized | undefined {
  if (isNode(inner.distinct) && String(inner.distinct.type).toUpperCase() === 'DISTINCT ON') {
    return {
      zh: '（DISTINCT ON 依赖这个顺序，未自动去掉。）',
      en: '(Not removed automatically: DISTINCT ON depends on it.)',
    };
  }
  // UPDATE ... JOIN (derived) / UPDATE ... FROM (derived): with several matching rows, which one's value
  // is written can follow the derived table's order.
  if (!isSelect(statement.ast)) {
    return {
      zh: '（语句不是 SELECT，更新使用哪一行可能取决于这个顺序，未自动去掉。）',
      en: '(Not removed automatically: in a data change, which matching row is used may follow this order.)',
    };
  }
  if (hasUnorderedWindow(inner)) {
    return {
      zh: '（查询中有不带 ORDER BY 的窗口函数，未自动去掉。）',
      en: '(Not removed automatically: the query has a window function without an ORDER BY of its own.)',
    };
  }
  // Who reads it: for a derived table its enclosing queries, for a CTE any query of the statement.
  const inside = new Set(selectQueries(inner));
  const ancestors = new Set(visitsOf(statement.ast).find((v) => v.node === inner)?.ancestors ?? []);
  const readers = selectQueries(statement.ast).filter((q) => !inside.has(q) && (cte || ancestors.has(q)));
  if (readers.some((q) => orderSensitive(statement, schema, q))) {
    return {
      zh: '（外层查询的 LIMIT、窗口函数、与顺序有关的聚合或未分组的列可能依赖这个顺序，未自动去掉。）',
      en: '(Not removed automatically: a LIMIT, window function, order-dependent aggregate or ungrouped column outside may depend on it.)',
    };
  }
  // Rows of a derived table reached through FROM only flow to the output; a CTE's may.
  const flows = cte || keys.every((key) => ['from', 'expr', 'ast'].includes(key));
  const root = statement.ast;
  const rootOrdered =
    isSelect(root) &&
    !isNode(root._next) &&
    (children(root, 'orderby').length > 0 ||
      groupItems(root).length > 0 ||
      isSelectDistinct(root) ||
      selectItems(root).some((i) => containsAggregate(i.expr)));
  if (flows && !rootOrdered) {
    return {
      zh: '（最外层查询没有自己的 ORDER BY，目前可能正按这个顺序返回行；请把 ORDER BY 移到最外层。）',
      en: '(Not removed automatically: the outermost query has no ORDER BY of its own and may return rows in this order today; move the ORDER BY there.)',
    };
  }
  return undefined;
}

function orderSensitive(statement: ParsedStatement, schema: SchemaModel, query: AstNode): boolean {
  const { count, offset } = limitParts(query);
  if (count || offset) return true;
  if (isNode(query.distinct) && String(query.distinct.type).toUpperCase() === 'DISTINCT ON') return true;
  let sensitive = false;
  const parts = [
    ...children(query, 'columns'),
    ...children(query, 'orderby'),
    child(query, 'having'),
    child(query, 'where'),
  ].filter((p): p is AstNode => !!p);
  for (const part of parts) {
    visitExpression(part, (node) => {
      if (isWindow(node)) sensitive = true;
      else if (isAggregate(node)) {
        const name = functionName(node) ?? '';
        const [arg] = functionArgs(node);
        const exact = isSummingAggregate(name) && exactNumber(statement.ast, schema, query, arg);
        if (!isOrderFreeAggregate(name) && !exact) sensitive = true;
      }
      return !sensitive;
    });
  }
  if (sensitive) return true;
  // MySQL without ONLY_FULL_GROUP_BY returns an arbitrary row's value for an ungrouped column.
  const grouped = groupItems(query).length > 0 || selectItems(query).some((i) => containsAggregate(i.expr));
  if (statement.dialect === 'mysql' && grouped) {
    const groups = groupItems(query);
    for (const part of [...selectItems(query).map((i) => i.expr), child(query, 'having')]) {
      if (!part) continue;
      visitExpression(part, (node) => {
        if (isAggregate(node)) return false;
        if (groups.some((g) => sameTree(g, node))) return false;
        if (columnRef(node)) sensitive = true;
        return !sensitive;
      });
    }
  }
  return sensitive;
}

/** A column whose type is an exact number, read through CTEs and derived tables. */
function exactNumber(ast: AstNode, schema: SchemaModel, query: AstNode, arg: AstNode | undefined): boolean {
  const ref = columnRef(arg);
  const resolution = ref ? resolve(ast, schema, query, ref) : undefined;
  return resolution?.kind === 'local' && !!resolution.column && isExactNumber(resolution.column);
}

/** Deletes the inner query's ORDER BY clause. */
function dropOrderBy(statement: ParsedStatement, inner: AstNode): Change | undefined {
  const { tokens } = tokenView(statement);
  const replacements = new Map([[inner, { ...inner, orderby: null }]]);
  return firstFaithful(
    statement,
    selectCandidates(statement, inner).flatMap((layout) => {
      const order = layout.clauses.get('ORDER');
      if (order === undefined || order === 0) return [];
      const end = tokens[clauseEnd(layout, order)]!.end;
      return [{ edits: [{ start: tokens[order - 1]!.end, end, replacement: '' }], replacements }];
    }),
  );
}
