import { type AstNode, child, columnRef } from '../../../model/ast.ts';
import { unquote } from '../../../schema/model.ts';
import { matchAt, sourceText } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch, selects } from '../../rule.ts';
import {
  chainOf,
  containsAggregate,
  containsSubquery,
  containsWindow,
  groupItems,
  groupMeanings,
  hasGroupingSets,
  sameColumn,
  selectItems,
  visitExpression,
} from './helpers.ts';

/**
 * `GROUP BY o_custkey HAVING o_custkey > 100`: a HAVING condition on grouping columns only, with no
 * aggregate, keeps the same groups as the WHERE condition would, but only after every row was grouped.
 */
export const havingWithoutAggregate: Rule = {
  id: 'having-without-aggregate',
  category: 'Execution Plan',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_custkey, COUNT(*) FROM orders GROUP BY o_custkey HAVING o_custkey > 100',
    good: 'SELECT o_custkey, COUNT(*) FROM orders WHERE o_custkey > 100 GROUP BY o_custkey',
  },
  rewrites: false,
  title: { zh: 'HAVING 中的条件不含聚合', en: 'HAVING condition without an aggregate' },
  rationale: {
    zh: 'HAVING 在分组之后才过滤：不含聚合函数、只涉及分组列的条件放在 HAVING 中，数据库要先读取并分组所有行再丢弃其中一部分；放在 WHERE 中则在分组前就过滤，还可以利用索引。两种写法结果相同（使用 ROLLUP/CUBE 时除外，本规则不检查这种情况）。',
    en: 'HAVING filters after grouping: a condition with no aggregate that only involves grouping columns makes the database read and group every row before throwing some away, whereas in WHERE it filters before grouping and can use an index. Both give the same result (except with ROLLUP/CUBE, which this rule leaves alone).',
  },
  detect({ statement }) {
    const matches: RuleMatch[] = [];
    for (const query of selects(statement.ast)) {
      const having = child(query, 'having');
      if (!having || groupItems(query).length === 0 || hasGroupingSets(query)) continue;
      const groups = groupMeanings(query).filter((g) => columnRef(g));
      const aliases = new Set(
        selectItems(query)
          .map((i) => i.alias)
          .filter((a): a is string => !!a)
          .map((a) => unquote(a).toLowerCase()),
      );
      for (const condition of chainOf(having, 'AND')) {
        if (containsAggregate(condition) || containsWindow(condition) || containsSubquery(condition)) continue;
        const columns: AstNode[] = [];
        visitExpression(condition, (node) => {
          if (columnRef(node)) columns.push(node);
        });
        if (columns.length === 0) continue;
        const movable = columns.every((column) => {
          const ref = columnRef(column)!;
          // An output alias (`HAVING n > 5` with `COUNT(*) AS n`) is not a table column: leave it.
          if (!ref.table && aliases.has(unquote(ref.column).toLowerCase())) return false;
          return groups.some((group) => sameColumn(group, column));
        });
        if (!movable) continue;
        const text = sourceText(statement.text, condition);
        matches.push(
          matchAt(
            condition,
            {
              zh: `${text ? `条件 ${text} ` : '这个条件'}只涉及分组列、不含聚合，请移到 WHERE 中，在分组前过滤。`,
              en: `${text ? `The condition ${text}` : 'This condition'} only involves grouping columns and no aggregate; move it to WHERE to filter before grouping.`,
            },
            statement.text,
          ),
        );
      }
    }
    return matches;
  },
};
