import { child, columnRef } from '../../../model/ast.ts';
import { isLiteralOf } from '../../../model/nodes.ts';
import { ctesOf, ownedColumn, ownWalk, queryScopes, type Source, sourcesOf } from '../../../semantics/scope.ts';
import { matchAt } from '../../match-helpers.ts';
import { allDialects, type Rule, type RuleMatch } from '../../rule.ts';
import { operatorOf } from './helpers.ts';

/**
 * `WHERE c_name IS NULL` when the schema declares c_name NOT NULL: the condition can never be true.
 * Columns of a table on the NULL-filled side of an outer join are exempt: there `IS NULL` is the
 * classic way to find unmatched rows. So are MySQL DATE/DATETIME columns, where it finds zero dates.
 */
export const isNullOnNotNullColumn: Rule = {
  id: 'is-null-on-not-null-column',
  category: 'Other',
  severity: 'warning',
  dialects: allDialects,
  example: {
    bad: 'SELECT o_orderkey FROM orders WHERE o_totalprice IS NULL',
    good: 'SELECT c.c_custkey FROM customer c LEFT JOIN orders o ON o.o_custkey = c.c_custkey WHERE o.o_orderkey IS NULL',
  },
  rewrites: false,
  title: { zh: '对 NOT NULL 列判断 IS NULL', en: 'IS NULL on a NOT NULL column' },
  rationale: {
    zh: '按表结构，这个列声明为 NOT NULL，WHERE 中的 IS NULL 永远不成立：与之 AND 的条件整体恒假，与之 OR 的分支则是多余的。通常是列名写错、想判断的是空字符串或 0，或者遗漏了外连接。（以下情况除外：外连接补出 NULL 的一侧，那里 IS NULL 正是查找未匹配行的写法；MySQL 的 DATE/DATETIME 列，IS NULL 还能查到零值日期。）',
    en: 'Per the table structure this column is NOT NULL, so IS NULL in WHERE is never true: ANDed with it the whole condition is false, and an OR branch with it is dead. It is usually the wrong column, a test meant for an empty string or zero, or a missing outer join. (Exempt: columns on the NULL-filled side of an outer join, where IS NULL is how unmatched rows are found, and MySQL DATE/DATETIME columns, where IS NULL also finds zero dates.)',
  },
  detect({ statement, schema }) {
    const matches: RuleMatch[] = [];
    const ctes = ctesOf(statement.ast);
    const mysql = statement.dialect === 'mysql';
    for (const { query } of queryScopes(statement.ast)) {
      const sources = sourcesOf(query, schema, ctes);
      const nullable = outerJoined(sources);
      ownWalk(query, ({ node, keys }) => {
        if (keys[0] !== 'where' || operatorOf(node) !== 'IS' || !isLiteralOf(child(node, 'right'), 'null'))
          return undefined;
        const ref = columnRef(child(node, 'left'));
        const owned = ref ? ownedColumn(ref, sources) : undefined;
        if (!owned || owned.column.nullable || nullable.has(owned.source)) return undefined;
        // MySQL documents `not_null_date IS NULL` as the way to find zero dates ('0000-00-00').
        if (mysql && ['DATE', 'DATETIME'].includes(owned.column.type)) return undefined;
        matches.push(
          matchAt(
            node,
            {
              zh: `${owned.source.table}.${owned.column.name} 声明为 NOT NULL，这个 IS NULL 永远不成立。`,
              en: `${owned.source.table}.${owned.column.name} is declared NOT NULL, so this IS NULL is never true.`,
            },
            statement.text,
          ),
        );
        return undefined;
      });
    }
    return matches;
  },
};

/** Sources an outer join may fill with NULL (FULL JOIN: every source). */
function outerJoined(sources: Source[]): Set<Source> {
  const nullable = new Set<Source>();
  if (sources.some((s) => s.join.startsWith('FULL'))) return new Set(sources);
  sources.forEach((source, i) => {
    if (source.join.startsWith('LEFT')) nullable.add(source);
    if (source.join.startsWith('RIGHT')) for (const earlier of sources.slice(0, i)) nullable.add(earlier);
  });
  return nullable;
}
