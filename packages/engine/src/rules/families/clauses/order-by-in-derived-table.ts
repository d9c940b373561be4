import { type AstNode, child, children, isNode } from '../../../model/ast.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { limitParts, matchOver } from './helpers.ts';

/**
 * `FROM (SELECT ... ORDER BY x) d` or `WITH c AS (SELECT ... ORDER BY x)` without LIMIT: the outer query
 * is a new, unordered query, so the inner sort either gets dropped or is paid for and then lost.
 * (IN/EXISTS subqueries are subquery-distinct's.)
 */
export const orderByInDerivedTable: Rule = {
  id: 'order-by-in-derived-table',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT t.o_custkey, t.o_totalprice FROM (SELECT o_custkey, o_totalprice FROM orders ORDER BY o_totalprice DESC) t',
    good: 'SELECT t.o_custkey, t.o_totalprice FROM (SELECT o_custkey, o_totalprice FROM orders) t ORDER BY t.o_totalprice DESC',
  },
  rewrites: false,
  title: { zh: '派生表或 CTE 中的 ORDER BY', en: 'ORDER BY inside a derived table or CTE' },
  rationale: {
    zh: 'SQL 只保证最外层 ORDER BY 的顺序。派生表（FROM 中的子查询）或 CTE 里的 ORDER BY 在没有 LIMIT 时不影响结果：MySQL 5.7 起合并派生表时会忽略它（除非外层只是单独读取这一个派生表），PostgreSQL 会执行这次排序，但外层的连接、分组等操作不保证保留这个顺序。结果是要么白白排序，要么依赖了不可靠的顺序。请把 ORDER BY 移到最外层查询。',
    en: 'SQL only guarantees the order of the outermost ORDER BY. Without LIMIT, an ORDER BY inside a derived table (a subquery in FROM) or a CTE cannot affect the result: MySQL 5.7 and later ignore it when merging the derived table (unless the outer query is a plain read of that table alone), and PostgreSQL performs the sort but the outer joins, grouping and so on need not keep that order. Either the sort is wasted or the order relied upon is not guaranteed. Move ORDER BY to the outermost query.',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const inner of innerQueries(statement.ast)) {
      // A set operation's trailing ORDER BY sits on its last branch: leave those alone.
      if (isNode(inner._next) || inner.set_op) continue;
      const { count, offset } = limitParts(inner);
      const orderby = children(inner, 'orderby');
      if (orderby.length === 0 || count || offset) continue;
      matches.push(
        matchOver(
          orderby.map((o) => child(o, 'expr')).filter((e): e is AstNode => !!e),
          inner,
          {
            zh: '派生表或 CTE 中的 ORDER BY 不决定最终结果的顺序，可能被忽略或白白排序；请把排序移到最外层。',
            en: 'An ORDER BY inside a derived table or CTE does not order the final result and may be ignored or wasted; sort in the outermost query.',
          },
          statement.text,
        ),
      );
    }
    return matches;
  },
};

/** Derived tables (subqueries in FROM) and CTE bodies, at any depth. */
function innerQueries(ast: AstNode): AstNode[] {
  const found: AstNode[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v);
      return;
    }
    if (!isNode(value)) return;
    if (value.type === 'select') {
      for (const source of children(value, 'from')) {
        const derived = child(child(source, 'expr') ?? {}, 'ast');
        if (derived?.type === 'select') found.push(derived);
      }
      for (const cte of children(value, 'with')) {
        const stmt = child(cte, 'stmt');
        const body = stmt?.type === 'select' ? stmt : child(stmt ?? {}, 'ast');
        if (body?.type === 'select') found.push(body);
      }
    }
    for (const [key, inner] of Object.entries(value)) if (key !== 'loc') visit(inner);
  };
  visit(ast);
  return found;
}
